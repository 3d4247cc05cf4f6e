"""The player-chosen options of the board, with their allowed values and a compact encoding.

Each setting has a name, a tuple of allowed values and a default; the OLED menu cycles
through the values. Match settings (mode, length, cube, beavers, Jacoby) take effect at
the next new match; the clock mode at the next game; the rest at once.

The modes of seed 003 (`mode_of`, `cycle_mode`): A) single game ("Jeu unique", the
default): games one after another with the cube, the score counted game after game
(`money` = 1: no match length; beavers and Jacoby are its further options); B) blitz
("Jeu eclair"): the single game with the 30 s + 10 s clock; C) a match of `length`
points (3, 5 or 9 on the sheet; the other lengths stay) with the Crawford rule.

The cube (`cube_max`): a maximum of 2 to 64 (seeds 001 and 003 cap it at 32 and 64),
CUBE_NO_LIMIT (seed 000: "no limit to the redoubles"; 2**15, the largest cube GNU
Backgammon's match ID carries) or CUBE_OFF (seed 004: the cube is optional). The values
new in issue 11 are appended, so a byte saved before keeps its meaning.
"""

CLOCK_OFF = 0
CLOCK_STANDARD = 1   # 2-minute reserve, 20 s per turn (seed 003, "jeu unique")
CLOCK_BLITZ = 2      # 30 s reserve, 10 s per turn ("jeu eclair")

CUBE_NO_LIMIT = 1 << 15   # the match ID's largest cube: no limit in practice
CUBE_OFF = 0              # no cube at all

MODE_SINGLE = 0      # seed 003's A) "Jeu unique"
MODE_BLITZ = 1       # B) "Jeu eclair": the single game on the blitz clock
MODE_MATCH = 2       # C) a match with the Crawford rule

# name, allowed values, default. Booleans are 0/1. Order = menu order = byte order.
SPEC = (
    ("money", (0, 1), 1),           # 1: games without a match length (single game, blitz)
    ("length", (1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25), 5),
    ("cube_max", (2, 4, 8, 16, 32, 64, CUBE_NO_LIMIT, CUBE_OFF), 64),
    ("beavers", (0, 1), 0),
    ("jacoby", (0, 1), 0),
    ("clock", (CLOCK_OFF, CLOCK_STANDARD, CLOCK_BLITZ), CLOCK_STANDARD),
    ("auto_roll", (0, 1), 0),
    ("auto_finish", (0, 1), 0),
    ("reroll", (0, 1), 0),          # opening choice (seed 004): the winner keeps or rerolls
    ("brightness", (10, 25, 50, 75, 100), 50),   # percent of the LED cap
    ("lang", (0, 1), 0),            # 0 English, 1 French
    # issue 12: each decision graded after its commit (app/grading.py, docs/coach.md).
    # Appended: a snapshot keeps the first 11 bytes where they were (game/snapshot.py).
    # Issue 28's tutor: 2 also warns before a person's play is committed when it loses
    # 0.080 or more (a blunder), 3 from 0.020 (doubtful): game/table.py's _pressed.
    ("grading", (0, 1, 2, 3), 0),
)
NAMES = tuple(s[0] for s in SPEC)


def _default(name):
    for n, values, default in SPEC:
        if n == name:
            return default
    raise ValueError(name)


class Settings:
    """The options, as attributes named as in SPEC. Settings(length=5) is a 5-point match
    (a length given without `money` means match play); Settings() is the single game."""

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
        self.grading = _default("grading")
        if "length" in kw and "money" not in kw:
            self.money = 0          # a length asked for is a match, not the single game
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
        """0 for the single game (and blitz), else the match length."""
        return 0 if self.money else self.length

    def cube_enabled(self):
        return self.cube_max != CUBE_OFF

    def mode(self):
        """MODE_SINGLE, MODE_BLITZ or MODE_MATCH (seed 003)."""
        if not self.money:
            return MODE_MATCH
        return MODE_BLITZ if self.clock == CLOCK_BLITZ else MODE_SINGLE

    def cycle_mode(self):
        """The menu's Mode: single game -> blitz -> match -> single game. Blitz brings the
        blitz clock; leaving it brings the standard clock back (a clock set off stays off
        in the single game and the match)."""
        mode = self.mode()
        if mode == MODE_SINGLE:
            self.clock = CLOCK_BLITZ
        elif mode == MODE_BLITZ:
            self.money = 0
            self.clock = CLOCK_STANDARD
        else:
            self.money = 1
            if self.clock == CLOCK_BLITZ:
                self.clock = CLOCK_STANDARD
        return self.mode()

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
