"""The hall scanner's fixed-point units, below everything that reads sensors: the scanner
(hw/scanner.py), its construction (hw/scanbuild.py), the calibration (hw/calibration.py,
hw/calfile.py, hw/calroutine.py) and the self-test import them from here, so that none of
them imports another for a number."""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

R_ONE = const(4096)         # r = sensor / reference - 1, in units of 1/4096
FORCE = const(-(1 << 20))   # a deadband floor no ADC value is near: looked at next scan
BASE_MAX = const(4 * 4096)  # a baseline beyond 4 R_ONE was measured on a dead bank: kept at it
