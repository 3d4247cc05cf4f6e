"""The tutor (issue 28; Saitek's "teacher", GNU Backgammon's tutor): with Settings > Grading
at "tut.080" (2) or "tut.020" (3), a person's decision is judged before it is made: main
on a complete play, a double, a take or a pass first asks the app for its loss against
the engine's best (Table.want_tutor: the Play, or ("double" | "take" | "pass", player);
answered by app/grading.py). A decision that loses 0.080 or more (a blunder; 0.020,
doubtful, at 3) is not made: the board says "Blunder -0.123" / "Main: play it" (the
same press again makes it: main for a play or a take, the cube button for a double, its
long press for a pass), after an `L` record line with its loss (record.py; the export's
analysis notes it). The clock runs as usual. The same press again before the verdict
makes the decision (no engine to answer: the player is never held).

Loaded for each press (firmware/lazy.py): the running board keeps none of it. The Table's
tutor state changes in Table.tutor alone; the cube's flows are game/flows.py's.
"""
BLUNDER_MILLI = 80
DOUBTFUL_MILLI = 20


def milli(loss):
    """A loss in 1/65536 of a point, in thousandths (rounded)."""
    return (loss * 1000 + 32768) >> 16


def _key(what):
    return what if isinstance(what, tuple) else what.moves


def lets(t, what):
    """A person's decision `what` with the tutor on: True to make it now (warned about, or
    approved, or pressed again before the verdict), False while the app judges it."""
    key = _key(what)
    if t.tutor_warned == key:
        if t.tutor_loss >= 0:        # warned and made anyway (-1: approved by the verdict)
            t.record(("tutor", t.acting(), milli(t.tutor_loss)))
        t.tutor(None)
        return True
    if t.want_tutor is not None and _key(t.want_tutor) == key:
        t.tutor(None)
        return True
    t.tutor(what)
    return False


def verdict(t, loss):
    """The app's verdict on want_tutor: the warning said and kept, or the decision made (a
    cube action here; a play returned for the Table to commit)."""
    what = t.want_tutor
    t.tutor(None)
    if what is None:
        return None
    m = milli(loss)
    if m >= (BLUNDER_MILLI if t.settings.grading == 2 else DOUBTFUL_MILLI):
        t.tutor(None, _key(what), loss)
        t.say(t.tr("tutor_warn", "Blunder" if m >= BLUNDER_MILLI else "Doubtful",
                   "-%d.%03d" % (m // 1000, m % 1000)))
        return None
    if not isinstance(what, tuple):
        return what
    from game import flows
    t.tutor(None, what, -1)          # approved: the flow's own check lets it through
    kind, player = what
    (flows.double if kind == "double" else flows.take if kind == "take" else flows.pass_double)(t, player)
    return None


def held(t, kind, player):
    """game/flows.py's check before a person's double, take or pass: True when the tutor
    holds it (asked, or warned about)."""
    return t.settings.grading >= 2 and not t.seats[player] and not lets(t, (kind, player))
