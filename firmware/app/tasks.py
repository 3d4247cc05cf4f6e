"""The asyncio tasks around an App: each part of App.step() at its own rate.

  scan      every SCAN_PERIOD_MS: one scan; a settled reading goes to the Table
  buttons   every 5 ms (hardware brief 5.1)
  clock     every 20 ms: Table.tick, the buzzer, and the dice the Table asks for
  display   every 20 ms: outbox drained (state saved) first, then LEDs and OLED
  serial    command lines on USB serial (app.commands)
  watchdog  feeds machine.WDT only while the scan task keeps beating

Every task body runs under App.guard: an exception is logged and shown, the task pauses
RESTART_MS and goes on. Tasks never block: they sleep with asyncio.sleep_ms.
"""
import sys

try:
    import asyncio
except ImportError:  # older MicroPython
    import uasyncio as asyncio  # type: ignore[no-redef]

import board_config as _cfg
import events
import ticks
from lazy import call

RESTART_MS = 200
WDT_TIMEOUT_MS = 5000
BEAT_LIMIT_MS = 2000
SERIAL_PERIOD_MS = 20
# Bytes the serial task reads per turn at most, and it answers at most one line per turn:
# whatever floods the line (a 1 MB line, thousands of commands, noise), a turn stays short
# and the scan runs between turns (issue 8: a flood froze the board for seconds). 64 bytes
# a turn is 3.2 KB/s, far more than a person or the monitor sends.
SERIAL_BYTES_PER_TURN = 64
OLED_PAGES_PER_ROUND = 1
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


async def forever(app, part, period_ms, fn, beats=None):
    """Call fn(now_ms) every period_ms (start to start) under app.guard; after a fault
    pause RESTART_MS."""
    while True:
        now = ticks.ms()
        ok = app.guard(part, fn, now)
        if beats is not None and part == "scan":
            beats.scan = now
        # a fixed rate: sleep what is left of the period (0 still lets the others run)
        left = period_ms - ticks.diff(ticks.ms(), now)
        await _sleep((left if left > 0 else 0) if ok else RESTART_MS)


def _clock(app):
    def run(now):
        app.now = now
        app.tick(now)
        app.roll_if_wanted(now)
    return run


def _display(app):
    def run(now):
        app.drain(now)       # saved before shown
        app.display(now)
    return run


def _answer(app, line, length):
    # app.commands for the line only (lazy.call): a monitor on the serial line should not
    # keep its code in the heap between commands
    return call("app.commands", "answer", app, line, length)


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

    def reset(self):
        self.kept = self.length = 0

    def turn(self):
        """Read at most `budget` bytes and answer at most one line; returns the bytes read."""
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
                        text = _answer(self.app, line, n)
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


async def run(app, wdt=None, cfg=_cfg, serial=True):
    """Run the board: never returns (serial=False: no command line, for tests; or a
    SerialLine to read instead of USB serial)."""
    beats = Beats()
    # one OLED page per display round: the screen's ~24 ms of I2C spread over 8 rounds,
    # so no round holds the scan back more than ~3 ms (BENCHMARKS.md, app section)
    app.oled_pages = OLED_PAGES_PER_ROUND
    asyncio.create_task(forever(app, "scan", cfg.SCAN_PERIOD_MS, app.scan, beats))
    asyncio.create_task(forever(app, "buttons", 5, app.poll_buttons))
    asyncio.create_task(forever(app, "clock", 20, _clock(app)))
    if serial:
        asyncio.create_task(serial_task(app, None if serial is True else serial))
    if wdt is not None:
        asyncio.create_task(watchdog_task(app, beats, wdt))
    await forever(app, "display", 20, _display(app))
