"""The board's cube answers (app/seat.py's answer for a cube question): loaded for each
question through base/rare.py and forgotten, with engine/cubeful.py, so that neither is
in the heap while the board thinks a play (BENCHMARKS.md bench:heap, the board in a seat).

The normal and strong levels answer from the leaf net's probabilities with contact
(engine/deepleaf.py: the engine's own, e.leaf, made here as a think would make it when no
think has yet; its file open for the question only; the board's race net in a race). The
board's net's win chance is off gnubg 2-ply's by 3.6 points (standard deviation, real-match
doubles), and that noise, not its gammons nor the cube life, is what made the board take
gnubg's passes (given gnubg's win chance and the net's gammons it agrees on 98% of takes);
the leaf net's is off by 2.1 (issue 28; host_tools/benches/fit_cube.py). When moving that
win chance by up to CLOSE_W either way changes the answer they look one roll ahead:
W_ROOT of the position's own probabilities and the rest their mean over the 21 rolls, each
answered by the normal level's 0-ply play (the net's, without the leaf net's second look)
and its result valued by the leaf net with contact (1.7 points off gnubg 2-ply; 3.0 by the
board's net alone). The look costs 21 walks (each under bench engine's normal median of
70 ms on the Pico, which counts its four leaves) and 21 leaves (11.7 ms each by bench
engine: about 0.25 s more than the board's net valuing them); the position's own is one
leaf (10 ms more than the net). Without the leaf net (no file, or the flash refusing it)
the board's net values everything and W_ROOT_NET is the position's share. In a small
bear-off (engine/bearoff.py: every checker home, one off a side, 15 pips a side at most)
they take the exact win chance instead, where the net is least right (30 points off at
worst on fit_cube's training split, the board taking a pass worth 0.6 of a cube). The easy
level answers from the board's net alone. The cube life with contact is cubeful.X_BOARD.
As money, the look ahead decides from the cube's equities one roll ahead instead (the mean
of minus the opponent's cubeful equity after each roll, its own doubles counted:
cubeful.leaf_equity), W_ROOT of the position's own equities beside them: 94.3% -> 95.8%
of gnubg 2-ply's money doubles on fit_cube's check split (docs/engine.md).
"""
from bg.cube import CENTRED

P_ONE = 65536.0
CLOSE_W = 0.08      # the net's win chance is this close to another answer: look ahead
W_ROOT = 0.25       # the position's own share beside the 21 rolls' mean, by the leaf net
W_ROOT_NET = 0.5    # the same by the board's net alone (no leaf net)


def _probs(e, leaf, me, opp):
    """The five probabilities (fractions) for the side on roll of (me, opp): the leaf net's
    with contact (its file open), the board's net's in a race or without it; leaf[0] set
    to None when the flash refuses the file (the leaf net dropped: its fault())."""
    net = leaf[0]
    if net is not None and not net.race(me, opp):
        try:
            net.equity(me, opp)
        except (OSError, ValueError) as err:
            net.fault(e, err)
            leaf[0] = None
        else:
            y = net.y                           # its five outputs (engine/deepleaf.py)
            if e.tick is not None:
                e.tick()
            return (y[24] / P_ONE, y[25] / P_ONE, y[26] / P_ONE, y[27] / P_ONE, y[28] / P_ONE)
    return tuple(x / P_ONE for x in e.probs(me, opp))


def lookahead(e, me, opp, leaf=(None,), money=None):
    """The mean over the 21 rolls of the side on roll's five probabilities (fractions) after
    the board's net's 0-ply play of the roll, the opponent then on roll, each result valued
    by _probs (the leaf net's with contact when leaf[0] holds it, its file open). (The plays
    without the leaf net's second look that the normal level now gives its own plays: 21
    of them would cost about 1 s more of the Pico's time, and the cube's fit, fit_cube.py,
    was made so.) money: (owner, jacoby) of money play, the doubler's view: two values
    more, the no double's and the double/take's equity one roll ahead (per unit of the
    cube: the mean of minus the opponent's cubeful equity, engine/cubeful.py's leaf_equity,
    at cube life X_LEAF with contact, its own double counted)."""
    held = e.leaf
    had = leaf[0]
    e.leaf = None                       # (set again below, however this ends)
    try:
        return _rolls(e, me, opp, leaf, money)
    finally:
        # (dropped on the way when the flash refused its file: fault())
        e.leaf = None if had is not None and leaf[0] is None else held


