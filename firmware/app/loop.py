"""App: the drivers wired to the Table, one cycle at a time.

    app = App(table, drivers)           # drivers: Drivers (any part may be None)
    app.step(now_ms)                    # scan, buttons, clock, dice, outbox, display: once each

The asyncio tasks (app.tasks) call the same parts at their own rates; the simulator and
the tests call step() with a virtual clock. Every part runs through guard(): an exception
is counted, logged on the serial line, shown on the OLED for NOTICE_MS, and the next call
runs normally (the board keeps playing).

Order matters: the outbox is drained (state saved to flash) before the display shows the
new state, so nothing is shown as done that a power cut could undo (design principle).
"""
import gc
import sys
import events
import board_config as _cfg
from lazy import call, forget  # noqa: F401 (forget: app/start.py and bench_app use it from here)
from game.colours import RGB

_COLLECT = sys.implementation.name == "micropython"   # CPython's collector needs no help
NOTICE_MS = 4000          # how long a fault or boot message stays on the OLED
REPEAT_MS = 5000          # the same fault again within this time is counted, not logged again
RECORD_RETRY_MS = 5000    # a record line the flash refused is written again this often
STATE_PATH = "state.bin"
RECORD_PATH = "match.rec"
FAULT_LOG = "faults.log"


class Drivers:
    """The parts of the board, one attribute each (None when a part is missing); made by
    app.build.build_drivers. Kept here, not in app.build, so that app.build can be
    forgotten after power-up (an instance's methods hold their module in the heap)."""

    def __init__(self, scanner=None, leds=None, oled=None, buttons=None, dice=None, buzzer=None):
        self.scanner = scanner
        self.leds = leds
        self.oled = oled
        self.buttons = buttons
        self.dice = dice
        self.buzzer = buzzer


def led_index(role, cfg=_cfg):
    """The strip index of a Table.leds role (1..24 points, 25/26 bars, 27..30 status), or -1."""
    if 1 <= role <= cfg.N_POINTS:
        return cfg.LED_POINT[role - 1]
    if role == 25 or role == 26:
        return cfg.LED_BAR[role - 25]
    names = ("turn_p1", "turn_p2", "cube_p1", "cube_p2")
    if 27 <= role <= 30:
        return cfg.LED_STATUS.get(names[role - 27], -1)
    return -1


def _diff(a, b):
    """a - b for ticks_ms() values, across MicroPython's 2**30 wrap."""
    return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000


def _print_line(text):
    print(text)


def _wrap(text, width=16, rows=5):
    out = []  # type: list
    while text and len(out) < rows:
        out.append(text[:width])
        text = text[width:]
    return out


