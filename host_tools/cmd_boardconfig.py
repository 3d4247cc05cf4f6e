"""`python -m host_tools boardconfig [--check]`: generate firmware/board_config.py from
hardware/pinmap.json, the single source of truth for pins, channel map and defaults.

The generated module holds only compact literals (ints, floats, tuples, bytes, small
dicts) so that it costs little heap on the Pico. `--check` exits 1 if the committed file
differs from what the pin map gives (CI uses it through tests/test_board_config.py).

Sensor numbering used everywhere on the firmware side (scanner, calibration, simulator):
  point p (1..24, White's numbering), slot s (1..SLOTS_PER_POINT): i = (p-1)*SLOTS_PER_POINT + s-1
  bar strip of colour c (0 white, 1 black), slot s: i = N_POINT_SENSORS + c*BAR_SLOTS + s-1
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINMAP = os.path.join(ROOT, "hardware", "pinmap.json")
OUT = os.path.join(ROOT, "firmware", "board_config.py")
COLOURS = ("white", "black")


class PinmapError(Exception):
    pass


def _lit(v):
    """A MicroPython-friendly literal: lists become tuples, floats keep repr."""
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, (list, tuple)):
        inner = ", ".join(_lit(x) for x in v)
        return "(%s,)" % inner if len(v) == 1 else "(%s)" % inner
    if isinstance(v, dict):
        return "{%s}" % ", ".join("%r: %s" % (k, _lit(x)) for k, x in v.items())
    return repr(v)


def sensor_tables(pm):
    """Scan tables from the channel map: per scanned bank its channels and sensor indices."""
    lay = pm["layout"]
    spp, nbar = lay["slots_per_point"], lay["bar_slots_per_side"]
    npt = lay["n_points"] * spp
    nsens = npt + 2 * nbar
    banks, chans, sensors, gnd, ref, unused = [], [], [], [], [], []
    seen = {}
    for half, half_banks in enumerate(pm["channel_map"]):
        if len(half_banks) != lay["banks_per_half"][half]:
            raise PinmapError("half %d has %d banks, layout says %d" % (half, len(half_banks), lay["banks_per_half"][half]))
        for bank, channels in enumerate(half_banks):
            if len(channels) != lay["mux_channels"]:
                raise PinmapError("half %d bank %d has %d channels, not %d" % (half, bank, len(channels), lay["mux_channels"]))
            cs, ss, g, r, u = [], [], None, None, []
            for ch, e in enumerate(channels):
                kind = e.get("kind")
                if kind == "point":
                    p, s = e["point"], e["slot"]
                    if not (1 <= p <= lay["n_points"] and 1 <= s <= spp):
                        raise PinmapError("bad point/slot %r at %d/%d/%d" % (e, half, bank, ch))
                    i = (p - 1) * spp + s - 1
                elif kind == "bar":
                    c, s = COLOURS.index(e["colour"]), e["slot"]
                    if not 1 <= s <= nbar:
                        raise PinmapError("bad bar slot %r at %d/%d/%d" % (e, half, bank, ch))
                    i = npt + c * nbar + s - 1
                elif kind == "gnd":
                    g = ch
                    continue
                elif kind == "ref":
                    r = ch
                    continue
                elif kind == "unused":
                    u.append(ch)
                    continue
                else:
                    raise PinmapError("unknown channel kind %r at %d/%d/%d" % (kind, half, bank, ch))
                if i in seen:
                    raise PinmapError("sensor %d reachable twice: %r and %r" % (i, seen[i], (half, bank, ch)))
                seen[i] = (half, bank, ch)
                cs.append(ch)
                ss.append(i)
            if g is None or r is None:
                raise PinmapError("half %d bank %d lacks its gnd or ref self-test channel" % (half, bank))
            banks.append((half, bank))
            chans.append(bytes(cs))
            sensors.append(bytes(ss))
            gnd.append(g)
            ref.append(r)
            unused.append(bytes(u))
    missing = [i for i in range(nsens) if i not in seen]
    if missing:
        raise PinmapError("sensors not reachable through any channel: %r" % missing)
    return nsens, npt, banks, chans, sensors, gnd, ref, unused


def generate(pm):
    lay, pins, leds = pm["layout"], pm["pins"], pm["leds"]
    nsens, npt, banks, chans, sensors, gnd, ref, unused = sensor_tables(pm)
    th, tm, fl = pm["thresholds"], pm["timing"], pm["faults"]
    out = []
    w = out.append
    w('"""Board configuration. GENERATED from hardware/pinmap.json by')
    w('`python -m host_tools boardconfig`: do not edit by hand, edit the pin map and regenerate.')
    w("")
    w("Sensor index i: point p slot s -> (p-1)*SLOTS_PER_POINT + s-1; bar of colour c (0 white,")
    w('1 black) slot s -> N_POINT_SENSORS + c*BAR_SLOTS + s-1."""')
    w("")
    w("BOARD = %r" % pm["board"])
    w("PINMAP_VERSION = %d" % pm["version"])
    w("")
    w("# pins (GPIO numbers)")
    w("MUX_SEL = %s  # S0..S3 of every CD74HC4067" % _lit(pins["mux_sel"]))
    w("BANK_SEL = %s  # A0..A2 of both 74HC4051 and 74HC138" % _lit(pins["bank_sel"]))
    w("HALF_EN = %s  # one per half" % _lit(pins["half_en"]))
    w("HALF_EN_ACTIVE_LOW = %s" % _lit(pins["half_en_active_low"]))
    w("ADC_PINS = %s  # one per half" % _lit(pins["adc"]))
    w("VBUS_ADC = %d" % pins["vbus_adc"])
    w("LED_PIN = %d" % pins["led_data"])
    i2c = pins["i2c"]
    w("I2C_ID = %d" % i2c["id"])
    w("I2C_SDA = %d" % i2c["sda"])
    w("I2C_SCL = %d" % i2c["scl"])
    w("I2C_FREQ = %d" % i2c["freq"])
    w("OLED_ADDR = 0x%02X" % i2c["addr"])
    w("BUZZER_PIN = %d" % pins["buzzer"])
    w("BUTTONS = %s" % _lit(pins["buttons"]))
    w("BUTTONS_ACTIVE_LOW = %s" % _lit(pins["buttons_active_low"]))
    w("SMPS_MODE_PIN = %d" % pins["smps_mode"])
    w("SIO_OUT_SET = 0x%08X" % pm["sio"]["out_set"])
    w("SIO_OUT_CLR = 0x%08X" % pm["sio"]["out_clr"])
    w("")
    w("# layout")
    w("N_POINTS = %d" % lay["n_points"])
    w("SLOTS_PER_POINT = %d" % lay["slots_per_point"])
    w("BAR_SLOTS = %d  # per side (one strip per colour)" % lay["bar_slots_per_side"])
    w("N_POINT_SENSORS = %d" % npt)
    w("N_SENSORS = %d" % nsens)
    w("HALVES = %d" % lay["halves"])
    w("BANKS_PER_HALF = %s" % _lit(lay["banks_per_half"]))
    w("MUX_CHANNELS = %d" % lay["mux_channels"])
    w("HALF_REF_INPUT = %d  # 74HC4051 input reading 3.3 V / 2" % lay["half_ref_input"])
    w("WHITE_SIGN = %d  # sign of r - base for a white checker" % lay["white_sign"])
    w("")
    w("# scan tables, one entry per bank in scan order")
    w("SCAN_BANKS = %s  # (half, bank)" % _lit([list(b) for b in banks]))
    w("SCAN_CHANNELS = (")
    for c in chans:
        w("    %r," % c)
    w(")")
    w("SCAN_SENSORS = (")
    for s in sensors:
        w("    %r," % s)
    w(")")
    w("GND_CHANNEL = %r" % bytes(gnd))
    w("REF_CHANNEL = %r" % bytes(ref))
    w("UNUSED_CHANNELS = (")
    for u in unused:
        w("    %r," % u)
    w(")")
    w("")
    w("# LEDs")
    w("LED_COUNT = %d" % leds["count"])
    w("LED_ORDER = %r" % leds["order"])
    w("LED_LATCH_US = %d" % leds["latch_us"])
    w("LED_POINT = %r  # LED_POINT[p-1] = LED of point p" % bytes(leds["point"]))
    w("LED_BAR = %s  # white, black" % _lit([leds["bar"][c] for c in COLOURS]))
    w("LED_STATUS = %s" % _lit(leds["status"]))
    w("LED_BRIGHTNESS_MAX = %r" % leds["brightness_max"])
    w("LED_BUDGET_MA = %d" % leds["budget_ma"])
    w("LED_BUDGET_MA_PC = %d" % leds["budget_ma_pc"])
    w("LED_IDLE_MA = %r" % leds["idle_ma"])
    w("LED_MA_PER_STEP = %r" % leds["ma_per_step"])
    w("")
    w("# sensor")
    sen = pm["sensor"]
    w("SENSOR_PART = %r" % sen["part"])
    w("SENSOR_VCC = %r" % sen["vcc"])
    w("SENSITIVITY_MV_PER_MT = %r" % sen["sensitivity_mv_per_mt"])
    w("")
    w("# timing")
    for k, v in tm.items():
        w("%s = %s" % (k.upper(), _lit(v)))
    w("")
    w("# thresholds (normalised: one centred checker = 1.0)")
    for k, v in th.items():
        if k != "why":
            w("%s = %s" % (k.upper(), _lit(v)))
    w("")
    w("# faults")
    for k, v in fl.items():
        w("%s = %s" % (k.upper(), _lit(v)))
    w("")
    w("# buttons, OLED, buzzer, power")
    for k, v in pm["buttons"].items():
        w("BUTTON_%s = %s" % (k.upper(), _lit(v)))
    w("OLED_WIDTH = %d" % pm["oled"]["width"])
    w("OLED_HEIGHT = %d" % pm["oled"]["height"])
    w("OLED_FLIP = %s" % _lit(pm["oled"]["flip"]))
    w("BUZZER_FREQ_HZ = %d" % pm["buzzer"]["freq_hz"])
    for k, v in pm["power"].items():
        w("%s = %s" % (k.upper(), _lit(v)))
    return "\n".join(out) + "\n"


def load_pinmap(path=PINMAP):
    with open(path) as f:
        return json.load(f)


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools boardconfig", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if firmware/board_config.py differs "
                    "from what the pin map gives, write nothing")
    check = ap.parse_args(argv).check
    try:
        text = generate(load_pinmap())
    except (OSError, ValueError, KeyError, PinmapError) as e:
        print("boardconfig: cannot generate from %s: %s: %s" % (PINMAP, type(e).__name__, e), file=sys.stderr)
        return 1
    if check:
        try:
            with open(OUT) as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            print("firmware/board_config.py is out of date: run `python -m host_tools boardconfig`", file=sys.stderr)
            return 1
        print("firmware/board_config.py is up to date")
        return 0
    with open(OUT + ".tmp", "w") as f:
        f.write(text)
    os.replace(OUT + ".tmp", OUT)
    print("wrote firmware/board_config.py")
    return 0
