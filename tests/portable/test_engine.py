"""The engine on the board's interpreter: the weights load in the Pico's heap, the walker
visits exactly the legal results, every level plays a legal play, the cube decides the
clear-cut cases. Runs under CPython and under MicroPython (viper there)."""
import sys

from bg.ids import position_from_id
from bg.movegen import legal_plays
from bg.play import Play
from bg.position import Position
from corepos import Lcg, played_positions, pos_from
from engine import cubeful
from engine.net import P_ONE
from engine.player import Engine, contact_free
from engine.search import Walker

_F = __file__
TESTS = _F[:_F.rfind("/")] if "/" in _F else "."
WEIGHTS = TESTS + "/../../firmware/engine/weights.bin"
BEAROFF = TESTS + "/../../firmware/engine/bearoff.bin"
HARDEST = "AAAAKCWllFIAAA"     # 2,226 distinct plays of 1-1 (host_tools/benches/bench_core.py)

_engine = []


def engine():
    if not _engine:
        _engine.append(Engine(WEIGHTS))
    return _engine[0]


def fingerprint(me, opp):
    """A 30-bit fingerprint of a position (small ints keep the Pico-sized heap whole)."""
    h = 0
    for b in me:
        h = (h * 131 + b + 1) & 0x3FFFFFFF
    for b in opp:
        h = (h * 131 + b + 7) & 0x3FFFFFFF
    return h


def legal_fingerprints(pos, d1, d2):
    out = []
    for p in legal_plays(pos, d1, d2):
        r = p.apply(pos)
        out.append(fingerprint(r.me, r.opp))
    return out


def test_weights_load_in_the_pico_heap_with_viper_on_micropython():
    e = engine()
    assert e.ev.contact.nhid > 0 and e.ev.race.nhid > 0
    if sys.implementation.name == "micropython":
        assert e.ev.viper, "the viper evaluator did not compile"
    p = Position.start()
    probs = e.probs(p.me, p.opp)
    assert 0.35 * P_ONE < probs[0] < 0.65 * P_ONE      # the start is about even


def test_walker_visits_exactly_the_legal_results():
    w = Walker()
    seen = []

    def visit(wk):
        seen.append(fingerprint(wk.me, wk.opp))

    rng = Lcg(77)
    pairs = 0
    for pos in played_positions(101, 300):
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        del seen[:]
        used = w.walk(pos.me, pos.opp, d1, d2, visit)
        ref = legal_fingerprints(pos, d1, d2)
        assert sorted(seen) == sorted(ref), (pos, d1, d2, len(seen), len(ref))
        assert used == legal_plays(pos, d1, d2).dice_used
        pairs += 1
    assert pairs == 300


def test_incremental_evaluation_equals_the_full_one():
    """probs_near (the root's sums plus the changed rows: viper) gives exactly probs()."""
    e = engine()
    ev = e.ev
    w = Walker()
    bad = []
    checked = [0]

    def visit(wk):
        if sum(wk.me) == 0:
            return
        near = ev.probs_near(wk.opp, wk.me)
        got = [near[k] for k in range(5)]
        full = ev.probs(wk.opp, wk.me, ev.root_race)
        if got != [full[k] for k in range(5)]:
            bad.append(1)
        checked[0] += 1

    rng = Lcg(9)
    for pos in played_positions(303, 60, max_plies=300):
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        ev.set_root(pos.opp, pos.me, contact_free(pos.me, pos.opp))
        w.walk(pos.me, pos.opp, d1, d2, visit)
    assert checked[0] > 500 and not bad, (checked[0], len(bad))


def test_incremental_evaluation_of_a_position_far_from_the_root():
    """The most inputs a change can touch (each side's 15 checkers moved to other points,
    every input of both positions changed: about 60, the evaluator's room is 64) still
    give exactly probs(): no changed row is lost, no buffer overrun."""
    ev = engine().ev

    def side(points):
        b = bytearray(25)
        for p, n in points:
            b[p - 1] = n
        return bytes(b)
    roots = ((side([(p, 1) for p in range(1, 16)]), side([(p, 1) for p in range(10, 25)])),
             (side([(p, 3) for p in (2, 4, 6, 8, 10)]), side([(p, 3) for p in (1, 3, 5, 7, 9)])))
    fars = ((side([(p, 1) for p in range(16, 26)] + [(1, 5)]), side([(p, 1) for p in range(1, 10)] + [(25, 6)])),
            (side([(p, 3) for p in (13, 15, 17, 19, 21)]), side([(p, 3) for p in (14, 16, 18, 20, 22)])),
            (side([]), side([])))
    for me, opp in roots:
        for race in (False, True):
            for fme, fopp in fars + ((me, opp),):
                ev.set_root(me, opp, race)
                near = ev.probs_near(fme, fopp)
                got = [near[k] for k in range(5)]
                full = ev.probs(fme, fopp, race)
                assert got == [full[k] for k in range(5)], (me, opp, fme, fopp, race)


