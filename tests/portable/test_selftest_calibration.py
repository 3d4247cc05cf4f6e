"""Self-test mode and calibration storage, on the simulated board.

The LED strip and the OLED here are small recorders with the drivers' interface
(`set/fill/show`, `lines`): the self-test is judged by what it asks them to show."""
import os
import sys

from scanrig import rig, settle, WHITE, cfg
from hw.calibration import Calibration, calibrate_empty, gain_passes
import hw.store as store


class Strip:
    def __init__(self, n):
        self.px = [(0, 0, 0)] * n
        self.frames = []

    def set(self, i, rgb):
        self.px[i] = rgb

    def fill(self, rgb):
        self.px = [rgb] * len(self.px)

    def show(self):
        self.frames.append(list(self.px))


class Screen:
    def __init__(self):
        self.shown = []

    def lines(self, lines):
        assert len(lines) <= 6 and all(len(x) <= 16 for x in lines), lines
        self.shown.append(list(lines))


def _selftest(**kw):
    from hw.selftest import SelfTest
    board, sc = rig(**kw)
    leds, oled = Strip(cfg.LED_COUNT), Screen()
    return board, sc, SelfTest(sc, leds, oled), leds, oled


def test_every_led_lights_alone_in_turn():
    board, sc, st, leds, oled = _selftest(seed=21, calibrated=False)
    for k in range(cfg.LED_COUNT + 1):
        assert st.led_step() == k % cfg.LED_COUNT
    for k, frame in enumerate(leds.frames):
        lit = [i for i, rgb in enumerate(frame) if rgb != (0, 0, 0)]
        assert lit == [k % cfg.LED_COUNT], (k, lit)
    assert oled.shown[-1][1] == "LED 1 of %d" % cfg.LED_COUNT


def test_live_readings_show_every_sensor_and_its_checker():
    board, sc, st, leds, oled = _selftest(seed=22)
    board.set_point(1, WHITE, 2)
    settle(sc)
    count, last = 0, None
    for page in range(st.pages()):
        for line in st.show_sensors(page):
            count += 1
            last = line.split()[0]
    assert count == cfg.N_SENSORS and oled.shown[0][0][:5] == "P01s1" and last == "BBs4", (count, last)
    first = oled.shown[0]
    assert first[0].endswith("w1") and first[1].endswith("w1") and first[2].endswith("--"), first
    u = float(first[0].split()[1])
    assert 0.8 < abs(u) < 1.2, first


def test_dead_and_suspicious_sensors_are_listed():
    board, sc, st, leds, oled = _selftest(seed=23, stuck_scans=16, stuck_stride=1)
    assert st.show_suspects() == [] and oled.shown[-1] == ["SENSORS", "all 152 ok"]
    board.kill(10, "open")
    board.kill(40, "short")
    board.kill(100, "stuck")
    board.break_mux(1, 5)
    for _ in range(34):
        sc.scan()
    bad = st.show_suspects()
    assert ("P02s5", "open") in bad and ("P07s5", "short") in bad and ("P17s5", "stuck") in bad, bad
    assert ("H1B5", "bank") in bad, bad
    assert oled.shown[-1][0] == "SUSPECT %d" % len(bad)


def _tmp(name):
    d = "/tmp" if "tmp" in os.listdir("/") else "."
    return "%s/tablier-cal-%s-%s.bin" % (d, sys.implementation.name, name)


def _rm(path):
    for p in (path, path + ".tmp", path + ".bad", path + ".newer"):
        try:
            os.remove(p)
        except OSError:
            pass


def test_calibration_round_trips_through_flash():
    board, sc = rig(seed=24)
    path = _tmp("round")
    _rm(path)
    sc.cal.save(path)
    back = Calibration.load(path)
    assert back.warning is None and back.source == path
    assert list(back.base) == list(sc.cal.base) and list(back.gain) == list(sc.cal.gain)
    assert back.stack_ok and abs(back.delta2 - sc.cal.delta2) < 0.001
    _rm(path)


def test_missing_or_corrupt_calibration_gives_defaults_and_a_warning():
    board, sc = rig(seed=25)
    path = _tmp("corrupt")
    _rm(path)
    cal = Calibration.load(path)
    assert cal.source == "defaults" and "calibrate" in cal.warning
    sc.cal.save(path)
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[40] ^= 0xFF                                  # one flipped byte on flash
    with open(path, "wb") as f:
        f.write(data)
    cal = Calibration.load(path)
    assert cal.source == "defaults" and "checksum" in cal.warning, cal.warning
    assert list(cal.gain) == list(Calibration().gain)
    # a well-formed file for another board (wrong sensor count) is refused too
    store.save(path, b"TCAL\x01\x01\x05\x00" + bytes(4 + 9 * 5))
    cal = Calibration.load(path)
    assert cal.source == "defaults" and "5 sensors" in cal.warning, cal.warning
    with open(path, "wb") as f:
        f.write(b"")                                  # a file cut to nothing
    cal = Calibration.load(path)
    assert cal.source == "defaults" and cal.warning
    # the board still reads with the defaults
    sc.set_calibration(cal)
    board.set_point(5, WHITE, 3)
    s = settle(sc)
    assert (s.lo[5], s.hi[5]) == (3, 3)
    _rm(path)


def test_an_interrupted_save_keeps_the_old_calibration():
    board, sc = rig(seed=26)
    path = _tmp("torn")
    _rm(path)
    sc.cal.save(path)
    with open(path + ".tmp", "wb") as f:            # power cut while writing the new one
        f.write(b"TBST\x01half")
    cal = Calibration.load(path)
    assert cal.warning is None and list(cal.gain) == list(sc.cal.gain)
    _rm(path)


def test_gain_passes_cover_every_sensor_without_neighbours():
    seen = []
    for group in gain_passes():
        assert len(group) <= 15
        for i in group:
            assert i - 1 not in group and i + 1 not in group or cfg.SLOTS_PER_POINT == 1
        seen += group
    assert sorted(seen) == list(range(cfg.N_SENSORS))


def test_empty_calibration_reports_a_dead_sensor():
    board, sc = rig(seed=27, calibrated=False)
    board.kill(77, "open")
    cal = Calibration()
    assert calibrate_empty(sc, cal, 4) == [77]
