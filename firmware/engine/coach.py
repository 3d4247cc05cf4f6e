"""The coach: how much equity a play or a cube action lost against the engine's best, the
luck of a roll, and hints (the best plays of a roll, best first).

Built on the engine's public parts (engine.net's Evaluator, engine.search's Walker,
engine.player's helpers, engine.cubeful), at the normal level: the net at 0-ply. A play is
valued as Engine.choose values it (the mover's cubeless money equity after the play, the
opponent on roll), so the coach's best play is the normal level's play, in the same
integers (1/65536 of a point): CPython and the Pico agree to the unit.

Grades (Backgammon Galaxy's thresholds): fine, doubtful (at least 0.020 lost), blunder
(at least 0.080). Luck of a roll: the equity after the best play of the roll rolled minus
the mean of that over the 36 rolls (21 walks: about 21 times a hint's time).

Cube actions are judged by engine.cubeful (floats; money: equity per unit of the cube,
match: match winning chances at the match's score, turned into equity as GNU Backgammon
does, 2 dMWC / (MWC winning one cube - MWC losing one cube); see LIVE_AWAY); their losses are rounded to the same integers (on the Pico's 32-bit floats
a loss can differ from the PC's by a unit).

The coach shares the engine's walker and evaluator: it must not run while Engine.choose
runs (the board runs both from its one loop, one after the other).
"""
from engine.net import P_ONE
from engine.player import ROLLS, contact_free, WORST
from engine.hint import Hints, milli, KEEP  # noqa: F401 (milli, KEEP: the coach's names too)

FINE = 0
DOUBTFUL = 1
BLUNDER = 2
GRADE_NAMES = ("fine", "doubtful", "blunder")
DOUBTFUL_MILLI = 20      # thousandths of a point: Backgammon Galaxy's "doubtful"
BLUNDER_MILLI = 80       # ... and "blunder"


def grade(loss):
    """FINE, DOUBTFUL or BLUNDER for a loss in 1/65536 of a point (integer comparisons:
    0.020 is 1310.72 units, so 1311 is the first doubtful loss)."""
    if loss * 1000 >= BLUNDER_MILLI * P_ONE:
        return BLUNDER
    if loss * 1000 >= DOUBTFUL_MILLI * P_ONE:
        return DOUBTFUL
    return FINE


class PlayGrade:
    """One graded play. best, played: the mover's equity after the engine's best play and
    after the play made; loss = best - played (>= 0); plays: distinct results of the roll
    (1: forced, which GNU Backgammon's error rate leaves out); grade: FINE..BLUNDER."""

    def __init__(self, best, played, plays):
        self.best = best
        self.played = played
        self.loss = best - played
        self.plays = plays
        self.grade = grade(self.loss)


class CubeGrade:
    """One graded cube action. kind: "double" (the doubler's choice, doubled or not) or
    "answer" (take, beaver or pass); action: what was done ("double", "no double", "take",
    "pass"); right: the right action; loss in 1/65536 (equity: money, or match equity turned
    into equity); close: GNU Backgammon would count it (an actual double or answer, an error,
    or a no-double within 0.16 of doubling); decision: the cubeful.Decision."""

    def __init__(self, kind, action, right, loss, close, decision):
        self.kind = kind
        self.action = action
        self.right = right
        self.loss = loss
        self.close = close
        self.grade = grade(loss)
        self.decision = decision


def _units(x):
    return int(x * P_ONE + 0.5) if x >= 0 else -int(-x * P_ONE + 0.5)


# Match play is judged at the match's score by engine.cubeful.match (Kazaross-XG2, the
# live cube's cash points at the score), in match winning chances turned into equity.
# Before it (a dead-cube model), the money model judged early scores; LIVE_AWAY kept that
# choice: 0, the match model at every score (the default now); n > 0, the money model
# while both players are more than n away (not the Crawford game).
LIVE_AWAY = 0
CLOSE = 0.16    # GNU Backgammon's isCloseCubedecision: doubling loses less than this


