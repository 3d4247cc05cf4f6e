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
