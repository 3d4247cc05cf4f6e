"""The calibration file (hw/calibration.py's save and load, loaded only for them): the
format, and loading that never raises.

File layout (after store.py's header and CRC): b"TCAL", version, stack_ok, n (u16 LE),
delta2 and delta3 (u16 LE, 1/10000), then base and gain (int32 per sensor) and noise (a
byte per sensor). In the heap base and gain are int16 and uint16 (Calibration).
"""
from array import array

from hw.scanunits import BASE_MAX

MAGIC = b"TCAL"
VERSION = 1


def _u16(v):
    return bytes((v & 0xFF, (v >> 8) & 0xFF))


def to_bytes(cal):
    head = MAGIC + bytes((VERSION, 1 if cal.stack_ok else 0)) + _u16(cal.n)
    d = _u16(int(cal.delta2 * 10000)) + _u16(int(cal.delta3 * 10000))
    return head + d + bytes(array("i", cal.base)) + bytes(array("i", cal.gain)) + bytes(cal.noise)


def from_bytes(cal, data):
    """Fill `cal` from `data`; returns an error message (cal unchanged) or None."""
    n = cal.n
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
    cal.base = array("h", [-BASE_MAX if b < -BASE_MAX else BASE_MAX if b > BASE_MAX else b for b in base])
    cal.gain = array("H", [g if g < 65535 else 65535 for g in gain])
    cal.noise = bytearray(data[12 + 8 * n:])
    cal.stack_ok = bool(data[5])
    cal.delta2 = (data[8] | (data[9] << 8)) / 10000
    cal.delta3 = (data[10] | (data[11] << 8)) / 10000
    return None


def save(cal, path, files):
    """Atomic: the new file is written beside the old one, then renamed over it (store.py,
    loaded for this call only)."""
    from hw import store
    store.save(path, to_bytes(cal), files)
    cal.source = path
    cal.warning = None


def load(cls, path, cfg, files):
    """The saved calibration, or defaults with `.warning` set; never raises."""
    cal = cls(cfg)
    try:
        from hw import store
        data, msg = store.load_or_fresh(path, files)
    except Exception as e:  # a broken filesystem must not stop the board
        data, msg = None, "calibration unreadable (%s)" % (e,)
    if data is None:
        cal.warning = msg or "no calibration saved: using defaults, please calibrate"
        if msg:
            cal.warning = "calibration lost (%s): using defaults, please calibrate" % msg
        return cal
    err = from_bytes(cal, data)
    if err:
        cal.warning = "%s: using defaults, please calibrate" % err
    else:
        cal.source = path
    return cal
