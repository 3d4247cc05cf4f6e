"""Cube decisions from the net's probabilities: double or not, take, pass or beaver.

Probabilities are those of the side on roll (the doubler): w (wins), wg (wins a gammon
or more), wbg (backgammons), lg, lbg, as fractions (floats: nothing needs them bit-exact).

Money play: Janowski's cube-life model. With W = the mean points of a win and L those of
a loss (gammons included), the cubeless equity (dead cube) is E = w W - (1 - w) L; with
a fully live cube the equity is linear between the taker's take point
TP = (L - 1/2) / (W + L + 1/2) and the doubler's cash point CP = (L + 1) / (W + L + 1/2):
centred -1 .. +1 between them, owned by us -L at w = 0 up to +1 at CP, owned by them
-1 at TP up to W at w = 1. The cubeful equity is x * live + (1 - x) * dead, with the cube
life x = CUBE_LIFE (2/3, Janowski's usual value). No double / double-take (2 x the
equity with them owning the cube) / double-pass (+1) are compared: double when the
double is worth more than not (too good: the pass is worth less than playing on), take
when the take loses less than the pass, beaver (if allowed) when the taker, owning the
cube, is the favourite. With the Jacoby rule and a centred cube gammons do not count.

Match play: match winning chances from engine.met, with a dead cube: each outcome of the
game (win, gammon, backgammon, either side) moves the score by the cube value times 1, 2
or 3; no double in the Crawford game, none when the cube value already wins us the match;
after the Crawford game the trailer's double comes out of the same comparison (the
leader loses the same whatever the cube, so doubling only helps the trailer).
"""
from engine.met import mwc

CUBE_LIFE = 2.0 / 3.0
EPS = 1e-6


def _values(p):
    w, wg, wbg, lg, lbg = p
    w = min(max(w, EPS), 1.0 - EPS)
    W = (w + wg + wbg) / w
    L = ((1.0 - w) + lg + lbg) / (1.0 - w)
    return w, W, L


def money_equities(p, owner, x=CUBE_LIFE, jacoby=False):
    """Cubeful equity per unit of cube for the side on roll, cube `owner` "me", "them" or
    "centre"; p its five probabilities."""
    if jacoby and owner == "centre":
        p = (p[0], 0.0, 0.0, 0.0, 0.0)
    w, W, L = _values(p)
    dead = w * W - (1.0 - w) * L
    tp = (L - 0.5) / (W + L + 0.5)
    cp = (L + 1.0) / (W + L + 0.5)
    if owner == "me":
        live = 1.0 if w >= cp else -L + w * (L + 1.0) / cp
    elif owner == "them":
        live = -1.0 if w <= tp else -1.0 + (w - tp) * (W + 1.0) / (1.0 - tp)
    else:
        if w <= tp:
            live = -1.0
        elif w >= cp:
            live = 1.0
        else:
            live = -1.0 + 2.0 * (w - tp) / (cp - tp)
    return x * live + (1.0 - x) * dead


class Decision:
    """nd, dt, dp: equities (money, per unit of the current cube) or match winning
    chances of no double, double/take and double/pass, for the doubler. double: should
    it double; take: should the opponent take; beaver: should the opponent beaver."""

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
        if not self.double:
            if self.dp < self.dt and self.nd > self.dp:
                return "too good to double, pass"
            return "no double, take" if self.take else "no double, pass"
        if self.take:
            return "double, beaver" if self.beaver else "double, take"
        return "double, pass"


def money(p, owner="centre", beavers=False, jacoby=False, x=CUBE_LIFE):
    """The decision of the side on roll with the cube centred or its own (money play)."""
    if owner == "them":
        return Decision(0.0, 0.0, 1.0, False, True, why="the cube is the opponent's")
    nd = money_equities(p, owner, x, jacoby)
    dt = 2.0 * money_equities(p, "them", x)
    dp = 1.0
    take = dt < dp
    double = min(dt, dp) > nd
    beaver = beavers and take and dt < 0.0
    return Decision(nd, dt, dp, double, take, beaver)


def _match_chance(p, away, opp_away, cube, crawford_done):
    w, wg, wbg, lg, lbg = p
    m = mwc
    cd = crawford_done
    return ((w - wg) * m(away - cube, opp_away, cd) + (wg - wbg) * m(away - 2 * cube, opp_away, cd)
            + wbg * m(away - 3 * cube, opp_away, cd)
            + (1.0 - w - lg) * m(away, opp_away - cube, cd) + (lg - lbg) * m(away, opp_away - 2 * cube, cd)
            + lbg * m(away, opp_away - 3 * cube, cd))


def match(p, away, opp_away, cube=1, owner="centre", crawford=False, crawford_done=False):
    """The decision of the side on roll, `away` points from winning, against `opp_away`,
    the cube at `cube` (centred or its own), in match play."""
    nd = _match_chance(p, away, opp_away, cube, crawford_done)
    dp = mwc(away - cube, opp_away, crawford_done)
    if crawford:
        return Decision(nd, nd, dp, False, True, why="no double in the Crawford game")
    if owner == "them":
        return Decision(nd, nd, dp, False, True, why="the cube is the opponent's")
    if cube >= away:
        return Decision(nd, nd, dp, False, True, why="the cube already wins the match: dead")
    dt = _match_chance(p, away, opp_away, 2 * cube, crawford_done)
    take = dt < dp
    double = min(dt, dp) > nd
    return Decision(nd, dt, dp, double, take)
