"""The step rule, once: where one checker may go with one die, and the walk over every
sequence of such steps that the move generator, the judge and the engine's walker share.

Rules (the numbers are those of the rule sheet):
  3. each die is one step; a point held by two or more opposing checkers is closed;
     landing on a blot hits it (the caller applies the hit);
  5. while a checker is on the bar, nothing else moves; the bar (25) enters on 25 - die;
  6. bear-off only with all fifteen home; a die bears off from its own point, or from the
     highest occupied point when no checker stands higher.
Rule 4 (as many dice as possible, else the larger die) is a property of whole plays:
StepWalk.walk applies it; the judge applies it to the boards it judges.

Boards are GNU Backgammon's two 25-byte arrays from the mover's view (bg.position):
me[p - 1] holds our checkers on our point p (me[24] the bar), opp[24 - p] the opponent's
on that same point. Checking a step reads two or three bytes; nothing is allocated.
"""

NO = -1           # landing(): the rules forbid this step
OFF = 0
BAR_POINT = 25


def landing(me, opp, p, d, outside):
    """Where a checker of ours on point p (25 = bar) lands with die d: 1..24, OFF (0), or
    NO. The caller knows a checker stands on p and that p may move (lowest_source), and
    passes `outside`, how many of ours are outside the home board (points 7..25)."""
    to = p - d
    if to > 0:
        return NO if opp[24 - to] >= 2 else to       # a closed point
    if outside:
        return NO                                      # bear-off before all are home
    if to < 0:
        # a larger die bears off only from the highest occupied point
        q = p
        while q < 6:
            if me[q]:
                return NO
            q += 1
    return OFF


def lowest_source(me):
    """The lowest point a checker may leave from: the bar only while one is on it."""
    return BAR_POINT if me[24] else 1


def outside(me):
    """Our checkers outside the home board (points 7..24 and the bar)."""
    n = 0
    for i in range(6, 25):
        n += me[i]
    return n


def can_step(me, opp, p, d):
    """landing() for a single question (a checker on p? may p move?): the landing point or
    NO. Counts `outside` itself: for loops, track it and call landing()."""
    if p < lowest_source(me) or not me[p - 1]:
        return NO
    return landing(me, opp, p, d, outside(me))


def landing_relaxed(me, opp, p, d, outside_n, relax):
    """landing() with rules lifted, to name the rule a board breaks (bg.judge's diagnosis):
    relax bit 1 lifts closed points, bit 4 the bear-off rules (bit 2, bar first, is the
    caller's: it widens the sources)."""
    to = p - d
    if to > 0:
        return to if relax & 1 else landing(me, opp, p, d, outside_n)
    if relax & 4:
        return OFF
    return landing(me, opp, p, d, outside_n)


def apply_step(me, opp, frm, to):
    """Move one checker of `me` from point `frm` to point `to` (0 = off), hitting a blot.

    Returns True when the step hit. Does not check legality (landing() does)."""
    me[frm - 1] -= 1
    if to > 0:
        me[to - 1] += 1
        oi = 24 - to
        if opp[oi] == 1:
            opp[oi] = 0
            opp[24] += 1
            return True
    return False


def take_back(me, opp, frm, to, hit):
    """Undo apply_step (hit: what it returned)."""
    if hit:
        opp[24] -= 1
        opp[24 - to] = 1
    if to:
        me[to - 1] -= 1
    me[frm - 1] += 1


def _hash_table(seed, n):
    """n pseudo-random 26-bit constants (a fixed LCG). 26 bits: a position hash adds at
    most 8 differences of them (4 steps, 4 hits), so it stays below 2**29, a small int on
    the Pico's 32-bit MicroPython (31-bit small ints: larger sums would allocate)."""
    out = []
    x = seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(x >> 5)
    return tuple(out)


# Additive hash of a position relative to the start of a walk: a checker of ours on point
# p (0 = off, 25 = bar) weighs HM[p], an opposing checker at its index i weighs HO[i].
HM = _hash_table(2718, 26)
HO = _hash_table(3141, 25)


def _probing(walk):
    pass


