"""The menu's Hint at the board (docs/coach.md): for the player on roll, the best play of
the roll on the OLED (notation and equity) and the LEDs (from and to), the second best on
the next press, then the third, then back to the menu; before the roll it says to roll
first. The app's answer (app/hints.py) runs the coach on the real engine. Runs under
CPython and MicroPython, where the heap is set up as the running board's with its engine
(grading on, or a board's seat: the engine made at power-up, app/start.py), in 240 KB:
  - the Table, then once each the modules the board loads on demand in these tests (the menu,
    its texts, the notation, the save): MicroPython interns every name a module brings, in
    a table that grows by doubling, and its growth past 1,270 names takes ONE block of 14 KB
    on this port (7 KB on the Pico). The running board passes that mark while it boots
    (1,356 names once the App is up, micropython.qstr_info()), with its heap still whole;
    this rig has no App, and without this its growth came at the first menu press, in a
    heap fragmented by then: that, not the engine, was the "no memory" of the hint in 240 KB;
  - then the engine's code and the Engine, as app/start.py makes it after power-up.
"""
import sys
import gc
from base import rare
from tablekit import rig_at
# the modules the board loads on demand in these tests, once each (their names interned)
_ON_DEMAND = ("game.menu", "bg.notation", "game.snapshot", "game.flows",
              "game.screens_between", "bg.counting", "game.unsure")
for _m in _ON_DEMAND:
    if _m not in sys.modules:
        __import__(_m)
        rare.forget(_m)
gc.collect()
from app import hints  # noqa: E402
from app.seat import weights_path  # noqa: E402
from engine.player import Engine  # noqa: E402
_engine = [Engine(weights_path())]   # the board's engine, made at power-up

from bg.position import Position  # noqa: E402
from game import colours as C  # noqa: E402
import json  # noqa: E402  (the event line as the host reads it; events_read.py is not the board's)


class Shim:
    """What app/hints.py uses of the App: the Table and the engine (the board's, made at
    power-up above)."""

    def __init__(self, rig):
        self.rig = rig
        self.table = rig.t
        self.engine = _engine[0] if _engine else None

    THINK_HINT = 1                        # (app.loop.App.THINK_HINT)

    def think_begins(self, question):
        self.question = question          # (the App's: think_tick serves while it is set)

    def think_ends(self):
        self.question = None

    def answer(self):
        assert self.table.menu.want_hint
        hints.answer(self)
        if self.engine is not None and not _engine:
            _engine.append(self.engine)
        self.rig.collect()
        return self.engine is not None


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
    assert app.answer(), r.t.screen       # the board's engine answers, in 240 KB too
    assert r.t.screen == ["hint 1", "8/5 6/5", "equity +0.140", "Main: next best"], r.t.screen
    assert r.t.leds[8] == C.LIFTED and r.t.leds[6] == C.LIFTED and r.t.leds[5] == C.DEST
    ev = json.loads(r.events[-1])
    assert ev["t"] == "hint" and ev["m"] == [[8, 5], [6, 5]] and ev["eq"] == 140
    r.press("p1_main")                    # the second best
    app.answer()
    assert r.t.screen[0] == "hint 2" and r.t.screen[1] == "24/23 13/10", r.t.screen
    assert r.t.leds[8] != C.LIFTED and r.t.leds[24] == C.LIFTED and r.t.leds[23] == C.DEST
    assert r.t.leds[13] == C.LIFTED and r.t.leds[10] == C.DEST
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
    assert app.answer(), r.t.screen
    assert r.t.screen[:2] == ["hint 1", "24/13"], r.t.screen
    # Black's 24-point is White's 1, its 13 White's 12
    assert r.t.leds[1] == C.LIFTED and r.t.leds[12] == C.DEST


def test_hint_before_the_roll_says_to_roll_first():
    r = rig_at(Position.start(), 0)
    _open_hint(r)
    assert r.t.menu is None and "Hint: roll first" in r.text()


def test_hint_in_french_says_no_english():
    """Issue 26 item 18: "hint 1" and "equity" were English on a French board."""
    from game.settings import Settings
    from french_words import english
    r = rig_at(Position.start(), 0, Settings(lang=1))
    r.roll(0, 3, 1)
    app = Shim(r)
    _open_hint(r)
    assert app.answer(), r.t.screen
    scr = r.t.screen
    assert scr[:3] == ["conseil 1", "8/5 6/5", "équité +0.140"], scr
    assert not english(scr) and all(len(x) <= 16 for x in scr), scr
    r.press("p1_main")
    r.press("p1_main")
    r.press("p1_main")
    r.press("undo")
    r.t.settings.lang = 0
