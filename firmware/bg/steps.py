"""The step rule, once: where one checker may go with one die (landing), which checkers
may move (lowest_source), and a step applied and taken back. The move generator and the
engine's walker step through it in bg.walk.StepWalk; the judge in its searches, its dice
count (max_dice here) and a lifted checker's walk.

Rules (the numbers are those of the rule sheet):
  3. each die is one step; a point held by two or more opposing checkers is closed;
     landing on a blot hits it (the caller applies the hit);
  5. while a checker is on the bar, nothing else moves; the bar (25) enters on 25 - die;
  6. bear-off only with all fifteen home; a die bears off from its own point, or from the
     highest occupied point when no checker stands higher.
Rule 4 (as many dice as possible, else the larger die) is a property of whole plays:
bg.walk.StepWalk.walk applies it; the judge applies it to the boards it judges.

bg.walk, the judge's search and max_dice below inline landing()'s one-line board case (a
closed point) in their hottest loops, for speed (a call a step tried); every other use,
and every bear-off step, calls landing(). The judge's search inlines lowest_source too.

Boards are GNU Backgammon's two 25-byte arrays from the mover's view (bg.position):
me[p - 1] holds our checkers on our point p (me[24] the bar), opp[24 - p] the opponent's
on that same point. Checking a step reads two or three bytes; nothing is allocated.
"""

NO = -1           # landing(): the rules forbid this step
OFF = 0
BAR_POINT = 25


def landing(me, opp, p, d, outside):
    """Where a checker of ours on point p (25 = bar) lands with die d: 1..24, OFF (0), or
    NO. The caller knows a checker stands on p and that p may move (lowest_source), and
    passes `outside`, how many of ours are outside the home board (points 7..25)."""
    to = p - d
    if to > 0:
        return NO if opp[24 - to] >= 2 else to       # a closed point
    if outside:
        return NO                                      # bear-off before all are home
    if to < 0:
        # a larger die bears off only from the highest occupied point
        q = p
        while q < 6:
            if me[q]:
                return NO
            q += 1
    return OFF


def lowest_source(me):
    """The lowest point a checker may leave from: the bar only while one is on it."""
    return BAR_POINT if me[24] else 1


def outside(me):
    """Our checkers outside the home board (points 7..24 and the bar)."""
    n = 0
    for i in range(6, 25):
        n += me[i]
    return n


def can_step(me, opp, p, d):
    """landing() for a single question (a checker on p? may p move?): the landing point or
    NO. Counts `outside` itself: for loops, track it and call landing()."""
    if p < lowest_source(me) or not me[p - 1]:
        return NO
    # `outside` matters only to a bear-off: counted only then (it reads 19 points)
    return landing(me, opp, p, d, outside(me) if p <= d else 0)


def landing_relaxed(me, opp, p, d, outside_n, relax):
    """landing() with rules lifted, to name the rule a board breaks (bg.judge's diagnosis):
    relax bit 1 lifts closed points, bit 4 the bear-off rules (bit 2, bar first, is the
    caller's: it widens the sources)."""
    to = p - d
    if to > 0:
        return to if relax & 1 else landing(me, opp, p, d, outside_n)
    if relax & 4:
        return OFF
    return landing(me, opp, p, d, outside_n)


def apply_step(me, opp, frm, to):
    """Move one checker of `me` from point `frm` to point `to` (0 = off), hitting a blot.

    Returns True when the step hit. Does not check legality (landing() does)."""
    me[frm - 1] -= 1
    if to > 0:
        me[to - 1] += 1
        oi = 24 - to
        if opp[oi] == 1:
            opp[oi] = 0
            opp[24] += 1
            return True
    return False


def take_back(me, opp, frm, to, hit):
    """Undo apply_step (hit: what it returned)."""
    if hit:
        opp[24] -= 1
        opp[24 - to] = 1
    if to:
        me[to - 1] -= 1
    me[frm - 1] += 1


def max_dice(me, opp, dice, used=0):
    """The most dice of `dice` (a tuple) playable from (me, opp), not counting those whose
    bit is set in `used`; stops at the first full play. Steps by landing(); applies and
    takes back in place, allocates nothing. (bg.walk.StepWalk makes whole plays; this
    only counts dice, for the judge and the saved-state check, without loading it.)"""
    n = len(dice)
    left = 0
    for k in range(n):
        if not used & (1 << k):
            left += 1
    if left == 0:
        return 0
    out = -1                 # counted at the first bear-off tried (it reads 19 points)
    lo = lowest_source(me)
    best = 0
    tried = 0
    for k in range(n):
        if used & (1 << k):
            continue
        d = dice[k]
        if tried & (1 << d):
            continue
        tried |= 1 << d
        for p in range(25, lo - 1, -1):
            if not me[p - 1]:
                continue
            if p > d:
                to = p - d                     # landing()'s board case, inline
                if opp[24 - to] >= 2:
                    continue
            else:
                if out < 0:
                    out = outside(me)
                to = landing(me, opp, p, d, out)
                if to < 0:
                    continue
            if left == 1:
                return 1      # the last die can be played: no step made, no call to count
            hit = apply_step(me, opp, p, to)
            got = 1 + max_dice(me, opp, dice, used | (1 << k))
            take_back(me, opp, p, to, hit)
            if got > best:
                best = got
                if best == left:
                    return left
    return best