def test_walker_rule_cases():
    w = Walker()
    seen = []

    def visit(wk):
        seen.append(wk.play()[0])

    # closed board, checker on the bar: nothing to play
    pos = pos_from({6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 14: 3}, me_bar=1)
    assert w.walk(pos.me, pos.opp, 6, 5, visit) == 0 and seen == []
    # either die alone can be played, not both: the larger one must be (rule 4)
    pos = pos_from({24: 1, 1: 14}, {12: 2, 2: 7, 3: 6})
    del seen[:]
    assert w.walk(pos.me, pos.opp, 6, 5, visit) == 1
    assert seen == [((24, 18),)]
    assert [p.moves for p in legal_plays(pos, 6, 5)] == seen


def test_every_level_plays_a_legal_play():
    e = engine()
    rng = Lcg(5)
    for k, pos in enumerate(played_positions(202, 120)):
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        level = "easy" if k % 3 == 0 else "normal"
        got = e.choose(pos.me, pos.opp, d1, d2, level)
        ref = legal_fingerprints(pos, d1, d2)
        if got is None:
            assert ref == []
            continue
        r = Play(got[0], got[1]).apply(pos)
        assert fingerprint(r.me, r.opp) in ref, (pos, d1, d2, got)


def test_strong_level_plays_a_legal_play():
    e = engine()
    pos = pos_from({1: 3, 2: 3, 3: 2, 5: 2}, {1: 2, 2: 3, 3: 3, 4: 2, 6: 1})   # a small race
    got = e.choose(pos.me, pos.opp, 4, 2, "strong")
    r = Play(got[0], got[1]).apply(pos)
    assert fingerprint(r.me, r.opp) in legal_fingerprints(pos, 4, 2)


def test_the_strong_level_s_code_is_loaded_by_its_first_think_only():
    """engine/oneply.py (the strong level's 1-ply) is not in a board that plays at normal:
    its code would be in the heap at the normal level's thinks (docs/heap.md)."""
    from base.rare import forget
    forget("engine.oneply")
    e = Engine(WEIGHTS)
    pos = position_from_id("4HPwATDgc/ABMA")           # the start: 1-1 has four candidates
    e.choose(pos.me, pos.opp, 6, 5, "normal")
    e.choose(pos.me, pos.opp, 6, 5, "easy")
    assert "engine.oneply" not in sys.modules
    got = e.choose(pos.me, pos.opp, 1, 1, "strong")
    assert "engine.oneply" in sys.modules
    r = Play(got[0], got[1]).apply(pos)
    assert fingerprint(r.me, r.opp) in legal_fingerprints(pos, 1, 1)


def test_widest_roll_streams_and_ticks():
    """The 2,226-play 1-1: chosen without listing the plays; the scan hook is called."""
    e = engine()
    ticks = [0]

    def tick():
        ticks[0] += 1

    e.tick = tick
    pos = position_from_id(HARDEST)
    try:
        got = e.choose(pos.me, pos.opp, 1, 1, "normal")
    finally:
        e.tick = None
    assert got is not None and len(got[0]) == 4
    assert ticks[0] >= 2226 // 32 - 1


def test_money_cube_clear_cut():
    even = cubeful.money((0.5, 0.14, 0.01, 0.14, 0.01))
    assert not even.double and even.take
    ahead = cubeful.money((0.74, 0.0, 0.0, 0.0, 0.0))
    assert ahead.double and ahead.take
    crushing = cubeful.money((0.9, 0.0, 0.0, 0.0, 0.0))
    assert crushing.double and not crushing.take
    gammonish = cubeful.money((0.92, 0.7, 0.05, 0.0, 0.0))
    assert not gammonish.double and gammonish.name() == "too good to double, pass"
    hopeless = cubeful.money((0.03, 0.0, 0.0, 0.02, 0.0))
    assert not hopeless.double
    # the taker's side of a bad double: it owns the cube as the favourite -> beaver
    bad = cubeful.money((0.3, 0.05, 0.0, 0.1, 0.0), beavers=True)
    assert not bad.double and bad.take and bad.beaver


