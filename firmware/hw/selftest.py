"""Self-test mode: lights every LED in turn, shows every sensor's live reading, lists the
dead or suspicious sensors. The caller owns the loop (one step per call, nothing blocks).

    st = SelfTest(scanner, leds, oled)   # leds: .set(i, rgb) .fill(rgb) .show(); oled: .lines([str])
    st.led_step()        # next LED lit alone; returns its index
    st.show_sensors(p)   # scans once, shows sensors 6p..6p+5: "P06s3 -0.98 w1"
    st.show_suspects()   # scans once, shows and returns [(name, reason)]
Reasons: 'open' / 'short' (out of range), 'stuck' (frozen reading), 'drift' (baseline moved
past DRIFT_LIMIT_MT), 'field' (more than any stack), 'noisy' (calibration noise high),
'bank' (its multiplexer or bank power failed), 'uncal' (no calibration: defaults in use).
"""
import board_config as _cfg

LINES = 6
WIDTH = 16
LIT = (40, 40, 40)       # dim white: under the LED budget even on a PC port
OFF = (0, 0, 0)
NOISY_R = 24             # calibration peak-to-peak above this (R_ONE units, ~0.1 of a checker / 4)


def sensor_name(i, cfg=_cfg):
    """'P06s3' for point 6 slot 3, 'BWs2' / 'BBs1' for the white / black bar strip."""
    spp = cfg.SLOTS_PER_POINT
    if i < cfg.N_POINT_SENSORS:
        return "P%02ds%d" % (i // spp + 1, i % spp + 1)
    j = i - cfg.N_POINT_SENSORS
    return "B%ss%d" % ("WB"[j // cfg.BAR_SLOTS], j % cfg.BAR_SLOTS + 1)


class SelfTest:
    def __init__(self, scanner, leds, oled, led_count=None, cfg=_cfg):
        self.scanner = scanner
        self.leds = leds
        self.oled = oled
        self.cfg = cfg
        self.led_count = cfg.LED_COUNT if led_count is None else led_count
        self.led_i = -1

    # ------------------------------------------------------------ LEDs
    def led_step(self):
        """Light the next LED alone (wraps round); returns its index."""
        self.led_i = (self.led_i + 1) % self.led_count
        self.leds.fill(OFF)
        self.leds.set(self.led_i, LIT)
        self.leds.show()
        self.oled.lines(["SELF TEST", "LED %d of %d" % (self.led_i + 1, self.led_count)])
        return self.led_i

    # ------------------------------------------------------------ sensors
    def reading(self, i):
        """(u, state text) of sensor i: u in checkers (signed, white negative as wired)."""
        sc = self.scanner
        s = sc.state[i]
        if s == 255:
            return None, "??"
        g = sc.gain[i] or 1
        u = sc.r[i] / g
        return u, ("-", "w", "b")[(s >> 2) & 3] + str(s & 3) if s & 15 else "--"

    def sensor_lines(self, first):
        out = []
        for i in range(first, min(first + LINES, self.scanner.n)):
            u, txt = self.reading(i)
            val = "  dead" if u is None else "%+6.2f" % u
            out.append(("%s%s %s" % (sensor_name(i, self.cfg), val, txt))[:WIDTH])
        return out

    def pages(self):
        return (self.scanner.n + LINES - 1) // LINES

    def show_sensors(self, page):
        self.scanner.scan()
        lines = self.sensor_lines((page % self.pages()) * LINES)
        self.oled.lines(lines)
        return lines

    # ------------------------------------------------------------ verdict
    def suspects(self):
        """[(name, reason)] for every dead or suspicious sensor, worst first."""
        sc, cfg = self.scanner, self.cfg
        out = []
        for k in range(len(sc.bank_fault)):
            if sc.bank_fault[k]:
                h, b = cfg.SCAN_BANKS[k]
                out.append(("H%dB%d" % (h, b), "bank"))
        for i in range(sc.n):
            if sc._bad_bank[sc._bank_of[i]]:
                continue                # its bank or half failed the self-test
            o = sc._oor[i]
            if o:
                out.append((sensor_name(i, cfg), ("", "short", "open", "field")[o]))
            elif sc._health[i] & 2:
                out.append((sensor_name(i, cfg), "stuck"))
            elif sc._health[i] & 4:
                out.append((sensor_name(i, cfg), "drift"))
            elif sc.cal.noise[i] > NOISY_R:
                out.append((sensor_name(i, cfg), "noisy"))
        if sc.cal.source == "defaults":
            out.append(("all", "uncal"))
        return out

    def show_suspects(self):
        self.scanner.scan()
        bad = self.suspects()
        if not bad:
            lines = ["SENSORS", "all %d ok" % self.scanner.n]
        else:
            lines = ["SUSPECT %d" % len(bad)]
            for name, why in bad[:LINES - 1]:
                lines.append(("%s %s" % (name, why))[:WIDTH])
        self.oled.lines(lines)
        return bad


def run(drivers, cal_path=None):
    """The interactive self-test and calibration screens (hw/selftest_mode.py, loaded only
    here: the sensor names above are all that app.parts needs at power-up), for main.py."""
    from hw import selftest_mode
    test = SelfTest(drivers.scanner, drivers.leds, drivers.oled)
    if cal_path is None:
        selftest_mode.run(drivers, test)
    else:
        selftest_mode.run(drivers, test, cal_path)
