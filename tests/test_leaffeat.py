"""engine/leaffeat.py (the strong level's leaf net's hand-made inputs, in the firmware)
against host_tools/train/probe_inputs.py's features(), which the net was fitted on: the
same counts (feature x DIV) on every position of seeded random games, and on the bar and
bear-off corners those games rarely reach."""
import os
import sys

import numpy as np

from tools import ROOT

sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
from corepos import played_positions  # noqa: E402
from engine import leaffeat  # noqa: E402
from host_tools.train.leafnet import counts  # noqa: E402   (probe_inputs' features x DIV)


def _firmware_counts(boards):
    out = []
    for b in boards:
        c = [0] * leaffeat.NFEAT
        leaffeat.counts(bytes(b[:25]), bytes(b[25:]), c)
        out.append(c)
    return np.array(out, np.int64)


def test_the_firmware_counts_are_the_fitted_features_on_played_positions():
    ps = played_positions(11, 3000)
    bs = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in ps), np.uint8).reshape(-1, 50)
    got = _firmware_counts(bs)
    want = counts(bs)
    bad = np.nonzero((got != want).any(axis=1))[0]
    assert len(bad) == 0, (len(bad), bs[bad[0]].tolist(), got[bad[0]].tolist(), want[bad[0]].tolist())
    assert (want.std(axis=0) > 0).all()            # every count varies over these positions


def test_the_corners_bar_checkers_blots_everywhere_and_a_side_borne_off():
    rng = np.random.default_rng(5)
    boards = []
    for _ in range(400):
        b = np.zeros(50, np.uint8)
        for at in (0, 25):
            left = int(rng.integers(0, 16))
            while left:
                i = int(rng.integers(0, 25))       # index 24: the bar
                k = min(left, int(rng.integers(1, 4)))
                b[at + i] += k
                left -= k
        boards.append(b)
    bs = np.array(boards)
    assert np.array_equal(_firmware_counts(bs), counts(bs))
