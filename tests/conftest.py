import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# firmware/ is the Pico's import root; the fakes stand in for `machine` and `neopixel`.
for p in (os.path.join(ROOT, "host_tools", "fakes"), os.path.join(ROOT, "firmware"),
          os.path.join(ROOT, "tests", "portable"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

# One scratch directory per pytest process (tests/portable/scratch.py): checkouts and
# xdist workers running side by side never share a file; the MicroPython runs a test starts
# inherit it. Set unconditionally: an xdist worker inherits its controller's environment.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
os.environ["TABLIER_TEST_TMP"] = tempfile.mkdtemp(prefix="tablier-tests-")
atexit.register(shutil.rmtree, os.environ["TABLIER_TEST_TMP"], True)
