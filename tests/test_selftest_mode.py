"""The self-test and calibration screens with the board's real drivers (built by
app.build on the fake machine) and the simulated board: buttons in, LEDs and OLED out,
and a full calibration by the maker's routine that ends saved on flash.

CPython only: the whole driver stack, the fake SSD1306 decoder and the board model compiled
from source do not fit the Pico-sized heap together; the SelfTest core it drives runs
under MicroPython in tests/portable/test_selftest_calibration.py."""
import gc
import os
import scratch

from scanrig import cfg, WHITE, BLACK
import fake_io
import fake_adc
import neopixel
import physboard
from hw.calibration import Calibration
from hw.selftest_mode import SelfTestMode, group_lines
from hw.selftest import SelfTest


class Clock:
    def __init__(self):
        self.now = 0


def _setup(path):
    from app.build import build_drivers
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    fake_adc.install(None)
    gc.collect()
    _screen()       # builds the fake OLED's glyph table now, while the heap has a 2.6 KB hole
    board = physboard.PhysicalBoard(seed=31).install()
    drivers = build_drivers(None, cfg, {"settle_us": 0}, dice_seed=1)
    return board, SelfTestMode(drivers, SelfTest(drivers.scanner, drivers.leds, drivers.oled),
                               cal_path=path), Clock()


def _run(mode, clock, ms):
    alive = True
    for _ in range(ms // 5):
        clock.now += 5
        alive = mode.step(clock.now)
    return alive


def _press(mode, clock, name, hold_ms=60):
    fake_io.set_input(cfg.BUTTONS[name], 0 if cfg.BUTTONS_ACTIVE_LOW else 1)
    _run(mode, clock, hold_ms)
    fake_io.set_input(cfg.BUTTONS[name], 1 if cfg.BUTTONS_ACTIVE_LOW else 0)
    return _run(mode, clock, 60)


def _screen():
    return [r.strip() for r in fake_io.oled_device(cfg.OLED_ADDR).text_rows()]


def _path():
    return scratch.path("selftest.bin")


def _rm(path):
    for p in (path, path + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass


def test_screens_leds_sensors_suspects_then_a_full_calibration_saved():
    path = _path()
    _rm(path)
    board, mode, clock = _setup(path)
    # LED walk: one LED lit at a time
    _run(mode, clock, 300)
    frame = neopixel.last_frame(cfg.LED_PIN)
    assert len([p for p in frame if p != (0, 0, 0)]) == 1, frame
    # live readings
    board.set_point(1, WHITE, 1)
    _press(mode, clock, "menu")
    _run(mode, clock, 200)
    rows = _screen()
    assert rows[0].startswith("P01s1") and rows[0].endswith("w1") and rows[1].endswith("--"), rows
    _press(mode, clock, "p1_main")                     # next page
    _run(mode, clock, 200)
    assert _screen()[0].startswith("P02s1"), _screen()
    # suspects: nothing dead, but not calibrated yet
    _press(mode, clock, "menu")
    _run(mode, clock, 600)
    assert _screen()[:2] == ["SUSPECT 1", "all uncal"], _screen()
    # calibration, step by step, as a maker does it
    _press(mode, clock, "menu")
    board.clear()
    assert _screen()[0] == "CALIBRATE", _screen()
    _press(mode, clock, "p2_main")                     # empty board measured
    n = len(mode.passes)
    for k in range(n):
        rows = _screen()
        assert rows[0] == "1 CHECKER %d/%d" % (k + 1, n), rows
        group = mode.passes[k]
        board.clear()
        for i in group[:-1]:
            board.put_on_sensor(i, WHITE if k % 2 else BLACK)
        if k == 0:                                     # one slot forgotten: the step stays
            _press(mode, clock, "p1_main")
            assert _screen()[-1] == "missing 1" and mode.cal_step == 1, _screen()
        board.put_on_sensor(group[-1], WHITE)
        _press(mode, clock, "p1_main")
    assert _screen()[0] == "2-HIGH STACKS", _screen()
    board.clear()
    for i in mode.passes[0]:
        board.put_on_sensor(i, BLACK, 2)
    _press(mode, clock, "p1_main")
    assert _screen()[0] == "CALIBRATED" and _screen()[-1].startswith("d2 0.2"), _screen()
    _press(mode, clock, "p1_main")
    assert _screen()[:2] == ["CALIBRATION", "saved to flash"], _screen()
    cal = Calibration.load(path)
    assert cal.warning is None and cal.stack_ok
    assert not _press(mode, clock, "menu", hold_ms=900)   # long MENU leaves
    _rm(path)


def test_group_lines_name_slots_by_point():
    spp = cfg.SLOTS_PER_POINT
    assert group_lines([0, 2, 4, spp + 1, cfg.N_POINT_SENSORS + 1]) == ["P01 s1 s3 s5", "P02 s2", "BW s2"]


def test_the_led_walk_goes_on_across_the_tick_wrap():
    """ticks_ms() wraps at 2**30 (12.4 days powered on): the screens' next refresh is a
    tick value compared through ticks.py, so the LED walk does not stop at the wrap."""
    path = _path()
    _rm(path)
    board, mode, clock = _setup(path)
    clock.now = (1 << 30) - 600
    seen = set()
    for _ in range(400):                         # 2 s in 5 ms steps, the wrap 0.6 s in
        clock.now = (clock.now + 5) & ((1 << 30) - 1)
        mode.step(clock.now)
        if clock.now < 1 << 29:
            seen.add(mode.test.led_i)
    assert len(seen) >= 5, seen                  # a new LED every 250 ms after the wrap
    _rm(path)


def test_the_self_test_says_on_serial_why_it_was_entered(capsys):
    """Issue 26: six buttons read pressed at power-up (a wiring fault) entered the self-test
    in silence on a board without an OLED. The mode and why come first on serial."""
    import json
    from app.start import self_test

    class NoOled:            # the drivers app.build made: no OLED (nor sensors, LEDs) here
        oled = scanner = leds = None
        unbuilt = [("oled", "OSError: no answer at 0x3c")]
    held = ["p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo"]
    self_test(NoOled(), held)
    lines = capsys.readouterr().out.splitlines()
    mode = json.loads(lines[0])
    assert mode["t"] == "mode" and mode["mode"] == "self-test", lines
    assert "p1_main" in mode["why"] and "wiring fault" in mode["why"], mode
    assert "needs the OLED" in lines[1], lines
