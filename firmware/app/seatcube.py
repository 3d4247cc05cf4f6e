"""The board's cube answers (app/seat.py's answer for a cube question): loaded for each
question through firmware/lazy.py and forgotten, with engine/cubeful.py, so that neither is
in the heap while the board thinks a play (BENCHMARKS.md bench:heap, the board in a seat).

The strong level looks one roll ahead for the cube: its probabilities are the mean of the
net's for the position and of their mean over the 21 rolls (each answered by the normal
level's play, the net valuing the result with the opponent on roll): the net's noise,
which decides the close cubes, is averaged (BENCHMARKS.md, cube: 1 to 2 points more
agreement with gnubg 2-ply on each of three draws, the equity lost per double decision
down by a sixth to a half). It costs 21 walks (about 1 s of the Pico's time by bench
engine's normal median; the engine's tick scans inside them).
"""
from bg.cube import CENTRED

P_ONE = 65536.0


def lookahead(e, me, opp):
    """The mean over the 21 rolls of the side on roll's five probabilities (fractions) after
    the normal level's play of the roll, the opponent then on roll."""
    from bg.steps import apply_step
    from engine.player import won_value
    acc = [0.0, 0.0, 0.0, 0.0, 0.0]
    m = bytearray(25)
    o = bytearray(25)
    for a in range(1, 7):
        for b in range(a, 7):
            m[:] = me
            o[:] = opp
            got = e.choose(m, o, a, b, "normal")
            if got is not None:
                for f, to in got[0]:
                    apply_step(m, o, f, to)
            w = 1.0 if a == b else 2.0
            if sum(m) == 0:
                won = won_value(o) // 65536     # 1, 2 or 3 points
                acc[0] += w
                acc[1] += w if won > 1 else 0.0
                acc[2] += w if won > 2 else 0.0
            else:
                r = e.probs(o, m)               # the opponent on roll
                acc[0] += w * (1.0 - r[0] / P_ONE)
                acc[1] += w * r[3] / P_ONE
                acc[2] += w * r[4] / P_ONE
                acc[3] += w * r[1] / P_ONE
                acc[4] += w * r[2] / P_ONE
    return tuple(v / 36.0 for v in acc)


def probabilities(e, me, opp, level):
    """The five probabilities the board's cube uses at `level` (see the module's docstring)."""
    raw = e.probs(me, opp)
    probs = tuple(x / P_ONE for x in raw)
    if level == "strong":
        ahead = lookahead(e, me, opp)
        probs = tuple((probs[k] + ahead[k]) / 2.0 for k in range(5))
    return probs


def cube_says_yes(t, e):
    """ASK_DOUBLE: should the board double; ASK_TAKE: should it take. From the net's
    probabilities for the player on roll (the doubler) and the cube's state."""
    from game.table import ASK_DOUBLE
    from engine import cubeful           # loaded for cube questions only: a hint needs none
    m = t.match
    cube = m.cube
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    probs = probabilities(e, view.me, view.opp, t.level_of(t.acting()))
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
