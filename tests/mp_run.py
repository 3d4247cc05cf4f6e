"""Run the portable test modules under the MicroPython unix port.

The same files are collected by pytest on CPython; this runner needs nothing
but the interpreter, so it imports each `tests/portable/test_*.py`, calls every
`test_*` function and prints one closing line "N passed, N failed".

Usage: micropython -X heapsize=240K tests/mp_run.py [module ...]
"""
import sys
import os
import gc

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/.."
# the MicroPython side's own path (conftest.py and host_tools/__init__.py are CPython's)
for p in (ROOT, HERE + "/portable", ROOT + "/host_tools", ROOT + "/firmware", ROOT + "/host_tools/fakes"):
    if p not in sys.path:
        sys.path.insert(0, p)


def use_mpy(argv):
    """`--mpy=DIR` first on the path: the firmware precompiled by mpy-cross, as flashed
    to the Pico (its bytecode is loaded, not compiled on the heap)."""
    for a in list(argv):
        if a.startswith("--mpy="):
            sys.path.insert(0, a[6:])
            argv.remove(a)
    return argv


def module_names(argv):
    """Modules to run: `name` or `name::test_function` (one test in a fresh heap)."""
    if argv:
        return [a.rsplit("/", 1)[-1].replace(".py", "") for a in argv]
    names = [f[:-3] for f in os.listdir(HERE + "/portable") if f.startswith("test_") and f.endswith(".py")]
    names.sort()
    return names


def run(argv):
    passed = failed = 0
    for name in module_names(use_mpy(argv)):
        only = None
        if "::" in name:
            name, only = name.split("::")
        gc.collect()
        try:
            mod = __import__(name)
        except Exception as e:
            print("ERROR importing", name, repr(e))
            sys.print_exception(e)
            failed += 1
            continue
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_") or (only is not None and attr != only):
                continue
            fn = getattr(mod, attr)
            if not callable(fn):
                continue
            gc.collect()
            try:
                fn()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL", name + "." + attr, repr(e))
                sys.print_exception(e)
        # free the module before the next one: the heap is the Pico's
        del sys.modules[name]
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
