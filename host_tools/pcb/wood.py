"""The wooden board's drawing (open, seen from above, White's edge at the bottom), in mm,
from the pin map's slot geometry and the PCB designs: SVG for people, DXF (R12 ASCII, one
layer per kind of cut) for a CNC. Pure Python: `python -m host_tools pcb` writes both.

Origin: the outer bottom-left corner; x to the right, y up (DXF); the SVG flips y.
"""
import math

from . import design

FRAME = 20.0          # frame rail around the playing surface (the LEDs are under it)
BAR = 50.0            # the bar (>= 40 mm, placement.md section 4), part of the left half
CONTROL = 110.0       # control end left of the left half: OLED, buttons, the main board
HINGE_GAP = 0.0
LED_HOLE = 4.0
BUTTON_HOLE = 12.5    # 12 mm tactile switch cap
OLED_WINDOW = (26.0, 15.0)    # 0.96" module's active area plus a margin


def geometry(pm):
    """A list of (layer, kind, data) items; kind line/circle/poly/text."""
    items = []
    pw = design.POINT_WIDTH
    plen = design.point_len(pm)
    tip = design.TIP_STRIP
    half_w = 6 * pw
    depth = 2 * (plen + tip)                     # playing depth: two quadrant PCBs meet
    bar_x0 = CONTROL + FRAME + half_w
    right_x0 = bar_x0 + BAR + HINGE_GAP          # hinge line on the bar's right side
    total_w = right_x0 + half_w + FRAME
    total_h = depth + 2 * FRAME
    y0 = FRAME                                   # White's frame inner edge

    def rect(layer, x0, y0_, x1, y1):
        items.append((layer, "poly", [(x0, y0_), (x1, y0_), (x1, y1), (x0, y1), (x0, y0_)]))
    # outline of the two halves and the hinge
    rect("OUTLINE", 0, 0, right_x0, total_h)
    rect("OUTLINE", right_x0, 0, total_w, total_h)
    rect("OUTLINE", CONTROL + FRAME, FRAME, bar_x0, total_h - FRAME)          # left playing field
    rect("OUTLINE", right_x0, FRAME, right_x0 + half_w, total_h - FRAME)      # right playing field
    for f in (0.2, 0.8):
        items.append(("HINGE", "poly", [(right_x0 - 12, total_h * f - 25), (right_x0 + 12, total_h * f - 25),
                                        (right_x0 + 12, total_h * f + 25), (right_x0 - 12, total_h * f + 25),
                                        (right_x0 - 12, total_h * f - 25)]))
    items.append(("TEXT", "text", (right_x0 + 14, total_h * 0.2, 3.5, "brass hinge 50 x 24 (no steel)")))
    # points and slot marks; quadrant PCB recesses (from below), LED holes in the rail
    lay = pm["layout"]
    rail_led = design.LED_IN_RAIL
    ledpos = {}
    for h, hname in enumerate(lay["half_names"]):
        x_left = (CONTROL + FRAME) if h == 0 else right_x0
        pl = lay["point_layout"][hname]
        for side in ("near", "far"):
            order = pl[side]
            phys = order if h == 1 else order[::-1]          # left to right
            for i, p in enumerate(phys):
                cx = x_left + (i + 0.5) * pw
                if side == "near":
                    base, sgn = y0, 1
                else:
                    base, sgn = total_h - FRAME, -1
                items.append(("POINTS", "poly", [(cx - pw / 2, base), (cx, base + sgn * plen),
                                                 (cx + pw / 2, base), (cx - pw / 2, base)]))
                for k in range(1, lay["slots_per_point"] + 1):
                    items.append(("SLOTS", "circle", (cx, base + sgn * design.slot_from_edge(pm, k), 1.5)))
                ly = base - sgn * rail_led
                items.append(("LED_HOLES", "circle", (cx, ly, LED_HOLE / 2)))
                ledpos[pm["leds"]["point"][p - 1]] = (cx, ly)
                items.append(("TEXT", "text", (cx - 3, base + sgn * (plen + 6) - 2, 5, str(p))))
            # the quadrant PCB recess: the point length, the tip strip, the rail strip
            yb = base - sgn * design.RAIL_STRIP
            yt = base + sgn * (plen + tip)
            rect("PCB_RECESS", x_left, min(yb, yt), x_left + half_w, max(yb, yt))
    # the bar: strips' slot marks, the bar PCB recess, its LEDs
    mid = total_h / 2
    bx = bar_x0 + BAR / 2
    pitch = pm["sensor"]["slot_pitch_mm"]
    nb = lay["bar_slots_per_side"]
    for sgn in (-1, 1):                      # -1: White's strip (towards the bottom)
        for k in range(1, nb + 1):
            items.append(("SLOTS", "circle", (bx, mid + sgn * (pitch / 2 + (k - 1) * pitch), 1.5)))
        colour = "white" if sgn < 0 else "black"
        ly = mid + sgn * (pitch / 2 + (nb - 1) * pitch + pitch / 2 + 12 - 7)
        items.append(("LED_HOLES", "circle", (bx, ly, LED_HOLE / 2)))
        ledpos[pm["leds"]["bar"][colour]] = (bx, ly)
    bar_h = 2 * (pitch / 2 + (nb - 1) * pitch + pitch / 2 + 12)
    rect("PCB_RECESS", bx - design.BAR_PCB_WIDTH / 2, mid - bar_h / 2, bx + design.BAR_PCB_WIDTH / 2,
         mid + bar_h / 2)
    # the control end: main board pocket (turned 90 degrees), OLED window, buttons, status LEDs
    mx0, my0 = (CONTROL - design.MAIN_H) / 2, mid - design.MAIN_W / 2
    rect("PCB_RECESS", mx0, my0, mx0 + design.MAIN_H, my0 + design.MAIN_W)
    ow, oh = OLED_WINDOW
    rect("CUTOUTS", CONTROL / 2 - ow / 2, mid - oh / 2, CONTROL / 2 + ow / 2, mid + oh / 2)
    for name, (x, y) in {"P1 main": (30, FRAME + 30), "P1 cube": (75, FRAME + 30),
                         "P2 main": (30, total_h - FRAME - 30), "P2 cube": (75, total_h - FRAME - 30),
                         "menu": (30, mid - 45), "undo": (75, mid - 45)}.items():
        items.append(("CUTOUTS", "circle", (x, y, BUTTON_HOLE / 2)))
        items.append(("TEXT", "text", (x - 8, y - 12, 3.5, name)))
    main = {p["ref"]: p for p in design.main_board(pm)["parts"]}
    for i, (name, idx) in enumerate(sorted(pm["leds"]["status"].items(), key=lambda kv: kv[1])):
        d = main["D%d" % (i + 1)]
        # board (bx, by), y down, turned 90 degrees: x = mx0 + by, y = my0 + bx
        x, y = mx0 + d["y"], my0 + d["x"]
        items.append(("LED_HOLES", "circle", (x, y, LED_HOLE / 2)))
        ledpos[idx] = (x, y)
    # cable path: each ribbon from the main board to its sensor board's connector
    cable_y = mid
    for h in range(2):
        x_left = (CONTROL + FRAME) if h == 0 else right_x0
        for side in ("near", "far"):
            base = y0 if side == "near" else total_h - FRAME
            sgn = 1 if side == "near" else -1
            cy = base + sgn * (plen + tip / 2)
            # design: J1 at 3.5 points + 38 mm from the quadrant's left (near as drawn)
            jx = 3 * pw + 38
            cx = x_left + (jx if side == "near" else half_w - jx)
            items.append(("CABLE", "poly", [(mx0 + design.MAIN_H, cable_y), (cx, cable_y), (cx, cy)]))
    items.append(("CABLE", "poly", [(mx0 + design.MAIN_H, cable_y + 4), (bx, cable_y + 4)]))
    items.append(("TEXT", "text", (right_x0 - 40, cable_y + 8, 3.5,
                                   "cable channel 25 x 8 mm across the hinge")))
    items.append(("TEXT", "text", (CONTROL + FRAME + 5, 8, 5,
                                   "Tablier wooden board, open, from above. mm. "
                                   "PCB_RECESS: route from below, leave a 3.0 mm skin over the sensors")))
    return items, (total_w, total_h), ledpos


