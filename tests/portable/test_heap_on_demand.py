"""What the board loads only for the moment (BENCHMARKS.md, bench modules and bench heap):
a Match's saved bytes (bg/matchsave.py) with each save and resumption, the texts of the
rare moments (game/i18n_rare.py) and the screens between turns (game/screens_between.py)
give what they gave when they were kept, and leave sys.modules after the call. Runs under
CPython and MicroPython."""
import sys

from game.table import Table, OPENING, SAVE
from game.i18n import tr
from bg.match import Match


def _gone_after(names, fn):
    """fn()'s result; each of `names` that was not loaded before is not loaded after."""
    had = [n for n in names if n in sys.modules]      # (CPython: another test may hold one)
    out = fn()
    kept = [n for n in names if n in sys.modules and n not in had]
    assert kept == [], kept
    return out


def test_a_save_and_a_resumption_keep_neither_the_snapshot_nor_the_match_bytes():
    t = Table()
    t.match.end_game(0, 2)                            # a gammon won: 2-0, the second game
    t.take_outbox()
    _gone_after(("game.snapshot", "bg.matchsave"), t.save)
    saved = [p for k, p in t.take_outbox() if k == SAVE][-1]
    t2 = _gone_after(("game.snapshot", "bg.matchsave"), lambda: Table(saved=saved))
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
    text = _gone_after(("game.i18n_rare",), lambda: tr(0, "resigns", "White", tr(0, "kind2")))
    assert text == "White resigns a gammon?"
    assert tr(1, "kind2") != "kind2"                  # French holds every key itself
    assert tr(0, "no_such_key") == "no_such_key"      # an unknown key shows itself


def test_the_opening_screen_is_drawn_and_its_code_not_kept():
    t = Table()
    t.go(OPENING)
    t.refresh_screen()
    rows = _gone_after(("game.screens_between",), lambda: (t._refresh(), t.screen)[1])
    assert "Opening roll" in rows and "Each: press main" in rows, rows
