"""Serial floods and garbage (issue 8 item 1, the fault matrix's serial part): the serial
task reads a bounded amount per turn and answers at most one line per turn, so the scan runs
between turns whatever floods the line; every answer is valid JSON text; no flood presses a
button or moves a checker. Runs under pytest and MicroPython with the Pico's heap (see
apprig)."""
import json
import gc
try:
    import asyncio
except ImportError:
    import uasyncio as asyncio
from apprig import rig, Position, cfg
from app import tasks
from serialkit import Flood, repeat, noise, valid_answer


class Answers:
    """The App's serial output, each line checked as it is written and not kept (a flood's
    thousands of answers would not fit in the Pico-sized heap). Counted by kind; an error
    by its code ("error:bad_command")."""

    def __init__(self):
        self.n = 0
        self.bad = None          # the first answer that is not valid JSON text
        self.kinds = {}

    def __call__(self, text):
        self.n += 1
        if not valid_answer(text):
            self.bad = self.bad or text
            return
        obj = json.loads(text)
        k = obj["t"] if obj["t"] != "error" else "error:" + obj["code"]
        self.kinds[k] = self.kinds.get(k, 0) + 1


# (name, number of bytes, byte generator): the floods tried
FLOODS = (
    ("1 MB line", 1 << 20, repeat(b"x")),
    ("1 MB line of 2-byte UTF-8", 1 << 20, repeat(b"\xc3\xa9")),
    ("state commands", 6 * 300, repeat(b"state\n")),
    ("help commands, CR LF", 6 * 300, repeat(b"help\r\n")),
    ("random bytes", 1 << 15, noise(1)),
    ("random bytes, a line every 40", 1 << 15, noise(2, newline_every=40)),
    ("random printable ASCII, a line every 90", 1 << 15, noise(3, 32, 127, 90)),
    ("NULs", 1 << 15, repeat(b"\x00")),
    ("NULs between newlines", 1 << 14, repeat(b"\x00\n")),
    ("CR and LF only", 1 << 14, repeat(b"\r\n\n\r\r")),
    ("overlong UTF-8 (C0 80)", 1 << 12, repeat(b"\xc0\x80\n")),
    ("UTF-16 surrogates as UTF-8", 1 << 12, repeat(b"st\xed\xa0\x80ate\n")),
    ("above U+10FFFF", 1 << 12, repeat(b"\xf4\x90\x80\x80\n")),
    ("cut sequences", 1 << 12, repeat(b"\xe2\x82\n\xf0\x9f\n")),
    ("lone continuation bytes", 1 << 12, repeat(b"\x80\xbf\x9f help\n")),
    ("unknown commands with 0xff", 1 << 12, repeat(b"\xffstate\xff\n")),
    ("121-byte lines", 122 * 40, repeat(b"y" * 121 + b"\n")),
    ("120-byte commands", 121 * 40, repeat(b"state" + b" " * 115 + b"\n")),
    ("press commands with garbage", 1 << 12, repeat(b"press p1_main\npress p1_main\x00\npress \xff\n")),
)


def drive(app, sc, line, flood, turns_cap):
    """The loop's order: a serial turn, then a scan (a cycle of the other tasks), until the
    flood is read. Returns (turns, most bytes in one turn, most answers in one turn)."""
    turns = most_bytes = most_answers = 0
    now = 0
    while flood.ready() and turns < turns_cap:
        a0 = line.answers
        got = line.turn()
        most_bytes = max(most_bytes, got)
        most_answers = max(most_answers, line.answers - a0)
        turns += 1
        now += 10
        app.step(now)            # the scan and the others run between two serial turns
    return turns, most_bytes, most_answers


def test_every_flood_is_read_a_bounded_amount_per_turn_and_answered_with_valid_json():
    sc, app, lines = rig()
    sc.put(Position.start())
    for _ in range(10):
        app.step(0)
    phase = app.table.phase
    tried = plays = 0
    for name, n, gen in FLOODS:
        gc.collect()
        out = app.write_line = Answers()
        flood = Flood(n, gen)
        line = tasks.SerialLine(app, flood.ready, flood.read1)
        scans0 = sc.scans
        # a 1 MB line: its first 200 turns show the bound; the rest is more of the same
        cap = 200 if n >= 1 << 20 else n
        turns, most_bytes, most_answers = drive(app, sc, line, flood, cap)
        assert most_bytes <= tasks.SERIAL_BYTES_PER_TURN, (name, most_bytes)
        assert most_answers <= 1, (name, most_answers)
        assert sc.scans - scans0 >= turns, (name, "the scan did not run between turns")
        assert out.bad is None, (name, out.bad)
        assert out.n == line.answers, (name, out.n, line.answers)
        for k in out.kinds:
            # no_memory: a Pico-sized heap holding this test's code too may refuse a
            # command's code now and then; the board answers so and goes on
            assert k in ("error:bad_command", "error:no_memory", "state", "help", "ids",
                         "pressed"), (name, out.kinds)
        if name.startswith("press"):
            assert out.kinds.get("pressed", 0) >= 1, out.kinds   # the well-formed ones
        elif "commands" in name and "unknown" not in name:
            assert out.kinds.get("error:bad_command", 0) == 0, (name, out.kinds)
            assert out.kinds.get("error:no_memory", 0) < out.n, (name, out.kinds)
        plays += out.kinds.get("play", 0)
        tried += 1
    assert tried == len(FLOODS)      # and the ids flood: test_serial_line
    # garbage pressed no button (only the well-formed "press p1_main" lines did, before the
    # opening roll: no dice loaded, no move anywhere) and moved no checker
    assert app.table.phase in (phase, phase + 1), app.table.phase
    assert plays == 0 and app.table.match.score == [0, 0]
    assert app.faults == 0, app.last_fault


class Watchdog:
    def __init__(self):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def test_the_running_board_scans_and_feeds_the_watchdog_through_a_flood():
    """The real asyncio tasks with a 1 MB flood on the serial line: the scan task keeps its
    rate and the watchdog is fed (before issue 8 the serial task read the whole flood in one
    turn: seconds without a scan, the watchdog unfed)."""
    sc, app, lines = rig()
    wdt = Watchdog()
    flood = Flood(1 << 20, noise(7, newline_every=300))
    line = tasks.SerialLine(app, flood.ready, flood.read1)
    seen = [0, None, 0]          # scans, the last one's time, the longest gap (no list: the heap)
    scan = app.scan

    def timed_scan(now):
        t = tasks.ticks.ms()
        if seen[1] is not None:
            seen[2] = max(seen[2], tasks.ticks.diff(t, seen[1]))
        seen[0] += 1
        seen[1] = t
        scan(now)
    app.scan = timed_scan

    async def main():
        asyncio.create_task(tasks.run(app, wdt, cfg, serial=line))
        await asyncio.sleep(0.05)
        sc.put(Position.start())
        await asyncio.sleep(1.2)

    asyncio.run(main())
    assert flood.i > 0 and line.answers > 0               # the flood was being read
    # a correctness bound, loose on purpose (a shared host): the old serial task held the
    # loop for seconds
    assert seen[0] >= 30 and seen[2] < 250, seen
    assert wdt.feeds >= 2, wdt.feeds
    assert app.table.phase == 1                            # the start position was judged
    for text in lines:
        assert valid_answer(text), text
