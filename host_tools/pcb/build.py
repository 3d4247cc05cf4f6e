"""Build the boards of design.py as KiCad 6 .kicad_pcb files with pcbnew (Debian's KiCad 6).

Runs under the Python that has pcbnew (/usr/bin/python3 on Debian); cmd_pcb re-executes
itself there. Footprints come from KiCad's installed libraries, except the Raspberry Pi
Pico, which KiCad 6 does not ship: it is drawn here (two 1 x 20 rows, 17.78 mm apart, on
2.54 mm pitch, the module soldered flat on its castellations or on pin headers).
"""
import copy
import os
import re
import uuid

import pcbnew

from . import design
from .route import Grid, route

FPLIB = os.environ.get("KICAD6_FOOTPRINT_DIR", "/usr/share/kicad/footprints")
MM = pcbnew.FromMM


def pt(x, y):
    return pcbnew.wxPoint(MM(x), MM(y))


def pico_footprint(board):
    fp = pcbnew.FOOTPRINT(board)
    fp.SetFPID(pcbnew.LIB_ID("tablier", "RaspberryPi_Pico_TH"))
    for n in range(1, 41):
        pad = pcbnew.PAD(fp)
        pad.SetNumber(str(n))
        pad.SetAttribute(pcbnew.PAD_ATTRIB_PTH)
        pad.SetShape(pcbnew.PAD_SHAPE_RECT if n == 1 else pcbnew.PAD_SHAPE_CIRCLE)
        pad.SetSize(pcbnew.wxSize(MM(1.7), MM(1.7)))
        pad.SetDrillSize(pcbnew.wxSize(MM(1.0), MM(1.0)))
        pad.SetLayerSet(pad.PTHMask())
        x, y = (0.0, (n - 1) * 2.54) if n <= 20 else (17.78, (40 - n) * 2.54)
        pad.SetPos0(pt(x, y))
        pad.SetPosition(pt(x, y))
        fp.Add(pad)
    # module outline 21 x 51 mm, USB end at pin 1's end
    x0, y0, x1, y1 = -1.61, -1.37 - 1.5, 19.39, 48.26 + 1.37 + 0.4
    for layer, grow, width in ((pcbnew.F_SilkS, 0.1, 0.12), (pcbnew.F_CrtYd, 0.35, 0.05),
                               (pcbnew.F_Fab, 0.0, 0.1)):
        corners = [(x0 - grow, y0 - grow), (x1 + grow, y0 - grow), (x1 + grow, y1 + grow),
                   (x0 - grow, y1 + grow)]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            s = pcbnew.FP_SHAPE(fp)
            s.SetShape(pcbnew.SHAPE_T_SEGMENT)
            s.SetLayer(layer)
            s.SetWidth(MM(width))
            s.SetStart0(pt(*a))
            s.SetEnd0(pt(*b))
            fp.Add(s)
    return fp


def load_fp(board, spec):
    if spec == "PICO":
        return pico_footprint(board)
    lib, name = spec
    fp = pcbnew.FootprintLoad(os.path.join(FPLIB, lib + ".pretty"), name)
    if fp is None:
        raise SystemExit("footprint %s:%s not found under %s (apt-get install kicad-footprints)"
                         % (lib, name, FPLIB))
    fp.SetFPID(pcbnew.LIB_ID(lib, name))
    return fp


def pad_rect(pad):
    bb = pad.GetBoundingBox()
    return (pcbnew.ToMM(bb.GetX()), pcbnew.ToMM(bb.GetY()),
            pcbnew.ToMM(bb.GetX() + bb.GetWidth()), pcbnew.ToMM(bb.GetY() + bb.GetHeight()))


def inner_rect(pad):
    """Where a track may end inside the pad's copper (round pads: the inscribed square)."""
    x0, y0, x1, y1 = pad_rect(pad)
    if pad.GetShape() in (pcbnew.PAD_SHAPE_CIRCLE, pcbnew.PAD_SHAPE_OVAL):
        k = (1 - 0.7071) / 2
        dx, dy = (x1 - x0) * k, (y1 - y0) * k
        return (x0 + dx, y0 + dy, x1 - dx, y1 - dy)
    if pad.GetShape() == pcbnew.PAD_SHAPE_ROUNDRECT:
        r = min(x1 - x0, y1 - y0) * pad.GetRoundRectRadiusRatio()
        if x1 - x0 > y1 - y0:
            return (x0 + r, y0, x1 - r, y1)
        return (x0, y0 + r, x1, y1 - r)
    return (x0, y0, x1, y1)


