"""Walk the legal plays of a roll one at a time, without listing them.

bg.movegen.legal_plays stores every play (about 38 KB for the 2,226 plays of a 1-1 in
an open position): too big a block for the running board. The Walker makes the same
plays with the rules core's own walk (bg.walk.StepWalk: the one step rule, rules 3 to
6, and rule 4 over the whole roll), depth-first in place over two 25-byte boards, and
calls `visit(walker)` once per distinct resulting position, with the position in
walker.me / walker.opp (still from the mover's view) and the play in walker.path
(walker.nsteps (from, to) pairs; walker.hitbits bit k: step k hit).

Distinct results: a set of 30-bit position hashes in preallocated arrays (open
addressing, CAP slots: slot s is seen[s >> 9][s & 511], two 2 KB arrays, since the
running board's fragmented heap may have no 4 KB block). A result whose hash is already there is not visited again. When
the set is three-quarters full (rolls with over CAP*3/4 distinct results) later results
are visited even if repeated: the caller only keeps the best, so a repeat costs time,
never a wrong play. Two distinct positions of one roll sharing a hash (odds about
n^2 / 2^30 for n results) would hide one of them from the caller: still a legal play.
All buffers are made once, in __init__ (none over 2 KB); a walk allocates nothing but
small ints.
"""
import array

from bg.walk import StepWalk

CAP = 1024
_HALF = CAP // 2                  # slots in one array of the set
_FULL = CAP * 3 // 4


class Walker(StepWalk):
    def __init__(self):
        StepWalk.__init__(self)
        self.seen = (array.array("i", bytes(4 * _HALF)), array.array("i", bytes(4 * _HALF)))
        self.used = array.array("H", bytes(2 * _FULL))   # the slots taken (never over _FULL)
        self.nused = 0
        self.visited = 0          # distinct results visited by the last walk

    def _leaf(self):
        h = self.h & 0x3FFFFFFF
        if self.nused < _FULL:
            key = h + 1
            half = (h >> 9) & 1          # slot h & (CAP - 1): half h's bit 9, index its low 9 bits
            part = self.seen[half]
            i = h & (_HALF - 1)
            while True:
                v = part[i]
                if v == 0:
                    break
                if v == key:
                    return               # this position was visited already
                i += 1
                if i == _HALF:           # on into the other half (slot + 1, modulo CAP)
                    i = 0
                    half ^= 1
                    part = self.seen[half]
            part[i] = key
            self.used[self.nused] = (half << 9) | i
            self.nused += 1
        self.nsteps = self.target
        self.visited += 1
        self.visit(self)

    def walk(self, me, opp, d1, d2, visit):
        """Call visit(self) once per distinct legal result of (d1, d2) for the side on
        roll (`me`; `opp` from its own side). Returns how many dice the plays use
        (0: no legal play, nothing visited)."""
        seen = self.seen
        used = self.used
        for k in range(self.nused):
            s = used[k]
            seen[s >> 9][s & 511] = 0
        self.nused = 0
        self.visited = 0
        if d1 < d2:
            d1, d2 = d2, d1             # the larger die first (the engine's order of ties)
        return StepWalk.walk(self, me, opp, d1, d2, visit)
