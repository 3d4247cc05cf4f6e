"""Helpers of the serial tests (test_serial_flood, test_serial_line): byte streams made as
they are read, and the check that an answer is valid JSON text."""
import json
from app.commands import utf8_ok


class Flood:
    """A byte stream of `n` bytes, byte i = gen(i): generated as read, never held whole
    (a 1 MB flood must not need 1 MB of the Pico-sized heap)."""

    def __init__(self, n, gen):
        self.n = n
        self.gen = gen
        self.i = 0

    def ready(self):
        return self.i < self.n

    def read1(self):
        if self.i >= self.n:
            return b""
        c = self.gen(self.i)
        self.i += 1
        return bytes((c,))


def repeat(pattern):
    def gen(i):
        return pattern[i % len(pattern)]
    return gen


def noise(seed, lo=0, hi=256, newline_every=0):
    """Pseudo-random bytes in lo..hi-1 (an LCG: the same on both interpreters)."""
    state = [seed]

    def gen(i):
        if newline_every and i % newline_every == newline_every - 1:
            return 10
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return lo + (state[0] >> 16) % (hi - lo)
    return gen


def line_of(n, fill, end=b"\n"):
    """One line of n bytes of `fill` (repeated), then `end`."""
    def gen(i):
        if i < n:
            return fill[i % len(fill)]
        return end[i - n]
    return n + len(end), gen


def valid_answer(text):
    """The answer is one line of valid UTF-8 JSON text holding an event object."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    if not utf8_ok(raw) or b"\n" in raw or b"\r" in raw:
        return False
    obj = json.loads(text)
    return isinstance(obj, dict) and isinstance(obj.get("t"), str)
