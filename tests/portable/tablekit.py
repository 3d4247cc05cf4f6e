"""Test kit for the Table: sensed readings built from positions, and a rig that plays.

Positions here are White's view (me = White in White's numbering, opp = Black in Black's),
the Table's own board layout. Points given to the rig's moves are in the mover's numbering
(25 = bar, 0 = off), as players and bg.notation count them.
"""
from bg.position import Position
from base.reading import Sensed, WHITE, BLACK, MIXED
from game.table import Table, SAVE, RECORD, EVENT, BEEP
from base import ticks

STEP_MS = 100      # the rig's tick period: under game.clock.MAX_TICK_MS, quick to run


def sensed_of(pos, ranges=None, why=None):
    """The reading a perfect scanner gives of `pos`; ranges {point: (lo, hi)} bound some
    counts instead (25/26 = White's/Black's bar); why {point: reading.WEAK or FAULT}
    says why a range is one (a checker over the board, a hardware fault)."""
    s = Sensed()
    for p in range(1, 25):
        w = pos.me[p - 1]
        b = pos.opp[24 - p]
        s.colour[p] = MIXED if w and b else (WHITE if w else (BLACK if b else 0))
        s.lo[p] = s.hi[p] = w + b
    s.bar_lo[WHITE] = s.bar_hi[WHITE] = pos.me[24]
    s.bar_lo[BLACK] = s.bar_hi[BLACK] = pos.opp[24]
    if ranges:
        for p in ranges:
            lo, hi = ranges[p]
            if p == 25 or p == 26:
                s.bar_lo[p - 24] = lo
                s.bar_hi[p - 24] = hi
            else:
                s.lo[p] = lo
                s.hi[p] = hi
    if why:
        for p in why:
            s.why[p] = why[p]
    return s


def side(pos, player):
    """(mine, theirs) arrays of `pos` for `player`."""
    return (pos.me, pos.opp) if player == 0 else (pos.opp, pos.me)


def white_point(point, player):
    return point if player == 0 else 25 - point


class Rig:
    """A Table, a physical board and a clock, with everything the Table sent kept."""

    def __init__(self, settings=None, saved=None, board=None, now=0, table=None):
        self.now = now            # ticks_ms of the last tick: `now` near 2**30 tests the wrap
        self.t = table if table is not None else Table(settings, saved)   # (table: one made)
        self.t.tick(now)
        self.board = board.copy() if board is not None else Position.start()
        self.records = []
        self.events = []
        self.saves = []
        self.beeps = []
        self.keep = 12            # the last effects kept: a long match fits the Pico heap
        self.won = [0, 0]         # points of the 'E' record lines seen
        self.match_ends = 0
        self.collect()

    def collect(self):
        for kind, payload in self.t.take_outbox():
            if kind == RECORD:
                keep = self.records
                if payload[0] == "W":
                    continue              # "resumed here": the record layer's bookkeeping
                payload = payload[:payload.rfind(" @")]    # the event, without its seal
                if payload[0] == "E":
                    self.won[int(payload[1])] += int(payload.split()[1])
            elif kind == EVENT:
                keep = self.events
                if payload.startswith('{"t":"match_end"'):
                    self.match_ends += 1
            elif kind == SAVE:
                keep = self.saves
            elif kind == BEEP:
                keep = self.beeps
            else:
                continue                  # a question asked (ASK_ROLL...): the Table's own want_*
            keep.append(payload)
            if len(keep) > self.keep:
                keep.pop(0)

    def feed(self, ranges=None, why=None):
        self.t.sensed(sensed_of(self.board, ranges, why))
        self.collect()

    def press(self, name, kind="press"):
        self.t.button(name, kind)
        self.collect()

    def wait(self, ms, step=STEP_MS):
        """Let `ms` pass in ticks `step` ms apart (the board ticks every 20 ms; a gap over
        game.clock.MAX_TICK_MS is a stall, not charged). `now` is a ticks_ms value: it
        wraps at 2**30 as on the board."""
        left = ms
        while left > 0:
            d = step if left > step else left
            left -= d
            self.now = ticks.add(self.now, d)
            self.t.tick(self.now)
        self.collect()

    def jump(self, ms):
        """One tick `ms` after the last (negative: before it): a stall, or a clock jump."""
        self.now = ticks.add(self.now, ms)
        self.t.tick(self.now)
        self.collect()

    def give_dice(self, d1, d2=0):
        self.t.dice(d1, d2)
        self.collect()

    def text(self):
        """The screen's rows joined by spaces: wrapped messages read whole."""
        return " ".join(self.t.screen)

    def setup(self, board=None):
        self.board = board.copy() if board is not None else Position.start()
        self.feed()

    def opening(self, d0, d1):
        """Both players roll their opening die; a die already rolled (saved before a power
        cut: it is not rolled again) is kept."""
        for player, d in ((0, d0), (1, d1)):
            if self.t.opening[player]:
                continue
            self.press("p%d_main" % (player + 1))
            assert self.t.want_roll == 1, self.text()
            self.give_dice(d)

    def roll(self, player, d1, d2):
        self.press("p%d_main" % (player + 1))
        assert self.t.want_roll == 2, self.text()
        self.give_dice(d1, d2)

    # -- the physical board
    def lift(self, player, point, feed=True):
        mine, theirs = side(self.board, player)
        assert mine[point - 1] > 0
        mine[point - 1] -= 1
        if feed:
            self.feed()

    def put(self, player, point, feed=True, hit=True):
        """Put a checker of `player` on `point` (0 = off); a blot there goes to the bar if hit."""
        mine, theirs = side(self.board, player)
        if point:
            mine[point - 1] += 1
            if hit and 0 < point < 25 and theirs[24 - point] == 1:
                theirs[24 - point] = 0
                theirs[24] += 1
        if feed:
            self.feed()

    def move(self, player, moves, feed=True):
        """Steps (from, to) in `player`'s numbering, hits to the bar; one reading at the end."""
        for a, b in moves:
            self.lift(player, a, False)
            self.put(player, b, False)
        if feed:
            self.feed()

    def play(self, player, d1, d2, moves):
        """Roll, move and commit one whole turn."""
        self.roll(player, d1, d2)
        self.move(player, moves)
        self.press("p%d_main" % (player + 1))


def rig_at(board, on_roll, settings=None, score=None):
    """A rig whose game stands at `board` (White's view) with `on_roll` to roll: made
    through a snapshot, as a board resuming after a power cut would be."""
    # the snapshot made as the board makes it, loaded for the call and forgotten: a rig
    # that kept game.snapshot held its code (and bg.matchsave's) beside the Table
    import game.snapshot as snapshot
    from game.table import PRE_ROLL
    t = Table(settings)
    t.board = board.copy()
    t.phase = PRE_ROLL
    t.on_roll = on_roll
    t.opening = bytearray((2, 1) if on_roll == 0 else (1, 2))   # a game has had its opening
    if score:
        t.match.score = list(score)
        t.match.game_number = 2
        lead = 0 if score[0] >= score[1] else 1
        t.match.last_game = (lead, 1, 1, 0)     # a score comes from a game won
    r = Rig(settings, snapshot.to_bytes(t), board)
    r.feed()
    return r


def pos_of(white, black):
    """A White-view Position from {point: count} for each side, in its own numbering
    (25 = bar)."""
    p = Position()
    for q in white:
        p.me[q - 1] = white[q]
    for q in black:
        p.opp[q - 1] = black[q]
    return p


class Lcg:
    """A small deterministic generator: the same games on CPython and MicroPython."""

    def __init__(self, seed):
        self.x = seed

    def next(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n
