"""The menu's Hint at the board (docs/coach.md): for the player on roll, the best play of
the roll on the OLED (notation and equity) and the LEDs (from and to), the second best on
the next press, then the third, then back to the menu; before the roll it says to roll
first. The app's answer (app/hints.py) runs the coach on the real engine. Runs under
CPython and MicroPython."""
import sys

from bg.position import Position
from game import colours as C
from tablekit import rig_at
from app import hints
from events import decode

_engine = []




MP = sys.implementation.name == "micropython"


class Shim:
    """What app/hints.py uses of the App: the Table and the engine (made by hints.answer
    with the first hint, as on the board)."""

    def __init__(self, rig):
        self.rig = rig
        self.table = rig.t
        self.engine = _engine[0] if _engine else None

    def answer(self):
        assert self.table.menu.want_hint
        hints.answer(self)
        if self.engine is not None and not _engine:
            _engine.append(self.engine)
        self.rig.collect()
        return self.engine is not None


def _no_memory_said(r):
    # the Pico-sized heap (MicroPython runs these tests in 240 KB) holds the Table's code
    # or the engine's weights, not both: the hint says so in words and the game goes on
    assert r.t.screen[:3] == ["Hint", "no memory for", "the engine"], r.t.screen
    ev = decode(r.events[-1])
    assert ev["t"] == "error" and "no memory" in ev["msg"]
    r.press("p1_main")
    assert r.t.menu.level == "main"
    r.press("undo")
    assert r.t.menu is None and r.t.phase == 5


def _open_hint(r, main="p1_main"):
    r.press("menu")
    for _ in range(5):
        r.press("menu")                   # Position ID, Settings, Resign, Abandon, Shots, Hint
    r.press(main)


def test_hint_shows_the_best_play_then_the_next_best_on_the_leds_and_the_oled():
    r = rig_at(Position.start(), 0)
    r.roll(0, 3, 1)
    app = Shim(r)
    _open_hint(r)
    assert r.t.menu.level == "hint" and r.text().startswith("Hint thinking")
    if not app.answer():
        assert MP, "no engine on CPython"
        return _no_memory_said(r)
    assert r.t.screen == ["hint 1", "8/5 6/5", "equity +0.129", "Main: next best"], r.t.screen
    assert r.t.leds[8] == C.LIFTED and r.t.leds[6] == C.LIFTED and r.t.leds[5] == C.DEST
    ev = decode(r.events[-1])
    assert ev["t"] == "hint" and ev["m"] == [[8, 5], [6, 5]] and ev["eq"] == 129
    r.press("p1_main")                    # the second best
    app.answer()
    assert r.t.screen[0] == "hint 2" and r.t.screen[1] == "24/20", r.t.screen
    assert r.t.leds[8] != C.LIFTED and r.t.leds[24] == C.LIFTED and r.t.leds[20] == C.DEST
    r.press("p1_main")
    app.answer()
    assert r.t.screen[0] == "hint 3" and r.t.screen[-1] == "Main: back"
    r.press("p1_main")                    # back to the menu, the LEDs the game's again
    assert r.t.menu.level == "main" and r.t.leds[24] != C.LIFTED
    r.press("undo")
    assert r.t.menu is None and r.t.phase == 5    # still moving: nothing was played


def test_hint_for_black_in_blacks_numbering():
    r = rig_at(Position.start(), 1)
    r.roll(1, 6, 5)
    app = Shim(r)
    _open_hint(r, "p2_main")
    if not app.answer():
        assert MP
        return
    assert r.t.screen[:2] == ["hint 1", "24/13"], r.t.screen
    # Black's 24-point is White's 1, its 13 White's 12
    assert r.t.leds[1] == C.LIFTED and r.t.leds[12] == C.DEST


def test_hint_before_the_roll_says_to_roll_first():
    r = rig_at(Position.start(), 0)
    _open_hint(r)
    assert r.t.menu is None and "Hint: roll first" in r.text()
