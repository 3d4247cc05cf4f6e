"""Fair dice: rejection sampling on 3 random bits, from xoshiro128** seeded by hardware entropy.

Fair by construction: each die takes 3 bits (0..7); 0..5 give faces 1..6, 6 and 7 are
thrown away and 3 fresh bits are drawn. No modulo, so no face is favoured (a `% 6` on 3
bits would make 1 and 2 twice as likely). Each 32-bit output gives ten 3-bit draws.

The generator is xoshiro128** (Blackman and Vigna, 2018). Without a seed it is seeded from
os.urandom (on the RP2040 the ring oscillator's random bit), time.ticks_us() and an
optional entropy source such as the low bits of an ADC reading noise; stir() mixes in more
later (the microsecond at which a player pressed ROLL is a good one).
"""
import time

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

_M32 = const(0xFFFFFFFF)
_GOLDEN = const(0x9E3779B9)


def _ticks_us():
    ticks = getattr(time, "ticks_us", None)
    if ticks is not None:
        return ticks()
    return int(time.time() * 1000000)  # CPython


def _mix32(x):
    """MurmurHash3's finaliser: every input bit flips about half of the output bits."""
    x &= _M32
    x = ((x ^ (x >> 16)) * 0x85EBCA6B) & _M32
    x = ((x ^ (x >> 13)) * 0xC2B2AE35) & _M32
    return x ^ (x >> 16)


class Dice:
    """Dice(seed) repeats its rolls (tests, replays); Dice() seeds itself from the hardware."""
    # made by __init__, below
    _s0: int                       # xoshiro128**'s state
    _s1: int
    _s2: int
    _s3: int
    _word: int
    _left: int                     # 3-bit draws left in _word
    draws: int                     # 3-bit draws taken
    rejected: int                  # draws thrown away (6 or 7)

    def __init__(self, seed=None, entropy=None):
        self._s0 = self._s1 = self._s2 = self._s3 = 0
        self._word = 0
        self._left = 0      # 3-bit draws left in _word
        self.draws = 0      # 3-bit draws taken
        self.rejected = 0   # draws thrown away (6 or 7)
        if seed is not None:
            self.stir(seed)
            return
        try:
            import os
            for b in os.urandom(16):
                self.stir(b)
        except (ImportError, AttributeError, OSError):
            pass  # a port without urandom: the other sources still count
        for _ in range(32):
            # the microsecond count wanders with interrupts and ADC conversion time
            self.stir((entropy() << 32 if entropy is not None else 0) | _ticks_us())

    def stir(self, value):
        """Mix an integer (any size) into the generator's state."""
        value = int(value)
        while True:
            h = _mix32((value & _M32) + _GOLDEN)
            self._s0 = _mix32(self._s0 ^ h)
            self._s1 = _mix32(self._s1 + h + 1)
            self._s2 = _mix32(self._s2 ^ (h + 2))
            self._s3 = _mix32(self._s3 + (h ^ 3))
            value >>= 32
            if value <= 0:
                break
        if not (self._s0 | self._s1 | self._s2 | self._s3):
            self._s0 = _GOLDEN  # the one state xoshiro must never be in
        self._left = 0  # bits drawn before the stir are not reused

    def next32(self):
        """The next 32 random bits (xoshiro128**)."""
        s1 = self._s1
        r = (s1 * 5) & _M32
        r = (((r << 7) | (r >> 25)) * 9) & _M32
        t = (s1 << 9) & _M32
        s2 = self._s2 ^ self._s0
        s3 = self._s3 ^ s1
        self._s1 = s1 ^ s2
        self._s0 = self._s0 ^ s3
        self._s2 = s2 ^ t
        self._s3 = ((s3 << 11) | (s3 >> 21)) & _M32
        return r

    def die(self):
        """One die, 1..6, each face with probability exactly 1/6."""
        while True:
            if self._left == 0:
                self._word = self.next32()
                self._left = 10
            v = self._word & 7
            self._word >>= 3
            self._left -= 1
            self.draws += 1
            if v < 6:
                return v + 1
            self.rejected += 1

    def roll(self):
        """Two dice, (d1, d2)."""
        return (self.die(), self.die())
