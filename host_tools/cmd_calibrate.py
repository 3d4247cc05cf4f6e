"""`python -m host_tools calibrate [FILE | --port PORT]`: check the board's calibration.

The calibration itself runs on the board (hold a button at power-up, then the `calibrate`
screen: empty board, one checker per listed slot, two-high stacks; see
hardware/calibration.md). This command reads the saved file (`calibration.bin`, pulled
with mpremote when --port is given) and tells the maker what it says: per-point gains,
and the sensors to look at (no signal, weak or strong gain, noisy, baseline far off).
Exit code 0 when the calibration looks sound, 1 when a sensor needs attention or the file
cannot be read."""
import argparse
import os
import subprocess
import sys
import tempfile

import board_config as cfg
from hw.calibration import Calibration, DEFAULT_PATH, R_ONE

# A sensor whose gain is this far from the median of all, or this noisy, is worth a look.
GAIN_LOW, GAIN_HIGH = 0.6, 1.6
NOISY = 40          # peak-to-peak on the empty board, in 1/4096 of the rail
BASE_FAR = 0.15     # |baseline| as a fraction of the rail: a magnet or a bent sensor near


def sensor_name(i):
    if i < cfg.N_POINT_SENSORS:
        return "point %d slot %d" % (i // cfg.SLOTS_PER_POINT + 1, i % cfg.SLOTS_PER_POINT + 1)
    j = i - cfg.N_POINT_SENSORS
    return "bar %s slot %d" % ("white" if j < cfg.BAR_SLOTS else "black", j % cfg.BAR_SLOTS + 1)


def problems(cal):
    """[(sensor index, what is wrong)] for the sensors a maker should look at."""
    gains = sorted(cal.gain)
    median = gains[len(gains) // 2]
    out = []
    for i in range(cal.n):
        g = cal.gain[i]
        if g < median * GAIN_LOW:
            out.append((i, "weak or no signal: gain %.2f of the median" % (g / median)))
        elif g > median * GAIN_HIGH:
            out.append((i, "gain %.2f of the median: sensor or magnet out of line" % (g / median)))
        if cal.noise[i] >= NOISY:
            out.append((i, "noisy: %d/4096 peak to peak on the empty board" % cal.noise[i]))
        if abs(cal.base[i]) > 0.8 * R_ONE:
            out.append((i, "reads the rail on the empty board: open or shorted sensor"))
        elif abs(cal.base[i]) > BASE_FAR * R_ONE:
            out.append((i, "baseline %.2f of the rail off zero: a magnet nearby?" % (cal.base[i] / R_ONE)))
    return out


def report(cal, out=sys.stdout):
    if cal.warning:
        print("calibration not usable: %s" % cal.warning, file=out)
        return 1
    gains = sorted(cal.gain)
    median = gains[len(gains) // 2]
    print("%d sensors, stacks %s (second layer adds %.2f of a checker)" % (
        cal.n, "calibrated" if cal.stack_ok else "NOT calibrated", cal.delta2), file=out)
    print("gain median %.3f of the rail, spread %.2f..%.2f of it" % (
        median / R_ONE, gains[0] / median, gains[-1] / median), file=out)
    for p in range(1, cfg.N_POINTS + 1):
        row = [cal.gain[(p - 1) * cfg.SLOTS_PER_POINT + s] / median for s in range(cfg.SLOTS_PER_POINT)]
        print("point %2d: %s" % (p, " ".join("%.2f" % g for g in row)), file=out)
    bad = problems(cal)
    for i, what in bad:
        print("CHECK sensor %d (%s): %s" % (i, sensor_name(i), what), file=out)
    print("%d sensor(s) to check" % len(bad) if bad else "all sensors look sound", file=out)
    return 1 if bad or not cal.stack_ok else 0


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools calibrate", description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?", help="a calibration file on disk (default: pull %s from the board)" % DEFAULT_PATH)
    ap.add_argument("--port", help="serial port of the board, e.g. /dev/ttyACM0")
    args = ap.parse_args(argv)
    if args.file and not args.port:
        if not os.path.exists(args.file):
            print("no such calibration file: %s" % args.file, file=sys.stderr)
            return 1
        return report(Calibration.load(args.file))
    from host_tools.cmd_flash import find_board, tool
    port = find_board(args.port)
    if not port:
        print("calibrate: no MicroPython board found on %s; give a calibration FILE, or connect "
              "the board and pass --port /dev/ttyACM0" % (args.port or "any USB serial port"), file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        local = os.path.join(tmp, DEFAULT_PATH)
        remote = ":" + (args.file or DEFAULT_PATH)
        proc = subprocess.run([tool("mpremote"), "connect", port, "fs", "cp", remote, local],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            print("calibrate: could not read %s from the board: %s" % (remote, proc.stderr.strip()[-200:]),
                  file=sys.stderr)
            return 1
        return report(Calibration.load(local))
