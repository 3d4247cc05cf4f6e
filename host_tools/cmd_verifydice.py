"""`python -m host_tools verify-dice RECORD...`: recompute every roll of the board's provably
fair dice from the seed revealed in the record, check the seed against the commitment, and
name every roll that does not match (its roll number, game and move).

Exit status: 0 every roll checked and matching; 1 a roll that does not match, a revealed
seed that matches no commitment, or a record that cannot be read; 2 nothing wrong but
something could not be checked (no commitment: dice that are not the fair ones; a
commitment whose seed is not revealed yet: a match still in play; rolls entered by the
players: how many is said). Only 0 says every roll of the record is the seed's.

How the record is followed (docs/dice.md): an `F hash salt k` line starts the count at roll
number k; each roll after it takes the next number, but a game's opening roll, which takes
one number for both players' dice (White's, Black's), and the next again after a tie (ties
are not recorded), and with the reroll rule one more when the winner rolled again. Whether
an opening was kept or rolled again is not in the record: both readings are tried, and the
one with fewer mismatches is reported. After an `H` line (the record was started again in
a game, lines were lost) the count is found again among the next 64 numbers. Rolls after
a `U 1` line (physical dice entered by the players) are not the seed's: they are counted,
not checked, and take no roll number, until a `U 0`; a record holding any is not a pass
(exit 2: an edited roll behind a `U 1` line, resealed, proves nothing either way). Rolls
after a `U 2` (a match played online: the server rolled both sides' dice, issue 29) are
counted and not checked either, until the next match (exit 2 as well: the record is not all
the seed's dice).

Time: linear in the record. The readings followed at once are at most MAX_STATES (the
fewest mismatches first, then the lowest roll number): what a record may claim is bounded
(each `H` line lets the count skip at most GAP numbers, MAX_STATES readings are kept), so
thousands of `H` lines cost thousands of steps, not millions (issue 26: 3,000 lines took
about 1.8 h).
"""
import hashlib
import sys

from host_tools import record_read as record
from dice.fairdice import FairDice, from_hex

GAP = 64           # roll numbers searched after a record started again (`H`)
MAX_STATES = 4 * GAP   # readings followed at once (four `H` lines in a row, no roll between)
MAX_TIES = 60      # opening ties followed (each has probability 1/6)
NAMES = ("White", "Black")


class Segment:
    """The rolls recorded after one `F` line."""

    def __init__(self, commit_hash, salt, first, line_no):
        self.hash = commit_hash
        self.salt = salt
        self.first = first
        self.line_no = line_no
        self.items = []     # ('roll', player, d1, d2, opening, game, move) or ('gap',)
        self.entered = 0    # rolls entered by the players (`U 1`): not from the seed
        self.server = 0     # rolls of an online match's server (`U 2`): not from the seed


def segments_of(events):
    """(segments, rolls outside any commitment, reveals [(seed hex, event index)])."""
    segs = []
    outside = 0
    reveals = []
    game = move = 0
    opening_next = False
    entered = False
    for i, ev in enumerate(events):
        kind = ev[0]
        if kind == "entered":
            entered = ev[1]
        elif kind == "match":
            if entered == 2:
                entered = 0     # the server's dice were that match's
            game = 0
        elif kind == "game":
            game += 1
            move = 0
            opening_next = True
        elif kind == "position":
            move = 0
            rolled = ev[2][1:] not in ("", "00")
            opening_next = False
            if segs:
                segs[-1].items.append(("gap",))
            if rolled:
                move = 1        # the dice of the turn in progress are in the H line, not checked
        elif kind == "commit":
            segs.append(Segment(ev[1], ev[2], ev[3], i))
        elif kind == "reveal":
            reveals.append((ev[1], i))
        elif kind == "roll":
            move += 1
            if entered:
                if segs and entered == 2:
                    segs[-1].server += 1       # the online server's dice: nothing to recompute
                elif segs:
                    segs[-1].entered += 1      # the players' own dice: nothing to recompute
                else:
                    outside += 1               # (an online server's: server_rolls counts them)
            elif segs:
                segs[-1].items.append(("roll", ev[1], ev[2], ev[3], opening_next, game, move))
            else:
                outside += 1
            opening_next = False
    return segs, outside, reveals


