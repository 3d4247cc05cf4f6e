"""Fake `machine` module: lets firmware/ run unmodified on a PC (CPython or MicroPython unix).

Put host_tools/fakes/ first on sys.path. The parts live in their own modules:
fake_io (Pin, I2C, PWM, WDT, Timer, ...) and fake_adc (ADC, fed by the physical board model).
"""
from fake_io import *  # noqa: F401,F403
from fake_adc import *  # noqa: F401,F403
