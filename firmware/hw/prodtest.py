"""Production test: checks a freshly assembled board part by part and prints a report line
per part over USB ("PT stage id PASS|FAIL detail"); `python -m host_tools prodtest` runs it
through the REPL and turns the ids into boards, designators and what to check.

Stages, in order (the OLED says what to do; P1 MAIN = yes, P2 MAIN = no):
  chip     the clock of the power profile taken (app/build.py's chip_setup: 200 MHz with the
           core at 1.15 V on a charger; a chip that refuses it fails here)
  oled     the display answered on I2C
  banks    every bank's self-test channels (GND, rail/2, unused at the pull-up) and each
           half's reference: mux, bank switch, decoder, ribbon
  rest     every sensor's resting level (nothing on the board): open, short, stuck
  buttons  press each button when named (15 s each)
  leds     every LED lit alone in turn, then: all lit? (yes / no)
  buzzer   a beep, then: heard? (yes / no)
  magnet   move a magnet over every slot, any order; MENU ends; a slot not seen fails
Started from the REPL, not at power-up: `import hw.prodtest; hw.prodtest.main()`."""
import board_config as _cfg
from base import ticks

BANK_WHY = ("", "gnd", "rail", "open")
OOR_WHY = ("", "low", "high", "field")
LIT = (40, 40, 40)
ASK_MS = 30000
BUTTON_MS = 15000
LED_MS = 250


def report(stage, ident, ok, detail=""):
    print("PT %s %s %s %s" % (stage, ident, "PASS" if ok else "FAIL", detail))
    return ok


class ProdTest:
    def __init__(self, drivers, cfg=_cfg, out=report):
        self.d = drivers
        self.cfg = cfg
        self.out = out
        self.stage = "oled"
        self.fails = 0
        self.i = 0
        self.due = None
        self.seen = bytearray(0)
        self.left = 0
        self.names = sorted(cfg.BUTTONS, key=lambda n: cfg.BUTTONS[n])

    def _r(self, stage, ident, ok, detail=""):
        if not ok:
            self.fails += 1
        self.out(stage, ident, ok, detail)

    def _say(self, *lines):
        o = self.d.oled
        if o is not None:
            o.lines(["PROD TEST"] + list(lines))

    def _leds(self, i=None):
        leds = self.d.leds
        leds.fill((0, 0, 0))
        if i is not None:
            leds.set(i, LIT)
        leds.show()

    def _next(self, stage, now):
        self.stage, self.i, self.due = stage, 0, ticks.add(now, ASK_MS)

    def step(self, now):
        """One step; False once the report is complete."""
        ev = self.d.buttons.poll(now) if self.d.buttons is not None else ()
        presses = [n for n, k in ev if k == "press"]
        st, sc, cfg = self.stage, self.d.scanner, self.cfg
        if st == "oled":
            refused = [why for part, why in getattr(self.d, "unbuilt", ()) if part == "clock"]
            self._r("chip", "clock", not refused, refused[0] if refused else "%d MHz" % _mhz())
            o = self.d.oled
            self._r("oled", "0", o is not None and o.ok, "" if o is not None and o.ok else "no answer")
            self._next("banks", now)
        elif st == "banks":
            for _ in range(cfg.SELFTEST_EVERY_N_SCANS + 1):
                sc.scan()
            for k in range(len(sc.bank_fault)):
                h, b = cfg.SCAN_BANKS[k]
                f = sc.bank_fault[k]
                self._r("bank", "%d.%d" % (h, b), not f, BANK_WHY[f])
            for h in range(cfg.HALVES):
                self._r("half", str(h), not sc.half_fault[h], "ref" if sc.half_fault[h] else "")
            self._next("rest", now)
        elif st == "rest":
            for i in range(sc.n):
                if sc._bad_bank[sc._bank_of[i]]:
                    self._r("rest", str(i), False, "bank")
                elif sc._oor[i]:
                    self._r("rest", str(i), False, OOR_WHY[sc._oor[i]])
                elif sc._health[i] & 2:
                    self._r("rest", str(i), False, "stuck")
                else:
                    self._r("rest", str(i), True, "%d" % sc.r[i])
            self._next("buttons", now)
            self.due = ticks.add(now, BUTTON_MS)
        elif st == "buttons":
            name = self.names[self.i]
            self._say("press", name.upper())
            if name in presses or ticks.diff(now, self.due) >= 0:
                self._r("button", name, name in presses, "" if name in presses else "not seen")
                self.i += 1
                self.due = ticks.add(now, BUTTON_MS)
                if self.i == len(self.names):
                    self._next("leds", now)
                    self.due = now
        elif st == "leds":
            if ticks.diff(now, self.due) >= 0:
                if self.i < cfg.LED_COUNT:
                    self._leds(self.i)
                    self._say("LED %d of %d" % (self.i + 1, cfg.LED_COUNT))
                    self.i += 1
                    self.due = ticks.add(now, LED_MS)
                else:
                    self._leds()
                    self.stage, self.due = "leds?", ticks.add(now, ASK_MS)
        elif st in ("leds?", "buzzer?"):
            self._say("all lit?" if st == "leds?" else "heard it?", "P1 MAIN yes", "P2 MAIN no")
            yes, no = "p1_main" in presses, "p2_main" in presses
            if yes or no or ticks.diff(now, self.due) >= 0:
                what = st[:-1]
                self._r(what, "0", yes, "" if yes else ("no" if no else "no answer"))
                if st == "leds?":
                    z = self.d.buzzer
                    if z is not None:
                        z.beep("alarm", now)
                    self._next("buzzer?", now)
                else:
                    self._next("magnet", now)
                    self.seen = bytearray(sc.n)
                    self.left = sc.n
        elif st == "magnet":
            sc.scan()
            for i in range(sc.n):
                g = sc.gain[i] or 1
                if not self.seen[i] and abs(sc.r[i] / g) >= cfg.OCC_ON:
                    self.seen[i] = 1
                    self.left -= 1
                    self._r("magnet", str(i), True, "%+d" % sc.r[i])
            left = self.left
            self._say("magnet over", "every slot", "%d left" % left, "MENU: end")
            if "menu" in presses or not left:
                for i in range(sc.n):
                    if not self.seen[i]:
                        self._r("magnet", str(i), False, "not seen")
                self.stage = "done"
        if self.d.buzzer is not None:
            self.d.buzzer.tick(now)
        if self.stage == "done":
            self._say("done", "%d failed" % self.fails)
            self.out("done", "0", not self.fails, str(self.fails))
            return False
        return True


def _mhz():
    import machine
    return machine.freq() // 1000000


def main():
    import time
    from app.build import build_drivers
    from hw.calibration import Calibration
    test = ProdTest(build_drivers(Calibration.load()))    # defaults on a fresh board
    while test.step(time.ticks_ms()):
        time.sleep_ms(5)
