"""The rules core against GNU Backgammon (the `gnubg` package): legal plays, notation, IDs.

Over 20,000 position x roll pairs (random play from the start, bear-offs, bar-heavy and
contact-heavy positions; tests/oracle.py makes them, seeded) must give exactly gnubg's set
of resulting positions. gnubg's answers are computed once for the module by spawned worker
processes (bear-off answers wait ~10 ms each inside gnubg; many processes overlap the waits).
The long sweep (a million pairs) is `python -m host_tools sweep`.
"""
import random
import traceback

import pytest

import oracle
from bg import ids
from bg.movegen import legal_plays
from bg.position import Position

SEED = 20261129
N_POSITIONS = 1200          # x 21 rolls = 25,200 pairs
KINDS = ("random", "bearoff", "bar", "contact")
WEIGHTS = (40, 20, 15, 25)

OPENING_COUNTS = {(3, 1): 16, (2, 1): 15, (1, 1): 42, (2, 2): 75, (3, 3): 73,
                  (4, 4): 52, (5, 5): 4, (6, 6): 11, (6, 5): 7}


@pytest.fixture(scope="module")
def pairs():
    return oracle.mixed_pairs(SEED, N_POSITIONS, kinds=KINDS, weights=WEIGHTS)


@pytest.fixture(scope="module")
def gnubg_results(pairs):
    return oracle.results_many([(pos, d1, d2) for _, pos, d1, d2 in pairs])


def our_results(pos, d1, d2, generate=legal_plays):
    """Our resulting positions as a frozenset of keys; no legal move = the unchanged position."""
    found = frozenset(play.apply(pos).key() for play in generate(pos, d1, d2))
    return found or frozenset([pos.key()])


def differences(pairs, answers, generate=legal_plays):
    """One line per pair where our generator disagrees with gnubg or raises.

    An exception is a difference like any other: it fails the test, it is never skipped."""
    out = []
    for (kind, pos, d1, d2), expected in zip(pairs, answers):
        where = "%s %s %d%d" % (kind, ids.position_id(pos), d1, d2)
        try:
            got = our_results(pos, d1, d2, generate)
        except Exception:
            out.append("%s: our generator raised %s" % (where, traceback.format_exc().strip().splitlines()[-1]))
            continue
        if got != expected:
            missing = [ids.position_id(Position(k[:25], k[25:])) for k in expected - got]
            extra = [ids.position_id(Position(k[:25], k[25:])) for k in got - expected]
            out.append("%s: gnubg %d results, ours %d; missing %s; extra %s"
                       % (where, len(expected), len(got), missing[:5], extra[:5]))
    return out


def test_enough_pairs_of_every_kind(pairs):
    assert len(pairs) >= 20000
    for kind in KINDS:
        assert sum(1 for k, *_ in pairs if k == kind) >= 2500, kind


def test_legal_results_equal_gnubg(pairs, gnubg_results):
    diffs = differences(pairs, gnubg_results)
    assert not diffs, "%d of %d pairs differ:\n%s" % (len(diffs), len(pairs), "\n".join(diffs[:20]))


def test_a_crashing_generator_is_a_failure_not_a_skip(pairs, gnubg_results):
    def crashes_on_doubles(pos, d1, d2):
        if d1 == d2:
            raise RuntimeError("boom")
        return legal_plays(pos, d1, d2)
    diffs = differences(pairs[:21], gnubg_results[:21], crashes_on_doubles)
    assert len(diffs) == 6 and all("raised RuntimeError: boom" in d for d in diffs), diffs


def test_a_wrong_generator_is_caught(pairs, gnubg_results):
    # the comparison must be able to fail: drop one play from every multi-play answer
    def drops_one(pos, d1, d2):
        return list(legal_plays(pos, d1, d2))[1:]
    diffs = differences(pairs[:200], gnubg_results[:200], drops_one)
    assert len(diffs) >= 150


