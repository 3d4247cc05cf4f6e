"""The walk over every legal play of a roll, step by step through bg.steps's rule: the move
generator (bg.movegen) and the engine's walker (engine.search) are this walk with their own
way of keeping results. Apart from bg.steps so that the judge, on the running board, does
not load it.
"""
from bg.steps import landing, lowest_source, outside


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
        self.outside = 0             # ours outside the home board at the start of the walk
        self.dice = bytearray(4)
        self.double = False
        self.target = 0
        self.visiting = False
        self.visit = _probing
        self.lows = bytearray(4)     # the lowest source at each depth of _run's walk

    def _leaf(self):
        self.nsteps = self.target
        self.visit(self)

    def _start(self, me, opp):
        self.me[:] = me
        self.opp[:] = opp
        self.outside = outside(me)

    def _run(self, d0, d1, d2, d3, n, double, visiting):
        """One pass over the dice d0..d3 (n of them to play, n >= 1): the probe (visiting
        False: how many dice can be played, stopping at the first play of n) or the visit
        (_leaf at the end of every play of n steps).

        Depth first, as a loop over the depth k with its state in place, not as a
        recursion: a MicroPython frame of more than about 11 words is allocated on the heap,
        and the 4 frames of a double's recursion were 0.6 KB of the Pico's heap at the
        deepest point of the engine's think (the board in a seat's peak, issue 10). Step k
        is path[2k], path[2k + 1] (from, to) and bit k of `hits`; the position's hash h
        and our checkers outside the home board `out` are kept as the steps are made and
        taken back; lows[k] is the lowest source at depth k."""
        dice = self.dice
        dice[0] = d0
        dice[1] = d1
        dice[2] = d2
        dice[3] = d3
        self.double = double
        self.target = n
        self.visiting = visiting
        me = self.me
        opp = self.opp
        path = self.path
        lows = self.lows
        last = n - 1
        h = 0
        out = self.outside
        hits = 0
        best = 0                     # the most dice played so far (rule 4's count)
        k = 0
        d = d0
        lo = lowest_source(me)
        lows[0] = lo
        p = 24 if lo == 1 else 25
        while True:
            if p >= lo:
                if not me[p - 1]:
                    p -= 1
                    continue
                to = p - d
                if to > 0:
                    # landing()'s board case inlined (a point of 2 or more of theirs is
                    # closed): the hottest line of the engine's search, where a call per
                    # step cost 9 % of a walk. Bear-off steps ask landing() itself.
                    if opp[24 - to] >= 2:
                        p -= 1
                        continue
                else:
                    to = landing(me, opp, p, d, out)
                    if to < 0:
                        p -= 1
                        continue
                # make step k (apply_step, inlined with the hash and the outside count)
                me[p - 1] -= 1
                h += HM[to] - HM[p]      # HM[0]: borne off
                if to:
                    me[to - 1] += 1
                    oi = 24 - to
                    if opp[oi]:
                        opp[oi] = 0
                        opp[24] += 1
                        h += HO[24] - HO[oi]
                        hits |= 1 << k
                    if p > 6 and to <= 6:
                        out -= 1
                path[2 * k] = p
                path[2 * k + 1] = to
                if k < last:             # the next die: a double's starts at this source
                    k += 1
                    if k > best:
                        best = k
                    d = dice[k]
                    lo = lowest_source(me)
                    lows[k] = lo
                    if not double or (lo == 1 and p > 24):
                        p = 24 if lo == 1 else 25
                    continue
                best = n                 # a full play
                if visiting:
                    self.h = h
                    self.hitbits = hits
                    self._leaf()
                else:
                    # probing: one full-length play is enough. Every depth is made done
                    # (no source at or above 26): the loop takes each step back and ends
                    lo = 26
                    for j in range(k):
                        lows[j] = 26
            else:                        # depth k is done: back to step k - 1
                if k == 0:
                    break
                k -= 1
                p = path[2 * k]
                to = path[2 * k + 1]
                d = dice[k]
                lo = lows[k]
            # take step k back, then try the next source at depth k
            me[p - 1] += 1
            h -= HM[to] - HM[p]
            if to:
                me[to - 1] -= 1
                if hits & (1 << k):
                    oi = 24 - to
                    opp[24] -= 1
                    opp[oi] = 1
                    h -= HO[24] - HO[oi]
                    hits ^= 1 << k
                if p > 6 and to <= 6:
                    out += 1
            p -= 1
        self.visiting = False
        return best

    def walk(self, me, opp, d1, d2, visit):
        """Reach _leaf (by default: call visit(self)) at the end of every legal play of
        (d1, d2) for the side on roll (`me`; `opp` from its own side): d1 first, then d2
        first. Returns how many dice the plays use (0: no legal play, nothing visited)."""
        self._start(me, opp)
        self.visit = visit
        # (the probe and the visit call _run itself: a wrapper's frame would be one more
        # in the heap at the think's deepest point, the board in a seat's peak)
        if d1 == d2:
            n = self._run(d1, d1, d1, d1, 4, True, False)
            if n:
                self._run(d1, d1, d1, d1, n, True, True)
            return n
        n = self._run(d1, d2, 0, 0, 2, False, False)
        if n < 2:
            m = self._run(d2, d1, 0, 0, 2, False, False)
            if m > n:
                n = m
        if n == 2:
            self._run(d1, d2, 0, 0, 2, False, True)
            self._run(d2, d1, 0, 0, 2, False, True)
        elif n == 1:
            # rule 4: only one die can be played: the larger one if it can be
            hi = d1 if d1 > d2 else d2
            if self._run(hi, 0, 0, 0, 1, False, False):
                self._run(hi, 0, 0, 0, 1, False, True)
            else:
                self._run(d1 + d2 - hi, 0, 0, 0, 1, False, True)
        return n

    def play(self):
        """The current play as ((from, to), ...) and the hit flags (allocates: for the
        chosen play only)."""
        moves = []
        hits = []
        for k in range(self.nsteps):
            moves.append((self.path[2 * k], self.path[2 * k + 1]))
            hits.append(bool(self.hitbits & (1 << k)))
        return tuple(moves), tuple(hits)
