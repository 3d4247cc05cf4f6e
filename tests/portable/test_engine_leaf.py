"""The strong level with a leaf net (engine/deepleaf.py; a file of random weights of the
fitted net's shape, written here: the mechanics, not the strength): it values the contact
leaves with it and still plays a legal play, the file closed after each think; without the
file it plays as before and loads nothing of it; a damaged file or a flash error mid-think
is named (Engine.deep_fault) and the think ends with a legal play by the board's own net.
Runs under CPython (the bytecode path) and under MicroPython (viper)."""
from bg.movegen import legal_plays
from bg.play import Play
from bg.position import Position
import scratch
from corepos import Lcg, played_positions
from engine.player import Engine
from heapuse import held, grew

ONE_HEAP_PER_TEST = True   # (tests/test_micropython.py: each test in a fresh heap, where the
#                            leaf net's code is loaded for the first time, or not at all)

_F = __file__
TESTS = _F[:_F.rfind("/")] if "/" in _F else "."
WEIGHTS = TESTS + "/../../firmware/engine/weights.bin"
LEAF = scratch.path("leafnet-test.bin")


def _legal(pos, d1, d2, play):
    """The play's result is one of the roll's legal results (None: there is none)."""
    results = [p.apply(pos) for p in legal_plays(pos, d1, d2)]
    if play is None:
        return not results
    r = Play(play[0], play[1]).apply(pos)
    return any(bytes(x.me) == bytes(r.me) and bytes(x.opp) == bytes(r.opp) for x in results)


def _write_leaf_file(path):
    """A TBL1 file (engine/deepleaf.py's layout) of seeded random weights of moderate size."""
    rng = Lcg(2024)

    def u16(v):
        return bytes((v & 255, v >> 8))
    import hashlib
    h = hashlib.sha256()

    class Checked:
        """The file, its check (firmware/filecheck.py) kept as it is written."""

        def __init__(self, f):
            self.f = f

        def write(self, b):
            h.update(b)
            self.f.write(b)
    with open(path, "wb") as raw:
        f = Checked(raw)
        f.write(b"TBL1" + u16(202) + u16(16) + u16(256) + u16(0))
        for _ in range(16):
            f.write((200 + rng.below(4000)).to_bytes(4, "little"))      # P
        f.write(b"".join(u16(4096 - 300 + rng.below(600)) for _ in range(5)) + b"\0\0")
        row = bytearray(256)
        for _ in range(202):
            for j in range(256):
                row[j] = 128 - 40 + rng.below(81)
            f.write(row)
        unit = bytearray(30)
        for _ in range(256):
            unit[0:2] = u16(20 + rng.below(200))                         # M
            unit[2:4] = u16((rng.below(4000) - 2000) & 0xFFFF)           # B1
            for k in range(5):
                unit[4 + 2 * k:6 + 2 * k] = u16(4096 - 200 + rng.below(400))
            for k in range(16):
                unit[14 + k] = 128 - 60 + rng.below(121)
            f.write(unit)
        raw.write(h.digest()[:4])


_written = []


def _leaf():
    if not _written:
        _write_leaf_file(LEAF)
        _written.append(LEAF)
    return LEAF


def _contact(n):
    out = []
    for pos in played_positions(515, 60):
        if len(out) == n:
            break
        b = pos.opp
        if sum(pos.me[6:]) and sum(b[6:]):             # both sides still behind: contact
            out.append(pos)
    return out


def test_the_strong_level_values_its_contact_leaves_with_the_leaf_net_and_plays_legally():
    assert Engine(WEIGHTS, None).leaf_path.endswith("engine/leafnet.bin")    # beside the weights
    e = Engine(WEIGHTS, None, _leaf())
    for pos in _contact(1):
        d1, d2 = 6, 5
        got = e.choose(pos.me, pos.opp, d1, d2, "strong")
        assert got is None or _legal(pos, d1, d2, got), (pos, d1, d2, got)
    assert e.leaf is not None and e.leaf.evals > 20, e.deep_fault
    assert e.deep_fault is None and e.leaf.f is None    # the file is closed after each think