def svg(pm):
    items, (w, h), _ = geometry(pm)
    style = {"OUTLINE": "#000", "POINTS": "#8a5a2b", "SLOTS": "#444", "PCB_RECESS": "#1d6fb8",
             "LED_HOLES": "#d12", "CUTOUTS": "#0a0", "HINGE": "#b8860b", "CABLE": "#7a3cb8",
             "TEXT": "#000"}
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="-5 -5 %g %g">'
           % (w + 10, h + 10, w + 10, h + 10),
           '<rect x="-5" y="-5" width="%g" height="%g" fill="#fff"/>' % (w + 10, h + 10)]
    for layer, kind, data in items:
        c = style[layer]
        dash = ' stroke-dasharray="4 2"' if layer in ("PCB_RECESS", "CABLE") else ""
        if kind == "poly":
            out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="0.6"%s/>'
                       % (" ".join("%.2f,%.2f" % (x, h - y) for x, y in data), c, dash))
        elif kind == "circle":
            x, y, r = data
            out.append('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="none" stroke="%s" stroke-width="0.5"/>'
                       % (x, h - y, r, c))
        else:
            x, y, size, text = data
            out.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="%g" fill="%s">%s</text>'
                       % (x, h - y, size, c, text))
    return "\n".join(out) + "\n</svg>\n"


def dxf(pm):
    """AutoCAD R12 ASCII DXF, units mm: LINE, CIRCLE, TEXT entities on named layers."""
    items, _, _ = geometry(pm)
    layers = sorted({layer for layer, _, _ in items})
    out = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS",
           "70", "4", "0", "ENDSEC", "0", "SECTION", "2", "TABLES", "0", "TABLE", "2", "LAYER",
           "70", str(len(layers))]
    for i, layer in enumerate(layers):
        out += ["0", "LAYER", "2", layer, "70", "0", "62", str(i + 1), "6", "CONTINUOUS"]
    out += ["0", "ENDTAB", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    for layer, kind, data in items:
        if kind == "poly":
            for (x0, y0), (x1, y1) in zip(data, data[1:]):
                out += ["0", "LINE", "8", layer, "10", "%.3f" % x0, "20", "%.3f" % y0, "30", "0.0",
                        "11", "%.3f" % x1, "21", "%.3f" % y1, "31", "0.0"]
        elif kind == "circle":
            x, y, r = data
            out += ["0", "CIRCLE", "8", layer, "10", "%.3f" % x, "20", "%.3f" % y, "30", "0.0",
                    "40", "%.3f" % r]
        else:
            x, y, size, text = data
            out += ["0", "TEXT", "8", layer, "10", "%.3f" % x, "20", "%.3f" % y, "30", "0.0",
                    "40", "%.3f" % size, "1", text]
    out += ["0", "ENDSEC", "0", "EOF"]
    return "\n".join(out) + "\n"


def write(pm, outdir):
    import os
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "board-drawing.svg"), "w") as f:
        f.write(svg(pm))
    with open(os.path.join(outdir, "board-drawing.dxf"), "w") as f:
        f.write(dxf(pm))


_ = math