def test_opening_roll_counts():
    start = Position.start()
    for (d1, d2), n in OPENING_COUNTS.items():
        assert len(legal_plays(start, d1, d2)) == n, (d1, d2)
        assert len(oracle.plays(start, d1, d2)) == n, (d1, d2)
    # all 21 rolls (every non-double counts the same either way round)
    for d1, d2 in oracle.ROLLS:
        assert len(legal_plays(start, d1, d2)) == len(legal_plays(start, d2, d1)) == \
            len(oracle.plays(start, d1, d2)), (d1, d2)


def _notation_sample(pairs, n_pairs, seed):
    """(pos, d1, d2, play) with, per pair, its first plays plus those that hit, enter or bear off."""
    rng = random.Random(seed)
    chosen = rng.sample(pairs, n_pairs)
    out = []
    for _, pos, d1, d2 in chosen:
        plays = list(legal_plays(pos, d1, d2))
        keep = plays[:2] + [p for p in plays if any(p.hits) or any(f == 25 or t == 0 for f, t in p.moves)][:3]
        out.extend((pos, d1, d2, p) for p in keep)
    return out


def test_notation_parses_in_gnubg_to_the_same_result(pairs):
    g = oracle.gnubg()
    start = Position.start()
    checked = 0
    samples = [(start, d1, d2, p) for d1, d2 in oracle.ROLLS for p in legal_plays(start, d1, d2)]
    samples += [(pos, d1, d2, p) for _, pos, d1, d2 in pairs[::7] for p in legal_plays(pos, d1, d2)]
    for pos, d1, d2, play in samples:
        text = play.notation()
        moves = g.parsemove(text)
        assert oracle.apply_moves(pos, moves) == play.apply(pos), (ids.position_id(pos), d1, d2, text)
        checked += 1
    assert checked > 20000


def test_notation_is_accepted_by_gnubg_move_command(pairs):
    start = Position.start()
    samples = [(start, d1, d2, p) for d1, d2 in oracle.ROLLS for p in legal_plays(start, d1, d2)]
    samples += _notation_sample(pairs, 800, SEED)
    kinds = {"hit": 0, "bar": 0, "off": 0}
    for pos, d1, d2, play in samples:
        text = play.notation()
        got = oracle.move_accepted(pos, d1, d2, text)
        assert got is not None, "gnubg refused %r for %s %d%d" % (text, ids.position_id(pos), d1, d2)
        assert got == play.apply(pos), (text, ids.position_id(pos), d1, d2)
        kinds["hit"] += any(play.hits)
        kinds["bar"] += any(f == 25 for f, _ in play.moves)
        kinds["off"] += any(t == 0 for _, t in play.moves)
    assert min(kinds.values()) >= 20, kinds


def test_oracle_move_command_refuses_an_illegal_play():
    start = Position.start()
    assert oracle.move_accepted(start, 3, 1, "24/18") is None          # a 6 with 3-1
    assert oracle.move_accepted(start, 6, 5, "24/18 13/8") is not None


def test_oracle_hint_path_agrees_with_the_findbestmoves_path():
    # bear-offs where findbestmoves' cut tuples are complete anyway: both paths must agree
    rng = random.Random(7)
    compared = 0
    for pos in oracle.bearoff(rng, 60):
        for d1, d2 in ((6, 5), (4, 4), (2, 1)):
            fast = oracle.plays(pos, d1, d2)
            via_hint = oracle._plays_from_hint(pos, d1, d2, len(fast))
            assert set(r.key() for _, r in fast) == set(r.key() for _, r in via_hint)
            compared += 1
    assert compared == 180


def test_position_ids_equal_gnubg(pairs):
    g = oracle.gnubg()
    positions = {pos.key(): pos for _, pos, _, _ in pairs}
    for _, pos, d1, d2 in pairs[::40]:
        for play in legal_plays(pos, d1, d2):
            result = play.apply(pos)
            positions[result.key()] = result
            positions[result.swapped().key()] = result.swapped()
    assert len(positions) > 5000
    for pos in positions.values():
        pid = g.positionid(oracle.board_of(pos))
        assert ids.position_id(pos) == pid, pos
        assert ids.position_from_id(pid) == pos, pid
        assert bytes(ids.position_key(pos)) == bytes(g.positionkey(oracle.board_of(pos)))


