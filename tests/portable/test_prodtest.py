"""The production test's core (firmware/hw/prodtest.py) on the simulated board, under both
interpreters: a line per part, the faults put into the board fail and nothing else. The
buttons, LEDs, OLED and piezo are small recorders with the drivers' interface."""
from scanrig import rig, cfg, WHITE
from hw.prodtest import ProdTest


class Strip:
    def __init__(self, n):
        self.px = [(0, 0, 0)] * n
        self.lit = []

    def set(self, i, rgb):
        self.px[i] = rgb

    def fill(self, rgb):
        self.px = [rgb] * len(self.px)

    def show(self):
        self.lit.append([i for i in range(len(self.px)) if self.px[i] != (0, 0, 0)])


class Screen:
    ok = True

    def lines(self, lines):
        assert len(lines) <= 6 and all(len(x) <= 16 for x in lines), lines


class Keys:
    def __init__(self):
        self.next = []

    def poll(self, now):
        ev, self.next = self.next, []
        return ev


class Piezo:
    def __init__(self):
        self.beeps = []

    def beep(self, kind, now=None):
        self.beeps.append(kind)

    def tick(self, now):
        pass


class Drivers:
    def __init__(self, sc):
        self.scanner, self.leds, self.oled = sc, Strip(cfg.LED_COUNT), Screen()
        self.buttons, self.buzzer = Keys(), Piezo()


def test_each_part_is_reported_and_only_the_faults_fail():
    board, sc = rig(seed=41, calibrated=False)
    board.kill(20, "open")                  # point 4 slot 3
    board.break_mux(0, 4)                   # left half, bank 4
    d = Drivers(sc)
    stages, fails, last = {}, [], []

    def out(st, ident, ok, detail=""):
        # kept small (the Pico-sized heap): counts per stage, the failures, the last line
        stages[st] = stages.get(st, 0) + 1
        if not ok and st != "done":
            fails.append((st, ident, detail))
        last[:] = [(st, ident, ok, detail)]
    t = ProdTest(d, cfg, out=out)
    now, n = 0, 0
    while n < 5000:
        n += 1
        now += 5
        st = t.stage
        if st == "buttons":
            d.buttons.next = [(t.names[t.i], "press")]
        elif st == "leds?":
            d.buttons.next = [("p2_main", "press")]     # one LED stayed dark
        elif st == "buzzer?":
            d.buttons.next = [("p1_main", "press")]
        elif st == "magnet":
            for i in range(0, cfg.N_SENSORS, 2):        # the magnet over every other slot
                board.clear()
                board.put_on_sensor(i, WHITE)
                t.step(now)
            board.clear()
            d.buttons.next = [("menu", "press")]
        if not t.step(now):
            break
    assert stages["bank"] == len(cfg.SCAN_BANKS) and stages["half"] == cfg.HALVES
    assert stages["rest"] == cfg.N_SENSORS and stages["magnet"] == cfg.N_SENSORS
    assert stages["button"] == len(cfg.BUTTONS) and stages["done"] == 1
    k = list(cfg.SCAN_BANKS).index((0, 4))
    bad_bank = [i for i in range(sc.n) if sc._bank_of[i] == k]
    assert ("bank", "0.4", "open") in fails or ("bank", "0.4", "gnd") in fails \
        or ("bank", "0.4", "rail") in fails, fails
    rest = sorted(int(i) for st, i, _ in fails if st == "rest")
    assert rest == sorted(bad_bank + [20]), rest
    magnet = sorted(int(i) for st, i, _ in fails if st == "magnet")
    assert magnet == sorted(set(bad_bank + [20] + list(range(1, cfg.N_SENSORS, 2)))), magnet
    assert ("leds", "0", "no") in fails and ("buzzer", "0") not in [f[:2] for f in fails]
    assert d.buzzer.beeps == ["alarm"]
    # the LED walk lit each LED alone, in chain order
    walk = [x for x in d.leds.lit if x]
    assert walk == [[i] for i in range(cfg.LED_COUNT)], walk[:3]
    assert last[0][0] == "done" and last[0][3] == str(len(fails))
