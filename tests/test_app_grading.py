"""Grading in the running App with the real engine (tests/portable/grading_cases.py),
under CPython and under the MicroPython unix port on the firmware as flashed.

The heap: the whole board with the engine does not fit the portable tests' 240 KB on this
64-bit port (the App and the Table ~170 KB, the engine and its weights ~110 KB here; both
are 0.53 to 0.72 of that on the 32-bit Pico, issue 9). These cases run in tests/tools.py's
BOARD_HEAP, the Pico's heap in 64-bit objects, and must not raise MemoryError there."""

import pytest

from tools import BOARD_HEAP, assert_passes_under_micropython

import grading_cases

CASES = sorted(n for n in dir(grading_cases) if n.startswith("test_"))


@pytest.mark.parametrize("case", CASES)
def test_under_cpython(case):
    getattr(grading_cases, case)()


@pytest.mark.parametrize("case", CASES)
def test_under_micropython(case):
    assert_passes_under_micropython("grading_cases::" + case, heap=BOARD_HEAP, count=1)