class StepWalk:
    """Every legal play of a roll, depth-first, in place over two 25-byte boards.

    walk(me, opp, d1, d2, visit) calls visit(self) at the end of every play of the legal
    length (rule 4), with the position in self.me / self.opp (still from the mover's view),
    the play in self.path (self.nsteps (from, to) pairs), self.hitbits (bit k: step k hit)
    and self.h, the position's additive hash (HM, HO) relative to the start. A result
    reached by several plays is visited once per play: subclasses override _leaf to keep
    results apart (bg.movegen exactly, engine.search by hash). Non-doubles walk both die
    orders, doubles take sources from high to low, so each play is made once per order.

    Which plays are legal needs the whole roll first, so a first, cheap pass (probe) finds
    how many dice can be played, stopping at the first full-length play, and the second
    visits only plays of that length (and, for one die of a non-double, of the die that
    must be used). All buffers are made once; a walk allocates nothing but small ints."""

    def __init__(self):
        self.me = bytearray(25)
        self.opp = bytearray(25)
        self.path = bytearray(8)
        self.nsteps = 0
        self.hitbits = 0
        self.h = 0
        self.outside = 0
        self.dice = bytearray(4)
        self.double = False
        self.target = 0
        self.visiting = False
        self.visit = _probing

    def _step(self, depth, src_hi, h, out, hits):
        """Try every legal step for die `depth` (depth < target: callers never start a
        0-step walk). Probe (not self.visiting): return the most dice playable from here,
        stopping early at the target. Visit: reach _leaf for every play of exactly
        `target` steps. h, out, hits: the position's hash, our checkers outside the home
        board, and the hit bits of the steps so far (arguments, not attributes: cheaper)."""
        d = self.dice[depth]
        me = self.me
        opp = self.opp
        path = self.path
        full = depth + 1 == self.target
        visiting = self.visiting
        again = self.double          # a double's next step starts at this source or lower
        bit = 1 << depth
        best = depth
        lo = lowest_source(me)
        if lo == 1 and src_hi > 24:
            src_hi = 24
        p = src_hi
        while p >= lo:
            if not me[p - 1]:
                p -= 1
                continue
            to = landing(me, opp, p, d, out)
            if to < 0:
                p -= 1
                continue
            # apply the step (apply_step, inlined with the hash and the outside count)
            me[p - 1] -= 1
            c = 0
            o = out
            hb = hits
            if to:
                me[to - 1] += 1
                oi = 24 - to
                c = opp[oi]
                dh = HM[to] - HM[p]
                if c:
                    opp[oi] = 0
                    opp[24] += 1
                    dh += HO[24] - HO[oi]
                    hb = hits | bit
                if p > 6 and to <= 6:
                    o = out - 1
            else:
                dh = HM[0] - HM[p]
            path[2 * depth] = p
            path[2 * depth + 1] = to
            if full:                     # a full play: no call just to find that out
                r = depth + 1
                if visiting:
                    self.h = h + dh
                    self.hitbits = hb
                    self._leaf()
            else:
                r = self._step(depth + 1, p if again else 25, h + dh, o, hb)
            if c:
                opp[24] -= 1
                opp[oi] = 1
            if to:
                me[to - 1] -= 1
            me[p - 1] += 1
            if r > best:
                best = r
                if best == self.target and not visiting:
                    return best          # probing: one full-length play is enough
            p -= 1
        return best

    def _leaf(self):
        self.nsteps = self.target
        self.visit(self)

    def _start(self, me, opp):
        self.me[:] = me
        self.opp[:] = opp
        self.outside = outside(me)

    def _probe(self, d0, d1, d2, d3, n, double):
        dice = self.dice
        dice[0] = d0
        dice[1] = d1
        dice[2] = d2
        dice[3] = d3
        self.double = double
        self.target = n
        self.visiting = False
        return self._step(0, 25, 0, self.outside, 0)

    def _visit_all(self, d0, d1, d2, d3, n, double):
        dice = self.dice
        dice[0] = d0
        dice[1] = d1
        dice[2] = d2
        dice[3] = d3
        self.double = double
        self.target = n
        self.visiting = True
        self._step(0, 25, 0, self.outside, 0)
        self.visiting = False

    def walk(self, me, opp, d1, d2, visit):
        """Reach _leaf (by default: call visit(self)) at the end of every legal play of
        (d1, d2) for the side on roll (`me`; `opp` from its own side): d1 first, then d2
        first. Returns how many dice the plays use (0: no legal play, nothing visited)."""
        self._start(me, opp)
        self.visit = visit
        if d1 == d2:
            n = self._probe(d1, d1, d1, d1, 4, True)
            if n:
                self._visit_all(d1, d1, d1, d1, n, True)
            return n
        n = self._probe(d1, d2, 0, 0, 2, False)
        if n < 2:
            m = self._probe(d2, d1, 0, 0, 2, False)
            if m > n:
                n = m
        if n == 2:
            self._visit_all(d1, d2, 0, 0, 2, False)
            self._visit_all(d2, d1, 0, 0, 2, False)
        elif n == 1:
            # rule 4: only one die can be played: the larger one if it can be
            hi = d1 if d1 > d2 else d2
            if self._probe(hi, 0, 0, 0, 1, False):
                self._visit_all(hi, 0, 0, 0, 1, False)
            else:
                self._visit_all(d1 + d2 - hi, 0, 0, 0, 1, False)
        return n

    def max_dice(self, me, opp, dice):
        """The most dice of `dice` (a tuple: one to four dice, several only as a double's
        rest or a non-double's two) playable from (me, opp); stops at the first full play."""
        n = len(dice)
        if not n:
            return 0
        self._start(me, opp)
        a = dice[0]
        if n == 1:
            return self._probe(a, 0, 0, 0, 1, False)
        b = dice[1]
        if a == b:
            return self._probe(a, a, a, a, n, True)
        got = self._probe(a, b, 0, 0, 2, False)
        if got < 2:
            m = self._probe(b, a, 0, 0, 2, False)
            if m > got:
                got = m
        return got

    def play(self):
        """The current play as ((from, to), ...) and the hit flags (allocates: for the
        chosen play only)."""
        moves = []
        hits = []
        for k in range(self.nsteps):
            moves.append((self.path[2 * k], self.path[2 * k + 1]))
            hits.append(bool(self.hitbits & (1 << k)))
        return tuple(moves), tuple(hits)


_counter = None


def max_dice(me, opp, dice):
    """StepWalk.max_dice on one walker kept for the purpose (made at the first call)."""
    global _counter
    if _counter is None:
        _counter = StepWalk()
    return _counter.max_dice(me, opp, dice)
