"""host_tools/train/relabel.py: the training positions it picks get gnubg's 1-ply labels
(not the 0-ply ones gendata gave them), races are left alone, and the parts of a split run
together hold exactly the positions of one whole run, each with the same label."""
import subprocess
import sys

import numpy as np

from tools import ROOT

import scratch
from corepos import played_positions
from bg.position import Position, is_race

# gnubg's evaluation of the opening position (the side on roll to move), measured with
# gnubg.evaluate: 0-ply and 1-ply differ, so a label says which ply made it
START_0PLY_WIN = 0.52149
START_1PLY_WIN = 0.52692


def relabel(data, out, *extra):
    cmd = [sys.executable, "-m", "host_tools.train.relabel", data, "--count", "40", "--seed", "3",
           "-o", out] + list(extra)
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    z = np.load(out)
    return z["boards"], z["labels"]


def test_relabel_gives_1ply_labels_to_contact_positions_and_parts_add_up():
    start = Position.start()
    boards = [bytes(start.me) + bytes(start.opp)]
    for p in played_positions(77, 120, max_plies=400):
        boards.append(bytes(p.me) + bytes(p.opp))
    races = sum(1 for b in boards if is_race(Position(list(b[:25]), list(b[25:]))))
    assert races >= 5                            # the filter has something to drop
    data = scratch.path("relabel-in.npz")
    np.savez(data, boards=np.frombuffer(b"".join(boards), np.uint8).reshape(-1, 50),
             labels=np.zeros((len(boards), 5), np.float32))
    whole_b, whole_l = relabel(data, scratch.path("relabel-all.npz"), "--count", "100000")
    contact = set(b for b in boards if not is_race(Position(list(b[:25]), list(b[25:]))))
    assert set(bytes(b) for b in whole_b) == contact          # every contact position, no race
    at = [bytes(b) for b in whole_b].index(boards[0])
    assert abs(whole_l[at][0] - START_1PLY_WIN) < 1e-4, whole_l[at]
    assert abs(whole_l[at][0] - START_0PLY_WIN) > 1e-3
    assert np.all((whole_l >= 0) & (whole_l <= 1)) and np.all(whole_l[:, 0] > 0)

    # 40 of them in two parts: disjoint, the same 40 as one run, the same labels
    one_b, one_l = relabel(data, scratch.path("relabel-one.npz"))
    p0 = relabel(data, scratch.path("relabel-p0.npz"), "--part", "0", "--parts", "2")
    p1 = relabel(data, scratch.path("relabel-p1.npz"), "--part", "1", "--parts", "2")
    assert len(one_b) == 40 and len(p0[0]) == len(p1[0]) == 20
    got = dict((bytes(b), tuple(l)) for part in (p0, p1) for b, l in zip(*part))
    assert got == dict((bytes(b), tuple(l)) for b, l in zip(one_b, one_l))
