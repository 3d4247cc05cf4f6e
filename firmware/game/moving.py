"""Moving: judging each reading of the board during a turn, and what the board must hold
between turns. Pure functions of the reading and the turn: the Table (game/table.py) keeps
what they find and decides what follows (the hand's grace, the red, the auto-finish).

A reading becomes a Position from the mover's view (game/sensing.py) and is judged by the
turn's bg.judge.Judge: legal so far, complete, a lifted checker (one fewer on exactly one
point than the last legal board: its legal destinations are lit), checkers in a hand
(calm for GRACE_MS, then red), illegal (red, in words), or uncertain (the board waits).
"""
from bg.judge import legal_destinations, COMPLETE, PARTIAL, ILLEGAL
from bg import judge as J
from game import sensing
from game.phases import S_LEGAL, S_COMPLETE, S_LIFTED, S_ILLEGAL, S_UNCERTAIN, S_FAULT

GRACE_MS = 4000    # a checker may stay in a hand this long before the board says why not
# Auto-finish commits a complete bear-off only once the player has stopped moving: the same
# complete, settled reading for this long. A checker lifted in a bear-off reads like one
# borne off (4:2 6:1, 3-1: lifting a 4 reads as 4/off), so a complete reading alone is not
# a finished play; the player may be carrying it to 3.
AUTO_FINISH_MS = 3000
PILE = 6           # a point's floor (hardware/sensing.md): a bounded count from here is a tall pile
BAR_PILE = 4       # a bar strip's slots
# Passing states while checkers are in a hand: a checker lifted (or looking borne off), a
# hit checker put on the blot first, the blot lifted or put on the bar first.
IN_HAND = (J.CHECKERS_MISSING, J.HIT_NOT_ON_BAR, J.BEAROFF_NOT_ALLOWED, J.BEAROFF_HIGHER,
           J.BLOT_NOT_HIT, J.NOT_HIT)


class Judged:
    """What one reading during a turn is: `state` (S_LEGAL, S_COMPLETE, S_LIFTED, S_ILLEGAL
    for an illegal board the Table shows red or holds as a hand, S_UNCERTAIN, S_FAULT), the
    verdict, the lifted point and its destinations, the problem points and why, whether
    the reading is the probable one of several (tall piles), and the view judged."""
    def __init__(self, state, verdict=None, points=(), kind=None):
        self.state = state
        self.verdict = verdict
        self.problem_points = points
        self.problem_kind = kind
        self.lifted = 0
        self.dests = ()
        self.probable = False
        self.view = None


def mismatch(seen, target):
    """None when the reading `seen` shows `target`, else (wrong, unsure) points (White's
    numbering) to put right."""
    # a checker held over the board is not one on it, even where conservation would say
    # it must be: the board as it was means every checker set down
    if not sensing.has_weak(seen):
        pos, problem = sensing.read(seen, (sum(target.me), sum(target.opp)))
        if pos is not None and pos == target:
            return None
    return sensing.expected_diff(seen, target)