def _after_gap(layer):
    """(layer, back) after a gap: each k2 reached from any k of `layer` with k <= k2 <
    k + GAP, at the least cost (the lowest k on a tie); one sweep over the merged ranges,
    a window minimum kept in a deque (linear in the states and the ranges' length)."""
    from collections import deque
    keys = sorted(layer)
    out, back = {}, {}
    window = deque()           # keys in (k2 - GAP, k2], their costs increasing
    i, k2 = 0, keys[0]
    while True:
        while i < len(keys) and keys[i] <= k2:
            k = keys[i]
            while window and layer[window[-1]] > layer[k]:
                window.pop()
            window.append(k)
            i += 1
        while window and window[0] <= k2 - GAP:
            window.popleft()
        if window:
            out[k2] = layer[window[0]]
            back[k2] = (window[0], None, 0)
            k2 += 1
        elif i < len(keys):
            k2 = keys[i]
        else:
            return out, back


def _bounded(layer, back):
    """The MAX_STATES readings with the fewest mismatches (then the lowest numbers)."""
    if len(layer) <= MAX_STATES:
        return layer, back
    kept = sorted(layer, key=lambda n: (layer[n], n))[:MAX_STATES]
    return dict((k, layer[k]) for k in kept), back


def _transitions(item, k, roll):
    """[(next k, mismatch 0/1, (roll number, player, expected dice))] for one roll."""
    _, p, d1, d2, opening, _, _ = item
    if not opening:
        e = roll(k)
        return [(k + 1, int((d1, d2) != e), (k, p, e))]
    j = k
    while roll(j)[0] == roll(j)[1] and j < k + MAX_TIES:
        j += 1                                  # a tie: both roll again, on the next number
    w, b = roll(j)
    winner = 0 if w > b else 1
    kept = (max(w, b), min(w, b))
    again = roll(j + 1)
    return [(j + 1, int((p, d1, d2) != (winner,) + kept), (j, winner, kept)),
            (j + 2, int((p, d1, d2) != (winner,) + again), (j + 1, winner, again))]


def align(items, fd, k0, stats=None):
    """The reading of the items with the fewest mismatches: [(item, roll number, player,
    expected dice, matches)] for the rolls, in order. stats (a dict): "states", the most
    readings followed after an item, and "work", the readings computed over all items
    (bounded by (MAX_STATES + GAP) an item: linear in the record)."""
    cache = {}

    def roll(n):
        if n not in cache:
            cache[n] = fd.roll(n)
        return cache[n]

    layer = {k0: 0}
    backs = []
    most = work = 0
    for item in items:
        if item[0] == "gap":
            nxt, back = _after_gap(layer)
        else:
            nxt = {}
            back = {}
            for k in layer:
                for k2, bad, info in _transitions(item, k, roll):
                    c = layer[k] + bad
                    if k2 not in nxt or c < nxt[k2]:
                        nxt[k2] = c
                        back[k2] = (k, info, bad)
        work += len(nxt)
        layer, back = _bounded(nxt, back)
        most = max(most, len(layer))
        backs.append(back)
    if stats is not None:
        stats["states"], stats["work"] = most, work
    k = min(layer, key=lambda n: (layer[n], n))
    out = []
    for item, back in zip(reversed(items), reversed(backs)):
        k, info, bad = back[k]
        if info is not None:
            out.append((item, info[0], info[1], info[2], not bad))
    out.reverse()
    return out


def server_rolls(events):
    """The rolls of matches played online (after a `U 2` line, until the next match): the
    server rolled them for both sides, the fair dice's commitment does not apply."""
    n = 0
    server = False
    for ev in events:
        if ev[0] == "entered":
            server = ev[1] == 2
        elif ev[0] == "match":
            server = False
        elif ev[0] == "roll" and server:
            n += 1
    return n


