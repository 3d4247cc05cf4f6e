"""Moving: judging each reading of the board during a turn, and what the board must hold
between turns. Functions of the Table `t` (game/table.py), kept apart to keep each file short.

A reading becomes a Position from the mover's view (game/sensing.py) and is judged by the
turn's bg.judge.Judge: legal so far, complete, a lifted checker (one fewer on exactly one
point than the last legal board: its legal destinations are lit), checkers in a hand
(calm for GRACE_MS, then red), illegal (red, in words), or uncertain (the board waits).
"""
from bg.position import is_race
from bg.judge import legal_destinations, COMPLETE, PARTIAL, ILLEGAL
from bg import judge as J
from game import sensing
import events
import ticks

# what the board shows while moving
S_NONE = 0
S_LEGAL = 1        # legal so far
S_COMPLETE = 2     # a complete legal play: may be committed
S_LIFTED = 3       # one checker lifted from a legal board
S_IN_HAND = 4      # checkers in a hand: calm for GRACE_MS
S_ILLEGAL = 5      # shown red with its reason
S_UNCERTAIN = 6    # the sensors cannot count some points
S_FAULT = 7        # a hardware fault leaves some points unreadable: the board waits

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


def evaluate(t):
    """Judge the last reading in the light of the phase."""
    t.mismatch = None
    if t.seen is None:
        return
    from game import table as T
    phase = t.phase
    fault = sensing.fault_points(t.seen) if phase < T.GAME_OVER else ()
    if fault != t.hw_fault:
        t.hw_fault = fault
        if fault:
            # once per fault: on serial, in words, with what the scanner knows
            t._event(events.error("sensor_fault", fault_words(t), fault))
            t._emit("beep", "illegal")
    if phase == T.MOVING:
        judge_reading(t)
        if t.restoring and t.state in (S_LEGAL, S_COMPLETE, S_LIFTED):
            t.restoring = False
        if t.restoring:
            check_target(t, t.board)
        return
    if phase >= T.GAME_OVER:
        return
    if check_target(t, t.board):
        t.restoring = False
        if phase == T.SETUP:
            t.phase = T.OPENING


def check_target(t, target):
    """True when the board holds `target`; else mismatch is set."""
    seen = t.seen
    # a checker held over the board is not one on it, even where conservation would say
    # it must be: the board as it was means every checker set down
    if not sensing.has_weak(seen):
        pos, problem = sensing.read(seen, (sum(target.me), sum(target.opp)))
        if pos is not None and pos == target:
            return True
    t.mismatch = sensing.expected_diff(seen, target)
    return False

