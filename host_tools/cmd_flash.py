"""`python -m host_tools flash [--port PORT] [--dry-run]`: put the firmware on the Pico.

Compiles every module under firmware/ to .mpy with mpy-cross (smaller and faster to import
on the Pico: no compilation on the board's heap), keeps main.py as source (MicroPython runs
main.py, not main.mpy), then copies the tree with mpremote and resets the board.
With no board connected it says so and exits non-zero; --dry-run only compiles into build/.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BUILD = os.path.join(ROOT, "build", "firmware")
BIN = os.path.dirname(sys.executable)
KEEP_AS_SOURCE = ("main.py", "boot.py")
NOT_ON_BOARD = "manifest.py"  # read by MicroPython's freezing tool (a firmware build), not by the board
DATA_SUFFIXES = (".bin", ".txt")    # data the firmware reads from flash (the engine's weights, the texts), copied as is
# -O3: no line numbers in the bytecode (and no assert statements). The modules a running
# board keeps are then 5.2 KB smaller in its heap (bench heap), room the strong level's
# leaf net needs at a think; a fault's traceback in faults.log still names its file and
# function. `flash --lines` keeps the line numbers, to chase a fault.
BUILD_FLAGS = ("-O3",)


# Modules of @micropython.viper functions (engine/net_vp.py, hw/scanfast_vp.py...): native
# code, compiled for an architecture. For the Pico: armv6m, like the rest. For the host's
# MicroPython (march None: the tests, the benches): the host's own, where mpy-cross has it;
# elsewhere they are left out and the firmware's loaders fall back to its bytecode twins.
NATIVE_MARKER = "\n@micropython.viper\n"
HOST_MARCH = {"x86_64": "x64", "AMD64": "x64", "i686": "x86", "i386": "x86"}


def is_native(src):
    """True for a module holding viper functions (compiled with -march only)."""
    with open(src) as f:
        return NATIVE_MARKER in f.read()


def viper_text(rel):
    """The text of a firmware module of viper functions (engine/net_vp.py, hw/scanfast_vp.py...),
    for the benches' models that compile it alone or time a function of it."""
    with open(os.path.join(FIRMWARE, rel)) as f:
        return f.read()


def host_march():
    """mpy-cross's -march for this machine's MicroPython unix port, or None."""
    import platform
    return HOST_MARCH.get(platform.machine())


def tool(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else shutil.which(name) or name


def compile_tree(out=BUILD, march="armv6m", only=None, flags=None):
    """firmware/**.py -> out/**.mpy (main.py and boot.py copied as source, data files such
    as firmware/engine/weights.bin copied as they are). Returns files. flags: mpy-cross's
    options, None for the firmware's build (BUILD_FLAGS), () to keep the line numbers.

    march: the Pico's armv6m for `flash`; None for the host's MicroPython (tests, benches:
    the same bytecode, without the Pico's architecture tag; the viper modules in the host's
    architecture, host_march). only: a sub-folder ("bg")."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    made = []
    top = os.path.join(FIRMWARE, only) if only else FIRMWARE
    for d, _, files in os.walk(top):
        rel = os.path.relpath(d, FIRMWARE)
        for f in sorted(files):
            if not f.endswith(".py") and not f.endswith(DATA_SUFFIXES):
                continue
            if rel == "." and f == NOT_ON_BOARD:
                continue
            src = os.path.join(d, f)
            dest_dir = os.path.join(out, rel)
            os.makedirs(dest_dir, exist_ok=True)
            if (rel == "." and f in KEEP_AS_SOURCE) or f.endswith(DATA_SUFFIXES):
                dest = os.path.join(dest_dir, f)
                shutil.copy(src, dest)
            else:
                dest = os.path.join(dest_dir, f[:-3] + ".mpy")
                arch = march
                if is_native(src) and not arch:
                    arch = host_march()
                    if arch is None:
                        continue       # no native code for this host: the bytecode twins run
                # -s: the name the board's tracebacks give: the .mpy's path on the board
                # ("game/table.mpy"), not this checkout's, so that the .mpy files, and so
                # the heap they take, are the same whichever folder the tree was cloned
                # into; and the very name the board's import gives the module's __file__,
                # so that MicroPython interns one name a module, not two (its names are
                # never freed: 1.3 KB at power-up, bench heap32)
                name = os.path.normpath(os.path.join(rel, f[:-3] + ".mpy"))
                cmd = [tool("mpy-cross")] + list(BUILD_FLAGS if flags is None else flags) + (["-march=" + arch] if arch else []) + \
                    ["-s", name, "-o", dest, src]
                proc = subprocess.run(cmd, capture_output=True, text=True)
                if proc.returncode != 0:
                    raise SystemExit("mpy-cross failed on %s:\n%s" % (src, proc.stderr))
            made.append(os.path.relpath(dest, out))
    return made


def find_board(port):
    """The serial port of a connected MicroPython board, or None."""
    if port:
        return port if os.path.exists(port) else None
    proc = subprocess.run([tool("mpremote"), "connect", "list"], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        words = line.split()
        # a real board has a USB vendor:product id; plain UARTs show 0000:0000
        if len(words) >= 3 and words[2] != "0000:0000" and words[2] != "None":
            return words[0]
    return None


def main(argv):
    ap = argparse.ArgumentParser(prog="host_tools flash", description=__doc__.split("\n")[0])
    ap.add_argument("--port", help="serial port of the Pico, e.g. /dev/ttyACM0 (default: auto)")
    ap.add_argument("--dry-run", action="store_true", help="compile into build/ only")
    ap.add_argument("--lines", action="store_true",
                    help="keep the line numbers in the bytecode (faults.log's tracebacks name "
                         "lines; 5 KB more of the heap: the strong level's leaf net may not fit)")
    args = ap.parse_args(argv)
    files = compile_tree(flags=() if args.lines else None)
    print("compiled %d files into %s" % (len(files), os.path.relpath(BUILD, ROOT)))
    if args.dry_run:
        return 0
    port = find_board(args.port)
    if not port:
        where = args.port or "any USB serial port"
        print("flash: no MicroPython board found on %s. Connect the Pico by USB (with MicroPython "
              "installed: hold BOOTSEL, plug in, copy the RP2 .uf2), then run "
              "`make flash PORT=/dev/ttyACM0`." % where, file=sys.stderr)
        return 1
    # (never --force: mpremote skips a file whose bytes the board already holds, so flashing
    # again leaves no second copy of the weights in freed blocks, which would keep the board
    # from reading them in place: base/inflash.py)
    cmd = [tool("mpremote"), "connect", port, "fs", "cp", "-r"]
    cmd += [os.path.join(BUILD, f) for f in sorted(os.listdir(BUILD))]
    cmd += [":", "+", "reset"]
    print(" ".join(cmd))
    proc = subprocess.run(cmd)
    if proc.returncode != 0:
        print("flash: mpremote failed (exit %d): is another program using %s?" % (proc.returncode, port),
              file=sys.stderr)
        return 1
    print("flashed %d files to %s" % (len(files), port))
    return 0
