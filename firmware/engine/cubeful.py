"""Cube decisions from the net's cubeless probabilities: double or not, take, pass or beaver,
for money play and at every match score.

Probabilities are those of the side on roll (the doubler), before its roll: w (wins), wg
(wins a gammon or more), wbg (backgammons), lg, lbg, as fractions (floats).

The model is Janowski's cube life (the method GNU Backgammon uses to turn a cubeless
evaluation into a cubeful one): the cubeful value is x * live + (1 - x) * dead, the dead
cube's value the cubeless one, the live cube's linear in w between the points where a
side cashes (its cash point: the opponent's take and pass are worth the same) or is too
good. x, the cube life, depends on the kind of position (`cube_life`): 0.76 with contact,
0.6 + pips / 400 in a race (the side on roll's pips; at most 0.8), 0.6 when both sides
are bearing off: the values GNU Backgammon's 0-ply cube decisions use (measured from the
`gnubg` package's hints: its no-double and double/take equities are those of these x,
to 0.003, on 40 contact and 30 race positions; tests/test_cube_gnubg.py). The board's
own cube (app/seatcube.py) uses X_BOARD with contact instead: its probabilities are the
board's nets', not gnubg's, and 0.70 is the contact cube life that lost the least equity
against gnubg 2-ply's decisions with the board's net's (fitted on a training split of
real-match positions: host_tools/benches/fit_cube.py); with the leaf net's (the normal and
strong levels since) 0.72 loses 0.0002 less a question there and the board's net 0.0010
more, so it stays (docs/engine.md, "The cube from the leaf net").

Money (per unit of the cube): W, L the mean points of a win and a loss, the take point
TP = (L - 1/2) / (W + L + 1/2), the cash point CP = (L + 1) / (W + L + 1/2). Jacoby: with
the cube centred, gammons count in neither the dead value nor past the window (the side
that gets there cashes). Beavers: the taker beavers when the take leaves it the favourite
(double/take <= 0); the doubler then does not double when the beavered cube (twice
double/take) is worse than no double. One roll ahead (app/seatcube.py, money) a leaf's
value is `leaf_equity`: the opponent on roll doubles there when that is its best (its
market losers, which Janowski's linear live cube misses), at cube life X_LEAF with
contact (fitted on fit_cube's training split: docs/engine.md, "The money cube one roll
ahead").

Match (match winning chances, from engine.met's Kazaross-XG2 table): the outcomes of the
game (a win, a gammon, a backgammon, either side, times the cube) each move the score;
the live cube's cash points at the score are found from the highest cube that is still
alive for both players down to the cube in play (a side's cash point at cube c is where
the opponent is indifferent between passing and taking a cube it will redouble at its
own cash point at 2c; when 2c is dead for either side, the dead cube's point, the
opponent's automatic redouble counted: a taker whose opponent a 2c cube gives the match
redoubles at once). The cube is not available in the Crawford game, to the leader after
it (the trailer's double: the leader's pass there is the free drop), to a player whom
the cube already gives the match (dead), nor when it is the opponent's; at 2-away
2-away and when the cube is dead for both the value is the dead cube's, as GNU
Backgammon's 0-ply.

Decision: double when double/take and double/pass are both worth at least no double;
take when double/take is below double/pass; too good when no double beats double/pass.
"""
from engine.met import mwc

CENTRE = "centre"
ME = "me"
THEM = "them"
X_CONTACT = 0.76
X_BOARD = 0.70            # the board's contact cube life (see the module's docstring)
X_LEAF = 0.78            # the contact cube life one roll ahead (money: `leaf_equity`)
X_BEAROFF = 0.6
X_RACE_MIN = 0.6
X_RACE_MAX = 0.8
CUBE_LIFE = X_CONTACT     # the former name (money play with contact)
EPS = 1e-7


def cube_life(me, opp, contact=X_CONTACT):
    """The cube life x for the side on roll of (me, opp) (25-point arrays from each
    side's own view, index 24 the bar), `contact` while the sides can still hit."""
    mb = ob = 0
    for i in range(24, -1, -1):
        if me[i]:
            mb = i + 1
            break
    for i in range(24, -1, -1):
        if opp[i]:
            ob = i + 1
            break
    if mb and ob and mb + ob > 25:
        return contact
    if mb <= 6 and ob <= 6:
        return X_BEAROFF
    pips = 0
    for i in range(25):
        pips += (i + 1) * me[i]
    x = 0.6 + 0.0025 * pips
    return X_RACE_MIN if x < X_RACE_MIN else (X_RACE_MAX if x > X_RACE_MAX else x)


