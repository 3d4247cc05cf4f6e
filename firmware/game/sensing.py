"""From a sensed board to a Position, never by guessing.

A reading.Sensed reading gives each point a colour and a count range (lo..hi) and each
bar a range. Points the sensors are sure of are taken as they are. A point they can only
bound is resolved from 15-checker conservation (each side's checkers on the board and bar
must add up to what it should, the side moving may have some in a hand or borne off) and,
while a turn is judged, from the legal candidates (`rank`: the best-ranked reading wins).
When more than one reading remains, the answer is "uncertain" with the points involved:
the Table waits and says so.

Positions here are from White's view: me = White (White's numbering), opp = Black.
"""
from bg.position import Position

from base.reading import WHITE, BLACK, MIXED, WEAK, FAULT  # the reading sits below game/ and hw/
MAX_CANDIDATES = 64


def read(sensed, totals, mover=-1, rank=None):
    """(Position, None) or (None, (problem, points)), problem 'fault', 'mixed', 'weak' or
    'uncertain'.

    totals: (white, black) checkers each side should have on the points and bar.
    mover: 0 (White) or 1 (Black) may have fewer (a checker in hand, borne off); -1 none.
    rank: pos -> int (lower is better) to choose among readings that conservation allows.
    Points are White's numbering, 25 = White's bar, 26 = Black's bar.

    A point that a hardware fault leaves unreadable ('fault') is never filled in, not even
    by conservation: the board cannot see it. A weak field (a checker held over a point,
    'weak') is settled by conservation alone, never by the rank: a legal reading must not
    turn a hovering checker into a placed one.
    """
    fault = fault_points(sensed)
    if fault:
        return None, ("fault", fault)
    base, slots = _split(sensed, totals)
    if base is None:
        return None, ("mixed", slots)
    if not slots:
        return base, None
    points = tuple(s[0] for s in slots)
    why = sensed.why
    weak = tuple(q for q in points if why[q] == WEAK)
    if weak:
        rank = None
    if _count(slots) > MAX_CANDIDATES:
        return None, ("weak", weak) if weak else ("uncertain", points)
    best = None
    best_rank = 0
    tied = False
    for pos in _readings(base, slots, totals, mover):
        r = rank(pos) if rank else 0
        if best is None or r < best_rank:
            best, best_rank, tied = pos, r, False
        elif r == best_rank:
            tied = True
            if r == 0:
                break       # two best readings: nothing can settle it any more
    if best is None or tied:
        return None, ("weak", weak) if weak else ("uncertain", points)
    return best, None


def fault_points(sensed):
    """The points (25/26: the bars) a hardware fault leaves unreadable."""
    why = sensed.why
    if why.find(b"\x02") < 0:      # (FAULT; found in C: the usual answer is none)
        return ()
    return tuple(p for p in range(1, len(why)) if why[p] == FAULT)


def has_weak(sensed):
    """True when some count is a range because of a weak field (a checker over the board)."""
    why = sensed.why
    for p in range(1, len(why)):
        if why[p] == WEAK and (sensed.lo[p] != sensed.hi[p] if p < 25
                               else sensed.bar_lo[p - 24] != sensed.bar_hi[p - 24]):
            return True
    return False


def readings(sensed, totals, mover=-1):
    """Every Position the reading allows under conservation (a list; empty when a point
    holds both colours, a hardware fault leaves a point unreadable, or the ranges allow
    more than MAX_CANDIDATES readings)."""
    if fault_points(sensed):
        return []
    base, slots = _split(sensed, totals)
    if base is None:
        return []
    if not slots:
        return [base]
    if _count(slots) > MAX_CANDIDATES:
        return []
    return list(_readings(base, slots, totals, mover))


def _split(sensed, totals):
    """(base, slots): the sure counts in a Position and the bounded points with their
    options (no more checkers of a side than `totals` leaves beside the sure counts);
    (None, mixed points) when a point shows both colours."""
    base = Position()
    me = base.me
    opp = base.opp
    slots = []      # (point, options): options are (white, black) counts
    mixed = []
    # the arrays in locals, not three attribute lookups a point: this runs on every
    # settled reading
    colour = sensed.colour
    los = sensed.lo
    his = sensed.hi
    for p in range(1, 25):
        c = colour[p]
        lo = los[p]
        hi = his[p]
        if c == MIXED:
            mixed.append(p)
        elif lo == hi:
            if c == WHITE:
                me[p - 1] = lo
            elif c == BLACK:
                opp[24 - p] = lo
            elif hi:
                slots.append((p, _options(0, lo, hi)))
        else:
            slots.append((p, _options(c, lo, hi)))
    if mixed:
        return None, tuple(mixed)
    for c in (WHITE, BLACK):
        lo = sensed.bar_lo[c]
        hi = sensed.bar_hi[c]
        if lo == hi:
            if c == WHITE:
                base.me[24] = lo
            else:
                base.opp[24] = lo
        else:
            slots.append((24 + c, _options(c, lo, hi)))
    room_w = totals[0] - sum(base.me)
    room_b = totals[1] - sum(base.opp)
    for _, opts in slots:
        for i in range(len(opts) - 1, -1, -1):
            if opts[i][0] > room_w or opts[i][1] > room_b:
                opts.pop(i)
    return base, slots


def _count(slots):
    n = 1
    for s in slots:
        n *= len(s[1])
    return n


def _readings(base, slots, totals, mover):
    """The readings of the bounded points that 15-checker conservation allows."""
    for k in range(_count(slots)):
        pos = base.copy()
        for p, opts in slots:
            w, b = opts[k % len(opts)]
            k //= len(opts)
            if p == 25:
                pos.me[24] = w
            elif p == 26:
                pos.opp[24] = b
            else:
                pos.me[p - 1] = w
                pos.opp[24 - p] = b
        tw = sum(pos.me)
        tb = sum(pos.opp)
        if tw > totals[0] or tb > totals[1]:
            continue
        if (tw < totals[0] and mover != 0) or (tb < totals[1] and mover != 1):
            continue
        yield pos


def _options(colour, lo, hi):
    """The (white, black) counts a point may hold: its colour is known unless it looked empty."""
    if colour == WHITE:
        return [(n, 0) for n in range(lo, hi + 1)]
    if colour == BLACK:
        return [(0, n) for n in range(lo, hi + 1)]
    out = [(0, 0)] if lo == 0 else []
    for n in range(max(lo, 1), hi + 1):
        out.append((n, 0))
        out.append((0, n))
    return out


def expected_diff(sensed, target):
    """Points (White's numbering, 25/26 bars) where the sensed board differs from `target`
    (a White-view Position), and those it cannot be sure of: (wrong, unsure)."""
    wrong = []
    unsure = []
    for p in range(1, 25):
        w = target.me[p - 1]
        b = target.opp[24 - p]
        want = w or b
        colour = WHITE if w else (BLACK if b else 0)
        c = sensed.colour[p]
        lo = sensed.lo[p]
        hi = sensed.hi[p]
        if c == MIXED:
            wrong.append(p)
        elif want and c != colour and hi:
            wrong.append(p)
        elif lo <= want <= hi and lo != hi:
            unsure.append(p)
        elif not (lo == hi == want):
            wrong.append(p)
    for c, p, want in ((WHITE, 25, target.me[24]), (BLACK, 26, target.opp[24])):
        lo = sensed.bar_lo[c]
        hi = sensed.bar_hi[c]
        if lo <= want <= hi and lo != hi:
            unsure.append(p)
        elif not (lo == hi == want):
            wrong.append(p)
    return wrong, unsure
