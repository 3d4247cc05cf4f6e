"""App: the drivers wired to the Table, one cycle at a time.

    app = App(table, drivers)           # drivers: Drivers (any part may be None)
    app.step(now_ms)                    # scan, buttons, clock, dice, outbox, display: once each

The asyncio tasks (app.tasks) call the same parts at their own rates; the simulator and
the tests call step() with a virtual clock. Every part runs through guard(): an exception
is counted, logged on the serial line, shown on the OLED for NOTICE_MS, and the next call
runs normally (the board keeps playing).

The Table tells the App what happened through one channel, its outbox: (effect, payload)
pairs, the effects named in game/table.py, each carried out by its handler (ON_EFFECT, at
the end of the class; drain). The Table's questions come the same way (ASK_ROLL, ASK_PLAY,
ASK_CUBE): the App keeps what is asked (roll_asked, play_asked, cube_asked) and answers
with the Table's dice(), board_play(), board_cube(). Order matters: the outbox is drained
(state saved to flash) before the display shows the new state, so nothing is shown as done
that a power cut could undo (design principle).
"""
import gc
import sys
try:
    from micropython import const
except ImportError:                # CPython (the tests, the simulator)
    def const(x):  # type: ignore[misc]
        return x
from base import events
from base import ticks
from base.rare import forget  # noqa: F401 (app/start.py and bench_app use it from here)
from base.textrows import wrap
from game.colours import RGB
from game.table import ASK_ROLL, SAVE

_COLLECT = sys.implementation.name == "micropython"   # CPython's collector needs no help
NOTICE_MS = 4000          # how long a fault or boot message stays on the OLED
REPEAT_MS = 5000          # the same fault again within this time is counted, not logged again
RECORD_RETRY_MS = 5000    # a record line the flash refused is written again this often
# Record lines a state save carries in its file (hw/store.py's format 2) instead of each
# being appended on its own: littlefs copies a file's last block to append to it, a 4 KB
# erase (45 ms of the Pico's CPU) a line, while the state is rewritten in place anyway. At
# most this many lines and bytes (the state file stays within what littlefs keeps in its
# metadata: no block of its own). Only the lines of play ride (App._carry: rolls, plays, cube
# actions, resignations, timeouts, the tutor's); a match's or a game's start, a name, a
# game's end and the fair dice' lines go to the record at once with those before them (the
# record whole at every game's end, its header never only in the state), and so does a
# line no save follows. (Constants without names: a name is heap the board never frees.)
_CARRY_LINES = const(8)
_CARRY_BYTES = const(240)
# A seat's or a hint's think is served (the buttons, the clock, a page of the OLED) once per
# THINK_SLICE_MS of the chip's own time, however fast the evaluations run (a fragmented heap
# halved their speed on the emulated RP2040) and whatever the level (the strong level's
# leaves are long): the engine calls think_tick often (every few evaluations, every leaf)
# and most calls return at once. A button answered within about 30 ms. Grading's walks run
# while a person plays (no question): the scans and the watchdog, the buttons read once a
# slice and handled between two walks, the clock and the display between two walks.
THINK_SLICE_MS = 25
# ... and the scan runs in parts at the engine's ticks (hw.scanner's scan_step: from one
# bank's power-up wait to the next, the think working in the waits instead of a sleep), a
# scan due every THINK_SCAN_MS: about 66 readings a second (the engine's tick at every
# evaluation, about 0.65 ms of the chip's at 200 MHz: the 8 parts of a scan of the charger
# profile, the 14 of a computer port's, fit in 15 ms), each 4.1 ms of the chip's work
# instead of 6.6 with its waits slept
# (BENCHMARKS.md, engine)
THINK_SCAN_MS = const(15)
# ... a scan in parts still going this long after it began (the think's ticks too far apart:
# a strong think's leaves) is ended at once at the next tick, its last waits slept
THINK_SCAN_LATE_MS = const(12)
# while a think runs, a collection once this many bytes were allocated (app/start.py's
# RUN_THRESHOLD the rest of the time): a think's own allocations are about a kilobyte, but
# the players' rounds inside it redraw the display when a clock's second or a note changes
# (about 3 KB of the chip's a redraw), and at the run's threshold that garbage would pile up
# on top of the think's heap, a second at a time, until 16 KB more; with this one what is
# used at any moment of a think stays within a few KB of what it keeps (docs/heap.md). The
# cost: about one collection more a second of a think, a few ms of the chip's each (an
# estimate: a collection's time on the chip is not measured here).
THINK_GC_THRESHOLD = const(2048)
_run_threshold = None           # gc's threshold while no think runs (App.think_begins keeps it:
                                # a module's name, not one more attribute of the App)
