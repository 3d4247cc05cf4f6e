"""What hand-made contact inputs and more hidden units would buy the strong level, measured
on the host before any firmware work (float nets only: nothing here reaches weights.bin).

    python -m host_tools.train.probe_inputs fit DATA.npz [DATA2.npz ...] --hidden 80 \
        --epochs 40 [--features] -o build/train/probe.npz [--leaves LEAVES.npz]
    python -m host_tools.train.probe_inputs score SCREEN.npz LEAVES.npz build/train/probe.npz

Why: the strong level's 1-ply is limited by its leaves' values (docs/engine.md, "the
strong level's choice": about 0.0022 + 0.055 x the contact leaves' error against gnubg
0-ply). `fit` fits a float contact net (fit.py's model and Adam, no ranking loss) on the
raw 202 inputs, with `--features` also on 16 hand-made ones (features() below, the kind
gnubg's contact net has: hit chances, escapes, primes), and reports its equity error on
held-out positions and on a leaves file's contact leaves (screen_strong.py's `build
--gnubg-leaves`). `score` runs screen_strong's strong choice with the contact leaves
valued by that float net (candidates and the 0-ply share by the shipped integer net).
"""
import argparse
import os
import sys
import time

import numpy as np

from host_tools.train import fit as F
from host_tools.train.screen import ROLLS      # the 21 rolls (engine.player's)
NFEAT = 8           # per side
NAMES = ("shots", "escapes of the rearmost", "prime before the rearmost", "pips to break contact",
         "rolls failing to enter", "double shots", "pips lost when hit", "highest anchor")


def _persp(b):
    """(M, O) in the first side's coordinates, (N, 26) each: M[p] its checkers on point p
    (25: its bar), O[x] the other side's on my point x (0: its bar; it moves upwards)."""
    n = len(b)
    M = np.zeros((n, 26), np.int16)
    O = np.zeros((n, 26), np.int16)
    M[:, 1:26] = b[:, 0:25]
    O[:, 0] = b[:, 49]
    O[:, 1:25] = b[:, 25:49][:, ::-1]          # the other's point 25 - x is my x
    return M, O


def _side(M, O):
    """The NFEAT features of M's side (each about 0..1), (N, NFEAT). The other side's bar
    checkers are taken as free to move (no entering first): an input, not a rule."""
    n = len(M)
    rows = np.arange(n)
    idx = np.arange(26)
    made = M >= 2                  # my points that stop the other side
    omade = O >= 2                 # its points that stop me
    blot = M == 1
    blot[:, 0] = blot[:, 25] = False
    occ = O > 0
    shots = np.zeros(n)
    shots2 = np.zeros(n)
    piploss = np.zeros(n)
    for a, b in ROLLS:
        weight = 1 if a == b else 2
        hit = np.zeros(n, bool)
        nhit = np.zeros(n, np.int16)
        worst = np.zeros(n, np.int16)
        for t in range(1, 25):
            h = np.zeros(n, bool)
            if a != b:
                if t - a >= 0:
                    h |= occ[:, t - a]
                if t - b >= 0:
                    h |= occ[:, t - b]
                if t - a - b >= 0:
                    h |= occ[:, t - a - b] & (~made[:, t - b] | ~made[:, t - a])
            else:
                free = np.ones(n, bool)
                for k in range(1, 5):
                    s = t - k * a
                    if s < 0:
                        break
                    h |= occ[:, s] & free
                    free &= ~made[:, s]
            h &= blot[:, t]
            hit |= h
            nhit += h
            worst = np.where(h, 25 - t, worst)       # the farthest-advanced blot hit
        shots += hit * weight
        shots2 += (nhit >= 2) * weight
        piploss += worst * weight
    has = M > 0
    has[:, 0] = False
    rear = np.where(has, idx, 0).max(axis=1)            # my rearmost checker (0: none)
    wall = np.zeros(n, np.int64)                        # the lowest of its made points within 12
    for d in range(1, 13):
        x = rear - d
        wall = np.where((x >= 1) & omade[rows, np.clip(x, 0, 25)], x, wall)

    def stopped(p):
        return (p >= 1) & omade[rows, np.clip(p, 0, 25)]
    esc = np.zeros(n)
    for a, b in ROLLS:
        e = np.zeros(n, bool)
        if a != b:
            e |= ~stopped(rear - a) & (rear - a < wall)
            e |= ~stopped(rear - b) & (rear - b < wall)
            e |= ~stopped(rear - a - b) & (~stopped(rear - a) | ~stopped(rear - b)) & (rear - a - b < wall)
        else:
            free = np.ones(n, bool)
            for k in range(1, 5):
                free &= ~stopped(rear - k * a)
                e |= free & (rear - k * a < wall)
        esc += e * (1 if a == b else 2)
    esc = np.where(wall == 0, 36, esc)
    run = np.zeros(n, np.int16)
    prime = np.zeros(n, np.int16)
    for x in range(1, 25):
        run = np.where(omade[:, x] & (x < rear), run + 1, 0)
        prime = np.maximum(prime, run)
    orear = np.where(O > 0, idx, 99).min(axis=1)
    brk = (np.maximum(0, idx[None, :] - orear[:, None]) * np.where(has, M, 0)).sum(axis=1)
    home = omade[:, 19:25].sum(axis=1)
    anchor = np.where(made[:, 13:25], idx[13:25], 0).max(axis=1)
    return np.stack([shots / 36, esc / 36, prime / 6, brk / 100, home * home / 36,
                     shots2 / 36, piploss / 900, anchor / 24], axis=1).astype(np.float32)


