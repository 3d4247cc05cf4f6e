"""Walk the legal plays of a roll one at a time, without listing them.

bg.movegen.legal_plays stores every play (about 38 KB for the 2,226 plays of a 1-1 in
an open position): too big a block for the running board. The Walker makes the same
plays with the rules core's own walk (bg.walk.StepWalk: the one step rule, rules 3 to
6, and rule 4 over the whole roll), depth-first in place over two 25-byte boards, and
calls `visit(walker)` once per distinct resulting position, with the position in
walker.me / walker.opp (still from the mover's view) and the play in walker.path
(walker.nsteps (from, to) pairs; walker.hitbits bit k: step k hit).

Doubles never reach one result twice: StepWalk makes each set of steps of a double once
(sources from high to low), and a result tells its set of steps apart (from the bar down,
the checkers that left point p are those that came to p from p + d, known first, less p's
change of count), so every play of a double is visited as it comes (24,000 walks of
doubles in 4,000 positions of random games: not one repeat). A non-double reaches a result
twice when its two dice can be played in either order; those results are kept apart by a
set of 30-bit position hashes in CAP preallocated slots (open addressing, one 512-byte
array): at most 106 distinct results in 60,000 non-double walks of the same positions, and
room for CAP * 3 / 4 = 96 (CAP was 256 until the board in a seat needed its 0.6 KB: issue
10). When the set is three-quarters full later results are visited even if repeated: the
caller only keeps the best, so a repeat costs time (an evaluation), never a wrong play.
Two distinct positions of one roll sharing a hash (odds about n^2 / 2^31 for n results)
would hide one of them from the caller: still a legal play. All buffers are made once, in
__init__ (0.6 KB; 1.2 KB with 256 slots, 5.5 KB while doubles went through the set too); a
walk allocates nothing but small ints. Between two walks the set is idle: the strong
level's leaf net (engine/deepleaf_make.py) reads its file's rows into those 512 bytes and
zeroes them after each leaf.
"""
import array

from bg.walk import StepWalk

CAP = 128
_FULL = CAP * 3 // 4


class Walker(StepWalk):
    def __init__(self):
        StepWalk.__init__(self)
        self.seen = array.array("i", bytes(4 * CAP))
        self.used = bytearray(_FULL)     # the slots taken (never over _FULL; a slot < CAP)
        self.nused = 0
        self.visited = 0          # distinct results visited by the last walk

    def _leaf(self):
        if not self.double and self.nused < _FULL:
            h = self.h & 0x3FFFFFFF
            key = h + 1
            seen = self.seen
            i = h & (CAP - 1)
            while True:
                v = seen[i]
                if v == 0:
                    break
                if v == key:
                    return               # this position was visited already
                i = (i + 1) & (CAP - 1)
            seen[i] = key
            self.used[self.nused] = i
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
            seen[used[k]] = 0
        self.nused = 0
        self.visited = 0
        if d1 < d2:
            d1, d2 = d2, d1             # the larger die first (the engine's order of ties)
        return StepWalk.walk(self, me, opp, d1, d2, visit)
