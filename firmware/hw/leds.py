"""WS2812 LED strip with a brightness cap and a current budget, over MicroPython's neopixel.

The caller sets colours at full scale (0..255 per channel); show() scales them by the
brightness (never above brightness_max), then, if the frame would draw more than
budget_ma, scales the colours down further so it does not. Current estimate per LED
(hardware brief section 4): 1 mA when dark + (R + G + B) / 16 mA, with R, G, B as sent.
"""

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

_DARK_MA = const(1)         # mA per LED even when dark
_MA_DIV = const(16)         # (R + G + B) / 16 mA per LED
_ONE = const(256)           # fixed point: a scale of 256 sends colours unchanged


class Leds:
    """`count` WS2812 LEDs on `pin` (a machine.Pin or a GPIO number)."""
    # made by __init__, below
    count: int
    strip: Any                     # the NeoPixel: its buffer is written directly
    _at: bytes                     # the byte offset on the wire of R, G and B
    colours: bytearray             # requested colours, R G B per LED
    brightness_max: float          # the cap, 0..1 (the board's setting is a percent of it)
    _max: int                      # the cap, of 256
    _bright: int                   # the brightness in force, of 256
    budget_ma: int
    shown_ma: float                # estimate for the frame last shown
    scale: int                     # scale (of 256) applied to the frame last shown

    def __init__(self, pin, count, brightness_max=0.25, budget_ma=150, order="GRB"):
        from neopixel import NeoPixel
        if sorted(order) != ["B", "G", "R"]:
            raise ValueError("LED order must be a permutation of RGB, not %r" % (order,))
        if not 0 <= brightness_max <= 1:
            raise ValueError("brightness_max must be within 0..1")
        if isinstance(pin, int):
            from machine import Pin
            pin = Pin(pin, Pin.OUT)
        self.count = count
        self.strip = NeoPixel(pin, count)
        # byte offset on the wire of R, G and B: the strip's own buffer is written directly
        self._at = bytes(order.index(c) for c in "RGB")
        self.strip.ORDER = (self._at[0], self._at[1], self._at[2], 3)
        self.colours = bytearray(3 * count)   # requested colours, R G B per LED
        self.brightness_max = brightness_max  # the cap, 0..1 (the board's setting is a percent of it)
        self._max = int(brightness_max * _ONE)
        self._bright = self._max
        self.budget_ma = budget_ma
        self.shown_ma = count * _DARK_MA      # estimate for the frame last shown
        self.scale = 0                        # scale (of 256) applied to the frame last shown

    def __len__(self):
        return self.count

    def set(self, i, rgb):
        if 0 <= i < self.count:  # an index off the strip is ignored, never a crash
            j = 3 * i
            c = self.colours
            c[j] = rgb[0]
            c[j + 1] = rgb[1]
            c[j + 2] = rgb[2]

    def get(self, i):
        j = 3 * i
        return (self.colours[j], self.colours[j + 1], self.colours[j + 2])

    def fill(self, rgb):
        for i in range(self.count):
            self.set(i, rgb)

    def clear(self):
        for j in range(3 * self.count):
            self.colours[j] = 0

    def brightness(self, b=None):
        """Set the brightness 0..1 (capped at brightness_max); return the one in force."""
        if b is not None:
            self._bright = max(0, min(self._max, int(b * _ONE)))
        return self._bright / _ONE

    def set_budget(self, ma):
        """Change the current budget (e.g. 40 mA when powered by a PC's USB port)."""
        self.budget_ma = ma

    def _scale(self):
        """Scale (of 256) that respects both the brightness and the current budget."""
        total = 0
        for v in self.colours:
            total += v
        scale = self._bright
        spare_ma = self.budget_ma - self.count * _DARK_MA
        if spare_ma <= 0:
            return 0
        # colour current at this scale: total * scale / 256 / 16 mA; keep it <= spare_ma
        if total * scale > spare_ma * _MA_DIV * _ONE:
            scale = spare_ma * _MA_DIV * _ONE // total
        return scale

    def estimate_ma(self):
        """mA the current colours would draw once shown (after brightness and budget)."""
        scale = self._scale()
        total = 0
        for v in self.colours:
            total += (v * scale) >> 8
        return self.count * _DARK_MA + total / _MA_DIV

    def show(self):
        scale = self._scale()
        c = self.colours
        buf = self.strip.buf
        r_at, g_at, b_at = self._at[0], self._at[1], self._at[2]
        total = 0
        for j in range(0, 3 * self.count, 3):
            r = (c[j] * scale) >> 8
            g = (c[j + 1] * scale) >> 8
            b = (c[j + 2] * scale) >> 8
            buf[j + r_at] = r
            buf[j + g_at] = g
            buf[j + b_at] = b
            total += r + g + b
        self.scale = scale
        self.shown_ma = self.count * _DARK_MA + total / _MA_DIV
        self.strip.write()
