"""The committed KiCad boards (hardware/kicad/*.kicad_pcb, built by `python -m host_tools pcb`)
against hardware/pinmap.json, read from the files themselves (an S-expression reader here,
no KiCad needed): every sensor where its slot is and wired to its mux channel, every mux
through the ribbon to its half's 74HC4051 input and its bank switch to the 74HC138 output,
the LED chain in index order across the boards, every Pico pin, the part counts against
bom.md, KiCad's DRC reports (zero errors) and the JLCPCB files. The regeneration and DRC
run in `make hardware` (`python -m host_tools pcb --check`), which needs KiCad 6."""
import csv
import os
import re

import pytest

from tools import ROOT
from host_tools import hwcheck
from host_tools.pcb import design

PM = hwcheck.load_pinmap()
KICAD = os.path.join(ROOT, "hardware", "kicad")
FAB = os.path.join(ROOT, "hardware", "fab")
TOKEN = re.compile(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+')


def sexpr(text):
    stack = [[]]
    for t in TOKEN.findall(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(t[1:-1] if t.startswith('"') else t)
    return stack[0][0]


def load(name):
    """ref -> {'value', 'x', 'y', 'layer', 'pads': {pad: net}} (first pad of a number wins
    unless a later one has a net)."""
    with open(os.path.join(KICAD, name + ".kicad_pcb")) as f:
        tree = sexpr(f.read())
    fps = {}
    for item in tree:
        if not (isinstance(item, list) and item and item[0] == "footprint"):
            continue
        fp = {"pads": {}, "layer": None}
        for sub in item:
            if not isinstance(sub, list):
                continue
            if sub[0] == "at":
                fp["x"], fp["y"] = float(sub[1]), float(sub[2])
            elif sub[0] == "layer":
                fp["layer"] = sub[1]
            elif sub[0] == "fp_text" and sub[1] in ("reference", "value"):
                fp[sub[1]] = sub[2]
            elif sub[0] == "pad":
                net = [s for s in sub if isinstance(s, list) and s[0] == "net"]
                if net or sub[1] not in fp["pads"]:
                    fp["pads"][sub[1]] = net[0][2] if net else None
        fps[fp["reference"]] = fp
    return fps


BOARDS = {n: load(n) for n in ("quadrant", "bar", "main")}


def by_value(fps, value):
    return {r: f for r, f in fps.items() if f.get("value") == value}


def pad_centre(fp):
    return fp["x"], fp["y"]


def net_pads(fps, net):
    return {(r, p) for r, f in fps.items() for p, n in f["pads"].items() if n == net}


def other_pad(fps, ref, net):
    """The net on the other pad of a two-pad part (a series resistor)."""
    nets = [n for p, n in fps[ref]["pads"].items() if n != net]
    assert len(nets) == 1, (ref, fps[ref]["pads"])
    return nets[0]


def through_r(fps, net):
    """Nets beyond the 0603 resistors touching net."""
    out = set()
    for ref, pad in net_pads(fps, net):
        if ref.startswith("R"):
            out.add(other_pad(fps, ref, net))
    return out


MAIN = BOARDS["main"]
PICO = MAIN["U1"]["pads"]
PICO_PAD = {g: p for p, g in design.PICO_GPIO.items()}


def gp_net(g):
    return PICO[str(PICO_PAD[g])]


MUX16_PIN = {0: 9, 1: 8, 2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2,
             8: 23, 9: 22, 10: 21, 11: 20, 12: 19, 13: 18, 14: 17, 15: 16}
MUX8_PIN = {0: 13, 1: 14, 2: 15, 3: 12, 4: 1, 5: 5, 6: 2, 7: 4}       # 74HC4051 datasheet
DEC_PIN = {0: 15, 1: 14, 2: 13, 3: 12, 4: 11, 5: 10, 6: 9, 7: 7}      # 74HC138 datasheet


def half_parts(h):
    """The main board's 74HC4051 and 74HC138 of half h, found by the Pico pins they reach."""
    adc = gp_net(PM["pins"]["adc"][h])
    en = through_r(MAIN, gp_net(PM["pins"]["half_en"][h]))
    mux = [r for r, f in by_value(MAIN, "74HC4051D").items() if f["pads"]["3"] == adc]
    dec = [r for r, f in by_value(MAIN, "74HC138D").items() if f["pads"]["4"] in en]
    assert len(mux) == 1 and len(dec) == 1
    assert MAIN[mux[0]]["pads"]["6"] in en          # the mux's enable is the half's too
    return MAIN[mux[0]], MAIN[dec[0]]


def connector(name):
    refs = [r for r, f in by_value(MAIN, "RIBBON " + name).items()]
    assert len(refs) == 1, name
    return MAIN[refs[0]]


def quadrant_columns(h, side):
    """Points of the quadrant design's columns 0..5 (left to right, slot 1 at the bottom),
    for the quadrant (h, side) as it lies (far quadrants turned 180 degrees)."""
    lay = PM["layout"]
    order = lay["point_layout"][lay["half_names"][h]][side]     # from the bar outwards
    phys = order if lay["half_names"][h] == "right" else order[::-1]   # left to right
    return phys if side == "near" else phys[::-1]


def bank_of(h, point, slot):
    for b, chans in enumerate(PM["channel_map"][h]):
        for c, e in enumerate(chans):
            if e.get("kind") == "point" and e["point"] == point and e["slot"] == slot:
                return b, c
    raise AssertionError((h, point, slot))


def hall_at(fps, x, y):
    found = [f for f in by_value(fps, "DRV5055A2").values()
             if abs(f["x"] - x) < 1.0 and abs(f["y"] - y) < 1.0]
    assert len(found) == 1, (x, y)
    return found[0]


def trace_bank(fps, h, b, hall, channel, name):
    """hall on channel of a sensor board mux that reaches input b of half h's 4051 through
    ribbon `name`, and powered by the switch that half h's 74HC138 output b drives."""
    out, vcc = hall["pads"]["2"], hall["pads"]["1"]
    muxes = [f for f in by_value(fps, "CD74HC4067M96").values()
             if f["pads"].get(str(MUX16_PIN[channel])) == out]
    assert len(muxes) == 1, (name, out)
    com = muxes[0]["pads"]["1"]
    j = fps["J1"]["pads"]
    pin = [p for p, n in j.items() if n == com]
    assert len(pin) == 1
    mux8, dec = half_parts(h)
    assert connector(name)["pads"][pin[0]] == mux8["pads"][str(MUX8_PIN[b])]
    pmos = [f for f in by_value(fps, "AO3401A").values() if f["pads"]["3"] == vcc]
    assert len(pmos) == 1
    gate_pin = [p for p, n in j.items() if n == pmos[0]["pads"]["1"]]
    assert len(gate_pin) == 1
    assert connector(name)["pads"][gate_pin[0]] == dec["pads"][str(DEC_PIN[b])]
    assert pmos[0]["pads"]["2"] == "+3V3S"


@pytest.mark.parametrize("h,side", [(0, "near"), (0, "far"), (1, "near"), (1, "far")])
def test_every_quadrant_sensor_reaches_its_mux_channel_and_half_mux_input(h, side):
    fps = BOARDS["quadrant"]
    cols = quadrant_columns(h, side)
    edge = design.TIP_STRIP + design.point_len(PM)
    name = "%s-%s" % (PM["layout"]["half_names"][h], side)
    n = 0
    for c, point in enumerate(cols):
        for s in range(1, PM["layout"]["slots_per_point"] + 1):
            x = design.POINT_WIDTH * (c + 0.5)
            y = edge - design.slot_from_edge(PM, s)
            b, ch = bank_of(h, point, s)
            trace_bank(fps, h, b, hall_at(fps, x, y), ch, name)
            n += 1
    assert n == 36


def test_every_bar_sensor_reaches_its_mux_channel():
    fps = BOARDS["bar"]
    w = design.BAR_PCB_WIDTH
    ys = sorted(f["y"] for f in by_value(fps, "DRV5055A2").values())
    mid = (ys[0] + ys[-1]) / 2
    pitch = PM["sensor"]["slot_pitch_mm"]
    n = 0
    for h, banks in enumerate(PM["channel_map"]):
        for b, chans in enumerate(banks):
            for ch, e in enumerate(chans):
                if e.get("kind") != "bar":
                    continue
                sign = 1 if e["colour"] == "white" else -1      # White's edge at the bottom
                y = mid + sign * (pitch / 2 + (e["slot"] - 1) * pitch)
                trace_bank(fps, h, b, hall_at(fps, w / 2, y), ch, "bar")
                n += 1
    assert n == 2 * PM["layout"]["bar_slots_per_side"]


def test_bank_self_test_channels():
    # ch14 GND; ch15 the bank's switched rail / 2: two 10 k, rail (the switch's drain) to GND
    for name in ("quadrant", "bar"):
        fps = BOARDS[name]
        for f in by_value(fps, "CD74HC4067M96").values():
            assert f["pads"][str(MUX16_PIN[14])] == "GND"
            half = f["pads"][str(MUX16_PIN[15])]
            rs = sorted(r for r, _ in net_pads(fps, half) if r.startswith("R"))
            assert len(rs) == 2 and all(fps[r]["value"] == "10k" for r in rs)
            ends = sorted((other_pad(fps, r, half) for r in rs), key=lambda n: n != "GND")
            assert ends[0] == "GND"
            drains = {p["pads"]["3"] for p in by_value(fps, "AO3401A").values()}
            assert ends[1] in drains
            # the halls on this mux are powered from that same switched rail
            for ch in range(14):
                out = f["pads"].get(str(MUX16_PIN[ch]))
                for h in by_value(fps, "DRV5055A2").values():
                    if h["pads"]["2"] == out:
                        assert h["pads"]["1"] == ends[1]
            assert f["pads"]["12"] == "GND" and f["pads"]["15"] == "GND"   # GND, enable on
            assert f["pads"]["24"] == "+3V3S"


def test_led_chain_runs_in_index_order_across_the_boards():
    leds = PM["leds"]
    # from the Pico's LED pin through the level shifter and its series resistor
    shifter = [f for f in by_value(MAIN, "74AHCT1G125").values()]
    assert len(shifter) == 1 and shifter[0]["pads"]["2"] == gp_net(PM["pins"]["led_data"])
    (net,) = through_r(MAIN, shifter[0]["pads"]["4"])
    chain = []
    quads = {"%s-%s" % (PM["layout"]["half_names"][h], s): (h, s)
             for h in (0, 1) for s in ("near", "far")}
    status = sorted(leds["status"].values())
    guard = 0
    while net and guard < 40:
        guard += 1
        js = [f for f in MAIN.values() if f.get("value", "").startswith("RIBBON ")
              and f["pads"].get("19") == net]
        if js:
            name = js[0]["value"][7:]
            fps = BOARDS["bar" if name == "bar" else "quadrant"]
            d = fps["J1"]["pads"]["19"]
            while d != fps["J1"]["pads"]["20"]:
                (led,) = [f for f in by_value(fps, "WS2812B").values() if f["pads"]["4"] == d]
                if name == "bar":
                    ys = [f["y"] for f in by_value(fps, "WS2812B").values()]
                    colour = "white" if led["y"] == max(ys) else "black"
                    chain.append(leds["bar"][colour])
                else:
                    c = int(led["x"] // design.POINT_WIDTH)
                    chain.append(leds["point"][quadrant_columns(*quads[name])[c] - 1])
                d = led["pads"]["2"]
            net = js[0]["pads"]["20"]
            continue
        (led,) = [f for f in by_value(MAIN, "WS2812B").values() if f["pads"]["4"] == net]
        chain.append(status[len([i for i in chain if i in status])])
        net = led["pads"].get("2")
    assert chain == list(range(leds["count"]))


def test_every_pico_pin_as_the_pin_map_says():
    pins = PM["pins"]
    sensor_boards = [BOARDS["quadrant"], BOARDS["bar"]]
    ribbons = [f for f in MAIN.values() if f.get("value", "").startswith("RIBBON ")]
    assert len(ribbons) == 5
    for i, g in enumerate(pins["mux_sel"]):
        (s,) = through_r(MAIN, gp_net(g))
        for j in ribbons:
            assert j["pads"][str(3 + i)] == s
        for fps in sensor_boards:
            rib = fps["J1"]["pads"][str(3 + i)]
            for f in by_value(fps, "CD74HC4067M96").values():
                assert f["pads"][{0: "10", 1: "11", 2: "14", 3: "13"}[i]] == rib
    for i, g in enumerate(pins["bank_sel"]):
        (a,) = through_r(MAIN, gp_net(g))
        for h in (0, 1):
            mux8, dec = half_parts(h)
            assert mux8["pads"][str(11 - i)] == a and dec["pads"][str(1 + i)] == a
    for h in (0, 1):
        mux8, dec = half_parts(h)
        ref = mux8["pads"][str(MUX8_PIN[PM["layout"]["half_ref_input"]])]
        assert {r for r, _ in net_pads(MAIN, ref)} - {r for r in MAIN if r.startswith("U")}
        assert dec["pads"]["5"] == "GND" and dec["pads"]["6"] == "+3V3S"
        # 100 k wire-break pull-up to the Pico's 3V3 on each ADC line
        assert "+3V3" in through_r(MAIN, gp_net(pins["adc"][h]))
    i2c = pins["i2c"]
    oled = by_value(MAIN, "OLED")
    (j6,) = oled.values()
    assert j6["pads"]["4"] == gp_net(i2c["sda"]) and j6["pads"]["3"] == gp_net(i2c["scl"])
    assert j6["pads"]["2"] == "+3V3" and j6["pads"]["1"] == "GND"
    (jb,) = by_value(MAIN, "buttons").values()
    for name, g in pins["buttons"].items():
        assert gp_net(g) in {n for p in jb["pads"].values() for n in through_r(MAIN, p)}, name
        caps = [r for r, _ in net_pads(MAIN, gp_net(g)) if r.startswith("C")]
        assert len(caps) == 1                   # the RC filter's capacitor at the pin
    (jz,) = by_value(MAIN, "piezo").values()
    assert jz["pads"]["1"] in through_r(MAIN, gp_net(pins["buzzer"]))
    vb = gp_net(pins["vbus_adc"])
    assert through_r(MAIN, vb) == {"VBUS", "GND"}
    assert PICO["40"] == "VBUS" and PICO["36"] == "+3V3"
    assert all(PICO[str(p)] == "GND" for p in (3, 8, 13, 18, 23, 28, 33, 38))


def test_part_counts_match_the_bom():
    want = hwcheck.bom_counts(PM)
    per_value = {"HALL": "DRV5055A2", "MUX16": "CD74HC4067M96", "PMOS": "AO3401A",
                 "MUX8": "74HC4051D", "DEC": "74HC138D", "LED": "WS2812B",
                 "SHIFT": "74AHCT1G125", "LDO": "AZ1117CH-3.3"}
    copies = {"quadrant": 4, "bar": 1, "main": 1}
    for tag, value in per_value.items():
        got = sum(copies[b] * len(by_value(fps, value)) for b, fps in BOARDS.items())
        assert got == want[tag], tag
    caps10n = sum(copies[b] * len(by_value(fps, "10nF")) for b, fps in BOARDS.items())
    assert caps10n == want["C_HALL"]
    r10k = sum(copies[b] * len(by_value(fps, "10k")) for b, fps in BOARDS.items())
    assert r10k == want["R_10K"]


@pytest.mark.parametrize("name", ["quadrant", "bar", "main"])
def test_kicad_drc_reports_no_error_and_every_pad_connected(name):
    with open(os.path.join(FAB, "%s-drc.txt" % name)) as f:
        text = f.read()
    assert "Severity: error" not in text
    assert "Found 0 unconnected pads" in text


@pytest.mark.parametrize("name", ["quadrant", "bar", "main"])
def test_jlcpcb_files_cover_every_smd_part(name):
    fps = BOARDS[name]
    with open(os.path.join(FAB, "%s-cpl.csv" % name)) as f:
        cpl = list(csv.DictReader(f))
    with open(os.path.join(FAB, "%s-bom.csv" % name)) as f:
        bom = list(csv.DictReader(f))
    assert list(cpl[0]) == ["Designator", "Mid X", "Mid Y", "Layer", "Rotation"]
    assert {"Comment", "Designator", "Footprint", "LCSC Part #"} <= set(bom[0])
    placed = {r["Designator"] for r in cpl}
    # the gerbers' frame (y up from the top-left corner) and JLCPCB's zero orientation:
    # a Hall (SOT-23) lying as KiCad's footprint at 0 degrees goes in at 180
    for r in cpl:
        fp = fps[r["Designator"]]
        assert abs(float(r["Mid X"][:-2]) - fp["x"]) < 0.01, r
        assert abs(float(r["Mid Y"][:-2]) + fp["y"]) < 0.01, r
        if fp["value"] == "DRV5055A2":
            assert r["Rotation"] == "180" and r["Layer"] == "Top"
        if fp["value"] == "CD74HC4067M96":
            assert r["Rotation"] == str((90 + 270) % 360 if name == "quadrant" else 270)
    listed = {d for r in bom for d in r["Designator"].split(",")}
    assert placed == listed
    with open(os.path.join(FAB, "%s-hand-solder.csv" % name)) as f:
        hand = {d for r in csv.DictReader(f) for d in r["Designator"].split(",")}
    parts = {r for r, f in fps.items() if f.get("value") != "M3"}
    assert placed | hand == parts and not placed & hand
    assert all(r.startswith("J") or r == "U1" or fps[r]["value"].startswith("1000uF")
               for r in hand)                   # only connectors, the Pico, the bulk cap
    for suffix in ("gerbers.zip", "top.png", "bottom.png"):
        assert os.path.getsize(os.path.join(FAB, "%s-%s" % (name, suffix))) > 1000


def schematic_nets(name):
    """ref -> {pin: net} read from hardware/kicad/NAME.kicad_sch: each symbol's pin ends
    (from the symbol embedded in the file) matched with the labels at those points."""
    with open(os.path.join(KICAD, name + ".kicad_sch")) as f:
        tree = sexpr(f.read())
    libs, labels, ncs, out = {}, {}, set(), {}
    for item in tree:
        if not isinstance(item, list):
            continue
        if item[0] == "lib_symbols":
            for sym in item[1:]:
                pins = []
                for unit in sym:
                    if isinstance(unit, list) and unit[0] == "symbol":
                        for p in unit:
                            if isinstance(p, list) and p[0] == "pin":
                                at = [x for x in p if isinstance(x, list) and x[0] == "at"][0]
                                num = [x for x in p if isinstance(x, list) and x[0] == "number"][0]
                                pins.append((num[1], float(at[1]), float(at[2])))
                libs[sym[1]] = pins
        elif item[0] == "label":
            at = item[2]
            labels[(round(float(at[1]), 2), round(float(at[2]), 2))] = item[1]
        elif item[0] == "no_connect":
            ncs.add((round(float(item[1][1]), 2), round(float(item[1][2]), 2)))
    for item in tree:
        if isinstance(item, list) and item[0] == "symbol":
            lib = [x for x in item if isinstance(x, list) and x[0] == "lib_id"][0][1]
            at = [x for x in item if isinstance(x, list) and x[0] == "at"][0]
            ref = [x for x in item if isinstance(x, list) and x[0] == "property"
                   and x[1] == "Reference"][0][2]
            if ref.startswith("#"):             # PWR_FLAG: for KiCad's ERC, no part
                continue
            X, Y = float(at[1]), float(at[2])
            pins = {}
            for num, px, py in libs[lib]:
                key = (round(X + px, 2), round(Y - py, 2))
                assert key in labels or key in ncs, (name, ref, num)
                pins[num] = labels.get(key)
            out[ref] = pins
    return out


@pytest.mark.parametrize("name", ["quadrant", "bar", "main"])
def test_schematic_and_pcb_have_the_same_nets(name):
    sch = schematic_nets(name)
    pcb = {r: f["pads"] for r, f in BOARDS[name].items() if f.get("value") != "M3"}
    assert set(sch) == set(pcb)
    for ref, pins in sch.items():
        for num, net in pins.items():
            assert pcb[ref].get(num) == net, (ref, num)
        # every pad with a net has its pin (the SOT-223 tab repeats pin 2)
        assert {n for n, v in pcb[ref].items() if v} <= set(pins), ref
    with open(os.path.join(FAB, "%s-schematic.pdf" % name), "rb") as f:
        assert f.read(5) == b"%PDF-"


@pytest.mark.parametrize("index", [0, 1, 2])
def test_committed_boards_follow_the_pin_map(index):
    # a pin map edit without `python -m host_tools pcb` fails here (no KiCad needed): the
    # committed board's parts and nets are those design.py derives from the pin map now
    spec = design.boards(PM)[index]
    fps = BOARDS[spec["name"]]
    want = {p["ref"]: p for p in spec["parts"]}
    assert set(want) == {r for r, f in fps.items() if f.get("value") != "M3"}
    for ref, p in want.items():
        got = {n: v for n, v in fps[ref]["pads"].items() if v}
        assert got == {n: v for n, v in p["pads"].items() if v}, ref
        assert fps[ref]["value"] == p["value"]


def test_committed_drawing_follows_the_pin_map():
    from host_tools.pcb import wood
    for name, text in (("board-drawing.svg", wood.svg(PM)), ("board-drawing.dxf", wood.dxf(PM))):
        with open(os.path.join(ROOT, "hardware", "drawing", name)) as f:
            assert f.read() == text, "%s is stale: python -m host_tools pcb" % name


@pytest.mark.parametrize("name", ["quadrant", "bar", "main"])
def test_no_net_ends_on_a_single_pin(name):
    # what KiCad's ERC calls a dangling label / a net with one pin: every net joins at
    # least two pads on its board (a ribbon pin counts: the net goes on through the ribbon)
    count = {}
    for f in BOARDS[name].values():
        for net in f["pads"].values():
            if net:
                count[net] = count.get(net, 0) + 1
    assert [n for n, c in count.items() if c < 2] == []
