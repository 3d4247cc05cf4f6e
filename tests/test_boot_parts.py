"""Power-up with missing hardware (issue 8 item 25): the real drivers built by app.build on
the fake `machine` (host_tools/fakes) and the simulated board, the App started as main()
starts it, then app.parts: every missing or dead part is named on serial in words, on the
OLED where it works or by the LEDs where it does not, and the board goes on (the Table,
the serial commands). CPython only: the fake machine with its SSD1306 model, the scanner
and the Table do not fit the Pico-sized heap together (tests/portable/apprig.py); the
App's side of it runs under MicroPython in tests/portable/test_app_parts.py."""
import json


import fake_io  # noqa: E402
import fake_adc  # noqa: E402
import neopixel  # noqa: E402
import physboard  # noqa: E402
import board_config as cfg  # noqa: E402
from app.build import build_drivers  # noqa: E402
from app.boot import start_app  # noqa: E402
from app import commands
import app.parts as parts  # noqa: E402
from bg.position import Position  # noqa: E402

class Dead:
    """Every ADC input reads 0 V: the sensor rail unpowered or unwired."""

    def read_adc(self, gpio):
        return 0

def _boot(tmp_path, adc=None, oled=True, cut_banks=()):
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    if not oled:
        fake_io.detach_i2c(cfg.OLED_ADDR)
    board = None
    if adc is None:
        board = physboard.PhysicalBoard(seed=3)
        board.install()
        for h, b in cut_banks:
            board.cut_bank_power(h, b)
    else:
        fake_adc.install(adc)
    drivers = build_drivers(None, cfg, {"settle_us": 0}, dice_seed=1)
    lines = []
    app = start_app(drivers, str(tmp_path / "state.bin"), str(tmp_path / "match.rec"), lines.append,
                    fault_log=None)
    missing = parts.run(app)
    return board, app, lines, missing

def _errors(lines):
    out = []
    for text in lines:
        obj = json.loads(text)
        if obj["t"] == "error" and obj["code"] == "part_missing":
            out.append(obj["msg"])
    return out

def _run(app, t0, ms):
    for k in range(0, ms, 10):
        app.step(t0 + k)
    return t0 + ms

def _oled_rows():
    dev = fake_io.oled_device(cfg.OLED_ADDR)
    return [r.strip() for r in dev.text_rows()]

class _ProfileCfg:
    """board_config with another power profile."""
    def __init__(self, profile, **changes):
        for name in dir(cfg):
            if not name.startswith("__"):
                setattr(self, name, getattr(cfg, name))
        self.POWER_PROFILE = profile
        for name, value in changes.items():
            setattr(self, name, value)


def test_the_power_profile_sets_the_led_budget_and_the_scan_pairs():
    """hardware/power.md: the charger profile (the firmware's) pairs the halves and gives the
    LEDs 140 mA; a computer port reads one bank at a time and gives them 56 mA."""
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    physboard.PhysicalBoard(seed=3).install()
    for c, budget, paired in ((cfg, cfg.LED_BUDGET_MA, True), (_ProfileCfg("pc"), cfg.LED_BUDGET_MA_PC, False)):
        d = build_drivers(None, c, {"settle_us": 0}, dice_seed=1)
        assert d.leds.budget_ma == budget and d.scanner.pair_halves == paired, (budget, paired)


def test_power_up_raises_the_core_voltage_then_the_clock_of_the_power_profile():
    """hardware/power.md, "The clock": in the charger profile the core regulator goes to
    1.15 V (VSEL 0b1100) before the clock goes to 200 MHz (certified only from 1.15 V), and
    before any driver (the OLED's I2C takes its divider from the clock it is made at); the
    computer port's profile does the same (its LED frame budget pays for it: hardware/power.md).
    GP23 high: the Pico's SMPS in PWM mode, as the pin map asks."""
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    physboard.PhysicalBoard(seed=3).install()
    assert fake_io.freq() == 125000000
    build_drivers(None, cfg, {"settle_us": 0}, dice_seed=1)
    assert fake_io.chip_log() == [("vsel", 0b1100), ("freq", 200000000)], fake_io.chip_log()
    assert fake_io.freq() == 200000000 and fake_io.pin_level(cfg.SMPS_MODE_PIN) == 1
    # a second build (the self-test's, a test's) changes nothing more
    build_drivers(None, cfg, {"settle_us": 0}, dice_seed=1)
    assert len(fake_io.chip_log()) == 2
    fake_io.reset_fakes()
    build_drivers(None, _ProfileCfg("pc"), {"settle_us": 0}, dice_seed=1)
    assert fake_io.chip_log() == [("vsel", 0b1100), ("freq", 200000000)], fake_io.chip_log()
    # a pin map that keeps the computer port at the reset clock: nothing touched
    fake_io.reset_fakes()
    build_drivers(None, _ProfileCfg("pc", CPU_MHZ_PC=125), {"settle_us": 0}, dice_seed=1)
    assert fake_io.chip_log() == [] and fake_io.freq() == 125000000


def test_a_clock_the_chip_refuses_is_named_and_the_board_runs_at_its_own(tmp_path, monkeypatch):
    import machine

    def refuse(hz=None):
        if hz is None:
            return 125000000
        raise ValueError("cannot change frequency")
    monkeypatch.setattr(machine, "freq", refuse)
    board, app, lines, missing = _boot(tmp_path)
    errs = _errors(lines)
    assert len(errs) == 1 and errs[0].startswith("clock: the chip refused the clock of its power profile "
                                                 "(ValueError: cannot change frequency)"), errs
    assert app.d.oled is not None and app.d.scanner is not None and app.d.leds is not None
    board.set_position(Position.start())
    _run(app, 0, 300)
    assert app.table.phase == 1


