"""The player-chosen options of the board, with their allowed values and a compact encoding.

Each setting has a name, a tuple of allowed values and a default; the OLED menu cycles
through the values. Match settings (money, length, cube maximum, beavers, Jacoby) take
effect at the next new match; the clock mode at the next game; the rest at once.
"""

CLOCK_OFF = 0
CLOCK_STANDARD = 1   # 2-minute reserve, 20 s per turn (seed 003, "jeu unique")
CLOCK_BLITZ = 2      # 30 s reserve, 10 s per turn ("jeu eclair")

# name, allowed values, default. Booleans are 0/1. Order = menu order = byte order.
SPEC = (
    ("money", (0, 1), 0),
    ("length", (1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25), 5),
    ("cube_max", (2, 4, 8, 16, 32, 64), 64),
    ("beavers", (0, 1), 0),
    ("jacoby", (0, 1), 0),
    ("clock", (CLOCK_OFF, CLOCK_STANDARD, CLOCK_BLITZ), CLOCK_STANDARD),
    ("auto_roll", (0, 1), 0),
    ("auto_finish", (0, 1), 0),
    ("reroll", (0, 1), 0),          # opening: the winner rolls both dice again
    ("brightness", (10, 25, 50, 75, 100), 50),   # percent of the LED cap
    ("lang", (0, 1), 0),            # 0 English, 1 French
)
NAMES = tuple(s[0] for s in SPEC)


def _default(name):
    for n, values, default in SPEC:
        if n == name:
            return default
    raise ValueError(name)


class Settings:
    """The options, as attributes named as in SPEC."""

    def __init__(self, **kw):
        self.money = _default("money")
        self.length = _default("length")
        self.cube_max = _default("cube_max")
        self.beavers = _default("beavers")
        self.jacoby = _default("jacoby")
        self.clock = _default("clock")
        self.auto_roll = _default("auto_roll")
        self.auto_finish = _default("auto_finish")
        self.reroll = _default("reroll")
        self.brightness = _default("brightness")
        self.lang = _default("lang")
        for name in kw:
            self.set(name, kw[name])

    def set(self, name, value):
        for n, values, default in SPEC:
            if n == name:
                if value not in values:
                    raise ValueError("setting %s: %r is not one of %r" % (name, value, values))
                setattr(self, name, value)
                return
        raise ValueError("no setting named %r" % (name,))

    def cycle(self, name):
        """Move `name` to its next allowed value (wrapping) and return it."""
        for n, values, default in SPEC:
            if n == name:
                i = values.index(getattr(self, name))
                self.set(name, values[(i + 1) % len(values)])
                return getattr(self, name)
        raise ValueError("no setting named %r" % (name,))

    def match_length(self):
        """0 for money play, else the match length."""
        return 0 if self.money else self.length

    def copy(self):
        return Settings.from_bytes(self.to_bytes())

    def to_bytes(self):
        """One byte per setting: the index of its value in SPEC."""
        return bytes(SPEC[i][1].index(getattr(self, SPEC[i][0])) for i in range(len(SPEC)))

    @classmethod
    def from_bytes(cls, data):
        if len(data) != len(SPEC):
            raise ValueError("settings: expected %d bytes, got %d" % (len(SPEC), len(data)))
        s = cls()
        for i in range(len(SPEC)):
            name, values, default = SPEC[i]
            if data[i] >= len(values):
                raise ValueError("settings: bad value for %s" % name)
            setattr(s, name, values[data[i]])
        return s

    def __eq__(self, other):
        return isinstance(other, Settings) and self.to_bytes() == other.to_bytes()
