"""The whole board (boardrig's BoardRig): the real firmware on the fake `machine`
(host_tools/fakes), reading the physical board model (host_tools/physboard.py) through the
real hall scanner, calibrated as a maker would; pins for fingers, the OLED's and the LED
strip's pictures read back for eyes.
"""
import board_config as cfg
import fake_io
import neopixel
import physboard
from hw import calibration
from hw.oled import ROW_Y
from app.build import build_drivers
from app.ledmap import led_index
from game import colours
from boardrig import start, WHITE, BLACK

STEP_MS = cfg.SCAN_PERIOD_MS
PRESS_MS = 80          # a short press, well over the 20 ms debounce
LONG_MS = 1000         # held past the 800 ms long press
IDLE_SCAN_MS = 500     # idle(): the sensors scanned this often while nobody touches the board


def calibrate(board, scanner, scans=8):
    """The maker's routine (hardware-brief 3.2) on the simulated board: empty, one checker on
    every slot group of calibration.gain_passes(), then two-high stacks."""
    cal = calibration.Calibration()
    board.clear()
    calibration.calibrate_empty(scanner, cal, scans * 2)
    for group in calibration.gain_passes():
        board.clear()
        for i in group:
            board.put_on_sensor(i, physboard.WHITE)
        calibration.calibrate_gain(scanner, cal, group, scans)
    board.clear()
    group = [i for g in calibration.gain_passes()[:2] for i in g]
    for i in group:
        board.put_on_sensor(i, physboard.BLACK, 2)
    calibration.calibrate_stack(scanner, cal, group, scans)
    board.clear()
    return cal


def save_calibration(path, seed=1):
    """Calibrate board `seed` as a maker would and save it (`make web`, on the host: the
    page loads it instead of spending 1.6 s of its start on the routine)."""
    fake_io.reset_fakes()
    board = physboard.PhysicalBoard(seed=seed).install()
    drivers = build_drivers(None, cfg, {"settle_us": 0}, dice_seed=1)
    cal = calibrate(board, drivers.scanner)
    cal.save(path)
    return cal


def nearest_code(rgb, scale):
    """The palette code whose colour, scaled like the LED driver does, is nearest to `rgb`."""
    best, best_d = 0, None
    for code in range(len(colours.RGB)):
        c = colours.RGB[code]
        d = 0
        for k in range(3):
            e = ((c[k] * scale) >> 8) - rgb[k]
            d += e * e
        if best_d is None or d < best_d:
            best, best_d = code, d
    return best


def led_codes(scale):
    """Table.leds roles 1..30 -> palette code, decoded from the frame the strip received
    (`scale`: the LED driver's brightness scale)."""
    frame = neopixel.last_frame(cfg.LED_PIN)
    out = bytearray(colours.LED_COUNT)
    if frame is None:
        return out
    for role in range(1, colours.LED_COUNT):
        i = led_index(role)
        if 0 <= i < len(frame):
            out[role] = nearest_code(frame[i], scale)
    return out


