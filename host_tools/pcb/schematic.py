"""Each board's schematic as a KiCad 6 .kicad_sch (symbols from KiCad's libraries, every pin
joined to its net by a label, unused pins marked no-connect) and as a PDF drawn here from the
same symbols (KiCad 6 has no headless schematic plotter). Pure Python, deterministic.

The schematic is a net-label drawing: symbols in a grid, wires replaced by labels at the pin
ends, the same nets as the PCB (both come from design.py's pad -> net map, pin numbers
being pad numbers)."""
import os
import re
import subprocess
import uuid

from . import design

SYMLIB = os.environ.get("KICAD6_SYMBOL_DIR", "/usr/share/kicad/symbols")

# part kind -> (library, symbol)
SYMBOL = {
    "hall": ("Sensor_Magnetic", "DRV5055A2xDBZxQ1"),
    "c_hall": ("Device", "C"), "c_ic": ("Device", "C"), "c_ldo": ("Device", "C"),
    "c_led": ("Device", "C"), "c_btn": ("Device", "C"), "c_bulk": ("Device", "C_Polarized"),
    "mux16": ("74xx", "CD74HC4067M"), "mux8": ("74xx", "74HC4051"), "dec": ("74xx", "74LS138"),
    "pmos": ("Transistor_FET", "AO3401A"), "ldo": ("Regulator_Linear", "AZ1117-3.3"),
    "r_10k": ("Device", "R"), "r_100k": ("Device", "R"), "r_ser": ("Device", "R"),
    "r_led": ("Device", "R"), "r_btn": ("Device", "R"), "r_buz": ("Device", "R"),
    "led": ("LED", "WS2812B"), "shift": ("74xGxx", "74AHCT1G125"),
    "idc20": ("Connector_Generic", "Conn_02x10_Odd_Even"),
    "hdr4": ("Connector_Generic", "Conn_01x04"), "hdr5": ("Connector_Generic", "Conn_01x05"),
    "hdr7": ("Connector_Generic", "Conn_01x07"), "hdr2": ("Connector_Generic", "Conn_01x02"),
    "pico": ("tablier", "RaspberryPi_Pico"),
}
TOKEN = re.compile(r'\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+')


class Q(str):
    """A quoted string in an S-expression."""


