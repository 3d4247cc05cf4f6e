"""The tutor (issue 28; Saitek's "teacher", GNU Backgammon's tutor): with Settings > Grading
at "tut.080" (2) or "tut.020" (3), main on a person's complete play first asks the app
for the play's loss against the engine's best (Table.want_tutor, answered by
app/grading.py in one walk); a play that loses 0.080 or more (a blunder; 0.020, doubtful,
at 3) is not committed: the board says "Blunder -0.123" / "Main: play it" and the next
main plays it, after an `L` record line with its loss (record.py; the export's analysis
notes it). The clock runs as usual. A second main before the verdict plays the play (no
engine to answer: the player is never held). Loaded for each press (firmware/lazy.py):
the running board keeps none of it. The Table's state changes in Table.tutor alone.
"""


BLUNDER_MILLI = 80
DOUBTFUL_MILLI = 20


def milli(loss):
    """A loss in 1/65536 of a point, in thousandths (rounded)."""
    return (loss * 1000 + 32768) >> 16


def lets(t, play):
    """Main on `play` with the tutor on: True to commit it now (warned about already: the
    warning recorded; or pressed again before the verdict), False while the app judges it."""
    moves = play.moves
    if t.tutor_warned == moves:
        t.record(("tutor", t.on_roll, milli(t.tutor_loss)))
        return True
    if t.want_tutor is not None and t.want_tutor.moves == moves:
        return True
    t.tutor(play)
    return False


def passes(t, play, loss):
    """The verdict: True when `play` may be committed, else the warning said and kept."""
    m = milli(loss)
    if m < (BLUNDER_MILLI if t.settings.grading == 2 else DOUBTFUL_MILLI):
        return True
    t.tutor(None, play.moves, loss)
    t.say(t.tr("tutor_warn", "Blunder" if m >= BLUNDER_MILLI else "Doubtful",
               "-%d.%03d" % (m // 1000, m % 1000)))
    return False
