"""Test rig for the App: host_tools/boardrig's stand-in board (the real Table and the real
LED, OLED, button, dice and buzzer drivers on minimal wires, a stand-in for the hall scanner
that reports settled readings of given positions), booted by app.boot.start_app as the board
powers up, on this run's files, with the helpers the App's tests share.

Why stand-ins: under MicroPython with the Pico's 200 KB heap, the Table and the rules
(~100 KB of bytecode compiled from source), the drivers and the App (~40 KB) fit, but not
also the fake `machine` with its SSD1306 model (~25 KB) and the scanner with the physical
board model (~55 KB). The whole board (boardrig.BoardRig) is driven by the simulator tests
(tests/test_sim_pty.py, tests/test_sim_demo.py) under CPython.
Imports go largest first, into an empty heap, so that fragmentation does not waste it.
"""
import sys
import gc
import os
gc.collect()
from game.table import Table  # noqa: F401,E402
gc.collect()
from game import screens  # noqa: F401,E402  (the Table imports these on first use)
gc.collect()
from game import i18n  # noqa: F401,E402
import game.snapshot as snapshot  # noqa: F401,E402
gc.collect()
from boardrig import ReadingScanner, Bus, stand_in_drivers  # noqa: E402
from app.boot import start_app  # noqa: E402
from app.ledmap import led_index  # noqa: E402,F401
# (the drivers stand_in_drivers makes: loaded here, largest first)
from hw.oled import Oled  # noqa: E402
from hw.buttons import Buttons  # noqa: E402,F401
from hw.dice import Dice  # noqa: E402,F401
from hw.buzzer import Buzzer  # noqa: E402,F401
gc.collect()
import neopixel  # noqa: E402
from hw.leds import Leds  # noqa: E402,F401
from bg.position import Position  # noqa: E402
import board_config as cfg  # noqa: E402

# This run's own directory, as scratch.py gives (inlined: one module more to compile pushes
# the app rig's 200 KB MicroPython runs over the heap's edge).
TMP = (os.getenv("TABLIER_TEST_TMP") or "/tmp") + "/tablier-test-app-" + sys.implementation.name
STATE = TMP + "-state.bin"        # (boardrig.start's names, at this prefix)
RECORD = TMP + "-match.rec"
FAULTS = TMP + "-faults.log"


def flush(app):
    """The record as a computer reads it: the lines the App's state carries appended first,
    as the board does when a computer takes its REPL (app/tasks.py, app/carried.py)."""
    from app import carried
    carried.flush(app)


def clean():
    import os
    for path in (STATE, STATE + ".tmp", STATE + ".bad", STATE + ".bad2", STATE + ".unread",
                 STATE + ".unread2", RECORD, FAULTS, FAULTS + ".old"):
        try:
            os.remove(path)
        except OSError:
            pass


def rig(fresh=True, files=None):
    """(scanner, app, lines): the stand-in scanner, an App on it, the serial lines it wrote;
    files: store.py's filesystem (None: the real one)."""
    if fresh:
        clean()
    gc.collect()                 # the previous test's App and Table go before new buffers come
    neopixel.reset_fakes()
    sc = ReadingScanner()
    lines = []
    # boardrig.start's call, on the names made once (its joined names cost this heap 350 bytes)
    app = start_app(stand_in_drivers(sc), STATE, RECORD, lines.append, fault_log=FAULTS, files=files)
    app.clock = think_clock()
    gc.collect()
    return sc, app, lines


class Clock:
    now = 0


# The Pico's time a think's tick stands for, by counted work: the engine calls App.think_tick
# every engine.player.TICK_EVERY (1) evaluation, about 0.72 ms of the chip's at 125 MHz (an
# evaluation on the emulated RP2040, ../shared/pico-measured.md), rounded up. Not the
# host's time: a think's rounds of service do not depend on how fast this machine runs.
THINK_CALL_MS = 1


def think_clock():
    """The App's think clock for a rig: the loop's virtual time, THINK_CALL_MS more at each
    reading inside a think (App.think_tick reads it once a call)."""
    at = [0]

    def clock():
        at[0] = max(at[0] + THINK_CALL_MS, Clock.now)
        return at[0]
    return clock


def run(app, ms):
    for _ in range(ms // 10):
        Clock.now += 10
        app.step(Clock.now)


def opening_roll(app, sc, white, black):
    """Set the start position and play the opening roll: White's die, then Black's."""
    sc.put(Position.start())
    run(app, 100)
    app.loaded = [white, black]
    app.press("p1_main")
    run(app, 30)
    app.press("p2_main")
    run(app, 30)


def oled_shows(app, rows):
    """True when the App's OLED holds exactly `rows` (drawn by a second, identical driver)."""
    ref = Oled(Bus(), cfg.OLED_ADDR)
    ref.lines(rows)
    return ref.buffer == app.d.oled.buffer


def oled_rows(app):
    """The six rows the App's OLED shows, read from its pixels (boardrig.eyes: loaded for
    the reading and forgotten, as the board does its rare code, so that the test's eyes
    keep none of the Pico-sized heap)."""
    from base.rare import call
    return call("boardrig.eyes", "screen_of", "", (app.d.oled.buffer,))
