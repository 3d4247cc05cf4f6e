"""The App's asyncio tasks (firmware/app/tasks.py): the board runs, a task that raises is
logged, shown and restarted while the others go on, and the watchdog is fed while the scan
task lives. Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
try:
    import asyncio
except ImportError:
    import uasyncio as asyncio
from apprig import rig, Position, cfg
from app import tasks


class Failing:
    """A real Table whose tick raises on its 3rd call: a bug in the clock task."""

    def __init__(self, table):
        self.t = table
        self.calls = 0

    def tick(self, now_ms):
        self.calls += 1
        if self.calls == 3:
            raise KeyError("bug")
        self.t.tick(now_ms)

    def __getattr__(self, name):
        return getattr(self.t, name)


class Watchdog:
    def __init__(self):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def test_tasks_run_the_board_and_outlive_a_failing_task():
    sc, app, lines = rig()
    app.table = Failing(app.table)
    wdt = Watchdog()

    async def main():
        asyncio.create_task(tasks.run(app, wdt, cfg, serial=False))
        await asyncio.sleep(0.1)
        sc.put(Position.start())
        await asyncio.sleep(0.6)

    asyncio.run(main())
    assert app.faults == 1 and app.last_fault[0] == "clock", app.last_fault
    assert app.table.calls > 5                 # the clock task went on after the fault
    assert app.settled_feeds >= 2              # the scan task fed both readings
    assert app.table.phase == 1                # the start position seen: the opening roll
    assert wdt.feeds >= 1                      # fed while the scan task beats
    assert any("task_clock" in l for l in lines)


class BrokenScanner:
    settled = False
    last_change = 0

    def scan(self):
        raise OSError(5, "mux bank 3 does not answer")


def test_buttons_are_polled_at_the_scan_period_even_while_the_scan_fails():
    """The buttons are polled in the scan task, after each scan; a scan that raises waits
    RESTART_MS before its next try, the buttons do not (the menu must work on a board
    whose scanner failed)."""
    sc, app, lines = rig()
    app.d.scanner = BrokenScanner()
    polls = [0]
    poll = app.poll_buttons

    def counted(now):
        polls[0] += 1
        poll(now)
    app.poll_buttons = counted

    async def main():
        asyncio.create_task(tasks.run(app, None, cfg, serial=False))
        await asyncio.sleep(0.5)

    asyncio.run(main())
    assert app.last_fault[0] == "scan"
    assert 2 <= app.faults <= 4, app.faults           # tried every RESTART_MS, not every period
    assert polls[0] >= 20, polls[0]                    # ~every SCAN_PERIOD_MS meanwhile


def test_the_scan_runs_back_to_back_yielding_to_the_other_tasks():
    """The scan task does not wait out a fixed period (issue 8: at the pin map's 10 ms a
    7-8 ms scan capped the running board below 100 scans/s): after each turn of scans it
    only yields, so a task that does nothing but yield runs once between two turns (a
    period would let it run over and over while the scan task slept), and the clock and
    display still get their turns. Counted in the order things ran, not in wall time
    (issue 26 item 21: a count of scans in 0.3 s failed on a loaded machine)."""
    sc, app, lines = rig()
    # in the order things ran: the scans, the yielding task's runs in a row since the
    # last scan (the longest such run), and the yielder's runs that followed a scan
    seen = {"scans": 0, "row": 0, "longest": 0, "after_scan": 0}
    scan = app.scan

    def counted(now):
        seen["scans"] += 1
        seen["row"] = 0
        scan(now)
    app.scan = counted
    ticks_seen = [0]
    tick = app.tick

    def counted_tick(now):
        ticks_seen[0] += 1
        tick(now)
    app.tick = counted_tick

    async def yielder(turns):
        while turns:
            if seen["row"] == 0 and seen["scans"]:
                seen["after_scan"] += 1
            seen["row"] += 1
            seen["longest"] = max(seen["longest"], seen["row"])
            turns -= 1
            await asyncio.sleep(0)

    async def main():
        asyncio.create_task(tasks.run(app, None, cfg, serial=False))
        await asyncio.sleep(0)          # the board's tasks start first
        await yielder(30)

    asyncio.run(main())
    # every run of the yielder but the first follows a turn of scans: never two in a row
    # (one more allowed for the ui task's turn between them)
    assert seen["longest"] <= 2, seen
    assert seen["after_scan"] >= 28, seen
    assert ticks_seen[0] >= 1, ticks_seen[0]                      # the ui task ran too


class Lines:
    """A byte stream of command lines for a SerialLine."""

    def __init__(self, data):
        self.data = data
        self.i = 0

    def ready(self):
        return self.i < len(self.data)

    def read1(self):
        self.i += 1
        return self.data[self.i - 1:self.i]


# The commands' code in the heap while commands come (app.commands, bg.ids and the match's
# gnubg state for `ids`): 16,160 bytes of the 64-bit unix port's heap after `ids`, 5,120
# after `state` alone. Once forgotten the heap is back within 1,760 bytes of where it was
# (the names the first load interned, kept for good, and the three answers' lines).
COMMANDS_KEPT_MIN = 12000
COMMANDS_FORGOTTEN_MAX = 2500


def test_the_commands_code_stays_loaded_while_commands_come_then_leaves_the_heap():
    """Loading app.commands (and bg.ids for `ids`) for every line stalled the loop each line
    of a flood; now it is loaded with the first command, kept while commands come, and
    forgotten KEEP_COMMANDS_MS after the last one: a board nobody talks to keeps none of
    it in its heap. (The heap's figures under MicroPython; CPython checks the answers.)"""
    from heapuse import held, grew
    from base.rare import forget
    sc, app, lines = rig()
    forget("app.commands", "bg.ids", "bg.matchsave", "version")   # as after power-up (app/start.py)
    stream = Lines(b"state\nids\nhelp\n")
    line = tasks.SerialLine(app, stream.ready, stream.read1)
    before = held()
    line.turn(1000)
    assert '"t":"state"' in lines[-1], lines[-1]
    line.turn(1020)
    assert '"t":"ids"' in lines[-1] and '"pos":"4HPwATDgc/ABMA"' in lines[-1], lines[-1]
    kept = grew(before)
    assert kept is None or kept >= COMMANDS_KEPT_MIN, kept
    line.turn(1040 + tasks.KEEP_COMMANDS_MS - 100)   # still within the keep time of "ids"
    assert '"t":"help"' in lines[-1], lines[-1]
    kept = grew(before)                              # not loaded and dropped line by line
    assert kept is None or kept >= COMMANDS_KEPT_MIN, kept
    line.turn(1040 + 2 * tasks.KEEP_COMMANDS_MS)     # silence: forgotten
    left = grew(before)
    assert left is None or left <= COMMANDS_FORGOTTEN_MAX, left
    assert line.answers == 3
