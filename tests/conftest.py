import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# firmware/ is the Pico's import root; the fakes stand in for `machine` and `neopixel`.
for p in (os.path.join(ROOT, "host_tools", "fakes"), os.path.join(ROOT, "firmware"),
          os.path.join(ROOT, "tests", "portable"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)