# what a think answers (App.think_begins' question's kind; App.THINK_PLAY... for callers)
_THINK_PLAY = const(0)
_THINK_HINT = const(1)
_THINK_CUBE = const(2)
STATE_PATH = "state.bin"
RECORD_PATH = "match.rec"
FAULT_LOG = "faults.log"


class Withdrawn(Exception):
    """Raised inside a think (App.think_tick) when what the board was asked is no longer
    asked: a player handed the seat back, closed the menu of a hint, undid the turn, or the
    match ended meanwhile. app/seat.py's answer and app/hints.py's end the think there."""


class Drivers:
    """The parts of the board, one attribute each (None when a part is missing); made by
    app.build.build_drivers. Kept here, not in app.build, so that app.build can be
    forgotten after power-up (an instance's methods hold their module in the heap)."""

    def __init__(self, scanner=None, leds=None, oled=None, buttons=None, dice=None, buzzer=None,
                 unbuilt=()):
        self.unbuilt = unbuilt            # [(part, why)]: drivers that could not be made
        self.scanner = scanner
        self.leds = leds
        self.oled = oled
        self.buttons = buttons
        self.dice = dice
        self.buzzer = buzzer


def gpio_levels(mask):
    """A function reading the GPIO levels of `mask` in one register read (RP2040 datasheet
    2.3.1.7: SIO GPIO_IN, every GPIO's input level), or None where machine has no mem32.
    The Buttons driver keeps it (app/build.py's button_levels): made here, in a module
    that stays, it holds nothing of app.build (a function holds its module in the heap)."""
    try:
        from machine import mem32
    except ImportError:
        return None

    def levels():
        return mem32[0xD0000004] & mask
    return levels


def _print_line(text):
    print(text)


def _wrap(text, width=16, rows=5):
    """At most `rows` rows of `text`, wrapped as every screen is (textrows.wrap)."""
    return wrap(text, width)[:rows] if text else []