def set_rules(board):
    r = design.RULES
    ds = board.GetDesignSettings()
    ds.m_TrackMinWidth = MM(r["min_track"])
    ds.m_MinClearance = MM(r["min_clearance"])
    ds.m_ViasMinSize = MM(r["min_via_diameter"])
    ds.m_MinThroughDrill = MM(r["min_drill"])
    ds.m_CopperEdgeClearance = MM(r["edge_clearance"])
    ds.m_HoleToHoleMin = MM(r["hole_to_hole"])
    ds.m_HoleClearance = MM(r["clearance"])
    nc = ds.GetNetClasses().GetDefault()
    nc.SetClearance(MM(r["clearance"]))
    nc.SetTrackWidth(MM(r["track"]))
    nc.SetViaDiameter(MM(r["via_diameter"]))
    nc.SetViaDrill(MM(r["via_drill"]))


def outline(board, w, h):
    corners = [(0, 0), (w, 0), (w, h), (0, h)]
    for a, b in zip(corners, corners[1:] + corners[:1]):
        s = pcbnew.PCB_SHAPE(board)
        s.SetShape(pcbnew.SHAPE_T_SEGMENT)
        s.SetLayer(pcbnew.Edge_Cuts)
        s.SetWidth(MM(0.1))
        s.SetStart(pt(*a))
        s.SetEnd(pt(*b))
        board.Add(s)


def title(board, spec, pm):
    tb = board.GetTitleBlock()
    tb.SetTitle(spec["title"])
    tb.SetRevision(pm["board"])
    tb.SetCompany("Tablier, generated from hardware/pinmap.json by python -m host_tools pcb")
    tb.SetDate("")


def place(board, spec):
    """Footprints at their positions (pad-centroid placement), nets on their pads."""
    nets = {}

    def net(name):
        if name not in nets:
            ni = pcbnew.NETINFO_ITEM(board, name)
            board.Add(ni)
            nets[name] = ni
        return nets[name]
    for name in sorted({n for p in spec["parts"] for n in p["pads"].values() if n}):
        net(name)
    fps = {}
    for p in spec["parts"]:
        fp = load_fp(board, p["fp"])
        fp.SetReference(p["ref"])
        fp.SetValue(p["value"])
        board.Add(fp)
        fp.SetPosition(pt(0, 0))
        fp.SetOrientationDegrees(p["rot"])
        if p["side"] == "B":
            fp.Flip(pt(0, 0), False)
        pads = list(fp.Pads())
        xs = [pcbnew.ToMM(q.GetPosition().x) for q in pads]
        ys = [pcbnew.ToMM(q.GetPosition().y) for q in pads]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        g = spec.get("grid", 0.635)             # the router's grid: pads on it route best
        x, y = round(p["x"] / g) * g, round(p["y"] / g) * g
        fp.SetPosition(pt(x - cx, y - cy))
        for q in fp.Pads():
            name = p["pads"].get(q.GetNumber())
            if name:
                q.SetNet(net(name))
        ref = fp.Reference()
        ref.SetTextSize(pcbnew.wxSize(MM(0.8), MM(0.8)))
        ref.SetTextThickness(MM(0.12))
        if p["fp"] == "PICO":
            ref.SetPosition(pt(x, y - 28.6))
            fp.Value().SetLayer(pcbnew.F_Fab)
        if p["value"].startswith("RIBBON "):    # which sensor board plugs in here, on the silk
            fp.Value().SetLayer(pcbnew.F_SilkS)
            fp.Value().SetTextSize(pcbnew.wxSize(MM(1.0), MM(1.0)))
            fp.Value().SetTextThickness(MM(0.15))
        if "ref_at" in p:
            ref.SetPosition(pt(x + p["ref_at"][0], y + p["ref_at"][1]))
        fps[p["ref"]] = fp
    for i, (x, y) in enumerate(spec["holes"]):
        fp = load_fp(board, design.HOLE_FP)
        fp.SetReference("H%d" % (i + 1))
        fp.SetValue("M3")
        fp.Reference().SetVisible(False)
        board.Add(fp)
        fp.SetPosition(pt(x, y))
    return nets, fps


