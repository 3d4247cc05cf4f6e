"""Every text the board shows, in English and French (the OLED draws the French accents:
hw/accents.py).

`tr(lang, key, *args)`: lang 0 English, 1 French; args fill the %-fields. Rejection
messages name their rule and point in the mover's own numbering ("5-point is closed").
Texts are kept as one 'key=text' line each ('|' starts a new row), in a few strings of 16 lines per language (a
dict of pairs cost 24 KB of heap, these about 4 KB per language, in blocks small enough
for a fragmented heap); French is imported only when chosen (game/i18n_fr.py), the
English texts of the menu and settings screens only while the menu is open
(game/i18n_menu.py: the Table forgets it when the menu closes), and those of the rare
moments (a cube refused, a resignation, a loss on time, a game's end, a hardware fault,
the ghost: game/i18n_rare.py) for the lookup alone.
"""

EN = 0
FR = 1

TEXTS = (
    """
white=White
black=Black
w=W
b=B
money=Money
crawford=Crawford
post_crawford=post-Crawford
no_cube=no cube
cube=Cube
pips=Pips
setup=Set up the board
put_back=Put back:
board_ok=Board ready
need=%s %s %d/%d
more_wrong=+%d more points
uncertain=Can't count %s
""",
    """
mixed=Two colours on %s
wait=Waiting...
opening=Opening roll
each_roll=Each: press main
rolled_one=%s rolled %d
tie=Tie %d-%d: again
starts=%s starts %d-%d
starts_reroll=%s starts: roll
on_roll=%s on roll
roll_or_double=Main: roll dice|Cube: double
press_roll=Main: roll dice
doubles=%s doubles %d
answer=Main: take|Hold Cube: pass
beaver_hint=Cube: beaver
takes=%s takes
passes=%s passes
""",
    """
beavers=%s beavers %d
to_move=%s to move
board_plays=%s plays %s
board_thinks=%s thinks...
move_for_board=Please move it
not_board_play=Not my play %s: see %s
commit=Main: done
in_hand=Checker in hand
lifted=From %s
nowhere=From %s: no move
still_to_play=To play: %s
no_move=No legal move
ack_pass=Main: pass turn
off=off
bar=bar
mixed_r=Two colours on %s
""",
    """
blot_not_hit=Hit blot on %s: put it on the bar
hit_not_on_bar=Hit checker goes on the bar
not_hit=That checker was not hit
opponent_moved=Opponent's checkers moved
checkers_appeared=Extra checkers on %s
checkers_missing=Checkers missing
wrong_direction=Wrong direction
bar_first=Enter from the bar first
closed_point=%s-point is closed
no_such_die=No die for that move
too_many_moves=Moved more than the dice
bearoff_not_allowed=Bring all home before bearing off
bearoff_higher=Move from a higher point first
must_play_all=Both dice must be played
must_play_all4=All four moves must be played
play_larger=Play the %d
""",
    """
which=Which play?
which_keys=Main: this one Cube: next
unsure_none=No full play fits
main_short=Press main briefly
weak=Not set down: %s
g_single=Single game
g_blitz=Blitz
keep_hint=Main: keep dice
lifted_to=to %s
borne_off=Off
reroll_hint=Cube: roll again
""",
)


def lookup(texts, key):
    """The text of `key` in a tuple of 'key=text' blocks, or None."""
    pattern = "\n" + key + "="
    for block in texts:
        i = block.find(pattern)
        if i >= 0:
            i += len(pattern)
            return block[i:block.find("\n", i)]
    return None


def _rare(key):
    """The English text of a rare moment (game/i18n_rare.py), loaded for the lookup and
    forgotten after unless something keeps it."""
    import sys
    kept = "game.i18n_rare" in sys.modules
    try:
        from game.i18n_rare import TEXTS as rare
    except MemoryError:             # a fragmented heap: the key rather than a crash
        return None
    try:
        return lookup(rare, key)
    finally:
        if not kept:
            from base.rare import forget
            forget("game.i18n_rare")


def tr(lang, key, *args):
    """The text for `key` in `lang`, with %-fields filled; an unknown key shows itself."""
    texts = TEXTS  # type: tuple
    if lang == FR:
        try:
            from game.i18n_fr import TEXTS as texts
        except MemoryError:  # a fragmented heap: English rather than a crash
            pass
    text = lookup(texts, key)
    if text is None and texts is TEXTS:
        text = _rare(key)
    if text is None and texts is TEXTS:
        from game.i18n_menu import TEXTS as menu_texts   # the menu is open
        text = lookup(menu_texts, key)
    if text is None:
        text = key
    if "|" in text:
        text = text.replace("|", "\n")   # a text of several rows: each its own (textrows.wrap)
    return text % args if args else text
