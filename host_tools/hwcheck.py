"""Checks on hardware/pinmap.json, the power budget and the bill-of-materials counts.

Pure functions on the pin-map dict: every check returns a list of problems (plain
sentences, empty when all is well), so tests can feed deliberately broken copies and a
maker can run them on a modified board. Figures come from hardware-brief.md (sources there).
"""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINMAP_PATH = os.path.join(ROOT, "hardware", "pinmap.json")
BOM_PATH = os.path.join(ROOT, "hardware", "bom.md")

# Raspberry Pi Pico: GP0..GP22 and GP26..GP28 are on the header; GP26..GP28 are ADC0..ADC2
# (GP29 = ADC3 is wired to VSYS/3 on the board). GP23..GP25 and GP29 are internal.
HEADER_GPIO = tuple(range(0, 23)) + (26, 27, 28)
ADC_GPIO = (26, 27, 28)
INTERNAL_GPIO = {23: "smps_mode", 24: "VBUS sense", 25: "on-board LED", 29: "VSYS/3 (ADC3)"}
# Physical header pin of each GPIO (Pico datasheet pinout), for the wiring drawing.
HEADER_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
              12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
              22: 29, 26: 31, 27: 32, 28: 34}
# RP2040 I2C0 can sit on these SDA/SCL pairs (GPIO function table: SDA on 4k, SCL on 4k+1).
I2C_PAIRS = {0: [(0, 1), (4, 5), (8, 9), (12, 13), (16, 17), (20, 21)],
             1: [(2, 3), (6, 7), (10, 11), (14, 15), (18, 19), (26, 27)]}
PLAYER_BUTTONS = ("p1_main", "p1_cube", "p2_main", "p2_cube")

# Power figures in mA drawn from USB 5 V: (typical, worst). Sources in hardware/power.md.
# The Pico running MicroPython, by clock (pin map power.cpu_mhz, cpu_mhz_pc): at 125 MHz and
# the core's 1.10 V, 25 / 30 mA (est., measure). At 200 MHz the core regulator is at 1.15 V
# (firmware/app/build.py's chip_setup): the core's share of the Pico's draw, about 20 / 24 mA
# at 3.3 V (est.), scales with clock x voltage (x 1.67), +13 / +16 mA at 3.3 V, through the
# Pico's buck converter (3.3 / 5 V at 88 %) +10 / +12 mA from USB; rounded up.
PICO_MA_BY_MHZ = {125: (25, 30), 200: (36, 44)}
PICO_MA = PICO_MA_BY_MHZ[125]
HALL_MA = (6, 10)             # DRV5055 ICC typ / max [S1]
LOGIC_MA = (1, 1)             # 4067 / 4051 / 138 quiescent + dividers
OLED_MA = (12, 15)            # SSD1306 module, depends on lit pixels (est.)
BUZZER_MA = (0, 5)            # piezo through 100 ohm
USB_SPEC_MA = 500             # USB 2.0 port, and what a charger gives at least
TYPICAL_LIT_MA = 40           # a few points lit in play (brief 4)
CHECKERS = 30                 # 15 per colour, one magnet each


def load_pinmap(path=PINMAP_PATH):
    with open(path) as f:
        return json.load(f)


def _int_pin(v):
    return isinstance(v, int) and not isinstance(v, bool)


def pin_uses(pm):
    """Every (gpio, role) the pin map claims, spares included (a spare must be free too)."""
    uses = []
    for role, v in sorted(pm.get("pins", {}).items()):
        if isinstance(v, bool) or role.endswith("_active_low"):
            continue
        if _int_pin(v):
            uses.append((v, role))
        elif isinstance(v, list):
            uses.extend((p, "%s[%d]" % (role, i)) for i, p in enumerate(v))
        elif isinstance(v, dict) and role == "i2c":
            uses.extend((v[k], "i2c." + k) for k in ("sda", "scl") if k in v)
        elif isinstance(v, dict):
            uses.extend((p, "%s.%s" % (role, k)) for k, p in sorted(v.items()))
    return uses


