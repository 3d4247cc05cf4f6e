"""The App's side of power-up with missing parts (app/parts.py, issue 8 item 25) under
MicroPython with the Pico's heap: an OLED that does not answer, dead sensor banks, the
words on serial, the OLED notice or the LED flash, and the board going on. The whole board
on the fake machine: tests/test_boot_parts.py (CPython)."""
import json
from apprig import rig, run, oled_shows, neopixel, cfg, Position
import app.parts as parts


class NoDevice:
    """An I2C bus on which nothing acknowledges (no OLED plugged in): OSError(EIO)."""

    def writeto(self, addr, buf, stop=True):
        raise OSError(5, "EIO")

    def writevto(self, addr, vector, stop=True):
        raise OSError(5, "EIO")


class SelfTested:
    """The stand-in scanner with the real scanner's self-test verdicts: bank_fault per bank
    (2: rail/2 channel wrong), half_fault per half, _oor per sensor (1: low)."""

    def __init__(self, inner, dead_banks=(), low=()):
        self.inner = inner
        nb = len(cfg.SCAN_BANKS)
        self.bank_fault = bytearray(nb)
        for k in dead_banks:
            self.bank_fault[k] = 2
        self.half_fault = bytearray(cfg.HALVES)
        self.n = cfg.N_SENSORS
        self._oor = bytearray(self.n)
        for i in low:
            self._oor[i] = 1

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def scan(self):
        return self.inner.scan()


def _errors(lines):
    return [json.loads(l)["msg"] for l in lines if '"part_missing"' in l]


def test_a_missing_oled_is_named_flashed_on_the_leds_and_retried():
    from hw.oled import Oled
    sc, app, lines = rig()
    app.d.oled = Oled(NoDevice(), cfg.OLED_ADDR)
    assert not app.d.oled.ok
    missing = parts.run(app)
    assert [m[0] for m in missing] == ["oled"]
    errs = _errors(lines)
    assert len(errs) == 1 and "no OLED answers at I2C address 0x3C" in errs[0], errs
    reds = darks = 0
    for t in range(10, 3000, 10):
        app.step(t)
        f = neopixel.last_frame(cfg.LED_PIN)
        if all(p[0] > 0 and p[1] == 0 and p[2] == 0 for p in f):
            reds += 1
        elif all(p == (0, 0, 0) for p in f):
            darks += 1
    assert reds and darks, (reds, darks)
    assert len([l for l in lines if '"oled"' in l]) == 0   # said once, by app.parts
    sc.put(Position.start())
    for t in range(3000, 12000, 10):
        app.step(t)
    assert app.table.phase == 1                # the board plays on without its display
    f = neopixel.last_frame(cfg.LED_PIN)
    assert not all(p[1] == 0 and p[2] == 0 for p in f)   # the Table's LEDs after the flash


def test_dead_banks_and_low_sensors_are_named_in_words_and_shown():
    sc, app, lines = rig()
    app.d.scanner = SelfTested(sc, dead_banks=(0,), low=(0, 1, 2))
    missing = parts.run(app)
    assert [part for part, _, _ in missing] == ["sensors", "sensors"], missing
    errs = _errors(lines)
    assert errs[0].startswith("sensors: sensor bank H0B0 (points 7 8) fails its self-test: rail/2"), errs
    assert errs[1].startswith("sensors: 3 of 152 hall sensors read out of range: P01s1 low"), errs
    run(app, 20)
    assert oled_shows(app, ["PARTS MISSING", "bank H0B0 dead", "3 sensors bad"])


def test_every_bank_dead_says_the_sensor_rail_is_unpowered():
    sc, app, lines = rig()
    app.d.scanner = SelfTested(sc, dead_banks=range(len(cfg.SCAN_BANKS)))
    parts.run(app)
    errs = _errors(lines)
    assert len(errs) == 1 and "sensor rail is unpowered" in errs[0], errs


def test_a_whole_board_says_nothing():
    sc, app, lines = rig()
    app.d.scanner = SelfTested(sc)
    assert parts.run(app) == [] and _errors(lines) == []


def test_texts_files_missing_or_damaged_are_named():
    """The texts are data files beside the firmware (game/i18n.py): one not copied onto the
    board is named at power-up, in words, with the way to put it back; none is named when all
    are there."""
    assert parts.texts_faults() == []
    got = parts.texts_faults("no_such_folder/")
    assert [m[:2] for m in got] == [("texts", "texts missing")] * 4, got
    assert "no_such_folder/en.txt cannot be read" in got[0][2] and "make flash" in got[0][2]
    from game import i18n
    saved = list(i18n._open[0])
    try:
        i18n._open[0][:] = [(b"zz=damaged\n", bytearray(b"\x00\x00\x0b\x00")), False]
        got = parts.texts_faults()
        assert [m[:2] for m in got] == [("texts", "texts damaged")], got
        assert len(got[0][1]) <= 16
    finally:
        i18n._open[0][:] = saved
    assert parts.texts_faults() == []