def judge_reading(seen, board, judge, p, start, last):
    """The reading `seen` during the turn of player `p`: `board` the position before the
    turn (White's view), `judge` the turn's, `start` the turn's start and `last` the last
    legal board (the mover's view). Returns a Judged."""
    # tall piles (a full floor or more, only bounded: a top layer may hide a checker):
    # the reading that hides none there (each at the count the sensors see) is the
    # probable one
    open_pts = []
    los = seen.lo           # in locals: read for 24 points at every settled reading
    his = seen.hi
    for q in range(1, 25):
        lo = los[q]
        if lo >= PILE and lo != his[q]:
            open_pts.append(q)
    for c in (1, 2):
        if seen.bar_lo[c] != seen.bar_hi[c] and seen.bar_lo[c] >= BAR_PILE:
            open_pts.append(24 + c)
    # the best-ranked reading so far, its verdict, its rank; the best strict rank (the
    # verdict's alone), how many readings have it, the first of them
    best = [None, None, 1 << 20, 3, 0, None]  # type: list

    def rank(pos):
        # J.HAND: an illegal candidate is not diagnosed when no hand can explain it
        # (J.UNEXPLAINED ranks 2, as every rule the diagnosis could name would); a
        # checker lifted from the last legal board is a hand whatever the verdict names
        view = pos if p == 0 else pos.swapped()
        v = judge.judge(view, J.HAND)
        r = 0 if v.kind != ILLEGAL else (
            1 if v.reason in IN_HAND or lifted_point(last, view) else 2)
        if r < best[3]:
            best[3], best[4], best[5] = r, 1, pos
        elif r == best[3]:
            best[4] += 1
        if open_pts:
            # shown: the reading with the fewest checkers hidden on the open points (a
            # checker in a hand is likelier than one on a pile's top layer), then the rules
            h = 0
            for q in open_pts:
                if q == 25:
                    h += pos.me[24] - seen.bar_lo[1]
                elif q == 26:
                    h += pos.opp[24] - seen.bar_lo[2]
                else:
                    h += pos.me[q - 1] + pos.opp[24 - q] - seen.lo[q]
            r = h * 4 + r
        if r < best[2]:
            best[0], best[1], best[2] = pos, v, r
        return r

    pos, problem = sensing.read(seen, (sum(board.me), sum(board.opp)), p, rank)
    if pos is None:
        what, pts = problem
        if what == "fault":
            # never filled in by inference: nothing can be committed until it reads again
            return Judged(S_FAULT, None, pts, what)
        if what != "mixed":
            return Judged(S_UNCERTAIN, None, pts, what)
        # Both colours on a point: onto a made point is the closed-point rule, onto
        # a blot is a hit in progress, anything else is two colours.
        reason = J.BLOT_NOT_HIT
        for q in pts:
            had = start.opp[24 - (q if p == 0 else 25 - q)]
            if had >= 2:
                reason = J.CLOSED_POINT
                break
            if had == 0:
                reason = J.MIXED
        v = J.Verdict(ILLEGAL, reason=reason, points=tuple(q if p == 0 else 25 - q for q in pts))
        return Judged(S_ILLEGAL, v, v.points, what)
    view = pos if p == 0 else pos.swapped()
    # a reading chosen among candidates was judged while ranking them: not twice
    v = best[1] if pos is best[0] and best[1] is not J.UNEXPLAINED else judge.judge(view)
    out = Judged(S_ILLEGAL, v)
    out.view = view
    # several readings as good by the rules alone: what is shown is the probable one, but
    # a commit goes through the readings that are a complete play (game/unsure.py)
    out.probable = bool(open_pts) and (best[4] > 1 or pos is not best[5])
    dw = sum(pos.me) - sum(board.me)
    if v.kind == ILLEGAL and (dw == 1 or dw == -1) and sum(pos.opp) - sum(board.opp) == -dw:
        # a checker too many of one colour and one short of the other: a checker reads
        # upside down (its magnet reversed). Never the opponent's move.
        white = dw > 0
        pts = []
        for q in range(1, 25):
            if (pos.me[q - 1] > board.me[q - 1]) if white else (pos.opp[24 - q] > board.opp[24 - q]):
                pts.append(q if p == 0 else 25 - q)
        out.verdict = J.Verdict(ILLEGAL, reason="upside", points=tuple(pts[:3]))
    elif v.kind == COMPLETE:
        out.state = S_COMPLETE
    elif v.kind == PARTIAL:
        out.state = S_LEGAL
    else:
        lifted = lifted_point(last, view)
        if lifted:
            out.state = S_LIFTED
            out.lifted = lifted
            out.dests = tuple(legal_destinations(judge, last, lifted))
    if out.state == S_ILLEGAL:
        out.problem_points = out.verdict.points
    return out


def lifted_point(before, now):
    """The point (mover's numbering) one checker was lifted from, else 0: exactly one point
    holds one checker fewer and nothing else changed."""
    if before is None or now.opp != before.opp:
        return 0
    found = 0
    for i in range(25):
        d = before.me[i] - now.me[i]
        if d == 0:
            continue
        if d != 1 or found:
            return 0
        found = i + 1
    return found


def all_home(me):
    for i in range(6, 25):
        if me[i]:
            return False
    return True