def check_pins(pm):
    """No pin used twice; every pin exists on the Pico; analog roles only on GP26..GP28."""
    problems = []
    pins = pm.get("pins", {})
    seen = {}
    for gpio, role in pin_uses(pm):
        if not _int_pin(gpio):
            problems.append("%s: pin %r is not a GPIO number" % (role, gpio))
            continue
        if gpio in seen:
            problems.append("GP%d used twice: %s and %s" % (gpio, seen[gpio], role))
        seen[gpio] = role
        if gpio in INTERNAL_GPIO:
            if INTERNAL_GPIO[gpio] != role:
                problems.append("%s on GP%d: that pin is internal to the Pico (%s)"
                                % (role, gpio, INTERNAL_GPIO[gpio]))
        elif gpio not in HEADER_GPIO:
            problems.append("%s on GP%d: no such pin on the Pico header" % (role, gpio))
    for role in ("adc", "vbus_adc"):
        v = pins.get(role)
        for gpio in (v if isinstance(v, list) else [v]):
            if gpio is not None and gpio not in ADC_GPIO:
                problems.append("%s on GP%s: only GP26..GP28 are ADC inputs" % (role, gpio))
    lay = pm.get("layout", {})
    chans = lay.get("mux_channels", 16)
    if len(pins.get("mux_sel", [])) != (chans - 1).bit_length():
        problems.append("mux_sel has %d pins, a %d-channel mux needs %d"
                        % (len(pins.get("mux_sel", [])), chans, (chans - 1).bit_length()))
    inputs = lay.get("half_mux_inputs", 8)
    if len(pins.get("bank_sel", [])) != (inputs - 1).bit_length():
        problems.append("bank_sel has %d pins, an %d-input half mux needs %d"
                        % (len(pins.get("bank_sel", [])), inputs, (inputs - 1).bit_length()))
    halves = lay.get("halves", 2)
    for role in ("half_en", "adc"):
        if len(pins.get(role, [])) != halves:
            problems.append("%s has %d pins for %d halves" % (role, len(pins.get(role, [])), halves))
    i2c = pins.get("i2c", {})
    if (i2c.get("sda"), i2c.get("scl")) not in I2C_PAIRS.get(i2c.get("id"), []):
        problems.append("I2C%s cannot use SDA GP%s / SCL GP%s"
                        % (i2c.get("id"), i2c.get("sda"), i2c.get("scl")))
    for name in PLAYER_BUTTONS:
        if name not in pins.get("buttons", {}):
            problems.append("no button pin for %s" % name)
    return problems


def expected_slots(pm):
    """Every sensor slot the layout asks for, as (kind, where, slot) tuples."""
    lay = pm["layout"]
    slots = [("point", p, s) for p in range(1, lay["n_points"] + 1)
             for s in range(1, lay["slots_per_point"] + 1)]
    slots += [("bar", c, s) for c in ("white", "black")
              for s in range(1, lay["bar_slots_per_side"] + 1)]
    slots += [("tray", t, 1) for t in range(1, lay.get("tray_sensors", 0) + 1)]
    return slots


def _slot_key(entry):
    kind = entry.get("kind")
    if kind == "point":
        return ("point", entry.get("point"), entry.get("slot"))
    if kind == "bar":
        return ("bar", entry.get("colour"), entry.get("slot"))
    if kind == "tray":
        return ("tray", entry.get("tray"), 1)
    return None


