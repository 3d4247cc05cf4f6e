"""The board, built once for the tests, the simulator (`make sim`) and the web page: the real
firmware (App, drivers, Table) booted on its files, with its hands, eyes and clock.

    from boardrig.whole import BoardRig
    rig = BoardRig(seed=1, workdir=tmp)    # the whole board: fake `machine`, physical model,
                                           # real hall scanner, calibrated as a maker would
    rig.board.set_point(6, WHITE, 5)       # hands on the wooden board
    rig.settle()                           # run the firmware until the sensors settle
    rig.press("p1_main")                   # a press of a real (fake) button pin
    rig.screen_rows(), rig.led_codes()     # what the OLED and the LED strip show

    app = start(stand_in_drivers(ReadingScanner()), tmp + "/", lines.append)
                                           # the App's board on minimal wires, its scanner a
                                           # stand-in that reads given positions (the tests
                                           # under MicroPython with the Pico's heap, where
                                           # the fake machine and the model do not fit too;
                                           # tests/portable/apprig.py boots it on its own
                                           # file names with start_app, as start does)

The package: this module (start, the stand-in board), boardrig/whole.py (BoardRig) and
boardrig/eyes.py (the stand-in OLED's rows read from its pixels); the stand-in board's tests
load only what they use: under MicroPython with the Pico's heap they have no room for the
whole board's code beside the App's.
Users: host_tools/simui (the terminal simulator), web/py/webrig.py (the page's WebRig, a
BoardRig with a person's hands), tests/portable/apprig.py (the stand-in board),
tests/powercut_board.py (start(): the board's power-up on a cut flash).
Runs under CPython, the MicroPython unix port and its WebAssembly port: no os.path, no
random.Random. Time is virtual (rig.now, in ms): every step() is one scan period; the caller
decides whether to pace it with the wall clock.
"""
import board_config as cfg
from app.boot import start_app
from app.loop import Drivers
from base.reading import Sensed, WHITE, BLACK


def start(drivers, where, write_line, **kw):
    """The board's power-up on `drivers` (app.boot.start_app: the saved match resumed or a
    new one), its state, record and fault log at `where` + state.bin, match.rec, faults.log
    (`where`: a folder ending in "/", or a prefix of the files' names); kw: start_app's."""
    kw.setdefault("fault_log", where + "faults.log")
    return start_app(drivers, where + "state.bin", where + "match.rec", write_line, **kw)


# ---------------------------------------------------------------- the stand-in board
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
        from bg.position import Position
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

    mid = False                 # (a scan is never left in parts: it has no banks to power)

    def scan_step(self):
        return self.scan()

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
    """A PWM output that keeps its settings (the buzzer's)."""

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


def stand_in_drivers(scanner, dice_seed=5):
    """The real LED, OLED, button, dice and buzzer drivers on minimal wires (pins that hold a
    level, a bus that keeps count, a PWM that keeps its settings), around `scanner`."""
    from hw.leds import Leds
    from hw.oled import Oled
    from hw.buttons import Buttons
    from hw.dice import Dice
    from hw.buzzer import Buzzer
    pins = dict((name, Pin(cfg.BUTTONS[name])) for name in cfg.BUTTONS)
    return Drivers(scanner, Leds(Pin(cfg.LED_PIN), cfg.LED_COUNT, cfg.LED_BRIGHTNESS_MAX,
                                 cfg.LED_BUDGET_MA, cfg.LED_ORDER),
                   Oled(Bus(), cfg.OLED_ADDR), Buttons(pins, True), Dice(dice_seed), Buzzer(Pwm()))
