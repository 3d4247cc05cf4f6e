"""Test rig for the App: the real Table and the real LED, OLED, button, dice and buzzer
drivers, on minimal wires (pins that hold a level, an I2C bus that keeps what it is sent,
a PWM that keeps its settings) and a stand-in for the hall scanner that reports settled
readings of given positions.

Why stand-ins: under MicroPython with the Pico's 200 KB heap, the Table and the rules
(~100 KB of bytecode compiled from source), the drivers and the App (~40 KB) fit, but not
also the fake `machine` with its SSD1306 model (~25 KB) and the scanner with the physical
board model (~55 KB). The whole real stack (fake machine, scanner, board model) is driven
by the simulator tests (tests/test_sim_pty.py, tests/test_sim_demo.py) under CPython.
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
from app.boot import start_app  # noqa: E402
from app.build import Drivers  # noqa: E402,F401
from app.ledmap import led_index  # noqa: E402,F401
from hw.oled import Oled  # noqa: E402
from hw.buttons import Buttons  # noqa: E402
from hw.dice import Dice  # noqa: E402
from hw.buzzer import Buzzer  # noqa: E402
gc.collect()
try:
    import neopixel  # noqa: E402
except ImportError:  # pytest on CPython: conftest does not put the fakes on sys.path
    sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/host_tools/fakes")
    import neopixel  # noqa: E402
from hw.leds import Leds  # noqa: E402
from bg.position import Position  # noqa: E402
from base.reading import Sensed, WHITE, BLACK  # noqa: E402
import board_config as cfg  # noqa: E402

# This run's own directory, as scratch.py gives (inlined: one module more to compile pushes
# the app rig's 200 KB MicroPython runs over the heap's edge).
TMP = (os.getenv("TABLIER_TEST_TMP") or "/tmp") + "/tablier-test-app-" + sys.implementation.name
STATE = TMP + "-state.bin"
RECORD = TMP + "-match.rec"
FAULTS = TMP + "-faults.log"


def sensed_of(pos):
    """What a sure scanner reads of `pos` (White's view: me = White)."""
    s = Sensed()
    for p in range(1, 25):
        w = pos.me[p - 1]
        b = pos.opp[24 - p]
        s.colour[p] = WHITE if w else (BLACK if b else 0)
        s.lo[p] = s.hi[p] = w + b
    s.bar_lo[WHITE] = s.bar_hi[WHITE] = pos.me[24]
    s.bar_lo[BLACK] = s.bar_hi[BLACK] = pos.opp[24]
    return s


class ReadingScanner:
    """The Scanner's interface (scan, settled, last_change, sensed) over given positions:
    a new position settles after `quiet` scans, as the real one does after quiet_scans."""

    def __init__(self, quiet=3):
        self.quiet = quiet
        self.scans = 0
        self.last_change = 0
        self.sensed = sensed_of(Position())

    def put(self, pos):
        self.sensed = sensed_of(pos)
        self.last_change = self.scans

    def scan(self):
        self.scans += 1
        return self.sensed

    @property
    def settled(self):
        return self.scans - self.last_change >= self.quiet


class Pin:
    """A GPIO: the level the outside world applies (buttons: 1 = released, active low)."""

    def __init__(self, id, level=1):
        self.id = id
        self.level = level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class Bus:
    """An I2C bus with a display that acknowledges everything; counts the bytes sent."""

    def __init__(self):
        self.sent = 0

    def writeto(self, addr, buf, stop=True):
        self.sent += len(buf)

    def writevto(self, addr, vector, stop=True):
        for b in vector:
            self.sent += len(b)


class Pwm:
    def __init__(self):
        self.f = 0
        self.duty = 0

    def freq(self, f=None):
        if f is not None:
            self.f = f
        return self.f

    def duty_u16(self, d=None):
        if d is not None:
            self.duty = d
        return self.duty


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
    pins = dict((name, Pin(cfg.BUTTONS[name])) for name in cfg.BUTTONS)
    drivers = Drivers(sc, Leds(Pin(cfg.LED_PIN), cfg.LED_COUNT, cfg.LED_BRIGHTNESS_MAX,
                               cfg.LED_BUDGET_MA, cfg.LED_ORDER),
                      Oled(Bus(), cfg.OLED_ADDR), Buttons(pins, True), Dice(5), Buzzer(Pwm()))
    lines = []
    app = start_app(drivers, STATE, RECORD, lines.append, fault_log=FAULTS, files=files)
    app.clock = think_clock()
    gc.collect()
    return sc, app, lines


class Clock:
    now = 0


# The Pico's time a think's tick stands for, by counted work: the engine calls App.think_tick
# every engine.player.TICK_EVERY (4) evaluations, about 3 ms of the chip's (0.72 ms an
# evaluation on the emulated RP2040, ../shared/pico-measured.md). Not the host's time: a
# think's rounds of service do not depend on how fast this machine runs.
THINK_CALL_MS = 3


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