def add_routes(board, spec, nets):
    r = design.RULES
    w, h = spec["size"]
    grid = Grid(w, h, r, spec.get("grid", 0.635))
    pads_by_net = {}
    for fp in board.GetFootprints():
        for idx, q in enumerate(fp.Pads()):
            layers = [L for L, lid in ((0, pcbnew.F_Cu), (1, pcbnew.B_Cu)) if q.IsOnLayer(lid)]
            name = q.GetNetname()
            key = (fp.GetReference(), q.GetNumber(), idx)      # a tab repeats its pin number
            if q.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                bb = pad_rect(q)
                grid.add_hole((bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2, bb[2] - bb[0])
                continue
            grid.add_pad(key, (sorted(nets).index(name) + 1) if name else 0, layers, pad_rect(q),
                         inner_rect(q))
            if q.GetAttribute() == pcbnew.PAD_ATTRIB_PTH:
                bb = pad_rect(q)
                grid.block_vias((bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2,
                                pcbnew.ToMM(q.GetDrillSize().x))
            if name:
                pads_by_net.setdefault(sorted(nets).index(name) + 1, []).append(key)
    ids = sorted(nets)
    soic = set()
    for fp in board.GetFootprints():            # keep routes from under the SOIC bodies
        if str(fp.GetFPID().GetLibItemName()).startswith("SOIC"):
            soic.add(fp.GetReference())
            rects = [pad_rect(q) for q in fp.Pads()]
            x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
            x1, y1 = max(r[2] for r in rects), max(r[3] for r in rects)
            pw, ph = rects[0][2] - rects[0][0], rects[0][3] - rects[0][1]
            if pw > ph:                         # pin rows left and right
                grid.keepout(0, (x0 + pw, y0, x1 - pw, y1))
            else:
                grid.keepout(0, (x0, y0 + ph, x1, y1 - ph))

    def span(nid):
        keys = pads_by_net[nid]
        xs = [grid.term[k][2][0] for k in keys]
        ys = [grid.term[k][2][1] for k in keys]
        ic = any(k[0] in soic for k in keys)
        return (ids[nid - 1] == "GND", len(keys) > 8, not ic, (max(xs) - min(xs)) + (max(ys) - min(ys)))
    for nid in pads_by_net:      # deterministic pad order: by reference then pad number
        pads_by_net[nid].sort(key=lambda k: (re.sub(r"\d+", "", k[0]),
                                             int(re.sub(r"\D", "", k[0]) or 0), k[1], k[2]))
    order = sorted(pads_by_net, key=lambda nid: (span(nid), ids[nid - 1]))
    # route; nets that fail move to the front and the board is routed again from scratch
    best = None
    for attempt in range(12):
        g = copy.deepcopy(grid)
        result = route(g, pads_by_net, order)
        failed = result[2]
        if best is None or len(failed) < len(best[2]):
            best = result
        if not failed:
            break
        bad = []
        for nid, _ in failed:
            if nid not in bad:
                bad.append(nid)
        order = bad + [n for n in order if n not in bad]
    tracks, vias, failed = best
    layer = {0: pcbnew.F_Cu, 1: pcbnew.B_Cu}
    for nid, L, a, b in tracks:
        t = pcbnew.PCB_TRACK(board)
        t.SetStart(pt(*a))
        t.SetEnd(pt(*b))
        t.SetWidth(MM(r["track"]))
        t.SetLayer(layer[L])
        t.SetNet(nets[ids[nid - 1]])
        board.Add(t)
    for nid, (x, y) in vias:
        v = pcbnew.PCB_VIA(board)
        v.SetPosition(pt(x, y))
        v.SetWidth(MM(r["via_diameter"]))
        v.SetDrill(MM(r["via_drill"]))
        v.SetViaType(pcbnew.VIATYPE_THROUGH)
        v.SetLayerPair(pcbnew.F_Cu, pcbnew.B_Cu)
        v.SetNet(nets[ids[nid - 1]])
        board.Add(v)
    return [(ids[n - 1], k) for n, k in failed], len(tracks), len(vias)


def gnd_pour(board, spec, nets):
    w, h = spec["size"]
    for layer in (pcbnew.B_Cu,):
        z = pcbnew.ZONE(board)
        z.SetLayer(layer)
        z.SetNet(nets["GND"])
        z.SetLocalClearance(MM(design.RULES["clearance"] + 0.1))
        z.SetMinThickness(MM(0.25))
        z.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        z.SetIslandRemovalMode(pcbnew.ISLAND_REMOVAL_MODE_ALWAYS)
        ol = z.Outline()
        ol.NewOutline()
        m = 0.6
        for x, y in ((m, m), (w - m, m), (w - m, h - m), (m, h - m)):
            ol.Append(MM(x), MM(y))
        board.Add(z)


TSTAMP = re.compile(r"\(tstamp [0-9a-f-]+\)")
SORTED_KINDS = ("footprint", "gr_line", "gr_arc", "gr_circle", "gr_rect", "gr_text",
                "segment", "arc", "via", "zone")


def top_blocks(text):
    """The board file's top-level items as (start, end) spans (depth 1, strings skipped)."""
    return child_spans(text, 2)


def child_spans(text, level):
    """Spans of the lists at paren depth `level` (strings skipped)."""
    spans, depth, start, i, n = [], 0, None, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
            if depth == level:
                start = i
        elif c == ")":
            if depth == level:
                spans.append((start, i + 1))
            depth -= 1
        i += 1
    return spans


def deterministic(path, name):
    """KiCad 6 gives every item a random UUID (tstamp) and saves some lists in UUID order:
    sort the placed items by their content and derive every tstamp from its item's content,
    so that the same design gives the same file."""
    with open(path) as f:
        text = f.read()
    spans = top_blocks(text)
    head = text[:spans[0][0]]
    blocks = [text[a:b] for a, b in spans]
    kind = [re.match(r"\((\w+)", b).group(1) for b in blocks]

    def content(b):
        return TSTAMP.sub("", b)

    def inner_sorted(b):
        """A footprint's graphic items and pads in content order (KiCad saves them in
        UUID order); its other children stay where they are."""
        if not b.startswith("(footprint"):
            return b
        spans = child_spans(b, 2)
        kids = [b[x:y] for x, y in spans]
        movable = [i for i, k in enumerate(kids) if re.match(r"\((fp_\w+|pad) ", k)
                   and not k.startswith("(fp_text")]
        order = sorted((kids[i] for i in movable), key=content)
        for i, k in zip(movable, order):
            kids[i] = k
        out, last = [], 0
        for (x, y), k in zip(spans, kids):
            out.append(b[last:x] + k)
            last = y
        return "".join(out) + b[last:]
    blocks = [inner_sorted(b) for b in blocks]
    fixed = [b for b, k in zip(blocks, kind) if k not in SORTED_KINDS]
    moving = [b for b, k in zip(blocks, kind) if k in SORTED_KINDS]
    moving.sort(key=lambda b: (SORTED_KINDS.index(re.match(r"\((\w+)", b).group(1)), content(b)))
    seen = {}
    out = []
    for b in fixed + moving:
        key = content(b)
        seen[key] = seen.get(key, 0) + 1
        base = "tablier/%s/%s/%d" % (name, key, seen[key])
        counter = iter(range(1 << 20))
        out.append(TSTAMP.sub(lambda m: "(tstamp %s)" % uuid.uuid5(
            uuid.NAMESPACE_URL, "%s/%d" % (base, next(counter))), b))
    with open(path, "w") as f:
        f.write(head + "\n\n  ".join(out) + "\n)\n")


def build_board(spec, pm, outdir):
    board = pcbnew.BOARD()
    set_rules(board)
    title(board, spec, pm)
    outline(board, *spec["size"])
    nets, _ = place(board, spec)
    failed, ntracks, nvias = add_routes(board, spec, nets)
    if "GND" in nets:
        gnd_pour(board, spec, nets)
    path = os.path.join(outdir, "%s.kicad_pcb" % spec["name"])
    board.Save(path)
    deterministic(path, spec["name"])
    board = pcbnew.LoadBoard(path)          # a loaded board has the settings the filler needs
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    board.Save(path)
    deterministic(path, spec["name"])
    return path, failed, ntracks, nvias


def drc(path, report):
    board = pcbnew.LoadBoard(path)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    pcbnew.WriteDRCReport(board, report, pcbnew.EDA_UNITS_MILLIMETRES, True)
    with open(report) as f:
        text = f.read()
    return text
