"""Committing a board whose counts the sensors can only bound (a pile of 7 or more shows no
third layer; a checker borne off beside it looks the same as one put on it).

The mover's main press says "my play is complete": of the readings the ranges and the
15-checker conservation allow, only those that are a complete legal play can be meant.
Exactly one: it is committed. Several: the mover picks, never the board (`t.choices`
shown one at a time, the mover's cube button shows the next, main commits the one
shown). None: nothing is committed and the OLED says so. Loaded only on that press.
"""
from bg.judge import COMPLETE
from game import sensing


def complete_plays(t):
    """The complete legal plays among the readings the last sensed board allows."""
    p = t.on_roll
    board = t.board
    plays = []
    for pos in sensing.readings(t.seen, (sum(board.me), sum(board.opp)), p):
        v = t.judge.judge(pos if p == 0 else pos.swapped())
        if v.kind == COMPLETE:
            plays.append(v.play)
    return plays


def commit(t):
    """Main pressed by the mover on an uncertain board."""
    if t.choices:
        t._commit(t.choices[t.choice])
        return
    plays = complete_plays(t)
    if len(plays) == 1:
        t._commit(plays[0])
    elif plays:
        t.choices = plays
        t.choice = 0
    else:
        t._note(t.tr("unsure_none"))

