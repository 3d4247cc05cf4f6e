"""All legal plays for a position and a roll, deduplicated by resulting position.

The rules (3 to 6 of the rule sheet: steps, as many dice as possible or the larger die,
the bar first, the bear-off) are bg.steps's, the one step rule: bg.walk.StepWalk makes every
play of the legal length, and this module keeps one per distinct resulting position.

Points are GNU Backgammon's, from the mover's view: 1..24, 25 = bar, 0 = off.

Memory: the Pico has well under 200 KB of heap and a roll can have up to 3,060 distinct
plays, so plays are stored 11 bytes each in chunks of bytearrays and deduplicated through
an open-addressing table of 16-bit indices, not a dict of position keys.
Play objects are made only when the caller asks for one.
"""
from bg.play import Play
from bg.steps import apply_step  # also imported from here by host tools and tests
from bg.walk import StepWalk

BAR_POINT = 25
OFF = 0
_REC = 11         # bytes per stored play: 4 x (from, to), the hit flags, 16 bits of hash
_EMPTY = 255      # "no step" in a stored play
_SHIFT = 6        # 64 plays per chunk of records
_MASK = 63
_MAX_PLAYS = 4095  # 12-bit indices; GNU Backgammon's bound for one roll is 3,060


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

    def find(self, text):
        """The play `text` describes (any way of writing it), or None: bg.notation.find_play."""
        from bg.notation import find_play
        return find_play(self, text)

    def results(self):
        """The resulting positions, one per play (allocates: for tests and host tools)."""
        return [p.apply(self.start) for p in self]


class _Store(StepWalk):
    """The step walk, keeping each distinct resulting position once, exactly."""

    def __init__(self, pos):
        StepWalk.__init__(self)
        self.start = pos
        self.scratch_me = bytearray(25)
        self.scratch_opp = bytearray(25)
        self._alloc(64)

    # Plays are 11-byte records in chunks of 64 plays (no large contiguous block, no
    # copying as they grow: the Pico's heap fragments). Record: 4 x (from, to), which
    # steps hit (bits 3..6), and the low 16 bits of the position's hash, so that growing
    # the table rehashes without replaying the plays (replaying was most of the time of a
    # wide roll). The dedup table is a bytearray of 16-bit slots: 12 bits of play index
    # + 1 and a 4-bit tag (hash bits 12..15). Equal tags are verified exactly: collisions
    # cost time, never truth.
    def _alloc(self, cap):
        self.count = 0
        self.cap = cap
        self.chunks = []
        self.table = bytearray(2 * cap)

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

    def _leaf(self):
        h = self.h & 0xFFFF
        tag = h >> 12
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
        depth = self.target
        rec[base:base + 8] = self.path
        for k in range(base + 2 * depth, base + 8):
            rec[k] = _EMPTY
        rec[base + 8] = (self.hitbits & ((1 << depth) - 1)) << 3
        rec[base + 9] = h & 255
        rec[base + 10] = h >> 8
        self.count = n + 1
        if self.count * 4 >= self.cap * 3:
            self._grow()

    def _grow(self):
        cap = self.cap * 2
        self.table = bytearray(0)      # let the old table go before allocating
        table = bytearray(2 * cap)
        mask = cap - 1
        chunks = self.chunks
        for i in range(self.count):
            rec = chunks[i >> _SHIFT]
            base = (i & _MASK) * _REC
            h = rec[base + 9] | (rec[base + 10] << 8)
            slot = h & mask
            while table[2 * slot] | table[2 * slot + 1]:
                slot = (slot + 1) & mask
            v = ((h >> 12) << 12) | (i + 1)
            table[2 * slot] = v & 255
            table[2 * slot + 1] = v >> 8
        self.cap = cap
        self.table = table


def legal_plays(pos, d1, d2):
    """Every legal play of the roll (d1, d2) for the side on roll of `pos`, one per
    distinct resulting position (as GNU Backgammon counts them). Empty when nothing can
    be played: the turn passes."""
    s = _Store(pos)
    used = s.walk(pos.me, pos.opp, d1, d2, None)
    return PlayList(pos.copy(), s.chunks, s.count, used if s.count else 0)


def legal_results(pos, d1, d2):
    """The distinct positions the side on roll can reach with (d1, d2)."""
    return legal_plays(pos, d1, d2).results()


def max_dice_playable(pos, d1, d2):
    """How many dice the roll lets the side on roll play (0..4)."""
    return legal_plays(pos, d1, d2).dice_used
