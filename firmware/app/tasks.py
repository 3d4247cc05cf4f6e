"""The asyncio tasks around an App: the parts of App.step() at their own rates.

  scan      back to back (SCAN_GAP_MS): one scan (a settled reading goes to the Table and
            its LEDs are written at once), then the buttons' poll (hardware brief 5.1: every
            ~5-10 ms, debounced over 20 ms); after SCAN_TURN_MS of that, a yield to the
            tasks that are due
  ui        every 20 ms: the clock (Table.tick, the buzzer, the dice the Table asks for),
            then the display: outbox drained (state saved) first, the LEDs, one OLED page
  serial    every 50 ms: a bounded turn of the command line on USB serial (app.commands)
  watchdog  feeds machine.WDT only while the scan task keeps beating

Few tasks on purpose: on the Pico an asyncio switch costs about as much as a button poll
(BENCHMARKS.md, app section, "Running board"), and every ms not spent switching is the
scan's. Every part runs under App.guard: an exception is logged and shown, the part pauses
RESTART_MS and the others go on. Tasks never block: they sleep with asyncio.sleep_ms.
"""
import sys

try:
    import asyncio
except ImportError:  # older MicroPython
    import uasyncio as asyncio  # type: ignore[no-redef]

from base import events
from base import ticks
from base.rare import forget

RESTART_MS = 200
WDT_TIMEOUT_MS = 5000
BEAT_LIMIT_MS = 2000
SERIAL_PERIOD_MS = 50
UI_PERIOD_MS = 20
# Bytes the serial task reads per turn at most, and it answers at most one line per turn:
# whatever floods the line (a 1 MB line, thousands of commands, noise), a turn stays short
# and the scan runs between turns (issue 8: a flood froze the board for seconds). 64 bytes
# a turn is 1.3 KB/s, far more than a person or the monitor sends.
SERIAL_BYTES_PER_TURN = 64
OLED_PAGES_PER_ROUND = 1
# The scan task's period, start to start: 0, back to back (it still yields to every task
# that is due after each scan). At the pin map's SCAN_PERIOD_MS (10) a 7-8 ms scan capped
# the running board below 100 scans/s (BENCHMARKS.md, app section, "Running board"); the
# pin map's value stays the simulators' step, the unit of BOARD_QUIET_MS and the scan
# task's pace while the scanner fails.
SCAN_GAP_MS = 0
# ... and scans follow each other for up to this long before the scan task yields: half the
# switches at a 7-8 ms scan, the clock, display and serial still served every ~20 ms
SCAN_TURN_MS = 10
KEEP_COMMANDS_MS = 5000    # the commands' code stays loaded this long after the last line
LINE_CAP = 121             # bytes kept of a command line: app.commands.MAX_LINE + 1 (too long)


async def _sleep(ms):
    if hasattr(asyncio, "sleep_ms"):
        await asyncio.sleep_ms(ms)  # type: ignore[attr-defined]
    else:
        await asyncio.sleep(ms / 1000)   # CPython (tests)


class Beats:
    """When each task last completed a round (the watchdog's evidence of life)."""

    def __init__(self):
        self.scan = ticks.ms()


async def scan_task(app, period_ms, beats, idle_ms, turn_ms=0):
    """The scan every period_ms (start to start), then the buttons' poll; period_ms 0: back
    to back, scan after scan for turn_ms before the task yields (each yield is an asyncio
    switch, about a button poll's cost on the Pico). A scan that raised is tried again
    RESTART_MS later; the buttons are polled every idle_ms meanwhile (a board with a failing
    scanner still has its menu)."""
    retry_at = None
    while True:
        start = ticks.ms()
        while True:
            now = ticks.ms()
            if retry_at is None or ticks.reached(now, retry_at):
                ok = app.guard("scan", app.scan, now)
                retry_at = None if ok else ticks.add(now, RESTART_MS)
                beats.scan = now
            app.guard("buttons", app.poll_buttons, ticks.ms())
            if period_ms or retry_at is not None or ticks.diff(ticks.ms(), start) >= turn_ms:
                break
        left = (period_ms if retry_at is None else idle_ms) - ticks.diff(ticks.ms(), start)
        await _sleep(left if left > 0 else 0)


