"""The seats on the running board's asyncio tasks (app/tasks.py), not only in App.step: the
clock task asks the seat's question (here the computer on USB's seat_turn; before, the
tasks never called seat_if_wanted, so a seat never played on a Pico)."""
try:
    import asyncio
except ImportError:
    import uasyncio as asyncio
from apprig import rig, Position, cfg, THINK_CALL_MS
from app import tasks
from game.table import MOVING


def test_the_tasks_ask_the_seats_question():
    sc, app, lines = rig()
    t = app.table
    for _ in range(4):
        t.cycle_seat(1)                 # Black: the computer on USB
    app.loaded = [6, 1]                 # Black's opening die (the board rolls it), White's

    async def main():
        asyncio.create_task(tasks.run(app, None, cfg, serial=False))
        sc.put(Position.start())
        await asyncio.sleep(0.3)
        app.press("p1_main")            # White's opening die: Black starts 6-1
        await asyncio.sleep(0.3)

    asyncio.run(main())
    assert t.phase == MOVING and t.on_roll == 1, t.screen
    assert [l for l in lines if '"seat_turn"' in l and '"ask":"play"' in l], lines[-5:]


class Watchdog:
    def __init__(self):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def test_the_watchdog_is_fed_while_the_engine_thinks():
    # the tasks' watchdog cannot run during a think (one asyncio task holds the CPU), and
    # the strong level thinks longer than the 5 s watchdog on a Pico: its tick feeds it
    sc, app, lines = rig()
    app.wdt = Watchdog()
    app.thinking_scans = 0
    for _ in range(90):
        app.think_tick()                 # what the engine calls while it thinks (app/seat.py):
                                         # THINK_CALL_MS of the chip's time each on the rig's clock
    # fed once each round of service, every app.loop.THINK_SLICE_MS; the scan went on in parts
    assert app.wdt.feeds >= 90 * THINK_CALL_MS // app.think_slice_ms - 1 >= 2, app.wdt.feeds
    assert app.thinking_scans >= 2, app.thinking_scans