def test_a_whole_board_reports_nothing_missing(tmp_path):
    board, app, lines, missing = _boot(tmp_path)
    assert missing == [] and _errors(lines) == [], (missing, lines)

def test_no_oled_is_named_on_serial_and_flashed_on_the_leds_and_the_board_plays(tmp_path):
    board, app, lines, missing = _boot(tmp_path, oled=False)
    errs = _errors(lines)
    assert len(errs) == 1 and errs[0].startswith("oled: no OLED answers at I2C address 0x3C"), errs
    assert "SDA GP%d" % cfg.I2C_SDA in errs[0]
    frames = []
    t = 0
    for k in range(0, 600, 10):
        app.step(k)
        frames.append(neopixel.last_frame(cfg.LED_PIN))
    red = [f for f in frames if f and all(p[0] > 0 and p[1] == 0 and p[2] == 0 for p in f)]
    dark = [f for f in frames if f and all(p == (0, 0, 0) for p in f)]
    assert red and dark, "the LED strip flashes red when the OLED cannot say it"
    # the board goes on: the start position is seen, the serial commands answer
    board.set_position(Position.start())
    t = _run(app, 600, 8000)                 # the flash ends (ALARM_MS), the Table's LEDs return
    assert app.table.phase == 1, app.table.phase
    st = json.loads(commands.answer(app, "state"))
    assert st["t"] == "state" and st["screen"] == list(app.table.screen)
    frame = neopixel.last_frame(cfg.LED_PIN)
    assert not all(p[1] == 0 and p[2] == 0 and p[0] > 0 for p in frame), "the Table's LEDs are back"
    # the App retries the display; plugged back in, it shows the Table's screen
    fake_io.attach_i2c(cfg.OLED_ADDR, fake_io.FakeSSD1306())
    t = _run(app, t, 11000)
    assert app.d.oled.ok
    assert any(json.loads(l).get("msg") == "the OLED answers again" for l in lines), lines[-3:]
    assert _oled_rows()[0] == app.table.screen[0].strip()[:16]

def test_an_unpowered_sensor_rail_is_named_and_shown_and_the_commands_still_work(tmp_path):
    board, app, lines, missing = _boot(tmp_path, adc=Dead())
    errs = _errors(lines)
    assert len(errs) == 1, errs
    assert errs[0].startswith("sensors: no sensor bank passes its self-test"), errs
    assert "sensor rail is unpowered" in errs[0]
    _run(app, 0, 200)
    rows = _oled_rows()
    assert rows[:2] == ["PARTS MISSING", "sensors unpowere"], rows
    assert json.loads(commands.answer(app, "state"))["t"] == "state"
    assert json.loads(commands.answer(app, "version"))["t"] == "hello"
    assert app.table.phase == 0           # nothing read, nothing inferred

def test_no_oled_and_no_sensors_are_both_named(tmp_path):
    board, app, lines, missing = _boot(tmp_path, adc=Dead(), oled=False)
    errs = _errors(lines)
    assert [e.split(":")[0] for e in errs] == ["oled", "sensors"], errs

def test_a_dead_bank_is_named_with_its_points(tmp_path):
    board, app, lines, missing = _boot(tmp_path, cut_banks=[(0, 0)])
    errs = _errors(lines)
    assert len(errs) == 1 and errs[0].startswith("sensors: sensor bank H0B0 (points 7 8)"), errs
    _run(app, 0, 100)
    assert _oled_rows()[:2] == ["PARTS MISSING", "bank H0B0 dead"], _oled_rows()

def test_a_part_that_cannot_be_built_is_named_and_the_rest_runs(tmp_path, monkeypatch):
    import machine
    real = machine.I2C

    def broken(*a, **kw):
        raise ValueError("bad SCL pin")
    monkeypatch.setattr(machine, "I2C", broken)
    try:
        board, app, lines, missing = _boot(tmp_path)
    finally:
        monkeypatch.setattr(machine, "I2C", real)
    errs = _errors(lines)
    assert errs == ["oled: oled could not be started: ValueError: bad SCL pin"], errs
    assert app.d.oled is None and app.d.scanner is not None
    board.set_position(Position.start())
    _run(app, 0, 300)
    assert app.table.phase == 1


def test_a_board_flashed_without_a_texts_file_names_it_and_plays_on(tmp_path, monkeypatch):
    """The texts are data files beside the modules (game/i18n.py): a board whose French menu
    file was not copied names it at power-up, on serial and on the OLED, with the way to put
    it back; the English screens are unharmed."""
    import shutil
    from game import i18n
    here = tmp_path / "game"
    here.mkdir()
    for files in i18n.FILES:
        for name in files:
            if name != "fr_menu.txt":
                shutil.copy(i18n._HERE + name, here / name)
    monkeypatch.setattr(i18n, "_HERE", str(here) + "/")
    monkeypatch.setattr(i18n, "_open", [[None, None], [None, None]])
    board, app, lines, missing = _boot(tmp_path)
    assert [m[:2] for m in missing] == [("texts", "texts missing")], missing
    errs = _errors(lines)
    assert len(errs) == 1 and "fr_menu.txt cannot be read" in errs[0] and "make flash" in errs[0], errs
    _run(app, 0, 200)
    assert _oled_rows()[:2] == ["PARTS MISSING", "texts missing"], _oled_rows()
    assert i18n.tr(0, "m_title") == "MENU" and i18n.tr(1, "m_title") == "MENU"   # (French: its English)
