"""Every text the board shows, in English and French (the OLED spells accents in ASCII).

`tr(lang, key, *args)`: lang 0 English, 1 French; args fill the %-fields. Rejection
messages name their rule and point in the mover's own numbering ("5-point is closed").
"""

EN = 0
FR = 1

TEXT = {
    # players, cube, score
    "white": ("White", "Blancs"),
    "black": ("Black", "Noirs"),
    "w": ("W", "B"),
    "b": ("B", "N"),
    "money": ("Money", "Argent"),
    "crawford": ("Crawford", "Crawford"),
    "post_crawford": ("post-Crawford", "post-Crawford"),
    "no_cube": ("no cube", "sans videau"),
    "cube": ("Cube", "Videau"),
    "pips": ("Pips", "Pips"),
    # setting up, putting back
    "setup": ("Set up the board", "Placez les dames"),
    "put_back": ("Put back:", "Remettez:"),
    "board_ok": ("Board ready", "Tablier pret"),
    "need": ("%s %s %d/%d", "%s %s %d/%d"),          # point, colour, has/needs
    "more_wrong": ("+%d more points", "+%d autres"),
    "uncertain": ("Can't count %s", "Compte douteux %s"),
    "mixed": ("Two colours on %s", "Deux couleurs sur %s"),
    "wait": ("Waiting...", "Attente..."),
    # opening roll
    "opening": ("Opening roll", "Lancer d'ouverture"),
    "each_roll": ("Each: press main", "Chacun: bouton"),
    "rolled_one": ("%s rolled %d", "%s a fait %d"),
    "tie": ("Tie %d-%d: again", "Egalite %d-%d"),
    "starts": ("%s starts %d-%d", "%s commence %d-%d"),
    "starts_reroll": ("%s starts: roll", "%s commence:"),
    # the turn
    "on_roll": ("%s on roll", "%s a jouer"),
    "roll_or_double": ("Roll or double", "Lancer/doubler"),
    "press_roll": ("Main: roll dice", "Bouton: lancer"),
    "doubles": ("%s doubles to %d", "%s double a %d"),
    "answer": ("Main take, hold Cube pass", "Bouton prend, Videau long passe"),
    "beaver_hint": ("Cube: beaver", "Videau: beaver"),
    "takes": ("%s takes", "%s accepte"),
    "passes": ("%s passes", "%s passe"),
    "beavers": ("%s beavers to %d", "%s beaver a %d"),
    "to_move": ("%s to move", "%s joue"),
    "commit": ("Main: done", "Bouton: valider"),
    "in_hand": ("Checker in hand", "Dame en main"),
    "lifted": ("From %s to %s", "De %s vers %s"),
    "nowhere": ("From %s: no move", "De %s: aucun coup"),
    "still_to_play": ("Still to play %s", "Reste a jouer %s"),
    "no_move": ("No legal move", "Aucun coup legal"),
    "ack_pass": ("Main: pass turn", "Bouton: passer"),
    "off": ("off", "sortie"),
    "bar": ("bar", "barre"),
    # game and match end
    "wins": ("%s wins %d", "%s gagne %d"),
    "match_won": ("%s wins match!", "%s gagne match!"),
    "next_game": ("Main: next game", "Bouton: suivante"),
    "new_match": ("Main: new match", "Bouton: nouveau"),
    "kind1": ("single", "simple"),
    "kind2": ("gammon", "gammon"),
    "kind3": ("backgammon", "backgammon"),
    "by_pass": ("double passed", "videau refuse"),
    "by_resign": ("resigned", "abandon"),
    "by_time": ("out of time", "temps ecoule"),
    "timeout": ("%s out of time", "%s: temps ecoule"),
    # resignation
    "resigns": ("%s resigns %s", "%s abandonne %s"),
    "accept_hint": ("Main ok Cube no", "Bouton oui Vid. non"),
    "declined": ("Resign declined", "Abandon refuse"),
    # menu
    "m_title": ("MENU", "MENU"),
    "m_resign": ("Resign", "Abandonner"),
    "m_ids": ("Position ID", "ID position"),
    "m_settings": ("Settings", "Reglages"),
    "m_new": ("Abandon match", "Quitter match"),
    "m_close": ("Close", "Fermer"),
    "m_sure": ("Sure? again", "Sur? encore"),
    "m_help": ("Menu next Main ok", "Menu suiv Bout ok"),
    "s_money": ("Play", "Jeu"),
    "s_length": ("Length", "Longueur"),
    "s_cube_max": ("Cube max", "Videau max"),
    "s_beavers": ("Beavers", "Beavers"),
    "s_jacoby": ("Jacoby", "Jacoby"),
    "s_clock": ("Clock", "Pendule"),
    "s_auto_roll": ("Auto roll", "Jet auto"),
    "s_auto_finish": ("Auto finish", "Fin auto"),
    "s_reroll": ("Open reroll", "Relance 1er"),
    "s_brightness": ("LEDs %", "LEDs %"),
    "s_lang": ("Language", "Langue"),
    "v_match": ("match", "match"),
    "v_on": ("on", "oui"),
    "v_off": ("off", "non"),
    "v_standard": ("2m+20s", "2m+20s"),
    "v_blitz": ("30s+10s", "30s+10s"),
    "v_lang": ("English", "Francais"),
    "next_match": ("(next match)", "(match suivant)"),
    # refusals of the cube (bg.cube reason codes)
    "crawford_r": ("No cube: Crawford", "Crawford: pas de videau"),
    "cube_max": ("Cube at maximum", "Videau au maximum"),
    "not_your_cube": ("Opponent has cube", "Videau adverse"),
    "dead_cube": ("Cube is dead", "Videau mort"),
    "cube_off": ("No cube", "Pas de videau"),
    "refused": ("Not now", "Pas maintenant"),
    # illegal moves (bg.judge reasons)
    "mixed_r": ("Two colours on %s", "Deux couleurs sur %s"),
    "blot_not_hit": ("Hit blot on %s: put it on the bar", "Dame frappee en %s: sur la barre"),
    "hit_not_on_bar": ("Hit checker goes on the bar", "La dame frappee va sur la barre"),
    "not_hit": ("That checker was not hit", "Cette dame n'a pas ete frappee"),
    "opponent_moved": ("Opponent's checkers moved", "Dames adverses deplacees"),
    "checkers_appeared": ("Extra checkers on %s", "Dames en trop sur %s"),
    "checkers_missing": ("Checkers missing", "Dames manquantes"),
    "wrong_direction": ("Wrong direction", "Mauvais sens"),
    "bar_first": ("Enter from the bar first", "Rentrez d'abord la barre"),
    "closed_point": ("%s-point is closed", "Fleche %s fermee"),
    "no_such_die": ("No die for that move", "Aucun de pour ce coup"),
    "too_many_moves": ("Moved more than the dice", "Plus que les des"),
    "bearoff_not_allowed": ("Bring all home before bearing off", "Tout rentrer avant de sortir"),
    "bearoff_higher": ("Move from a higher point first", "Jouez d'abord plus haut"),
    "must_play_all": ("Both dice must be played", "Les deux des doivent etre joues"),
    "must_play_all4": ("All four moves must be played", "Les 4 coups doivent etre joues"),
    "play_larger": ("Play the %d", "Jouez le %d"),
}


def tr(lang, key, *args):
    """The text for `key` in `lang`, with %-fields filled; an unknown key shows itself."""
    pair = TEXT.get(key)
    text = pair[1 if lang == FR else 0] if pair else key
    return text % args if args else text
