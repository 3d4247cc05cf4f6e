"""Per-sensor calibration: empty-board baseline, one-checker gain, stack step (hardware-brief 3.2).

All values are ratiometric r = sensor / ch15 - 1 in units of 1/4096 (R_ONE, the scanner's:
hw/scanner.py defines it, so that the running board need not keep this module).
  base[i]   r of sensor i on the empty board (int16, within +-BASE_MAX)
  gain[i]   |r - base| for one centred checker on slot i (uint16)
  noise[i]  peak-to-peak r on the empty board (diagnostic, saturates at 255)
  delta2/3  what a second / third stacked layer adds, in units of one checker
  stack_ok  gains and delta2 measured: the scanner may read second layers

Routine (the self-test screen drives it; each step takes a Scanner):
  cal = Calibration()
  calibrate_empty(scanner, cal)                  # empty board
  for sensors in gain_passes(): ...place one checker on each listed slot, then
      calibrate_gain(scanner, cal, sensors)
  calibrate_stack(scanner, cal, sensors)         # two-high stacks on `sensors`
  cal.save(path)                                 # atomic: temp file, then rename (store.py)
Loading never raises: a missing or corrupt file gives the built-in defaults and sets
`cal.warning` to a message the OLED shows.

Only the data stays in the heap while playing: the file format and loading
(hw/calfile.py) and the routine (hw/calroutine.py) are loaded for each call and forgotten
(base/rare.py).
"""
from array import array

from hw.scanunits import R_ONE
DEFAULT_PATH = "calibration.bin"


class Calibration:
    def __init__(self, cfg=None):
        if cfg is None:                  # board_config: read here, not kept (app/start.py)
            import board_config as cfg
        n = cfg.N_SENSORS
        self.n = n
        self.base = array("h", bytes(2 * n))
        self.gain = array("H", [int(cfg.NOMINAL_GAIN * R_ONE)] * n)
        self.noise = bytearray(n)
        self.delta2 = cfg.DELTA2
        self.delta3 = cfg.DELTA3
        self.stack_ok = False
        self.source = "defaults"
        self.warning = None

    def save(self, path=DEFAULT_PATH, files=None):
        """Atomic: the new file is written beside the old one, then renamed over it."""
        from hw import calfile
        calfile.save(self, path, files)

    @classmethod
    def load(cls, path=DEFAULT_PATH, cfg=None, files=None):
        """The saved calibration, or defaults with `.warning` set; never raises."""
        from hw import calfile
        return calfile.load(cls, path, cfg, files)


# ---------------------------------------------------------------- the routine (hw/calroutine.py)
def calibrate_empty(scanner, cal, scans=64):
    """Baseline with no checker on the board; returns the sensors that look dead."""
    from hw import calroutine
    return calroutine.calibrate_empty(scanner, cal, scans)


def calibrate_gain(scanner, cal, sensors, scans=16):
    """One checker (either colour) centred on each sensor in `sensors`; returns the weak ones."""
    from hw import calroutine
    return calroutine.calibrate_gain(scanner, cal, sensors, scans)


def calibrate_stack(scanner, cal, sensors, scans=16):
    """Two-high stacks on `sensors`: measures delta2; stack reading on if it is >= 0.15."""
    from hw import calroutine
    return calroutine.calibrate_stack(scanner, cal, sensors, scans)


def gain_passes(cfg=None, per_pass=15):
    """Slot groups for the gain step: every other slot (no neighbour crosstalk), <= per_pass each."""
    if cfg is None:
        import board_config as cfg
    from hw import calroutine
    return calroutine.gain_passes(cfg, per_pass)
