"""The self-test and calibration screens, driven by the buttons (entered by holding a
button at power-up: firmware/main.py calls hw.selftest.run(drivers)).

Screens, MENU steps to the next one, a long MENU leaves (the board then restarts):
  leds       every LED lit alone in turn (hw.selftest.SelfTest.led_step)
  sensors    live readings, 6 per page; MAIN (either player) next page, CUBE previous
  suspects   dead or suspicious sensors
  calibrate  the maker's routine (hardware-brief 3.2), one MAIN press per step:
             empty board -> one checker on each listed slot, pass by pass (their points
             light) -> two-high stacks on the first pass's slots -> save (atomic, with CRC)
The caller owns the loop: step(now_ms) returns False once the user has left. The screens'
tests (the LED walk, the readings, the suspects) are a hw.selftest.SelfTest passed in:
hw/selftest.py loads this module for its run(), so this one does not import it back.
"""
import board_config as _cfg
from base import ticks
from hw import calibration

SCREENS = ("leds", "sensors", "suspects", "calibrate")
LED_MS = 250          # LED walk pace
REFRESH_MS = 100      # live readings refresh
HINT = (0, 40, 0)     # green: put a checker here


def group_lines(group, cfg=_cfg):
    """Short lines naming the slots of a sensor group: 'P07 s1 s3 s5', 'BW s2 s4'."""
    lines = []
    cur, line = None, ""
    spp = cfg.SLOTS_PER_POINT
    for i in group:
        if i < cfg.N_POINT_SENSORS:
            where, slot = "P%02d" % (i // spp + 1), i % spp + 1
        else:
            j = i - cfg.N_POINT_SENSORS
            where, slot = "B" + "WB"[j // cfg.BAR_SLOTS], j % cfg.BAR_SLOTS + 1
        if where != cur:
            if line:
                lines.append(line)
            cur, line = where, where
        line += " s%d" % slot
    if line:
        lines.append(line)
    return lines


class SelfTestMode:
    """The screens on drivers (scanner, leds, oled, buttons); test: a hw.selftest.SelfTest
    on the same scanner, LEDs and OLED."""

    def __init__(self, drivers, test, cal_path=calibration.DEFAULT_PATH, cfg=_cfg, files=None):
        self.sc = drivers.scanner
        self.leds = drivers.leds
        self.oled = drivers.oled
        self.buttons = drivers.buttons
        self.test = test
        self.cfg = cfg
        self.cal_path = cal_path
        self.files = files
        self.screen = 0
        self.page = 0
        self.done = False
        self._due = None     # now (a tick value would not be "past" after the wrap)
        self.cal = calibration.Calibration(cfg)
        self.passes = calibration.gain_passes(cfg)
        self.cal_step = 0
        self.note = ""
        self._shown = False

    # ------------------------------------------------------------ input
    def on_button(self, name, kind):
        if name == "menu":
            if kind == "long":
                self.done = True
            elif kind == "press":
                self.screen = (self.screen + 1) % len(SCREENS)
                self.page = 0
                self._due = None     # now (a tick value would not be "past" after the wrap)
                self._shown = False
                self.leds.fill((0, 0, 0))
                self.leds.show()
            return
        if kind != "press":
            return
        what = SCREENS[self.screen]
        if what == "sensors":
            step = 1 if name.endswith("main") else -1 if name.endswith("cube") else 0
            self.page = (self.page + step) % self.test.pages()
            self._due = None     # now (a tick value would not be "past" after the wrap)
        elif what == "calibrate" and name.endswith("main"):
            self.calibrate_step()

    # ------------------------------------------------------------ calibration
    def calibrate_step(self):
        """Measure the step the screen asks for; advance when it succeeded."""
        n = len(self.passes)
        s = self.cal_step
        if s == 0:
            dead = calibration.calibrate_empty(self.sc, self.cal)
            self.note = "%d dead" % len(dead) if dead else ""
            self.cal_step = 1
        elif s <= n:
            weak = calibration.calibrate_gain(self.sc, self.cal, self.passes[s - 1])
            if weak:
                self.note = "missing %d" % len(weak)
            else:
                self.note = ""
                self.cal_step += 1
        elif s == n + 1:
            d2 = calibration.calibrate_stack(self.sc, self.cal, self.passes[0])
            self.note = "d2 %.2f%s" % (d2, "" if self.cal.stack_ok else " low")
            self.cal_step += 1
        elif s == n + 2:
            self.cal.save(self.cal_path, self.files)
            self.note = "saved"
            self.cal_step += 1
        self._shown = False

    def _light(self, group):
        cfg = self.cfg
        self.leds.fill((0, 0, 0))
        for i in group:
            if i < cfg.N_POINT_SENSORS:
                self.leds.set(cfg.LED_POINT[i // cfg.SLOTS_PER_POINT], HINT)
            else:
                self.leds.set(cfg.LED_BAR[(i - cfg.N_POINT_SENSORS) // cfg.BAR_SLOTS], HINT)
        self.leds.show()

    def _calibrate_screen(self):
        n = len(self.passes)
        s = self.cal_step
        if s == 0:
            lines = ["CALIBRATE", "clear the board", "MAIN: measure"]
        elif s <= n:
            group = self.passes[s - 1]
            self._light(group)
            lines = ["1 CHECKER %d/%d" % (s, n)] + group_lines(group, self.cfg)[:4]
        elif s == n + 1:
            self._light(self.passes[0])
            lines = ["2-HIGH STACKS"] + group_lines(self.passes[0], self.cfg)[:4]
        elif s == n + 2:
            self.leds.fill((0, 0, 0))
            self.leds.show()
            lines = ["CALIBRATED", "MAIN: save"]
        else:
            lines = ["CALIBRATION", "saved to flash", "long MENU: exit"]
        if self.note:
            lines = lines[:5] + [self.note]
        self.oled.lines(lines)

    # ------------------------------------------------------------ the loop
    def step(self, now_ms):
        for name, kind in self.buttons.poll(now_ms):
            self.on_button(name, kind)
        if self.done:
            self.leds.fill((0, 0, 0))
            self.leds.show()
            self.oled.lines(["SELF-TEST", "done: restart", "the board"])
            return False
        if self._due is not None and not ticks.reached(now_ms, self._due):
            return True
        what = SCREENS[self.screen]
        if what == "leds":
            self.test.led_step()
            self._due = ticks.add(now_ms, LED_MS)
        elif what == "sensors":
            self.test.show_sensors(self.page)
            self._due = ticks.add(now_ms, REFRESH_MS)
        elif what == "suspects":
            self.test.show_suspects()
            self._due = ticks.add(now_ms, 5 * REFRESH_MS)
        elif not self._shown:
            self._calibrate_screen()
            self._shown = True
        return True


def run(drivers, test, cal_path=calibration.DEFAULT_PATH):
    """Blocking loop for the Pico: the screens until a long MENU press."""
    import time
    mode = SelfTestMode(drivers, test, cal_path)
    while mode.step(time.ticks_ms()):  # type: ignore[attr-defined]
        time.sleep_ms(5)  # type: ignore[attr-defined]
