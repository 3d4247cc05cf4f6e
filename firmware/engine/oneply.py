"""The strong level's 1-ply (engine/player.py's think at "strong"): each candidate the
0-ply walk kept is looked at again through every opponent roll, each roll answered by the
opponent's best 0-ply play (the board's net's), and its score becomes a blend of that 1-ply
value and its 0-ply one. With the leaf net (engine/deepleaf.py) the leaves, the opponent's
best replies, and the candidates' own 0-ply values are the leaf net's.

Imported at the strong level's first think and kept from then on: a board playing at the
normal level never holds this code (0.9 KB of the Pico's heap at the widest normal think,
bench heap32). It imports nothing of engine/player.py, which imports it: the race test and
a won game's value are handed in, as engine/deepleaf.py's attach() is handed the race test.
"""
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):  # type: ignore[misc]
        return x

from engine.net import back_py

_WORST = const(-(1 << 30))      # below any value (engine/player.py's WORST)


def pieces(e, floor, race_of, won_value):
    """Engine e's candidates within `floor` (the best 0-ply score less the margin) walked
    again at 1-ply, a generator that yields between pieces of work (one opponent roll of one
    candidate); the best's score, play and hits then in e.best, e.best_path, e.best_n,
    e.best_hits. race_of(me, opp): no contact left; won_value(opp): a game won's value."""
    if e.reply_visit is None:
        e.reply_visit = _replier(e)
    if e.leaf is not None:
        e.leaf.fast_inputs()          # (its 80-odd leaves a move: the viper inputs)
        return _leaf_open(e, _candidates(e, floor, race_of, won_value))
    return _candidates(e, floor, race_of, won_value)


def _leaf_open(e, pieces):
    """pieces with the leaf net's file open (when a row is read from it, not the flash's
    mapping), closed at the end however it ends."""
    leaf = e.leaf
    try:
        leaf.open()
    except OSError as ex:
        leaf.fault(e, ex)
    try:
        for _ in pieces:
            yield None
    finally:
        leaf.close()


def _candidates(e, floor, race_of, won_value):
    best = _WORST
    # the 0-ply scores and plays of the candidates stay as they are while the opponent's
    # rolls are walked (the walker is reused); the best so far is kept here
    for k in range(e.ncand):
        if e.cand_score[k] < floor:
            continue
        b = 50 * k
        cme = bytes(e.cand_pos[b:b + 25])
        copp = bytes(e.cand_pos[b + 25:b + 50])
        s0 = e.cand_score[k]
        if sum(cme) == 0:
            v = 36 * won_value(copp)
        else:
            if e.leaf is not None:       # (before the walks: they set the scratch's root)
                s0 = e.leaf.candidate(e, cme, copp, s0)
            e.total = 0
            for _ in _opponent_rolls(e, copp, cme, race_of):
                yield None
            v = -e.total
        # the mean of the 1-ply and 0-ply values (36 x, in 1/65536): the net is trained to
        # rank a roll's results (docs/engine.md), which its 0-ply value does best, while the
        # 1-ply value sees the opponent's replies; on 3,000 real-match moves judged at 2-ply
        # the mean chose better than either (host_tools/train/screen.py); with the leaf
        # net's values (the leaves' and the candidate's own), 5/8 of the 1-ply value and 3/8
        # of the 0-ply (host_tools/train/screen_leaf.py)
        if e.leaf is not None:
            v = (5 * v + 108 * s0) // 8
        else:
            v = (v + 36 * s0) // 2
        if v > best:
            best = v
            e.best_path[:] = e.cand_path[8 * k:8 * k + 8]
            e.best_n = e.cand_n[k]
            e.best_hits = e.cand_hits[k]
    e.best = best // 36


def _opponent_rolls(e, me, opp, race_of):
    """Into e.total: 36 x the mover's (me's) expected value over its rolls, each answered by
    its best 0-ply play (me to roll next); yields after each roll."""
    race = race_of(me, opp)
    w = e.walker
    for a in range(1, 7):
        for b in range(a, 7):
            # set again each roll: the caller may have run another walk in between
            e.race_before = race
            e.opp_back = back_py(opp)
            e.ev.set_root(opp, me, race)
            e.reply = _WORST
            if e.piece:
                from engine.pieces import walk_pieces
                for _ in walk_pieces(e, me, opp, a, b, e.reply_visit):
                    yield None
            else:
                e.walked = w.walk(me, opp, a, b, e.reply_visit)
            if e.walked:
                v = e.reply
                leaf = e.leaf
                if leaf is not None:
                    # the best reply's value for the side replying: the leaf net's when its
                    # result has contact (the candidate's mover on roll there); the board's
                    # net's when the reply bore off or left a race
                    me2, opp2 = leaf.sides
                    if sum(opp2) and not race_of(me2, opp2):
                        v = leaf.against(e, me2, opp2, v)
            else:
                v = -e.ev.equity(opp, me, race)   # no play: the turn passes back
            e.total += v if a == b else 2 * v
            yield None


def _replier(e):
    """The walk's visit for the opponent's replies: keeps the best for the side replying
    (made once; a closure rather than a method, so that the Engine's class holds none of
    this code)."""
    def reply(w):
        s = e._after(w.me, w.opp, e.race_before, w.hitbits & ((1 << w.nsteps) - 1))
        if s > e.reply:
            e.reply = s
            if e.leaf is not None:        # the best reply so far, for its leaf's value
                e.leaf.leaf_pos[0:25] = w.me          # (no local more: this frame stays
                e.leaf.leaf_pos[25:50] = w.opp        # within the C stack's 11 words)
    return reply
