"""The companion page's .mat export (web/matexport.js, run by node) writes exactly what
`python -m host_tools export` writes for the same board records (issue 13)."""
import json
import os
import shutil
import subprocess

import pytest

import record
from host_tools import cmd_export
from test_export import play_match
from tools import ROOT

NODE = shutil.which("node")
CLI = os.path.join(ROOT, "web", "tests", "matcli.mjs")


def need_node():
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is missing: the web tests need it (apt-get install nodejs)")
        pytest.skip("node is not installed: the companion's .mat export is not checked")


def write_record(path, events, extra_lines=()):
    lines = [record.HEADER] + [record.encode(e) for e in events] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n")


def js_export(path, outdir):
    proc = subprocess.run([NODE, CLI, str(path), str(outdir)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def py_export(path, out):
    code = cmd_export.export_record(str(path), str(out), check=False)
    assert code == 0


@pytest.mark.parametrize("seed", (2, 7, 12, 14, 16, 21))
def test_js_mat_equals_python_export(tmp_path, seed):
    need_node()
    rec = tmp_path / "m.rec"
    write_record(rec, play_match(seed, length=5 if seed % 2 else 7))
    got = js_export(rec, tmp_path)
    assert got == {"files": ["m.mat"], "problems": []}
    py_export(rec, tmp_path / "py.mat")
    assert (tmp_path / "m.mat").read_text() == (tmp_path / "py.mat").read_text()


def test_several_matches_and_a_damaged_line(tmp_path):
    need_node()
    rec = tmp_path / "board.rec"
    events = play_match(3, length=3) + play_match(4, length=1, names=("Zoé", "Ada"))
    write_record(rec, events, extra_lines=["P1 9 9 3"])     # a torn, impossible play
    got = js_export(rec, tmp_path)
    assert got["files"] == ["board-1.mat", "board-2.mat"]
    assert [n for n, _ in got["problems"]] == [len(events) + 2]
    py_export(rec, tmp_path / "py.mat")
    for n in (1, 2):
        assert (tmp_path / ("board-%d.mat" % n)).read_text() == (tmp_path / ("py-%d.mat" % n)).read_text()


def test_newer_record_is_refused(tmp_path):
    need_node()
    rec = tmp_path / "new.rec"
    rec.write_text("TBR 9\nM 5 C -\n")
    proc = subprocess.run([NODE, CLI, str(rec), str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "newer firmware" in proc.stderr
