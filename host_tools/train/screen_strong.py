"""Variants of the strong level's choice, screened in seconds on screen.py's cache.

    python -m host_tools.train.screen_strong build /work/train/screen.npz firmware/engine/weights.bin \
        -o build/train/leaves.npz [--first N] [--gnubg-leaves]
    python -m host_tools.train.screen_strong score /work/train/screen.npz build/train/leaves.npz \
        [--net OTHER.bin ...]

Why: screen.py's `--strong` walks the opponent's 21 rolls of every candidate again for each
variant (minutes); nearly every variant of the strong level's score (the blend of 1-ply
and 0-ply, how many candidates within which margin, how a leaf is valued) reads the same
walks. `build` walks them once: for each screen position, its best K results at 0-ply (the
candidates, in the order screen.strong_choices keeps them) and for each opponent roll the
opponent's best reply by the net (as engine/player.py's `_reply`): its value, the next best
values, the leaf it leaves (the position with the mover on roll again), and with
`--gnubg-leaves` gnubg 0-ply's value of that leaf (an oracle: what the same lookahead would
choose with a better evaluator at its leaves). `score` prints each variant's mean loss per
move against the judge (screen.py's), paired with the engine's own choice (4 candidates
within 0.16, the mean of 1-ply and 0-ply), which `engine` reproduces
(tests/test_train_rank.py checks it picks as screen.strong_choices, which picks as
engine/player.py).
"""
import argparse
import os
import sys

import numpy as np

from host_tools.train.fit import encode, int_forward, race_mask
from host_tools.train.screen import (CANDIDATES, MARGIN, ROLLS, IntNet, groups, judged,
                                     roll_results)

K = 8           # candidates kept per position
T = 3           # reply values kept per roll (the best first)
ROLL_WEIGHT = np.array([1.0 if a == b else 2.0 for a, b in ROLLS])     # of the 36


def _gnubg_value(gn, board):
    """gnubg 0-ply equity of the side on roll of an (50,) board (that side first)."""
    e = gn.g.evaluate((tuple(int(x) for x in board[25:]), tuple(int(x) for x in board[:25])), gn.ci, gn.ec)
    return 2 * e[0] - 1 + e[1] - e[3] + e[2] - e[4]


def build_leaves(c, weights, k=K, gnubg_leaves=False, replies=1):
    """The 1-ply walks of each cached position's best k candidates (dict of arrays):
    cand (n, k) result indices (-1: fewer results); for (n, k, 21) rolls: top (T values,
    the opponent's best reply values, NaN past the last), leaf (the best reply's result, 50
    bytes, the mover on roll first), leafwon (the opponent's points when its reply bore off
    its last checker, else -1), nopl (no legal reply: leaf is the candidate itself, top[0]
    the opponent's value of it), gleaf (gnubg 0-ply's value of leaf for the mover, or NaN);
    with replies R > 1 also the opponent's best R replies by the net (the best first):
    rleaf (n, k, 21, R, 50) and rwon (n, k, 21, R: as leafwon, -2 past the last)."""
    from bg.position import Position
    net = IntNet(weights)
    b = c["boards"]
    v0 = net.mover_values(b, c["won"])
    gn = None
    if gnubg_leaves:
        from host_tools.benches.bench_engine import GnubgPlayer
        gn = GnubgPlayer()
    spans = list(groups(c))
    n = len(spans)
    out = {"cand": -np.ones((n, k), np.int64), "top": np.full((n, k, 21, T), np.nan),
           "leaf": np.zeros((n, k, 21, 50), np.uint8), "leafwon": np.full((n, k, 21), -1.0),
           "nopl": np.zeros((n, k, 21), bool), "gleaf": np.full((n, k, 21), np.nan)}
    if replies > 1:
        out["rleaf"] = np.zeros((n, k, 21, replies, 50), np.uint8)
        out["rwon"] = np.full((n, k, 21, replies), -2.0)
    for g, (s, e) in enumerate(spans):
        order = s + np.argsort(-v0[s:e], kind="stable")[:k]
        out["cand"][g, :len(order)] = order
        for j, ci in enumerate(order):
            if c["won"][ci] >= 0:
                continue            # the candidate bore off: its value is exact
            mover = Position(b[ci, 25:], b[ci, :25])
            opp_on_roll = mover.swapped()
            rows, wons, cuts = [], [], [0]
            for r, (rb, won, no_play) in enumerate(roll_results(opp_on_roll)):
                out["nopl"][g, j, r] = no_play      # (the turn passes back: the candidate)
                rows.append(rb)
                wons.append(won)
                cuts.append(cuts[-1] + len(rb))
            boards, won = np.concatenate(rows), np.concatenate(wons)
            vals = net.mover_values(boards, won)          # the opponent's values
            for r in range(21):
                vv = vals[cuts[r]:cuts[r + 1]]
                best = cuts[r] + int(np.argmax(vv))
                srt = np.sort(vv)[::-1][:T]
                out["top"][g, j, r, :len(srt)] = srt
                out["leaf"][g, j, r] = boards[best]
                out["leafwon"][g, j, r] = won[best]
                if replies > 1:
                    top = cuts[r] + np.argsort(-vv, kind="stable")[:replies]
                    out["rleaf"][g, j, r, :len(top)] = boards[top]
                    out["rwon"][g, j, r, :len(top)] = won[top]
                if gn is not None:
                    out["gleaf"][g, j, r] = -won[best] if won[best] >= 0 else _gnubg_value(gn, boards[best])
    return out


