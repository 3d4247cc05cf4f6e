"""Where the tests write their files: a directory of this test run's own.

Several checkouts (and pytest-xdist's workers) run the same tests on one machine at the
same time; a fixed /tmp path let one run read another's half-written state or record.
tests/conftest.py makes one directory per pytest process and names it in the environment
(TABLIER_TEST_TMP), so the MicroPython runs it starts write beside it; a module run by
hand, with no pytest around it, falls back to /tmp.

    path = scratch.path("app-state.bin")
"""
import os
import sys


def base():
    d = os.getenv("TABLIER_TEST_TMP")
    return d if d else "/tmp"


def path(name):
    """A file name in this run's directory, tagged with the interpreter (CPython and
    MicroPython runs of one module must not share a file either)."""
    return base() + "/tablier-" + sys.implementation.name + "-" + name