class BoardRig:
    """The whole board: the real firmware on the fake `machine` (host_tools/fakes), reading
    the physical board model (host_tools/physboard.py) through the real hall scanner.

    cal: the maker's calibration (a hw.calibration.Calibration or the path of its file;
    None, or one with a warning: calibrated now, on the model). power_up: the board as the
    Pico powers it up (app/tasks.py's power_up, main.py's), in `workdir` holding its
    calibration.bin (the heap's tests and benches). write_line: where the serial lines go
    (None: kept in rig.lines). think_piece: the App's (a think in pieces, one a cycle: the
    web page's; 0: thought at once, as on the Pico)."""
    think_piece = 0

    def __init__(self, seed=1, workdir=".", write_line=None, dice_seed=None, cal=None,
                 quiet_scans=None, noise_lsb=1.0, settings=None, power_up=False):
        fake_io.reset_fakes()
        neopixel.reset_fakes()
        self.now = 0
        fake_io.set_clock(lambda: self.now)
        self.workdir = workdir
        self.board = physboard.PhysicalBoard(seed=seed, noise_lsb=noise_lsb).install()
        self.lines = []                      # the serial lines (when write_line is None)
        self._write = write_line
        self._screen_key = None
        self._screen_rows = []
        self._scanner_kw = {"settle_us": 0}
        if quiet_scans is not None:
            self._scanner_kw["quiet_scans"] = quiet_scans
        self._dice_seed = dice_seed
        self._settings = settings
        if power_up:
            import os
            os.chdir(workdir)
            from app import tasks
            self.app = tasks.power_up()[0]
            self.app.write_line = self._line
            self.drivers = self.app.d
            self.table = self.app.table
            self.cal = None
            self.step()
            return
        if isinstance(cal, str):
            cal = calibration.Calibration.load(cal)
        self.drivers = self._build(cal)
        if cal is None or cal.warning:
            cal = calibrate(self.board, self.drivers.scanner)
        self.cal = cal
        self._boot()

    def _build(self, cal):
        return build_drivers(cal, cfg, self._scanner_kw, dice_seed=self._dice_seed)

    def _boot(self):
        self.app = start(self.drivers, self.workdir + "/", self._line, settings=self._settings)
        self.app.think_piece = self.think_piece
        self.table = self.app.table
        self.step()

    def _line(self, text):
        if self._write is not None:
            self._write(text)
        else:
            self.lines.append(text)

    def power_cut(self):
        """The board loses power and starts again: every driver and the Table are made anew;
        the checkers stay where they are, the state comes back from the saved file."""
        fake_io.reset_fakes()
        neopixel.reset_fakes()
        self._screen_key = None
        self.drivers = self._build(self.cal)
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

    def fed(self):
        """True when the sensors settled and the App gave that reading to the Table."""
        sc = self.drivers.scanner
        return sc.settled and self.app._fed_change == sc.last_change

    def settle(self, limit_ms=5000):
        """Run until the sensors settled and the reading went to the Table; False on timeout."""
        for _ in range(limit_ms // STEP_MS):
            self.step()
            if self.fed():
                self.step(2)                 # let the dice and the display follow
                return True
        return False

    # ------------------------------------------------------------ buttons
    def button(self, name, down):
        """A finger on a button: down=True holds its pin down, False lets it go."""
        if name not in cfg.BUTTONS:
            raise ValueError("no button %r (buttons: %s)" % (name, ", ".join(sorted(cfg.BUTTONS))))
        fake_io.set_input(cfg.BUTTONS[name], (0 if cfg.BUTTONS_ACTIVE_LOW else 1) if down else None)

    def press(self, name, kind="press"):
        """Hold the button's pin down for a press, a long press or a double press."""
        times = (LONG_MS,) if kind == "long" else (PRESS_MS, PRESS_MS) if kind == "double" else (PRESS_MS,)
        for i in range(len(times)):
            # the checkers do not move during a press: no need to scan (a quicker simulation)
            if i:
                self.wait(PRESS_MS, scan=False)
            self.button(name, True)
            self.wait(times[i], scan=False)
            self.button(name, False)
        self.wait(60, scan=False)

    def serial(self, line):
        """Send a command line as on USB serial (app/commands.py); returns the answer line."""
        from app import commands
        out = commands.answer(self.app, line)
        self._line(out)
        return out

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
        return led_codes(self.drivers.leds.scale)

    def led_rgb(self, role):
        """Full-scale colour of an LED role (for the terminal), from the strip's frame."""
        return colours.RGB[self.led_codes()[role]]

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

    # ------------------------------------------------------------ the wooden board
    def bar_count(self, colour):
        """Checkers of `colour` on the bar (both strips)."""
        n = 0
        for strip in (cfg.N_POINTS, cfg.N_POINTS + 1):
            for c in self.board._stacks[strip]:
                if c == colour:
                    n += 1
        return n

