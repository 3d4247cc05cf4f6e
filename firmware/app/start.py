"""Power-up on the Pico: build the board, resume the match, run the tasks (main.py calls
main()). Power-up with a button held: the self-test and calibration screens (hw/selftest.py)
instead of the game. Otherwise: calibration loaded (defaults and a warning if missing), the
saved match resumed (app.boot), the watchdog started and the asyncio tasks run (app.tasks)
around the App (app.loop), which the simulator also drives step by step.

What only power-up needs (app.boot, app.build, the record format, board_config) is
forgotten before the tasks start, so that it leaves the heap (AFTER_POWER_UP).
"""


# What only power-up needs, forgotten before the tasks start (app.loop.forget): its code
# leaves the heap (app.build with the drivers' construction, hw/made.py and hw/oled_init.py,
# which it loads). board_config too: the drivers took what they need of it (the scanner
# its tables, hw/scanner.py's ScanTables), the App and the tasks a value each; hw.calibration
# (the scanner keeps the calibration's arrays); app.commands (a serial line's answers) and
# store (each save) are loaded again when needed.
AFTER_POWER_UP = ("app.boot", "app.build", "hw.made", "hw.oled_init", "app.commands", "version",
                  "store", "record_writer", "board_config", "hw.calibration")


def self_test(drivers, held):
    """Run the self-test screens if this firmware has them; say so on the OLED if not. The
    mode and why are said on serial first (issue 26: six buttons read pressed, a wiring
    fault, gave 20 s of silence on a board without an OLED)."""
    import events
    why = "held at power-up: " + " ".join(held)
    if len(held) > 2:
        why += " (%d buttons at once: a wiring fault? release them, power up again)" % len(held)
    print(events.line("mode", (("mode", "self-test"), ("why", why))))
    if drivers.oled is None or drivers.scanner is None or drivers.leds is None:
        print("self-test needs the OLED, the LEDs and the sensors: %s" % (drivers.unbuilt,))
        return
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
    import board_config as cfg
    from app.build import buttons_held_at_boot
    try:
        held = buttons_held_at_boot(cfg)
    except Exception:          # button pins that cannot be made: app.parts names them
        held = []
    if not held:
        # The code the board keeps (the App, the Table, the tasks) is loaded first, low in
        # the heap, and what only power-up needs (board_config, app.build) again above it:
        # forgotten after power-up, it then leaves no small holes below the resident code,
        # which most allocations of a settled reading (function calls' frames among them)
        # would walk past, MicroPython's allocator being first fit (BENCHMARKS.md, after
        # bench:app: 2-3 ms of the settled -> LED path).
        del cfg, buttons_held_at_boot
        from lazy import forget
        forget("board_config", "app.build", "hw.made", "hw.oled_init")
        import gc
        gc.collect()
        from app import tasks  # noqa: F401 (loaded here for the heap's layout)
        from app.boot import start_app  # noqa: F401
        import board_config as cfg
    import events
    from app.build import build_drivers
    from app.commands import FIRMWARE_VERSION
    from hw.calibration import Calibration
    from machine import WDT
    try:
        import asyncio
    except ImportError:
        import uasyncio as asyncio  # type: ignore[no-redef]
    scan_idle_ms = cfg.SCAN_PERIOD_MS     # for app.tasks, which does not import board_config
    cal = Calibration.load()
    drivers = build_drivers(cal, cfg)
    if held:
        self_test(drivers, held)
        return
    from app import tasks
    from app.boot import start_app
    from app.loop import forget
    import lazy
    from record_writer import FORMAT_VERSION
    wdt = WDT(timeout=tasks.WDT_TIMEOUT_MS)
    app = start_app(drivers, wdt=wdt, cal_warning=cal.warning)
    from fairroll import FairRoll
    app.fair = FairRoll()          # the provably fair dice (docs/dice.md) instead of drivers.dice
    app.table.fair = app.fair      # for the menu's Dice page (game/menu.py, dicemenu.py)
    app.write_line(events.hello(FIRMWARE_VERSION, FORMAT_VERSION))
    # a missing OLED, a dead sensor rail...: named on serial, on the OLED or the LEDs
    lazy.run_parts(app)
    del build_drivers, start_app, cfg
    # the scanner keeps the calibration's gain and baseline (sc.gain, sc.cal_base), not the
    # Calibration, whose class would hold hw/calibration.py in the heap (a recalibration, in
    # the self-test at power-up, loads it again)
    if drivers.scanner is not None:
        drivers.scanner.cal = None
    del cal, Calibration
    forget(*AFTER_POWER_UP)
    import gc
    gc.collect()
    t = app.table
    if 0 < t.seats[0] < 4 or 0 < t.seats[1] < 4 or t.settings.grading:
        # a resumed match with the board in a seat (4: the computer on USB needs no engine),
        # or grading on (app/grading.py): the engine's weights now, while the heap is whole
        # (app/seat.py; made at the first question otherwise); no memory or no weights file
        # is said as a fault and the board goes on
        from app import seat
        try:
            seat.engine_of(app)
        except Exception as e:
            app.fault("seat", e, 0)
    asyncio.run(tasks.run(app, wdt, idle_ms=scan_idle_ms))
