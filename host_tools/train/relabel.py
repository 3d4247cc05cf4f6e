"""Stronger labels for part of the training positions: gnubg at 1-ply (or more) instead of 0-ply.

`python -m host_tools.train.relabel DATA.npz [DATA2.npz ...] --count N --seed S
     [--ply 1] [--part K --parts P] [--race] -o OUT.npz`

The distinct positions of the data files (contact positions only, unless --race) are put
in a seeded random order; the first N are evaluated by gnubg.evaluate at the given ply
(evalcontext(0, PLY, 1, 0, 0.0): cubeless, no noise, so the labels depend on nothing but
the position); --part K of --parts P (K from 0) takes every P-th of those N, so P processes
share the work and their files together hold the same labels. OUT is saved every 50,000
positions: a run stopped early leaves the first M of its part, which is exactly what
--count P x M gives that part. OUT has the same fields as
gendata's (boards, labels). fit.py keeps the first label it meets of a position, so give it
the relabelled files before the 0-ply ones.
"""
import argparse
import os
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host_tools.train.fit import race_mask  # noqa: E402
from host_tools.train.gendata import gnubg_setup  # noqa: E402


SAVE_EVERY = 50000


def chosen(paths, count, seed, race):
    """The N boards to relabel, in their seeded order (the same for every part)."""
    boards = np.concatenate([np.load(p)["boards"] for p in paths])
    boards = np.unique(boards, axis=0)                  # sorted: independent of file order
    if not race:
        boards = boards[~race_mask(boards)]
    order = np.random.default_rng(seed).permutation(len(boards))
    return boards[order[:count]]


def save(path, boards, labels):
    """Whole or not at all (a run stopped while saving keeps its previous file)."""
    tmp = path + ".tmp.npz"
    np.savez_compressed(tmp, boards=boards, labels=labels)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ply", type=int, default=1)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--race", action="store_true", help="race positions too")
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args(argv)
    boards = chosen(a.data, a.count, a.seed, a.race)[a.part::a.parts]
    g = gnubg_setup()
    ci = g.cubeinfo(1, -1, 1, 0, (0, 0), 0)
    ec = g.evalcontext(0, a.ply, 1, 0, 0.0)
    labels = np.zeros((len(boards), 5), np.float32)
    t0 = time.time()
    for i, b in enumerate(boards):
        # gnubg's board is (opponent, on roll); ours is on roll's 25 then the opponent's
        labels[i] = g.evaluate((tuple(int(v) for v in b[25:]), tuple(int(v) for v in b[:25])), ci, ec)[:5]
        if (i + 1) % 20000 == 0:
            print("%d of %d, %.0f s" % (i + 1, len(boards), time.time() - t0), flush=True)
        if (i + 1) % SAVE_EVERY == 0:
            # so far, in case the run is stopped: the first M of a part are exactly
            # what a run with --count 2M (for 2 parts) gives that part
            save(a.out, boards[:i + 1], labels[:i + 1])
    save(a.out, boards, labels)
    print("saved %d positions labelled at %d-ply to %s (%.0f s)" % (len(boards), a.ply, a.out, time.time() - t0))


if __name__ == "__main__":
    main()
