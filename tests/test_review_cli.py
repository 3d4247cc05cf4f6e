"""`python -m host_tools review`: a board record and its .mat export give the same review;
the decisions it counts are GNU Backgammon's (the `gnubg` package's `analyse match` of the
same .mat: its unforced moves); errors are told in words."""
import json
import subprocess
import sys

import record
from tools import ROOT
from test_export import play_match

GNUBG_SCRIPT = r"""
import json, sys
sys.path.insert(0, %r)
from host_tools import gnubg_capture
from host_tools.benches.bench_coach import gnubg_figures
gnubg_capture.setup()
for c in ("set analysis chequerplay evaluation plies 0", "set analysis cubedecision evaluation plies 0"):
    gnubg_capture.command(c)
g = gnubg_figures(gnubg_capture.command, sys.argv[1])
print(json.dumps(g["chequerplay"]["Unforced moves"]))
"""


def tool(*args):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_review_of_a_record_and_of_its_mat_agree_with_gnubgs_count(tmp_path):
    rec = tmp_path / "m.tbr"
    rec.write_text(record.text_of(play_match(3, length=3)))
    mat = tmp_path / "m.mat"
    assert tool("export", str(rec), "-o", str(mat)).returncode == 0
    a = tool("review", str(rec), "--json", "--no-luck")
    b = tool("review", str(mat), "--json", "--no-luck")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    ra, rb = json.loads(a.stdout), json.loads(b.stdout)
    assert ra["players"] == rb["players"] and ra["games"] == rb["games"] >= 2
    assert [p["name"] for p in ra["players"]] == ["Ann", "Bob"]
    g = subprocess.run([sys.executable, "-c", GNUBG_SCRIPT % ROOT, str(mat)], capture_output=True,
                       text=True, timeout=300)
    assert g.returncode == 0, g.stderr
    assert json.loads(g.stdout) == [p["unforced_moves"] for p in ra["players"]]
    text = tool("review", str(mat), "--no-luck")
    assert text.returncode == 0
    assert "error rate" in text.stdout and "blunders" in text.stdout and "luck" not in text.stdout


def test_review_says_what_is_wrong(tmp_path):
    gone = tool("review", str(tmp_path / "none.rec"))
    assert gone.returncode == 1 and "cannot read" in gone.stderr and "No such file" in gone.stderr
    empty = tmp_path / "empty.tbr"
    empty.write_text(record.text_of([("match", 3, "C", "")]))
    proc = tool("review", str(empty))
    assert proc.returncode == 1 and "no game" in proc.stderr
