"""Tablier's rules core: pure backgammon rules, identical on CPython and MicroPython.

Import the submodules you need (`bg.position`, `bg.movegen`, `bg.judge`, ...):
this package file holds nothing but the table of its rare parts, so that a screen that
needs only pip counts does not pay for the move generator on the Pico's small heap.
"""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): a play's notation
# (once a turn), the opening roll (once a game).
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "notation",
    "opening",
))
del on_demand
