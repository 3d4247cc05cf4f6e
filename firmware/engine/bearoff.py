"""Exact win chances in a small bear-off, for the cube (app/seatcube.py).

In a bear-off (no contact, every checker of both sides in its home board, each side with
at least one checker off, so no gammon) the game is two independent races to bear off:
each side's chance of needing exactly k more rolls, its play of each roll the one that
needs the fewest rolls on average (GNU Backgammon's one-sided bear-off database's rule),
gives the side on roll's win chance exactly: sum over k of P(it needs k) * P(the opponent
needs k or more) (GNU Backgammon 2-ply's to 0.001 in such positions). The board's net is
least right in bear-offs (its win chance off gnubg 2-ply's by 4.8 points, standard
deviation, on fit_cube's training split, against 3.2 with contact; by 30 points with four
checkers on the ace against three on the ace and deuce), so the cube takes these answers
instead.

Computed on demand, nothing tabled, only when both sides have at most PIPS pips: each
side's positions reachable from the question's (6 counts packed 4 bits a point into one
int; 113 at most at 15 pips), their mean rolls to bear off in 1/65536 (small ints), then
the chance of each number of rolls by carrying the position's chance forward roll by roll.
About 30 ms of the unix port at 15 pips against 15.
"""
ONE = 65536
SURE = 1 << 28      # a certainty in chances(): sums stay small ints on the Pico
FAR = 1 << 29       # more rolls than any position needs (in 1/ONE)
PIPS = 15           # a small bear-off: at most this many pips a side (113 positions)


def home(side):
    """The 6 home-board counts of a 25-point array (index 24 the bar) packed 4 bits a
    point, or None when a checker is outside the home board, none is off or the pips are
    more than PIPS."""
    for i in range(6, 25):
        if side[i]:
            return None
    n = 0
    pips = 0
    key = 0
    for i in range(6):
        n += side[i]
        pips += (i + 1) * side[i]
        key |= side[i] << (4 * i)
    return key if 0 < n < 15 and pips <= PIPS else None


def _steps(key, d, out):
    """Add to `out` every position one die d leads to from `key` (bear-off rules: off
    from point d, or from the highest point when d is higher)."""
    if not key:
        if 0 not in out:
            out.append(0)
        return
    top = 5
    while not (key >> (4 * top)) & 15:
        top -= 1
    for i in range(top + 1):
        if (key >> (4 * i)) & 15:
            if i + 1 > d:
                k = key - (1 << (4 * i)) + (1 << (4 * (i - d)))
            elif i + 1 == d or i == top:
                k = key - (1 << (4 * i))
            else:
                continue
            if k not in out:
                out.append(k)


def _plays(key, a, b):
    """The positions a roll (a, b) leads to (every order of the dice, four steps for a
    double; a die is always playable in a bear-off)."""
    now = [key]
    for d in ((a, a, a, a) if a == b else (a, b)):
        nxt = []  # type: list
        for k in now:
            _steps(k, d, nxt)
        now = nxt
    if a != b:
        now2 = [key]
        for d in (b, a):
            nxt = []
            for k in now2:
                _steps(k, d, nxt)
            now2 = nxt
        for k in now2:
            if k not in now:
                now.append(k)
    return now


class _Side:
    """One side's race to bear off: mean rolls of each reachable position (memo)."""

    def __init__(self):
        self.mean = {0: 0}

    def rolls(self, key):
        """Mean rolls to bear off from key, in 1/ONE."""
        m = self.mean
        if key in m:
            return m[key]
        acc = 0
        for a in range(1, 7):
            for b in range(a, 7):
                best = FAR
                for k in _plays(key, a, b):
                    r = self.rolls(k)
                    if r < best:
                        best = r
                acc += best if a == b else 2 * best
        m[key] = ONE + acc // 36
        return m[key]

    def best(self, key, a, b):
        best = None
        for k in _plays(key, a, b):
            if best is None or self.mean[k] < self.mean[best]:
                best = k
        return best

    def chances(self, key):
        """[P(exactly k rolls)] for k = 0, 1, ..., in 1/SURE (small ints, no float in the
        loop), the plays the fewest rolls."""
        out = [0]
        now = {key: SURE}
        while now:
            nxt = {}  # type: dict
            off = 0
            for k, p in now.items():
                for a in range(1, 7):
                    for b in range(a, 7):
                        c = self.best(k, a, b)
                        q = p // 36 if a == b else p // 18
                        if c:
                            nxt[c] = nxt.get(c, 0) + q
                        else:
                            off += q
            out.append(off)
            now = nxt
        return out


def _needs(key):
    """[P(exactly k rolls)] of one side from key (see _Side.chances)."""
    s = _Side()
    s.rolls(key)
    return s.chances(key)


def probabilities(me, opp):
    """The side on roll's five probabilities (w, 0, 0, 0, 0: no gammon is left) in a small
    bear-off of (me, opp), else None (see the module's docstring)."""
    km = home(me)
    ko = home(opp)
    if km is None or ko is None:
        return None
    pm = _needs(km)         # one side's memo at a time: the heap holds one
    po = _needs(ko)
    w = 0.0
    left = SURE         # the opponent needs k rolls or more
    for k in range(1, len(pm)):
        left -= po[k - 1] if k - 1 < len(po) else 0
        w += float(pm[k]) * left
    return (w / SURE / SURE, 0.0, 0.0, 0.0, 0.0)
