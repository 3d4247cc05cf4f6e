"""The ranking loss of host_tools/train/fit.py (--rank-data), the groups it learns from
(host_tools/train/gengroups.py) and the screen that judges the nets it makes
(host_tools/train/screen.py): small data, a few seconds in all."""
import os
import subprocess
import sys

import numpy as np

from tools import ROOT, need_shared

import scratch
from corepos import played_positions
from bg.position import is_race
from engine.net import Evaluator
from host_tools.train import fit
from host_tools.train.screen import read_weights

WEIGHTS = os.path.join(ROOT, "firmware", "engine", "weights.bin")


def run(*args):
    proc = subprocess.run([sys.executable, "-m"] + list(args), capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def groups_file(name, games, seed, *extra):
    out = scratch.path(name)
    run("host_tools.train.gengroups", "--games", str(games), "--seed", str(seed), "-o", out, *extra)
    return out


def test_groups_are_contiguous_rolls_of_contact_results_each_labelled():
    z = np.load(groups_file("groups.npz", 3, 4))
    g, boards, labels = z["group"], z["boards"], z["labels"]
    assert len(g) == len(boards) == len(labels) > 100
    assert np.all(np.diff(g) >= 0) and g[0] == 0            # contiguous, in order
    sizes = np.bincount(g)
    assert sizes.min() >= 2 and sizes.max() <= 12            # the default --size
    assert not fit.race_mask(boards).any()                    # scored by the contact net
    assert np.allclose(labels.sum(axis=1) > 0, True) and np.all((labels >= 0) & (labels <= 1))


def test_a_policy_plays_other_games_than_gnubg():
    a = np.load(groups_file("groups-gnubg.npz", 3, 4))
    b = np.load(groups_file("groups-net.npz", 3, 4, "--policy", WEIGHTS))
    assert len(b["group"]) > 100
    assert not (len(a["boards"]) == len(b["boards"]) and np.array_equal(a["boards"], b["boards"]))


def test_the_rank_gradient_is_the_loss_derivative():
    z = np.load(groups_file("groups-grad.npz", 1, 9))
    starts, sizes, t = fit.rank_targets(z["labels"], z["group"], 0.05)
    assert np.allclose(np.add.reduceat(t, starts), 1.0)
    rng = np.random.default_rng(0)
    p = [rng.standard_normal((fit.NIN, 6)) * 0.1, np.zeros(6), rng.standard_normal((6, 5)) * 0.1, np.zeros(5)]
    pick = np.arange(min(20, len(starts)))
    idx = np.concatenate([np.arange(starts[k], starts[k] + sizes[k]) for k in pick])
    seg = np.repeat(np.arange(len(pick)), sizes[pick])
    x = fit.encode(z["boards"][idx]).astype(np.float64)

    def loss(q):
        o = fit.sigmoid(fit.sigmoid(x @ q[0] + q[1]) @ q[2] + q[3])
        s = -(o @ fit.C_EQ - 1) / 0.05
        e = np.exp(s - s.max())
        share = e / np.bincount(seg, e)[seg]
        return np.sum(t[idx] * np.log(t[idx] / share)) / len(pick)

    grads = fit.rank_grads(p, z["boards"], starts, sizes, t, pick, 0.05, 1.0)
    for i, at in ((0, (fit.NIN - 1, 2)), (0, (3, 1)), (1, (4,)), (2, (2, 3)), (3, (0,))):
        q = [w.copy() for w in p]
        q[i][at] += 1e-6
        numeric = (loss(q) - loss(p)) / 1e-6
        assert abs(numeric - grads[i][at]) <= 1e-4 * max(1e-3, abs(numeric)), (i, at, numeric, grads[i][at])


def pips(side):
    return sum((i + 1) * n for i, n in enumerate(side))


def test_the_ranking_loss_orders_a_rolls_results_as_the_labels_do():
    """Groups of two contact positions, labelled "the one whose side on roll has more pips
    to go is the better result for the mover" (win 0.3 against 0.7): fitted with the ranking
    loss the net orders the pairs so; fitted on the same positions without it (labels that
    say nothing about the order) it does not."""
    every = list(played_positions(17, 1600, max_plies=400))
    positions = [p for p in every if not is_race(p)]
    pairs = []
    for a, b in zip(positions[0::2], positions[1::2]):
        if pips(a.me) != pips(b.me):
            pairs += [a, b] if pips(a.me) > pips(b.me) else [b, a]
    boards = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in pairs), np.uint8).reshape(-1, 50)
    labels = np.zeros((len(boards), 5), np.float32)
    labels[0::2, 0], labels[1::2, 0] = 0.3, 0.7
    group = np.repeat(np.arange(len(boards) // 2), 2).astype(np.int32)
    rank = scratch.path("rank-pairs.npz")
    np.savez(rank, boards=boards, labels=labels, group=group)
    plain = scratch.path("plain.npz")
    all_boards = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in every), np.uint8).reshape(-1, 50)
    np.savez(plain, boards=all_boards,
             labels=np.tile(np.array([0.5, 0.1, 0, 0.1, 0], np.float32), (len(all_boards), 1)))
    outs = []
    for extra in ([], ["--rank-data", rank, "--rank-weight", "1.0"]):
        out = scratch.path("rank-fit-%d.bin" % len(extra))
        fit.main([plain, "--hidden", "8", "--race-hidden", "4", "--epochs", "40", "--race-epochs", "1",
                  "--seed", "3", "-o", out, "--float-out", out + ".npz"] + extra)
        outs.append(out)

    def ordered(path):
        ev = Evaluator(path, viper=False)
        eq = [ev.equity(p.me, p.opp, False) for p in pairs]     # for the side on roll
        return sum(eq[i] < eq[i + 1] for i in range(0, len(eq), 2)) / (len(eq) / 2)

    with_rank, without = ordered(outs[1]), ordered(outs[0])
    assert with_rank > 0.85 and with_rank > without + 0.2, (with_rank, without)


