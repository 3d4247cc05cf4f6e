"""Committing a board whose counts the sensors can only bound (a pile of 7 or more shows no
third layer; a checker borne off beside it looks the same as one put on it).

The mover's main press says "my play is complete": of the readings the ranges and the
15-checker conservation allow, only those that are a complete legal play can be meant.
Exactly one: the Table commits it. Several: the mover picks, never the board (the Table's
`choices`, shown one at a time, the mover's cube button shows the next, main commits the
one shown). None: nothing is committed and the OLED says so. Loaded only on that press
(base/rare.py: unsure.complete_plays).
"""
from bg.judge import COMPLETE
from game import sensing


def complete_plays(seen, board, judge, p):
    """The complete legal plays among the readings `seen` allows, for player `p` on
    `board` (White's view), judged by the turn's `judge`."""
    plays = []
    for pos in sensing.readings(seen, (sum(board.me), sum(board.opp)), p):
        v = judge.judge(pos if p == 0 else pos.swapped())
        if v.kind == COMPLETE:
            plays.append(v.play)
    return plays
