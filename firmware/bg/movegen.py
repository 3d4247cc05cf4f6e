"""All legal plays for a position and a roll, deduplicated by resulting position.

Rules applied (the numbers are those of the rule sheet):
  3. each die is one step; one checker may use both dice only through an open point;
     a point held by two or more opposing checkers is closed; landing on a blot hits it;
  4. play as many dice as possible; when only one die of a non-double can be played,
     the larger one if it can; a double gives four steps;
  5. while a checker is on the bar, nothing else moves; the bar enters on 25 - die;
  6. bear-off only with all fifteen home; a die bears off from its own point, or from the
     highest occupied point when no checker stands higher; never forced while another
     legal move exists (it is simply one of the choices).

Points are GNU Backgammon's, from the mover's view: 1..24, 25 = bar, 0 = off.

Memory: the Pico has well under 200 KB of heap and a roll can have up to 3,060 distinct
plays, so plays are stored 9 bytes each in one bytearray and deduplicated through an
open-addressing table of 16-bit indices (an `array`), not a dict of position keys.
Play objects are made only when the caller asks for one.
"""
from bg.position import Position
from bg.play import Play, apply_step  # noqa: F401  (re-exported: the public API names them here)

BAR_POINT = 25
OFF = 0
_REC = 9          # bytes per stored play: 4 x (from, to), then first die and hit flags
_EMPTY = 255      # "no step" in a stored play
_SHIFT = 6        # 64 plays per chunk of records
_MASK = 63
_MAX_PLAYS = 4095  # 12-bit indices; GNU Backgammon's bound for one roll is 3,060


def _hash_table(seed, n):
    """n pseudo-random 24-bit constants (a fixed LCG: no `random` on the hot path)."""
    out = []
    x = seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(x >> 7)
    return tuple(out)


# Additive hashes of a position relative to the start of the search: a checker of ours
# on point p weighs _HM[p] (0 = off, 25 = bar), an opposing checker at opp index i weighs
# _HO[i]. Equal hashes are always verified exactly, so collisions cost time, never truth.
_HM = _hash_table(12345, 26)
_HO = _hash_table(67890, 25)


class PlayList:
    """The distinct legal plays of one roll, stored compactly; indexing makes a Play."""

    def __init__(self, start, chunks, count, dice_used):
        self.start = start
        self._chunks = chunks
        self._count = count
        self.dice_used = dice_used   # how many dice each play uses (they all use the same)

    def __len__(self):
        return self._count

    def __getitem__(self, i):
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("play index out of range")
        rec = self._chunks[i >> _SHIFT]
        base = (i & _MASK) * _REC
        flags = rec[base + 8] >> 3
        moves = []
        hits = []
        for k in range(4):
            frm = rec[base + 2 * k]
            if frm == _EMPTY:
                break
            moves.append((frm, rec[base + 2 * k + 1]))
            hits.append(bool(flags & (1 << k)))
        return Play(moves, hits)

    def __iter__(self):
        for i in range(self._count):
            yield self[i]

    def results(self):
        """The resulting positions, one per play (allocates: for tests and host tools)."""
        return [p.apply(self.start) for p in self]


