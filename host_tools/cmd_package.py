"""`python -m host_tools package [--check]`: the firmware as a mip package, the micropython-lib way.

Two package files, both listing every file `make flash` installs, with the same paths on
the board:
- `package.json` at the top of the repository lists the sources (firmware/**.py and the
  data files: the engine's weights, the texts), for `mpremote mip install github:OWNER/REPO` (or a local checkout:
  `mpremote mip install ./package.json`). The Pico then compiles each module when it is
  first imported, on its own heap: slower to start, and a large module may not compile in
  a fragmented heap, so prefer the next one.
- `build/package/package.json` (written by this command, beside the modules compiled by
  mpy-cross for the Pico's armv6m) for `mpremote mip install build/package/package.json`:
  what `make flash` copies, installed the mip way.
`--check` exits non-zero when the checked-in package.json is not what this command writes
(a module added or removed without regenerating it).
"""
import argparse
import json
import os
import sys

from host_tools.cmd_flash import DATA_SUFFIXES, FIRMWARE, ROOT, compile_tree

SOURCE_PACKAGE = os.path.join(ROOT, "package.json")
BUILT = os.path.join(ROOT, "build", "package")


def firmware_version():
    scope = {}
    with open(os.path.join(FIRMWARE, "version.py")) as f:
        exec(f.read(), scope)
    return scope["VERSION"]


def source_files():
    """Every file the board needs, relative to firmware/, sorted ("/" separated)."""
    files = []
    for d, dirs, names in os.walk(FIRMWARE):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py") or name.endswith(DATA_SUFFIXES):
                if name == "manifest.py" and d == FIRMWARE:
                    continue         # the freezing manifest is for the firmware build, not the board
                files.append(os.path.relpath(os.path.join(d, name), FIRMWARE).replace(os.sep, "/"))
    return sorted(files)


def package(files, prefix):
    """A mip package.json: each file installed at its path under the board's root."""
    return {
        "version": firmware_version(),
        "urls": [[f, prefix + f] for f in files],
        "deps": [],
    }


def dumps(pkg):
    return json.dumps(pkg, indent=1, sort_keys=True) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(prog="host_tools package", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="only check that the checked-in package.json is current")
    args = ap.parse_args(argv)
    wanted = dumps(package(source_files(), "firmware/"))
    if args.check:
        try:
            with open(SOURCE_PACKAGE) as f:
                have = f.read()
        except OSError:
            have = ""
        if have != wanted:
            print("package.json is not current: run `python -m host_tools package`", file=sys.stderr)
            return 1
        print("package.json is current (%d files)" % len(source_files()))
        return 0
    with open(SOURCE_PACKAGE, "w") as f:
        f.write(wanted)
    built = compile_tree(out=BUILT)
    built = sorted(f.replace(os.sep, "/") for f in built)
    with open(os.path.join(BUILT, "package.json"), "w") as f:
        f.write(dumps(package(built, "")))
    print("wrote package.json (%d source files) and %s/package.json (%d compiled files)"
          % (len(source_files()), os.path.relpath(BUILT, ROOT), len(built)))
    print("install: mpremote mip install %s/package.json" % os.path.relpath(BUILT, ROOT))
    return 0