def judge_reading(t):
    p = t.on_roll
    judge = t.judge
    board = t.board

    seen = t.seen
    last = t.last_legal
    # tall piles (a full floor or more, only bounded: a top layer may hide a checker):
    # the reading that hides none there (each at the count the sensors see) is the
    # probable one
    open_pts = [q for q in range(1, 25) if seen.lo[q] != seen.hi[q] and seen.lo[q] >= PILE]
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

    pos, problem = sensing.read(t.seen, (sum(board.me), sum(board.opp)), p, rank)
    finishing = t.finish_view
    t.finish_view = None       # kept below only while the same complete board stands
    t.lifted = 0
    t.choices = None           # a new reading: the plays it fits are found again on main
    t.dests = ()
    # several readings as good by the rules alone: what is shown is the probable one, but
    # a commit goes through the readings that are a complete play (game/unsure.py)
    t.probable = bool(open_pts) and pos is not None and (best[4] > 1 or pos is not best[5])
    if pos is None:
        what, pts = problem
        t.problem_kind = what
        if what == "fault":
            # never filled in by inference: nothing can be committed until it reads again
            t.state = S_FAULT
            t.problem_points = pts
            t.clock.paused = True
            return
        if what == "mixed":
            # Both colours on a point: onto a made point is the closed-point rule, onto
            # a blot is a hit in progress, anything else is two colours.
            start_opp = t.view.opp
            reason = J.BLOT_NOT_HIT
            for q in pts:
                had = start_opp[24 - (q if p == 0 else 25 - q)]
                if had >= 2:
                    reason = J.CLOSED_POINT
                    break
                if had == 0:
                    reason = J.MIXED
            t.verdict = J.Verdict(ILLEGAL, reason=reason,
                                     points=tuple(q if p == 0 else 25 - q for q in pts))
            illegal_or_in_hand(t)
        else:
            t.state = S_UNCERTAIN
            t.problem_points = pts
        return
    view = pos if p == 0 else pos.swapped()
    # a reading chosen among candidates was judged while ranking them: not twice
    v = best[1] if pos is best[0] and best[1] is not J.UNEXPLAINED else judge.judge(view)
    t.verdict = v
    dw = sum(pos.me) - sum(board.me)
    if v.kind == ILLEGAL and (dw == 1 or dw == -1) and sum(pos.opp) - sum(board.opp) == -dw:
        # a checker too many of one colour and one short of the other: a checker reads
        # upside down (its magnet reversed). Never the opponent's move.
        white = dw > 0
        pts = []
        for q in range(1, 25):
            if (pos.me[q - 1] > board.me[q - 1]) if white else (pos.opp[24 - q] > board.opp[24 - q]):
                pts.append(q if p == 0 else 25 - q)
        t.verdict = J.Verdict(ILLEGAL, reason="upside", points=tuple(pts[:3]))
        show_illegal(t)
        return
    if v.kind == COMPLETE:
        t.state = S_COMPLETE
        t.last_legal = view
        if t.settings.auto_finish and not t.restoring and not t.probable \
                and is_race(t.view) and all_home(t.view.me):
            # committed by tick() once this board has stood for AUTO_FINISH_MS
            if finishing is None or finishing != view:
                t.finish_at = ticks.add(t.now, AUTO_FINISH_MS)
            t.finish_view = view
        return
    if v.kind == PARTIAL:
        t.state = S_LEGAL
        t.last_legal = view
        return
    lifted = lifted_point(t.last_legal, view)
    if lifted:
        t.state = S_LIFTED
        t.lifted = lifted
        t.dests = tuple(legal_destinations(judge, t.last_legal, lifted))
        return
    illegal_or_in_hand(t)

def illegal_or_in_hand(t):
    reason = t.verdict.reason
    if reason in IN_HAND:
        # a new hand state (the blot now lifted, say) gets its own grace period
        if (t.state != S_IN_HAND and t.state != S_ILLEGAL) or t.in_hand_reason != reason:
            t.state = S_IN_HAND
            t.in_hand_since = t.now
            t.in_hand_reason = reason
        if ticks.diff(t.now, t.in_hand_since) >= GRACE_MS:
            show_illegal(t)
        else:
            t.state = S_IN_HAND
        return
    show_illegal(t)

def show_illegal(t):
    v = t.verdict
    t.state = S_ILLEGAL
    t.problem_points = v.points
    key = (v.reason, v.points)
    if key != t.shown_error:
        t.shown_error = key
        from game.screens import reason_text
        t._event(events.error(v.reason, reason_text(t, v), v.points))
        t._emit("beep", "illegal")


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


def auto_finish(t, now):
    """From tick(): commit the complete bear-off that has stood for AUTO_FINISH_MS (no new
    reading since, no menu open, no resignation pending)."""
    if t.finish_view is None or t.state != S_COMPLETE or t.menu is not None \
            or not ticks.reached(now, t.finish_at):
        return False
    from bg.cube import NOBODY
    if t.match.resigned_by != NOBODY:
        return False
    t.finish_view = None
    t._commit(t.verdict.play)
    return True


def fault_words(t):
    """The serial line's words for a hardware fault: the points, then what the scanner
    found (bank, sensor), never an errno alone."""
    pts = " ".join("bar" if p > 24 else str(p) for p in t.hw_fault)
    parts = []
    for code, d in t.seen.faults:
        if code == "mux":
            parts.append("bank %d/%d: %s" % (d[0], d[1], d[2]))
        elif code == "out_of_range":
            parts.append("sensor %d reads %s" % (d[0], d[1]))
        elif code == "stuck":
            parts.append("sensor %d frozen" % d)
    return "hardware fault, not a move: points %s cannot be read%s" % (
        pts, (" (" + "; ".join(parts) + ")") if parts else "")