def test_the_seats_scan_runs_inside_and_after_each_leaf_as_well_as_at_the_nets_evaluations():
    """A leaf is about 25 evaluations' work: a strong think of short reply walks went 0.4 s
    of the Pico's estimate without a scan when only the board's net's evaluations ticked,
    and the scan in parts wants a tick about every 2 ms. The board's net evaluates the
    same positions with and without the leaf net (it only values the leaves): the ticks
    with it are those without plus LEAF_TICKS inside each leaf and one after it."""
    from engine.deepleaf import TICK_LEAVES, LEAF_TICKS
    ticks = {}
    for name, leaf in (("leaf", _leaf()), ("none", False)):
        e = Engine(WEIGHTS, None, leaf)
        got = ticks[name] = [0]          # (a count: a list of the ticks outgrew the test's heap)

        def tick(got=got):
            got[0] += 1
        e.tick = tick
        for pos in _contact(2):
            e.choose(pos.me, pos.opp, 6, 5, "strong")
        if leaf:
            leaves = e.leaf.evals
            e.tick = None
            e.choose(pos.me, pos.opp, 6, 5, "strong")       # no tick set: none called, no error
    assert leaves > 40
    assert LEAF_TICKS >= 1
    assert ticks["leaf"][0] - ticks["none"][0] == leaves // TICK_LEAVES + leaves * LEAF_TICKS, \
        (ticks["leaf"][0], ticks["none"][0], leaves)


# The heap an Engine without the leaf net's file holds, its thinks played, beyond one made
# with the leaf net off that played the same thinks first (MicroPython, 64-bit unix port):
# measured -672 (the strong level's thinks) and -1,888 (the normal level's); 2,848 and 1,600
# with engine/deepleaf.py loaded before the file is looked for (its code: 3.3 KB).
LEAF_ABSENT_MORE_MAX = 500


def _without_and_off(thinks):
    """(an Engine without the file, one with the leaf net off, how much more heap the first
    holds than the second once both played `thinks(engine)`; None under CPython). The off
    one first: what a first think leaves for good (interned names) is not counted against
    the one without the file."""
    before = held()
    off = Engine(WEIGHTS, None, False)
    off_plays = thinks(off)
    off_size = grew(before)
    before = held()
    without = Engine(WEIGHTS, None, TESTS + "/no-such-leafnet.bin")
    assert thinks(without) == off_plays
    size = grew(before)
    return without, off, None if size is None else size - off_size


def test_without_the_file_the_strong_level_plays_as_before():
    def thinks(e):
        return [e.choose(pos.me, pos.opp, 6, 5, "strong") for pos in _contact(1)]
    without, off, more = _without_and_off(thinks)
    assert without.leaf is None and without.deep_fault is None
    assert more is None or more <= LEAF_ABSENT_MORE_MAX, more   # nothing of the leaf net loaded


def test_a_damaged_file_is_named_and_the_strong_level_plays_with_its_own_net():
    import scratch
    bad = scratch.path("leafnet-damaged.bin")
    with open(bad, "wb") as f:
        f.write(b"TBN2" + bytes(200))
    e = Engine(WEIGHTS, None, bad)
    pos = Position.start()
    got = e.choose(pos.me, pos.opp, 6, 5, "strong")
    assert _legal(pos, 6, 5, got)
    assert e.leaf is None and "leaf net" in e.deep_fault and "not a leaf net file" in e.deep_fault


