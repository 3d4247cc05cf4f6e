"""The production test (firmware/hw/prodtest.py) on the board's real drivers over the
simulated board with deliberate faults: a dead sensor, a bank without power, a buzzer the
operator did not hear; every part gets its line, the faults and only they fail, and the
host command turns the lines into boards, designators and what to check."""
import gc

from scanrig import cfg, WHITE
import fake_io
import fake_adc
import neopixel
import physboard
from hw.prodtest import ProdTest
from host_tools import cmd_prodtest


def _press(test, clock, name, lines):
    fake_io.set_input(cfg.BUTTONS[name], 0 if cfg.BUTTONS_ACTIVE_LOW else 1)
    for _ in range(12):
        clock[0] += 5
        test.step(clock[0])
    fake_io.set_input(cfg.BUTTONS[name], 1 if cfg.BUTTONS_ACTIVE_LOW else 0)
    for _ in range(12):
        clock[0] += 5
        test.step(clock[0])


def run_prodtest():
    from app.build import build_drivers
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    fake_adc.install(None)
    gc.collect()
    board = physboard.PhysicalBoard(seed=7).install()
    board.kill(3, "open")                   # point 1 slot 4
    board.cut_bank_power(1, 2)              # right half, bank 2: points 5 and 6
    drivers = build_drivers(None, cfg, {"settle_us": 0}, dice_seed=1)
    lines = []
    test = ProdTest(drivers, cfg, out=lambda *a: lines.append(a))
    clock = [1000]
    alive, n = True, 0
    while alive and n < 20000:
        n += 1
        st = test.stage
        if st == "buttons":
            _press(test, clock, test.names[test.i], lines)
            continue
        if st == "leds?":
            _press(test, clock, "p1_main", lines)
            continue
        if st == "buzzer?":
            _press(test, clock, "p2_main", lines)      # "no": not heard
            continue
        if st == "magnet":
            for i in range(cfg.N_SENSORS):
                board.clear()
                board.put_on_sensor(i, WHITE)
                for _ in range(3):
                    clock[0] += 5
                    test.step(clock[0])
            board.clear()
            _press(test, clock, "menu", lines)
            alive = test.stage != "done"
            break
        clock[0] += 5
        alive = test.step(clock[0])
    return lines


LINES = run_prodtest()


def _by(stage):
    return {ident: (ok, detail) for st, ident, ok, detail in LINES if st == stage}


def test_every_part_has_a_line():
    assert len(_by("bank")) == len(cfg.SCAN_BANKS)
    assert len(_by("half")) == cfg.HALVES
    assert len(_by("rest")) == cfg.N_SENSORS
    assert len(_by("magnet")) == cfg.N_SENSORS
    assert set(_by("button")) == set(cfg.BUTTONS)
    assert _by("leds") and _by("buzzer") and _by("oled")
    assert LINES[-1][0] == "done"


def test_the_faults_fail_and_nothing_else():
    banks = _by("bank")
    assert [b for b, (ok, _) in banks.items() if not ok] == ["1.2"]
    assert banks["1.2"][1] == "rail"
    rest = _by("rest")
    bad = {int(i) for i, (ok, _) in rest.items() if not ok}
    dead_bank = {i for i, e in enumerate(range(cfg.N_SENSORS))
                 if rest[str(i)][1] == "bank"}
    assert len(dead_bank) == 12                  # the unpowered bank's 12 sensors
    assert bad == dead_bank | {3}
    assert rest["3"][1] in ("low", "high")
    magnet = _by("magnet")
    assert {int(i) for i, (ok, _) in magnet.items() if not ok} == dead_bank | {3}
    assert all(ok for ok, _ in _by("button").values())
    assert _by("leds")["0"] == (True, "")
    assert _by("buzzer")["0"] == (False, "no")
    assert _by("oled")["0"][0]
    assert _by("chip")["clock"] == (True, "200 MHz")     # the charger profile's clock, taken
    assert LINES[-1] == ("done", "0", False, str(len(bad) * 2 + 2))


def test_host_command_names_boards_and_parts():
    text = "\n".join("PT %s %s %s %s" % (st, i, "PASS" if ok else "FAIL", d) for st, i, ok, d in LINES)
    rows = cmd_prodtest.explain(text)
    fails = [r for r in rows if r[2] == "FAIL"]
    bank = [r for r in fails if r[0] == "bank"][0]
    # right half bank 2: the right-near quadrant's local bank 2 (points 5 and 6)
    assert "right-near" in bank[3] and "U73" in bank[3] and "Q3" in bank[3]
    sensor = [r for r in fails if r[0] == "rest" and r[1] == "3"][0]
    assert "point 1 slot 4" in sensor[3] and "right-near" in sensor[3]
    # point 1 is column 5 of the right-near quadrant: Hall U14, its capacitor C14
    assert "U14" in sensor[3] and "C14" in sensor[3]
    buz = [r for r in fails if r[0] == "buzzer"][0]
    assert "J8" in buz[3]
    chip = [r for r in rows if r[0] == "chip"][0]
    assert chip[2] == "PASS" and "200 MHz" in chip[3]
    refused = cmd_prodtest.explain("PT chip clock FAIL ValueError: cannot change frequency")[0]
    assert "refused" in refused[3] and "cpu_mhz" in refused[3]
