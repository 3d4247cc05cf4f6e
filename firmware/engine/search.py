"""Walk the legal plays of a roll one at a time, without listing them.

bg.movegen.legal_plays stores every play (about 38 KB for the 2,226 plays of a 1-1 in
an open position): too big a block for the running board. The Walker makes the same
plays (rules 3 to 6 of the rule sheet, as movegen) depth-first in place over two 25-byte
boards, and calls `visit(walker)` once per distinct resulting position, with the
position in walker.me / walker.opp (still from the mover's view) and the play in
walker.path (walker.nsteps (from, to) pairs; walker.hitbits bit k: step k hit).

Which plays are legal needs the whole roll first (play as many dice as possible; with
one die of a non-double, the larger if it can be played), so a first, cheap pass finds
how many dice can be played (stopping at the first full-length play), and the second
pass visits only plays of that length (and, for one die, of the die that must be used).

Distinct results: a set of 30-bit position hashes in one preallocated array (open
addressing, CAP slots). A result whose hash is already there is not visited again. When
the set is three-quarters full (rolls with over CAP*3/4 distinct results) later results
are visited even if repeated: the caller only keeps the best, so a repeat costs time,
never a wrong play. Two distinct positions of one roll sharing a 30-bit hash (odds about
n^2 / 2^31 for n results) would hide one of them from the caller: still a legal play.
All buffers are made once, in __init__; a walk allocates nothing but small ints.
"""
import array

CAP = 1024
_FULL = CAP * 3 // 4


def _probing(walker):
    pass


def _lcg_table(seed, n):
    out = []
    x = seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(x >> 1)
    return tuple(out)


# Additive position hash: our checker on point p (0 = off, 25 = bar) weighs HM[p], an
# opposing checker at its index i weighs HO[i]. Changes are added and undone per step.
HM = _lcg_table(2718, 26)
HO = _lcg_table(3141, 25)


class Walker:
    def __init__(self):
        self.me = bytearray(25)
        self.opp = bytearray(25)
        self.path = bytearray(8)
        self.nsteps = 0
        self.hitbits = 0
        self.h = 0
        self.outside = 0
        self.dice = bytearray(4)
        self.ndice = 0
        self.double = False
        self.target = 0
        self.visit = _probing          # _probing: count dice, visit nothing
        self.seen = array.array("i", bytes(4 * CAP))
        self.used = array.array("H", bytes(2 * CAP))
        self.nused = 0
        self.visited = 0          # distinct results visited by the last walk

    # -- the rules of one step ------------------------------------------------------
    def _step(self, depth, src_hi):
        """Try every legal step for die `depth`. Probe mode (visit _probing): return the most
        dice playable from here, stopping early at the target. Visit mode: visit every
        play of exactly `target` steps."""
        if depth == self.target:
            if self.visit is not _probing:
                self._leaf()
            return depth
        d = self.dice[depth]
        me = self.me
        opp = self.opp
        path = self.path
        best = depth
        if me[24]:
            lo = 25                      # rule 5: the bar enters before anything else
        else:
            lo = 1
            if src_hi > 24:
                src_hi = 24
        p = src_hi
        while p >= lo:
            if not me[p - 1]:
                p -= 1
                continue
            to = p - d
            if to > 0:
                oi = 24 - to
                c = opp[oi]
                if c >= 2:               # closed point
                    p -= 1
                    continue
                me[p - 1] -= 1
                me[to - 1] += 1
                dh = HM[to] - HM[p]
                bit = 1 << depth
                if c:
                    opp[oi] = 0
                    opp[24] += 1
                    dh += HO[24] - HO[oi]
                    self.hitbits |= bit
                else:
                    self.hitbits &= ~bit
                homed = p > 6 and to <= 6
                if homed:
                    self.outside -= 1
                self.h += dh
                path[2 * depth] = p
                path[2 * depth + 1] = to
                if depth + 1 == self.target:     # a full play: no call just to find that out
                    r = depth + 1
                    if self.visit is not _probing:
                        self._leaf()
                else:
                    r = self._step(depth + 1, p if self.double else 25)
                self.h -= dh
                if homed:
                    self.outside += 1
                if c:
                    opp[24] -= 1
                    opp[oi] = 1
                me[to - 1] -= 1
                me[p - 1] += 1
            elif not self.outside:
                if to < 0:
                    # rule 6: a larger die bears off only when no checker stands higher
                    q = p
                    while q < 6 and not me[q]:
                        q += 1
                    if q < 6:
                        p -= 1
                        continue
                me[p - 1] -= 1
                self.hitbits &= ~(1 << depth)
                dh = HM[0] - HM[p]
                self.h += dh
                path[2 * depth] = p
                path[2 * depth + 1] = 0
                if depth + 1 == self.target:     # a full play: no call just to find that out
                    r = depth + 1
                    if self.visit is not _probing:
                        self._leaf()
                else:
                    r = self._step(depth + 1, p if self.double else 25)
                self.h -= dh
                me[p - 1] += 1
            else:
                p -= 1
                continue
            if r > best:
                best = r
                if best == self.target and self.visit is _probing:
                    return best          # probing: one full-length play is enough
            p -= 1
        return best

    def _leaf(self):
        h = self.h & 0x3FFFFFFF
        if self.nused < _FULL:
            seen = self.seen
            mask = CAP - 1
            slot = h & mask
            key = h + 1
            while True:
                v = seen[slot]
                if v == 0:
                    break
                if v == key:
                    return               # this position was visited already
                slot = (slot + 1) & mask
            seen[slot] = key
            self.used[self.nused] = slot
            self.nused += 1
        self.nsteps = self.target
        self.visited += 1
        self.visit(self)

    def _probe(self, dice, n):
        self.dice[0] = dice[0]
        self.dice[1] = dice[1]
        self.dice[2] = dice[2]
        self.dice[3] = dice[3]
        self.target = n
        self.visit = _probing
        return self._step(0, 25)

    def _visit_all(self, d, n, visit):
        for k in range(4):
            self.dice[k] = d[k]
        self.target = n
        self.visit = visit
        self._step(0, 25)
        self.visit = _probing

    # -- one roll ---------------------------------------------------------------------
    def walk(self, me, opp, d1, d2, visit):
        """Call visit(self) once per distinct legal result of (d1, d2) for the side on
        roll (`me`; `opp` from its own side). Returns how many dice the plays use
        (0: no legal play, nothing visited)."""
        self.me[:] = me
        self.opp[:] = opp
        outside = 0
        for i in range(6, 25):
            outside += me[i]
        self.outside = outside
        self.h = 0
        self.hitbits = 0
        seen = self.seen
        used = self.used
        for k in range(self.nused):
            seen[used[k]] = 0
        self.nused = 0
        self.visited = 0
        self.double = d1 == d2
        if self.double:
            dice = (d1, d1, d1, d1)
            n = self._probe(dice, 4)
            if n:
                self._visit_all(dice, n, visit)
            return n
        hi = d1 if d1 > d2 else d2
        lo = d1 + d2 - hi
        n = self._probe((hi, lo, 0, 0), 2)
        if n < 2:
            m = self._probe((lo, hi, 0, 0), 2)
            if m > n:
                n = m
        if n == 2:
            self._visit_all((hi, lo, 0, 0), 2, visit)
            self._visit_all((lo, hi, 0, 0), 2, visit)
        elif n == 1:
            # rule 4: only one die can be played: the larger one if it can be
            if self._probe((hi, 0, 0, 0), 1):
                self._visit_all((hi, 0, 0, 0), 1, visit)
            else:
                self._visit_all((lo, 0, 0, 0), 1, visit)
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
