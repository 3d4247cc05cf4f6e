"""A deliberately naive reference for judging: every step sequence, in every order.

Used only by tests, to check the fast judge: a position is COMPLETE when it is the end of
a legal play (most dice used; the larger die when only one can be), PARTIAL when it lies
on the way to one, else illegal. Slow and obviously right; never shipped."""


def _steps(me, opp, d):
    """Legal single steps (from, to) with die d (rules 3, 5, 6), by brute force."""
    out = []
    for p in range(25, 0, -1):
        if not me[p - 1]:
            continue
        if me[24] and p != 25:
            continue
        to = p - d
        if to > 0:
            if opp[24 - to] >= 2:
                continue
        else:
            if sum(me[6:25]):
                continue
            if to < 0 and sum(me[p:6]):
                continue
            to = 0
        out.append((p, to))
    return out


def _apply(me, opp, frm, to):
    me = bytearray(me)
    opp = bytearray(opp)
    me[frm - 1] -= 1
    if to:
        me[to - 1] += 1
        if opp[24 - to] == 1:
            opp[24 - to] = 0
            opp[24] += 1
    return me, opp


def _fp(me, opp):
    h = 0
    for b in me:
        h = (h * 131 + b + 1) & 0x3FFFFFFF
    for b in opp:
        h = (h * 131 + b + 7) & 0x3FFFFFFF
    return h


def _walk(me, opp, rest, used, first, visit):
    """Depth-first over every legal step in every order; visit(me, opp, used, first,
    leaf, below) is called after the children, `below` being what they returned."""
    below = []
    tried = []
    for k in range(len(rest)):
        d = rest[k]
        if d in tried:
            continue
        tried.append(d)
        for frm, to in _steps(me, opp, d):
            m2, o2 = _apply(me, opp, frm, to)
            below.append(_walk(m2, o2, rest[:k] + rest[k + 1:], used + 1, first or d, visit))
    return visit(me, opp, used, first, not below, below)


def classify(pos, d1, d2):
    """(complete, partial): sets of fingerprints (see _fp) of the positions of each kind.

    Two passes, keeping only small ints, so that it fits the Pico-sized test heap."""
    dice = [d1] * 4 if d1 == d2 else [d1, d2]
    stats = {"most": 0, "firsts": set()}

    def measure(me, opp, used, first, leaf, below):
        if leaf:
            if used > stats["most"]:
                stats["most"] = used
                stats["firsts"] = set()
            if used == stats["most"]:
                stats["firsts"].add(first)
        return None

    _walk(bytearray(pos.me), bytearray(pos.opp), dice, 0, 0, measure)
    most = stats["most"]
    need_first = 0
    if most == 1 and d1 != d2 and max(d1, d2) in stats["firsts"]:
        need_first = max(d1, d2)
    complete = set()
    partial = set()

    def mark(me, opp, used, first, leaf, below):
        if leaf:
            ok = used == most and (not need_first or first == need_first)
            if ok:
                complete.add(_fp(me, opp))
            return ok
        if True in below:
            partial.add(_fp(me, opp))
            return True
        return False

    _walk(bytearray(pos.me), bytearray(pos.opp), dice, 0, 0, mark)
    return complete, partial - complete


def fingerprint(pos):
    return _fp(pos.me, pos.opp)
