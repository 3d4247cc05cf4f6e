"""The maker's calibration routine (hardware-brief 3.2), for the self-test screen: loaded
for each step only (hw/calibration.py's calibrate_* and gain_passes call it through
calroutine.calibrate_empty and the others), so none of it stays in the heap while playing. Each step takes a Scanner and
ends with scanner.set_calibration(cal)."""
from array import array

from hw.scanunits import R_ONE, BASE_MAX


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


def calibrate_empty(scanner, cal, scans):
    """Baseline with no checker on the board; returns the sensors that look dead."""
    mean, p2p = _measure(scanner, scans)
    dead = []
    lo, hi = scanner._raw_lo, scanner._raw_hi
    for i in range(cal.n):
        b = mean[i]
        cal.base[i] = -BASE_MAX if b < -BASE_MAX else BASE_MAX if b > BASE_MAX else b
        cal.noise[i] = min(p2p[i], 255)
        if not lo < scanner.raw[i] < hi:
            dead.append(i)
    cal.source = "measured"
    scanner.set_calibration(cal)
    return dead


def calibrate_gain(scanner, cal, sensors, scans):
    """One checker (either colour) centred on each sensor in `sensors`."""
    mean, _ = _measure(scanner, scans)
    weak = []
    for i in sensors:
        g = abs(mean[i] - cal.base[i])
        if g < R_ONE // 40:          # under a tenth of the nominal signal: no checker, or dead
            weak.append(i)
            continue
        cal.gain[i] = g if g < 65535 else 65535
    scanner.set_calibration(cal)
    return weak


def calibrate_stack(scanner, cal, sensors, scans):
    """Two-high stacks on `sensors`: measures delta2; stack reading on if it is >= 0.15."""
    mean, _ = _measure(scanner, scans)
    steps = sorted((abs(mean[i] - cal.base[i]) - cal.gain[i]) / cal.gain[i] for i in sensors)
    if steps:
        cal.delta2 = steps[len(steps) // 2]
        cal.stack_ok = cal.delta2 >= 0.15
    scanner.set_calibration(cal)
    return cal.delta2


def gain_passes(cfg, per_pass):
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