def test_match_cube_crawford_and_after():
    p = (0.7, 0.15, 0.0, 0.1, 0.0)
    assert not cubeful.match(p, 3, 1, crawford=True).double          # never in the Crawford game
    assert cubeful.match((0.5, 0.1, 0.0, 0.1, 0.0), 4, 1, crawford_done=True).double  # trailer
    assert not cubeful.match(p, 2, 5, cube=2).double                # the cube already wins: dead
    assert not cubeful.match((0.5, 0.1, 0.0, 0.1, 0.0), 7, 7).double


def test_engine_cube_on_clear_positions():
    e = engine()
    # far ahead in a race, no gammon possible (the opponent has borne off): double, pass
    lead = pos_from({1: 3, 2: 3}, {5: 4, 6: 4})
    pr = e.probs(lead.me, lead.opp)
    d = cubeful.money(tuple(pr[k] / float(P_ONE) for k in range(5)))
    assert d.double and not d.take, (list(pr), d.name())
    # hopeless: the opponent is about to bear off its last checkers
    lost = pos_from({19: 5, 20: 5, 21: 5}, {1: 2})
    pr = e.probs(lost.me, lost.opp)
    d = cubeful.money(tuple(pr[k] / float(P_ONE) for k in range(5)))
    assert not d.double, (list(pr), d.name())


def test_engine_heap_is_within_the_boards_budget():
    """Engine() (the weights in one int8 bytearray, the walker's and the evaluator's
    buffers) takes under 40,000 bytes of the unix port's heap (64-bit objects: the
    Pico's share is smaller); the int16 row-per-buffer weights took about 76,000."""
    import gc
    if sys.implementation.name != "micropython":
        return
    gc.collect()
    a0 = gc.mem_alloc()
    e = Engine(WEIGHTS)
    gc.collect()
    used = gc.mem_alloc() - a0
    assert e.ev.contact.nhid >= 32
    assert used < 40000, used


def test_pubeval_scores_are_small_ints():
    """PubEval in integers (30 x 100,000 x Tesauro's score): no float objects on the
    Pico's heap, and every score, even of a piled-up board, below 2**30."""
    from engine import pubeval
    piles = (pos_from({24: 15}, {24: 15}), pos_from({6: 15}, {1: 1, 24: 14}),
             pos_from({1: 14}, {19: 1}, me_bar=1), Position.start())
    for pos in piles:
        for race in (False, True):
            s = pubeval.score(pos.me, pos.opp, race)
            assert isinstance(s, int) and -(1 << 30) < s < pubeval.WON, s


def test_think_yields_and_gives_choose_s_play():
    """Engine.think: the board's cooperative form of choose(): it yields between pieces
    of work (the strong level after the 0-ply walk and after every opponent roll) and
    ends with choose()'s play in e.result."""
    e = engine()
    rng = Lcg(31)
    strong_yields = []
    for k, pos in enumerate(played_positions(505, 12)):
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        for level in ("normal", "strong") if k < 3 else ("normal",):
            want = e.choose(pos.me, pos.opp, d1, d2, level)
            n = 0
            for got in e.think(pos.me, pos.opp, d1, d2, level):
                assert got is None
                n += 1
            assert e.result == want, (pos, d1, d2, level)
            if level == "strong":
                strong_yields.append(n)
            else:
                assert n == 0
    # a strong move with two or more candidates: 1 + 21 yields per candidate looked at
    assert max(strong_yields) >= 22, strong_yields
    pos = pos_from({6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 14: 3}, me_bar=1)
    assert list(e.think(pos.me, pos.opp, 6, 5, "strong")) == [] and e.result is None


def _pieces(e, pos, d1, d2, level, piece):
    """think() with e.piece = piece: the evaluations of each piece, and e.result."""
    e.piece = piece
    sizes = []
    try:
        c = e.ev.count
        for _ in e.think(pos.me, pos.opp, d1, d2, level):
            sizes.append(e.ev.count - c)
            c = e.ev.count
        sizes.append(e.ev.count - c)
    finally:
        e.piece = 0
    return sizes, e.result