def two_ply_of_best_two(c, lv, weights):
    """A 2-ply of the engine's best two candidates (by its strong score): each of their
    leaves (the opponent's reply to each roll, as in lv) valued at 1-ply, through the
    mover's 21 rolls each answered by its best 0-ply result (as the opponent's replies are).
    Returns (two (n, 2, 21): the mover's value of each leaf, NaN where not computed (one
    candidate only, or it bore off); slots (n, 2): the candidates' places in lv["cand"])."""
    from bg.position import Position
    sc = Screen(c, lv, weights)
    net = IntNet(weights)
    score = sc.blend(sc.one_ply(sc.net_leaves()), 0.5)
    slot = np.arange(sc.k)[None, :]
    ok = (slot < CANDIDATES) & (sc.v0 >= sc.v0[:, :1] - MARGIN) & (sc.cand >= 0)
    score = np.where(ok, score, -np.inf)
    slots = np.argsort(-score, axis=1, kind="stable")[:, :2]
    two = np.full((sc.n, 2, 21), np.nan)
    for g in range(sc.n):
        for t in range(2):
            j = slots[g, t]
            if not np.isfinite(score[g, j]) or sc.won[g, j] >= 0:
                continue
            for r in range(21):
                if lv["leafwon"][g, j, r] >= 0:
                    two[g, t, r] = -lv["leafwon"][g, j, r]
                    continue
                leaf = lv["leaf"][g, j, r]           # the mover on roll first
                pos = Position(leaf[:25], leaf[25:])
                total = 0.0
                for (d1, d2), (rb, won, _) in zip(ROLLS, roll_results(pos)):
                    v = net.mover_values(rb, won).max()    # (no play: the opponent on roll in the leaf)
                    total += v if d1 == d2 else 2 * v
                two[g, t, r] = total / 36
    return two, slots


class Screen:
    """Chooses among a leaves file's candidates by a score per candidate ((n, K) array,
    the higher the better) and reports the loss per move against the judge."""

    def __init__(self, c, lv, weights):
        self.c, self.lv, self.weights = c, lv, weights
        self.cand = lv["cand"]
        self.n, self.k = self.cand.shape
        ci = np.maximum(self.cand, 0)
        v0all = IntNet(weights).mover_values(c["boards"], c["won"])
        self.v0 = np.where(self.cand >= 0, v0all[ci], -np.inf)
        self.won = np.where(self.cand >= 0, c["won"][ci], -1.0)
        self.race = race_mask(c["boards"][ci].reshape(-1, 50)).reshape(self.cand.shape)
        self.leafrace = race_mask(lv["leaf"].reshape(-1, 50)).reshape(lv["leafwon"].shape)
        self.ref = None
        if "v1" in c:
            val = judged(c)
            self.val = val
            self.best = np.array([val[s:e].max() for s, e in list(groups(c))[:self.n]])

    def one_ply(self, leaf_values):
        """A candidate's 1-ply value (the mover's, in points) from the mover's value of each
        roll's leaf ((n, K, 21)); a candidate that bore off keeps its exact value."""
        v1 = (leaf_values * ROLL_WEIGHT).sum(axis=2) / 36
        return np.where(self.won >= 0, self.won, np.nan_to_num(v1))

    def net_leaves(self):
        return -self.lv["top"][..., 0]

    def leaf_probs(self):
        """The net's five probabilities (0..1) of each leaf's side on roll ((n, K, 21, 5))."""
        net = IntNet(self.weights)
        lb = self.lv["leaf"].reshape(-1, 50)
        rm = race_mask(lb)
        out = np.zeros((len(lb), 5))
        for at in range(0, len(lb), 50000):
            part, r = lb[at:at + 50000], rm[at:at + 50000]
            x = encode(part).astype(np.int64)
            for params, m in zip(net.nets, (~r, r)):
                if m.any():
                    out[at + np.nonzero(m)[0]] = int_forward(x[m], params, net.sig) / 65536.0
        return out.reshape(self.lv["leafwon"].shape + (5,))

    def blend(self, v1, share0):
        """share0 x 0-ply + (1 - share0) x 1-ply (share0 a number or an (n, K) array)."""
        return (1 - share0) * v1 + share0 * np.where(np.isfinite(self.v0), self.v0, 0)

    def choose(self, score, candidates=CANDIDATES, margin=MARGIN):
        """Index (into the cache's results) of each position's choice: the best score among
        the first `candidates` candidates within `margin` of the best 0-ply value (the first
        of equals, as the engine keeps)."""
        slot = np.arange(self.k)[None, :]
        ok = (slot < candidates) & (self.v0 >= self.v0[:, :1] - margin) & (self.cand >= 0)
        j = np.argmax(np.where(ok, score, -np.inf), axis=1)
        return self.cand[np.arange(self.n), j]

    def engine(self):
        """engine/player.py's strong choice."""
        return self.choose(self.blend(self.one_ply(self.net_leaves()), 0.5))

    def report(self, name, chosen):
        loss = self.best - self.val[chosen]
        line = "| %s | %.5f +- %.5f |" % (name, loss.mean(), loss.std() / np.sqrt(len(loss)))
        if self.ref is None:
            self.ref = loss
            line += " - |"
        else:
            d = loss - self.ref
            line += " %+.5f +- %.5f |" % (d.mean(), d.std() / np.sqrt(len(d)))
        print(line, flush=True)


