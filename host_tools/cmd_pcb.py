"""python -m host_tools pcb [--check] [--out DIR]: the six PCBs from hardware/pinmap.json.

Writes hardware/kicad/{quadrant,bar,main}.kicad_pcb and .kicad_sch (KiCad 6; one quadrant
design serves all four quadrants) and hardware/fab/: the schematics as PDF, gerbers and drill files (zipped per board), JLCPCB
BOM and pick-and-place CSVs, the hand-solder list, a netlist, top/bottom renders and
KiCad's DRC report per board; hardware/drawing/board-drawing.{svg,dxf}, the wooden board's
drawing. --check builds into a temporary directory, compares with
the committed files and fails on a difference or on any DRC error.

pcbnew is Debian's KiCad 6 module, importable by /usr/bin/python3 only: under another
Python this command re-runs itself there (apt-get install kicad kicad-footprints
librsvg2-bin).
"""
import filecmp
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYSTEM_PYTHON = os.environ.get("KICAD_PYTHON", "/usr/bin/python3")


def _have_pcbnew():
    try:
        import pcbnew  # noqa: F401
        return True
    except ImportError:
        return False


def drc_summary(text):
    """(errors, warnings, lines) from a KiCad DRC report."""
    errors = len(re.findall(r"Severity: error", text))
    warnings = len(re.findall(r"Severity: warning", text))
    return errors, warnings


def generate(out):
    from host_tools.pcb import build, design, fab, schematic, wood
    pm = design.load_pinmap()
    wood.write(pm, os.path.join(out, "drawing"))
    subprocess.run(["rsvg-convert", "-w", "1400", "-o", os.path.join(out, "drawing", "board-drawing.png"),
                    os.path.join(out, "drawing", "board-drawing.svg")], check=True)
    kdir = os.path.join(out, "kicad")
    fdir = os.path.join(out, "fab")
    os.makedirs(kdir, exist_ok=True)
    os.makedirs(fdir, exist_ok=True)
    ok = True
    for spec in design.boards(pm):
        schematic.write(spec, kdir, fdir)
        path, failed, nt, nv = build.build_board(spec, pm, kdir)
        report = os.path.join(fdir, "%s-drc.txt" % spec["name"])
        text = build.drc(path, report)
        text = re.sub(r"\*\* Created on .*\n", "", text).replace(out + "/", "")
        with open(report, "w") as f:
            f.write(text)
        errors, warnings = drc_summary(text)
        fab.all_outputs(path, spec, fdir)
        print("%-9s %3d parts %4d tracks %3d vias, unrouted %d, DRC %d errors %d warnings"
              % (spec["name"], len(spec["parts"]), nt, nv, len(failed), errors, warnings))
        for net, key in failed:
            print("   unrouted: %s at %s pad %s" % (net, key[0], key[1]))
        ok = ok and errors == 0
    return ok


def compare(new, old):
    diffs = []
    for sub in ("kicad", "fab", "drawing"):
        a, b = os.path.join(new, sub), os.path.join(old, sub)
        for dirpath, _, files in os.walk(a):
            rel = os.path.relpath(dirpath, a)
            for f in files:
                fa = os.path.join(dirpath, f)
                fb = os.path.join(b, rel, f)
                if not os.path.exists(fb) or not filecmp.cmp(fa, fb, shallow=False):
                    diffs.append(os.path.join(sub, rel, f))
    return diffs


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools pcb", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="build into a temporary directory, compare with "
                    "the committed files, fail on a difference or any DRC error")
    ap.add_argument("--out", default=os.path.join(ROOT, "hardware"), metavar="DIR",
                    help="where to write (default: hardware/)")
    args = ap.parse_args(argv)        # (before re-running under KiCad's Python: --help needs no KiCad)
    if not _have_pcbnew():
        if os.path.realpath(sys.executable) == os.path.realpath(SYSTEM_PYTHON) or \
                not os.path.exists(SYSTEM_PYTHON):
            print("pcb: KiCad 6's pcbnew module is missing: apt-get install kicad kicad-footprints",
                  file=sys.stderr)
            return 2
        return subprocess.call([SYSTEM_PYTHON, "-m", "host_tools", "pcb"] + argv, cwd=ROOT)
    check, out = args.check, args.out
    if check:
        with tempfile.TemporaryDirectory() as tmp:
            ok = generate(tmp)
            diffs = compare(tmp, out)
        for d in diffs:
            print("stale: hardware/%s (run python -m host_tools pcb)" % d)
        return 0 if ok and not diffs else 1
    return 0 if generate(out) else 1