def check_channel_map(pm):
    """Shape matches the layout; every sensor slot is reachable through exactly one mux channel;
    every bank keeps its GND and rail/2 self-test channels."""
    problems = []
    lay = pm["layout"]
    cmap = pm.get("channel_map", [])
    if len(cmap) != lay["halves"]:
        problems.append("channel_map has %d halves, layout says %d" % (len(cmap), lay["halves"]))
    where = {}
    for h, half in enumerate(cmap):
        want = lay["banks_per_half"][h] if h < len(lay["banks_per_half"]) else None
        if len(half) != want:
            problems.append("half %d has %d banks, banks_per_half says %s" % (h, len(half), want))
        if len(half) > lay["half_ref_input"]:
            problems.append("half %d: %d banks do not fit below the reference input %d of its %d-input mux"
                            % (h, len(half), lay["half_ref_input"], lay["half_mux_inputs"]))
        for b, bank in enumerate(half):
            if len(bank) != lay["mux_channels"]:
                problems.append("bank %d.%d lists %d channels, the mux has %d"
                                % (h, b, len(bank), lay["mux_channels"]))
            kinds = [e.get("kind") for e in bank]
            for k in ("gnd", "ref"):
                if kinds.count(k) != 1:
                    problems.append("bank %d.%d has %d '%s' channels, the self-test needs exactly one"
                                    % (h, b, kinds.count(k), k))
            for ch, entry in enumerate(bank):
                if entry.get("kind") not in ("point", "bar", "tray", "gnd", "ref", "unused"):
                    problems.append("bank %d.%d ch%d: unknown kind %r" % (h, b, ch, entry.get("kind")))
                key = _slot_key(entry)
                if key is not None:
                    where.setdefault(key, []).append("%d.%d ch%d" % (h, b, ch))
    expected = expected_slots(pm)
    for key in expected:
        if key not in where:
            problems.append("%s %s slot %s is not wired to any mux channel" % key)
        elif len(where[key]) > 1:
            problems.append("%s %s slot %s is wired to %d channels: %s"
                            % (key + (len(where[key]), ", ".join(where[key]))))
    wanted = set(expected)
    for key in sorted(where, key=str):
        if key not in wanted:
            problems.append("%s %s slot %s (on %s) is not in the layout"
                            % (key + (", ".join(where[key]),)))
    return problems


def check_layout(pm):
    """Every point sits in exactly one half of point_layout, and its sensors are wired to that
    half's muxes (a point wired across the hinge would need its own wires there); the bar
    likewise."""
    problems = []
    lay = pm["layout"]
    names = lay.get("half_names", ["left", "right"])
    home = {}
    for h, name in enumerate(names):
        quads = lay["point_layout"].get(name, {})
        for p in quads.get("near", []) + quads.get("far", []):
            if p in home:
                problems.append("point %s appears twice in point_layout (%s and %s)" % (p, home[p], name))
            home[p] = name
        if quads.get("bar"):
            home["bar"] = name
    for p in range(1, lay["n_points"] + 1):
        if p not in home:
            problems.append("point %d is missing from point_layout" % p)
    if "bar" not in home:
        problems.append("no half of point_layout holds the bar")
    for h, half in enumerate(pm.get("channel_map", [])):
        for b, bank in enumerate(half):
            for ch, e in enumerate(bank):
                where = e.get("point") if e.get("kind") == "point" else ("bar" if e.get("kind") == "bar" else None)
                if where in home and h < len(names) and home[where] != names[h]:
                    problems.append("%s is on the %s half but its sensor on %d.%d ch%d is wired to the %s half"
                                    % ("point %d" % where if where != "bar" else "the bar", home[where], h, b, ch, names[h]))
    return problems


def led_indices(pm):
    """(index, what) for every LED the map assigns."""
    leds = pm["leds"]
    out = [(i, "point %d" % (p + 1)) for p, i in enumerate(leds["point"])]
    out += [(i, "bar " + c) for c, i in sorted(leds["bar"].items())]
    out += [(i, k) for k, i in sorted(leds["status"].items())]
    return out


def check_leds(pm):
    """One LED per point, per bar colour and per status light; the chain length matches."""
    problems = []
    leds = pm["leds"]
    n_points = pm["layout"]["n_points"]
    if len(leds["point"]) != n_points:
        problems.append("%d point LEDs for %d points" % (len(leds["point"]), n_points))
    idx = led_indices(pm)
    if len(idx) != leds["count"]:
        problems.append("led count is %d but %d LEDs are assigned" % (leds["count"], len(idx)))
    seen = {}
    for i, what in idx:
        if not _int_pin(i) or not 0 <= i < leds["count"]:
            problems.append("%s: LED index %r outside the chain 0..%d" % (what, i, leds["count"] - 1))
        elif i in seen:
            problems.append("LED %d assigned twice: %s and %s" % (i, seen[i], what))
        else:
            seen[i] = what
    if not 0 < leds["brightness_max"] <= 1:
        problems.append("brightness_max %r must be in (0, 1]" % leds["brightness_max"])
    return problems


