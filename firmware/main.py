"""Tablier's firmware entry on the Pico: build the board, resume the match, run the tasks.

Power-up with a button held: the self-test and calibration screens (hw/selftest.py)
instead of the game. Otherwise: calibration loaded (defaults and a warning if missing),
the saved match resumed (app.boot), the watchdog started and the asyncio tasks run
(app.tasks) around the App (app.loop), which the simulator also drives step by step.
"""
import board_config as cfg
import events
from app.build import build_drivers, buttons_held_at_boot
from app.boot import start_app
from app.commands import FIRMWARE_VERSION


def self_test(drivers, held):
    """Run the self-test screens if this firmware has them; say so on the OLED if not."""
    try:
        from hw import selftest
    except ImportError:
        drivers.oled.lines(["SELF-TEST", "not in this", "firmware", "", "release " + held[0]])
        return
    run = getattr(selftest, "run", None)
    if run is None:
        drivers.oled.lines(["SELF-TEST", "hw.selftest has", "no run()"])
        return
    run(drivers)


def main():
    import record
    from hw.calibration import Calibration
    from machine import WDT
    try:
        import asyncio
    except ImportError:
        import uasyncio as asyncio  # type: ignore[no-redef]
    from app import tasks
    held = buttons_held_at_boot(cfg)
    cal = Calibration.load()
    drivers = build_drivers(cal, cfg)
    if held:
        self_test(drivers, held)
        return
    wdt = WDT(timeout=tasks.WDT_TIMEOUT_MS)
    app = start_app(drivers, wdt=wdt, cal_warning=cal.warning)
    app.write_line(events.hello(FIRMWARE_VERSION, record.FORMAT_VERSION))
    asyncio.run(tasks.run(app, wdt, cfg))


if __name__ == "__main__":
    main()
