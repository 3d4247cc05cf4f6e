"""Fabrication outputs from a saved .kicad_pcb (pcbnew): gerbers, drill, JLCPCB BOM and
pick-and-place CSVs, a netlist, and top/bottom renders (SVG drawn here, PNG by rsvg-convert).
Every output is made deterministic (dates stripped, zip entries dated 1980)."""
import csv
import io
import os
import re
import subprocess
import zipfile

import pcbnew


MM = pcbnew.ToMM
GERBER_LAYERS = [
    (pcbnew.F_Cu, "F_Cu", "gtl"), (pcbnew.B_Cu, "B_Cu", "gbl"),
    (pcbnew.F_Mask, "F_Mask", "gts"), (pcbnew.B_Mask, "B_Mask", "gbs"),
    (pcbnew.F_SilkS, "F_Silkscreen", "gto"), (pcbnew.B_SilkS, "B_Silkscreen", "gbo"),
    (pcbnew.F_Paste, "F_Paste", "gtp"), (pcbnew.B_Paste, "B_Paste", "gbp"),
    (pcbnew.Edge_Cuts, "Edge_Cuts", "gm1"),
]
DATE_LINES = re.compile(r"^(G04 Created by KiCad.*|%TF\.CreationDate.*|; #@! TF\.CreationDate.*"
                        r"|; ?DRILL file .*|G04 #@! TF\.CreationDate.*)\r?\n", re.M)


def _strip_dates(path):
    with open(path) as f:
        text = f.read()
    text = DATE_LINES.sub("", text)
    with open(path, "w") as f:
        f.write(text)


