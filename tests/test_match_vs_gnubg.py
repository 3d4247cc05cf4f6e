"""bg.match and bg.cube agree with GNU Backgammon on every cube action, resignation and game end.

The comparison runs in its own process (tests/gnubg_match_check.py): gnubg must not live in
a process that later forks. 4,000 random steps take about half a second.
"""
import re
import subprocess
import sys

from tools import ROOT


def test_cube_resignations_scores_and_crawford_agree_with_gnubg():
    proc = subprocess.run([sys.executable, "-m", "tests.gnubg_match_check", "4000"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    out = proc.stdout + proc.stderr
    m = re.search(r"^steps (\d+) games (\d+) mismatches (\d+)$", proc.stdout, re.M)
    assert m, out[-3000:]
    steps, games, mismatches = (int(g) for g in m.groups())
    assert mismatches == 0 and proc.returncode == 0, out[-3000:]
    assert steps >= 3900 and games >= 500, out[-500:]
