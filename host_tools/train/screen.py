"""Screen candidate weights files without playing games: the mean equity their 0-ply
choices lose on a fixed set of real-match moves, by a judge stronger than their teacher.

    python -m host_tools.train.screen build --positions 2000 --seed 7 -o build/train/screen.npz
    python -m host_tools.train.screen score build/train/screen.npz firmware/engine/weights.bin CAND.bin

Why: 4,000 mirrored games measure a net to +- 0.02 ppg, as large as the differences between
the nets tried (docs/engine.md); a screen on fixed positions has no dice noise, and the
same positions judge every candidate. `build` takes moves with a choice from the real
matches (../shared/data/real-matches, seeded sample), judges every legal result by gnubg
1-ply, and the best TOP2 of those again at 2-ply (30 ms each); a result's value is its
2-ply value when it has one, else its 1-ply value minus the mean 2-ply-1-ply gap. `score`
chooses as the engine's normal level does (the exact integer net, emulated in numpy
(fit.int_forward): the contact net unless the result is a race, a finished game scored
exactly) and reports the mean loss against the judge's best, with its standard error,
and the loss difference to the first file (paired: same positions).
"""
import argparse
import os
import random
import struct
import sys
import time

import numpy as np

from host_tools.train.fit import NIN, encode, int_forward, race_mask   # (puts firmware/ on the path)
from engine.player import CANDIDATES, ROLLS, MARGIN as _MARGIN  # noqa: E402  (the strong level's numbers)

TOP2 = 5
P = 65536


def _won(r):
    if sum(r.me):
        return None
    if sum(r.opp) < 15:
        return 1.0
    return 3.0 if any(r.opp[i] for i in range(18, 25)) else 2.0


def result_rows(results):
    """Results (Positions, the mover as `me`) as the cache stores them: boards (N, 50), the
    side then on roll first; won: the mover's points where it bore off its last checker,
    else -1."""
    boards = np.frombuffer(b"".join(bytes(r.opp) + bytes(r.me) for r in results), np.uint8).reshape(-1, 50)
    won = np.array([-1.0 if w is None else w for w in map(_won, results)])
    return boards, won


def roll_results(on_roll):
    """For each of ROLLS, the results of the side on roll of `on_roll` (a Position) as
    result_rows gives them, and whether it had no legal play: (boards, won, no_play). With
    no play the turn passes back: the one row is `on_roll` itself, the other side on roll."""
    from bg.movegen import legal_plays
    for d1, d2 in ROLLS:
        plays = legal_plays(on_roll, d1, d2)
        if len(plays):
            yield result_rows([p.apply(on_roll) for p in plays]) + (False,)
        else:
            yield result_rows([on_roll]) + (True,)


def groups(c):
    """(first, end) of each cached position's results."""
    start = c["start"]
    return zip(start, np.r_[start[1:], len(c["boards"])])


def best_of_groups(values, c):
    """The index of each group's highest value (the first of equals, as the engine keeps)."""
    return np.array([s + int(np.argmax(values[s:e])) for s, e in groups(c)])


def build(a):
    from host_tools.benches.bench_engine import _real_moves, GnubgPlayer
    from bg.movegen import legal_plays
    rng = random.Random(a.seed)
    cases = []
    for pos, d1, d2 in _real_moves():
        if rng.random() < a.keep:
            cases.append((pos.copy(), d1, d2))
    rng.shuffle(cases)
    gn = GnubgPlayer()
    ply1 = gn.g.evalcontext(0, 1, 1, 0, 0.0)
    ply2 = gn.g.evalcontext(0, 2, 1, 0, 0.0)

    def value(r, ec):
        e = gn.g.evaluate((tuple(r.me), tuple(r.opp)), gn.ci, ec)
        return -(2 * e[0] - 1 + e[1] - e[3] + e[2] - e[4])

    boards, won, v1, v2, start = [], [], [], [], []
    t0 = time.time()
    n = nres = 0
    for pos, d1, d2 in cases:
        plays = legal_plays(pos, d1, d2)
        if len(plays) < 2:
            continue
        res = [p.apply(pos) for p in plays]
        rb, rw = result_rows(res)
        start.append(nres)
        nres += len(res)
        boards.append(rb)
        won.append(rw)
        vals = [rw[i] if rw[i] >= 0 else value(r, ply1) for i, r in enumerate(res)]
        v1 += vals
        second = [np.nan] * len(res)
        for i in sorted(range(len(res)), key=lambda i: -vals[i])[:TOP2]:
            second[i] = vals[i] if rw[i] >= 0 else value(res[i], ply2)
        v2 += second
        n += 1
        if n % 200 == 0:
            print("%d positions, %d results, %.0f s" % (n, nres, time.time() - t0), flush=True)
        if n == a.positions:
            break
    np.savez_compressed(a.out, boards=np.concatenate(boards), won=np.concatenate(won),
                        v1=np.array(v1), v2=np.array(v2), start=np.array(start))
    print("saved %d positions (%d results) to %s, %.0f s" % (n, nres, a.out, time.time() - t0))


def read_weights(path):
    """The two integer nets of a TBN2 file as fit.quantize() returns them."""
    data = open(path, "rb").read()
    assert data[:4] == b"TBN2"
    sig = list(struct.unpack_from("<257H", data, 4))
    at = 4 + 514 + 2
    nets = []
    for _ in range(2):
        nin, h, nout, _z = struct.unpack_from("<4H", data, at)
        at += 8
        mul = np.frombuffer(data, "<u2", h, at).astype(np.int64)
        at += 2 * h
        qb1 = np.frombuffer(data, "<i2", h, at).astype(np.int64)
        at += 2 * h
        w8 = np.frombuffer(data, "u1", nin * h, at).reshape(nin, h).astype(np.int64) - 128
        at += nin * h
        q2 = np.frombuffer(data, "<u2", (h + 1) * nout, at).reshape(h + 1, nout).astype(np.int64) - 4096
        at += 2 * (h + 1) * nout
        at += -at % 4
        nets.append((mul, qb1, w8, q2))
    return sig, nets


