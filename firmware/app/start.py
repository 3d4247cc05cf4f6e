"""Power-up on the Pico: build the board, resume the match (power_up(), which main.py runs
through app/tasks.py's main before the tasks). Power-up with a button held: the self-test
and calibration screens (hw/selftest.py) instead of the game. Otherwise: calibration loaded (defaults and a warning if missing), the
saved match resumed (app.boot), the watchdog started and the asyncio tasks run (app.tasks)
around the App (app.loop), which the simulator also drives step by step.

What only power-up needs (app.boot, app.build, the record format, board_config) is
forgotten before the tasks start, so that it leaves the heap (AFTER_POWER_UP).
"""


# What only power-up needs, forgotten before the tasks start (app.loop.forget): its code
# leaves the heap (app.build with the OLED's first initialisation, hw/oled_init.py, which
# it loads). board_config too: the drivers took what they need of it (the scanner
# its tables, hw/scanner.py's ScanTables), the App and the tasks a value each; hw.calibration
# (the scanner keeps the calibration's arrays); app.commands (a serial line's answers) and
# store (each save) are loaded again when needed.
AFTER_POWER_UP = ("app.boot", "app.build", "hw.oled_init", "app.commands", "version",
                  "hw.store", "record.record_writer", "board_config", "hw.calibration")


def self_test(drivers, held):
    """Run the self-test screens if this firmware has them; say so on the OLED if not. The
    mode and why are said on serial first (issue 26: six buttons read pressed, a wiring
    fault, gave 20 s of silence on a board without an OLED)."""
    from base import events
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


# The heap after power-up (docs/heap.md). MicroPython's heap never moves an object and its
# allocator is first fit, collecting only when an allocation fails: power-up, which loads
# code it then forgets while it makes objects the board keeps, would spread over the whole
# heap and leave its holes everywhere (on the emulated RP2040, 106 KB free in 563 pieces,
# the largest 7.9 KB; the widest 1-1 took twice as long there as in a whole heap). So:
# - a lid: a bytearray of LID bytes made first at the top of the heap, freed when power-up
#   is over: a block of at least LID bytes that nothing has cut, for the engine's weights
#   and a think's heap frames;
# - a collection every POWER_UP_THRESHOLD bytes allocated meanwhile (gc.threshold), and
#   every RUN_THRESHOLD after: garbage never piles up to the top, what is kept packs low,
#   and the holes a forgotten module leaves are filled again below.
# Power-up keeps about 131 KB of the Pico's 241 KB (bench heap32): the lid leaves it its
# room besides (LID_ROOM_MIN); a heap too small for both (a test's) gets no lid.
LID = 64 * 1024
LID_ROOM_MIN = 150 * 1024
POWER_UP_THRESHOLD = 8 * 1024
RUN_THRESHOLD = 16 * 1024
_LID_SLACK = 256              # left above the lid: a few objects power-up makes may go there


def _largest_block(most):
    """The largest bytearray the heap can hold now, to 1 KB, at most `most` bytes."""
    lo, hi = 0, most + 1
    while hi - lo > 1024:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            del b
            lo = mid
        except MemoryError:
            hi = mid
    return lo


def lid():
    """The lid: LID bytes at the top of the heap's largest free block (None on CPython, or
    where the heap is too small to leave power-up its room). A filler takes the block's
    lower part first, the lid the rest above it, then the filler is freed: first fit puts
    everything power-up makes below the lid."""
    import sys
    if sys.implementation.name != "micropython":
        return None
    import gc
    gc.collect()
    free = gc.mem_free()
    if free < LID + LID_ROOM_MIN:
        return None
    block = _largest_block(free)
    gc.collect()
    if block < LID + LID_ROOM_MIN // 2:
        return None
    try:
        filler = bytearray(block - LID - _LID_SLACK)
        top = bytearray(LID)
    except MemoryError:
        return None
    del filler
    gc.collect()
    return top


def _threshold(n):
    import gc
    if hasattr(gc, "threshold"):      # (CPython's gc has none)
        gc.threshold(n)


def power_up(wdt_ms=5000):
    """Build the board and resume its match: (app, wdt, scan_idle_ms) for the tasks, or None
    after the self-test (a button held at power-up); wdt_ms: the watchdog's timeout
    (app/tasks.py's, which calls this: this module does not import it)."""
    top = [lid()]            # (a list: the self-test gives it up, _power_up)
    _threshold(POWER_UP_THRESHOLD)
    try:
        try:
            up = _power_up(wdt_ms, top)
        except MemoryError:
            if top[0] is None:
                raise
            # power-up needed more than the room the lid left it (a bigger saved match than
            # any measured): again, on the whole heap; what the first try made is garbage
            top[0] = None
            import gc
            gc.collect()
            up = _power_up(wdt_ms, top)
    finally:
        top[0] = None        # the block power-up never touched: free at the next collection
        import gc
        gc.collect()
        _threshold(RUN_THRESHOLD)
    if up is not None:
        app = up[0]
        t = app.table
        if 0 < t.seats[0] < 4 or 0 < t.seats[1] < 4 or t.settings.grading:
            # a resumed match with the board in a seat (4: the computer on USB needs no
            # engine), or grading on (app/grading.py): the engine's weights now, into the
            # block the lid kept whole (app/seat.py; made at the first question otherwise);
            # no memory or no weights file is said as a fault and the board goes on
            from app import seat
            try:
                seat.engine_of(app)
            except Exception as e:
                app.fault("seat", e, 0)
    return up


def _power_up(wdt_ms, top):
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
        from base.rare import forget
        forget("board_config", "app.build", "hw.oled_init")
        import gc
        gc.collect()
        # (app.tasks is loaded before: main.py's import)
        from app.boot import start_app  # noqa: F401 (loaded here for the heap's layout)
        import board_config as cfg
    from base import events
    from app.build import build_drivers
    from app.commands import FIRMWARE_VERSION
    from hw.calibration import Calibration
    from machine import WDT
    scan_idle_ms = cfg.SCAN_PERIOD_MS     # for app.tasks, which does not import board_config
    cal = Calibration.load()
    drivers = build_drivers(cal, cfg)
    if held:
        top[0] = None        # the self-test's calibration has the whole heap
        import gc
        gc.collect()
        self_test(drivers, held)
        return None
    from app.boot import start_app
    from app.loop import forget
    from record.record_writer import FORMAT_VERSION
    wdt = WDT(timeout=wdt_ms)
    app = start_app(drivers, wdt=wdt, cal_warning=cal.warning)
    from dice.fairroll import FairRoll
    app.fair = FairRoll()          # the provably fair dice (docs/dice.md) instead of drivers.dice
    app.table.use_fair_dice(app.fair)   # for the menu's Dice page (game/menu.py, dicemenu.py)
    app.write_line(events.hello(FIRMWARE_VERSION, FORMAT_VERSION))
    # a missing OLED, a dead sensor rail...: named on serial, on the OLED or the LEDs
    from app import parts
    parts.run(app)
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
    return app, wdt, scan_idle_ms
