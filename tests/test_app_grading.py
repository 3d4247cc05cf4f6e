"""Grading in the running App with the real engine (tests/portable/grading_cases.py),
under CPython and under the MicroPython unix port on the firmware as flashed.

The heap: the whole board with the engine does not fit the portable tests' 240 KB on this
64-bit port (the App and the Table ~170 KB, the engine and its weights ~110 KB here; both
are 0.53 to 0.72 of that on the 32-bit Pico, issue 9). These cases run with 245,888 x 1.48
= 364 KB, the Pico's heap scaled by the 64-bit port's weight of the same modules (the rule
of host_tools/benches/bench_heap.py), and must not raise MemoryError there."""
import os
import re
import sys

import pytest

from tools import ROOT, run_micropython, firmware_mpy

sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
import grading_cases  # noqa: E402

BOARD_HEAP = "364K"
CASES = sorted(n for n in dir(grading_cases) if n.startswith("test_"))


@pytest.mark.parametrize("case", CASES)
def test_under_cpython(case):
    getattr(grading_cases, case)()


@pytest.mark.parametrize("case", CASES)
def test_under_micropython(case):
    proc = run_micropython(["tests/mp_run.py", "--mpy=" + firmware_mpy(), "grading_cases::" + case],
                           heap=BOARD_HEAP)
    out = proc.stdout + proc.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", proc.stdout, re.M)
    assert m, out[-3000:]
    assert int(m.group(2)) == 0 and int(m.group(1)) == 1 and proc.returncode == 0, out[-3000:]
