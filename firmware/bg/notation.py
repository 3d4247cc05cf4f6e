"""GNU Backgammon's play notation: `13/7 8/7`, `bar/22*`, `6/off`, `8/4(2)`, `24/14*/10`.

Printing follows GNU Backgammon's FormatMove: steps sorted by source (then destination)
from high to low; the steps of one checker are joined, writing an intermediate point only
where it hit (`24/14*/10`, but `24/13` for a plain 6-5); the joined moves are printed
from high to low (by source, then each landing); identical moves are grouped as `(n)`;
a `*` marks every landing on a point where the opponent had a blot (`13/7* 8/7*`).

Canonical text is what format_play prints. parse_marked reads any way of writing a play
(any order, `bar`/`b`, `off`/`o`, any case, commas, one segment per die or several dice
per segment) with its hit marks, and printing what it read gives canonical text back:
`format_play(*parse_marked(t)) == t` for every canonical t (`24/14*/10`, `bar/22*`,
`6/2*(2)`). This module imports only bg.steps: bg.play imports it, never the reverse.
"""
from bg.steps import apply_step

BAR_POINT = 25
OFF = 0


def _point_text(p):
    if p == BAR_POINT:
        return "bar"
    if p == OFF:
        return "off"
    return str(p)


def format_play(moves, hits=None):
    """Text of a play given as (from, to) steps and, per step, whether it hit."""
    if not moves:
        return ""
    hit_points = set()
    if hits:
        for (frm, to), h in zip(moves, hits):
            if h:
                hit_points.add(to)
    steps = sorted(moves, key=lambda m: (m[0], m[1]), reverse=True)
    chains = [[frm, to] for frm, to in steps]      # each chain: [source, dest1, dest2, ...]
    joined = [False] * len(chains)
    # Join the steps of one checker: a chain ending where a later one starts.
    for i in range(len(chains)):
        if joined[i]:
            continue
        for j in range(i + 1, len(chains)):
            if not joined[j] and chains[i][-1] == chains[j][0]:
                if chains[i][-1] in hit_points:
                    chains[i].append(chains[j][1])   # keep the hit intermediate point
                else:
                    chains[i][-1] = chains[j][1]
                joined[j] = True
    chains = [c for c, gone in zip(chains, joined) if not gone]
    # Printed from the highest chain down, whichever checker made which step: two ways of
    # writing one play (24/22*/21 24/23, or 24/23 24/22*/21 read back) print the same.
    chains.sort(key=tuple, reverse=True)
    parts = []
    k = 0
    while k < len(chains):
        n = 1
        while k + n < len(chains) and chains[k + n] == chains[k]:
            n += 1
        c = chains[k]
        text = _point_text(c[0])
        for p in c[1:]:
            text += "/" + _point_text(p)
            if p in hit_points:
                text += "*"
        if n > 1:
            text += "(%d)" % n
        parts.append(text)
        k += n
    return " ".join(parts)


def _parse_point(word):
    w = word.lower()
    if w == "bar" or w == "b":
        return BAR_POINT
    if w == "off" or w == "o":
        return OFF
    if not w.isdigit():
        raise NotationError("not a point: %r" % word)
    p = int(w)
    if not 1 <= p <= 24:
        raise NotationError("point out of range: %r" % word)
    return p


class NotationError(ValueError):
    """Text that is not a play in GNU Backgammon notation (the message says why)."""


def parse_marked(text):
    """The (from, to) segments of a play in GNU Backgammon notation and, per segment,
    whether it is marked as a hit (`*` after its landing point).

    `24/14*/10` gives ((24, 14), (14, 10)) and (True, False); `8/4(2)` gives
    ((8, 4), (8, 4)); a segment may span several dice (`24/13` is one segment of a 6-5).
    Raises NotationError (a ValueError) with a reason on malformed text."""
    out = []
    hits = []
    for word in text.replace(",", " ").split():
        count = 1
        if word.endswith(")"):
            open_at = word.find("(")
            if open_at < 0 or not word[open_at + 1:-1].isdigit():
                raise NotationError("bad repeat count in %r" % word)
            count = int(word[open_at + 1:-1])
            if not 1 <= count <= 4:
                raise NotationError("repeat count out of range in %r" % word)
            word = word[:open_at]
        pieces = word.split("/")
        if len(pieces) < 2:
            raise NotationError("a move needs from/to: %r" % word)
        pts = [_parse_point(p.rstrip("*")) for p in pieces]
        marks = [p.endswith("*") for p in pieces]
        for a, b in zip(pts, pts[1:]):
            if b >= a:
                raise NotationError("moves go from higher to lower points: %r" % word)
            if a == OFF or b == BAR_POINT:
                raise NotationError("impossible move: %r" % word)
        for _ in range(count):
            for k in range(1, len(pts)):
                out.append((pts[k - 1], pts[k]))
                hits.append(marks[k])
    if not out:
        raise NotationError("empty play")
    if len(out) > 4:
        raise NotationError("more than four moves: %r" % text)
    return tuple(out), tuple(hits)


def parse_play(text):
    """The (from, to) segments of a play (parse_marked without the hit marks)."""
    return parse_marked(text)[0]


def find_play(plays, text):
    """The play of `plays` (a PlayList: it holds its start position) that `text`
    describes, or None. Matched by resulting position, so any equivalent way of writing
    it is accepted; raises NotationError on malformed text."""
    pos = plays.start
    segs = parse_play(text)
    me = bytearray(pos.me)
    opp = bytearray(pos.opp)
    for frm, to in segs:
        if frm < 1 or me[frm - 1] == 0:
            return None
        apply_step(me, opp, frm, to)
    for play in plays:
        r = play.apply(pos)
        if r.me == me and r.opp == opp:
            return play
    return None
