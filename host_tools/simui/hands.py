"""A player's hands on the simulated wooden board: lift, place, hit, bear off, set up.

Points are given in a colour's own numbering (GNU Backgammon's: 1..24, 25 = bar, 0 = off);
the physical board (physboard) is in White's numbering. Checkers lifted and not yet put
down are "in hand"; borne-off checkers are counted here (the board has no tray sensor).
Every refusal is a ValueError whose text is shown to the user.
"""
import board_config as cfg

WHITE, BLACK = 1, 2
START = {24: 2, 13: 5, 8: 3, 6: 5}       # each side's start, in its own numbering
NAME = {WHITE: "White", BLACK: "Black"}


def other(colour):
    return BLACK if colour == WHITE else WHITE


def white_point(colour, p):
    """White's number of `colour`'s point p (1..24)."""
    return p if colour == WHITE else 25 - p


class Hands:
    def __init__(self, board):
        self.board = board
        self.hand = []                     # colours of the checkers held, last lifted last
        self.off = {WHITE: 0, BLACK: 0}

    # ------------------------------------------------------------ looking
    def counts(self):
        """{White's point: (white, black)} for 1..24."""
        return dict((p, self.board.counts(p)) for p in range(1, cfg.N_POINTS + 1))

    def bar(self, colour):
        st = self.board._stacks            # physboard keeps the two bar strips after the points
        n = cfg.N_POINTS
        return sum(1 for c in st[n] if c == colour) + sum(1 for c in st[n + 1] if c == colour)

    def on(self, colour, p):
        """Checkers of `colour` on its own point p (25 = bar)."""
        if p == 25:
            return self.bar(colour)
        w, b = self.board.counts(white_point(colour, p))
        return w if colour == WHITE else b

    # ------------------------------------------------------------ single actions
    def lift(self, colour, p):
        """Lift one checker of `colour` from its point p (25 = the bar) into the hand."""
        _check_point(p, allow_bar=True)
        if p == 25:
            if not self.bar(colour):
                raise ValueError("no %s checker on the bar" % NAME[colour])
            # from its own strip first, else from the other one
            strip = colour if self.board._stacks[cfg.N_POINTS - 1 + colour].count(colour) else other(colour)
            stack = self.board._stacks[cfg.N_POINTS - 1 + strip]
            i = len(stack) - 1 - bytes(reversed(stack)).index(colour)
            stack[i:i + 1] = b""
            self.board._dirty = True
        else:
            q = white_point(colour, p)
            w, b = self.board.counts(q)
            if not (w + b):
                raise ValueError("no checker on point %d" % p)
            top = self.board._stacks[q - 1][-1]
            if top != colour:
                raise ValueError("the checker on top of point %d is %s's" % (p, NAME[top]))
            colour = self.board.lift(q)
        self.hand.append(colour)
        return colour

    def lift_off(self, colour):
        """Take a borne-off checker of `colour` back from its tray into the hand."""
        if not self.off[colour]:
            raise ValueError("no %s checker in the tray" % NAME[colour])
        self.off[colour] -= 1
        self.hand.append(colour)
        return colour

    def take_from_hand(self, colour=None):
        if not self.hand:
            raise ValueError("nothing in hand: lift a checker first")
        if colour is None:
            return self.hand.pop()
        for i in range(len(self.hand) - 1, -1, -1):
            if self.hand[i] == colour:
                return self.hand.pop(i)
        raise ValueError("no %s checker in hand" % NAME[colour])

    def place(self, view, p, colour=None):
        """Put a checker from the hand on `view`'s point p (25 = its bar, 0 = off the board)."""
        _check_point(p, allow_bar=True, allow_off=True)
        c = self.take_from_hand(colour)
        if p == 0:
            self.off[c] += 1
        elif p == 25:
            self.board.place_bar(c, c)
        else:
            self.board.place(white_point(view, p), c)
        return c

    # ------------------------------------------------------------ compound moves
    def hit_if_blot(self, colour, to):
        """Before `colour` lands on its point `to`: a lone opposing checker goes to its bar.
        Returns True when it hit."""
        if not 1 <= to <= 24:
            return False
        opp = other(colour)
        q = white_point(colour, to)
        w, b = self.board.counts(q)
        mine, theirs = (w, b) if colour == WHITE else (b, w)
        if theirs == 1 and mine == 0:
            self.board.lift(q)
            self.board.place_bar(opp, opp)
            return True
        return False

    def set_start(self):
        """Both sides' start position on the board; hands and trays emptied."""
        white = [0] * 26
        black = [0] * 26
        for p in START:
            white[p] = START[p]
            black[25 - p] = START[p]
        self.board.set_position_counts(white, black)
        self.hand = []
        self.off = {WHITE: 0, BLACK: 0}

    def set_counts(self, white, black):
        """Checkers per White point (0..25, 25 = bar) for each colour; off = the rest."""
        self.board.set_position_counts(white, black)
        self.hand = []
        self.off = {WHITE: 15 - sum(white[1:26]), BLACK: 15 - sum(black[1:26])}

    def clear(self):
        self.board.clear()
        self.hand = []
        self.off = {WHITE: 15, BLACK: 15}

    def position_of(self, colour):
        """(me, opp) bytearrays of 25 in `colour`'s view, as bg.position.Position wants."""
        me = bytearray(25)
        opp = bytearray(25)
        for q in range(1, cfg.N_POINTS + 1):
            w, b = self.board.counts(q)
            if colour == WHITE:
                me[q - 1], opp[24 - q] = w, b
            else:
                me[24 - q], opp[q - 1] = b, w
        me[24] = self.bar(colour)
        opp[24] = self.bar(other(colour))
        return me, opp


def _check_point(p, allow_bar=False, allow_off=False):
    if not isinstance(p, int):
        raise ValueError("a point is a number 1..24%s" % (", bar" if allow_bar else ""))
    lo = 0 if allow_off else 1
    hi = 25 if allow_bar else 24
    if not lo <= p <= hi:
        raise ValueError("no point %d (points are 1..24%s%s)" % (p, ", bar" if allow_bar else "",
                                                               ", off" if allow_off else ""))