class App:
    # raised by think_tick when the question thought is withdrawn: the thinkers (app/seat.py,
    # app/hints.py) catch it as app.Withdrawn, without importing this module
    Withdrawn = Withdrawn

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
        self.fair = None                   # fairroll.FairRoll, the provably fair dice (app/start.py)
        self.now = 0
        self._fed_change = -1              # scanner.last_change of the reading last fed
        self._notice = None
        self._notice_until = 0
        self._notice_unstarted = False
        self._notice_next = None           # rows to show when the notice up now ends
        self._alarm_from = None            # the LED strip's red flash began then (tick)
        self._alarm_lit = -1               # the flash's last state written (0 off, 1 red)
        self._oled_lost = False            # the display's loss was said on serial
        self._oled_retry = None            # when to try it again (None: set at the next display)
        self._shown_leds = bytearray(len(table.leds))
        # the strip index of each LED role, 255 = none: once, not per frame (app/ledmap.py,
        # loaded for it: power-up only)
        from app import ledmap
        self._led_map = ledmap.led_map(len(table.leds))
        # the codes of the record lines that open a match or a game (record_writer.py's: it is
        # loaded for each line, not kept)
        from record import record_writer
        self._header_codes = record_writer.header_codes()
        self._leds_written = False
        self._brightness = -1          # the Table's brightness setting last applied (percent)
        self._shown_screen = None
        # OLED pages sent per display round, 0 = all at once (step(): the simulator and the
        # tests); app.tasks sets 1: a page is ~3 ms of blocking I2C, a screen ~24 ms
        self.oled_pages = 0
        self._record_ready = False
        self._unrecorded = []              # record lines not yet in the record (kept, in order)
        self._carried = 0                  # how many of them the last state save carried
        self._save_ahead = False           # (drain: a save comes after the effect in hand)
        self.record_failed = None
        self._record_tried = 0
        self.engine = None                 # the board's engine while a seat, a hint or grading needs it (app/seat.py)
        # the board's play thought over several cycles, a piece of think_piece results per
        # cycle (Engine.piece); 0: at once, in the cycle that asks (the Pico, the tests). The
        # web page sets it: pure Python under WebAssembly would block it for seconds
        self.think_piece = 0
        self.thinking = None               # that think in progress (app/seat.py), else None
        self.thinking_scans = 0            # scans run from inside the engine's thinking (think_tick)
        # the question being thought, else None: while it is, think_tick serves the buttons,
        # the clock and the display too. (view, level, dice, False): a seat's play
        # (app/seat.py); (view, menu, dice, True): the menu's hint (app/hints.py)
        self.question = None
        self.clock = ticks.ms              # the time think_tick reads (a test's virtual clock)
        self.think_slice_ms = THINK_SLICE_MS
        self._served_at = 0                # when think_tick last served (think_begins stamps it)
        self._scan_at = 0                  # when think_tick last began a scan
        self._due = 0                      # ... when it next does more than return
        self._parts = False                # ... a scan it began is in parts (every call a part)
        self._pressed_in_walk = []         # button events read inside a walk of grading's
        # what the Table asks, as its outbox told it (ASK_ROLL, ASK_PLAY, ASK_CUBE): the dice
        # wanted (1 an opening die, 2 a roll), the board's play at its level, its cube question
        self.roll_asked = None
        self.play_asked = None
        self.cube_asked = None

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
        if last is not None and last[0] == part and last[1] == msg and ticks.diff(now, last[2]) < REPEAT_MS:
            return
        self._logged = (part, msg, now)
        self.write_line(events.error("task_" + part, msg))
        if self.fault_log:
            try:
                from app import faultlog     # only when something failed: no heap before
                faultlog.append(self.fault_log, part, exc, now)
            except Exception:
                pass                          # a failing log must not make a second fault

    def notice(self, rows, now_ms=None, then=False):
        """Show `rows` on the OLED for NOTICE_MS instead of the Table's screen (then=True:
        after the notice up now, if any). A French board says them in French (app/notice_fr.py)."""
        if self.table.settings.lang:
            try:
                from app import notice_fr
                rows = notice_fr.french(rows)     # app/notice_fr.py (a name the heap has already)
            except MemoryError:            # no heap for the French: the English, not a crash
                pass
        if then and self._notice is not None:
            self._notice_next = rows
            return
        self._notice = rows
        # no time yet (a boot message): the time starts at the next display
        self._notice_unstarted = now_ms is None
        if now_ms is not None:
            self._notice_until = ticks.add(now_ms, NOTICE_MS)

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
        g("engine", self.engine_work, now_ms)
        g("outbox", self.drain, now_ms)
        g("display", self.display, now_ms)
        if self.wdt is not None:
            self.wdt.feed()

    def led_alarm(self, now_ms=None):
        """Flash the whole LED strip red for app.degraded.ALARM_MS (a part is missing and
        the OLED cannot say so); the Table's LEDs come back after."""
        self._alarm_from = -1 if now_ms is None else now_ms   # -1: from the next display
        self._alarm_lit = -1

    def scan(self, now_ms):
        """One scan; a settled reading is fed to the Table once per change."""
        sc = self.d.scanner
        if sc is None:                     # no scanner (app.parts said why): the rest runs
            return
        sensed = sc.scan()
        # (while the board thinks in pieces the reading waits for its play, as it waits
        # through a whole think: judged against the play once it is shown)
        if sc.settled and sc.last_change != self._fed_change and self.thinking is None:
            self._fed_change = sc.last_change
            self.settled_feeds += 1
            # the LEDs show the verdict now, not at the display task's next round (rest to
            # LED), and before the outbox: a save the reading caused (a bear-off finished,
            # a clock's second) may erase a flash sector, 45 ms of the Pico's CPU, and the
            # hand on the board waits for its LEDs, not for the flash. The outbox is carried
            # out before the screen says anything (saved before said); the OLED follows in
            # the display rounds, a page at a time (oled_pages)
            self.table.sensed(sensed, False)
            self.display_leds(now_ms)
            self.drain(now_ms)
            if not self.oled_pages:
                self.display_screen(now_ms)

    def rescan_feed(self):
        """Feed the current reading again at the next settled scan (after a restore)."""
        self._fed_change = -1

    def poll_buttons(self, now_ms):
        b = self.d.buttons
        if b is None:
            return
        if self._pressed_in_walk:
            # read inside a walk of grading's (think_tick), handled now, first (taken off the
            # list before: a press that raises is not handled twice)
            held = self._pressed_in_walk
            self._pressed_in_walk = []
            for i in range(len(held)):
                name, kind = held[i]
                self.press(name, kind, now_ms)
        evs = b.poll(now_ms)
        for i in range(len(evs)):
            name, kind = evs[i]
            if self.d.dice is not None:
                self.d.dice.stir(now_ms)   # when a player pressed is good entropy
            self.press(name, kind, now_ms)

    def press(self, name, kind="press", now_ms=None):
        """A button event, from the Buttons driver or the serial line."""
        if self.fair is not None and self.fair.button(self, name, kind, now_ms):
            return                         # a die entered by hand (fairroll.py, dicepad.py)
        if self.grader and self.grader.button(name, kind):
            return                         # the review's pages (app/grading.py)
        self.table.button(name, kind)
        self.drain(self.now if now_ms is None else now_ms)

    def tick(self, now_ms):
        self.table.tick(now_ms)
        if self.grader is not None or not self.table.settings.grading:
            # what the clock changed, a question asked or withdrawn too, known before the
            # dice and the engine act (while grading is on but its Grader is not made yet,
            # the lines wait for it: engine_work makes it, then drains)
            self.drain(now_ms)
        if self.fair is not None:
            self.fair.watch(self, now_ms)  # a match begun: its seed; ended: the seed revealed
        if len(self._unrecorded) > self._carried and ticks.diff(now_ms, self._record_tried) >= RECORD_RETRY_MS:
            self.write_records()           # the flash refused earlier and nothing new came
                                           # (lines a saved state carries are safe: they wait)
        if self.d.buzzer is not None:
            self.d.buzzer.tick(now_ms)

    def roll_if_wanted(self, now_ms):
        n = self.roll_asked
        if not n:
            return
        s = self.table.seats
        if s[0] == 5 or s[1] == 5:         # game.phases.SEAT_ONLINE: the server's dice
            from app import online
            online.ask_dice(self, now_ms)  # now, then every RESEND_MS until answered
            return
        if self.fair is not None and not self.loaded and self.fair.roll(self, now_ms):
            return                         # the provably fair dice rolled (fairroll.py)
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

    # Grading (a setting, app/grading.py): the Grader while it is on, 0 when its engine could
    # not be made (said in words; tried again once the setting is switched off and on),
    # None otherwise. A class default: a board with grading off holds nothing of it.
    grader = None

    def engine_work(self, now_ms):
        """The board's engine at work, each part loaded with its first use: a seat's question
        (app/seat.py; the computer on USB's seat, SEAT_USB, asks on serial instead:
        app/usbseat.py, kept while a seat is the computer's, game/seatflows.py forgets it),
        the menu's Hint (app/hints.py), one walk of grading (app/grading.py, made once the
        setting is on: grading.start). When nobody needs the engine any more (no board's
        seat, no menu open, no grading), it leaves the heap with that code (app/unseat.py,
        unseat.release)."""
        t = self.table
        m = t.menu
        if self.play_asked is not None or self.cube_asked is not None:
            s = t.seats[t.acting()]
            if s >= 4:                        # game.phases.SEAT_USB, SEAT_ONLINE
                import app.usbseat as usbseat     # kept while the seat is the computer's
                usbseat.ask(self, now_ms)     # now, then every RESEND_MS until answered
            elif s:       # (a person answering a resignation: the question waits for it)
                from app import seat
                seat.answer(self)
        elif self.thinking is not None:
            self.thinking = None              # the question was withdrawn (a seat changed)
        elif m is not None and m.want_hint:
            from app import hints
            hints.answer(self)
        gr = self.grader
        if gr:
            # (a think in pieces, think_piece, holds the engine's walker: grading waits)
            if self.thinking is None:
                gr.step(now_ms)
        elif t.settings.grading:
            if gr is None:
                from app import grading
                self.grader = grading.start(self, now_ms)
        else:
            self.grader = None
            # (the computer on USB's seat, 4, and a player online, 5, need no engine)
            if self.engine is not None and not (0 < t.seats[0] < 4 or 0 < t.seats[1] < 4) and m is None:
                from app import unseat
                unseat.release(self)
        self.drain(now_ms)

    def think_tick(self):
        """What the engine calls every engine.player.TICK_EVERY evaluations while it thinks (a
        seat's play, a hint, a walk of grading): the scan in parts (a scan begun every
        THINK_SCAN_MS of the chip's time, a part at each call while it lasts: the think works
        in the banks' power-up waits), so that the debounce keeps counting; the settled
        reading is fed to the Table at the next App.scan, once the walk is over (which ends a
        scan left in parts). Once per think_slice_ms, the players served.
        The watchdog is fed here too: the tasks' watchdog cannot run while the engine thinks,
        and a strong play takes longer than app.tasks.WDT_TIMEOUT_MS on a Pico."""
        now = self.clock()
        if self._parts or ticks.diff(now, self._due) >= 0:
            self._think_round(now)
        # (most calls: the think goes on. Few locals here: a bytecode function whose frame
        # is larger than 11 words has it allocated on the heap at every call, MicroPython's
        # py/objfun.c; this one is called at every evaluation)

    def _think_round(self, now):
        """think_tick's work when there is some: a part of a scan, the players' round."""
        # the scan in parts, a part at each call while one is begun, one begun each
        # THINK_SCAN_MS, whatever the think: a seat's, a hint's, or a walk of grading's
        sc = self.d.scanner
        if sc is not None and (sc.mid or ticks.diff(now, self._scan_at) >= THINK_SCAN_MS):
            if not sc.mid:
                # begun when it was due, not at the tick that found it due: ticks about 2 ms
                # apart (125 MHz) made each period that much longer (58 scans a second in
                # the widest 1-1); a think that fell a whole period behind starts afresh
                # rather than catch up in a burst
                late = ticks.diff(now, self._scan_at) - THINK_SCAN_MS
                self._scan_at = now if late >= THINK_SCAN_MS else ticks.add(self._scan_at, THINK_SCAN_MS)
            if ticks.diff(now, self._scan_at) >= THINK_SCAN_LATE_MS:
                sc.scan()                  # (ticks too far apart: the rest at once, its waits slept)
                self.thinking_scans += 1
            elif sc.scan_step() is not None:
                self.thinking_scans += 1
            self._parts = sc.mid
        # the rest once a slice of the chip's time (no question, grading's walk: a person
        # plays meanwhile); the next call that does more than return: the sooner of the two
        wait = self.think_slice_ms - ticks.diff(now, self._served_at)
        serve = wait <= 0
        if serve:
            self._served_at = now
            wait = self.think_slice_ms
        scan = THINK_SCAN_MS - ticks.diff(now, self._scan_at)
        self._due = ticks.add(now, scan if scan < wait else wait)
        if not serve:
            return
        q = self.question
        if self.wdt is not None:
            self.wdt.feed()
        if q is None and self.thinking is None and self.d.buttons is not None:
            # A walk of grading's (up to about 2 s of the Pico's): the buttons read, so that a
            # press made and released inside it is not lost, and handled once the walk is
            # over (poll_buttons), not here in the middle of the grader's work
            evs = self.d.buttons.poll(now)
            for i in range(len(evs)):
                if self.d.dice is not None:
                    self.d.dice.stir(now)
                self._pressed_in_walk.append(evs[i])
        if q is not None:
            # A seat's think answers the board's players as the tasks do between two scans
            # (issue 25: a think held the buttons, the clock and the OLED for up to 5.8 s on
            # the Pico): the buttons, the clock, the outbox and a page of the display. What
            # a press or the clock changed may withdraw the question: the think ends there.
            self.now = now
            self.guard("buttons", self.poll_buttons, now)
            self.guard("clock", self.tick, now)
            self.guard("display", self.drain_display, now)
            t = self.table
            kind = q[3]
            if t.view is not q[0] or t.turn_dice != q[2] or \
                    (self.play_asked != q[1] if kind == _THINK_PLAY else
                     t.menu is not q[1] if kind == _THINK_HINT else self.cube_asked != q[1]):
                raise Withdrawn()

    def think_begins(self, question):
        """A seat's or a hint's think starts on question (think_tick serves the players
        while it is set): (view, asked, dice, kind), kind THINK_PLAY (asked: the level of
        the seat's play), THINK_HINT (the menu that asked) or THINK_CUBE (the seat's cube
        question: its look ahead walks 21 rolls); the think is withdrawn when what asked it
        changes. The heap collected (MicroPython), so that the garbage of the cycles before
        it (up to start.RUN_THRESHOLD) is not on the heap through the think, and collected
        again every THINK_GC_THRESHOLD bytes allocated until think_ends; its first round of
        service THINK_SLICE_MS from now (the loop has just served)."""
        global _run_threshold
        if _COLLECT:
            gc.collect()
            if _run_threshold is None:
                _run_threshold = gc.threshold()
            gc.threshold(THINK_GC_THRESHOLD)
        self.question = question
        self._served_at = self._scan_at = self._due = self.clock()

    def think_ends(self):
        """The think is over, answered or withdrawn: think_tick no longer serves the players,
        and the heap is collected at the run's threshold again."""
        global _run_threshold
        self.question = None
        if _run_threshold is not None:
            gc.threshold(_run_threshold)
            _run_threshold = None

    def drain_display(self, now_ms):
        """The outbox drained (saved before shown), then the display: the ui task's round,
        and a think's tick."""
        self.drain(now_ms)
        self.display(now_ms)

    # ------------------------------------------------------------ effects
    def drain(self, now_ms=None):
        """Carry out everything the Table told since the last drain, in order: each effect by
        its handler (ON_EFFECT, at the end of the class), given the payload and now_ms."""
        on = self.ON_EFFECT
        out = self.table.take_outbox()
        last = -1                          # the last save: the record lines before it may ride in it
        for i in range(len(out)):
            if out[i][0] == SAVE:
                last = i
        for i in range(len(out)):
            effect, payload = out[i]
            self._save_ahead = i < last
            if effect < ASK_ROLL:
                getattr(self, on[effect])(payload, now_ms)
            else:
                setattr(self, on[effect], payload)      # a question: kept until told again
        self._save_ahead = False
        q = self._unrecorded
        if len(q) > self._carried and self.record_failed is None and not self._opening_only():
            self.write_records()           # lines left for a save to carry that did not (failed)

    def beep(self, pattern, now_ms=None):
        if self.d.buzzer is not None:
            self.d.buzzer.beep(pattern, self.now if now_ms is None else now_ms)

    def records_wait(self, lines, now_ms=None):
        """No heap to seal a record line (game/table.py's seal): it waits, numbered, and
        goes out with the next line or save; said once until a line is sealed."""
        if not self.record_delayed:
            self.write_line(events.error("record_delayed", "memory low: record line kept"))
            self.notice(["MEMORY LOW:", "record line", "delayed, kept"], now_ms)
        self.record_delayed = lines

    # The path of a saved match boot could neither read nor set aside (app/boot.py), or
    # None: save() must not write over it. A class default: set by start_app.
    state_held = None

    def save(self, payload, now_ms=None):
        try:
            if self.state_held is not None:
                self._set_held_aside()
            if payload is None:
                # the Table found no heap for the snapshot: made now, its transition over
                from game import snapshot
                payload = snapshot.to_bytes(self.table)
            # store.py for the save only: a few saves a turn (base/rare.py)
            from hw import store
            carry = self._carry()
            store.save(self.state_path, payload, self.files, carry)
            self._carried = len(self._unrecorded) if carry else 0
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
                    from hw import store
                    words = store.why(e)        # "flash full", not "28"
                except Exception:
                    words = "flash error"
            self.save_failed = words
            self.write_line(events.error("save_failed", "state not saved: %s" % (words,)))
            self.notice(["STATE NOT SAVED", "flash error" if isinstance(e, OSError) else "no memory"]
                        + _wrap(words, 16, 3))

    def _set_held_aside(self):
        """Move the unread saved match out of the way of this save, or refuse the save."""
        held = self.state_held
        from hw import store
        aside = store.set_aside(self.state_path, ".unread", self.files, held)
        if aside is None:
            raise OSError(5, "old match in %s not overwritten" % held)
        self.state_held = None
        self.write_line(events.error("state_kept", "the saved match that could not be read "
                                     "is kept as %s" % aside))

    said_deep_fault = None    # the strong level's leaf net fault last said (app/seat.py)
    said_cube_fault = None    # the cube's bear-off table's fault said (app/seat.py)
    THINK_PLAY = _THINK_PLAY  # a think's kinds (think_begins), for app/seat.py and hints.py
    THINK_HINT = _THINK_HINT
    THINK_CUBE = _THINK_CUBE
    record_delayed = 0    # record lines the Table could not seal yet (said once), else 0
    _record_floor = 0     # lines at or below this count are in the record already (record_open.open_log)

    def record(self, line, now_ms=None):
        """Queue one sealed line for the match record and write the queue. A match's or a
        game's opening line waits for the first line of play (a power cycle before the
        opening roll adds nothing); a line the flash or the heap refuses stays queued, in
        order, and is written with the next one: the game goes on."""
        if not isinstance(line, str):
            from record import record_writer
            line = record_writer.line(line)
        self.record_delayed = 0            # a line sealed: the Table's waiting ones are out
        if self._record_floor:
            from record import record_writer
            n = record_writer.seq_of(line)
            if n is not None and n <= self._record_floor:
                return                     # the header written again stands for it
        self._unrecorded.append(line)
        if self.grader:
            self.grader.line(line)         # grading: the decision noted, graded in later cycles
        elif line[0] == "E":
            from app import noreview
            noreview.say(self)           # a game's end, grading off: where its review is
        if self._opening_only():
            return
        # a line that will not ride in a save goes to the record now, before the state that
        # counts it is saved: a cut between leaves the record ahead of the state (record_open
        # voids the extra lines), never behind it (issue 26: a game left out of the export)
        if not (self._save_ahead and self._carry()):   # else the save later in the drain carries it
            self.write_records()

    def _carry(self):
        """The queued record lines as the bytes a state save carries, or None when they may
        not ride (_CARRY_LINES: the lines of play, so many)."""
        q = self._unrecorded
        if not q or len(q) > _CARRY_LINES or self.record_failed is not None:
            return None
        n = 0
        for line in q:
            if line[0] not in "RPDTKBSAXOL":       # rolls, plays, cube, resignations, timeouts, tutor
                return None
            n += len(line) + 1
        return "\n".join(q).encode() if n <= _CARRY_BYTES else None

    def _opening_only(self):
        """True while the queue holds only a match's or a game's opening (M, G, and the N
        lines that follow one): it waits for play. An N line alone (a seat changed in play:
        the ghost, the menu) is written at once, before the state that counts it is saved
        (issue 26: kept back, a cut after that save left the record short of it, and the
        game was started again in the record and left out of the export)."""
        codes = self._header_codes
        opening = False
        for line in self._unrecorded:
            c = line[0]
            if c not in codes or (c == "N" and not opening):
                return False
            opening = True
        return True

    def write_records(self):
        """Write the queued lines; each leaves the queue only once the file holding it is
        closed (littlefs can accept the writes into its cache and refuse the close)."""
        q = self._unrecorded
        self._record_tried = self.now
        if self._opening_only():
            return                         # only a match or game start: wait for play
        try:
            for _ in range(2):
                if not self._record_ready:
                    # header, torn last line, record against state (record_open.py, then forgotten)
                    from record import record_open
                    path, note, floor = record_open.open_log(self.record_path, q, self.table)
                    self._record_ready = True
                    if floor:
                        self._record_floor = floor
                    if note:
                        self.record_path = path
                        self.write_line(events.error("record_new_file", note))
                        self.notice(["NEW RECORD FILE", "old one is from", "other firmware,",
                                     "kept. Now:"] + _wrap(path.rsplit("/", 1)[-1], 16, 2))
                n = len(q)
                f = open(self.record_path, "a")
                try:
                    if f.seek(0, 2) == 0:
                        # the file was deleted since it was opened: its header again
                        self._record_ready = False
                        continue
                    for i in range(n):
                        f.write(q[i])
                        f.write("\n")
                finally:
                    f.close()
                del q[:n]
                self._carried = 0
                break
        except (OSError, MemoryError) as e:
            # a line may be half written: open_log ends it, and its number voids a repeat
            self._record_ready = False
            first = self.record_failed is None
            try:
                from base.errwords import words      # only when something failed
                self.record_failed = words(e)
            except MemoryError:
                self.record_failed = "no memory" if isinstance(e, MemoryError) else "flash error"
            if first:
                self.write_line(events.error("record_failed", "%d record line(s) kept in memory: %s"
                                             % (len(q), self.record_failed)))
                self.notice(["RECORD NOT SAVED", "kept, will retry"] + _wrap(self.record_failed, 16, 3))
            return
        if self.record_failed is not None:
            self.record_failed = None
            self.write_line(events.line("record_saved", []))

    def event(self, payload, now_ms=None):
        if isinstance(payload, str):
            self.write_line(payload)
            return
        kind = payload.get("t", "event")
        keys = sorted(k for k in payload if k != "t")   # a fixed order on every port
        self.write_line(events.line(kind, [(k, payload[k]) for k in keys]))

    def display(self, now_ms):
        """The LEDs, then the OLED: the LED strip first, it is what a player moving a
        checker watches; the OLED's I2C writes block the CPU for ~3 ms a page."""
        self.display_leds(now_ms)
        self.display_screen(now_ms)

    def display_leds(self, now_ms):
        t = self.table
        leds = self.d.leds
        if leds is not None and t.brightness() != self._brightness:
            # the setting is a percent of the pin map's cap (the driver's brightness_max,
            # given at power-up: this module does not import board_config, docs/table.md);
            # the driver never exceeds the cap
            self._brightness = t.brightness()
            leds.brightness(leds.brightness_max * self._brightness / 100)
            self._leds_written = False
        if leds is not None and self._alarm_from is not None:
            from app import degraded     # only on a board missing a part (app.parts)
            degraded.alarm(self, leds, now_ms)
        elif leds is not None and (t.leds != self._shown_leds or not self._leds_written):
            self._shown_leds[:] = t.leds
            for role in range(1, len(t.leds)):
                i = self._led_map[role]
                if i != 255:
                    code = t.leds[role]
                    leds.set(i, RGB[code] if code < len(RGB) else RGB[0])
            if self.grader:
                self.grader.paint(leds, self._led_map)   # the mover's status LED: its grade
            leds.show()
            self._leds_written = True

    def display_screen(self, now_ms):
        """The Table's screen (or the notice up) into the OLED's buffer when it changed,
        then at most `oled_pages` changed pages to the display (0: all of them)."""
        self.table.refresh_screen()
        rows = self.table.screen
        if self._notice is not None:
            if self._notice_unstarted:
                self._notice_unstarted = False
                self._notice_until = ticks.add(now_ms, NOTICE_MS)
            if ticks.reached(now_ms, self._notice_until):
                self._notice = None
                if self._notice_next is not None:
                    self.notice(self._notice_next, now_ms)
                    self._notice_next = None
                    rows = self._notice
            else:
                rows = self._notice
        if self.grader:
            rows = self.grader.screen(rows, self._notice)   # a game's review (app/grading.py)
        if self.fair is not None and self.fair.pad is not None:
            rows = self.fair.pad.rows()    # the dice being entered by hand, over any notice
        oled = self.d.oled
        if oled is None:
            return
        if not oled.ok:
            from app import degraded     # only on a board whose display failed
            degraded.oled_down(self, oled, now_ms)
            if not oled.ok:
                return
            self._shown_screen = None      # answering again: draw it all
        if rows != self._shown_screen:
            self._shown_screen = list(rows)
            oled.lines(rows, send=False)
        oled.show(most=self.oled_pages)

    # ---------------------------------------------------------------- effect -> handler
    # What the Table tells (game/table.py), one entry for each effect, indexed by it: the
    # App's method that carries it out, called with (payload, now_ms) (by name: a subclass's
    # own counts, tests/powercut_board.py's save); for a question, from ASK_ROLL on, the
    # App's attribute that keeps it (None: no longer asked).
    ON_EFFECT = (
        "save",            # SAVE
        "record",          # RECORD
        "records_wait",    # RECORD_DELAYED
        "event",           # EVENT
        "beep",            # BEEP
        "roll_asked",      # ASK_ROLL
        "play_asked",      # ASK_PLAY
        "cube_asked",      # ASK_CUBE
    )
