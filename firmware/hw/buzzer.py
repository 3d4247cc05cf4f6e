"""Passive piezo buzzer on PWM: short tone patterns, played by tick(now_ms) without sleeping.

Hardware brief 5.2: a piezo disc on GP19, loudest near its 2..4 kHz resonance. A pattern
is a list of (frequency, duration) steps (PATTERNS: in 100 Hz and 10 ms); frequency 0 is
a silent gap. beep() starts one (a new beep replaces the one playing); tick() switches
tones when a step's time is up.
"""
from base import ticks   # ticks_ms() values wrap at 2**30: compared and added there only

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

# each pattern: (frequency / 100 Hz, duration / 10 ms) byte pairs, one per step. Bytes, not
# tuples of pairs: the 22 tuples weighed 0.2 KB more in the board's heap (bench heap)
PATTERNS = {
    "illegal": bytes((20, 15, 0, 8, 20, 15)),             # two low buzzes: not allowed
    "commit": bytes((40, 4)),                              # one short blip: done
    "roll": bytes((30, 2, 0, 4, 30, 2, 0, 4, 30, 2)),      # dice rattle
    "alarm": bytes((27, 30, 0, 10, 27, 30, 0, 10, 27, 30)),
    "timeout": bytes((35, 15, 25, 15, 18, 30)),            # falling: time is up
}


class Buzzer:
    """A piezo on `pin` (a machine.Pin, a GPIO number, or a ready machine.PWM)."""
    # made by __init__, below
    pwm: Any
    volume: int                    # duty_u16 while sounding: 32768 (50 %) is the loudest
    enabled: bool                  # False: beep() stays silent (a "sound off" setting)
    playing: Any                   # name of the pattern playing, or None
    _steps: bytes
    _step: int
    _step_at: int

    def __init__(self, pin, volume=32768, enabled=True):
        if hasattr(pin, "duty_u16"):
            self.pwm = pin
        else:
            from machine import PWM, Pin
            self.pwm = PWM(Pin(pin, Pin.OUT) if isinstance(pin, int) else pin)
        self.volume = volume          # duty_u16 while sounding: 32768 (50 %) is the loudest
        self.enabled = enabled        # False: beep() stays silent (a "sound off" setting)
        self.playing = None           # name of the pattern playing, or None
        self._steps = PATTERNS["commit"]  # any pattern: nothing plays until beep()
        self._step = -1
        self._step_at = 0
        self.pwm.duty_u16(0)

    def beep(self, kind, now_ms=None):
        """Start pattern `kind`; returns False (and stays silent) for an unknown kind.

        With now_ms the first tone starts at once, else at the next tick().
        """
        steps = PATTERNS.get(kind)
        if steps is None or not self.enabled:
            return False
        self.playing = kind
        self._steps = steps
        self._step = -1
        if now_ms is not None:
            self._start(0, now_ms)
        return True

    def busy(self):
        return self.playing is not None

    def tick(self, now_ms):
        """Advance the pattern to time now_ms (call it from the main loop, every few ms)."""
        if self.playing is None:
            return
        if self._step < 0:
            self._start(0, now_ms)
            return
        # several steps may have ended since the last tick: walk through them in order
        while ticks.diff(now_ms, self._step_at) >= self._steps[2 * self._step + 1] * 10:
            at = ticks.add(self._step_at, self._steps[2 * self._step + 1] * 10)
            if 2 * self._step + 2 >= len(self._steps):
                self.off()
                return
            self._start(self._step + 1, at)

    def _start(self, step, at):
        self._step = step
        self._step_at = at
        f = self._steps[2 * step] * 100
        if f:
            self.pwm.freq(f)
            self.pwm.duty_u16(self.volume)
        else:
            self.pwm.duty_u16(0)

    def off(self):
        """Silence now and forget the pattern."""
        self.playing = None
        self._step = -1
        self.pwm.duty_u16(0)
