"""host_tools/train/probe_inputs.py: its hand-made inputs on positions whose values are
known by hand, and its fit command end to end on a small file (a few seconds)."""
import subprocess
import sys

import numpy as np

from tools import ROOT

import scratch
from corepos import played_positions
from host_tools.train.probe_inputs import NFEAT, features


def board(me, opp):
    """(1, 50) board from {point: checkers} of each side, each from its own side (25: bar)."""
    b = np.zeros((1, 50), np.uint8)
    for side, at in ((me, 0), (opp, 25)):
        for point, n in side.items():
            b[0, at + point - 1] = n
    return b


def mine(b):
    return features(b)[0, :NFEAT]


def test_a_lone_blot_six_away_is_hit_by_17_rolls_and_a_made_point_between_stops_3_3():
    # my blot on my 7 point, the opponent's checker on its 24 point (my 1): 6 pips apart
    f = mine(board({7: 1}, {24: 1}))
    assert round(f[0] * 36) == 17                  # any 6 (11), 5-1, 4-2 (4), 3-3, 2-2
    assert round(f[6] * 900) == 17 * (25 - 7)       # each hit costs the blot its 18 pips
    assert f[5] == 0                                # one blot: never two hit
    f = mine(board({7: 1, 4: 2}, {24: 1}))
    assert round(f[0] * 36) == 16                  # 3-3 would land on my made 4 point


def test_a_full_prime_before_the_back_checker_lets_nothing_escape():
    f = mine(board({24: 1, 6: 14}, {7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 3: 3}))
    assert f[2] == 1.0                              # six points in a row (its 7..12, my 13..18)
    assert f[1] == 0.0                              # no roll gets past them
    assert mine(board({24: 1}, {1: 2}))[1] == 1.0   # nothing in front within 12: every roll


def test_the_second_half_is_the_other_side_s_first():
    bs = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in played_positions(3, 300)),
                       np.uint8).reshape(-1, 50)
    swapped = np.concatenate([bs[:, 25:], bs[:, :25]], axis=1)
    assert np.array_equal(features(bs)[:, NFEAT:], features(swapped)[:, :NFEAT])
    assert features(bs).std(axis=0).min() > 0      # every input varies over real positions


def test_fit_writes_a_float_net_and_reports_its_held_out_error():
    bs = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in played_positions(5, 1500)),
                       np.uint8).reshape(-1, 50)
    rng = np.random.default_rng(0)
    labels = rng.random((len(bs), 5)).astype(np.float32) * 0.5
    data = scratch.path("probe-data.npz")
    np.savez(data, boards=bs, labels=labels)
    out = scratch.path("probe-net.npz")
    proc = subprocess.run([sys.executable, "-m", "host_tools.train.probe_inputs", "fit", data,
                           "--hidden", "8", "--epochs", "1", "--features", "-o", out],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "218 inputs x 8 hidden" in proc.stdout and "held out" in proc.stdout
    assert np.load(out)["w1"].shape == (218, 8)