def features(boards):
    """(N, 50) boards -> (N, 2 x NFEAT): the side on roll's features, then the other's."""
    sw = np.concatenate([boards[:, 25:], boards[:, :25]], axis=1)
    return np.concatenate([_side(*_persp(boards)), _side(*_persp(sw))], axis=1)


def inputs(boards, with_features):
    x = F.encode(boards)
    return np.concatenate([x, features(boards)], axis=1) if with_features else x


def forward(params, x):
    w1, b1, w2, b2 = params
    return F.sigmoid(F.sigmoid(x @ w1 + b1) @ w2 + b2)


def contact_leaves(path):
    """A leaves file's contact leaves with gnubg's value: (boards, gnubg equity)."""
    lv = np.load(path)
    b = lv["leaf"].reshape(-1, 50)
    g = lv["gleaf"].reshape(-1)
    ok = ~np.isnan(g) & (lv["leafwon"].reshape(-1) < 0) & ~F.race_mask(b)
    return b[ok], g[ok]


def cmd_fit(a, log):
    boards, labels = F.distinct(a.data)
    race = F.race_mask(boards)
    held = np.random.default_rng(a.seed).random(len(boards)) < 0.02
    tr, te = ~race & ~held, ~race & held
    x = inputs(boards[tr], a.features)
    log("%d inputs x %d hidden, %d training positions" % (x.shape[1], a.hidden, len(x)))
    nin, F.NIN = F.NIN, x.shape[1]            # fit() sizes W1 by it
    try:
        params = F.fit(x, labels[tr], a.hidden, a.epochs, a.seed, log)
    finally:
        F.NIN = nin
    err = np.abs(F.equity(forward(params, inputs(boards[te], a.features))) - F.equity(labels[te]))
    log("held out (%d): equity error %.4f" % (int(te.sum()), err.mean()))
    if a.leaves:
        lb, g = contact_leaves(a.leaves)
        e = np.mean(np.abs(F.equity(forward(params, inputs(lb, a.features))) - g))
        log("contact leaves (%d): equity error against gnubg 0-ply %.4f" % (len(lb), e))
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    np.savez(a.out, w1=params[0], b1=params[1], w2=params[2], b2=params[3], features=a.features)
    log("wrote %s" % a.out)


def leaf_values(sc, params, with_features):
    """screen_strong's leaf values with the contact leaves valued by the float net."""
    lv = sc.lv
    val = sc.net_leaves().reshape(-1).copy()
    lb = lv["leaf"].reshape(-1, 50)
    todo = np.nonzero((~sc.leafrace & (lv["leafwon"] < 0)).reshape(-1))[0]
    for at in range(0, len(todo), 100000):
        ii = todo[at:at + 100000]
        val[ii] = F.equity(forward(params, inputs(lb[ii], with_features)))
    return val.reshape(lv["leafwon"].shape)


def cmd_score(a):
    from host_tools.train.screen_strong import Screen, _cache
    z = np.load(a.net)
    params = [z["w1"], z["b1"], z["w2"], z["b2"]]
    if a.int8:                    # W1 as the weights file would store it (fit.quantize)
        params[0] = F.fake_quant(params[0])
    lv = dict(np.load(a.leaves))
    sc = Screen(_cache(a.cache, len(lv["cand"])), lv, a.weights)
    print("| variant (%d moves) | loss per move | against the engine's (paired) |\n|---|---:|---:|" % sc.n)
    sc.report("engine: 4 within 0.16, mean of 1-ply and 0-ply", sc.engine())
    v1 = sc.one_ply(leaf_values(sc, params, bool(z["features"])))
    for share0 in (0.0, 0.25, 0.5):
        sc.report("contact leaves by %s%s, 0-ply share %.2f" % (os.path.basename(a.net), " (W1 int8)" * a.int8, share0),
                  sc.choose(sc.blend(v1, share0)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--hidden", type=int, default=80)
    f.add_argument("--epochs", type=int, default=40)
    f.add_argument("--features", action="store_true", help="the 16 hand-made inputs too")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--leaves", help="a screen_strong leaves file built with --gnubg-leaves")
    f.add_argument("-o", "--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("cache")
    s.add_argument("leaves")
    s.add_argument("net")
    s.add_argument("--weights", default=os.path.join("firmware", "engine", "weights.bin"))
    s.add_argument("--int8", action="store_true", help="W1 rounded to int8 with a scale per hidden unit")
    a = ap.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.setrecursionlimit(10000)
    t0 = time.time()
    if a.cmd == "fit":
        cmd_fit(a, lambda msg: print("%6.0f s %s" % (time.time() - t0, msg), flush=True))
    else:
        cmd_score(a)


if __name__ == "__main__":
    main()
