"""Variants of the strong level's choice with the shipped leaf net's integers (engine/leafnet.bin),
screened in seconds on screen.py's cache and a screen_strong leaves file.

    python -m host_tools.train.screen_leaf build/train/screen.npz build/train/leaves.npz \
        [--file firmware/engine/leafnet.bin]

Why: screen_strong.py's variants value the leaves by the board's own net (or gnubg, an
oracle), probe_inputs.py's `score` by a float net; the strong level on the board values its
contact leaves by the file's integers (leafnet.int_equity: bit for bit the board's, tests/
test_engine_leafnet.py). This screen starts from that level ("engine": engine/player.py's
choice with the leaf net, `engine()`; tests/test_train_rank.py checks it picks as the
Engine) and tries what the leaf net could change cheaply: the 0-ply share, the candidates'
own 0-ply value by the leaf net (4 leaves a move more: kept in session 12, with the share
from 1/4 to 3/8), more candidates, and the candidates chosen again by the leaf net's 0-ply
value before the 1-ply.
"""
import argparse
import os

import numpy as np

from host_tools.train import leafnet as L
from host_tools.train.fit import ROOT
from host_tools.train.screen import MARGIN
from host_tools.train.screen_strong import Screen, _cache

FILE = os.path.join(ROOT, "firmware", "engine", "leafnet.bin")


def _int_values(boards, q):
    out = np.zeros(len(boards))
    for at in range(0, len(boards), 50000):
        out[at:at + 50000] = L.int_equity(boards[at:at + 50000], q) / 65536.0
    return out


def leaf_values(sc, q):
    """The mover's value of each leaf as the board's strong level has it: the file's for a
    contact leaf its reply left, the board's net's for a race, a bear-off or no reply."""
    lv = sc.lv
    val = sc.net_leaves().reshape(-1).copy()
    todo = np.nonzero((~sc.leafrace & (lv["leafwon"] < 0) & ~lv["nopl"]).reshape(-1))[0]
    val[todo] = _int_values(lv["leaf"].reshape(-1, 50)[todo], q)
    return val.reshape(lv["leafwon"].shape)


def cand_values(sc, q):
    """Each candidate's 0-ply value for the mover with the file's integers for a contact
    candidate (the opponent on roll there), the board's net's otherwise ((n, K))."""
    v = sc.v0.copy()
    ok = (sc.cand >= 0) & ~sc.race & (sc.won < 0)
    boards = sc.c["boards"][sc.cand[ok]]          # (the opponent, on roll, first)
    v[ok] = -_int_values(boards, q)
    return v


def rechosen(sc, v0leaf, first, margin, keep):
    """A choose() mask: of the first `first` candidates within `margin` of the best at the
    board's 0-ply, the `keep` best by the leaf net's 0-ply value."""
    slot = np.arange(sc.k)[None, :]
    ok = (slot < first) & (sc.v0 >= sc.v0[:, :1] - margin) & (sc.cand >= 0)
    r = np.where(ok, v0leaf, -np.inf)
    rank = np.argsort(np.argsort(-r, axis=1, kind="stable"), axis=1, kind="stable")
    return ok & (rank < keep)


def choose_mask(sc, score, ok):
    j = np.argmax(np.where(ok, score, -np.inf), axis=1)
    return sc.cand[np.arange(sc.n), j]


SHARE = 0.375       # engine/player.py's with the leaf net: 3/8 of the candidate's 0-ply value


def engine(sc, q):
    """engine/player.py's strong choice with the leaf net: the best 4 within 0.16 at the
    board's 0-ply, each scored 5/8 its 1-ply value (contact leaves by the file) and 3/8 its
    0-ply value (by the file too for a contact candidate)."""
    v0 = np.where(np.isfinite(sc.v0), cand_values(sc, q), 0)
    return sc.choose((1 - SHARE) * sc.one_ply(leaf_values(sc, q)) + SHARE * v0)


def variants(sc, q):
    v1 = sc.one_ply(leaf_values(sc, q))
    v0l = cand_values(sc, q)
    fin = np.isfinite(sc.v0)

    def blend(share, v0):
        return (1 - share) * v1 + share * np.where(fin, v0, 0)
    yield "engine with the leaf net: 4 within 0.16, 0-ply share 0.375 by the leaf net", engine(sc, q)
    yield "session 11's: the board's net's 0-ply, share 0.25", sc.choose(blend(0.25, sc.v0))
    yield "normal (0-ply)", sc.choose(sc.v0, 1, 0)
    yield "the leaf net's 0-ply alone (best 8 within 0.30)", sc.choose(v0l, 8, 0.3)
    for share in (0.0, 0.125, 0.375, 0.5):
        yield "0-ply share %.3f" % share, sc.choose(blend(share, sc.v0))
    for share in (0.125, 0.25, 0.375, 0.5):
        yield "candidates' 0-ply by the leaf net, share %.3f" % share, sc.choose(blend(share, v0l))
    for k, m in ((5, MARGIN), (6, 0.2), (4, 0.3), (8, 0.3)):
        for v0, name in ((sc.v0, "net"), (v0l, "leaf net")):
            yield ("%d within %.2f, share 0.25 of the %s's 0-ply" % (k, m, name),
                   sc.choose(blend(0.25, v0), k, m))
    for first, m, keep in ((8, 0.3, 4), (8, 0.3, 3), (6, 0.2, 4), (8, 0.3, 5)):
        ok = rechosen(sc, v0l, first, m, keep)
        for share in (0.25, 0.375):
            yield ("of the best %d within %.2f the %d best by the leaf net's 0-ply, its share %.3f"
                   % (first, m, keep, share), choose_mask(sc, blend(share, v0l), ok))
    if not np.isnan(sc.lv["gleaf"]).all():
        g = sc.one_ply(sc.lv["gleaf"])
        yield "oracle: leaves by gnubg 0-ply, 4 within 0.16, share 0.25", sc.choose(sc.blend(g, 0.25))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cache")
    ap.add_argument("leaves")
    ap.add_argument("--file", default=FILE)
    ap.add_argument("--weights", default=os.path.join(ROOT, "firmware", "engine", "weights.bin"))
    a = ap.parse_args(argv)
    q = L.read(a.file)
    lv = dict(np.load(a.leaves))
    sc = Screen(_cache(a.cache, len(lv["cand"])), lv, a.weights)
    print("| variant (%d moves) | loss per move | against the engine's (paired) |\n|---|---:|---:|" % sc.n)
    for name, chosen in variants(sc, q):
        sc.report(name, chosen)


if __name__ == "__main__":
    main()