def test_a_leaf_net_cut_short_or_changed_is_named_not_used():
    """Issue 26: the shipped leaf net cut short (an interrupted copy) was used without a word
    and the strong level played the opening 6-1 as 24/23 24/18. Its check (filecheck.py)
    names it; the strong level plays with its own net."""
    import scratch
    path = _leaf()
    cut = scratch.path("leafnet-cut.bin")
    changed = scratch.path("leafnet-changed.bin")

    def copy(dst, upto, flip):
        """path's first `upto` bytes to dst, byte `flip` changed (in 1 KB pieces: the
        MicroPython run's heap has no room for the whole file)."""
        buf = bytearray(1024)
        at = 0
        with open(path, "rb") as f, open(dst, "wb") as g:
            while at < upto:
                n = f.readinto(buf)
                if not n:
                    break
                n = min(n, upto - at)
                if at <= flip < at + n:
                    buf[flip - at] ^= 1
                g.write(memoryview(buf)[:n])
                at += n
    copy(cut, 30000, -1)
    copy(changed, 1 << 30, 1000)
    off = Engine(WEIGHTS, None, False)
    pos = Position.start()
    for bad, words in ((cut, "cut short"), (changed, "its check fails")):
        e = Engine(WEIGHTS, None, bad)
        got = e.choose(pos.me, pos.opp, 6, 1, "strong")
        assert got == off.choose(pos.me, pos.opp, 6, 1, "strong")
        assert e.leaf is None and words in e.deep_fault, e.deep_fault


class _Failing:
    """A file whose reads fail after `ok` of them (a flash error mid-think)."""

    def __init__(self, f, ok):
        self.f = f
        self.ok = ok

    def seek(self, at):
        return self.f.seek(at)

    def readinto(self, b):
        self.ok -= 1
        if self.ok < 0:
            raise OSError(5)
        return self.f.readinto(b)

    def close(self):
        self.f.close()


def test_a_flash_error_mid_think_is_named_and_the_think_ends_legally():
    e = Engine(WEIGHTS, None, _leaf())
    pos = _contact(1)[0]
    from engine import deepleaf
    e._make_cands()
    from engine.player import contact_free
    deepleaf.attach(e, contact_free)                                   # as its first strong think does
    leaf = e.leaf
    opened = leaf.open

    def failing_open():
        opened()
        leaf.f = _Failing(leaf.f, 200)
    leaf.open = failing_open
    got = e.choose(pos.me, pos.opp, 6, 5, "strong")
    assert _legal(pos, 6, 5, got)
    assert e.leaf is None and e.deep_fault.startswith("leaf net: ") and "5" in e.deep_fault, e.deep_fault
    assert leaf.f is None                                # closed on the way out
    race = Position(bytes([3, 3, 3, 3, 3]) + bytes(20), bytes([2, 2, 2, 3, 3, 3]) + bytes(19))
    assert _legal(race, 4, 2, e.choose(race.me, race.opp, 4, 2, "strong"))   # and it goes on


def test_the_leaf_net_reading_into_the_walkers_set_plays_as_with_a_buffer_of_its_own():
    # on viper the leaf net's one buffer is the walker's set of results (idle between two
    # walks, zeroed after each leaf): a leftover there would hide results from later walks
    shared = Engine(WEIGHTS, None, _leaf())
    own = Engine(WEIGHTS, None, _leaf())
    first = _contact(1)[0]
    for e in (shared, own):
        e.choose(first.me, first.opp, 6, 5, "strong")          # the leaf net made
    net = own.leaf
    if net.shared:
        b = bytearray(512)
        v = memoryview(b)
        nh = net.nh
        net.buf, net.rows, net.one, net.second, net.units = b, v[:2 * nh], v[:nh], v[nh:2 * nh], v[:480]
        net.shared = False
    for pos in _contact(3)[1:]:
        for d1, d2 in ((3, 1), (6, 2)):
            got = shared.choose(pos.me, pos.opp, d1, d2, "strong")
            assert got == own.choose(pos.me, pos.opp, d1, d2, "strong"), (pos, d1, d2)
            assert shared.walker.visited == own.walker.visited
    assert shared.leaf.evals == own.leaf.evals > 100


