"""Positions: where the checkers of both sides stand, from the side on roll's view.

The layout is GNU Backgammon's, so that conversion is free:
  me[i]  = the player on roll's checkers on *its* point i+1 (i = 0..23), me[24] = its bar;
  opp[i] = the opponent's checkers on *its* point i+1,        opp[24] = its bar.
A player's point p is the opponent's point 25 - p. Borne-off = 15 - on board - on bar.
"""

BAR = 24          # index of the bar in me/opp
CHECKERS = 15

# The starting position of one side: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6.
_START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


class Position:
    """Both sides' checkers; `me` is the side on roll. Plain bytearrays: cheap on the Pico.
    Mutable and unhashable (see __hash__); equal when both sides' checkers are."""

    def __init__(self, me=None, opp=None):
        self.me = bytearray(me if me is not None else 25)
        self.opp = bytearray(opp if opp is not None else 25)

    @classmethod
    def start(cls):
        return cls(_START, _START)

    def copy(self):
        return Position(self.me, self.opp)

    def swapped(self):
        """The same position seen by the other player (who becomes `me`)."""
        return Position(self.opp, self.me)

    def off(self):
        """Checkers the side on roll has borne off."""
        return CHECKERS - sum(self.me)

    def opp_off(self):
        return CHECKERS - sum(self.opp)

    def key(self):
        """A bytes key identifying the position exactly (50 bytes): the key to keep
        positions in a set or a dict by (bg.ids.position_id is the shorter, GNU
        Backgammon's one)."""
        return bytes(self.me) + bytes(self.opp)

    def __eq__(self, other):
        return isinstance(other, Position) and self.me == other.me and self.opp == other.opp

    # Mutable (the board's scratch positions are refilled in place), so not hashable, like
    # python-chess's Board: a position changed after going into a set would vanish from
    # it. Key sets and dicts by key(). (mypy: object defines __hash__; None is the point.)
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self):
        return "Position(%r, %r)" % (list(self.me), list(self.opp))

    def pips(self):
        """Pip count of the side on roll (the bar counts 25)."""
        return pip_count(self.me)

    def opp_pips(self):
        return pip_count(self.opp)

    def validate(self, me_off=None, opp_off=None):
        """None when the position can occur, else a reason (code, points).

        Borne-off checkers are not on the board, so they are inferred (15 - board - bar);
        pass `me_off` / `opp_off` when they are known (a game record, the trays) and the
        totals are checked too. Codes: 'too_many_me' / 'too_many_opp' (more than 15 on
        board and bar), 'count_me' / 'count_opp' (board + bar + known off is not 15),
        'mixed' (both colours on one point; the points in the side on roll's numbering).
        """
        if sum(self.me) > CHECKERS:
            return ("too_many_me", ())
        if sum(self.opp) > CHECKERS:
            return ("too_many_opp", ())
        if me_off is not None and sum(self.me) + me_off != CHECKERS:
            return ("count_me", ())
        if opp_off is not None and sum(self.opp) + opp_off != CHECKERS:
            return ("count_opp", ())
        mixed = []
        for i in range(24):
            if self.me[i] and self.opp[23 - i]:
                mixed.append(i + 1)
        if mixed:
            return ("mixed", tuple(mixed))
        return None

    def is_valid(self):
        return self.validate() is None


def pip_count(side):
    """Pips a side still has to travel: sum of point number x checkers, bar = 25."""
    total = 0
    for i in range(25):
        if side[i]:
            total += (i + 1) * side[i]
    return total


def is_race(pos):
    """True when no contact remains: every checker of one side is past every checker of the other."""
    # The on-roll player's rearmost checker (highest point, bar = 25) ...
    my_back = 0
    for i in range(24, -1, -1):
        if pos.me[i]:
            my_back = i + 1
            break
    opp_back = 0
    for i in range(24, -1, -1):
        if pos.opp[i]:
            opp_back = i + 1
            break
    if not my_back or not opp_back:
        return True
    # Opponent checkers stand on our points >= 25 - opp_back; ours on points <= my_back.
    return my_back + opp_back <= 25