def _random_match_states(rng, n):
    out = []
    for _ in range(n):
        # gnubg's cubeinfo wants scores below the length, and lengths up to its MAXSCORE (64):
        # a match length of 32767 crashes it. tests/portable/test_ids.py covers the big values.
        length = rng.choice((0, 0, 1, 3, 5, 7, 9, 11, 15, 25, rng.randint(1, 64)))
        if length:
            score = (rng.randint(0, length - 1), rng.randint(0, length - 1))
            crawford = rng.random() < 0.2
        else:
            score, crawford = (0, 0), False       # gnubg's cubeinfo drops money scores
        rolled = rng.random() < 0.6
        dice = (rng.randint(1, 6), rng.randint(1, 6)) if rolled else (0, 0)
        out.append(ids.MatchState(
            cube_value=1 << rng.randint(0, 15), cube_owner=rng.choice((-1, 0, 1)),
            on_roll=rng.randint(0, 1), crawford=crawford, game_state=rng.randint(0, 4),
            turn=rng.randint(0, 1), doubled=rng.random() < 0.3, resigned=rng.randint(0, 3),
            dice=dice, match_length=length, score=score, jacoby=rng.random() < 0.5))
    return out


def test_match_ids_equal_gnubg():
    states = _random_match_states(random.Random(SEED), 5000)
    for state, mid in zip(states, oracle.match_ids(states)):
        assert ids.match_id(state) == mid, state
        assert ids.match_from_id(mid) == state, (mid, state)


def test_gnubg_reads_our_ids_back():
    # gnubg's `set gnubgid` with our IDs: its board and its own IDs must come back unchanged
    g = oracle.gnubg()
    rng = random.Random(3)
    for pos in oracle.contact_heavy(rng, 30) + oracle.bearoff(rng, 30):
        state = ids.MatchState(on_roll=1, turn=1, dice=(rng.randint(1, 6), rng.randint(1, 6)),
                               match_length=7, score=(rng.randint(0, 6), rng.randint(0, 6)),
                               cube_value=2, cube_owner=rng.choice((-1, 0, 1)), jacoby=False)
        text = ids.gnubg_id(pos, state)
        oracle.command("set gnubgid " + text)
        assert oracle.position_of(g.board()) == pos, text
        assert g.gnubgid() == text


def test_hard_positions_list_is_right():
    # host_tools/hard_positions.py feeds the benches: its play counts must be gnubg's and ours
    from host_tools.hard_positions import HARD_POSITIONS
    assert max(n for _, _, _, n, _ in HARD_POSITIONS) > 2000
    for pid, d1, d2, n, note in HARD_POSITIONS:
        pos = ids.position_from_id(pid)
        assert len(oracle.plays(pos, d1, d2)) == (n or 1), note     # gnubg: no move = one "play"
        assert len(legal_plays(pos, d1, d2)) == n, note
        assert our_results(pos, d1, d2) == oracle.results(pos, d1, d2), note


def test_sweep_chunk_compares_and_reports(monkeypatch):
    # the code path of `python -m host_tools sweep`, on one small chunk, in this process
    from host_tools import cmd_sweep
    clean = cmd_sweep.run_chunk((5, 0, 42))
    assert clean["pairs"] == 42 and not clean["mismatches"] and not clean["oracle_errors"]

    import bg.movegen
    real = bg.movegen.legal_plays
    monkeypatch.setattr(bg.movegen, "legal_plays", lambda pos, d1, d2: list(real(pos, d1, d2))[1:])
    broken = cmd_sweep.run_chunk((5, 0, 42))
    assert len(broken["mismatches"]) >= 30
    first = broken["mismatches"][0]
    assert "(random)" in first and "missing" in first, first   # position ID, dice, kind, IDs