# -- the normal level: the best few of the board's 0-ply valued again by the leaf net ---------
def _normal_by_hand(off, leaf, pos, d1, d2):
    """The normal level's choice with the leaf net, computed apart from Engine.think: every
    legal result valued by the board's net (a whole evaluation, the opponent on roll), the
    best CANDIDATES of them (the first of equals kept, as the walk keeps the first visited)
    within MARGIN of the best, and of those the one with the best 7/8 of the leaf net's
    value for the mover and 1/8 of the board's net's. Contact positions only (no race, no
    game won among the results)."""
    from engine.player import CANDIDATES, MARGIN
    res = [p.apply(pos) for p in legal_plays(pos, d1, d2)]
    vals = [-off.ev.equity(r.opp, r.me, False) for r in res]
    order = sorted(range(len(res)), key=lambda i: -vals[i])[:CANDIDATES]
    cand = [i for i in order if vals[i] >= vals[order[0]] - MARGIN]
    leaf.open()
    try:
        lv = [(7 * -leaf.equity(res[i].opp, res[i].me) + vals[i]) // 8 for i in cand]
    finally:
        leaf.close()
    return res[cand[lv.index(max(lv))]], len(cand)


def _result(pos, play):
    r = Play(play[0], play[1]).apply(pos)
    return bytes(r.me) + bytes(r.opp)


def test_the_normal_level_plays_the_leaf_nets_best_of_its_best_few():
    e = Engine(WEIGHTS, None, _leaf())
    off = Engine(WEIGHTS, None, False)
    differ = 0
    for pos in _contact(4):
        for d1, d2 in ((6, 5), (3, 1), (4, 2)):
            got = e.choose(pos.me, pos.opp, d1, d2, "normal")
            assert e.leaf is not None and e.deep_fault is None and e.leaf.f is None
            want, ncand = _normal_by_hand(off, e.leaf, pos, d1, d2)
            assert _result(pos, got) == bytes(want.me) + bytes(want.opp), (pos, d1, d2)
            if _result(pos, got) != _result(pos, off.choose(pos.me, pos.opp, d1, d2, "normal")):
                differ += 1
    assert differ >= 2, differ        # the leaf net changed the play: its ranking was used


def test_the_normal_level_keeps_its_inputs_in_bytecode_and_the_strong_level_in_viper():
    """The hand-made inputs: engine/leaffeat.py's bytecode at the normal level (four leaves a
    move: its code is smaller in the heap than the viper function's Thumb), the viper twin
    from the strong level's first think (80-odd leaves a move), with the same values: the
    normal level's plays and the leaves' values are the same before and after."""
    import sys
    e = Engine(WEIGHTS, None, _leaf())
    poss = _contact(3)
    before = [e.choose(p.me, p.opp, d1, d2, "normal") for p in poss for d1, d2 in ((6, 5), (3, 1))]
    leaf = e.leaf
    assert leaf is not None and not leaf.viper_inputs
    assert "engine.leaffeat" in sys.modules and "engine.leaffeat_vp" not in sys.modules
    def values():
        leaf.open()                   # (the file, where the rows are not on a flash)
        try:
            return [leaf.equity(bytes(p.me), bytes(p.opp)) for p in poss]
        finally:
            leaf.close()
    was = values()
    e.choose(poss[0].me, poss[0].opp, 6, 5, "strong")
    assert e.leaf is leaf and leaf.viper_inputs == leaf.ev.viper      # (no viper on CPython)
    if leaf.ev.viper:
        assert "engine.leaffeat" not in sys.modules and "engine.leaffeat_vp" not in sys.modules
    assert values() == was
    assert [e.choose(p.me, p.opp, d1, d2, "normal") for p in poss for d1, d2 in ((6, 5), (3, 1))] == before


def test_the_inputs_stay_in_bytecode_when_their_viper_module_cannot_load():
    """LeafNet.fast_inputs on a flash without engine/leaffeat_vp.mpy (or a heap without room
    for its Thumb): the bytecode inputs are kept, and the strong level plays on."""
    import sys
    e = Engine(WEIGHTS, None, _leaf())
    pos = _contact(1)[0]
    e.choose(pos.me, pos.opp, 6, 5, "normal")
    leaf = e.leaf
    ev = leaf.ev

    class Viper:
        viper = True                  # (as the board's evaluator says it)
    if not ev.viper:
        # CPython: the viper module's import fails (no micropython module), as on a flash
        # without the file
        leaf.ev = Viper()
        try:
            leaf.fast_inputs()
        finally:
            leaf.ev = ev
        assert not leaf.viper_inputs and "engine.leaffeat_vp" not in sys.modules
    got = e.choose(pos.me, pos.opp, 6, 5, "strong")
    assert _legal(pos, 6, 5, got) and e.deep_fault is None


def test_without_the_file_the_normal_level_plays_as_before():
    def thinks(e):
        return [e.choose(pos.me, pos.opp, d1, d2, "normal") for pos in _contact(3)
                for d1, d2 in ((6, 5), (3, 1))]
    without, off, more = _without_and_off(thinks)
    assert without.leaf is None and without.deep_fault is None and without.cand_pos is None
    assert more is None or more <= LEAF_ABSENT_MORE_MAX, more   # nothing of the leaf net loaded


def test_a_damaged_leaf_file_is_named_and_the_normal_level_plays_as_before():
    bad = scratch.path("leafnet-damaged-normal.bin")
    with open(bad, "wb") as f:
        f.write(b"TBL1" + bytes(20))                         # a copy cut short
    e = Engine(WEIGHTS, None, bad)
    off = Engine(WEIGHTS, None, False)
    for pos in _contact(2):
        assert e.choose(pos.me, pos.opp, 6, 5, "normal") == off.choose(pos.me, pos.opp, 6, 5, "normal")
    assert e.leaf is None and e.deep_fault.startswith("leaf net: "), e.deep_fault


def test_a_flash_error_in_the_normal_levels_leaves_keeps_the_board_nets_play():
    e = Engine(WEIGHTS, None, _leaf())
    off = Engine(WEIGHTS, None, False)
    pos = _contact(1)[0]
    e.choose(pos.me, pos.opp, 3, 1, "normal")                   # the leaf net made
    leaf = e.leaf
    opened = leaf.open

    def failing_open():
        opened()
        leaf.f = _Failing(leaf.f, 30)                          # a leaf's reads or so, then EIO
    leaf.open = failing_open
    got = e.choose(pos.me, pos.opp, 6, 5, "normal")
    assert got == off.choose(pos.me, pos.opp, 6, 5, "normal")
    assert e.leaf is None and e.deep_fault.startswith("leaf net: ") and "5" in e.deep_fault, e.deep_fault
    assert leaf.f is None                                       # closed on the way out
    assert e.choose(pos.me, pos.opp, 4, 2, "normal") == off.choose(pos.me, pos.opp, 4, 2, "normal")


def test_the_cubes_look_ahead_plays_the_board_nets_0_ply_without_the_leaf_net():
    # app/seatcube.py's 21 rolls: the board's net's plays (what the cube's fit was made
    # with, and 1 s less of the Pico's time than 21 second looks), the leaf net untouched and
    # kept for the next play
    from app.seatcube import lookahead
    e = Engine(WEIGHTS, None, _leaf())
    off = Engine(WEIGHTS, None, False)
    pos = _contact(1)[0]
    e.choose(pos.me, pos.opp, 6, 5, "normal")       # the leaf net made at the first think
    leaf = e.leaf
    assert leaf is not None
    n = leaf.evals
    got = lookahead(e, pos.me, pos.opp)
    assert e.leaf is leaf and leaf.evals == n          # no leaf valued, the net put back
    assert got == lookahead(off, pos.me, pos.opp)     # the same as without a leaf net


def test_the_leaf_nets_five_outputs_are_those_of_its_equity():
    # engine/deepleaf.py's out_bc leaves the five outputs in y[24:29] (the cube's, app/
    # seatcube.py): its equity is 2 win - 1 + wg + wbg - lg - lbg of them, in 1/65536
    e = Engine(WEIGHTS, None, _leaf())
    leaf = e.leaf_net()
    assert leaf is not None and leaf is e.leaf
    leaf.open()
    try:
        for pos in _contact(3):
            v = leaf.equity(pos.me, pos.opp)
            y = leaf.y
            assert v == 2 * y[24] - 65536 + y[25] + y[26] - y[27] - y[28], pos
            assert 0 <= min(y[24], y[25], y[26], y[27], y[28]) and max(y[24], y[25], y[26], y[27], y[28]) <= 65535
    finally:
        leaf.close()


def test_the_cube_answers_from_the_engines_own_leaf_net_with_contact():
    # app/seatcube.py at the normal and strong levels: the leaf net the engine holds (made by
    # the question when no think made it yet, and the same one the next think plays with),
    # its file open for the question only; the position's own probabilities are its, and
    # one roll ahead W_ROOT of them and the rest the 21 rolls' mean, the plays the board's
    # net's 0-ply (as without a leaf net) and their contact results valued by the leaf net.
    # The easy level answers from the board's net alone and loads nothing of it.
    from app.seatcube import W_ROOT, decision, lookahead, probabilities
    e = Engine(WEIGHTS, None, _leaf())
    off = Engine(WEIGHTS, None, False)
    pos = _contact(2)[1]
    easy = decision(e, pos.me, pos.opp, "easy", 0, 0)
    assert e.leaf is None and not e.leaf_tried
    assert easy.probs == decision(off, pos.me, pos.opp, "easy", 0, 0).probs
    d = decision(e, pos.me, pos.opp, "normal", 5, 3)
    leaf = e.leaf
    assert leaf is not None and leaf.f is None and e.deep_fault is None
    leaf.open()
    try:
        leaf.equity(pos.me, pos.opp)
        y = leaf.y
        root = (y[24] / 65536.0, y[25] / 65536.0, y[26] / 65536.0, y[27] / 65536.0, y[28] / 65536.0)
        n = leaf.evals
        ahead = lookahead(e, pos.me, pos.opp, [leaf])
        assert leaf.evals - n >= 15 and e.leaf is leaf        # its contact results, put back
        full = probabilities(e, pos.me, pos.opp, "normal", [leaf], root)
    finally:
        leaf.close()
    for k in range(5):
        assert abs(full[k] - (W_ROOT * root[k] + (1.0 - W_ROOT) * ahead[k])) < 1e-9
    assert d.probs == root or d.probs == full, (d.probs, root, full)
    assert ahead != lookahead(off, pos.me, pos.opp)           # (valued by another net)
    n = leaf.evals
    e.choose(pos.me, pos.opp, 6, 5, "normal")
    assert e.leaf is leaf and leaf.evals > n and e.leaf_net() is leaf   # one leaf net
    # a race: the board's race net (the leaf net is a contact net), its file untouched
    race = Position(bytes([3, 3, 3, 3, 3]) + bytes(20), bytes([2, 2, 2, 3, 3, 3]) + bytes(19))
    n = leaf.evals
    r = decision(e, race.me, race.opp, "normal", 0, 0)
    assert leaf.evals == n and leaf.f is None
    assert r.name() == decision(e, race.me, race.opp, "normal", 0, 0).name()


def test_a_flash_error_in_a_cube_question_drops_the_leaf_net_and_the_net_answers():
    # the file refused at the question's opening, or a read failing on the way: the leaf
    # net dropped for the session as a think drops it (Engine.deep_fault, app/seat.py says
    # it), the file closed, and the answer the board's net's (a board without the file)
    from app.seatcube import decision
    off = Engine(WEIGHTS, None, False)
    pos = _contact(2)[1]
    want = decision(off, pos.me, pos.opp, "normal", 0, 0)
    for ok in (-1, 0, 5):
        e = Engine(WEIGHTS, None, _leaf())
        e.choose(pos.me, pos.opp, 3, 1, "normal")                  # the leaf net made
        leaf = e.leaf
        opened = leaf.open

        def failing_open(ok=ok, leaf=leaf, opened=opened):
            if ok < 0:
                raise OSError(5)
            opened()
            leaf.f = _Failing(leaf.f, ok)
        leaf.open = failing_open
        d = decision(e, pos.me, pos.opp, "normal", 0, 0)
        assert e.leaf is None and e.deep_fault.startswith("leaf net: "), (ok, e.deep_fault)
        assert leaf.f is None, ok
        if ok <= 0:                       # nothing of the leaf net's in the answer
            assert d.probs == want.probs and d.name() == want.name(), ok
