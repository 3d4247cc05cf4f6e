"""The French texts: one 'key=text' a line, the same keys as game/i18n.py's English, and
the coach's words (c_...: their English is engine/coach_text.py's and app/grading.py's), spelt
with their accents (hw/accents.py draws them on the OLED)."""

TEXTS = (
    """
white=Blanc
black=Noir
w=B
b=N
money=Argent
crawford=Crawford
post_crawford=post-Crawford
no_cube=sans videau
cube=Videau
pips=Pips
setup=Placez les dames
put_back=Remettez:
board_ok=Tablier prêt
need=%s %s %d/%d
more_wrong=+%d autres
uncertain=Compte incertain %s
""",
    """
mixed=Deux couleurs sur %s
wait=Attente...
opening=Lancer d'ouverture
each_roll=Chacun: Bouton
rolled_one=%s a fait %d
tie=Égalité %d-%d|Relancez
starts=%s débute %d-%d
starts_reroll=%s débute
on_roll=À %s de jouer
roll_or_double=Bouton: lancer|Videau: doubler
press_roll=Bouton: lancer
doubles=%s double à %d
answer=Bouton: prendre|Refuser: Videau|appui long
beaver_hint=Videau: beaver
takes=%s prend
passes=%s refuse
""",
    """
beavers=%s beaver à %d
to_move=%s joue
ghost_on=%s absent: je joue
ghost_off=%s est de retour
ghost_wait=On attend %s
ghost_stop=%s absent: match arrêté
board_plays=%s joue %s
board_thinks=%s réfléchit
move_for_board=Jouez ce coup
not_board_play=Pas mon coup %s: voir %s
commit=Bouton: valider
in_hand=Dame en main
lifted=De %s
nowhere=De %s: aucun coup
still_to_play=À jouer: %s
no_move=Aucun coup légal
ack_pass=Bouton: passer
off=sortie
bar=barre
wins=%s gagne %d
match_won=%s gagne le match !
next_game=Bouton: suivante
new_match=Bouton: rejouer
kind1=une partie simple
""",
    """
kind2=un gammon
kind3=un backgammon
by_pass=videau refusé
by_resign=par abandon
by_time=temps écoulé
timeout=%s: temps écoulé
resigns=%s abandonne %s ?
tutor_warn=%s %s|Bouton: jouer quand même
t_blunder=Gaffe
t_doubtful=Douteux
accept_hint=Bouton: accepter|Videau: refuser
declined=Abandon refusé
m_title=MENU
m_resign=Abandonner
m_ids=ID position
m_settings=Réglages
m_new=Quitter match
m_close=Fermer
m_sure=Sûr ? Rappuyez
""",
    """
m_help=Menu puis Bouton
s_money=Mode
s_length=Longueur
s_cube_max=Videau
s_beavers=Beavers
s_jacoby=Jacoby
s_clock=Pendule
s_auto_roll=Lancer auto
s_auto_finish=Fin auto
s_reroll=Choix début
s_brightness=LEDs %
s_lang=Langue
s_grading=Notes
s_seat0=Blanc
s_seat1=Noir
v_person=joueur
v_easy=facile
v_normal=normal
v_strong=fort
v_usb=PC USB
v_online=En ligne
v_match=match
v_on=oui
v_off=non
v_tutor=tuteur.08
v_tutor_d=tuteur.02
v_standard=2m+20s
""",
    """
v_blitz=30s+10s
v_lang=Français
next_match=(match suivant)
crawford_r=Crawford: pas de videau
cube_max=Videau au maximum
not_your_cube=Videau à l'adversaire
dead_cube=Videau mort
cube_off=Pas de videau
refused=Pas maintenant
seat_held=Boutons de %s inactifs: pas un joueur
mixed_r=Deux couleurs sur %s
blot_not_hit=Blot frappé en %s: mettez-le sur la barre
hit_not_on_bar=La dame frappée va sur la barre
not_hit=Cette dame n'a pas été frappée
opponent_moved=Dames adverses déplacées
checkers_appeared=Dames en trop sur %s
checkers_missing=Dames manquantes
""",
    """
wrong_direction=Mauvais sens
bar_first=Rentrez d'abord les dames de la barre
closed_point=Flèche %s fermée
no_such_die=Aucun dé pour ce coup
too_many_moves=Plus loin que les dés
bearoff_not_allowed=Ramenez tout au jan intérieur avant de sortir
bearoff_higher=Jouez d'abord une flèche plus haute
must_play_all=Les deux dés doivent être joués
must_play_all4=Les 4 coups doivent être joués
play_larger=Jouez le %d
which=Quel coup ?
which_keys=Bouton: celui-ci Videau: suivant
unsure_none=Aucun coup complet
fault=Panne capteur %s
fault_hint=Matériel: en attente de réparation
fault_main=Panne capteur: pas maintenant
weak=Dame mal posée: %s
upside=Flèche %s: une dame à l'envers
""",
    """
r_title=%s abandonne
r_kind1=partie simple ?
r_kind2=un gammon ?
r_kind3=un backgammon ?
r_if=s'il accepte
r_yes=Bouton: oui
r_no=Annuler: non
main_short=Appui bref sur Bouton
""",
    """
v_single=unique
v_blitz_mode=éclair
v_nolimit=illimité
g_single=Jeu unique
g_blitz=Jeu éclair
keep_hint=Bouton: garder
no_beaver=Pas de beaver ici
lifted_to=vers %s
borne_off=Sorties
end_kind1=partie simple
end_kind2=un gammon
end_kind3=un backgammon
end_cube=videau à %d
end_jacoby=Jacoby: vaut 1
id_match=ID match
reroll_hint=Videau: relancer
r_really=%s: vraiment abandonner un gammon ?
m_shots=Blots
m_away=Je reviens
m_back=Me revoilà
m_dice=Dés
no_fair=Dés sûrs: non
r_item1=partie simple
r_item2=un gammon
r_item3=un backgammon
sh_title=Blots de %s
sh_none=Aucun blot
sh_row=en %d: %d/36 %d%%
sh_back=Bouton: retour
m_hint=Conseil
h_wait=réflexion...
h_next=Bouton: suivant
h_roll=Lancez d'abord
r_no_gammon=Gammon: 60 pips de retard et jan intérieur vide
r_no_bg=Backgammon: une dame à la barre ou dans le jan du gagnant
""",    """
c_hint=conseil %d
c_nolegal=aucun coup
c_equity=équité
c_nomem=Conseil|pas assez de|mémoire
c_grading=Notes:
c_g0=correct
c_g1=douteux
c_g2=gaffe
c_double=double
c_take=prend
c_pass=refuse
c_wrong=%s à tort
c_missed=aurait dû doubler
c_game=jeu %d
c_match=match
c_sofar=cumul
c_from=dès j%d
c_rate=taux
c_doubt=dout.
c_blund=gaffes
c_luck=veine
c_per=(x1000 par coup)
c_next=Menu: suivant
c_close=Menu: fermer
""",
)