class Coach(Hints):
    # Grading runs while the next player rolls and moves, and nobody waits for it: it
    # scans every 4 evaluations (about 2 ms of the Pico's time between two scans), so the
    # board reads that player's checkers nearly as often as when idle (BENCHMARKS.md,
    # coach); a luck takes longer, which nobody sees before the review.
    tick_every = 4

    def __init__(self, engine, keep=KEEP):
        Hints.__init__(self, engine, keep)
        self.live_away = LIVE_AWAY
        self.reply = WORST
        self._visit_best = self._best_visit

    # -- values ------------------------------------------------------------------------
    def _stay(self, me, opp):
        """The mover's equity when the roll cannot be played (the turn passes)."""
        return -self.ev.equity(opp, me, contact_free(me, opp))


    def _best_visit(self, w):
        v = self._value(w)
        if v > self.reply:
            self.reply = v


    # -- grading -----------------------------------------------------------------------
    def grade_play(self, me, opp, d1, d2, after_me, after_opp):
        """PlayGrade of the play that led from (me, opp) (the mover's view) to (after_me,
        after_opp) with (d1, d2); None when the roll had no legal play. ValueError when
        the result is not one of the roll's legal results."""
        if not self._walk_keep(me, opp, d1, d2, (bytearray(after_me), bytearray(after_opp))):
            return None
        if self.found == WORST:
            raise ValueError("the play is not a legal play of %d-%d" % (d1, d2))
        return PlayGrade(self.top_value[0], self.found, self.walker.visited)

    def best_value(self, me, opp, d1, d2):
        """The mover's equity after its best play of (d1, d2) (the turn passing when none)."""
        self._root(me, opp)
        self.reply = WORST
        if self.walker.walk(me, opp, d1, d2, self._visit_best):
            return self.reply
        return self._stay(me, opp)

    def luck(self, me, opp, d1, d2, rolled_best=None):
        """The luck of rolling (d1, d2) for the side on roll: the best play's equity with it
        minus the mean of the best over the 36 rolls (1/65536; rolled_best: that roll's
        best value when known, saving one walk)."""
        total = 0
        got = rolled_best
        for a, b in ROLLS:
            if got is not None and ((a == d1 and b == d2) or (a == d2 and b == d1)):
                v = got
            else:
                v = self.best_value(me, opp, a, b)
                if (a == d1 and b == d2) or (a == d2 and b == d1):
                    got = v
            total += v if a == b else 2 * v
        return (36 * got - total) // 36

    def luck_job(self, me, opp, d1, d2, rolled_best=None):
        """The luck of (d1, d2) a walk at a time, for the board's loop: call step() until it
        returns True, then read .value (the same integer as luck())."""
        return LuckJob(self, me, opp, d1, d2, rolled_best)

    # -- the cube ----------------------------------------------------------------------
    def cube_decision(self, me, opp, cube):
        """engine.cubeful's Decision for the side on roll of (me, opp) (the doubler).
        cube: a CubeState (engine.review) seen from that side: value, owner "centre", "me"
        or "them", the match length and the two aways, Crawford, Jacoby, beavers."""
        from engine import cubeful      # the cube's code only for cube decisions (not hints)
        o = self.engine.probs(me, opp)
        p = (o[0] / P_ONE, o[1] / P_ONE, o[2] / P_ONE, o[3] / P_ONE, o[4] / P_ONE)
        x = cubeful.cube_life(me, opp)
        if not cube.length:
            return cubeful.money(p, cube.owner, cube.beavers, cube.jacoby, x), p
        if self.live_away and cube.away > self.live_away and cube.opp_away > self.live_away \
                and not cube.crawford:
            return cubeful.money(p, cube.owner, x=x), p
        return cubeful.match(p, cube.away, cube.opp_away, cube.value, cube.owner,
                             cube.crawford, x=x), p

    def _scale(self, cube):
        """Equity per unit of match winning chance at this cube (2 / (MWC(win) - MWC(lose)))."""
        if not cube.length or (self.live_away and cube.away > self.live_away
                               and cube.opp_away > self.live_away and not cube.crawford):
            return 1.0
        from engine.met import mwc
        post = cube.crawford or cube.away == 1 or cube.opp_away == 1
        win = mwc(cube.away - cube.value, cube.opp_away, post)
        lose = mwc(cube.away, cube.opp_away - cube.value, post)
        return 2.0 / (win - lose) if win > lose else 0.0

    def grade_double(self, me, opp, cube, doubled):
        """CubeGrade of the doubler's choice (doubled True or False) for the side on roll
        before its roll; the cube must be available to it."""
        d, _ = self.cube_decision(me, opp, cube)
        s = self._scale(cube)
        double_eq = min(d.dt, d.dp)
        if doubled:
            loss = 0.0 if d.double else (d.nd - double_eq) * s
        else:
            loss = (double_eq - d.nd) * s if d.double else 0.0
        loss_u = max(0, _units(loss))
        close = doubled or loss_u > 0 or (double_eq - d.nd) * s > -CLOSE
        return CubeGrade("double", "double" if doubled else "no double",
                         "double" if d.double else "no double", loss_u, close, d)

    def grade_answer(self, me, opp, cube, took):
        """CubeGrade of the answer (took True: take or beaver; False: pass) to a double by
        the side on roll of (me, opp); cube as before the double, from the doubler's side.
        The loss is the taker's."""
        d, _ = self.cube_decision(me, opp, cube)
        s = self._scale(cube)
        if took:
            loss = (d.dt - d.dp) * s if d.dt > d.dp else 0.0
        else:
            loss = (d.dp - d.dt) * s if d.dt < d.dp else 0.0
        loss_u = max(0, _units(loss))
        return CubeGrade("answer", "take" if took else "pass", "take" if d.take else "pass",
                         loss_u, True, d)


class LuckJob:
    """Coach.luck in 21 steps (one walk each): the board runs one step per turn of its loop
    so that the scan goes on between them."""

    def __init__(self, coach, me, opp, d1, d2, rolled_best=None):
        self.coach = coach
        self.me = bytes(me)
        self.opp = bytes(opp)
        self.d1 = d1
        self.d2 = d2
        self.got = rolled_best
        self.total = 0
        self.k = 0
        self.value = None

    def step(self):
        """One roll's walk; True when the luck is known (then in .value)."""
        if self.value is not None:
            return True
        a, b = ROLLS[self.k]
        rolled = (a == self.d1 and b == self.d2) or (a == self.d2 and b == self.d1)
        if rolled and self.got is not None:
            v = self.got
        else:
            v = self.coach.best_value(self.me, self.opp, a, b)
            if rolled:
                self.got = v
        self.total += v if a == b else 2 * v
        self.k += 1
        if self.k == len(ROLLS):
            self.value = (36 * self.got - self.total) // 36
            return True
        return False
