"""The App (firmware/app) on the real drivers, the fake machine and the real Table: cycles
feeding settled readings, the LED frame and the OLED, and a failing part caught and shown.
Runs under pytest and MicroPython with the Pico's heap; see apprig for the scanner stand-in."""
import json
from apprig import rig, run, oled_shows, oled_rows, led_index, Position, neopixel, cfg, FAULTS
from game import colours


def test_cycles_feed_settled_readings_and_show_the_table():
    sc, app, lines = rig()
    run(app, 100)
    assert app.settled_feeds == 1            # the empty board, once settled
    sc.put(Position.start())
    run(app, 100)
    assert app.settled_feeds == 2            # the change, fed once
    assert app.faults == 0, app.last_fault
    assert oled_shows(app, app.table.screen)
    # the LED strip received the Table's frame, each role at its LED, scaled by the driver
    frame = neopixel.last_frame(cfg.LED_PIN)
    assert frame is not None and len(frame) == cfg.LED_COUNT
    scale = app.d.leds.scale
    assert scale > 0
    lit = 0
    for role in range(1, colours.LED_COUNT):
        want = tuple((c * scale) >> 8 for c in colours.RGB[app.table.leds[role]])
        assert frame[led_index(role)] == want, (role, frame[led_index(role)], want)
        lit += want != (0, 0, 0)
    assert lit > 0


class Failing:
    """A real Table whose tick raises once: a bug in one part of the loop."""

    def __init__(self, table):
        self.t = table
        self.fail = 1

    def tick(self, now_ms):
        if self.fail:
            self.fail -= 1
            raise ZeroDivisionError("boom")
        self.t.tick(now_ms)

    def __getattr__(self, name):
        return getattr(self.t, name)


class Broken:
    """A scanner whose bank never answers: scan() raises on every cycle."""
    settled = False
    last_change = 0

    def scan(self):
        raise OSError(5, "mux bank 3 does not answer")


def test_a_part_failing_every_cycle_is_logged_once_per_interval():
    sc, app, lines = rig()
    app.d.scanner = Broken()
    run(app, 2000)                           # 200 cycles, each scan failing
    assert app.faults == 200
    logged = [l for l in lines if "task_scan" in l]
    assert len(logged) == 1, logged          # not 200 lines on serial (nor writes to flash)
    run(app, 4000)
    assert len([l for l in lines if "task_scan" in l]) == 2
    assert app.d.oled is not None and oled_rows(app)[0] == "FAULT in scan", oled_rows(app)


def test_an_exception_in_a_part_is_logged_shown_and_the_board_goes_on():
    sc, app, lines = rig()
    app.table = Failing(app.table)
    run(app, 20)
    assert app.faults == 1
    assert app.last_fault[0] == "clock" and "boom" in app.last_fault[1]
    err = json.loads([l for l in lines if "task_clock" in l][0])
    assert err["t"] == "error" and "ZeroDivisionError" in err["msg"]
    assert oled_rows(app)[0] == "FAULT in clock", oled_rows(app)
    log = open(FAULTS).read()                # the traceback is kept on flash
    assert "clock" in log and "ZeroDivisionError" in log and "boom" in log
    sc.put(Position.start())
    run(app, 100)                            # the other parts kept running
    assert app.faults == 1
    assert app.table.phase == 1              # the start position seen: the opening roll
    run(app, 5000)                           # the notice goes, the Table's screen returns
    assert oled_shows(app, app.table.screen)


def test_the_brightness_setting_reaches_the_led_strip():
    sc, app, lines = rig()
    sc.put(Position.start())
    run(app, 100)
    cap = cfg.LED_BRIGHTNESS_MAX
    assert abs(app.d.leds.brightness() - cap * app.table.brightness() / 100) < 0.01
    bright = app.d.leds.scale
    app.table.settings.brightness = 25          # the menu's "LED brightness 25 %"
    run(app, 50)
    assert abs(app.d.leds.brightness() - cap * 0.25) < 0.01
    assert app.d.leds.scale < bright            # the frame went out dimmer
    app.table.settings.brightness = 100
    run(app, 50)
    assert abs(app.d.leds.brightness() - cap) < 0.01   # never above the pin map's cap


