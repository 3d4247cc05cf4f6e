"""Tablier's host-side tools: one command-line entry, `python -m host_tools NAME ...`.

Importing the package puts the board's code on sys.path (host_tools/paths.py: firmware/, the
fakes, host_tools/, web/py). Not under MicroPython, whose runners (tests/mp_run.py,
tests/mp_fuzz.py) set their own path: there the portable tests import host_tools' readers
(record_read, events_read) and nothing more.
"""
import sys

if sys.implementation.name != "micropython":
    import host_tools.paths  # noqa: F401
