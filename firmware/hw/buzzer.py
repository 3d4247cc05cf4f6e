"""Passive piezo buzzer on PWM: short tone patterns, played by tick(now_ms) without sleeping.

Hardware brief 5.2: a piezo disc on GP19, loudest near its 2..4 kHz resonance. A pattern
is a tuple of (frequency Hz, duration ms) steps; frequency 0 is a silent gap. beep() starts
one (a new beep replaces the one playing); tick() switches tones when a step's time is up.
"""
import ticks   # ticks_ms() values wrap at 2**30: compared and added there only

PATTERNS = {
    "illegal": ((2000, 150), (0, 80), (2000, 150)),          # two low buzzes: not allowed
    "commit": ((4000, 40),),                                  # one short blip: done
    "roll": ((3000, 20), (0, 40), (3000, 20), (0, 40), (3000, 20)),  # dice rattle
    "alarm": ((2700, 300), (0, 100), (2700, 300), (0, 100), (2700, 300)),
    "timeout": ((3500, 150), (2500, 150), (1800, 300)),       # falling: time is up
}


class Buzzer:
    """A piezo on `pin` (a machine.Pin, a GPIO number, or a ready machine.PWM)."""

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
        while ticks.diff(now_ms, self._step_at) >= self._steps[self._step][1]:
            at = ticks.add(self._step_at, self._steps[self._step][1])
            if self._step + 1 >= len(self._steps):
                self.off()
                return
            self._start(self._step + 1, at)

    def _start(self, step, at):
        self._step = step
        self._step_at = at
        f = self._steps[step][0]
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
