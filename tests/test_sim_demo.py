"""`make demo`: two bots play a whole 3-point match on the simulated board, through the real
scanner, Table and App, with the standard library only (python -S: no site-packages)."""
import os
import subprocess
import sys

import pytest

from tools import ROOT
from host_tools import record_read as record
import hw.store as store


# 7 and 12 bear off beside piles of 7+ checkers (a range to the sensors: game/unsure.py),
# 7 with two complete plays fitting the reading (the bot picks its own with the cube button)
@pytest.mark.parametrize("seed", [1, 7, 12])
def test_demo_plays_a_3_point_match_with_cube_actions(tmp_path, seed):
    proc = subprocess.run([sys.executable, "-S", "-m", "host_tools", "sim", "--demo", "--fast",
                           "--seed", str(seed), "--dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    assert "match over:" in proc.stdout
    events, problems = record.read_file(os.path.join(str(tmp_path), "match.rec"))
    assert not problems, problems
    assert events[0][0] == "match" and events[0][1] == 3
    ends = [e for e in events if e[0] == "end"]
    score = [0, 0]
    for _, winner, points in ends:
        score[winner] += points
    assert max(score) >= 3 and min(score) < 3, score
    kinds = [e[0] for e in events]
    assert "double" in kinds and ("take" in kinds or "drop" in kinds), kinds
    # every play the bots made went through the board: the record has them all
    assert kinds.count("play") > 20
    # the last committed state is on "flash" and loads
    assert store.load(os.path.join(str(tmp_path), "state.bin"))
    # the match end was sent on the serial line too
    assert '"t":"match_end"' in proc.stdout