class Decision:
    """nd, dt, dp: equities (money, per unit of the current cube) or match winning
    chances of no double, double/take and double/pass, for the doubler. double: should
    it double; take: should the opponent take; beaver: should the opponent beaver;
    why: the reason the cube is not available (else "")."""

    def __init__(self, nd, dt, dp, double, take, beaver=False, why=""):
        self.nd = nd
        self.dt = dt
        self.dp = dp
        self.double = double
        self.take = take
        self.beaver = beaver
        self.why = why

    def name(self):
        """GNU Backgammon's wording of the right cube action."""
        if self.why:
            return "no double (%s)" % self.why
        if not self.double:
            if self.nd > self.dp:
                return "too good to double, " + ("take" if self.take else "pass")
            return "no double, " + ("beaver" if self.beaver else "take" if self.take else "pass")
        if self.take:
            return "double, beaver" if self.beaver else "double, take"
        return "double, pass"


def _decide(nd, dt, dp, beavers=False):
    take = dt < dp
    beaver = beavers and take and dt <= 0.0
    double = dt >= nd and dp >= nd
    if double and beaver and 2.0 * dt < nd:
        double = False
    return Decision(nd, dt, dp, double, take, beaver)


# -- money ---------------------------------------------------------------------------

def money_equity(p, owner, x=X_CONTACT, jacoby=False):
    """Cubeful equity per unit of the cube for the side on roll, the cube centred, its
    own (ME) or the opponent's (THEM)."""
    w, wg, wbg, lg, lbg = p
    gammons = not (jacoby and owner == CENTRE)
    dead = 2.0 * w - 1.0
    if gammons:
        dead += wg - lg + wbg - lbg
    if w <= EPS or w >= 1.0 - EPS:
        return dead
    W = 1.0 + (wg + wbg) / w
    L = 1.0 + (lg + lbg) / (1.0 - w)
    tp = (L - 0.5) / (W + L + 0.5)
    cp = (L + 1.0) / (W + L + 0.5)
    if owner == CENTRE:
        if w < tp:
            live = -1.0 if jacoby else -L + (L - 1.0) * w / tp
        elif w < cp:
            live = -1.0 + 2.0 * (w - tp) / (cp - tp)
        else:
            live = 1.0 if jacoby else 1.0 + (W - 1.0) * (w - cp) / (1.0 - cp)
    elif owner == ME:
        if w < cp:
            live = -L + (1.0 + L) * w / cp
        else:
            live = 1.0 + (W - 1.0) * (w - cp) / (1.0 - cp)
    else:
        if w < tp:
            live = -L + (L - 1.0) * w / tp
        else:
            live = -1.0 + (W + 1.0) * (w - tp) / (1.0 - tp)
    return (1.0 - x) * dead + x * live


def leaf_equity(p, owner, x, jacoby=False):
    """Money equity per unit of the cube of the side on roll that may double (owner CENTRE
    or ME) at its best, no double or double (take or pass): a leaf of the board's look one
    roll ahead (app/seatcube.py), where the opponent's market losers are counted."""
    nd = money_equity(p, owner, x, jacoby)
    if owner == THEM:
        return nd
    dt = 2.0 * money_equity(p, THEM, x)
    return max(nd, dt if dt < 1.0 else 1.0)


def money(p, owner=CENTRE, beavers=False, jacoby=False, x=X_CONTACT):
    """The decision of the side on roll with the cube centred or its own (money play)."""
    nd = money_equity(p, owner, x, jacoby)
    if owner == THEM:
        return Decision(nd, nd, 1.0, False, True, why="the cube is the opponent's")
    return _decide(nd, 2.0 * money_equity(p, THEM, x), 1.0, beavers)


# -- match play ----------------------------------------------------------------------

def _rates(p):
    """(gammon, backgammon) shares of the wins of the side on roll, then of its losses."""
    w, wg, wbg, lg, lbg = p
    if w > 0.0:
        r0 = ((wg - wbg) / w, wbg / w)
    else:
        r0 = (0.0, 0.0)
    if w < 1.0:
        r1 = ((lg - lbg) / (1.0 - w), lbg / (1.0 - w))
    else:
        r1 = (0.0, 0.0)
    return r0, r1


def _won(a, b, pts, r, post):
    """MWC of the a-away side winning a game worth pts (single), gammon rate r."""
    g, bg = r
    return ((1.0 - g - bg) * mwc(a - pts, b, post) + g * mwc(a - 2 * pts, b, post)
            + bg * mwc(a - 3 * pts, b, post))


def _lost(a, b, pts, r, post):
    """MWC of the a-away side losing a game worth pts, the winner's gammon rates r."""
    g, bg = r
    return ((1.0 - g - bg) * mwc(a, b - pts, post) + g * mwc(a, b - 2 * pts, post)
            + bg * mwc(a, b - 3 * pts, post))


