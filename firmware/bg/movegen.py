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
from array import array

from bg.position import Position

BAR_POINT = 25
OFF = 0
_REC = 9          # bytes per stored play: 4 x (from, to), then the first die used
_EMPTY = 255      # "no step" in a stored play


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


class Play:
    """One legal play: `moves` is a tuple of (from, to) checker steps in playing order,
    `hits` a tuple of booleans (did that step hit a blot)."""

    def __init__(self, moves, hits=None):
        self.moves = tuple(moves)
        self.hits = tuple(hits) if hits is not None else (False,) * len(self.moves)

    def apply(self, pos):
        """The position after this play, still from the mover's view."""
        out = pos.copy()
        for frm, to in self.moves:
            apply_step(out.me, out.opp, frm, to)
        return out

    def notation(self):
        from bg.notation import format_play
        return format_play(self.moves, self.hits)

    def __repr__(self):
        return "Play(%r)" % (self.moves,)

    def __eq__(self, other):
        return isinstance(other, Play) and self.moves == other.moves

    def __hash__(self):
        return hash(self.moves)


def apply_step(me, opp, frm, to):
    """Move one checker of `me` from point `frm` to point `to` (0 = off), hitting a blot.

    Returns True when the step hit. Does not check legality."""
    me[frm - 1] -= 1
    if to > 0:
        me[to - 1] += 1
        oi = 24 - to
        if opp[oi] == 1:
            opp[oi] = 0
            opp[24] += 1
            return True
    return False


class PlayList:
    """The distinct legal plays of one roll, stored compactly; indexing makes a Play."""

    def __init__(self, start, data, count, dice_used):
        self.start = start
        self._data = data
        self._count = count
        self.dice_used = dice_used   # how many dice each play uses (they all use the same)

    def __len__(self):
        return self._count

    def __getitem__(self, i):
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("play index out of range")
        data = self._data
        base = i * _REC
        me = bytearray(self.start.me)
        opp = bytearray(self.start.opp)
        moves = []
        hits = []
        for k in range(0, 8, 2):
            frm = data[base + k]
            if frm == _EMPTY:
                break
            to = data[base + k + 1]
            moves.append((frm, to))
            hits.append(apply_step(me, opp, frm, to))
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
        self.h = 0                      # additive hash of the current position
        self.dice = (0, 0, 0, 0)
        self.ndice = 0
        self.double = False
        self.first_die = 0
        self.best = 1                   # fewest dice a kept play may use (0-dice plays: none)
        self._alloc(64)

    # -- storing a leaf -------------------------------------------------------------
    def _alloc(self, cap):
        # Fixed-size buffers grown by doubling: appending byte by byte would leave the
        # Pico's heap full of small holes (fragmentation), not just use it.
        self.count = 0
        self.cap = cap
        self.data = bytearray(_REC * (cap * 3 // 4))
        self.hashes = array("i", bytes(4 * (cap * 3 // 4)))
        self.table = array("H", bytes(2 * cap))

    def _reset(self, depth):
        self.best = depth
        self.data = self.hashes = self.table = None
        self._alloc(64)

    def _same_as_stored(self, idx):
        """Exact check: does stored play idx lead to the current position?"""
        sm = self.scratch_me
        so = self.scratch_opp
        sm[:] = self.start.me
        so[:] = self.start.opp
        data = self.data
        base = idx * _REC
        for k in range(0, 8, 2):
            frm = data[base + k]
            if frm == _EMPTY:
                break
            apply_step(sm, so, frm, data[base + k + 1])
        return sm == self.me and so == self.opp

    def _leaf(self, depth):
        if depth < self.best:
            return
        if depth > self.best:
            self._reset(depth)
        h = self.h & 0x3FFFFFFF
        table = self.table
        mask = self.cap - 1
        slot = h & mask
        hashes = self.hashes
        while True:
            v = table[slot]
            if v == 0:
                break
            if hashes[v - 1] == h and self._same_as_stored(v - 1):
                return                      # a play already found leads here
            slot = (slot + 1) & mask
        n = self.count
        table[slot] = n + 1
        hashes[n] = h
        data = self.data
        base = n * _REC
        data[base:base + 8] = self.path
        for k in range(2 * depth, 8):
            data[base + k] = _EMPTY
        data[base + 8] = self.first_die
        self.count = n + 1
        if self.count * 4 >= self.cap * 3:
            self._grow()

    def _grow(self):
        cap = self.cap * 2
        n = self.count
        old_data = self.data
        old_hashes = self.hashes
        self.table = None
        data = bytearray(_REC * (cap * 3 // 4))
        data[:len(old_data)] = old_data
        hashes = array("i", bytes(4 * (cap * 3 // 4)))
        for i in range(n):
            hashes[i] = old_hashes[i]
        self.data = data
        self.hashes = hashes
        old_data = old_hashes = None
        table = array("H", bytes(2 * cap))
        mask = cap - 1
        for i in range(n):
            slot = hashes[i] & mask
            while table[slot]:
                slot = (slot + 1) & mask
            table[slot] = i + 1
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
                homed = p > 6 and to <= 6
                if homed:
                    self.outside -= 1
                self.h += dh
                path[2 * depth] = p
                path[2 * depth + 1] = to
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
                dh = _HM[0] - _HM[p]
                self.h += dh
                path[2 * depth] = p
                path[2 * depth + 1] = 0
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
    # Keep only the plays' bytes: the hash table and spare capacity go back to the heap.
    data = s.data if len(s.data) == s.count * _REC else bytes(s.data[:s.count * _REC])
    return PlayList(pos.copy(), data, s.count, s.best if s.count else 0)


def _keep_larger_die(s, larger):
    """Rule 4: when only one die can be played, the larger one must be, if it can."""
    data = s.data
    keep = bytearray()
    count = 0
    for i in range(s.count):
        if data[i * _REC + 8] == larger:
            keep.extend(data[i * _REC:(i + 1) * _REC])
            count += 1
    if count:
        s.data = keep
        s.count = count


def legal_results(pos, d1, d2):
    """The distinct positions the side on roll can reach with (d1, d2)."""
    return legal_plays(pos, d1, d2).results()


def max_dice_playable(pos, d1, d2):
    """How many dice the roll lets the side on roll play (0..4)."""
    return legal_plays(pos, d1, d2).dice_used
