"""The computer on USB's play, judged (app/usbseat.py's answer to `seat play MOVES`): by the
turn's own Judge, the board's rules, not the PC's word. Loaded for the play through
base/rare.py and forgotten after.
"""


def judged(t, text):
    """The turn's Play that `text` describes, or why it is none (words)."""
    from bg.notation import parse_marked
    from bg.steps import apply_step
    from bg import judge as J
    from game.screens import reason_text
    if not text:
        return "no play given: seat play 13/7 8/7"
    try:
        steps = parse_marked(text)[0]
    except ValueError as e:
        return "not a play (%s)" % e
    end = t.view.copy()
    me, opp = end.me, end.opp
    for frm, to in steps:
        if not me[frm - 1]:
            return "no checker on %s for %s" % ("the bar" if frm == 25 else frm, text)
        if to and opp[24 - to] >= 2:
            return "the %d-point is closed: %s" % (to, text)
        apply_step(me, opp, frm, to)
    v = t.judge.judge(end)
    if v.kind == J.COMPLETE:
        return v.play
    if v.kind == J.PARTIAL:
        return "not the whole roll: %s still to play" % " ".join(str(d) for d in v.remaining)
    return "illegal: %s" % reason_text(t, v)
