"""host_tools/train/gendata.py --extra: how many other results of each roll are kept beside
the chosen one (2 by default, the committed recipe's)."""
import subprocess
import sys

import numpy as np

from tools import ROOT

import scratch


def samples(extra):
    out = scratch.path("gendata-x%d.npz" % extra)
    cmd = [sys.executable, "-m", "host_tools.train.gendata", "--games", "4", "--seed", "7",
           "--extra", str(extra), "-o", out]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    z = np.load(out)
    assert z["boards"].shape == (len(z["labels"]), 50)
    return len(z["labels"])


def test_extra_keeps_more_results_of_each_roll():
    chosen_only = samples(0)          # one kept result per move with a play
    default = samples(2)
    wide = samples(8)
    assert 100 < chosen_only < default < wide
    assert default <= 3 * chosen_only * 1.2 and wide <= 9 * chosen_only * 1.2