def variants(sc, nets=()):
    """(name, chosen) of every variant tried (docs/engine.md), the engine's first."""
    yield "engine: 4 within 0.16, mean of 1-ply and 0-ply", sc.engine()
    yield "normal (0-ply)", sc.choose(sc.v0, 1, 0)
    v1 = sc.one_ply(sc.net_leaves())
    for share0 in (0.0, 0.25, 0.4, 0.6, 0.75):
        yield "0-ply share %.2f" % share0, sc.choose(sc.blend(v1, share0))
    for k, m in ((3, 0.16), (5, 0.16), (6, 0.1), (6, 0.2), (4, 0.3), (8, 0.3)):
        for share0 in (0.4, 0.5):
            yield "%d within %.2f, 0-ply share %.2f" % (k, m, share0), sc.choose(sc.blend(v1, share0), k, m)
    for cr, rc in ((0.5, 0.0), (0.5, 0.25), (0.4, 0.0), (0.5, 0.75)):
        share0 = np.where(sc.race, rc, cr)
        yield "0-ply share %.2f in contact, %.2f in races" % (cr, rc), sc.choose(sc.blend(v1, share0))
    top = sc.lv["top"]
    t1 = top[..., 0]
    t2 = np.where(np.isnan(top[..., 1]), t1, top[..., 1])
    for lam in (0.25, 0.5):
        soft = sc.one_ply(-(t1 - lam * (t1 - t2)))
        yield "reply valued best - %.2f x (best - second)" % lam, sc.choose(sc.blend(soft, 0.5))
    t3 = np.where(np.isnan(top[..., 2]), t2, top[..., 2])
    yield "reply valued as the mean of the best three", sc.choose(sc.blend(sc.one_ply(-(t1 + t2 + t3) / 3), 0.5))
    # gnubg = a x net + b per phase: fitted on every 10th position of data-1 (identity
    # within 0.5%, offsets -0.0074 contact, +0.0022 race), and on these leaves (an oracle)
    leaf = sc.net_leaves()
    exact = sc.lv["leafwon"] >= 0
    for name, (ac, bc, ar, br) in (("data-1", (1.005, -0.0074, 1.002, 0.0022)),
                                   ("the leaves themselves", (1.014, -0.0143, 1.006, 0.0048))):
        cal = np.where(exact, leaf, np.where(sc.leafrace, ar * leaf + br, ac * leaf + bc))
        yield "leaves calibrated on %s" % name, sc.choose(sc.blend(sc.one_ply(cal), 0.5))
    probs = sc.leaf_probs()
    for gammons in (0.75, 1.25):
        eq = 2 * probs[..., 0] - 1 + gammons * (probs[..., 1] - probs[..., 3]) + probs[..., 2] - probs[..., 4]
        eq = np.where(exact | sc.lv["nopl"], leaf, eq)
        yield "leaves' gammons weighted %.2f" % gammons, sc.choose(sc.blend(sc.one_ply(eq), 0.5))
    for path in nets:
        other = IntNet(path)
        lb = sc.lv["leaf"].reshape(-1, 50)
        lw = sc.lv["leafwon"].reshape(-1)
        ov = -other.mover_values(lb, np.where(lw >= 0, lw, -1.0)).reshape(leaf.shape)
        for share0 in (0.0, 0.25, 0.5):
            yield ("leaves valued by %s, 0-ply share %.2f" % (os.path.basename(path), share0),
                   sc.choose(sc.blend(sc.one_ply(ov), share0)))
    if "two" in sc.lv:
        yield from two_ply_variants(sc, v1)
    if not np.isnan(sc.lv["gleaf"]).all():
        g = sc.one_ply(sc.lv["gleaf"])
        for share0 in (0.0, 0.25, 0.5):
            for k, m in ((4, MARGIN), (8, 0.3)):
                yield ("oracle: leaves valued by gnubg 0-ply, %d within %.2f, 0-ply share %.2f" % (k, m, share0),
                       sc.choose(sc.blend(g, share0), k, m))


