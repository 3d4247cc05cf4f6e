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
import time

try:
    import asyncio
except ImportError:  # older MicroPython
    import uasyncio as asyncio  # type: ignore[no-redef]

import board_config as _cfg
from lazy import call

RESTART_MS = 200
WDT_TIMEOUT_MS = 5000
BEAT_LIMIT_MS = 2000
LINE_CAP = 121             # bytes kept of a command line: app.commands.MAX_LINE + 1 (too long)


def _ticks():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()  # type: ignore[attr-defined]
    return int(time.monotonic() * 1000) & 0x3FFFFFFF  # type: ignore[attr-defined]  # CPython (tests)


def _diff(a, b):
    """a - b for ticks_ms() values, across the 2**30 wrap."""
    return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000


async def _sleep(ms):
    if hasattr(asyncio, "sleep_ms"):
        await asyncio.sleep_ms(ms)  # type: ignore[attr-defined]
    else:
        await asyncio.sleep(ms / 1000)   # CPython (tests)


class Beats:
    """When each task last completed a round (the watchdog's evidence of life)."""

    def __init__(self):
        self.scan = _ticks()


async def forever(app, part, period_ms, fn, beats=None):
    """Call fn(now_ms) every period_ms (start to start) under app.guard; after a fault
    pause RESTART_MS."""
    while True:
        now = _ticks()
        ok = app.guard(part, fn, now)
        if beats is not None and part == "scan":
            beats.scan = now
        # a fixed rate: sleep what is left of the period (0 still lets the others run)
        left = period_ms - _diff(_ticks(), now)
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


def _answer(app, line):
    # app.commands for the line only (lazy.call): a monitor on the serial line should not
    # keep its code in the heap between commands
    return call("app.commands", "answer", app, line)


async def serial_task(app, stream=None):
    """Read command lines from USB serial without blocking the other tasks."""
    import select
    stream = stream or sys.stdin
    poller = select.poll()
    poller.register(stream, select.POLLIN)
    # bytes, unbuffered: a buffered reader would keep the rest of a line out of poll()'s sight
    stream = getattr(stream, "buffer", stream)
    stream = getattr(stream, "raw", stream)
    buf = bytearray()
    while True:
        try:
            while poller.poll(0):
                ch = stream.read(1)
                if not ch:
                    break
                c = ord(ch) if isinstance(ch, str) else ch[0]
                if c in (10, 13):
                    if buf:
                        app.write_line(_answer(app, bytes(buf)))
                        buf = bytearray()
                elif len(buf) <= LINE_CAP:
                    buf.append(c & 0xFF)
        except Exception as e:
            app.fault("serial", e, _ticks())
            buf = bytearray()
        await _sleep(20)


async def watchdog_task(app, beats, wdt):
    """Feed the watchdog only while the scan task runs: a hung loop resets the board."""
    while True:
        if _diff(_ticks(), beats.scan) < BEAT_LIMIT_MS:
            wdt.feed()
        await _sleep(500)


async def run(app, wdt=None, cfg=_cfg, serial=True):
    """Run the board: never returns (serial=False: no command line, for tests)."""
    beats = Beats()
    asyncio.create_task(forever(app, "scan", cfg.SCAN_PERIOD_MS, app.scan, beats))
    asyncio.create_task(forever(app, "buttons", 5, app.poll_buttons))
    asyncio.create_task(forever(app, "clock", 20, _clock(app)))
    if serial:
        asyncio.create_task(serial_task(app))
    if wdt is not None:
        asyncio.create_task(watchdog_task(app, beats, wdt))
    await forever(app, "display", 20, _display(app))
