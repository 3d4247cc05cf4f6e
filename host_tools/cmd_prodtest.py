"""python -m host_tools prodtest (--port PORT | --from FILE): the production test of a
freshly assembled board (firmware/hw/prodtest.py) and its report, part by part.

With --port the test runs on the board through mpremote (`import hw.prodtest;
hw.prodtest.main()`; follow the OLED: press the buttons it names, answer with P1 MAIN yes /
P2 MAIN no, move a magnet over every slot, MENU to end); with --from a saved report is read
(the lines the board prints, "PT stage id PASS|FAIL detail"). Every line becomes a row: the
part, pass or fail, and where it is on the PCBs (board, designators from
hardware/kicad, ribbon) with what to check."""
import os
import subprocess
import sys

from host_tools.pcb import design

BANK_WHY = {"gnd": "its GND channel (ch14) is not at 0 V",
            "rail": "its rail/2 channel (ch15) is wrong: the bank is not powered",
            "open": "an unused channel is not at the pull-up"}


def _where_sensor(pm, i):
    lay = pm["layout"]
    spp = lay["slots_per_point"]
    npt = lay["n_points"] * spp
    if i >= npt:
        j = i - npt
        nb = lay["bar_slots_per_side"]
        colour, k = ("white", "black")[j // nb], j % nb + 1
        n = (1 if colour == "white" else 2) * 10 + k
        return ("bar board, %s strip slot %d: Hall U%d, its capacitor C%d"
                % (colour, k, n, n))
    point, slot = i // spp + 1, i % spp + 1
    for (h, side), q in design.quadrants(pm).items():
        if point in q["points"]:
            col = q["points"].index(point)
            n = (6 - col) * 10 + slot
            return ("point %d slot %d: %s-%s quadrant, Hall U%d, its capacitor C%d"
                    % (point, slot, lay["half_names"][h], side, n, n))
    return "point %d slot %d" % (point, slot)


def _where_bank(pm, h, b):
    lay = pm["layout"]
    for (hh, side), q in design.quadrants(pm).items():
        if hh == h and b in q["banks"]:
            k = q["banks"].index(b)
            return ("%s-%s quadrant, its bank %d: mux U%d, switch Q%d, divider R%d/R%d; its "
                    "ribbon (pins 8-16) and the main board's %s"
                    % (lay["half_names"][h], side, k, 71 + k, k + 1, 2 * k + 1, 2 * k + 2,
                       "U3 (74HC138)" if h == 0 else "U5 (74HC138)"))
    return "bar board: mux U71, switch Q1, divider R1/R2; its ribbon"


def explain(text, pm=None):
    """[(stage, id, PASS|FAIL, where and what to check)] from a report's lines."""
    pm = pm or design.load_pinmap()
    rows = []
    btn_pin = {name: i + 1 for i, (name, g) in
               enumerate(sorted(pm["pins"]["buttons"].items(), key=lambda kv: kv[1]))}
    for line in text.splitlines():
        parts = line.strip().split(None, 4)
        if len(parts) < 4 or parts[0] != "PT":
            continue
        _, stage, ident, verdict = parts[:4]
        detail = parts[4] if len(parts) > 4 else ""
        where = ""
        if stage == "bank":
            h, b = (int(x) for x in ident.split("."))
            where = _where_bank(pm, h, b)
            if verdict == "FAIL":
                where += "; " + BANK_WHY.get(detail, detail)
        elif stage == "half":
            h = int(ident)
            where = ("main board %s half: U%d (74HC4051), U%d (74HC138), reference divider "
                     "R%d/R%d, 100k R%d, the select resistors R1-R9"
                     % (pm["layout"]["half_names"][h], 2 + 2 * h, 3 + 2 * h, 20 + 2 * h,
                        21 + 2 * h, 24 + h))
        elif stage in ("rest", "magnet"):
            where = _where_sensor(pm, int(ident))
            if verdict == "FAIL":
                where += {"bank": "; its bank failed (see bank lines)",
                          "low": "; reads low: the Hall's OUT shorted to GND, or not powered",
                          "high": "; reads the pull-up: the Hall is missing, open or turned",
                          "field": "; a magnet or steel nearby",
                          "stuck": "; its reading does not move: OUT shorted to a rail",
                          "not seen": "; no magnet seen: the Hall turned over or its OUT open"
                          }.get(detail, "")
        elif stage == "button":
            where = ("main board J7 pin %d, R%d and C%d; the button's wires"
                     % (btn_pin[ident], 29 + btn_pin[ident], 19 + btn_pin[ident]))
        elif stage == "leds":
            where = ("the LED chain: the first dark LED's DIN and the LED before it (DOUT); "
                     "main board U7 (74AHCT1G125), R28, the ribbons' pins 19/20")
        elif stage == "buzzer":
            where = "main board J8, R29; the piezo's wires"
        elif stage == "chip":
            where = ("the Pico: it runs at %s" % detail if verdict == "PASS" else
                     "the Pico refused the clock of its power profile (%s): it runs at 125 MHz, the "
                     "computer player slower; another Pico, or power.cpu_mhz (cpu_mhz_pc for a computer port's "
                     "profile) 125 in the pin map "
                     "(hardware/power.md, \"The clock\")" % detail)
        elif stage == "oled":
            where = "main board J6 (GND, 3V3, SCL, SDA), the OLED module's address (0x3C)"
        elif stage == "done":
            where = "%s part(s) failed" % detail
        rows.append((stage, ident, verdict, where))
    return rows


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools prodtest", description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--port", help="run the test on the board at this serial port (mpremote)")
    src.add_argument("--from", dest="path", metavar="FILE", help="read a saved report")
    args = ap.parse_args(argv)        # (exits 2 without one of them)
    if args.path:
        try:
            with open(args.path) as f:
                text = f.read()
        except OSError as e:
            print("prodtest: cannot read %s: %s" % (args.path, e.strerror or e), file=sys.stderr)
            return 1
    else:
        port = args.port
        mp = os.path.join(os.path.dirname(sys.executable), "mpremote")
        proc = subprocess.run([mp, "connect", port, "exec",
                               "import hw.prodtest; hw.prodtest.main()"],
                              capture_output=True, text=True)
        text = proc.stdout
    rows = explain(text)
    for stage, ident, verdict, where in rows:
        if verdict == "FAIL" or stage == "done":
            print("%-7s %-8s %s  %s" % (stage, ident, verdict, where))
    passed = sum(1 for r in rows if r[2] == "PASS" and r[0] != "done")
    failed = sum(1 for r in rows if r[2] == "FAIL" and r[0] != "done")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not rows else 0