def sensor_count(pm):
    return len(expected_slots(pm))


def max_bank_sensors(pm):
    return max(sum(1 for e in bank if _slot_key(e)) for half in pm["channel_map"] for bank in half)


def led_ma(pm, profile="charger"):
    """Worst LED current: every LED full white at the brightness cap, then held to the
    firmware's frame budget, which counts the dark current too (firmware/hw/leds.py)."""
    leds = pm["leds"]
    per_led_lit = 3 * 255 * leds["brightness_max"] * leds["ma_per_step"]
    idle = leds["count"] * leds["idle_ma"]
    at_cap = idle + leds["count"] * per_led_lit
    budget = leds["budget_ma_pc"] if profile == "pc" else leds["budget_ma"]
    return {"idle": idle, "at_cap_unlimited": at_cap, "worst": min(at_cap, max(budget, idle)),
            "budget": budget}


def paired(pm, profile):
    """Whether the scanner powers both halves' bank b together in this power profile (the pin
    map's power.pair_halves_profiles; firmware: board_config.PAIR_HALVES_PROFILES)."""
    return profile in pm["power"].get("pair_halves_profiles", ())


def cpu_mhz(pm, profile):
    """The RP2040's clock in this power profile (firmware/app/build.py's profile_mhz)."""
    p = pm["power"]
    return p.get("cpu_mhz_pc", 125) if profile == "pc" else p.get("cpu_mhz", 125)


def power_budget(pm, profile="charger"):
    """Rows (consumer, typical mA, worst mA, note) and the limit for a USB profile.
    'charger' = any 5 V supply giving 500 mA; 'pc' = a computer port, where MicroPython
    declares only 250 mA. Typical LEDs = a few points lit (TYPICAL_LIT_MA)."""
    bank = max_bank_sensors(pm)
    led = led_ma(pm, profile)
    mhz = cpu_mhz(pm, profile)
    pico = PICO_MA_BY_MHZ[mhz]
    if paired(pm, profile):
        # the scanner powers bank b of both halves at once (firmware/hw/scanwalk.py: 7 power-up
        # waits a scan instead of 13): two banks' sensors on together
        sensors = ("sensor banks, 2 x %d x DRV5055 powered at a time" % bank, 2 * bank * HALL_MA[0],
                   2 * bank * HALL_MA[1], "%d / %d mA each; power-gated, the same bank of both "
                   "halves together (scan pairs)" % HALL_MA)
    else:
        sensors = ("sensor bank, %d x DRV5055 powered at a time" % bank, bank * HALL_MA[0], bank * HALL_MA[1],
                   "%d / %d mA each; power-gated, one bank at a time" % HALL_MA)
    rows = [
        ("Pico (RP2040, MicroPython) at %d MHz" % mhz, pico[0], pico[1],
         "est.; measure on the first board" + ("; core at 1.15 V" if mhz > 133 else "")),
        sensors,
        ("muxes, decoders, dividers", LOGIC_MA[0], LOGIC_MA[1], ""),
        ("OLED SSD1306", OLED_MA[0], OLED_MA[1], "est.; from the Pico 3V3"),
        ("%d LEDs dark" % pm["leds"]["count"], led["idle"], led["idle"], "about 1 mA each"),
        ("LEDs lit", min(TYPICAL_LIT_MA, led["worst"] - led["idle"]), led["worst"] - led["idle"],
         "all white at the %d %% cap: %.0f mA; the %d mA frame budget (dark current included) "
         "leaves %.0f" % (round(pm["leds"]["brightness_max"] * 100), led["at_cap_unlimited"] - led["idle"],
                          led["budget"], led["worst"] - led["idle"])),
        ("piezo buzzer", BUZZER_MA[0], BUZZER_MA[1], ""),
    ]
    limit = pm["power"]["usb_budget_ma_pc"] if profile == "pc" else pm["power"]["usb_budget_ma"]
    return {"rows": rows, "typical": sum(r[1] for r in rows), "worst": sum(r[2] for r in rows),
            "limit": limit, "led": led, "profile": profile}


