"""Per-sensor calibration: empty-board baseline, one-checker gain, stack step (hardware-brief 3.2).

All values are ratiometric r = sensor / ch15 - 1 in units of 1/4096 (scanner.R_ONE).
  base[i]   r of sensor i on the empty board
  gain[i]   |r - base| for one centred checker on slot i
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
"""
from array import array

import board_config as _cfg
import store

MAGIC = b"TCAL"
VERSION = 1
R_ONE = 4096
DEFAULT_PATH = "calibration.bin"


class Calibration:
    def __init__(self, cfg=_cfg):
        n = cfg.N_SENSORS
        self.n = n
        self.base = array("i", bytes(4 * n))
        self.gain = array("i", [int(cfg.NOMINAL_GAIN * R_ONE)] * n)
        self.noise = bytearray(n)
        self.delta2 = cfg.DELTA2
        self.delta3 = cfg.DELTA3
        self.stack_ok = False
        self.source = "defaults"
        self.warning = None

    # ------------------------------------------------------------ file format
    def to_bytes(self):
        head = MAGIC + bytes((VERSION, 1 if self.stack_ok else 0)) + _u16(self.n)
        d = _u16(int(self.delta2 * 10000)) + _u16(int(self.delta3 * 10000))
        return head + d + bytes(self.base) + bytes(self.gain) + bytes(self.noise)

    def from_bytes(self, data):
        """Fill from `data`; returns an error message (self unchanged) or None."""
        n = self.n
        if len(data) < 12 or data[:4] != MAGIC:
            return "not a calibration file"
        if data[4] != VERSION:
            return "calibration format %d, this firmware reads %d" % (data[4], VERSION)
        if data[6] | (data[7] << 8) != n:
            return "calibration is for %d sensors, this board has %d" % (data[6] | (data[7] << 8), n)
        if len(data) != 12 + 9 * n:
            return "calibration file has the wrong length"
        base = array("i", data[12:12 + 4 * n])
        gain = array("i", data[12 + 4 * n:12 + 8 * n])
        for g in gain:
            if g <= 0:
                return "calibration has a zero gain"
        self.base, self.gain = base, gain
        self.noise = bytearray(data[12 + 8 * n:])
        self.stack_ok = bool(data[5])
        self.delta2 = (data[8] | (data[9] << 8)) / 10000
        self.delta3 = (data[10] | (data[11] << 8)) / 10000
        return None

    def save(self, path=DEFAULT_PATH, files=None):
        """Atomic: the new file is written beside the old one, then renamed over it."""
        store.save(path, self.to_bytes(), files)
        self.source = path
        self.warning = None

    @classmethod
    def load(cls, path=DEFAULT_PATH, cfg=_cfg, files=None):
        """The saved calibration, or defaults with `.warning` set; never raises."""
        cal = cls(cfg)
        try:
            data, msg = store.load_or_fresh(path, files)
        except Exception as e:  # a broken filesystem must not stop the board
            data, msg = None, "calibration unreadable (%s)" % (e,)
        if data is None:
            cal.warning = msg or "no calibration saved: using defaults, please calibrate"
            if msg:
                cal.warning = "calibration lost (%s): using defaults, please calibrate" % msg
            return cal
        err = cal.from_bytes(data)
        if err:
            cal.warning = "%s: using defaults, please calibrate" % err
        else:
            cal.source = path
        return cal


def _u16(v):
    return bytes((v & 0xFF, (v >> 8) & 0xFF))


# ---------------------------------------------------------------- the routine
def _measure(scanner, scans):
    """Mean and peak-to-peak of every sensor's r (before the baseline) over `scans` scans."""
    n = scanner.n
    total = array("i", bytes(4 * n))
    lo = array("i", [1 << 30] * n)
    hi = array("i", [-(1 << 30)] * n)
    raw, refs, bank_of = scanner.raw, scanner.refs, scanner._bank_of
    for _ in range(scans):
        scanner.read_all()
        for i in range(n):
            ref = refs[bank_of[i]] or 1
            r = (raw[i] - ref) * R_ONE // ref
            total[i] += r
            if r < lo[i]:
                lo[i] = r
            if r > hi[i]:
                hi[i] = r
    for i in range(n):
        total[i] //= scans
        hi[i] -= lo[i]
    return total, hi


def calibrate_empty(scanner, cal, scans=64):
    """Baseline with no checker on the board; returns the sensors that look dead."""
    mean, p2p = _measure(scanner, scans)
    dead = []
    lo, hi = scanner._raw_lo, scanner._raw_hi
    for i in range(cal.n):
        cal.base[i] = mean[i]
        cal.noise[i] = min(p2p[i], 255)
        if not lo < scanner.raw[i] < hi:
            dead.append(i)
    cal.source = "measured"
    scanner.set_calibration(cal)
    return dead


def calibrate_gain(scanner, cal, sensors, scans=16):
    """One checker (either colour) centred on each sensor in `sensors`."""
    mean, _ = _measure(scanner, scans)
    weak = []
    for i in sensors:
        g = abs(mean[i] - cal.base[i])
        if g < R_ONE // 40:          # under a tenth of the nominal signal: no checker, or dead
            weak.append(i)
            continue
        cal.gain[i] = g
    scanner.set_calibration(cal)
    return weak


def calibrate_stack(scanner, cal, sensors, scans=16):
    """Two-high stacks on `sensors`: measures delta2; stack reading on if it is >= 0.15."""
    mean, _ = _measure(scanner, scans)
    steps = sorted((abs(mean[i] - cal.base[i]) - cal.gain[i]) / cal.gain[i] for i in sensors)
    if steps:
        cal.delta2 = steps[len(steps) // 2]
        cal.stack_ok = cal.delta2 >= 0.15
    scanner.set_calibration(cal)
    return cal.delta2


def gain_passes(cfg=_cfg, per_pass=15):
    """Slot groups for the gain step: every other slot (no neighbour crosstalk), <= per_pass each."""
    spp, nbar = cfg.SLOTS_PER_POINT, cfg.BAR_SLOTS
    passes = []
    for parity in (0, 1):
        group = []
        for i in range(cfg.N_SENSORS):
            j = i if i < cfg.N_POINT_SENSORS else i - cfg.N_POINT_SENSORS
            slot = j % (spp if i < cfg.N_POINT_SENSORS else nbar)
            if slot % 2 == parity:
                group.append(i)
                if len(group) == per_pass:
                    passes.append(group)
                    group = []
        if group:
            passes.append(group)
    return passes
