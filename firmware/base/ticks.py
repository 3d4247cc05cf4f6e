"""Millisecond ticks that wrap: the one place that compares and adds them.

MicroPython's time.ticks_ms() wraps at 2**30 (about 12.4 days powered on). Comparing raw
values (`now >= deadline`, `now - since`) then goes wrong for ever after the wrap: a note
never expires, a grace period never ends. Every time comparison on the board goes through
diff() and add() here, which behave like time.ticks_diff / time.ticks_add on every port
(the CPython tests and the simulator included).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

PERIOD = const(0x40000000)    # ticks_ms() wraps at 2**30
_HALF = const(0x20000000)
_MASK = const(0x3FFFFFFF)


def diff(a, b):
    """a - b in ms for two tick values less than half a period apart (negative: a is
    before b), across the wrap."""
    return ((a - b + _HALF) & _MASK) - _HALF


def add(t, delta_ms):
    """The tick value delta_ms after t (delta may be negative), wrapped."""
    return (t + delta_ms) & _MASK


def reached(now, deadline):
    """True once `now` is at or past `deadline` (both tick values)."""
    return diff(now, deadline) >= 0


def _monotonic_ms():
    """A wrapped monotonic count on CPython (the tests, the simulator)."""
    import time
    return int(time.monotonic() * 1000) & _MASK  # type: ignore[attr-defined]


# time.ticks_ms on MicroPython, bound once: `import time` inside a function is a search of
# the filesystem first on MicroPython (a builtin module may be extended by a file), ~30 us
# on the unix port each call, which the running board paid several times a scan
import time as _time  # noqa: E402 (kept beside the reason above)
ms = getattr(_time, "ticks_ms", None) or _monotonic_ms