def two_ply_variants(sc, v1):
    """The best two candidates compared again with their leaves valued at 1-ply (a 2-ply),
    on all the opponent's rolls or on the m rolls where their leaves differ most (the other
    leaves valued by the net as at 1-ply; the same rolls for both)."""
    two, slots = sc.lv["two"], sc.lv["two_slots"]
    n = len(two)
    rows = np.arange(n)[:, None]
    v0, v1, won = sc.v0[rows, slots], v1[rows, slots], sc.won[rows, slots]
    v2 = np.where(won >= 0, won, (two * ROLL_WEIGHT).sum(axis=2) / 36)
    single = ~np.isfinite(v0[:, 1]) | np.isnan(v2).any(axis=1)     # one candidate only

    def pick(score):
        t = np.argmax(np.where(single[:, None], np.array([1.0, 0.0]), score), axis=1)
        return sc.cand[np.arange(n), slots[np.arange(n), t]]

    def value(leaves):
        return np.where(won >= 0, won, (leaves * ROLL_WEIGHT).sum(axis=2) / 36)

    yield "2-ply of the best two (their leaves at 1-ply)", pick(v2)
    yield "the same, (2-ply + 1-ply) / 2", pick((v2 + v1) / 2)
    yield "the same, (2-ply + 0-ply) / 2", pick((v2 + v0) / 2)
    net = np.nan_to_num(sc.net_leaves()[rows, slots])
    deep = np.where(np.isnan(two), net, two)
    order = np.argsort(-np.abs(net[:, 0] - net[:, 1]) * ROLL_WEIGHT, axis=1, kind="stable")
    for m in (2, 4, 6, 8, 12):
        sel = np.zeros((n, 21), bool)
        np.put_along_axis(sel, order[:, :m], True, axis=1)
        yield ("2-ply of the best two on the %d rolls their leaves differ most" % m,
               pick(value(np.where(sel[:, None, :], deep, net))))


def _cache(path, first):
    c = dict(np.load(path))
    if first:
        end = c["start"][first] if first < len(c["start"]) else len(c["boards"])
        for key in ("boards", "won", "v1", "v2"):
            c[key] = c[key][:end]
        c["start"] = c["start"][:first]
    return c


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("cache")
    b.add_argument("weights")
    b.add_argument("-o", "--out", required=True)
    b.add_argument("--first", type=int, default=0, help="only the cache's first N positions")
    b.add_argument("--gnubg-leaves", action="store_true", help="also gnubg 0-ply's value of each leaf")
    b.add_argument("--replies", type=int, default=1,
                   help="also the opponent's best R replies' results by the net (rleaf, rwon)")
    b.add_argument("--two-ply", action="store_true",
                   help="also a 2-ply of the best two candidates (about 1 s a position)")
    s = sub.add_parser("score")
    s.add_argument("cache")
    s.add_argument("leaves")
    s.add_argument("--weights", default=os.path.join("firmware", "engine", "weights.bin"))
    s.add_argument("--net", action="append", default=[], help="also value the leaves by this weights file")
    a = ap.parse_args(argv)
    sys.setrecursionlimit(10000)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    if a.cmd == "build":
        c = _cache(a.cache, a.first)
        lv = build_leaves(c, a.weights, gnubg_leaves=a.gnubg_leaves, replies=a.replies)
        if a.two_ply:
            lv["two"], lv["two_slots"] = two_ply_of_best_two(c, lv, a.weights)
        np.savez_compressed(a.out, **lv)
        print("saved %d positions' candidates to %s" % (len(lv["cand"]), a.out))
        return
    lv = dict(np.load(a.leaves))
    sc = Screen(_cache(a.cache, len(lv["cand"])), lv, a.weights)
    print("| variant (%d moves) | loss per move | against the engine's (paired) |\n|---|---:|---:|" % sc.n)
    for name, chosen in variants(sc, a.net):
        sc.report(name, chosen)


if __name__ == "__main__":
    main()
