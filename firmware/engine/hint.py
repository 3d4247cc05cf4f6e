"""The engine's best plays of a roll for the side on roll, best first: the Hint (app/hints.py)
and the walk the coach grades a play with (engine/coach.py's Coach builds on this class).

Kept apart from the grading, the luck and the cube (engine/coach.py) so that a hint loads
only this: the board's heap is tight (docs/coach.md, "the hint in the test heap").

A play is valued as Engine.choose values it at the normal level (the net at 0-ply, the
mover's cubeless money equity after the play with the opponent on roll), in 1/65536 of a
point: CPython and the Pico agree to the unit. It shares the engine's walker and evaluator:
it must not run while Engine.choose runs.
"""
from engine.net import P_ONE, back_py
from engine.player import contact_free, won_value, WORST
from engine.search import CAP

FULL = CAP * 3 // 4     # the walker visits repeated results past this many (engine/search.py)
KEEP = 3                 # best plays kept by a walk (hints: best, second, third)


def milli(units):
    """Thousandths of a point, rounded, for an equity in 1/65536 (what the OLED shows)."""
    if units < 0:
        return -((-units * 1000 + P_ONE // 2) // P_ONE)
    return (units * 1000 + P_ONE // 2) // P_ONE


class Hints:
    # the engine's tick every this many evaluations: a hint is asked for and waited for,
    # so it is served as a seat's think is (engine.player.TICK_EVERY; App.think_tick)
    tick_every = 4

    def __init__(self, engine, keep=KEEP):
        self.engine = engine
        self.ev = engine.ev
        self.walker = engine.walker
        self.keep = keep
        # the best `keep` results of the last walk: value, play path (8 bytes), steps, hits
        self.top_value = [WORST] * keep
        self.top_path = bytearray(8 * keep)
        self.top_n = bytearray(keep)
        self.top_hits = bytearray(keep)
        self.ntop = 0
        self.race = False
        self.opp_back = 0
        # the result looked for by the coach's grading (None: none), and its value once met
        self.target_me = None
        self.target_opp = None
        self.found = WORST
        self._visit_keep = self._keep_visit

    # -- values ------------------------------------------------------------------------
    def _root(self, me, opp):
        self.race = contact_free(me, opp)
        self.opp_back = back_py(opp)
        self.ev.set_root(opp, me, self.race)

    def _value(self, w):
        """The mover's 0-ply equity after the play in walker w (as Engine._after)."""
        me = w.me
        opp = w.opp
        ev = self.ev
        race = self.race
        if not race:
            b = ev.back(me)
            if b == 0:
                return won_value(opp)
            race = not (w.hitbits & ((1 << w.nsteps) - 1)) and b + self.opp_back <= 25
        elif sum(me) == 0:
            return won_value(opp)
        tick = self.engine.tick
        if tick is not None and ev.count % self.tick_every == 0:
            tick()
        if race == ev.root_race:
            return -ev.equity_near(opp, me)
        return -ev.equity(opp, me, race)

    def _keep_visit(self, w):
        v = self._value(w)
        if self.target_me is not None and w.me == self.target_me and w.opp == self.target_opp:
            self.found = v
        n = self.ntop
        if n == self.keep and v <= self.top_value[n - 1]:
            return
        if w.nused >= FULL:
            # past the walker's set of distinct results a result can come again: one with
            # the value of a kept play is taken for it (a hint never shows a play twice)
            for k in range(n):
                if self.top_value[k] == v:
                    return
        # insert in order, best first (ties keep the first visited, as Engine.choose)
        k = n if n < self.keep else n - 1
        while k > 0 and self.top_value[k - 1] < v:
            if k < self.keep:
                self.top_value[k] = self.top_value[k - 1]
                self.top_path[8 * k:8 * k + 8] = self.top_path[8 * k - 8:8 * k]
                self.top_n[k] = self.top_n[k - 1]
                self.top_hits[k] = self.top_hits[k - 1]
            k -= 1
        self.top_value[k] = v
        self.top_path[8 * k:8 * k + 8] = w.path
        self.top_n[k] = w.nsteps
        self.top_hits[k] = w.hitbits
        if n < self.keep:
            self.ntop = n + 1

    def _walk_keep(self, me, opp, d1, d2, target=None):
        self._root(me, opp)
        self.ntop = 0
        for k in range(self.keep):
            self.top_value[k] = WORST
        self.target_me = None if target is None else target[0]
        self.target_opp = None if target is None else target[1]
        self.found = WORST
        n = self.walker.walk(me, opp, d1, d2, self._visit_keep)
        self.target_me = self.target_opp = None
        return n

    def top_play(self, k):
        """The k-th best play of the last hint or grade walk: ((from, to), ...), (hit, ...)
        and its equity; allocates (for the plays shown only)."""
        moves = []
        hits = []
        p = self.top_path
        for s in range(self.top_n[k]):
            moves.append((p[8 * k + 2 * s], p[8 * k + 2 * s + 1]))
            hits.append(bool(self.top_hits[k] & (1 << s)))
        return tuple(moves), tuple(hits), self.top_value[k]

    # -- hints -------------------------------------------------------------------------
    def hint(self, me, opp, d1, d2):
        """How many best plays of (d1, d2) for the side on roll are kept (up to keep; 0 when
        no play is legal); top_play(0) is the engine's normal-level play, top_play(1) the
        second best, ..."""
        if not self._walk_keep(me, opp, d1, d2):
            return 0
        return self.ntop