def parse(text):
    stack = [[]]
    for t in TOKEN.findall(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(Q(t[1:-1].replace('\\"', '"')) if t.startswith('"') else t)
    return stack[0]


def dump(x, indent=0):
    if isinstance(x, list):
        inner = " ".join(dump(y, indent + 1) for y in x)
        return "(" + inner + ")"
    if isinstance(x, Q):
        return '"' + x.replace('"', '\\"') + '"'
    return str(x)


_LIBS = {}


def lib_symbols(lib):
    if lib not in _LIBS:
        with open(os.path.join(SYMLIB, lib + ".kicad_sym")) as f:
            tree = parse(f.read())[0]
        _LIBS[lib] = {s[1]: s for s in tree if isinstance(s, list) and s and s[0] == "symbol"}
    return _LIBS[lib]


def pico_symbol():
    """A Raspberry Pi Pico module symbol (KiCad 6 ships the RP2040 only): pins 1-20 left,
    21-40 right, numbered as the module's pads."""
    names = {3: "GND", 8: "GND", 13: "GND", 18: "GND", 23: "GND", 28: "GND", 33: "AGND",
             38: "GND", 30: "RUN", 35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 39: "VSYS",
             40: "VBUS"}
    for pad, g in design.PICO_GPIO.items():
        names[pad] = "GP%d" % g
    pins = []
    for n in range(1, 41):
        if n <= 20:
            x, y, a = -15.24, 24.13 - (n - 1) * 2.54, 0
        else:
            x, y, a = 15.24, 24.13 - (40 - n) * 2.54, 180
        kind = "power_in" if names[n] in ("GND", "AGND", "VBUS", "VSYS") else "bidirectional"
        pins.append([ "pin", kind, "line", ["at", "%g" % x, "%g" % round(y, 2), str(a)],
                     ["length", "2.54"],
                     ["name", Q(names[n]), ["effects", ["font", ["size", "1.27", "1.27"]]]],
                     ["number", Q(str(n)), ["effects", ["font", ["size", "1.27", "1.27"]]]]])
    body = ["symbol", Q("RaspberryPi_Pico_0_1"),
            ["rectangle", ["start", "-12.7", "26.67"], ["end", "12.7", "-26.67"],
             ["stroke", ["width", "0.254"], ["type", "default"], ["color", "0", "0", "0", "0"]],
             ["fill", ["type", "background"]]]]
    return ["symbol", Q("RaspberryPi_Pico"), ["in_bom", "yes"], ["on_board", "yes"],
            ["property", Q("Reference"), Q("U"), ["id", "0"], ["at", "0", "27.94", "0"],
             ["effects", ["font", ["size", "1.27", "1.27"]]]],
            ["property", Q("Value"), Q("RaspberryPi_Pico"), ["id", "1"], ["at", "0", "-27.94", "0"],
             ["effects", ["font", ["size", "1.27", "1.27"]]]],
            body, ["symbol", Q("RaspberryPi_Pico_1_1")] + pins]


def flat_symbol(lib, name):
    """The library symbol with its `extends` resolved, named LIB:NAME for the schematic."""
    if lib == "tablier":
        sym = pico_symbol()
    else:
        syms = lib_symbols(lib)
        sym = syms[name]
        ext = [x for x in sym if isinstance(x, list) and x and x[0] == "extends"]
        if ext:
            parent = syms[ext[0][1]]
            props = [x for x in sym if isinstance(x, list) and x and x[0] == "property"]
            head = [x for x in parent if isinstance(x, list) and x and x[0] in
                    ("pin_numbers", "pin_names", "in_bom", "on_board", "power")]
            units = []
            for u in parent:
                if isinstance(u, list) and u and u[0] == "symbol":
                    units.append(["symbol", Q(u[1].replace(parent[1], name, 1))] + u[2:])
            sym = ["symbol", Q(name)] + head + props + units
    out = list(sym)
    out[1] = Q("%s:%s" % (lib, name))
    # KiCad joins a hidden power-input pin to the global net of its name (the 74AHCT1G125's
    # VCC would join every "VCC"): shown, it is joined by its label only, as every pin here
    out = [show_power_pins(u) if isinstance(u, list) and u and u[0] == "symbol" else u
           for u in out]
    return out


def show_power_pins(unit):
    return [[x for x in p if x != "hide"] if isinstance(p, list) and p[:2] == ["pin", "power_in"]
            else p for p in unit]


def power_flags(spec, placed):
    """The nets with a power-input pin and no power-output pin (their power comes through
    a connector or a passive part): one PWR_FLAG each, so KiCad's ERC knows they are fed."""
    fed, used = set(), []
    for p, sym, X, Y in placed:
        for n, _, _, _, kind in pins_of(sym):
            net = p["pads"].get(n)
            if net and kind == "power_out":
                fed.add(net)
            elif net and kind == "power_in" and net not in used:
                used.append(net)
    return sorted(n for n in used if n not in fed)


def pins_of(sym):
    """[(number, x, y, angle, kind)] in symbol coordinates (y up), unit 1 / common units."""
    out = []
    for u in sym:
        if isinstance(u, list) and u and u[0] == "symbol":
            m = re.search(r"_(\d+)_(\d+)$", u[1])
            if m and m.group(1) not in ("0", "1"):
                continue
            for p in u:
                if isinstance(p, list) and p and p[0] == "pin":
                    at = [x for x in p if isinstance(x, list) and x[0] == "at"][0]
                    num = [x for x in p if isinstance(x, list) and x[0] == "number"][0][1]
                    out.append((str(num), float(at[1]), float(at[2]), int(float(at[3])), p[1]))
    return out


def bbox(sym):
    xs, ys = [0.0], [0.0]
    for num, x, y, a, _ in pins_of(sym):
        xs.append(x)
        ys.append(y)
    for u in sym:
        if isinstance(u, list) and u and u[0] == "symbol":
            for g in u:
                if isinstance(g, list) and g and g[0] == "rectangle":
                    for k in g[1:3]:
                        xs.append(float(k[1]))
                        ys.append(float(k[2]))
    return min(xs), min(ys), max(xs), max(ys)


def uid(*parts):
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "tablier/sch/" + "/".join(map(str, parts))))