def test_notices_and_repeated_faults_across_the_tick_wrap():
    """ticks_ms() wraps at 2**30: a fault shown just before the wrap leaves the OLED
    NOTICE_MS later, after it; a fault repeated across the wrap is logged once per
    REPEAT_MS, not for ever or never (every comparison through ticks.py)."""
    from base import ticks
    from app.loop import NOTICE_MS, REPEAT_MS
    sc, app, lines = rig()
    start = ticks.PERIOD - 1000
    app.step(start)

    def boom(now):
        raise ValueError("boom")
    app.guard("clock", boom, start)
    app.display(start)
    assert oled_rows(app)[0] == "FAULT in clock", oled_rows(app)
    t = start
    for k in range(10, NOTICE_MS - 10, 10):
        t = ticks.add(start, k)
        app.step(t)
    assert t < start and oled_rows(app)[0] == "FAULT in clock"   # past the wrap, still shown
    app.step(ticks.add(start, NOTICE_MS))
    assert oled_shows(app, app.table.screen)                # gone: the Table's screen again
    logged = len([l for l in lines if "task_clock" in l])
    app.guard("clock", boom, ticks.add(start, REPEAT_MS - 10))     # within REPEAT_MS: counted
    assert len([l for l in lines if "task_clock" in l]) == logged == 1
    app.guard("clock", boom, ticks.add(start, REPEAT_MS + 10))     # after: logged again
    assert len([l for l in lines if "task_clock" in l]) == 2
    assert app.faults == 3


def test_leds_first_then_the_screen_a_page_per_display_round():
    """As app.tasks runs it (oled_pages = 1): a settled reading lights the LEDs in the scan
    itself, no OLED page is sent before them, and the new screen reaches the display one
    page per display round (~3 ms of I2C each instead of ~24 ms at once)."""
    sc, app, lines = rig()
    app.oled_pages = 1
    run(app, 100)
    bus = app.d.oled.i2c
    sc.put(Position.start())
    led_frame = [None]
    show = app.d.leds.show

    def shown():
        led_frame[0] = bus.sent      # I2C bytes sent when the LED frame went out
        show()
    app.d.leds.show = shown
    sent0 = bus.sent
    fed = app.settled_feeds
    t = 200
    while app.settled_feeds == fed:
        t += 10
        pages = app.d.oled.pages_sent
        app.scan(t)
    assert led_frame[0] == sent0                   # the LEDs before any OLED byte
    assert app.d.oled.pages_sent == pages          # the scan itself sent no OLED page
    rounds = 0
    while rounds == 0 or app.d.oled.pending():
        p = app.d.oled.pages_sent
        app.display(t)               # a display round: the screen drawn, a page sent
        assert app.d.oled.pages_sent - p <= 1
        rounds += 1
    assert 2 <= rounds <= 8 and oled_shows(app, app.table.screen), rounds


def test_the_screen_rows_are_drawn_after_the_led_frame():
    """Rest to LED: a settled reading's LEDs go out before its screen rows are drawn (the
    rows cost more than the LEDs, BENCHMARKS.md app section); the screen follows in the
    display round, and a `state` command right after the scan already sees it."""
    from app.commands import answer
    sc, app, lines = rig()
    app.oled_pages = 1
    run(app, 100)
    before = list(app.table.screen)
    assert before
    sc.put(Position.start())
    at_show = [None]
    show = app.d.leds.show

    def shown():
        at_show[0] = app.table.screen
        show()
    app.d.leds.show = shown
    fed = app.settled_feeds
    t = 200
    while app.settled_feeds == fed:
        t += 10
        app.scan(t)
    assert at_show[0] is None                      # the LEDs first, rows not drawn yet
    state = json.loads(answer(app, b"state"))
    assert state["screen"] != before, state        # asked for: drawn at once
    rounds = 0
    while rounds == 0 or app.d.oled.pending():
        app.display(t)
        rounds += 1
    assert app.table.screen == state["screen"] and oled_shows(app, app.table.screen)
