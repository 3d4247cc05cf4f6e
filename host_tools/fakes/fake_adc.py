"""Fake `machine.ADC`: read_u16() asks the installed physical board model what the pin sees.

The model (host_tools/physboard.py `PhysicalBoard().install()`) decodes the multiplexer
select, bank and enable lines from the levels the firmware drives (fake_io.pin_level), so the
scanner's real mux code decides which sensor is read. Any object with `read_adc(gpio) -> int`
can be installed as the source.
"""
__all__ = ["ADC"]

_source = None


def install(source):
    """Make `source.read_adc(gpio)` answer every ADC read; returns the previous source."""
    global _source
    prev = _source
    _source = source
    return prev


def source():
    return _source


def _gpio(pin):
    if isinstance(pin, int):
        return pin
    n = getattr(pin, "id", None)
    if isinstance(n, int):
        return n
    s = str(pin)
    digits = "".join(c for c in s if c in "0123456789")
    if digits:
        return int(digits)
    raise ValueError("ADC: cannot tell the GPIO of %r" % (pin,))


class ADC:
    CORE_TEMP = 4

    def __init__(self, pin, *args, **kw):
        g = _gpio(pin)
        # rp2 accepts the ADC channel (0..4) or the GPIO (26..29)
        self.gpio = g + 26 if 0 <= g <= 3 else g

    def read_u16(self):
        if _source is None:
            raise RuntimeError("fake ADC: no board model installed (host_tools/physboard.py: PhysicalBoard().install())")
        return _source.read_adc(self.gpio)

    def __repr__(self):
        return "ADC(%d)" % self.gpio