def _clock(app):
    def run(now):
        app.now = now
        app.tick(now)
        app.roll_if_wanted(now)
        # the board's seat, the Hint, grading (App.engine_work): a fault there is its own
        app.guard("engine", app.engine_work, now)
    return run


async def ui_task(app, period_ms=UI_PERIOD_MS):
    """The clock, then the display, every period_ms; a part that raised pauses RESTART_MS."""
    clock, display = _clock(app), app.drain_display
    clock_at = display_at = None
    while True:
        now = ticks.ms()
        if clock_at is None or ticks.reached(now, clock_at):
            clock_at = None if app.guard("clock", clock, now) else ticks.add(now, RESTART_MS)
        if display_at is None or ticks.reached(now, display_at):
            display_at = None if app.guard("display", display, now) else ticks.add(now, RESTART_MS)
        left = period_ms - ticks.diff(ticks.ms(), now)
        await _sleep(left if left > 0 else 0)


class SerialLine:
    """Command lines from a byte stream, a bounded amount per turn (turn() never waits).

    `ready()` says whether a byte is waiting, `read1()` returns it (bytes or str of length 1;
    empty at end of stream). A line is kept up to LINE_CAP bytes and counted whole, so an
    overlong one is answered with its real length."""

    def __init__(self, app, ready, read1, budget=SERIAL_BYTES_PER_TURN):
        self.app = app
        self.ready = ready
        self.read1 = read1
        self.budget = budget
        self.buf = bytearray(LINE_CAP)   # allocated once: a flood allocates nothing per byte
        self.kept = 0                    # bytes of the line in buf
        self.length = 0                  # bytes of the line so far, kept or not
        self.answers = 0                 # lines answered (for the tests and the bench)
        self.loaded = []                 # modules the commands loaded, kept while they come
        self.last_command = 0            # when the last line was answered (tick)

    def reset(self):
        self.kept = self.length = 0

    def _answer(self, line, n, now):
        """The answer to one line. app.commands (and bg.ids for `ids`) is loaded with the first
        command and kept while commands come: loading it for each line cost ~90 ms of the
        Pico's time a line by estimate (BENCHMARKS.md app section), a stall per command in a
        flood. After KEEP_COMMANDS_MS without a command it is forgotten: a board nobody
        talks to keeps none of this code in its heap."""
        self.last_command = now
        if "app.commands" not in sys.modules:
            self.loaded.append("app.commands")
            if "version" not in sys.modules:
                self.loaded.append("version")    # (app.commands imports it: it goes with it)
        if line[:3].lower() == b"ids" and "bg.ids" not in sys.modules:
            import bg.ids  # noqa: F401 (kept, with the commands, while commands come)
            self.loaded.append("bg.ids")
            if "bg.matchsave" not in sys.modules:
                import bg.matchsave  # noqa: F401 (the match's gnubg state: kept with them)
                self.loaded.append("bg.matchsave")
        from app import commands
        return commands.answer(self.app, line, n)

    def forget_idle(self, now):
        if self.loaded and ticks.diff(now, self.last_command) >= KEEP_COMMANDS_MS:
            forget(*self.loaded)
            self.loaded = []

    def turn(self, now=None):
        """Read at most `budget` bytes and answer at most one line; returns the bytes read."""
        if self.loaded:
            now = ticks.ms() if now is None else now
            self.forget_idle(now)
        got = 0
        buf = self.buf
        while got < self.budget and self.ready():
            ch = self.read1()
            if not ch:
                break
            got += 1
            c = ord(ch) if isinstance(ch, str) else ch[0]
            if c == 10 or c == 13:
                if self.length:
                    line = bytes(memoryview(buf)[:self.kept])
                    n = self.length
                    self.reset()
                    self.answers += 1
                    try:
                        text = self._answer(line, n, ticks.ms() if now is None else now)
                    except MemoryError:
                        # a fragmented heap may refuse the command's code (ids loads the
                        # ID encoder): say so, the next try may find room
                        text = events.error("no_memory", "no memory to answer that command now; try again")
                    self.app.write_line(text)
                    return got               # one answer a turn: the scan goes next
            else:
                if self.kept < LINE_CAP:
                    buf[self.kept] = c & 0xFF
                    self.kept += 1
                self.length += 1
        return got