def check_power(pm):
    """Worst case at the LED brightness cap stays within the declared USB budget of each
    profile, and that budget within USB's 500 mA."""
    problems = []
    for profile in ("charger", "pc"):
        mhz = cpu_mhz(pm, profile)
        if mhz > 200:
            problems.append("%s profile: %d MHz is above the 200 MHz the RP2040 is certified at"
                            % (profile, mhz))
        if mhz not in PICO_MA_BY_MHZ:
            problems.append("%s profile: no power figure for the Pico at %d MHz (hwcheck.PICO_MA_BY_MHZ)"
                            % (profile, mhz))
            continue
        b = power_budget(pm, profile)
        if b["worst"] > b["limit"]:
            problems.append("%s profile: worst case %.0f mA exceeds the %d mA budget"
                            % (profile, b["worst"], b["limit"]))
        if b["limit"] > USB_SPEC_MA:
            problems.append("%s profile: budget %d mA exceeds USB's %d mA"
                            % (profile, b["limit"], USB_SPEC_MA))
    return problems


def power_table_md(pm):
    """The power.md tables, generated so that the document and the pin map cannot drift."""
    out = []
    for profile, title in (("charger", "USB charger or powered hub (budget %d mA)"),
                           ("pc", "computer USB port (budget %d mA)")):
        b = power_budget(pm, profile)
        out.append("#### " + title % b["limit"])
        out.append("")
        out.append("| Consumer | Typical mA | Worst mA | Note |")
        out.append("|---|---:|---:|---|")
        for name, typ, worst, note in b["rows"]:
            out.append("| %s | %.0f | %.0f | %s |" % (name, typ, worst, note))
        out.append("| **Total** | **%.0f** | **%.0f** | limit %d mA, USB %d mA |"
                   % (b["typical"], b["worst"], b["limit"], USB_SPEC_MA))
        out.append("")
    gated_off = sensor_count(pm) * HALL_MA[1]
    out.append("Without power gating all %d sensors would draw %d mA (worst): gating is mandatory."
               % (sensor_count(pm), gated_off))
    led = led_ma(pm)
    out.append("Without the firmware's frame budget, all %d LEDs white at the brightness cap draw "
               "%.0f mA, and the board %.0f mA: the frame budget is required, not optional."
               % (pm["leds"]["count"], led["at_cap_unlimited"],
                  power_budget(pm)["worst"] - led["worst"] + led["at_cap_unlimited"]))
    return "\n".join(out) + "\n"


def bom_counts(pm):
    """Quantities (spares excluded) of every BOM line that follows from the pin map, by the
    Ref tag used in hardware/bom.md."""
    lay = pm["layout"]
    banks = sum(lay["banks_per_half"])
    halves = lay["halves"]
    sensors = sensor_count(pm)
    pins = pm["pins"]
    buttons = len(pins["buttons"])
    selects = len(pins["mux_sel"]) + len(pins["bank_sel"]) + len(pins["half_en"])
    return {
        "PICO": 1,
        "HALL": sensors,
        "C_HALL": sensors,                      # 10 nF at every Hall
        "MUX16": banks,                         # one CD74HC4067 per bank
        "PMOS": banks,                          # one bank power switch per bank
        "MUX8": halves,                         # one 74HC4051 per half
        "DEC": halves,                          # one 74HC138 per half
        "C_IC": banks + 2 * halves + 1,         # 100 nF per mux, decoder, level shifter
        "LDO": 1,
        "R_10K": 2 * banks + 2 * halves + 2,    # rail/2 per bank, 3.3 V/2 per half, VBUS/2
        "R_100K": len(pins["adc"]),             # wire-break pull-up per ADC line
        "R_SER": selects,                       # series resistor per select line
        "LED": pm["leds"]["count"],
        "C_LED": pm["leds"]["count"],           # 100 nF per LED
        "SHIFT": 1,
        "R_LED": 1,
        "C_BULK": 1,
        "OLED": 1,
        "BTN": buttons,
        "R_BTN": buttons,                       # 1 kohm + 100 nF RC per button
        "C_BTN": buttons,
        "BUZZER": 1 if "buzzer" in pins else 0,
        "R_BUZ": 1 if "buzzer" in pins else 0,
        "MAGNET": CHECKERS,
    }


