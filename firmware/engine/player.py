"""The board as a player: choose a play at a level, and the probabilities for the cube.

Levels: "easy" (PubEval, Tesauro's linear evaluator), "normal" (the net, 0-ply: the
result with the best equity for the mover; with the leaf net's file on the flash, the best
few of those valued again by the leaf net, engine/deepleaf.py, the best of them played),
"strong" (the net, 1-ply: the best few
0-ply candidates are looked at again through every opponent roll, each answered by
the opponent's own best 0-ply play; a candidate's score is the mean of that 1-ply value
and its 0-ply value). Every equity is an integer (1/65536 of a point), so
a level chooses the same play on CPython and on the Pico.

`tick`: a function called every TICK_EVERY evaluations while the engine thinks (the
board's scan runs there); None for none. `piece`: think() yields after this many results
of a walk the net evaluates (0: after whole walks only), for a caller that must not block
that long (the web page: pure Python under WebAssembly evaluates ~250-1000 positions a
second, docs/web.md).
"""
from engine.net import Evaluator, P_ONE, back_py
from engine.search import Walker

LEVELS = ("easy", "normal", "strong")
# the engine's tick every this many evaluations (about 0.65 ms of the Pico's at 200 MHz): the
# seat's App.think_tick runs a part of a scan at each while one is begun (one begun each
# app.loop.THINK_SCAN_MS; 8 parts a scan in the charger profile, 14 on a computer port, one
# bank at a time: at a tick every 2 evaluations those 14 outlasted the 15 ms and the scan's
# last waits were slept, 0.35 s more on the widest 1-1) and serves the players once per
# THINK_SLICE_MS
TICK_EVERY = 1
CANDIDATES = 4                    # strong: at most this many plays looked at again ...
MARGIN = P_ONE * 16 // 100        # ... and only those within 0.16 of the best at 0-ply
# (normal, with the leaf net: the same best CANDIDATES within MARGIN are valued again, each
# 7/8 by the leaf net's 0-ply value and 1/8 by the board's net's: _rerank)
WORST = -(1 << 30)


def __getattr__(name):
    """ROLLS, the 21 distinct rolls (a, b), a <= b, as a tuple (the host's tools and tests),
    made when asked: as a module constant its 22 tuples held 0.46 KB of the board's heap
    (issue 10); the strong level walks the rolls with two ranges, allocating nothing."""
    if name == "ROLLS":
        return tuple((a, b) for a in range(1, 7) for b in range(a, 7))
    raise AttributeError(name)


def contact_free(me, opp):
    """No contact left (bg.position.is_race on two boards): every checker of one side is
    past every checker of the other."""
    my_back = back_py(me)
    opp_back = back_py(opp)
    return not my_back or not opp_back or my_back + opp_back <= 25


def won_value(opp):
    """What the side that just bore off its last checker wins (in 1/65536): 1, 2 for a
    gammon (the loser has none off), 3 for a backgammon (and a checker on the bar or in
    the winner's home board, the loser's points 19..24)."""
    if sum(opp) < 15:
        return P_ONE
    for i in range(18, 25):
        if opp[i]:
            return 3 * P_ONE
    return 2 * P_ONE


def _pubeval_unloaded(me, opp, race):
    raise ValueError("PubEval is not loaded")


