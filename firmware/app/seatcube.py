"""The board's cube answers (app/seat.py's answer for a cube question): loaded for each
question through firmware/lazy.py and forgotten, with engine/cubeful.py, so that neither is
in the heap while the board thinks a play (BENCHMARKS.md bench:heap, the board in a seat).
"""
from bg.cube import CENTRED

P_ONE = 65536.0


def cube_says_yes(t, e):
    """ASK_DOUBLE: should the board double; ASK_TAKE: should it take. From the net's
    probabilities for the player on roll (the doubler) and the cube's state."""
    from game.table import ASK_DOUBLE
    from engine import cubeful           # loaded for cube questions only: a hint needs none
    m = t.match
    cube = m.cube
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    raw = e.probs(view.me, view.opp)
    probs = tuple(x / P_ONE for x in raw)
    owner = "centre" if cube.owner == CENTRED else ("me" if cube.owner == p else "them")
    x = cubeful.cube_life(view.me, view.opp)
    if m.money():
        d = cubeful.money(probs, owner, cube.beavers, m.jacoby, x)
    else:
        # the match's score, the Crawford game, the cube's value and owner (engine/cubeful.py)
        d = cubeful.match(probs, m.length - m.score[p], m.length - m.score[1 - p], cube.value,
                          owner, m.crawford, x=x)
    if t.want_cube == ASK_DOUBLE:
        return d.double
    return d.take