def stdin_line(app, stream=None):
    """The SerialLine on USB serial (sys.stdin), read byte by byte as poll() sees them."""
    import select
    stream = stream or sys.stdin
    poller = select.poll()
    poller.register(stream, select.POLLIN)
    # bytes, unbuffered: a buffered reader would keep the rest of a line out of poll()'s sight
    stream = getattr(stream, "buffer", stream)
    stream = getattr(stream, "raw", stream)

    def ready():
        return bool(poller.poll(0))

    def read1():
        return stream.read(1)
    return SerialLine(app, ready, read1)


async def serial_task(app, line=None):
    """Answer command lines on USB serial (or `line`, a SerialLine) without holding the
    other tasks: one bounded turn, then a sleep."""
    line = line or stdin_line(app)
    while True:
        try:
            line.turn()
        except Exception as e:
            app.fault("serial", e, ticks.ms())
            line.reset()
        await _sleep(SERIAL_PERIOD_MS)


async def watchdog_task(app, beats, wdt):
    """Feed the watchdog only while the scan task runs: a hung loop resets the board."""
    while True:
        if ticks.diff(ticks.ms(), beats.scan) < BEAT_LIMIT_MS:
            wdt.feed()
        await _sleep(500)


def power_up():
    """app/start.py's power_up, then that module forgotten: its code runs once and would
    hold 2-3 KB of the heap for ever. (app, wdt, scan_idle_ms), or None after the self-test."""
    from app import start
    up = start.power_up(WDT_TIMEOUT_MS)
    del start
    forget("app.start")
    import gc
    gc.collect()
    return up


def main():
    """The board: power-up, then the tasks for ever; after the self-test (a button held at
    power-up), nothing more."""
    up = power_up()
    if up is None:
        return
    app, wdt, idle_ms = up
    up = None
    try:
        asyncio.run(run(app, wdt, idle_ms=idle_ms))
    finally:
        # stopped (Ctrl-C: a computer took the REPL, mpremote or the companion page reading
        # the record): the record lines the state carries go to the record file now
        from app import carried
        carried.flush(app)


async def run(app, wdt=None, cfg=None, serial=True, idle_ms=None):
    """Run the board: never returns (serial=False: no command line, for tests; or a
    SerialLine to read instead of USB serial). cfg: the board configuration whose
    SCAN_PERIOD_MS is read (a test's), not kept; or idle_ms, that value (power-up reads it
    from board_config, forgotten by then). This module does not import board_config: a
    module the board keeps must not load it among the resident code, where its objects,
    forgotten, would leave small holes that later allocations walk past (BENCHMARKS.md,
    bench:app, settled -> LEDs)."""
    beats = Beats()
    # one OLED page per display round: the screen's ~24 ms of I2C spread over 8 rounds,
    # so no round holds the scan back more than ~3 ms (BENCHMARKS.md, app section)
    app.oled_pages = OLED_PAGES_PER_ROUND
    idle = idle_ms if cfg is None else cfg.SCAN_PERIOD_MS
    cfg = None
    asyncio.create_task(scan_task(app, SCAN_GAP_MS, beats, idle, SCAN_TURN_MS))
    if serial:
        asyncio.create_task(serial_task(app, None if serial is True else serial))
    if wdt is not None:
        asyncio.create_task(watchdog_task(app, beats, wdt))
    await ui_task(app)
