"""What the board loads only for the moment (BENCHMARKS.md, bench modules and bench heap):
a Match's saved bytes (bg/matchsave.py) with each save and resumption, a text of the rare
moments (game/en.txt, read where it lies on the flash or once into the heap: game/i18n.py)
and the screens between turns (game/screens_between.py) give what they gave when they were
kept, and their code does not stay in the heap after the call. Runs under CPython (the results) and MicroPython (the results and the heap)."""
from game.table import Table, OPENING, SAVE
from game.i18n import tr
from bg.match import Match
from heapuse import held, grew
import record  # noqa: F401 (resident on the board; its first load is not what is measured)

tr(0, "white")                  # the English texts opened, as the board's power-up opens them
#                                 (game/i18n.py: read into the heap on a port with no flash)

ONE_HEAP_PER_TEST = True        # (tests/test_micropython.py: each test in a fresh heap, where
#                                 the code a call loads is loaded for the first time)

# Each bound is the heap a call may leave behind under MicroPython (64-bit unix port): the
# names its module interned the first time (kept for good) and its result. The code the
# call loads, were it kept, is more: game/snapshot.py with bg/matchsave.py 10.4 KB
# (matchsave alone 3.9 KB), game/screens_between.py 3.6 KB (measured with each kept on
# purpose: the save left 4.8 KB with matchsave kept, the opening screen 5.5 KB beside the
# second Table). The texts are data (game/i18n.py): a rare one leaves only what it says.
SAVE_LEFT_MAX = 1500            # measured 832 (the first save in a fresh heap)
RESUMED_MORE_MAX = 1000         # a resumed Table beside a new one: measured 256 less
RARE_TEXT_LEFT_MAX = 800        # measured 288 (the texts in a module); 
BETWEEN_LEFT_MAX = 3000         # a first Table and its opening screen beside a second
#                                 Table: measured 2,240


def _left(before, bound):
    left = grew(before)
    assert left is None or left <= bound, (left, bound)


def test_a_save_and_a_resumption_keep_neither_the_snapshot_nor_the_match_bytes():
    t = Table()
    t.match.end_game(0, 2)                            # a gammon won: 2-0, the second game
    t.take_outbox()
    before = held()
    t.save()
    _left(before, SAVE_LEFT_MAX)
    saved = [p for k, p in t.take_outbox() if k == SAVE][-1]
    before = held()
    fresh = Table()
    size = grew(before)                               # a new Table's heap (None: CPython)
    del fresh
    before = held()
    t2 = Table(saved=saved)
    _left(before, None if size is None else size + RESUMED_MORE_MAX)
    assert t2.match.score == [2, 0] and t2.match.game_number == 2
    assert t2.match == t.match                        # Match.__eq__: the saved bytes agree


def test_the_match_saves_and_reads_itself_through_its_own_methods():
    m = Match(5)
    m.end_game(1, 2)
    again = Match.from_bytes(m.to_bytes())
    assert again.score == [0, 2] and again.last_game == m.last_game
    state = m.match_state(0)                          # GNU Backgammon's match state
    assert state.score == (0, 2) and state.match_length == 5


def test_a_rare_text_is_found_and_its_block_not_kept():
    before = held()
    text = tr(0, "resigns", "White", tr(0, "kind2"))
    _left(before, RARE_TEXT_LEFT_MAX)
    assert text == "White resigns a gammon?"
    assert tr(1, "kind2") != "kind2"                  # French holds every key itself
    assert tr(0, "no_such_key") == "no_such_key"      # an unknown key shows itself


def test_the_opening_screen_is_drawn_and_its_code_not_kept():
    before = held()
    t = Table()                                       # its setup screen: also between turns
    t.go(OPENING)
    t.refresh_screen(again=True)
    drawn = grew(before)
    rows = t.screen
    assert "Opening roll" in rows and "Each: press main" in rows, rows
    before = held()
    again = Table()                                   # a Table alone, the code already met
    size = grew(before)
    assert again.screen                               # (held until its size is taken)
    assert drawn is None or drawn - size <= BETWEEN_LEFT_MAX, (drawn, size)