class _Search:
    """Depth-first search over checker steps, applying and undoing in place."""

    def __init__(self, pos):
        self.start = pos
        self.me = bytearray(pos.me)
        self.opp = bytearray(pos.opp)
        self.scratch_me = bytearray(25)
        self.scratch_opp = bytearray(25)
        outside = 0
        for i in range(6, 25):
            outside += self.me[i]
        self.outside = outside          # checkers not yet home (points 7..24 and the bar)
        self.path = bytearray(8)        # the steps of the play being built
        self.hitbits = 0                # bit k set: step k of the path hit a blot
        self.h = 0                      # additive hash of the current position
        self.dice = (0, 0, 0, 0)
        self.ndice = 0
        self.double = False
        self.first_die = 0
        self.best = 1                   # fewest dice a kept play may use (0-dice plays: none)
        self._alloc(64)

    # -- storing a leaf -------------------------------------------------------------
    # Plays are 9-byte records in chunks of _CHUNK plays (no large contiguous block, no
    # copying as they grow: the Pico's heap fragments). Record: 4 x (from, to), then the
    # first die (low 3 bits) and which steps hit (bits 3..6), so a record alone gives its
    # play, its hits and its hash. The dedup table is a bytearray of 16-bit slots:
    # 12 bits of play index + 1 and a 4-bit tag of the position hash.
    def _alloc(self, cap):
        self.count = 0
        self.cap = cap
        self.chunks = []
        self.table = bytearray(2 * cap)

    def _reset(self, depth):
        self.best = depth
        self.table = bytearray(0)      # let the old buffers go before allocating
        self.chunks = []
        self._alloc(64)

    def _same_as_stored(self, idx):
        """Exact check: does stored play idx lead to the current position?"""
        sm = self.scratch_me
        so = self.scratch_opp
        sm[:] = self.start.me
        so[:] = self.start.opp
        rec = self.chunks[idx >> _SHIFT]
        base = (idx & _MASK) * _REC
        for k in range(0, 8, 2):
            frm = rec[base + k]
            if frm == _EMPTY:
                break
            apply_step(sm, so, frm, rec[base + k + 1])
        return sm == self.me and so == self.opp

    def _leaf(self, depth):
        if depth < self.best:
            return
        if depth > self.best:
            self._reset(depth)
        h = self.h & 0x3FFFFFFF
        tag = (h >> 20) & 15
        table = self.table
        mask = self.cap - 1
        slot = h & mask
        while True:
            v = table[2 * slot] | (table[2 * slot + 1] << 8)
            if v == 0:
                break
            if (v >> 12) == tag and self._same_as_stored((v & 0xFFF) - 1):
                return                      # a play already found leads here
            slot = (slot + 1) & mask
        n = self.count
        if n >= _MAX_PLAYS:
            raise MemoryError("more plays than the table holds")
        v = (tag << 12) | (n + 1)
        table[2 * slot] = v & 255
        table[2 * slot + 1] = v >> 8
        if not n & _MASK:
            self.chunks.append(bytearray(_REC << _SHIFT))
        rec = self.chunks[n >> _SHIFT]
        base = (n & _MASK) * _REC
        path = self.path
        hits = self.hitbits
        for k in range(8):
            rec[base + k] = path[k] if k < 2 * depth else _EMPTY
        rec[base + 8] = self.first_die | ((hits & ((1 << depth) - 1)) << 3)
        self.count = n + 1
        if self.count * 4 >= self.cap * 3:
            self._grow()

    def _record_hash(self, rec, base):
        """The position hash of a stored play, from its record alone."""
        h = 0
        flags = rec[base + 8] >> 3
        for k in range(4):
            frm = rec[base + 2 * k]
            if frm == _EMPTY:
                break
            to = rec[base + 2 * k + 1]
            h += _HM[to] - _HM[frm]
            if flags & (1 << k):
                h += _HO[24] - _HO[24 - to]
        return h & 0x3FFFFFFF

    def _grow(self):
        cap = self.cap * 2
        self.table = bytearray(0)      # let the old table go before allocating
        table = bytearray(2 * cap)
        mask = cap - 1
        chunks = self.chunks
        for i in range(self.count):
            h = self._record_hash(chunks[i >> _SHIFT], (i & _MASK) * _REC)
            slot = h & mask
            while table[2 * slot] | table[2 * slot + 1]:
                slot = (slot + 1) & mask
            v = (((h >> 20) & 15) << 12) | (i + 1)
            table[2 * slot] = v & 255
            table[2 * slot + 1] = v >> 8
        self.cap = cap
        self.table = table

    # -- the search -----------------------------------------------------------------
    def run(self, dice):
        self.dice = dice
        self.ndice = len(dice)
        self.double = self.ndice == 4
        self.first_die = dice[0]
        self._step(0, 25)

    def _step(self, depth, src_hi):
        """Try every legal step for die `depth`; recurse; record the play where it ends."""
        if depth == self.ndice:
            self._leaf(depth)
            return
        d = self.dice[depth]
        last = depth + 1 == self.ndice
        me = self.me
        opp = self.opp
        path = self.path
        moved = False
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
                if c >= 2:                   # closed point
                    p -= 1
                    continue
                me[p - 1] -= 1
                me[to - 1] += 1
                dh = _HM[to] - _HM[p]
                if c:
                    opp[oi] = 0
                    opp[24] += 1
                    dh += _HO[24] - _HO[oi]
                    self.hitbits |= 1 << depth
                else:
                    self.hitbits &= ~(1 << depth)
                homed = p > 6 and to <= 6
                if homed:
                    self.outside -= 1
                self.h += dh
                path[2 * depth] = p
                path[2 * depth + 1] = to
                if last:
                    self._leaf(depth + 1)       # all dice used: no call just to find that out
                else:
                    self._step(depth + 1, p if self.double else 25)
                self.h -= dh
                if homed:
                    self.outside += 1
                if c:
                    opp[24] -= 1
                    opp[oi] = 1
                me[to - 1] -= 1
                me[p - 1] += 1
                moved = True
            elif not self.outside:
                if to < 0:
                    # rule 6: bearing off with a larger die needs no checker higher up
                    higher = False
                    for q in range(p, 6):
                        if me[q]:
                            higher = True
                            break
                    if higher:
                        p -= 1
                        continue
                me[p - 1] -= 1
                self.hitbits &= ~(1 << depth)
                dh = _HM[0] - _HM[p]
                self.h += dh
                path[2 * depth] = p
                path[2 * depth + 1] = 0
                if last:
                    self._leaf(depth + 1)       # all dice used: no call just to find that out
                else:
                    self._step(depth + 1, p if self.double else 25)
                self.h -= dh
                me[p - 1] += 1
                moved = True
            p -= 1
        if not moved:
            self._leaf(depth)


def legal_plays(pos, d1, d2):
    """Every legal play of the roll (d1, d2) for the side on roll of `pos`, one per
    distinct resulting position (as GNU Backgammon counts them). Empty when nothing can
    be played: the turn passes."""
    s = _Search(pos)
    if d1 == d2:
        s.run((d1, d1, d1, d1))
    else:
        s.run((d1, d2))
        s.run((d2, d1))
        if s.best == 1 and s.count:
            _keep_larger_die(s, max(d1, d2))
    return PlayList(pos.copy(), s.chunks, s.count, s.best if s.count else 0)


def _keep_larger_die(s, larger):
    """Rule 4: when only one die can be played, the larger one must be, if it can."""
    chunks = []
    count = 0
    for i in range(s.count):
        rec = s.chunks[i >> _SHIFT]
        base = (i & _MASK) * _REC
        if rec[base + 8] & 7 == larger:
            if not count & _MASK:
                chunks.append(bytearray(_REC << _SHIFT))
            out = chunks[count >> _SHIFT]
            ob = (count & _MASK) * _REC
            out[ob:ob + _REC] = rec[base:base + _REC]
            count += 1
    if count:
        s.chunks = chunks
        s.count = count


def legal_results(pos, d1, d2):
    """The distinct positions the side on roll can reach with (d1, d2)."""
    return legal_plays(pos, d1, d2).results()


def max_dice_playable(pos, d1, d2):
    """How many dice the roll lets the side on roll play (0..4)."""
    return legal_plays(pos, d1, d2).dice_used
