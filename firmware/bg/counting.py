"""Counting: pip counts, contact, and shots (the rolls that hit a blot).

Points are numbered as in bg.position: `pos.me` is the side on roll, in its own numbering.

Shots are counted for the side on roll's blots, the hitter being the opponent (`pos.opp`),
who rolls next. This is the question after a play, since a play's result is given from the
mover's side before the turn passes: "how many of your rolls hit the blot I left?". To
count the other way, pass `pos.swapped()` and the blot's point in the opponent's numbering.

What a roll must do to hit (rules 3 and 5 of the issue; seeds 002, 004):
- Each die is a separate step; a hitting checker may use one die, both dice of a roll, or
  up to four steps of a double, and every point it lands on before the blot must be open:
  not held by two or more of the blot owner's checkers.
- A hitter with checkers on the bar must enter them first, on the blot owner's home-board
  point matching the die. With two or more on the bar (non-double) both dice enter, so only
  an entry landing on the blot hits; with one, the other die may then hit with any
  checker, the entered one included. With a double, entering takes one step per checker
  on the bar (up to four) and the steps left may hit. A closed entry point means no move.
By default the count is geometric: it ignores the obligations of rule 4, so a hit that only
a play breaking "use both dice / the larger die" could make still counts (a rare corner:
none in 1,500 blots met in random games). `legal=True` settles each such roll with the
move generator (bg.movegen, imported only then): exact, but about a move generation per
hitting roll, so for a hint screen rather than the per-scan path.

On an open board one hitter at distance 1..12 gives 11, 12, 14, 15, 15, 17, 6, 6, 5, 3,
2, 3 rolls of 36 (seed 004's table).
"""

from bg.position import BAR, is_race, pip_count


def pip_counts(pos):
    """(side on roll, opponent): the pips each still has to travel (167 each at the start)."""
    return (pip_count(pos.me), pip_count(pos.opp))


def has_contact(pos):
    """True while a checker of one side must still pass a checker of the other side.

    The opposite of bg.position.is_race (the single definition of a race).
    """
    return not is_race(pos)


def blots(pos):
    """The side on roll's points (1..24) holding exactly one checker, ascending."""
    return [i + 1 for i in range(24) if pos.me[i] == 1]


def shots(pos, blot_point=None, legal=False):
    """How many of the 36 rolls let the opponent hit the side on roll's checker on `blot_point`.

    blot_point: 1..24 in the side on roll's numbering. A point holding two or more of the
    side's checkers is closed and gives 0; an empty point gives the rolls that can reach it.
    None: the rolls hitting at least one of the side's blots (the usual "shots I leave").
    legal: count a roll only when one of its legal plays (rule 4 applied) makes the hit.
    """
    if blot_point is None:
        targets = blots(pos)
    else:
        if not isinstance(blot_point, int) or blot_point < 1 or blot_point > 24:
            raise ValueError("a blot stands on point 1 to 24, not %r" % (blot_point,))
        targets = [blot_point]
    if not targets:
        return 0
    hitter = pos.swapped() if legal else None
    count = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            # the geometric test is a superset of the legal one: it filters first
            if _roll_hits(pos.me, pos.opp, d1, d2, targets):
                if hitter is None or _legal_hit(hitter, d1, d2, targets):
                    count += 1 if d1 == d2 else 2
    return count


def _legal_hit(hitter, d1, d2, targets):
    """Does a legal play of d1-d2 by `hitter` (the side to roll) land on one of `targets`?"""
    from bg.movegen import legal_plays
    for play in legal_plays(hitter, d1, d2):
        for frm, to in play.moves:
            if to and (25 - to) in targets:
                return True
    return False


def _closed(me, x):
    """Is the opponent's point x (1..24) held by two or more of the blot owner's checkers?"""
    return me[24 - x] >= 2


def _reaches(me, opp, start, d, steps, t, entered):
    """Can a checker on opponent point `start` reach point t with 1..`steps` steps of d?

    Intermediate landing points must be open; t itself is checked by the caller.
    `start` holds one of the opponent's checkers, or `entered` (a checker just entered).
    """
    if start != entered and (start > 24 or not opp[start - 1]):
        return False
    dist = start - t
    if dist <= 0 or dist % d or dist // d > steps:
        return False
    x = start - d
    while x > t:
        if _closed(me, x):
            return False
        x -= d
    return True


def _any_reaches(me, opp, d, steps, t, entered):
    """Can any opponent checker (or the one just entered) hit point t with up to `steps` of d?"""
    start = t + d
    while start <= 24 and (start - t) // d <= steps:
        if _reaches(me, opp, start, d, steps, t, entered):
            return True
        start += d
    return False


def _roll_hits(me, opp, d1, d2, targets):
    """Does the opponent's roll d1-d2 hit one of `targets` (points in the owner's numbering)?"""
    on_bar = opp[BAR]
    for b in targets:
        if me[b - 1] >= 2:
            continue  # closed: nothing can land there
        t = 25 - b  # the blot's point in the hitter's numbering
        if d1 == d2:
            if _double_hits(me, opp, d1, on_bar, b, t):
                return True
        elif _mixed_hits(me, opp, d1, d2, on_bar, b, t):
            return True
    return False


def _double_hits(me, opp, d, on_bar, b, t):
    steps = 4
    entered = 0
    if on_bar:
        if me[d - 1] >= 2:
            return False  # cannot enter: the whole roll is lost
        if b == d:
            return True   # entering lands on the blot
        steps -= min(on_bar, 4)
        entered = 25 - d
        if not steps:
            return False
    return _any_reaches(me, opp, d, steps, t, entered)


def _mixed_hits(me, opp, d1, d2, on_bar, b, t):
    if on_bar >= 2:
        # both dice enter; an entry can hit only by landing on the blot
        return b == d1 or b == d2
    if on_bar == 1:
        return _enter_then_hit(me, opp, d1, d2, b, t) or _enter_then_hit(me, opp, d2, d1, b, t)
    if _any_reaches(me, opp, d1, 1, t, 0) or _any_reaches(me, opp, d2, 1, t, 0):
        return True
    # one checker using both dice: either order, the point after the first die must be open
    start = t + d1 + d2
    if start <= 24 and opp[start - 1]:
        if not _closed(me, start - d1) or not _closed(me, start - d2):
            return True
    return False


def _enter_then_hit(me, opp, first, second, b, t):
    """The one checker on the bar enters with `first`; then `second` may hit (any checker)."""
    if me[first - 1] >= 2:
        return False
    if b == first:
        return True
    return _any_reaches(me, opp, second, 1, t, 25 - first)
