"""The six PCBs as data, derived from hardware/pinmap.json (no KiCad needed here).

A board is a dict: name, size (w, h mm), parts (ref, footprint, position, rotation, side,
value, BOM tag, pad -> net), holes. Coordinates are KiCad's: x right, y down, mm, origin at
the board's top-left corner. build.py turns it into a .kicad_pcb with pcbnew; the tests
compare the saved files against the pin map independently of this module's mapping.

The quadrant design: seen from above with its slot-1 edge at the bottom (the near quadrants
as they lie; the far quadrants turned 180 degrees), column 0 is the leftmost point, bank q
reads columns 5 - 2q (ch0-5) and 4 - 2q (ch6-11), and the LED chain enters at column 5 and
leaves at column 0. `quadrants()` checks that the pin map puts all four quadrants that way.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PINMAP = os.path.join(ROOT, "hardware", "pinmap.json")

# Geometry not in the pin map (mm). The slot positions come from pinmap `sensor`.
POINT_WIDTH = 38.0          # one point's width on the playing surface (checker 35 + 3)
TIP_STRIP = 30.0           # quadrant PCB beyond the point tips (muxes, connector)
RAIL_STRIP = 12.0           # quadrant PCB under the frame rail (the point LEDs)
LED_IN_RAIL = 6.0           # LED centre from the frame's inner edge, under the rail
BAR_PCB_WIDTH = 40.0
MAIN_W, MAIN_H = 150.0, 100.0
HOLE_FP = ("MountingHole", "MountingHole_3.2mm_M3")

# Fabrication rules (JLCPCB 2-layer standard service, what the DRC checks and the router keeps).
RULES = {
    "service": "JLCPCB 2-layer, 1.6 mm FR4, 1 oz, HASL",
    "clearance": 0.2, "track": 0.25, "power_track": 0.25,
    "via_diameter": 0.6, "via_drill": 0.3,
    "min_track": 0.127, "min_clearance": 0.127, "min_drill": 0.3, "min_via_diameter": 0.5,
    "edge_clearance": 0.5, "hole_to_hole": 0.5,
}

# Footprints from KiCad's libraries; value; BOM tag (bom.md's Ref); manufacturer part; LCSC.
# The manufacturer part is the one the LCSC number stands for (bom.md's "e.g." parts are
# equivalents).
# LCSC numbers are JLCPCB's catalogue numbers for the same manufacturer part, taken from
# JLCPCB part pages and public JLCPCB BOMs (verify stock before ordering); blank where none
# was confirmed: the service matches the manufacturer part then.
PARTS = {
    "hall": (("Package_TO_SOT_SMD", "SOT-23"), "DRV5055A2", "HALL", "TI DRV5055A2QDBZR", "C266131"),
    "c_hall": (("Capacitor_SMD", "C_0603_1608Metric"), "10nF", "C_HALL", "Samsung CL10B103KB8NNNC", "C57112"),
    "mux16": (("Package_SO", "SOIC-24W_7.5x15.4mm_P1.27mm"), "CD74HC4067M96", "MUX16", "TI CD74HC4067M96", "C496123"),
    "pmos": (("Package_TO_SOT_SMD", "SOT-23"), "AO3401A", "PMOS", "AOS AO3401A", "C15127"),
    "mux8": (("Package_SO", "SOIC-16_3.9x9.9mm_P1.27mm"), "74HC4051D", "MUX8", "Nexperia 74HC4051D,653", "C9386"),
    "dec": (("Package_SO", "SOIC-16_3.9x9.9mm_P1.27mm"), "74HC138D", "DEC", "Nexperia 74HC138D,653", "C5602"),
    "c_ic": (("Capacitor_SMD", "C_0603_1608Metric"), "100nF", "C_IC", "Yageo CC0603KRX7R9BB104", "C14663"),
    "ldo": (("Package_TO_SOT_SMD", "SOT-223-3_TabPin2"), "AZ1117CH-3.3", "LDO", "Diodes AZ1117CH-3.3TRG1", ""),
    "c_ldo": (("Capacitor_SMD", "C_0805_2012Metric"), "10uF", "C_LDO", "Samsung CL21A106KAYNNNE", "C15850"),
    "r_10k": (("Resistor_SMD", "R_0603_1608Metric"), "10k", "R_10K", "UNI-ROYAL 0603WAF1002T5E", "C25804"),
    "r_100k": (("Resistor_SMD", "R_0603_1608Metric"), "100k", "R_100K", "UNI-ROYAL 0603WAF1003T5E", "C25803"),
    "r_ser": (("Resistor_SMD", "R_0603_1608Metric"), "68R", "R_SER", "Yageo RC0603FR-0768RL", "C126362"),
    "led": (("LED_SMD", "LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm"), "WS2812B", "LED", "Worldsemi WS2812B-B/W", "C2761795"),
    "c_led": (("Capacitor_SMD", "C_0603_1608Metric"), "100nF", "C_LED", "Yageo CC0603KRX7R9BB104", "C14663"),
    "shift": (("Package_TO_SOT_SMD", "SOT-23-5"), "74AHCT1G125", "SHIFT", "TI SN74AHCT1G125DBVR", "C7484"),
    "r_led": (("Resistor_SMD", "R_0603_1608Metric"), "330R", "R_LED", "UNI-ROYAL 0603WAF3300T5E", "C23138"),
    "c_bulk": (("Capacitor_THT", "CP_Radial_D8.0mm_P3.50mm"), "1000uF 6.3V", "C_BULK", "Panasonic EEU-FR0J102", ""),
    "r_btn": (("Resistor_SMD", "R_0603_1608Metric"), "1k", "R_BTN", "UNI-ROYAL 0603WAF1001T5E", "C21190"),
    "c_btn": (("Capacitor_SMD", "C_0603_1608Metric"), "100nF", "C_BTN", "Yageo CC0603KRX7R9BB104", "C14663"),
    "r_buz": (("Resistor_SMD", "R_0603_1608Metric"), "100R", "R_BUZ", "UNI-ROYAL 0603WAF1000T5E", "C22775"),
    "idc20": (("Connector_IDC", "IDC-Header_2x10_P2.54mm_Vertical"), "IDC 2x10", "CONN", "Amphenol T821120A1S100CEU", ""),
    "hdr4": (("Connector_PinHeader_2.54mm", "PinHeader_1x04_P2.54mm_Vertical"), "OLED", "CONN", "pin header 1x4 2.54 mm", ""),
    "hdr5": (("Connector_PinHeader_2.54mm", "PinHeader_1x05_P2.54mm_Vertical"), "UART/spare", "CONN", "pin header 1x5 2.54 mm", ""),
    "hdr7": (("Connector_PinHeader_2.54mm", "PinHeader_1x07_P2.54mm_Vertical"), "buttons", "CONN", "pin header 1x7 2.54 mm", ""),
    "hdr2": (("Connector_PinHeader_2.54mm", "PinHeader_1x02_P2.54mm_Vertical"), "piezo", "CONN", "pin header 1x2 2.54 mm", ""),
    "pico": ("PICO", "Raspberry Pi Pico", "PICO", "Raspberry Pi SC0915", ""),
}

# The 20-way ribbon from every sensor board to the main board (pin: net on the sensor board).
# Each analog line runs between two grounds in the ribbon.
RIBBON = {
    1: "GND", 2: "+3V3S", 3: "S0", 4: "S1", 5: "S2", 6: "S3", 7: "GND",
    8: "BANK0_EN_N", 9: "BANK1_EN_N", 10: "BANK2_EN_N", 11: "GND", 12: "BANK0_OUT",
    13: "GND", 14: "BANK1_OUT", 15: "GND", 16: "BANK2_OUT", 17: "GND", 18: "+5V_LED",
    19: "LED_DIN", 20: "LED_DOUT",
}

# Raspberry Pi Pico pin number -> GPIO (None: power or other).
PICO_GPIO = {1: 0, 2: 1, 4: 2, 5: 3, 6: 4, 7: 5, 9: 6, 10: 7, 11: 8, 12: 9, 14: 10, 15: 11,
             16: 12, 17: 13, 19: 14, 20: 15, 21: 16, 22: 17, 24: 18, 25: 19, 26: 20, 27: 21,
             29: 22, 31: 26, 32: 27, 34: 28}
PICO_POWER = {3: "GND", 8: "GND", 13: "GND", 18: "GND", 23: "GND", 28: "GND", 33: "GND",
              38: "GND", 36: "+3V3", 40: "VBUS"}
# 39 VSYS, 37 3V3_EN, 35 ADC_VREF, 30 RUN: left unconnected.


def load_pinmap(path=PINMAP):
    with open(path) as f:
        return json.load(f)


def slot_from_edge(pm, k):
    """Slot k's centre from the frame's inner edge (placement.md section 2)."""
    pitch = pm["sensor"]["slot_pitch_mm"]
    return 0.5 + pitch / 2 + (k - 1) * pitch


def point_len(pm):
    return pm["layout"]["slots_per_point"] * pm["sensor"]["slot_pitch_mm"] + 1


def part(kind, ref, x, y, rot=0, pads=None, side="F"):
    fp, value, tag, mpn, lcsc = PARTS[kind]
    return {"ref": ref, "kind": kind, "fp": fp, "value": value, "tag": tag, "mpn": mpn,
            "lcsc": lcsc, "x": round(x, 3), "y": round(y, 3), "rot": rot, "side": side,
            "pads": {str(k): v for k, v in (pads or {}).items()}}


def mux16_pads(channels, com, vcc="+3V3S"):
    """CD74HC4067 SOIC-24: channels[i] is the net on I<i> (None: unconnected)."""
    pin_of = {0: 9, 1: 8, 2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2,
              8: 23, 9: 22, 10: 21, 11: 20, 12: 19, 13: 18, 14: 17, 15: 16}
    pads = {1: com, 10: "S0", 11: "S1", 14: "S2", 13: "S3", 12: "GND", 15: "GND", 24: vcc}
    for ch, net in enumerate(channels):
        if net:
            pads[pin_of[ch]] = net
    return pads


MUX8_PIN = {0: 13, 1: 14, 2: 15, 3: 12, 4: 1, 5: 5, 6: 2, 7: 4}   # 74HC4051 Y<i> -> pin
DEC_PIN = {0: 15, 1: 14, 2: 13, 3: 12, 4: 11, 5: 10, 6: 9, 7: 7}  # 74HC138 Y<i> -> pin


def quadrants(pm):
    """The four quadrants: (half, 'near'|'far') -> {'banks': [global bank of local q],
    'points': [point of column c], 'leds': [LED index of column c]}; raises ValueError when
    the pin map cannot be served by the one quadrant design described above."""
    lay = pm["layout"]
    cmap = pm["channel_map"]
    nslot = lay["slots_per_point"]
    out = {}
    for h, hname in enumerate(lay["half_names"]):
        pl = lay["point_layout"][hname]
        for side in ("near", "far"):
            order = list(pl[side])            # from the bar outwards
            bar_left = (h == 1)               # the right half has the bar on its left
            phys = order if bar_left else order[::-1]      # physical left to right
            cols = phys if side == "near" else phys[::-1]  # far quadrants turned 180 deg
            if len(cols) != 6:
                raise ValueError("a quadrant needs 6 points")
            banks = []
            for q in range(3):
                a, b = cols[5 - 2 * q], cols[4 - 2 * q]
                want = [("point", a, s) for s in range(1, nslot + 1)] + \
                       [("point", b, s) for s in range(1, nslot + 1)]
                found = None
                for bank, chans in enumerate(cmap[h]):
                    got = [(c["kind"], c.get("point"), c.get("slot")) for c in chans[:2 * nslot]]
                    if got == want:
                        found = bank
                if found is None:
                    raise ValueError("%s %s: points %d and %d are not one bank in channel order"
                                     % (hname, side, a, b))
                banks.append(found)
            leds = [pm["leds"]["point"][p - 1] for p in cols]
            if [leds[5 - i] for i in range(6)] != list(range(leds[5], leds[5] + 6)):
                raise ValueError("%s %s: the LED chain does not run column 5 to 0" % (hname, side))
            out[(h, side)] = {"banks": banks, "points": cols, "leds": leds}
    return out


def bank_channels(pm, half, bank):
    return pm["channel_map"][half][bank]


def quadrant_board(pm):
    lay = pm["layout"]
    nslot = lay["slots_per_point"]
    plen = point_len(pm)
    w = 6 * POINT_WIDTH
    edge = TIP_STRIP + plen                     # the frame's inner edge (slot-1 end)
    h = edge + RAIL_STRIP
    # the generic bank's channels, from the first quadrant (all four were checked equal)
    q0 = quadrants(pm)
    h0, s0 = sorted(q0)[0]
    parts = []
    for col in range(6):
        x = POINT_WIDTH / 2 + col * POINT_WIDTH
        for k in range(1, nslot + 1):
            y = edge - slot_from_edge(pm, k)
            q = (5 - col) // 2
            rail = "BANK%d_RAIL" % q
            out = "C%d_S%d" % (col, k)
            n = (6 - col) * 10 + k
            parts.append(part("hall", "U%d" % n, x, y, 0, {1: rail, 2: out, 3: "GND"}))
            parts.append(part("c_hall", "C%d" % n, x + 3.2, y, 90, {1: rail, 2: "GND"}))
            parts[-1]["ref_at"] = (1.9, 0)
        # the point's LED, chain order from column 5 (first) to column 0 (last)
        i = 5 - col
        din = "LED_DIN" if i == 0 else "LED_D%d" % i
        dout = "LED_DOUT" if i == 5 else "LED_D%d" % (i + 1)
        ly = edge + LED_IN_RAIL
        parts.append(part("led", "D%d" % (i + 1), x, ly, 0,
                          {1: "+5V_LED", 2: dout, 3: "GND", 4: din}))
        parts.append(part("c_led", "C%d" % (i + 1), x + 6.0, ly, 90, {1: "+5V_LED", 2: "GND"}))
    for q in range(3):
        bank = q0[(h0, s0)]["banks"][q]
        chans = bank_channels(pm, h0, bank)
        nets = []
        for c in chans:
            if c["kind"] == "point":
                col = q0[(h0, s0)]["points"].index(c["point"])
                nets.append("C%d_S%d" % (col, c["slot"]))
            elif c["kind"] == "gnd":
                nets.append("GND")
            elif c["kind"] == "ref":
                nets.append("BANK%d_HALF" % q)
            else:
                nets.append(None)
        xm = POINT_WIDTH * (5 - 2 * q)          # between the bank's two columns
        ym = TIP_STRIP / 2
        parts.append(part("mux16", "U%d" % (71 + q), xm, ym, 90,
                          mux16_pads(nets, "BANK%d_OUT" % q)))
        parts.append(part("c_ic", "C%d" % (71 + q), xm + 11, ym + 5, 0, {1: "+3V3S", 2: "GND"}))
        parts.append(part("pmos", "Q%d" % (q + 1), xm - 12, ym - 4, 0,
                          {1: "BANK%d_EN_N" % q, 2: "+3V3S", 3: "BANK%d_RAIL" % q}))
        parts.append(part("r_10k", "R%d" % (2 * q + 1), xm + 11, ym - 5, 0,
                          {1: "BANK%d_RAIL" % q, 2: "BANK%d_HALF" % q}))
        parts.append(part("r_10k", "R%d" % (2 * q + 2), xm + 11, ym, 0,
                          {1: "BANK%d_HALF" % q, 2: "GND"}))
    parts.append(part("idc20", "J1", 3 * POINT_WIDTH + 38, TIP_STRIP / 2, 90, RIBBON, side="B"))
    holes = [(4, 4), (w - 4, 4), (4, h - 4), (w - 4, h - 4),
             (2 * POINT_WIDTH, TIP_STRIP + plen / 2), (4 * POINT_WIDTH, TIP_STRIP + plen / 2)]
    return {"name": "quadrant", "size": (w, h), "parts": parts, "holes": holes, "grid": 0.5,
            "title": "Tablier quadrant (x4): 6 points, 36 sensors, 3 banks"}


def bar_board(pm):
    lay = pm["layout"]
    nb = lay["bar_slots_per_side"]
    pitch = pm["sensor"]["slot_pitch_mm"]
    h = 2 * (pitch / 2 + (nb - 1) * pitch + pitch / 2 + 12)
    w = BAR_PCB_WIDTH
    mid = h / 2
    x = w / 2
    # find the bar bank
    half = bank = None
    for hh, banks in enumerate(pm["channel_map"]):
        for b, chans in enumerate(banks):
            if any(c["kind"] == "bar" for c in chans):
                half, bank = hh, b
    chans = bank_channels(pm, half, bank)
    parts = []
    nets = []
    for c in chans:
        if c["kind"] == "bar":
            colour, k = c["colour"], c["slot"]
            sign = 1 if colour == "white" else -1      # White's strip towards the bottom
            y = mid + sign * (pitch / 2 + (k - 1) * pitch)
            out = "%s_S%d" % (colour.upper(), k)
            n = (1 if colour == "white" else 2) * 10 + k
            parts.append(part("hall", "U%d" % n, x, y, 0, {1: "BANK0_RAIL", 2: out, 3: "GND"}))
            parts.append(part("c_hall", "C%d" % n, x + 3.2, y, 90, {1: "BANK0_RAIL", 2: "GND"}))
            parts[-1]["ref_at"] = (1.9, 0)
            nets.append(out)
        elif c["kind"] == "gnd":
            nets.append("GND")
        elif c["kind"] == "ref":
            nets.append("BANK0_HALF")
        else:
            nets.append(None)
    leds = pm["leds"]["bar"]
    first = "white" if leds["white"] < leds["black"] else "black"
    for colour in ("white", "black"):
        sign = 1 if colour == "white" else -1
        y = mid + sign * (h / 2 - 7)
        i = 0 if colour == first else 1
        din = "LED_DIN" if i == 0 else "LED_D1"
        dout = "LED_D1" if i == 0 else "LED_DOUT"
        parts.append(part("led", "D%d" % (i + 1), x, y, 0, {1: "+5V_LED", 2: dout, 3: "GND", 4: din}))
        parts.append(part("c_led", "C%d" % (i + 1), x + 8, y, 90, {1: "+5V_LED", 2: "GND"}))
    parts.append(part("mux16", "U71", x, mid - 5, 0, mux16_pads(nets, "BANK0_OUT")))
    parts.append(part("c_ic", "C71", x + 14, mid - 11, 90, {1: "+3V3S", 2: "GND"}))
    parts.append(part("pmos", "Q1", x - 14, mid - 10, 0,
                      {1: "BANK0_EN_N", 2: "+3V3S", 3: "BANK0_RAIL"}))
    parts.append(part("r_10k", "R1", x + 14, mid - 1, 90, {1: "BANK0_RAIL", 2: "BANK0_HALF"}))
    parts.append(part("r_10k", "R2", x - 14, mid - 1, 90, {1: "BANK0_HALF", 2: "GND"}))
    ribbon = {k: (v if v not in ("BANK1_EN_N", "BANK2_EN_N", "BANK1_OUT", "BANK2_OUT") else None)
              for k, v in RIBBON.items()}
    parts.append(part("idc20", "J1", x, mid + 10, 90, {k: v for k, v in ribbon.items() if v},
                      side="B"))
    holes = [(6, 20), (w - 6, 20), (6, h - 20), (w - 6, h - 20)]
    return {"name": "bar", "size": (w, h), "parts": parts, "holes": holes,
            "bar_bank": (half, bank),
            "title": "Tablier bar: 2 x %d sensors, 1 bank, 2 LEDs" % nb}


def main_board(pm):
    pins = pm["pins"]
    lay = pm["layout"]
    quads = quadrants(pm)
    bar = bar_board(pm)["bar_bank"]
    parts = []
    gp = {}                                     # GPIO -> net at the Pico pin
    sel = []                                    # (gpio, net after the series resistor)
    for i, g in enumerate(pins["mux_sel"]):
        gp[g] = "GP%d" % g
        sel.append((g, "S%d" % i))
    for i, g in enumerate(pins["bank_sel"]):
        gp[g] = "GP%d" % g
        sel.append((g, "A%d" % i))
    half_en = []
    for h, g in enumerate(pins["half_en"]):
        gp[g] = "GP%d" % g
        net = "EN_%s_N" % lay["half_names"][h][0].upper()
        sel.append((g, net))
        half_en.append(net)
    adc = []
    for h, g in enumerate(pins["adc"]):
        net = "ADC_%s" % lay["half_names"][h].upper()
        gp[g] = net
        adc.append(net)
    gp[pins["vbus_adc"]] = "VBUS_HALF"
    gp[pins["led_data"]] = "LED_DATA_3V3"
    gp[pins["i2c"]["sda"]] = "SDA"
    gp[pins["i2c"]["scl"]] = "SCL"
    gp[pins["buzzer"]] = "BUZZER"
    btns = []
    for name, g in sorted(pins["buttons"].items(), key=lambda kv: kv[1]):
        gp[g] = "BTN_%s" % name.upper()
        btns.append((name, g))
    for g in list(pins["uart0"]) + list(pins["spare"]):
        if 0 <= g <= 29 and g not in gp:
            gp[g] = "GP%d" % g
    pico_pads = dict(PICO_POWER)
    for pad, g in PICO_GPIO.items():
        if g in gp:
            pico_pads[pad] = gp[g]
    px, py = 8.0, 20.0                          # Pico pin 1
    parts.append(part("pico", "U1", px + 8.89, py + 24.13, 0, pico_pads))   # pad centroid
    # series resistors on the select lines, a column right of the Pico
    for i, (g, net) in enumerate(sel):
        parts.append(part("r_ser", "R%d" % (1 + i), 36, 20 + 4 * i, 0, {1: "GP%d" % g, 2: net}))
    # the two halves' 74HC4051 + 74HC138
    conn_of = {}                                # (half, bank) -> (connector ref, local q)
    jrefs = {(1, "near"): "J1", (0, "near"): "J2", (0, "far"): "J3", (1, "far"): "J4"}
    ribbon_to = {ref: "%s-%s" % (lay["half_names"][k[0]], k[1]) for k, ref in jrefs.items()}
    ribbon_to["J5"] = "bar"
    for key, ref in jrefs.items():
        for q, b in enumerate(quads[key]["banks"]):
            conn_of[(key[0], b)] = (ref, q)
    conn_of[bar] = ("J5", 0)
    n_banks = lay["banks_per_half"]
    for h in range(lay["halves"]):
        y0 = 30 + 40 * h                       # each half's mux and decoder by its ribbons
        mux = {16: "+3V3S", 8: "GND", 7: "GND", 6: half_en[h], 11: "A0", 10: "A1", 9: "A2",
               3: adc[h]}
        dec = {16: "+3V3S", 8: "GND", 1: "A0", 2: "A1", 3: "A2", 4: half_en[h], 5: "GND",
               6: "+3V3S"}
        for b in range(n_banks[h]):
            ref, q = conn_of[(h, b)]
            mux[MUX8_PIN[b]] = "%s_OUT%d" % (ref, q)
            dec[DEC_PIN[b]] = "%s_EN%d_N" % (ref, q)
        ref_net = "REF_%s" % lay["half_names"][h].upper()
        mux[MUX8_PIN[lay["half_ref_input"]]] = ref_net
        u = 2 + 2 * h
        parts.append(part("mux8", "U%d" % u, 78, y0, 0, mux))
        parts.append(part("dec", "U%d" % (u + 1), 99, y0 + 2, 0, dec))
        parts.append(part("c_ic", "C%d" % u, 78, y0 - 8, 0, {1: "+3V3S", 2: "GND"}))
        parts.append(part("c_ic", "C%d" % (u + 1), 98, y0 - 8, 0, {1: "+3V3S", 2: "GND"}))
        parts.append(part("r_10k", "R%d" % (20 + 2 * h), 78, y0 + 10, 0, {1: "+3V3S", 2: ref_net}))
        parts.append(part("r_10k", "R%d" % (21 + 2 * h), 78, y0 + 13.5, 0, {1: ref_net, 2: "GND"}))
        parts.append(part("r_100k", "R%d" % (24 + h), 98, y0 + 10, 0, {1: "+3V3", 2: adc[h]}))
    # VBUS / 2
    parts.append(part("r_10k", "R26", 44, 60, 0, {1: "VBUS", 2: "VBUS_HALF"}))
    parts.append(part("r_10k", "R27", 44, 64, 0, {1: "VBUS_HALF", 2: "GND"}))
    # sensor LDO
    parts.append(part("ldo", "U6", 60, 84, 0, {1: "GND", 2: "+3V3S", 3: "VBUS"}))
    parts.append(part("c_ldo", "C6", 54, 94, 90, {1: "VBUS", 2: "GND"}))
    parts.append(part("c_ldo", "C7", 66, 94, 90, {1: "+3V3S", 2: "GND"}))
    # LED data level shifter, series resistor, bulk capacitor
    parts.append(part("shift", "U7", 72, 84, 0, {1: "GND", 2: "LED_DATA_3V3", 3: "GND",
                                                 4: "LED_DATA_5V", 5: "VBUS"}))
    parts.append(part("c_ic", "C8", 71, 91, 0, {1: "VBUS", 2: "GND"}))
    parts.append(part("c_bulk", "C9", 60, 62, 0, {1: "VBUS", 2: "GND"}))
    # the LED chain through the sensor boards, then the four status LEDs here
    chain = sorted([(quads[k]["leds"][5], jrefs[k]) for k in jrefs] +
                   [(min(pm["leds"]["bar"].values()), "J5")])
    status = sorted(pm["leds"]["status"].items(), key=lambda kv: kv[1])
    parts.append(part("r_led", "R28", 77, 90, 90, {1: "LED_DATA_5V", 2: "%s_DIN" % chain[0][1]}))
    link = {}
    for i, (i0, ref) in enumerate(chain):
        link[ref] = ("%s_DIN" % ref, "%s_DIN" % chain[i + 1][1] if i + 1 < len(chain)
                     else "STATUS_DIN")
    for i, (name, idx) in enumerate(status):
        din = "STATUS_DIN" if i == 0 else "STATUS_D%d" % i
        dout = "STATUS_D%d" % (i + 1) if i + 1 < len(status) else None
        x = 8 + 12 * i
        pads = {1: "VBUS", 3: "GND", 4: din}
        if dout:
            pads[2] = dout
        parts.append(part("led", "D%d" % (i + 1), x, 86, 0, pads))
        parts.append(part("c_led", "C%d" % (10 + i), x + 5.5, 92, 0, {1: "VBUS", 2: "GND"}))
    # the five ribbons
    jpos = {"J2": (128, 10, 90), "J3": (128, 29, 90), "J5": (128, 48, 90), "J1": (128, 67, 90),
            "J4": (128, 86, 90)}
    for ref, (x, y, rot) in jpos.items():
        pads = {}
        for pin, net in RIBBON.items():
            if net in ("GND", "S0", "S1", "S2", "S3"):
                pads[pin] = net
            elif net == "+3V3S":
                pads[pin] = "+3V3S"
            elif net == "+5V_LED":
                pads[pin] = "VBUS"
            elif net.startswith("BANK"):
                q = int(net[4])
                kind = "OUT" if net.endswith("OUT") else "EN"
                name = "%s_%s%d%s" % (ref, kind, q, "_N" if kind == "EN" else "")
                used = any(n == name for p in parts for n in p["pads"].values())
                if used:
                    pads[pin] = name
            elif net == "LED_DIN":
                pads[pin] = link[ref][0]
            elif net == "LED_DOUT":
                pads[pin] = link[ref][1]
        parts.append(part("idc20", ref, x, y, rot, pads))
        parts[-1]["value"] = "RIBBON %s" % ribbon_to[ref]
    # OLED, buttons, buzzer, UART/spare headers along the left and bottom edges
    parts.append(part("hdr4", "J6", 40, 6, 90, {1: "GND", 2: "+3V3", 3: "SCL", 4: "SDA"}))
    bpads = {7: "GND"}
    for i, (name, g) in enumerate(btns):
        raw = "BTN_%s_IN" % name.upper()
        bpads[i + 1] = raw
        parts.append(part("r_btn", "R%d" % (30 + i), 51 + 4 * i, 14, 90,
                          {1: raw, 2: "BTN_%s" % name.upper()}))
        parts.append(part("c_btn", "C%d" % (20 + i), 51 + 4 * i, 20, 90,
                          {1: "BTN_%s" % name.upper(), 2: "GND"}))
    parts.append(part("hdr7", "J7", 66, 6, 90, bpads))
    parts.append(part("r_buz", "R29", 44, 68, 0, {1: "BUZZER", 2: "PIEZO"}))
    parts.append(part("hdr2", "J8", 44, 74, 90, {1: "PIEZO", 2: "GND"}))
    upads = {5: "GND"}
    for i, g in enumerate(list(pins["uart0"]) + list(pins["spare"])):
        upads[i + 1] = gp.get(g)
    parts.append(part("hdr5", "J9", 92, 6, 90, {k: v for k, v in upads.items() if v}))
    w, h = MAIN_W, MAIN_H
    holes = [(4, 4), (104, 4), (4, h - 4), (106, h - 4)]
    return {"name": "main", "size": (w, h), "parts": parts, "holes": holes, "grid": 0.5,
            "title": "Tablier main board: Pico, half muxes, bank decoders, LDO, LED driver"}


def boards(pm):
    return [quadrant_board(pm), bar_board(pm), main_board(pm)]
