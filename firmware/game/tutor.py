"""The tutor (issue 28; Saitek's "teacher", GNU Backgammon's tutor): with Settings > Grading
at "tut.080" (2) or "tut.020" (3), a person's decision is judged before it is made: main
on a complete play, a double, a take or a pass first asks the app for its loss against
the engine's best (the Table's `tutor[0]`: the Play, or ("double" | "take" | "pass",
player); app/grading.py answers with tutor.tutor(table, loss)). A decision that loses
0.080 or more (a blunder; 0.020, doubtful, at 3) is not made: the board says "Blunder
-0.123" / "Main: play it", and the same press again makes it (main for a play or a take,
the cube button for a double, its long press for a pass), after an `L` record line with
its loss (host_tools/record_read.py; the export's analysis notes it). Below the threshold the verdict
makes the press again itself (Table.button: the board must still hold the play). The
clock runs as usual. The same press again before the verdict makes the decision (no
engine to answer: the player is never held), as does auto finish's commit of a bear-off.

The state is the Table's list `tutor` (made with the Table, changed here only): [the
decision asked about, the one warned about or approved (a play's moves or the cube
tuple), its loss in 1/65536 (-1: approved by the verdict), the Table's record line count
when set]: a record line since (a turn played, a game over) makes it stale. One name,
tutor.tutor, for the Table's commit, game/flows.py's cube actions and the app's verdict;
loaded for the call: the running board keeps none of this code.
"""
BLUNDER_MILLI = 80
DOUBTFUL_MILLI = 20


def milli(loss):
    """A loss in 1/65536 of a point, in thousandths (rounded)."""
    return (loss * 1000 + 32768) >> 16


def tutor(t, x):
    """tutor.tutor: x a loss (int), the app's verdict; else a person's decision (a Play or a
    cube tuple) about to be made: True to make it now."""
    if isinstance(x, int):
        return verdict(t, x)
    return lets(t, x)


def _key(what):
    return what if isinstance(what, tuple) else what.moves


def _set(t, asked=None, warned=None, loss=0):
    s = t.tutor
    s[0] = asked
    s[1] = warned
    s[2] = loss
    s[3] = t.rec_seq


def asked(t):
    """The decision waiting for the app's verdict, or None."""
    s = t.tutor
    return s[0] if s[3] == t.rec_seq else None


def lets(t, what):
    """A person's decision `what` with the tutor on: True to make it now (warned about, or
    approved, or pressed again before the verdict), False while the app judges it."""
    player = what[1] if isinstance(what, tuple) else t.on_roll
    if t.away[player]:
        return True                  # the ghost plays for an absent player (seed 003)
    s = t.tutor
    key = _key(what)
    fresh = s[3] == t.rec_seq
    if fresh and s[1] == key:
        if s[2] >= 0:                # warned and made anyway (-1: approved by the verdict)
            t.record(("tutor", player, milli(s[2])))
        _set(t)
        return True
    if fresh and s[0] is not None and _key(s[0]) == key:
        _set(t)
        return True
    _set(t, what)
    return False


def verdict(t, loss):
    """The app's verdict on the decision asked about: the warning said and kept, or the same
    press made again, approved."""
    what = asked(t)
    _set(t)
    if what is None:
        return None
    m = milli(loss)
    key = _key(what)
    if m >= (BLUNDER_MILLI if t.settings.grading == 2 else DOUBTFUL_MILLI):
        _set(t, None, key, loss)
        t.say(t.tr("tutor_warn", t.tr("t_blunder" if m >= BLUNDER_MILLI else "t_doubtful"),
                   "-%d.%03d" % (m // 1000, m % 1000)))
        t.button("none")             # (the screen says it now)
        return None
    _set(t, None, key, -1)           # approved: the press's own check lets it through
    kind, player = what if isinstance(what, tuple) else ("play", t.on_roll)
    t.button("p%d_%s" % (player + 1, "main" if kind in ("play", "take") else "cube"),
             "long" if kind == "pass" else "press")
    return None