def gerbers(board, outdir, name):
    os.makedirs(outdir, exist_ok=True)
    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(outdir)
    po.SetPlotFrameRef(False)
    po.SetUseGerberProtelExtensions(True)
    po.SetUseGerberAttributes(True)
    po.SetUseGerberX2format(False)
    po.SetIncludeGerberNetlistInfo(False)
    po.SetCreateGerberJobFile(False)
    po.SetSubtractMaskFromSilk(True)
    po.SetExcludeEdgeLayer(True)
    po.SetPlotValue(False)
    po.SetPlotReference(True)
    po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.NO_DRILL_SHAPE)
    files = []
    for lid, suffix, _ in GERBER_LAYERS:
        pc.SetLayer(lid)
        pc.OpenPlotfile(suffix, pcbnew.PLOT_FORMAT_GERBER, suffix)
        pc.PlotLayer()
        files.append(pc.GetPlotFileName())
    pc.ClosePlot()
    dw = pcbnew.EXCELLON_WRITER(board)
    dw.SetOptions(False, False, pcbnew.wxPoint(0, 0), False)
    dw.SetFormat(True)
    dw.CreateDrillandMapFilesSet(outdir, True, False)
    for f in sorted(os.listdir(outdir)):
        if f.endswith(".drl"):
            files.append(os.path.join(outdir, f))
    for f in files:
        _strip_dates(f)
    zpath = os.path.join(os.path.dirname(outdir), "%s-gerbers.zip" % name)
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(files):
            info = zipfile.ZipInfo(os.path.basename(f), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(f, "rb") as fh:
                z.writestr(info, fh.read())
    return files


# JLCPCB's placement machines take some packages at another zero orientation than KiCad's
# libraries: the corrections the KiCad JLCPCB plugins apply (e.g. bennymeg/Fabrication-Toolkit's
# transformations table), for the packages on these boards. Check them in JLCPCB's preview.
JLC_ROTATION = (("SOT-223", 180), ("SOT-23", 180), ("SOIC-", 270))


def jlc_rotation(fpname, degrees):
    for prefix, extra in JLC_ROTATION:
        if fpname.startswith(prefix):
            return (degrees + extra) % 360
    return degrees % 360


def is_smd(fp):
    return all(p.GetAttribute() == pcbnew.PAD_ATTRIB_SMD for p in fp.Pads())


def assembly(board, spec, outdir, name):
    """JLCPCB's BOM (Comment, Designator, Footprint, LCSC Part #) and CPL (Designator, Mid X,
    Mid Y, Layer, Rotation) for the SMD parts; the through-hole parts in a hand-solder list."""
    info = {p["ref"]: p for p in spec["parts"]}
    groups, cpl, hand = {}, [], {}
    for fp in sorted(board.GetFootprints(), key=lambda f: natural(f.GetReference())):
        ref = fp.GetReference()
        if ref not in info:
            continue                                   # mounting holes
        p = info[ref]
        fpname = p["fp"][1] if p["fp"] != "PICO" else "RaspberryPi_Pico_TH"
        key = (p["value"], fpname, p["lcsc"], p["mpn"])
        if is_smd(fp):
            groups.setdefault(key, []).append(ref)
            pos = fp.GetPosition()
            # the gerbers' coordinates: x right, y up from the board's top-left corner
            cpl.append([ref, "%.3fmm" % MM(pos.x), "%.3fmm" % -MM(pos.y),
                        "Bottom" if fp.IsFlipped() else "Top",
                        "%g" % jlc_rotation(fpname, fp.GetOrientationDegrees())])
        else:
            hand.setdefault(key, []).append(ref)
    with open(os.path.join(outdir, "%s-bom.csv" % name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Comment", "Designator", "Footprint", "LCSC Part #", "Manufacturer Part",
                    "Quantity"])
        for key in sorted(groups, key=lambda k: natural(groups[k][0])):
            v, fpn, lcsc, mpn = key
            w.writerow([v, ",".join(groups[key]), fpn, lcsc, mpn, len(groups[key])])
    with open(os.path.join(outdir, "%s-cpl.csv" % name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"])
        w.writerows(cpl)
    with open(os.path.join(outdir, "%s-hand-solder.csv" % name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Comment", "Designator", "Footprint", "Manufacturer Part", "Quantity"])
        for key in sorted(hand, key=lambda k: natural(hand[k][0])):
            v, fpn, lcsc, mpn = key
            w.writerow([v, ",".join(hand[key]), fpn, mpn, len(hand[key])])


def natural(ref):
    m = re.match(r"([A-Za-z]+)(\d+)", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def netlist(board, outdir, name):
    """One line per net: the net and its pads (ref.pin), sorted; what the tests read too."""
    nets = {}
    for fp in board.GetFootprints():
        for p in fp.Pads():
            if p.GetNetname():
                nets.setdefault(p.GetNetname(), set()).add("%s.%s" % (fp.GetReference(), p.GetNumber()))
    with open(os.path.join(outdir, "%s-netlist.txt" % name), "w") as f:
        f.write("# %s: net, then its pads (reference.pin); generated from the .kicad_pcb\n" % name)
        for n in sorted(nets):
            f.write("%s: %s\n" % (n, " ".join(sorted(nets[n], key=lambda s: (natural(s.split(".")[0]), s)))))


# ---- renders -----------------------------------------------------------------------------

COL = {"board": "#1d5c2e", "cu_top": "#5fb86d", "cu_bot": "#2f7440", "pad": "#d9b45a",
       "silk": "#f4f4f0", "hole": "#111111", "edge": "#0c2614"}


def _poly_path(ps):
    d = []
    for i in range(ps.OutlineCount()):
        for ring in [ps.Outline(i)] + [ps.Hole(i, k) for k in range(ps.HoleCount(i))]:
            pts = [ring.CPoint(j) for j in range(ring.PointCount())]
            if pts:
                d.append("M" + " L".join("%.2f,%.2f" % (MM(p.x), MM(p.y)) for p in pts) + " Z")
    return " ".join(d)


def render_svg(board, spec, side):
    w, h = spec["size"]
    top = side == "top"
    cu_near, cu_far = (pcbnew.F_Cu, pcbnew.B_Cu) if top else (pcbnew.B_Cu, pcbnew.F_Cu)
    silk = pcbnew.F_SilkS if top else pcbnew.B_SilkS
    out = io.StringIO()
    scale = 4 if max(w, h) > 160 else 6
    out.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="-2 -2 %g %g">\n'
              % ((w + 4) * scale, (h + 4) * scale, w + 4, h + 4))
    tr = "" if top else ' transform="translate(%g,0) scale(-1,1)"' % w
    out.write('<g%s>\n<rect x="0" y="0" width="%g" height="%g" fill="%s" stroke="%s" stroke-width="0.3"/>\n'
              % (tr, w, h, COL["board"], COL["edge"]))
    for lid, colour in ((cu_far, COL["cu_bot"]), (cu_near, COL["cu_top"])):
        op = "0.35" if lid == cu_far else "1"
        out.write('<g opacity="%s">\n' % op)
        for z in board.Zones():
            if z.IsOnLayer(lid) and z.HasFilledPolysForLayer(lid):
                out.write('<path d="%s" fill="%s" fill-rule="evenodd"/>\n'
                          % (_poly_path(z.GetFilledPolysList(lid)), colour))
        for t in board.GetTracks():
            if t.GetClass() == "PCB_TRACK" and t.GetLayer() == lid:
                a, b = t.GetStart(), t.GetEnd()
                out.write('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="%s" '
                          'stroke-width="%.2f" stroke-linecap="round"/>\n'
                          % (MM(a.x), MM(a.y), MM(b.x), MM(b.y), colour, MM(t.GetWidth())))
        out.write('</g>\n')
    for fp in board.GetFootprints():
        for p in fp.Pads():
            if not (p.IsOnLayer(cu_near)):
                continue
            bb = p.GetBoundingBox()
            x, y, pw, ph = MM(bb.GetX()), MM(bb.GetY()), MM(bb.GetWidth()), MM(bb.GetHeight())
            rx = min(pw, ph) / 2 if p.GetShape() in (pcbnew.PAD_SHAPE_CIRCLE, pcbnew.PAD_SHAPE_OVAL) else 0.1
            out.write('<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" rx="%.2f" fill="%s"/>\n'
                      % (x, y, pw, ph, rx, COL["pad"]))
        for item in fp.GraphicalItems():
            if item.GetClass() == "MGRAPHIC" and item.GetLayer() == silk:
                _shape(out, item)
        ref = fp.Reference()
        if ref.IsVisible() and ref.GetLayer() == silk:
            pos = ref.GetTextPos()
            size = MM(ref.GetTextHeight())
            tx = MM(pos.x)
            flip = '' if top else ' transform="translate(%.2f,0) scale(-1,1) translate(%.2f,0)"' % (2 * tx, 0)
            out.write('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="%.2f" fill="%s" '
                      'text-anchor="middle" dominant-baseline="central"%s>%s</text>\n'
                      % (tx, MM(pos.y), size, COL["silk"], flip, ref.GetText()))
    for t in board.GetTracks():
        if t.GetClass() == "PCB_VIA":
            c = t.GetPosition()
            out.write('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/><circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>\n'
                      % (MM(c.x), MM(c.y), MM(t.GetWidth()) / 2, COL["pad"], MM(c.x), MM(c.y),
                         MM(t.GetDrillValue()) / 2, COL["hole"]))
    for fp in board.GetFootprints():
        for p in fp.Pads():
            if p.GetDrillSize().x > 0:
                c = p.GetPosition()
                out.write('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>\n'
                          % (MM(c.x), MM(c.y), MM(p.GetDrillSize().x) / 2, COL["hole"]))
    out.write('</g>\n</svg>\n')
    return out.getvalue()


def _shape(out, item):
    s = item.GetShape()
    wd = max(MM(item.GetWidth()), 0.1)
    if s == pcbnew.SHAPE_T_SEGMENT:
        a, b = item.GetStart(), item.GetEnd()
        out.write('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="%s" stroke-width="%.2f"/>\n'
                  % (MM(a.x), MM(a.y), MM(b.x), MM(b.y), COL["silk"], wd))
    elif s == pcbnew.SHAPE_T_CIRCLE:
        c = item.GetCenter()
        out.write('<circle cx="%.2f" cy="%.2f" r="%.2f" fill="none" stroke="%s" stroke-width="%.2f"/>\n'
                  % (MM(c.x), MM(c.y), MM(item.GetRadius()), COL["silk"], wd))
    elif s == pcbnew.SHAPE_T_RECT:
        a, b = item.GetStart(), item.GetEnd()
        out.write('<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="none" stroke="%s" stroke-width="%.2f"/>\n'
                  % (min(MM(a.x), MM(b.x)), min(MM(a.y), MM(b.y)), abs(MM(b.x - a.x)),
                     abs(MM(b.y - a.y)), COL["silk"], wd))


def renders(board, spec, outdir, name):
    paths = []
    for side in ("top", "bottom"):
        svg = os.path.join(outdir, "%s-%s.svg" % (name, side))
        with open(svg, "w") as f:
            f.write(render_svg(board, spec, side))
        png = svg[:-4] + ".png"
        subprocess.run(["rsvg-convert", "-o", png, svg], check=True)
        os.remove(svg)
        paths.append(png)
    return paths


def all_outputs(pcb_path, spec, fabdir):
    name = spec["name"]
    board = pcbnew.LoadBoard(pcb_path)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    gerbers(board, os.path.join(fabdir, name), name)
    assembly(board, spec, fabdir, name)
    netlist(board, fabdir, name)
    renders(board, spec, fabdir, name)