BOM_ROW = re.compile(r"^\|\s*`?([A-Z][A-Z0-9_]*)`?\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|")


def parse_bom(text):
    """{ref: (quantity used, spares)} from the rows of bom.md's table."""
    out = {}
    for line in text.splitlines():
        m = BOM_ROW.match(line)
        if m:
            out[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return out


def check_bom(pm, bom_text):
    """Every BOM line the pin map implies is there with the same quantity."""
    problems = []
    rows = parse_bom(bom_text)
    for ref, need in sorted(bom_counts(pm).items()):
        if ref not in rows:
            problems.append("BOM has no %s line (pin map needs %d)" % (ref, need))
        elif rows[ref][0] != need:
            problems.append("BOM lists %d x %s, the pin map needs %d" % (rows[ref][0], ref, need))
    return problems


def board_config_expectations(pm):
    """(name in firmware/board_config.py, value the pin map implies) for what the hardware
    checks here depend on: pins, sensor and LED counts and indices, LED current limits."""
    pins = pm["pins"]
    leds = pm["leds"]
    lay = pm["layout"]
    return [
        ("MUX_SEL", tuple(pins["mux_sel"])), ("BANK_SEL", tuple(pins["bank_sel"])),
        ("HALF_EN", tuple(pins["half_en"])), ("ADC_PINS", tuple(pins["adc"])),
        ("VBUS_ADC", pins["vbus_adc"]), ("LED_PIN", pins["led_data"]),
        ("I2C_SDA", pins["i2c"]["sda"]), ("I2C_SCL", pins["i2c"]["scl"]),
        ("BUTTONS", dict(pins["buttons"])), ("BUZZER_PIN", pins.get("buzzer")),
        ("N_SENSORS", sensor_count(pm)), ("BANKS_PER_HALF", tuple(lay["banks_per_half"])),
        ("SLOTS_PER_POINT", lay["slots_per_point"]), ("BAR_SLOTS", lay["bar_slots_per_side"]),
        ("LED_COUNT", leds["count"]), ("LED_POINT", tuple(leds["point"])),
        ("LED_BAR", (leds["bar"]["white"], leds["bar"]["black"])), ("LED_STATUS", dict(leds["status"])),
        ("LED_BRIGHTNESS_MAX", leds["brightness_max"]), ("LED_BUDGET_MA", leds["budget_ma"]),
        ("LED_BUDGET_MA_PC", leds["budget_ma_pc"]),
    ]


def check_board_config(pm, cfg):
    """The generated firmware configuration (a module or any object with its names) agrees
    with the pin map on every value the hardware checks depend on."""
    problems = []
    for name, want in board_config_expectations(pm):
        if not hasattr(cfg, name):
            problems.append("board_config has no %s (pin map: %r)" % (name, want))
            continue
        have = getattr(cfg, name)
        if isinstance(have, (bytes, bytearray, list)):
            have = tuple(have)
        if have != want:
            problems.append("board_config %s = %r, the pin map says %r" % (name, have, want))
    return problems


def check_pinmap(pm):
    """All the checks that need only the pin map."""
    if not isinstance(pm, dict):
        return ["the pin map must be a JSON object, not %s" % type(pm).__name__]
    problems = []
    for check in (check_pins, check_channel_map, check_layout, check_leds, check_power):
        try:
            problems += check(pm)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as e:
            problems.append("%s could not read the pin map: %s %s" % (check.__name__, type(e).__name__, e))
    return problems