def layout(spec):
    """Symbols in rows (kind by kind, as the design lists them): [(part, sym, X, Y)]."""
    placed = []
    x, y, row_h = 30.0, 30.0, 0.0
    width = 390.0
    syms = {}
    for p in sorted(spec["parts"], key=lambda p: (list(SYMBOL).index(p["kind"]), design_order(p))):
        lib, name = SYMBOL[p["kind"]]
        key = (lib, name)
        if key not in syms:
            syms[key] = flat_symbol(lib, name)
        sym = syms[key]
        x0, y0, x1, y1 = bbox(sym)
        w = (x1 - x0) + 36
        h = (y1 - y0) + 14
        if x + w > width:
            x, y, row_h = 30.0, y + row_h, 0.0
        X = round((x - x0 + 16) / 1.27) * 1.27
        Y = round((y + y1 + 6) / 1.27) * 1.27
        placed.append((p, sym, X, Y))
        x += w
        row_h = max(row_h, h)
    return placed, syms, y + row_h + 20


def design_order(p):
    m = re.match(r"([A-Z]+)(\d+)", p["ref"])
    return (m.group(1), int(m.group(2)))


def kicad_sch(spec):
    placed, syms, height = layout(spec)
    flags = power_flags(spec, placed)
    if flags:
        syms[("power", "PWR_FLAG")] = flat_symbol("power", "PWR_FLAG")
    name = spec["name"]
    out = ['(kicad_sch (version 20211123) (generator eeschema)',
           '  (uuid %s)' % uid(name),
           '  (paper "User" 420 %d)' % max(297, int(height) + 10),
           '  (title_block (title "%s") (rev "%s") (company "Tablier, generated from hardware/pinmap.json by python -m host_tools pcb"))'
           % (spec["title"], spec.get("rev", "")),
           '  (lib_symbols']
    for key in sorted(syms):
        out.append("    " + dump(syms[key]))
    out.append("  )")
    labels, ncs, insts, refs = [], [], [], []
    for p, sym, X, Y in placed:
        lib, sname = SYMBOL[p["kind"]]
        su = uid(name, p["ref"])
        pins = pins_of(sym)
        x0, y0, x1, y1 = bbox(sym)
        props = [
            '(property "Reference" "%s" (id 0) (at %.2f %.2f 0) (effects (font (size 1.27 1.27))))' % (p["ref"], X, Y - y1 - 2.5),
            '(property "Value" "%s" (id 1) (at %.2f %.2f 0) (effects (font (size 1.27 1.27))))' % (p["value"], X, Y - y0 + 2.5),
            '(property "Footprint" "%s" (id 2) (at %.2f %.2f 0) (effects (font (size 1.27 1.27)) hide))'
            % ("tablier:RaspberryPi_Pico_TH" if p["fp"] == "PICO" else "%s:%s" % p["fp"], X, Y),
            '(property "MPN" "%s" (id 4) (at %.2f %.2f 0) (effects (font (size 1.27 1.27)) hide))' % (p["mpn"], X, Y),
            '(property "LCSC" "%s" (id 5) (at %.2f %.2f 0) (effects (font (size 1.27 1.27)) hide))' % (p["lcsc"], X, Y),
        ]
        pin_uuids = " ".join('(pin "%s" (uuid %s))' % (n, uid(name, p["ref"], "pin", n))
                             for n, _, _, _, _ in pins)
        insts.append('  (symbol (lib_id "%s:%s") (at %.2f %.2f 0) (unit 1) (in_bom yes) (on_board yes)\n'
                     '    (uuid %s)\n    %s\n    %s)'
                     % (lib, sname, X, Y, su, "\n    ".join(props), pin_uuids))
        refs.append('    (path "/%s" (reference "%s") (unit 1) (value "%s") (footprint "%s"))'
                    % (su, p["ref"], p["value"],
                       "tablier:RaspberryPi_Pico_TH" if p["fp"] == "PICO" else "%s:%s" % p["fp"]))
        for n, px, py, a, kind in pins:
            cx, cy = X + px, Y - py
            net = p["pads"].get(n)
            if net:
                la = (a + 180) % 360
                just = "left" if la in (0, 90) else "right"
                labels.append('  (label "%s" (at %.2f %.2f %d) (effects (font (size 1.27 1.27)) (justify %s)) (uuid %s))'
                              % (net, cx, cy, la, just, uid(name, p["ref"], "label", n)))
            else:
                ncs.append('  (no_connect (at %.2f %.2f) (uuid %s))' % (cx, cy, uid(name, p["ref"], "nc", n)))
    for i, net in enumerate(flags):
        ref = "#FLG%02d" % (i + 1)
        X = 30.48 + (i % 14) * 25.4
        Y = round((height - 12 + (i // 14) * 10) / 1.27) * 1.27
        su = uid(name, ref)
        labels.append('  (label "%s" (at %.2f %.2f 270) (effects (font (size 1.27 1.27)) (justify right)) (uuid %s))'
                      % (net, X, Y, uid(name, ref, "label", "1")))
        insts.append('  (symbol (lib_id "power:PWR_FLAG") (at %.2f %.2f 0) (unit 1) (in_bom no) (on_board no)\n'
                     '    (uuid %s)\n'
                     '    (property "Reference" "%s" (id 0) (at %.2f %.2f 0) (effects (font (size 1.27 1.27)) hide))\n'
                     '    (property "Value" "PWR_FLAG" (id 1) (at %.2f %.2f 0) (effects (font (size 1.27 1.27))))\n'
                     '    (pin "1" (uuid %s)))'
                     % (X, Y, su, ref, X, Y - 1.905, X, Y - 3.81, uid(name, ref, "pin", "1")))
        refs.append('    (path "/%s" (reference "%s") (unit 1) (value "PWR_FLAG") (footprint ""))' % (su, ref))
    out += labels + ncs + insts
    out.append('  (sheet_instances (path "/" (page "1")))')
    out.append('  (symbol_instances')
    out += refs
    out.append('  )')
    out.append(')')
    return "\n".join(out) + "\n", placed


def svg(spec):
    """The same sheet drawn as SVG (symbol bodies, pins with numbers, labels, references)."""
    placed, _, height = layout(spec)
    w = 420
    h = max(297, int(height) + 10)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%dmm" height="%dmm" viewBox="0 0 %d %d">' % (w, h, w, h),
         '<rect width="%d" height="%d" fill="#fff"/>' % (w, h),
         '<text x="10" y="12" font-family="sans-serif" font-size="6">%s</text>' % spec["title"],
         '<text x="10" y="20" font-family="sans-serif" font-size="3">generated from hardware/pinmap.json '
         'by python -m host_tools pcb; a label names the net at every pin; x: not connected</text>']
    for p, sym, X, Y in placed:
        for u in sym:
            if not (isinstance(u, list) and u and u[0] == "symbol"):
                continue
            m = re.search(r"_(\d+)_(\d+)$", u[1])
            if m and m.group(1) not in ("0", "1"):
                continue
            for g in u:
                if not isinstance(g, list) or not g:
                    continue
                if g[0] == "rectangle":
                    (ax, ay), (bx, by) = [(float(k[1]), float(k[2])) for k in g[1:3]]
                    o.append('<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#ffffe6" stroke="#800" stroke-width="0.25"/>'
                             % (X + min(ax, bx), Y - max(ay, by), abs(bx - ax), abs(by - ay)))
                elif g[0] == "polyline":
                    pts = [x for x in g if isinstance(x, list) and x[0] == "pts"][0]
                    o.append('<polyline points="%s" fill="none" stroke="#800" stroke-width="0.25"/>'
                             % " ".join("%.2f,%.2f" % (X + float(q[1]), Y - float(q[2])) for q in pts[1:]))
                elif g[0] == "circle":
                    c = [x for x in g if isinstance(x, list) and x[0] == "center"][0]
                    r = [x for x in g if isinstance(x, list) and x[0] == "radius"][0]
                    o.append('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="none" stroke="#800" stroke-width="0.25"/>'
                             % (X + float(c[1]), Y - float(c[2]), float(r[1])))
                elif g[0] == "pin":
                    at = [x for x in g if isinstance(x, list) and x[0] == "at"][0]
                    ln = float([x for x in g if isinstance(x, list) and x[0] == "length"][0][1])
                    nm = [x for x in g if isinstance(x, list) and x[0] == "name"][0][1]
                    num = [x for x in g if isinstance(x, list) and x[0] == "number"][0][1]
                    px, py, a = float(at[1]), float(at[2]), int(float(at[3]))
                    dx, dy = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[a]
                    x0, y0 = X + px, Y - py
                    x1, y1 = x0 + dx * ln, y0 - dy * ln
                    o.append('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#800" stroke-width="0.25"/>' % (x0, y0, x1, y1))
                    o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="1.2" fill="#800" text-anchor="middle">%s</text>'
                             % ((x0 + x1) / 2, (y0 + y1) / 2 - 0.4, num))
                    if nm not in ("~", "") and ln > 0:
                        anchor = {0: "start", 180: "end"}.get(a, "middle")
                        o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="1.3" fill="#046" text-anchor="%s">%s</text>'
                                 % (x1 + dx * 0.8, y1 - dy * 0.8 + 0.45, anchor, nm.replace("~{", "/").replace("}", "")))
                    net = p["pads"].get(str(num))
                    if net:
                        anchor = {0: "end", 180: "start"}.get(a, "start")
                        tx = x0 - dx * 0.8 if a in (0, 180) else x0 + 0.6
                        ty = y0 + 0.45 if a in (0, 180) else y0 + (dy * 1.6 if dy else 0)
                        o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="1.3" fill="#060" text-anchor="%s">%s</text>'
                                 % (tx, ty, anchor, net))
                    else:
                        o.append('<path d="M%.2f %.2fl1 1m0 -1l-1 1" stroke="#00f" stroke-width="0.25"/>' % (x0 - 0.5, y0 - 0.5))
        x0, y0, x1, y1 = bbox(sym)
        o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="2" font-weight="bold">%s</text>'
                 % (X + x0, Y - y1 - 2, p["ref"]))
        o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="1.6">%s</text>'
                 % (X + x0, Y - y0 + 3, p["value"]))
    o.append("</svg>\n")
    return "\n".join(o)


def write(spec, kdir, fdir):
    text, _ = kicad_sch(spec)
    with open(os.path.join(kdir, "%s.kicad_sch" % spec["name"]), "w") as f:
        f.write(text)
    s = os.path.join(fdir, "%s-schematic.svg" % spec["name"])
    with open(s, "w") as f:
        f.write(svg(spec))
    pdf = s[:-4] + ".pdf"
    subprocess.run(["rsvg-convert", "-f", "pdf", "-o", pdf, s], check=True)
    os.remove(s)
    # rsvg/cairo stamps the PDF with the time: take it out, so the file is reproducible
    with open(pdf, "rb") as f:
        data = f.read()
    data = re.sub(rb"/CreationDate \(D:[^)]*\)", b"/CreationDate (D:19800101000000Z)", data)
    with open(pdf, "wb") as f:
        f.write(data)
