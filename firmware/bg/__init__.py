"""Tablier's rules core: pure backgammon rules, identical on CPython and MicroPython.

Import the submodules you need (`bg.position`, `bg.movegen`, `bg.judge`, ...):
this package file stays empty so that a screen that needs only pip counts does
not pay for the move generator on the Pico's small heap.
"""