def _rolls(e, me, opp, leaf, money):
    from bg.steps import apply_step
    from engine.player import won_value
    from engine import cubeful
    acc = [0.0] * (5 if money is None else 7)
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
                if money is not None:
                    # (Jacoby: a gammon counts one point while the cube is centred)
                    acc[5] += w * (1 if money[1] and money[0] == "centre" else won)
                    acc[6] += 2.0 * w * won
            else:
                r = _probs(e, leaf, o, m)       # the opponent on roll
                acc[0] += w * (1.0 - r[0])
                acc[1] += w * r[3]
                acc[2] += w * r[4]
                acc[3] += w * r[1]
                acc[4] += w * r[2]
                if money is not None:
                    x = cubeful.cube_life(o, m, cubeful.X_LEAF)
                    theirs = "them" if money[0] == "me" else "centre"
                    acc[5] -= w * cubeful.leaf_equity(r, theirs, x, money[1])
                    acc[6] -= 2.0 * w * cubeful.leaf_equity(r, "me", x)
    return tuple(v / 36.0 for v in acc)


def probabilities(e, me, opp, level, leaf=None, root=None, money=None):
    """The five probabilities the board's cube uses at `level` when the answer is close (see
    the module's docstring); leaf: [the leaf net, its file open] or None (the board's net
    alone); root: the position's own (_probs), when known. money: see lookahead; then
    (probabilities, its no double and double/take equities one roll ahead, the position's
    share of the blend)."""
    if leaf is None:
        leaf = [None]
    used = leaf[0] is not None
    probs = root or _probs(e, leaf, me, opp)
    w = W_ROOT if used else W_ROOT_NET
    if level != "easy":
        ahead = lookahead(e, me, opp, leaf, money)
        probs = tuple(w * probs[k] + (1.0 - w) * ahead[k] for k in range(5))
        if money is not None:
            return probs, ahead[5], ahead[6], w
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
    if exact is not None:
        d = cubeful.decide(exact, away, opp_away, cube, owner, crawford, beavers, jacoby, x)
        d.probs = exact
        return d
    # the normal and strong levels: the leaf net's probabilities with contact, its file
    # open for the question (closed however it ends: the engine's tick may end the think)
    leaf = [None if level == "easy" else e.leaf_net()]
    if level == "strong" and leaf[0] is not None:
        leaf[0].fast_inputs()            # (as the strong level's thinks: engine/oneply.py)
    if leaf[0] is not None:
        try:
            leaf[0].open()
        except OSError as err:
            leaf[0].fault(e, err)
            leaf[0] = None
    try:
        p = _probs(e, leaf, me, opp)
        d = cubeful.decide(p, away, opp_away, cube, owner, crawford, beavers, jacoby, x)
        if level != "easy" and not d.why:
            for k in (-2, -1, 1, 2):
                o = cubeful.decide(_win_moved(p, k * CLOSE_W / 2), away, opp_away, cube,
                                   owner, crawford, beavers, jacoby, x)
                if o.double != d.double or o.take != d.take:
                    if away:
                        p = probabilities(e, me, opp, level, leaf, p)
                        d = cubeful.decide(p, away, opp_away, cube, owner, crawford, x=x)
                        break
                    # money: the cube's equities one roll ahead (the opponent's market
                    # losers counted), the position's own share (W_ROOT) beside them
                    nd, dt = d.nd, d.dt
                    p, nd1, dt1, w = probabilities(e, me, opp, level, leaf, p,
                                                   (owner, jacoby))
                    d = cubeful._decide(w * nd + (1.0 - w) * nd1, w * dt + (1.0 - w) * dt1,
                                        1.0, beavers)
                    break
    finally:
        if leaf[0] is not None:
            leaf[0].close()
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
