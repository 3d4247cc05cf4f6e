"""Fake `neopixel` (the micropython-lib driver's API) that records what write() sends.

The simulator reads the strip with last_frame(gpio): the (r, g, b) of every LED as last
written, or None before the first write. Runs under CPython and the MicroPython unix port.
"""

_frames = {}   # gpio -> bytes as sent on the wire (in the strip's colour order)
_orders = {}   # gpio -> ORDER used for that frame
_writes = {}   # gpio -> number of write() calls


def _gpio(pin):
    return getattr(pin, "id", pin)


class NeoPixel:
    # wire position of R, G, B, W: WS2812 strips take green first
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        if hasattr(pin, "init"):
            pin.init(pin.OUT)  # as the real driver does: the simulator sees an output
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.timing = timing

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        offset = i * self.bpp
        for b in range(self.bpp):
            self.buf[offset + self.ORDER[b]] = v[b]

    def __getitem__(self, i):
        offset = i * self.bpp
        return tuple(self.buf[offset + self.ORDER[b]] for b in range(self.bpp))

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        n = _gpio(self.pin)
        _frames[n] = (bytes(self.buf), self.bpp)
        _orders[n] = self.ORDER
        _writes[n] = _writes.get(n, 0) + 1


def last_frame(gpio):
    """[(r, g, b), ...] as last written to the strip on `gpio`, or None if never written."""
    got = _frames.get(gpio)
    if got is None:
        return None
    buf, bpp = got
    order = _orders[gpio]
    return [tuple(buf[i * bpp + order[b]] for b in range(bpp)) for i in range(len(buf) // bpp)]


def write_count(gpio):
    """How many frames were written to the strip on `gpio`."""
    return _writes.get(gpio, 0)


def reset_fakes():
    """Forget every recorded frame (between tests)."""
    _frames.clear()
    _orders.clear()
    _writes.clear()