def verify(events, say=print):
    """Check a record's events; returns the exit status (see the module's docstring)."""
    segs, outside, reveals = segments_of(events)
    status = 0
    online = server_rolls(events)
    if online:
        say("note: %d roll(s) rolled by the online server in a match played online: the fair "
            "dice's commitment does not apply to them, not checked" % online)
        outside -= min(outside, online - sum(s.server for s in segs))
        # never a pass (issue 26: an edited roll behind a resealed `U 2` line exited 0)
        status = 2
    by_hash = {}
    for seed_hex, _ in reveals:
        try:
            seed = from_hex(seed_hex)
        except ValueError:
            continue
        by_hash.setdefault(hashlib.sha256(seed).hexdigest(), seed)
    hashes = set(s.hash for s in segs)
    for seed_hex, i in reveals:
        h = hashlib.sha256(from_hex(seed_hex)).hexdigest()
        if h not in hashes:
            say("FAIL: the seed revealed (%s...) hashes to %s..., which matches no commitment "
                "in the record: these dice cannot be trusted" % (seed_hex[:16], h[:16]))
            status = 1
    if outside:
        say("note: %d roll(s) before any commitment: not the provably fair dice" % outside)
        status = status or 2
    if not segs and not outside:
        if not online:
            say("no rolls in the record")
        return status or 2
    unchecked = 0
    for s in segs:
        unchecked += s.entered
        head = "commitment %s... (salt %s, from roll %d)" % (s.hash[:16], s.salt or "-", s.first)
        seed = by_hash.get(s.hash)
        rolls = sum(1 for it in s.items if it[0] == "roll")
        if s.entered:
            head += "; %d roll(s) entered by the players, not checked" % s.entered
        if s.server:
            head += ("; %d roll(s) rolled by the online server (the fair dice's commitment "
                     "does not apply to them), not checked" % s.server)
        if seed is None:
            say("%s: %d roll(s), seed not revealed yet (match in play?): not checked" % (head, rolls))
            status = status or 2
            continue
        checked = align(s.items, FairDice(seed, s.salt), s.first)
        bad = [c for c in checked if not c[4]]
        if not bad:
            say("%s: %d roll(s), every one as the seed gives: OK" % (head, len(checked)))
            continue
        status = 1
        say("%s: %d roll(s), %d do(es) NOT match the seed:" % (head, len(checked), len(bad)))
        for item, n, p, exp, _ in bad:
            _, rp, d1, d2, opening, game, move = item
            say("  roll %d (game %d, move %d%s): recorded %s %d-%d, the seed gives %s %d-%d"
                % (n, game, move, ", opening" if opening else "", NAMES[rp], d1, d2,
                   NAMES[p], exp[0], exp[1]))
    if unchecked:
        say("NOT PROVEN: %d roll(s) entered by the players (after a `U 1` line) were not "
            "checked: the record is not all the seed's dice" % unchecked)
        status = status or 2
    if online:
        say("NOT PROVEN: %d roll(s) rolled by the online server (after a `U 2` line) were not "
            "checked: the record is not all the seed's dice" % online)
    return status


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools verify-dice", description=__doc__.split("\n\n")[0],
                                 epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", metavar="RECORD", help="match records (.rec) pulled from the board")
    argv = ap.parse_args(argv).records        # (exits 2 without a record, 0 after --help)
    worst = 0
    for path in argv:
        if len(argv) > 1:
            print("== %s" % path)
        try:
            events, problems = record.read_file(path)
        except (OSError, record.RecordError) as e:
            print("FAIL: cannot read %s: %s" % (path, getattr(e, "strerror", None) or e))
            worst = 1
            continue
        for n, why in problems:
            print("warning: line %d skipped: %s" % (n, why))
        st = verify(events)
        worst = st if worst == 0 or st == 1 else worst
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