def cash_points(p, away, opp_away, cube, post):
    """The live cube's cash points (win chances of the side that cashes) of the side on
    roll and of its opponent at this score and cube."""
    rates = _rates(p)
    top = cube
    while away - 1 >= 2 * top and opp_away - 1 >= 2 * top:
        top *= 2
    above = [0.0, 0.0]      # the cash points at 2c (the top cube is dead: never read there)
    c = top
    while True:
        cp = [0.0, 0.0]
        for k in (0, 1):
            a, b = (away, opp_away) if k == 0 else (opp_away, away)
            dp = mwc(a - c, b, post)
            if away - 1 < 2 * c or opp_away - 1 < 2 * c:
                # the doubled cube is dead; the taker redoubles at once when 2c gives
                # the doubler the match and not the taker
                g = 4 * c if (a - 1 < 2 * c and b - 1 >= 2 * c) else 2 * c
                dtw = _won(a, b, g, rates[k], post)
                dtl = _lost(a, b, g, rates[1 - k], post)
                cp[k] = (dtl - dp) / (dtl - dtw)
            else:
                redouble_pass = mwc(a, b - 2 * c, post)
                dtw = _won(a, b, 2 * c, rates[k], post)
                cp[k] = 1.0 - above[1 - k] * (dp - dtw) / (redouble_pass - dtw)
        if c <= cube:
            return cp
        above = cp
        c //= 2


def match_equity(p, away, opp_away, cube=1, owner=CENTRE, crawford=False, x=X_CONTACT):
    """Cubeful match winning chance of the side on roll, away points from the match
    against opp_away, the cube at `cube` (CENTRE, ME or THEM)."""
    post = crawford or away == 1 or opp_away == 1
    w = p[0]
    r0, r1 = _rates(p)
    win = _won(away, opp_away, cube, r0, post)
    lose = _lost(away, opp_away, cube, r1, post)
    dead = w * win + (1.0 - w) * lose
    if crawford or (away <= cube and opp_away <= cube) or (away == 2 and opp_away == 2):
        return dead
    cp = cash_points(p, away, opp_away, cube, post)
    cash = mwc(away - cube, opp_away, post)
    opp_cash = mwc(away, opp_away - cube, post)
    if owner != ME:
        opp_tg = 1.0 - cp[1]
        if w <= opp_tg:
            live = lose + (opp_cash - lose) * w / opp_tg if opp_tg > 0.0 else lose
            return (1.0 - x) * dead + x * live
        if owner == THEM:
            live = opp_cash + (win - opp_cash) * (w - opp_tg) / (1.0 - opp_tg)
            return (1.0 - x) * dead + x * live
    tg = cp[0]
    if owner == CENTRE and w < tg:
        live = opp_cash + (cash - opp_cash) * (w - opp_tg) / (tg - opp_tg)
    elif owner == ME and w <= tg:
        live = lose + (cash - lose) * w / tg if tg > 0.0 else lose
    else:
        live = cash + (win - cash) * (w - tg) / (1.0 - tg) if tg < 1.0 else win
    return (1.0 - x) * dead + x * live


def unavailable(away, opp_away, cube, owner, crawford):
    """Why the side on roll may not double at this score ("" when it may)."""
    if crawford:
        return "the Crawford game"
    if owner == THEM:
        return "the cube is the opponent's"
    if away <= cube:
        return "the cube already wins the match: dead"
    if away == 1:
        return "the leader after the Crawford game"
    return ""


def match(p, away, opp_away, cube=1, owner=CENTRE, crawford=False, crawford_done=False,
          x=X_CONTACT):
    """The decision of the side on roll, `away` points from winning, against `opp_away`,
    the cube at `cube`, in match play: Decision in match winning chances.
    crawford_done: kept for callers; after the Crawford game is when a side is 1-away and
    this is not the Crawford game."""
    post = crawford or away == 1 or opp_away == 1
    dp = mwc(away - cube, opp_away, post)
    nd = match_equity(p, away, opp_away, cube, owner, crawford, x)
    why = unavailable(away, opp_away, cube, owner, crawford)
    if why:
        return Decision(nd, nd, dp, False, True, why=why)
    return _decide(nd, match_equity(p, away, opp_away, 2 * cube, THEM, crawford, x), dp)


def to_equity(v, away, opp_away, cube=1, crawford=False):
    """A match winning chance as GNU Backgammon's normalised money equity at this cube
    (-1 losing one cube, +1 winning it)."""
    post = crawford or away == 1 or opp_away == 1
    win = mwc(away - cube, opp_away, post)
    lose = mwc(away, opp_away - cube, post)
    return 2.0 * (v - lose) / (win - lose) - 1.0 if win > lose else 0.0


def decide(p, away, opp_away, cube=1, owner=CENTRE, crawford=False, beavers=False,
           jacoby=False, x=X_CONTACT):
    """One entry for both: money when away is 0, else the match at that score."""
    if not away:
        return money(p, owner, beavers, jacoby, x)
    return match(p, away, opp_away, cube, owner, crawford, x=x)