def judged(c):
    v1, v2 = c["v1"], c["v2"]
    has = ~np.isnan(v2)
    gap = float(np.mean(v2[has] - v1[has]))
    return np.where(has, v2, v1 + gap)


def choices(path, c):
    """Index (into the cache's results) of the result the weights' normal level chooses."""
    return best_of_groups(IntNet(path).mover_values(c["boards"], c["won"]), c)


def gnubg_choices(c):
    """The same for gnubg 0-ply (the name "gnubg" in place of a weights file)."""
    from host_tools.benches.bench_engine import GnubgPlayer
    gn = GnubgPlayer()
    ec = gn.g.evalcontext(0, 0, 1, 0, 0.0)
    b = c["boards"]
    eq = np.zeros(len(b))
    for i in range(len(b)):
        if c["won"][i] >= 0:
            eq[i] = c["won"][i]
        else:
            e = gn.g.evaluate((tuple(int(v) for v in b[i, 25:]), tuple(int(v) for v in b[i, :25])), gn.ci, ec)
            eq[i] = -(2 * e[0] - 1 + e[1] - e[3] + e[2] - e[4])
    return best_of_groups(eq, c)


class IntNet:
    """A weights file's 0-ply values of many results at once, as the engine computes them."""

    def __init__(self, path):
        self.sig, self.nets = read_weights(path)

    def mover_values(self, b, won):
        """b: (N, 50) results, the side now on roll first; won: the mover's points where the
        mover has borne off its last checker (else < 0). The mover's value, in points."""
        x = encode(b).astype(np.int64)
        assert x.shape[1] == NIN
        rm = race_mask(b)
        eq = np.zeros(len(b))
        for net, m in zip(self.nets, (~rm, rm)):
            if m.any():
                p = int_forward(x[m], net, self.sig)
                eq[m] = -(2 * p[:, 0] - P + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]) / P
        return np.where(won >= 0, won, eq)

MARGIN = _MARGIN / P


def strong_choices(path, c, candidates=CANDIDATES, margin=MARGIN, blend=0.5):
    """The strong level's choice (engine/player.py: the best CANDIDATES results at 0-ply
    within MARGIN of the best, each looked at again through the opponent's 21 rolls, each
    answered by the opponent's best 0-ply play; the score blend x 0-ply + (1 - blend) x
    1-ply, the engine's 0.5), as index into the cache's results."""
    from bg.position import Position
    net = IntNet(path)
    b = c["boards"]
    v0 = net.mover_values(b, c["won"])
    out = []
    for s, e in groups(c):
        order = s + np.argsort(-v0[s:e], kind="stable")[:candidates]
        top = v0[order[0]]
        best, pick = None, order[0]
        for k in order:
            if v0[k] < top - margin:
                continue
            if c["won"][k] >= 0:
                v = c["won"][k]
            else:
                mover = Position(b[k, 25:], b[k, :25])      # the candidate's result, mover as me
                opp_on_roll = mover.swapped()
                total = 0.0
                for (d1, d2), (rb, won, _) in zip(ROLLS, roll_results(opp_on_roll)):
                    # the opponent's value of its best reply (no play: of the mover on
                    # roll again, from the opponent's side)
                    reply = net.mover_values(rb, won).max()
                    total += reply if d1 == d2 else 2 * reply
                v = -total / 36.0
            v = (1 - blend) * v + blend * v0[k]        # the engine: (v1 + v0) // 2
            if best is None or v > best:
                best, pick = v, k
        out.append(pick)
    return np.array(out)


def score(a):
    c = dict(np.load(a.cache))
    if a.first:
        n = a.first
        end = c["start"][n] if n < len(c["start"]) else len(c["boards"])
        for k in ("boards", "won", "v1", "v2"):
            c[k] = c[k][:end]
        c["start"] = c["start"][:n]
    val = judged(c)
    best = val[best_of_groups(val, c)]
    first = None
    for path in a.weights:
        if path == "gnubg":
            chosen = gnubg_choices(c)
        elif a.strong:
            chosen = strong_choices(path, c, a.candidates, a.margin, a.blend)
        else:
            chosen = choices(path, c)
        loss = best - val[chosen]
        line = "%-50s positions %d  loss %.5f +- %.5f" % (path, len(loss), loss.mean(), loss.std() / np.sqrt(len(loss)))
        if first is None:
            first = loss
        else:
            d = loss - first
            line += "  vs first %+.5f +- %.5f" % (d.mean(), d.std() / np.sqrt(len(d)))
        print(line, flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--positions", type=int, default=2000)
    b.add_argument("--seed", type=int, default=7)
    b.add_argument("--keep", type=float, default=0.05, help="share of the real moves sampled")
    b.add_argument("-o", "--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("cache")
    s.add_argument("weights", nargs="+", help='weights files, or "gnubg" for gnubg 0-ply')
    s.add_argument("--strong", action="store_true", help="the strong level's choices (1-ply; minutes)")
    s.add_argument("--candidates", type=int, default=CANDIDATES)
    s.add_argument("--margin", type=float, default=MARGIN)
    s.add_argument("--blend", type=float, default=0.5,
                   help="strong: the 0-ply value's share in a candidate's score (engine/player.py: 0.5)")
    s.add_argument("--first", type=int, default=0, help="only the cache's first N positions")
    a = ap.parse_args(argv)
    sys.setrecursionlimit(10000)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    (build if a.cmd == "build" else score)(a)


if __name__ == "__main__":
    main()