class App:
    def __init__(self, table, drivers, state_path=STATE_PATH, record_path=RECORD_PATH,
                 write_line=_print_line, wdt=None, files=None, fault_log=FAULT_LOG):
        self.table = table
        self.d = drivers
        self.state_path = state_path
        self.record_path = record_path
        self.write_line = write_line       # one line to USB serial (print on the Pico)
        self.wdt = wdt
        self.files = files                 # store.py files object (None: the real filesystem)
        self.fault_log = fault_log         # a file of the faults with their tracebacks, or None
        self._logged = None                # (part, message, when) of the fault last logged
        self.faults = 0
        self.last_fault = None             # (part, message)
        self.saves = 0
        self.save_failed = None
        self.settled_feeds = 0
        self.loaded = []                   # dice values to use before the RNG (sim, tests)
        self.last_roll = []  # type: list  # the dice last given to the Table
        self.now = 0
        self._fed_change = -1              # scanner.last_change of the reading last fed
        self._notice = None
        self._notice_until = 0
        self._notice_unstarted = False
        self._shown_leds = bytearray(len(table.leds))
        # the strip index of each LED role, 255 = none: led_index() once, not per frame
        self._led_map = bytearray(255 if led_index(r) < 0 else led_index(r)
                                  for r in range(len(table.leds)))
        self._leds_written = False
        self._brightness = -1          # the Table's brightness setting last applied (percent)
        self._shown_screen = None
        self._record_ready = False
        self._unrecorded = []              # record lines not yet on flash (kept, in order)
        self.record_failed = None
        self._record_tried = 0

    # ------------------------------------------------------------ faults
    def guard(self, part, fn, now_ms):
        """Run fn(now_ms); an exception is logged and shown, never propagated."""
        try:
            fn(now_ms)
            return True
        except Exception as e:  # one failing part must not stop the board
            self.fault(part, e, now_ms)
            return False

    def fault(self, part, exc, now_ms=None):
        """Count, log (serial line and faults.log) and show a fault; a part failing on every
        cycle is logged once per REPEAT_MS, so it floods neither the line nor the flash."""
        self.faults += 1
        now = self.now if now_ms is None else now_ms
        msg = "%s: %s" % (type(exc).__name__, exc)
        self.last_fault = (part, msg)
        self.notice(["FAULT in " + part] + _wrap(msg), now_ms)
        last = self._logged
        if last is not None and last[0] == part and last[1] == msg and _diff(now, last[2]) < REPEAT_MS:
            return
        self._logged = (part, msg, now)
        self.write_line(events.error("task_" + part, msg))
        if self.fault_log:
            try:
                from app import faultlog     # only when something failed: no heap before
                faultlog.append(self.fault_log, part, exc, now)
            except Exception:
                pass                          # a failing log must not make a second fault

    def notice(self, rows, now_ms=None):
        """Show `rows` on the OLED for NOTICE_MS instead of the Table's screen."""
        self._notice = rows
        # no time yet (a boot message): the time starts at the next display
        self._notice_unstarted = now_ms is None
        if now_ms is not None:
            self._notice_until = (now_ms + NOTICE_MS) & 0x3FFFFFFF

    # ------------------------------------------------------------ one cycle
    def step(self, now_ms, scan=True):
        """One cycle; scan=False skips the sensors (a simulator whose board did not change)."""
        self.now = now_ms
        g = self.guard
        if scan:
            g("scan", self.scan, now_ms)
        g("buttons", self.poll_buttons, now_ms)
        g("clock", self.tick, now_ms)
        g("dice", self.roll_if_wanted, now_ms)
        g("outbox", self.drain, now_ms)
        g("display", self.display, now_ms)
        if self.wdt is not None:
            self.wdt.feed()

    def scan(self, now_ms):
        """One scan; a settled reading is fed to the Table once per change."""
        sc = self.d.scanner
        sensed = sc.scan()
        if sc.settled and sc.last_change != self._fed_change:
            self._fed_change = sc.last_change
            self.settled_feeds += 1
            self.table.sensed(sensed)
            self.drain(now_ms)
            # show the verdict now, not at the display task's next round: rest-to-LED time
            self.display(now_ms)

    def rescan_feed(self):
        """Feed the current reading again at the next settled scan (after a restore)."""
        self._fed_change = -1

    def poll_buttons(self, now_ms):
        b = self.d.buttons
        if b is None:
            return
        evs = b.poll(now_ms)
        for i in range(len(evs)):
            name, kind = evs[i]
            if self.d.dice is not None:
                self.d.dice.stir(now_ms)   # when a player pressed is good entropy
            self.press(name, kind, now_ms)

    def press(self, name, kind="press", now_ms=None):
        """A button event, from the Buttons driver or the serial line."""
        self.table.button(name, kind)
        self.drain(self.now if now_ms is None else now_ms)

    def tick(self, now_ms):
        self.table.tick(now_ms)
        if self._unrecorded and _diff(now_ms, self._record_tried) >= RECORD_RETRY_MS:
            self.write_records()           # the flash refused earlier and nothing new came
        if self.d.buzzer is not None:
            self.d.buzzer.tick(now_ms)

    def roll_if_wanted(self, now_ms):
        n = self.table.want_roll
        if not n:
            return
        d = self.d.dice
        d1 = self.loaded.pop(0) if self.loaded else d.die()
        if n == 1:
            self.last_roll = [d1]
            self.table.dice(d1)
        else:
            d2 = self.loaded.pop(0) if self.loaded else d.die()
            self.last_roll = [d1, d2]
            self.table.dice(d1, d2)
        self.drain(now_ms)

    # ------------------------------------------------------------ effects
    def drain(self, now_ms=None):
        """Carry out everything the Table asked for since the last drain, in order."""
        for kind, payload in self.table.take_outbox():
            if kind == "save":
                self.save(payload)
            elif kind == "record":
                self.record(payload)
            elif kind == "event":
                self.event(payload)
            elif kind == "beep":
                if self.d.buzzer is not None:
                    self.d.buzzer.beep(payload, self.now if now_ms is None else now_ms)
            else:
                self.write_line(events.error("outbox", "unknown effect %r" % (kind,)))

    # The path of a saved match boot could neither read nor set aside (app/boot.py), or
    # None: save() must not write over it. A class default: set by start_app.
    state_held = None

    def save(self, payload):
        try:
            if self.state_held is not None:
                self._set_held_aside()
            # store.py for the save only: a few saves a turn (lazy.call)
            call("store", "save", self.state_path, payload, self.files)
            self.saves += 1
            self.save_failed = None
            if _COLLECT:
                # a quiet moment (a turn just committed, a roll or a cube action saved):
                # collect now rather than in the middle of judging the next reading
                gc.collect()
        except (OSError, MemoryError) as e:
            # the game goes on; the player is told that a power cut would lose this turn
            # (MemoryError: no heap to load store.py or build the file on a fragmented heap)
            words = "no memory"
            if self.state_held is not None:
                words = "unread old match kept"     # the save was refused to keep it
            elif isinstance(e, OSError):
                try:
                    words = call("store", "why", e)        # "flash full", not "28"
                except Exception:
                    words = "flash error"
            self.save_failed = words
            self.write_line(events.error("save_failed", "state not saved: %s" % (words,)))
            self.notice(["STATE NOT SAVED", "flash error" if isinstance(e, OSError) else "no memory"]
                        + _wrap(words, 16, 3))

    def _set_held_aside(self):
        """Move the unread saved match out of the way of this save, or refuse the save."""
        held = self.state_held
        aside = call("store", "set_aside", self.state_path, ".unread", self.files, held)
        if aside is None:
            raise OSError(5, "old match in %s not overwritten" % held)
        self.state_held = None
        self.write_line(events.error("state_kept", "the saved match that could not be read "
                                     "is kept as %s" % aside))

    def record(self, line):
        """Append one line to the match record. If the flash or the heap refuses, the line is
        kept in order with any others and written with the next one: the game goes on."""
        if not isinstance(line, str):
            from record_writer import encode
            line = encode(line)
        self._unrecorded.append(line)
        self.write_records()

    def write_records(self):
        q = self._unrecorded
        self._record_tried = self.now
        try:
            if not self._record_ready:
                # writes the header, ends a torn last line: record.py once, then forgotten
                call("record", "RecordLog", self.record_path)
                self._record_ready = True
            with open(self.record_path, "a") as f:
                while q:
                    f.write(q[0] + "\n")
                    q.pop(0)
        except (OSError, MemoryError) as e:
            # a line may be half written: RecordLog ends it before the next one
            self._record_ready = False
            first = self.record_failed is None
            self.record_failed = str(e) or type(e).__name__
            if first:
                self.write_line(events.error("record_failed", "%d record line(s) kept in memory: %s"
                                             % (len(q), self.record_failed)))
                self.notice(["RECORD NOT SAVED", "kept, will retry"] + _wrap(self.record_failed, 16, 3))
            return
        if self.record_failed is not None:
            self.record_failed = None
            self.write_line(events.line("record_saved", []))

    def event(self, payload):
        if isinstance(payload, str):
            self.write_line(payload)
            return
        kind = payload.get("t", "event")
        keys = sorted(k for k in payload if k != "t")   # a fixed order on every port
        self.write_line(events.line(kind, [(k, payload[k]) for k in keys]))

    def display(self, now_ms):
        t = self.table
        leds = self.d.leds
        if leds is not None and t.brightness() != self._brightness:
            # the setting is a percent of the pin map's cap; the driver never exceeds the cap
            self._brightness = t.brightness()
            leds.brightness(_cfg.LED_BRIGHTNESS_MAX * self._brightness / 100)
            self._leds_written = False
        if leds is not None and (t.leds != self._shown_leds or not self._leds_written):
            self._shown_leds[:] = t.leds
            for role in range(1, len(t.leds)):
                i = self._led_map[role]
                if i != 255:
                    code = t.leds[role]
                    leds.set(i, RGB[code] if code < len(RGB) else RGB[0])
            leds.show()
            self._leds_written = True
        rows = t.screen
        if self._notice is not None:
            if self._notice_unstarted:
                self._notice_unstarted = False
                self._notice_until = (now_ms + NOTICE_MS) & 0x3FFFFFFF
            if _diff(now_ms, self._notice_until) >= 0:
                self._notice = None
            else:
                rows = self._notice
        if self.d.oled is not None and rows != self._shown_screen:
            self._shown_screen = list(rows)
            self.d.oled.lines(rows)
