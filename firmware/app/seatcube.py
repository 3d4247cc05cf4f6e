"""The board's cube answers (app/seat.py's answer for a cube question): loaded for each
question through base/rare.py and forgotten, with engine/cubeful.py, so that neither is
in the heap while the board thinks a play (BENCHMARKS.md bench:heap, the board in a seat).

The normal and strong levels look one roll ahead for the cube: their probabilities are the
mean of the net's for the position and of their mean over the 21 rolls (each answered by
the normal level's play, the net valuing the result with the opponent on roll). The net's
win chance is off gnubg 2-ply's by 3.6 points (standard deviation, real-match doubles) and
that noise, not its gammons nor the cube life, is what made the board take gnubg's passes
(given gnubg's win chance and the net's gammons it agrees on 98% of takes); one roll ahead
it is 3.0 points (host_tools/benches/fit_cube.py). The look costs 21 walks (about 1 s of
the Pico's time by bench engine's normal median), so it is taken only when the answer is
close: when moving the net's win chance by up to CLOSE_W either way changes it. In a small
bear-off (engine/bearoff.py: every checker home, one off a side, 15 pips a side at most)
they take the exact win chance instead, where the net is least right (30 points off at
worst on fit_cube's training split, the board taking a pass worth 0.6 of a cube).
The easy level answers from the net alone. The cube life with contact is cubeful.X_BOARD.
"""
from bg.cube import CENTRED

P_ONE = 65536.0
CLOSE_W = 0.08      # the net's win chance is this close to another answer: look ahead


def lookahead(e, me, opp):
    """The mean over the 21 rolls of the side on roll's five probabilities (fractions) after
    the board's net's 0-ply play of the roll, the opponent then on roll. (Without the leaf
    net's second look that the normal level now gives its own plays: 21 of them would cost
    about 1 s more of the Pico's time, and the cube's fit, fit_cube.py, was made so.)"""
    leaf = e.leaf
    e.leaf = None                       # (set again below, however this ends)
    try:
        return _rolls(e, me, opp)
    finally:
        e.leaf = leaf


def _rolls(e, me, opp):
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
    """The five probabilities the board's cube uses at `level` when the answer is close (see
    the module's docstring)."""
    raw = e.probs(me, opp)
    probs = tuple(x / P_ONE for x in raw)
    if level != "easy":
        ahead = lookahead(e, me, opp)
        probs = tuple((probs[k] + ahead[k]) / 2.0 for k in range(5))
    return probs


def _win_moved(p, dw):
    w = p[0] + dw
    w = 0.0 if w < 0.0 else (1.0 if w > 1.0 else w)
    return (w, min(p[1], w), min(p[2], w), min(p[3], 1.0 - w), min(p[4], 1.0 - w))


def _bearoff(e, me, opp):
    """engine/bearoff.py's exact probabilities in a small bear-off, else None (the module
    loaded only when every checker is in its home board). Its table, e.bearoff_path
    (engine/bearoff.bin beside the weights): not on the flash, the net answers; damaged,
    the net answers, e.cube_fault says why (app/seat.py says it once) and the table is
    given up."""
    if e.cube_fault is not None:
        return None                     # (its table found damaged: given up)
    for i in range(6, 25):
        if me[i] or opp[i]:
            return None
    from engine import bearoff
    try:
        return bearoff.probabilities(me, opp, e.bearoff_path)
    except OSError:
        return None
    except ValueError as err:
        e.cube_fault = "bear-off table: %s" % (err,)
        return None


def decision(e, me, opp, level, away, opp_away, cube=1, owner="centre", crawford=False,
             beavers=False, jacoby=False):
    """engine.cubeful's Decision of the board at `level` for the side on roll of (me, opp)
    (the doubler): money when away is 0, else the match at that score; its .probs the
    probabilities it answered from."""
    from engine import cubeful
    x = cubeful.cube_life(me, opp, cubeful.X_BOARD)
    exact = None if level == "easy" else _bearoff(e, me, opp)     # exact: no look ahead
    p = exact or probabilities(e, me, opp, "easy")
    d = cubeful.decide(p, away, opp_away, cube, owner, crawford, beavers, jacoby, x)
    if exact is None and level != "easy" and not d.why:
        for k in (-2, -1, 1, 2):
            o = cubeful.decide(_win_moved(p, k * CLOSE_W / 2), away, opp_away, cube, owner,
                               crawford, beavers, jacoby, x)
            if o.double != d.double or o.take != d.take:
                p = probabilities(e, me, opp, level)
                d = cubeful.decide(p, away, opp_away, cube, owner, crawford, beavers, jacoby, x)
                break
    d.probs = p
    return d


def cube_says_yes(t, e, ask):
    """`ask` ASK_DOUBLE: should the board double; ASK_TAKE: should it take. From the net's
    probabilities for the player on roll (the doubler) and the cube's state."""
    from game.table import ASK_DOUBLE
    m = t.match
    cube = m.cube
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    owner = "centre" if cube.owner == CENTRED else ("me" if cube.owner == p else "them")
    if m.money():
        d = decision(e, view.me, view.opp, t.level_of(t.acting()), 0, 0, cube.value, owner,
                     False, cube.beavers, m.jacoby)
    else:
        # the match's score, the Crawford game, the cube's value and owner (engine/cubeful.py)
        d = decision(e, view.me, view.opp, t.level_of(t.acting()), m.length - m.score[p],
                     m.length - m.score[1 - p], cube.value, owner, m.crawford)
    if ask == ASK_DOUBLE:
        return d.double
    return d.take
