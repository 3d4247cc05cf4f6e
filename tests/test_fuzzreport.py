"""`make fuzz` writes BENCHMARKS.md's fuzz section from the fuzzers' own counts
(host_tools/fuzzreport.py), never by hand."""
import subprocess
import sys

from tools import ROOT

from host_tools import fuzzreport


def test_the_section_holds_the_runs_counts():
    lines = ["fuzz: 3 machines, 40 steps, 2 power cuts",
             "mp: seed=7 steps=800 plays=44 score=78-0 cuts=11 taken=5 refused=265 fair=1 verify=exit_2,_213_rolls_checked"]
    text = fuzzreport.text(lines, "CPython 3 examples")
    assert "CPython 3 examples" in text and "- 3 machines, 40 steps, 2 power cuts" in text
    assert "| 7 | 800 | 44 | 78-0 | 11 | 5 / 265 | on | exit 2, 213 rolls checked |" in text


def test_no_figures_write_nothing(tmp_path):
    empty = tmp_path / "report.txt"
    empty.write_text("")
    proc = subprocess.run([sys.executable, "-m", "host_tools.fuzzreport", str(empty), "x"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "no run's figures" in proc.stderr