def test_think_in_pieces_gives_choose_s_play_in_short_pieces():
    """Engine.piece (the web page: a piece of ~100 ms under WebAssembly): think() yields
    within a walk too, after every `piece` results, and still ends with choose()'s play;
    no piece evaluates more than `piece` results (+1: the root of a reply walk)."""
    e = engine()
    pos = position_from_id(HARDEST)                  # one walk of 2,226 results
    want = e.choose(pos.me, pos.opp, 1, 1, "normal")
    sizes, got = _pieces(e, pos, 1, 1, "normal", 200)
    assert got == want and len(sizes) >= 2226 // 200 and max(sizes) <= 201, sizes
    rng = Lcg(31)
    for k, pos in enumerate(played_positions(505, 4)):
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        for level in ("easy", "normal", "strong"):
            want = e.choose(pos.me, pos.opp, d1, d2, level)
            sizes, got = _pieces(e, pos, d1, d2, level, 8)
            assert got == want, (pos, d1, d2, level)
            assert max(sizes) <= 9, (level, sizes)
    # PubEval (easy) is cheap: its walk is never cut (each piece walks the roll again)
    pos = position_from_id(HARDEST)
    assert _pieces(e, pos, 1, 1, "easy", 8)[0] == [0]


def test_weights_in_small_blocks_and_refused_in_words():
    """engine.weights reads the file into blocks of at most CHUNK bytes (a running board's
    fragmented heap has no 24 KB block): every W1 row reads back as the file has it; a
    file that is not ours is refused in words."""
    from engine import weights
    from engine.net import Evaluator, NIN, NOUT, NETS_AT, MAX_HID, Net
    ev = Evaluator(WEIGHTS)
    with open(WEIGHTS, "rb") as f:
        whole = f.read()
    assert len(ev.sig) <= weights.CHUNK and bytes(ev.sig[0:514]) == whole[4:518]
    at = NETS_AT
    for net in (ev.contact, ev.race):
        assert len(net.head) <= weights.CHUNK
        assert all(len(c) <= weights.CHUNK for c in net.chunks)
        w1 = at + 8 + 4 * net.nhid
        for r in (0, 1, net.per - 1, net.per, NIN // 2, NIN - 1):
            row = net.chunks[r // net.per][(r % net.per) * net.nhid:(r % net.per + 1) * net.nhid]
            assert bytes(row) == whole[w1 + r * net.nhid:w1 + (r + 1) * net.nhid], r
        at += weights.file_size(net.nhid, NIN, NOUT)
    try:
        weights.read(TESTS + "/test_engine.py", (NIN, NOUT, MAX_HID, NETS_AT, Net))
    except ValueError as exc:
        assert "not a Tablier weights file" in str(exc)
    else:
        assert False, "a Python file was taken for weights"


def test_the_normal_and_strong_cube_looks_one_roll_ahead():
    # app/seatcube.py: every roll bears off the last two checkers; the opponent has none
    # off and none in the winner's home board: a gammon, certain, one roll ahead
    from app.seatcube import lookahead, probabilities
    e = engine()
    pos = pos_from({1: 2}, {13: 15})
    assert lookahead(e, pos.me, pos.opp) == (1.0, 1.0, 0.0, 0.0, 0.0)
    # as money, the no double's and the double/take's equities one roll ahead: the gammon
    # counts 2 (1 with Jacoby while the cube is centred) and 4 doubled
    assert lookahead(e, pos.me, pos.opp, money=("centre", False))[5:] == (2.0, 4.0)
    assert lookahead(e, pos.me, pos.opp, money=("centre", True))[5:] == (1.0, 4.0)
    assert lookahead(e, pos.me, pos.opp, money=("me", True))[5:] == (2.0, 4.0)
    net = probabilities(e, pos.me, pos.opp, "easy")
    for level in ("normal", "strong"):
        ahead = probabilities(e, pos.me, pos.opp, level)
        for k in range(5):
            assert abs(ahead[k] - (net[k] + (1.0, 1.0, 0.0, 0.0, 0.0)[k]) / 2) < 1e-9
    start = Position.start()
    p = probabilities(e, start.me, start.opp, "strong")
    assert 0.45 < p[0] < 0.6 and p[2] <= p[1] <= p[0] and p[4] <= p[3] <= 1 - p[0]


def test_the_cube_looks_ahead_only_when_the_answer_is_close():
    # app/seatcube.py: the opening position is a clear no double, take from one evaluation
    # (the leaf net's, whose file the engine's tree has; the board's net's without it); a
    # race the net gives 76% is a double, take that 8 points more would make a pass: the
    # answer is the one from one roll ahead
    from app.seatcube import CLOSE_W, decision, probabilities
    e = engine()
    start = Position.start()
    n = e.ev.count
    leaf = e.leaf_net()
    k = leaf.evals if leaf is not None else 0
    d = decision(e, start.me, start.opp, "normal", 7, 7)
    looked = e.ev.count - n + (leaf.evals - k if leaf is not None else 0)
    assert looked == 1 and d.name() == "no double, take", (looked, d.name())
    race = pos_from({6: 3, 5: 3, 4: 3, 8: 3, 9: 3}, {6: 3, 5: 3, 4: 3, 10: 3, 11: 3})
    x = cubeful.cube_life(race.me, race.opp, cubeful.X_BOARD)
    p = probabilities(e, race.me, race.opp, "easy")
    up = (p[0] + CLOSE_W,) + tuple(p[1:])
    assert cubeful.money(p, x=x).take and not cubeful.money(up, x=x).take
    n = e.ev.count
    easy = decision(e, race.me, race.opp, "easy", 0, 0)
    assert e.ev.count - n == 1 and easy.name() == cubeful.money(p, x=x).name()
    n = e.ev.count
    d = decision(e, race.me, race.opp, "normal", 0, 0)
    assert e.ev.count - n > 21
    # (a race: the leaf net, a contact net, values nothing; its share of the root is its)
    # as money the cube's equities one roll ahead (engine/cubeful.py's leaf_equity: the
    # opponent's doubles counted) beside the position's own
    p, nd1, dt1, w = probabilities(e, race.me, race.opp, "normal", [e.leaf], None,
                                   ("centre", False))
    root = cubeful.money(probabilities(e, race.me, race.opp, "easy"), x=x)
    ahead = cubeful._decide(w * root.nd + (1 - w) * nd1, w * root.dt + (1 - w) * dt1, 1.0)
    assert d.name() == ahead.name() and d.probs == p, (d.name(), ahead.name())
    assert abs(d.nd - ahead.nd) < 1e-9 and abs(d.dt - ahead.dt) < 1e-9


def test_a_small_bear_off_is_exact():
    # engine/bearoff.py's table (engine/bearoff.bin, 1/65535): four checkers on the ace
    # against one on the ace and two on the deuce, the four to roll: they win at once with a
    # double (6/36), else in two rolls unless the three come off in one (a double of 2 or
    # more: 5/36): 1146/1296
    from engine import bearoff
    four = pos_from({1: 4}, {1: 1, 2: 2})
    p = bearoff.probabilities(four.me, four.opp, BEAROFF)
    assert abs(p[0] - 1146.0 / 1296) < 1e-4 and p[1:] == (0.0, 0.0, 0.0, 0.0), p
    # the last checker on the 6-point against one the opponent bears off next: off at once
    # with a 6 (11 rolls), two dice of 6 or more (12) or 2-2 to 5-5 (4): 27/36
    last = pos_from({6: 1}, {1: 1})
    assert abs(bearoff.probabilities(last.me, last.opp, BEAROFF)[0] - 0.75) < 1e-4
    # GNU Backgammon 2-ply's win chances (its bear-off database) in two positions of
    # fit_cube's training split: 0.720 and 0.646
    for me, opp, g in (({2: 2, 3: 2, 4: 1}, {1: 3, 2: 2}, 0.720), ({1: 2, 3: 2}, {1: 3}, 0.646)):
        pos = pos_from(me, opp)
        assert abs(bearoff.probabilities(pos.me, pos.opp, BEAROFF)[0] - g) < 0.001, (me, opp)
    # not small: a checker outside the home board, none off (gammons), more than 15 pips
    for me, opp in (({7: 1}, {1: 1}), ({1: 15}, {1: 1}), ({6: 3}, {1: 1}), ({1: 1}, {4: 4})):
        pos = pos_from(me, opp)
        assert bearoff.probabilities(pos.me, pos.opp, BEAROFF) is None, (me, opp)


def test_a_damaged_or_missing_bear_off_table_is_said_and_the_net_answers():
    # a table cut short or changed fails its check (engine/filecheck.py): ValueError in
    # words; a table that is not there: OSError (the cube then answers from the net)
    from engine import bearoff
    four = pos_from({1: 4}, {1: 1, 2: 2})
    with open(BEAROFF, "rb") as f:
        good = f.read()
    import scratch
    bad = scratch.path("bearoff-damaged.bin")
    for data in (good[:len(good) // 2], good[:100] + bytes([good[100] ^ 1]) + good[101:]):
        with open(bad, "wb") as f:
            f.write(data)
        try:
            bearoff.probabilities(four.me, four.opp, bad)
            raise AssertionError("a damaged table was read")
        except ValueError as e:
            assert "bearoff-damaged.bin" in str(e), e
    # app/seatcube.py: the net answers (the four on the ace: about 58%), the reason kept for
    # app/seat.py to say, and the table given up
    from app.seatcube import decision
    e = Engine(WEIGHTS)
    e.bearoff_path = bad
    d = decision(e, four.me, four.opp, "normal", 3, 2, 2, "me")
    assert abs(d.probs[0] - 1146.0 / 1296) > 0.05 and "cut short or damaged" in e.cube_fault, e.cube_fault
    import os
    os.remove(bad)
    try:
        bearoff.probabilities(four.me, four.opp, bad)
        raise AssertionError("a missing table was read")
    except OSError:
        pass
    e = Engine(WEIGHTS)
    e.bearoff_path = bad          # not there: a board without it, nothing to say
    d = decision(e, four.me, four.opp, "normal", 3, 2, 2, "me")
    assert abs(d.probs[0] - 1146.0 / 1296) > 0.05 and e.cube_fault is None


def test_the_cube_in_a_small_bear_off_answers_from_the_exact_chance():
    # app/seatcube.py: the net gives the four on the ace about 58%, a take of a redouble at
    # 3-away 2-away; 88.4% is a pass, as GNU Backgammon 2-ply answers (a training position
    # of fit_cube, where the board took: 0.61 of a cube lost). The normal and strong levels
    # answer from the exact chance without evaluating anything; easy from the net alone.
    from app.seatcube import decision
    e = engine()
    four = pos_from({1: 4}, {1: 1, 2: 2})
    for level in ("normal", "strong"):
        n = e.ev.count
        d = decision(e, four.me, four.opp, level, 3, 2, 2, "me")
        assert e.ev.count == n and abs(d.probs[0] - 1146.0 / 1296) < 1e-4, level
        assert d.double and not d.take, (level, d.name())
        m = decision(e, four.me, four.opp, level, 0, 0, 2, "me")
        assert m.double and not m.take, (level, m.name())
    easy = decision(e, four.me, four.opp, "easy", 3, 2, 2, "me")
    assert abs(easy.probs[0] - 1146.0 / 1296) > 0.05


def test_the_normal_cube_answers_real_match_takes_as_gnubg_2_ply_with_the_leaf_net():
    # three take questions of host_tools/benches/fit_cube.py's training split (real matches,
    # seed 2800) that the board's net alone answered wrong, 0.35 to 0.39 of a cube each: the
    # leaf net's win chance (issue 28: 2.1 points off gnubg 2-ply's, the net's 3.6) answers
    # them as GNU Backgammon 2-ply does: double, pass at 3-away 3-away (the net gave the
    # doubler 72%, gnubg 81%); redouble, pass of a 2-cube at 16-away 16-away (65%, 75%); no
    # double, take at 2-away 4-away (84%, 77%)
    from app.seatcube import decision
    e = engine()
    if e.leaf_net() is None:
        return                     # (a tree without engine/leafnet.bin: nothing to check)
    for pid, away, opp_away, cube, owner, take in (
            ("ss3gBwCmewODAA", 3, 3, 1, "centre", False),
            ("/tgEBwC27QCADQ", 16, 16, 2, "me", False),
            ("ttsAgDHM3s0AAA", 2, 4, 1, "centre", True)):
        pos = position_from_id(pid)
        for level in ("normal", "strong"):
            d = decision(e, pos.me, pos.opp, level, away, opp_away, cube, owner)
            assert d.take == take, (pid, level, d.name(), d.probs)
        net = decision(Engine(WEIGHTS, None, False), pos.me, pos.opp, "normal", away, opp_away,
                       cube, owner)
        assert net.take != take, (pid, net.name())      # (what the board's net answered)
