import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The tests' one edit of sys.path: the repository (host_tools, tests' own modules) and the
# portable tests' kits; importing host_tools puts firmware/ (the Pico's import root), the
# fakes (`machine`, `neopixel`), host_tools/ and web/py on it (host_tools/paths.py).
for p in (os.path.join(ROOT, "tests", "portable"), os.path.join(ROOT, "tests"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)
import host_tools  # noqa: E402,F401

# One scratch directory per pytest process (tests/portable/scratch.py): checkouts and
# xdist workers running side by side never share a file; the MicroPython runs a test starts
# inherit it. Set unconditionally: an xdist worker inherits its controller's environment.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
os.environ["TABLIER_TEST_TMP"] = tempfile.mkdtemp(prefix="tablier-tests-")
atexit.register(shutil.rmtree, os.environ["TABLIER_TEST_TMP"], True)
