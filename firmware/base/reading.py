"""What the hall sensors say about the board: colour and a count range per point and bar.

Points are numbered 1..24 from White's side (White moves 24 -> 1; Black's point q is
White's point 25 - q). For every point p:
  colour[p]  EMPTY, WHITE, BLACK, or MIXED (both colours seen: a fault is also listed)
  lo[p], hi[p]  the count is at least lo and at most hi; lo == hi when the sensors are sure.
    lo is also the most probable count (checkers fill the slots layer by layer).
bar_lo[c], bar_hi[c] for c in (WHITE, BLACK): checkers on the bar.
why[p] (1..24, 25 White's bar, 26 Black's): why a count is a range, when the reason is not a
  tall pile: WEAK a field weaker than a placed checker's (one held above the board, half on
  its slot: maybe there, never counted), FAULT a slot that cannot be read (bad bank or mux,
  a sensor out of range or frozen). A FAULT point is never filled in by inference.
faults: list of (code, detail): 'stuck', 'out_of_range', 'mux', 'mixed', 'too_many', 'drift'.
Uncertain counts are ranges, never guesses; faults are reported, never turned into moves.
"""

EMPTY = 0
WHITE = 1
BLACK = 2
MIXED = 3
CHECKERS = 15
WEAK = 1      # why[p]: see above
FAULT = 2


class Sensed:
    """One reading of the whole board; the scanner refills the same object every scan."""

    def __init__(self, n_points=24):
        self.n_points = n_points
        self.colour = bytearray(n_points + 1)   # index 0 unused
        self.lo = bytearray(n_points + 1)
        self.hi = bytearray(n_points + 1)
        self.bar_lo = bytearray(3)              # index WHITE, BLACK
        self.bar_hi = bytearray(3)
        self.why = bytearray(n_points + 3)     # 0, WEAK or FAULT per point and bar
        self.faults = []

    def certain(self, p):
        return self.lo[p] == self.hi[p] and self.colour[p] != MIXED

    def all_certain(self):
        for p in range(1, self.n_points + 1):
            if self.lo[p] != self.hi[p] or self.colour[p] == MIXED:
                return False
        return self.bar_lo[1] == self.bar_hi[1] and self.bar_lo[2] == self.bar_hi[2]

    def on_board(self, colour):
        """(at least, at most) checkers of `colour` on the points."""
        lo = hi = 0
        for p in range(1, self.n_points + 1):
            if self.colour[p] == colour:
                lo += self.lo[p]
                hi += self.hi[p]
        return lo, hi

    def off(self, colour):
        """Borne off, inferred: (at least, at most) = 15 - on the points - on the bar."""
        lo, hi = self.on_board(colour)
        lo += self.bar_lo[colour]
        hi += self.bar_hi[colour]
        return max(0, CHECKERS - hi), max(0, CHECKERS - lo)

    def count(self, p, colour):
        """The exact count of `colour` on point p, or None if it is uncertain or another colour."""
        c = self.colour[p]
        if c == EMPTY:
            return 0 if self.hi[p] == 0 else None
        if c != colour:
            return 0 if c != MIXED and self.lo[p] == self.hi[p] else None
        return self.lo[p] if self.lo[p] == self.hi[p] else None

    def copy_from(self, other):
        self.colour[:] = other.colour
        self.lo[:] = other.lo
        self.hi[:] = other.hi
        self.bar_lo[:] = other.bar_lo
        self.bar_hi[:] = other.bar_hi
        self.why[:] = other.why
        self.faults = list(other.faults)

    def same_as(self, other):
        return (self.colour == other.colour and self.lo == other.lo and self.hi == other.hi
                and self.bar_lo == other.bar_lo and self.bar_hi == other.bar_hi
                and self.why == other.why)

    def fault_points(self):
        """The points (25/26: the bars) that cannot be read because of a hardware fault."""
        return tuple(p for p in range(1, self.n_points + 3) if self.why[p] == FAULT)

    def fault_codes(self):
        return [f[0] for f in self.faults]

    def __repr__(self):
        # (the tests', the simulator's and the tools' logs, never a turn: reading_repr.py,
        # loaded for the call)
        from base import reading_repr
        return reading_repr.sensed_repr(self)
