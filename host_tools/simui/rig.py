"""The simulated board: the real firmware (App, drivers, Table) on the fake `machine`,
reading the physical board model (host_tools/physboard.py) through the real scanner.

    sim = SimRig(seed=1, workdir=tmp)      # calibrated like a maker would, then booted
    sim.board.set_point(6, WHITE, 5)       # hands on the wooden board
    sim.settle()                           # run the firmware until the sensors settle
    sim.press("p1_main")                   # a press of a real (fake) button pin
    sim.screen_rows(), sim.led_codes()     # what the OLED and the LED strip show

Only the standard library: `make sim` runs on a fresh clone with the system python3.
Time is virtual (sim.now, in ms): every step() is one scan period; the caller decides
whether to pace it with the wall clock.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAKES = os.path.join(ROOT, "host_tools", "fakes")
FIRMWARE = os.path.join(ROOT, "firmware")
HOST = os.path.join(ROOT, "host_tools")


def use_fakes():
    """Fakes first on sys.path (they stand in for `machine`, `neopixel`, `framebuf`)."""
    for p in (HOST, FIRMWARE, FAKES):
        if p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)


use_fakes()

import board_config as cfg  # noqa: E402
import fake_io  # noqa: E402
import neopixel  # noqa: E402
import physboard  # noqa: E402
from hw.oled import ROW_Y  # noqa: E402
from app.build import build_drivers  # noqa: E402
from app.boot import start_app  # noqa: E402
from app import commands  # noqa: E402
from game import colours  # noqa: E402
from simui import readback  # noqa: E402
from simui.readback import calibrate, nearest_code  # noqa: E402,F401 (the rig's names)

WHITE = physboard.WHITE
BLACK = physboard.BLACK
STEP_MS = cfg.SCAN_PERIOD_MS
PRESS_MS = 80          # a short press, well over the 20 ms debounce
LONG_MS = 1000         # held past the 800 ms long press
IDLE_SCAN_MS = 500     # idle(): the sensors scanned this often while nobody touches the board


class SimRig:
    def __init__(self, seed=1, dice_seed=None, workdir=None, quiet_scans=None, noise_lsb=1.0,
                 settings=None):
        fake_io.reset_fakes()
        neopixel.reset_fakes()
        self.now = 0
        self._screen_key = None
        self._screen_rows = []
        fake_io.set_clock(lambda: self.now)
        self.workdir = workdir or os.getcwd()
        self.board = physboard.PhysicalBoard(seed=seed, noise_lsb=noise_lsb).install()
        scanner_kw = {"settle_us": 0}
        if quiet_scans is not None:
            scanner_kw["quiet_scans"] = quiet_scans
        self.lines = []                      # every line the board wrote on USB serial
        self._scanner_kw = scanner_kw
        self._dice_seed = dice_seed
        self._settings = settings
        self.drivers = build_drivers(None, cfg, scanner_kw, dice_seed=dice_seed)
        self.cal = calibrate(self.board, self.drivers.scanner)
        self._boot()

    def _boot(self):
        self.app = start_app(self.drivers, os.path.join(self.workdir, "state.bin"),
                             os.path.join(self.workdir, "match.rec"), self.lines.append,
                             settings=self._settings,
                             fault_log=os.path.join(self.workdir, "faults.log"))
        self.table = self.app.table
        self.step()

    def power_cut(self):
        """The board loses power and starts again: every driver and the Table are made anew;
        the checkers stay where they are, the state comes back from the saved file."""
        fake_io.reset_fakes()
        neopixel.reset_fakes()
        self._screen_key = None
        self.drivers = build_drivers(self.cal, cfg, self._scanner_kw, dice_seed=self._dice_seed)
        self._boot()
        self.settle()

    # ------------------------------------------------------------ time
    def step(self, n=1, scan=True):
        for _ in range(n):
            self.now += STEP_MS
            self.app.step(self.now, scan)

    def wait(self, ms, scan=True):
        self.step(max(1, ms // STEP_MS), scan)

    def idle(self, ms):
        """Let `ms` pass with nobody touching the board (the `wait` command): every scan
        period the loop runs (buttons, Table.tick, display) as on the board, the sensors
        are scanned once every IDLE_SCAN_MS only: a settled board reads the same, and a
        whole scan is most of a step's cost (`wait 150000` in under a second, not 11 s)."""
        every = IDLE_SCAN_MS // STEP_MS
        for i in range(max(1, ms // STEP_MS)):
            self.step(1, i % every == 0)

    def idle_steps(self, n, each=None):
        """`n` scan periods with nobody touching the board, as idle() (the sensors scanned
        once every IDLE_SCAN_MS of board time); each(): called after every step (`sim
        --serial` pumps its pty). The terminal's real-time loop runs on this between
        commands: a command that moves a checker settles with a scan every period."""
        every = IDLE_SCAN_MS // STEP_MS
        for _ in range(n):
            self.step(1, (self.now // STEP_MS + 1) % every == 0)
            if each is not None:
                each()

    def settle(self, limit_ms=5000):
        """Run until the sensors settled and the reading went to the Table; False on timeout."""
        sc = self.drivers.scanner
        for _ in range(limit_ms // STEP_MS):
            self.step()
            if sc.settled and self.app._fed_change == sc.last_change:
                self.step(2)                 # let the dice and the display follow
                return True
        return False

    # ------------------------------------------------------------ buttons
    def press(self, name, kind="press"):
        """Hold the button's pin down for a press, a long press or a double press."""
        if name not in cfg.BUTTONS:
            raise ValueError("no button %r (buttons: %s)" % (name, ", ".join(sorted(cfg.BUTTONS))))
        gpio = cfg.BUTTONS[name]
        down = 0 if cfg.BUTTONS_ACTIVE_LOW else 1
        times = (LONG_MS,) if kind == "long" else (PRESS_MS, PRESS_MS) if kind == "double" else (PRESS_MS,)
        for i, ms in enumerate(times):
            # the checkers do not move during a press: no need to scan (a quicker simulation)
            if i:
                self.wait(PRESS_MS, scan=False)
            fake_io.set_input(gpio, down)
            self.wait(ms, scan=False)
            fake_io.set_input(gpio, None)
        self.wait(60, scan=False)

    # ------------------------------------------------------------ what the board shows
    def screen_rows(self):
        """The OLED's six text rows, decoded from the pixels the fake SSD1306 holds."""
        dev = fake_io.oled_device(cfg.OLED_ADDR)
        key = (bytes(dev.ram), dev.display_on, dev.inverse, dev.seg_remap, dev.com_remap)
        if key != self._screen_key:     # decoding 8192 pixels is slow: only when they change
            self._screen_key = key
            self._screen_rows = dev.text_rows(ROW_Y)
        return list(self._screen_rows)

    def led_codes(self):
        """Table.leds roles 1..30 -> palette code, decoded from the frame the strip received."""
        return readback.led_codes(self.drivers.leds.scale)

    def led_rgb(self, role):
        """Full-scale colour of an LED role (for the terminal), from the strip's frame."""
        code = self.led_codes()[role]
        return colours.RGB[code]

    def mover(self):
        """WHITE or BLACK from the lit turn LED (what a player sees), or 0."""
        codes = self.led_codes()
        w = codes[colours.LED_TURN_P1] != colours.OFF
        b = codes[colours.LED_TURN_P2] != colours.OFF
        if w and not b:
            return WHITE
        if b and not w:
            return BLACK
        return 0

    def serial(self, line):
        """Send a command line as on USB serial; returns the answer line."""
        out = commands.answer(self.app, line)
        self.lines.append(out)
        return out

    # ------------------------------------------------------------ the wooden board
    def bar_count(self, colour):
        """Checkers of `colour` on the bar (both strips)."""
        st = self.board._stacks
        return sum(1 for c in st[cfg.N_POINTS] if c == colour) + sum(1 for c in st[cfg.N_POINTS + 1] if c == colour)

