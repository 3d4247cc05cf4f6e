"""The French texts: one 'key=text' a line, the same keys as game/i18n.py's English."""

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
board_ok=Tablier pret
need=%s %s %d/%d
more_wrong=+%d autres
uncertain=Compte douteux %s
""",
    """
mixed=Deux couleurs sur %s
wait=Attente...
opening=Lancer d'ouverture
each_roll=Chacun: bouton
rolled_one=%s a fait %d
tie=Egalite %d-%d
starts=%s debute %d-%d
starts_reroll=%s debute
on_roll=A %s de jouer
roll_or_double=Bouton: lancer|Videau: doubler
press_roll=Bouton: lancer
doubles=%s double a %d
answer=Bouton: prendre|Passer: Videau|appuye longtemps
beaver_hint=Videau: beaver
takes=%s prend
passes=%s passe
""",
    """
beavers=%s beaver: %d
to_move=%s joue
ghost_on=%s absent: je joue
ghost_off=%s est de retour
ghost_wait=On attend %s
ghost_stop=%s absent: match arrete
board_plays=%s joue %s
board_thinks=%s reflechit
move_for_board=Deplacez-la svp
not_board_play=Pas mon coup %s: voir %s
commit=Bouton: valider
in_hand=Dame en main
lifted=De %s
nowhere=De %s: aucun coup
still_to_play=A jouer: %s
no_move=Aucun coup legal
ack_pass=Bouton: passer
off=sortie
bar=barre
wins=%s gagne %d
match_won=Match a %s !
next_game=Bouton: suivante
new_match=Bouton: rejouer
kind1=une partie simple
""",
    """
kind2=un gammon
kind3=un backgammon
by_pass=videau refuse
by_resign=par abandon
by_time=temps ecoule
timeout=%s: temps ecoule
resigns=%s abandonne %s ?
tutor_warn=%s %s|Main: la jouer
accept_hint=Bouton: accepter|Videau: refuser
declined=Abandon refuse
m_title=MENU
m_resign=Abandonner
m_ids=ID position
m_settings=Reglages
m_new=Quitter match
m_close=Fermer
m_sure=Sur? encore
""",
    """
m_help=Menu suiv Bout ok
s_money=Mode
s_length=Longueur
s_cube_max=Videau
s_beavers=Beavers
s_jacoby=Jacoby
s_clock=Pendule
s_auto_roll=Jet auto
s_auto_finish=Fin auto
s_reroll=Choix debut
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
v_lang=Francais
next_match=(match suivant)
crawford_r=Crawford: pas de videau
cube_max=Videau au maximum
not_your_cube=Videau adverse
dead_cube=Videau mort
cube_off=Pas de videau
refused=Pas maintenant
mixed_r=Deux couleurs sur %s
blot_not_hit=Dame frappee en %s: sur la barre
hit_not_on_bar=La dame frappee va sur la barre
not_hit=Cette dame n'a pas ete frappee
opponent_moved=Dames adverses deplacees
checkers_appeared=Dames en trop sur %s
checkers_missing=Dames manquantes
""",
    """
wrong_direction=Mauvais sens
bar_first=Rentrez d'abord la barre
closed_point=Fleche %s fermee
no_such_die=Aucun de pour ce coup
too_many_moves=Plus que les des
bearoff_not_allowed=Tout rentrer avant de sortir
bearoff_higher=Jouez d'abord plus haut
must_play_all=Les deux des doivent etre joues
must_play_all4=Les 4 coups doivent etre joues
play_larger=Jouez le %d
which=Quel coup ?
which_keys=Bouton: celui-ci Videau: suivant
unsure_none=Aucun coup complet
fault=Panne capteur %s
fault_hint=Materiel: attend la reparation
fault_main=Panne capteur: pas maintenant
weak=Dame pas posee: %s
upside=Fleche %s: une dame a l'envers
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
v_blitz_mode=eclair
v_nolimit=illimite
g_single=Jeu unique
g_blitz=Jeu eclair
keep_hint=Bouton: garder
no_beaver=Pas de beaver ici
lifted_to=vers %s
borne_off=Sortis
end_kind1=partie simple
end_kind2=un gammon
end_kind3=un backgammon
end_cube=videau a %d
end_jacoby=Jacoby: compte 1
id_match=ID match
reroll_hint=Videau: relancer
r_really=%s: vraiment abandonner un gammon ?
m_shots=Blots
m_away=Je reviens
m_back=Me revoila
m_dice=Des
no_fair=Des surs absents
r_item1=partie simple
r_item2=un gammon
r_item3=un backgammon
sh_title=Blots de %s
sh_none=Aucun blot
sh_row=en %d: %d/36 %d%%
sh_back=Bouton: retour
m_hint=Conseil
h_wait=reflexion...
h_next=Bouton: suivant
h_roll=Lancez d'abord
r_no_gammon=Gammon: 60 de retard, jan interieur vide
r_no_bg=Backgammon: une dame a la barre ou chez le gagnant
""",
)