def test_the_screen_reads_the_shipped_file_and_scores_it_against_gnubg():
    need_shared("data", "real-matches")   # the screen samples its positions there
    sig, nets = read_weights(WEIGHTS)
    assert len(sig) == 257 and [len(n[0]) for n in nets] == [80, 16]
    cache = scratch.path("screen.npz")
    run("host_tools.train.screen", "build", "--positions", "12", "--seed", "2", "-o", cache)
    out = run("host_tools.train.screen", "score", cache, WEIGHTS, "gnubg")
    lines = [ln for ln in out.splitlines() if "positions 12" in ln]
    assert len(lines) == 2, out
    losses = [float(ln.split("loss ")[1].split()[0]) for ln in lines]
    assert all(v >= 0 for v in losses)


def small_cache(count=12):
    """`count` played positions with a roll of at least three plays, as a screen cache
    without the judge's values: (roots, cache)."""
    import random
    from bg.movegen import legal_plays
    from host_tools.train import screen
    rng = random.Random(5)
    roots, boards, won, start = [], [], [], []
    n = 0
    for pos in played_positions(23, 400, max_plies=400):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(pos, d1, d2)
        if len(plays) < 3 or rng.random() < 0.8:
            continue
        start.append(n)
        n += len(plays)
        roots.append((pos.copy(), d1, d2))
        rb, rw = screen.result_rows([p.apply(pos) for p in plays])
        boards.append(rb)
        won.append(rw)
        if len(roots) == count:
            break
    return roots, {"boards": np.concatenate(boards), "won": np.concatenate(won), "start": np.array(start)}


def test_the_screens_model_chooses_as_the_engine_does_at_both_levels():
    """screen.py scores a candidate by an emulation of the engine's normal and strong
    choices (numpy, the integer net): it must pick the very result engine/player.py picks."""
    from bg.steps import apply_step
    from engine.player import Engine
    from host_tools.train import screen
    roots, cache = small_cache()
    # the screen emulates the board's own net at both levels: no leaf net (engine/deepleaf.py),
    # whether or not a leafnet.bin is beside the weights
    eng = Engine(WEIGHTS, viper=False, leaf=False)
    for level, model in (("normal", screen.choices), ("strong", screen.strong_choices)):
        for (pos, d1, d2), k in zip(roots, model(WEIGHTS, cache)):
            steps = eng.choose(pos.me, pos.opp, d1, d2, level)[0]
            me, opp = bytearray(pos.me), bytearray(pos.opp)
            for frm, to in steps:
                apply_step(me, opp, frm, to)
            assert bytes(opp) + bytes(me) == bytes(cache["boards"][k]), (level, pos.me, pos.opp, d1, d2)


def test_the_fast_strong_screen_chooses_as_the_strong_model_does():
    """screen_strong.py walks each candidate's 1-ply once and chooses variants from it: its
    engine variant (and a variant of more candidates, 1-ply alone) must pick what
    screen.strong_choices picks (which picks as engine/player.py: the test above)."""
    from host_tools.train import screen, screen_strong
    _, cache = small_cache()
    sc = screen_strong.Screen(cache, screen_strong.build_leaves(cache, WEIGHTS), WEIGHTS)
    assert list(sc.engine()) == list(screen.strong_choices(WEIGHTS, cache))
    wide = sc.choose(sc.one_ply(sc.net_leaves()), 8, 0.3)
    assert list(wide) == list(screen.strong_choices(WEIGHTS, cache, 8, 0.3, blend=0.0))
    assert list(wide) != list(sc.engine())          # (these positions tell the two apart)


def test_the_leaf_screen_chooses_as_the_engine_with_its_leaf_net():
    """screen_leaf.py's engine (the strong level with the shipped leaf net's integers,
    emulated in numpy) must pick the very result engine/player.py picks with the file."""
    from bg.steps import apply_step
    from engine.player import Engine
    from host_tools.train import leafnet, screen_leaf, screen_strong
    roots, cache = small_cache(14)
    sc = screen_strong.Screen(cache, screen_strong.build_leaves(cache, WEIGHTS), WEIGHTS)
    q = leafnet.read(screen_leaf.FILE)
    chosen = screen_leaf.engine(sc, q)
    eng = Engine(WEIGHTS, viper=False, leaf=screen_leaf.FILE)
    # (the last 6 of the 14: the pure-Python strong think with the leaf net takes about 0.5 s;
    # the 14th is the one that tells the two choices apart)
    for (pos, d1, d2), k in list(zip(roots, chosen))[8:]:
        steps = eng.choose(pos.me, pos.opp, d1, d2, "strong")[0]
        assert eng.leaf is not None and eng.deep_fault is None
        me, opp = bytearray(pos.me), bytearray(pos.opp)
        for frm, to in steps:
            apply_step(me, opp, frm, to)
        assert bytes(opp) + bytes(me) == bytes(cache["boards"][k]), (pos.me, pos.opp, d1, d2)
    # (these positions tell it from session 11's choice, the board's net's 0-ply at 1/4)
    before = sc.choose(0.75 * sc.one_ply(screen_leaf.leaf_values(sc, q))
                       + 0.25 * np.where(np.isfinite(sc.v0), sc.v0, 0))
    assert list(before) != list(chosen)