class Engine:
    # the strong level's buffers, None until its first think (_make_cands; for mypy: their
    # types once made)
    cand_pos: bytearray
    cand_path: bytearray
    cand_n: bytearray
    cand_hits: bytearray
    cand_score: list

    def __init__(self, weights, viper=None, leaf=None, flash=None):
        # flash: where the weights files may be read in place (base/inflash.py: None the
        # Pico's flash if there is one; False never; the tests' littlefs otherwise)
        self.flash = flash
        self.ev = Evaluator(weights, viper, flash)
        # the strong level's leaf net (engine/deepleaf.py): its file beside the weights
        # unless named (False: none), made at the first strong think if the file is there
        if leaf is None:
            leaf = weights[:weights.rfind("/") + 1] + "leafnet.bin"
        self.leaf_path = leaf
        self.leaf = None
        self.deep_fault = None    # why the leaf net is not used (its file damaged...), or None
        # the cube's bear-off table (engine/bearoff.py) beside the weights, and why it is
        # not used (damaged: app/seatcube.py), or None
        self.bearoff_path = weights[:weights.rfind("/") + 1] + "bearoff.bin"
        self.cube_fault = None
        self.walker = Walker()
        self.tick = None
        self.race_before = False
        self.opp_back = 0
        self.level_easy = False
        self.best = WORST
        self.best_path = bytearray(8)
        self.best_n = 0
        self.best_hits = 0
        # strong level: the candidates' results (50 bytes each), plays and 0-ply scores,
        # made at its first think (_make_cands: the normal level never needs their 0.4 KB)
        self.cand_pos = None      # type: ignore[assignment]
        self.cand_path = None     # type: ignore[assignment]
        self.cand_n = None        # type: ignore[assignment]
        self.cand_hits = None     # type: ignore[assignment]
        self.cand_score = None    # type: ignore[assignment]
        self.ncand = 0
        self.cand_floor = WORST   # the worst candidate's score once CANDIDATES are kept
        self.leaf_tried = False   # the leaf net's file looked for (at the first net think)
        self.keep_cands = False
        self._visit_top = self._top
        self.reply_visit = None   # the strong level's visit of the replies (engine/oneply.py)
        self.pubeval_score = _pubeval_unloaded   # engine.pubeval's, imported when easy first plays
        self.result = None        # think()'s answer
        self.total = 0
        self.reply = WORST
        # think() in pieces of `piece` results of a walk (0: whole walks): engine/pieces.py,
        # loaded at the first walk in pieces (the web page's; never on the board)
        self.piece = 0
        self.walked = 0           # the last walk's answer (how many dice the plays use)

    # -- evaluation ---------------------------------------------------------------------
    def _after(self, me, opp, race, hit):
        """0-ply value for the side that just moved to (me, opp). race: the position
        before the play had no contact (then none after); hit: the play hit (then
        contact remains). Else the mover's rearmost checker against the opponent's
        (unchanged by a play that does not hit: self.opp_back) decides."""
        ev = self.ev
        if not race:
            # (race holds the rearmost checker's point for a moment: a local less keeps this
            # frame within the 11 words MicroPython puts on the C stack; called at every
            # evaluation, it was allocated on the heap: host_tools/benches/mpy_frames.py)
            race = ev.back(me)
            if race == 0:
                return won_value(opp)
            race = not hit and race + self.opp_back <= 25
        elif sum(me) == 0:
            return won_value(opp)
        if ev.count % TICK_EVERY == 0 and self.tick is not None:
            self.tick()
        if race == ev.root_race:
            return -ev.equity_near(opp, me)
        return -ev.equity(opp, me, race)

    def probs(self, me, opp):
        """The net's five probabilities (0..65535) for the side on roll of (me, opp)."""
        return self.ev.probs(me, opp, contact_free(me, opp))

    # -- the top-level walk ------------------------------------------------------------
    def _top(self, w):
        if self.level_easy:
            s = self.pubeval_score(w.me, w.opp, self.race_before)
        else:
            s = self._after(w.me, w.opp, self.race_before, w.hitbits & ((1 << w.nsteps) - 1))
        if s > self.best:
            self.best = s
            self.best_path[:] = w.path
            self.best_n = w.nsteps
            self.best_hits = w.hitbits
        # (a result below the best so far less MARGIN can never be a candidate, nor one no
        # better than the worst of a full set: most of a wide roll's results, whose call
        # cost the widest 1-1 about 0.3 s of the Pico's estimate)
        if self.keep_cands and s > self.cand_floor and s >= self.best - MARGIN:
            self._keep_candidate(w, s)

    def _make_cands(self):
        self.cand_pos = bytearray(50 * CANDIDATES)
        self.cand_path = bytearray(8 * CANDIDATES)
        self.cand_n = bytearray(CANDIDATES)
        self.cand_hits = bytearray(CANDIDATES)
        self.cand_score = [WORST] * CANDIDATES

    def _keep_candidate(self, w, s):
        # (s is above self.cand_floor, the worst kept score once the set is full: _top)
        k = self.ncand
        sc = self.cand_score
        if k == CANDIDATES:
            k = 0
            for i in range(1, CANDIDATES):
                if sc[i] < sc[k]:
                    k = i
        else:
            self.ncand += 1
        sc[k] = s
        if self.ncand == CANDIDATES:
            f = sc[0]
            for i in range(1, CANDIDATES):
                if sc[i] < f:
                    f = sc[i]
            self.cand_floor = f
        b = 50 * k
        self.cand_pos[b:b + 25] = w.me
        self.cand_pos[b + 25:b + 50] = w.opp
        self.cand_path[8 * k:8 * k + 8] = w.path
        self.cand_n[k] = w.nsteps
        self.cand_hits[k] = w.hitbits

    def choose(self, me, opp, d1, d2, level="normal"):
        """The play of (d1, d2) for the side on roll: ((from, to), ...), (hit, ...)), or
        None when no play is legal."""
        for _ in self.think(me, opp, d1, d2, level):
            pass
        return self.result

    def leaf_net(self):
        """The leaf net (self.leaf), made at the first call when its file is there: the first
        think of the normal or strong level, or a cube question of theirs before any
        (app/seatcube.py: the same net, never a second copy); None without its file or with
        it damaged (deep_fault)."""
        if not self.leaf_tried:
            self.leaf_tried = True
            if self.leaf_path and self.leaf is None:
                import os
                try:
                    os.stat(self.leaf_path)
                    from engine import deepleaf      # (only when its file is there)
                    deepleaf.attach(self, contact_free)
                except OSError:
                    pass
        return self.leaf

    def think(self, me, opp, d1, d2, level="normal"):
        """choose() in pieces, for the board's seat: a generator that yields (None) between
        pieces of work, so that the caller's loop (asyncio) runs its other tasks; when it
        stops, self.result holds what choose() returns. Pieces: one walk of the roll (the
        normal and easy levels: up to 2,226 evaluations; `tick` is still called every
        TICK_EVERY of them inside it; the normal level's few leaves follow in the same
        piece, the tick at each), then for the strong level one opponent roll of one
        candidate at a time (a walk of up to a few hundred evaluations)."""
        if level not in LEVELS:
            raise ValueError("level must be one of easy, normal, strong: %r" % (level,))
        self.result = None
        self.race_before = contact_free(me, opp)
        self.opp_back = back_py(opp)
        self.level_easy = level == "easy"
        if self.level_easy and self.pubeval_score is _pubeval_unloaded:
            from engine import pubeval
            self.pubeval_score = pubeval.score
        strong = level == "strong"
        if not self.level_easy:
            self.leaf_net()           # the leaf net, at the first think of the net's levels
        self.keep_cands = strong or (self.leaf is not None and not self.level_easy)
        if self.keep_cands and self.cand_pos is None:
            self._make_cands()
        if not self.level_easy:
            self.ev.set_root(opp, me, self.race_before)
        self.best = WORST
        self.ncand = 0
        self.cand_floor = WORST
        if self.piece and not self.level_easy:
            # (PubEval is a hundred times cheaper than the net: the widest roll's whole walk
            # is one short piece, and walking it again per piece would cost more)
            from engine.pieces import walk_pieces
            for _ in walk_pieces(self, me, opp, d1, d2, self._visit_top):
                yield None
        else:
            self.walked = self.walker.walk(me, opp, d1, d2, self._visit_top)
        if not self.walked:
            return
        if strong and self.ncand > 1:
            yield None
            from engine import oneply     # (the strong level's code: not in a normal board's heap)
            for _ in oneply.pieces(self, self.best - MARGIN, contact_free, won_value):
                yield None
        elif self.keep_cands and self.ncand > 1:
            self._rerank()
        w = self.walker
        w.path[:] = self.best_path
        w.nsteps = self.best_n
        w.hitbits = self.best_hits
        self.result = w.play()

    # -- normal with the leaf net: the best few again ----------------------------------
    def _rerank(self):
        """Of the candidates (the best CANDIDATES at the board's 0-ply within MARGIN of the
        best), the one with the best 7/8 of the leaf net's 0-ply value (the opponent on roll;
        a race or a game won: the board's net's) and 1/8 of the board's net's: on 3,000
        real-match moves judged at 2-ply it loses 0.00428 a move against the board's net's
        0.00667, the leaf net's value alone 0.00452, gnubg 0-ply 0.00290 (docs/engine.md).
        A flash error on the way: the board's net's choice stands (the leaf net dropped,
        said in Engine.deep_fault)."""
        leaf = self.leaf
        if leaf is None:
            return
        try:
            leaf.open()
        except OSError as e:
            leaf.fault(self, e)
            return
        top = self.best
        best = WORST
        pick = -1
        try:
            for k in range(self.ncand):
                s = self.cand_score[k]
                if s < top - MARGIN:
                    continue
                b = 50 * k
                v = leaf.candidate(self, bytes(self.cand_pos[b:b + 25]),
                                   bytes(self.cand_pos[b + 25:b + 50]), s)
                if self.leaf is None:
                    return              # (the flash refused the file: the walk's best stands)
                v = (7 * v + s) // 8
                if v > best:
                    best = v
                    pick = k
        finally:
            leaf.close()
        self.best = best
        self.best_path[:] = self.cand_path[8 * pick:8 * pick + 8]
        self.best_n = self.cand_n[pick]
        self.best_hits = self.cand_hits[pick]
