"""`python -m host_tools review`: a board record and its .mat export give the same review;
the decisions it counts are GNU Backgammon's (the `gnubg` package's `analyse match` of the
same .mat: its unforced moves); errors are told in words."""
import json
import subprocess
import sys

from host_tools import record_read as record
from host_tools.paths import python_env
from tools import ROOT
from test_export import play_match

GNUBG_SCRIPT = r"""
import json, sys
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
    g = subprocess.run([sys.executable, "-c", GNUBG_SCRIPT, str(mat)], capture_output=True,
                       text=True, timeout=300, env=python_env())
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


def test_review_of_a_mat_with_an_illegal_play_is_not_a_success(tmp_path):
    """Issue 26: `review` exited 0 on a .mat holding an illegal play."""
    rec = tmp_path / "m.tbr"
    rec.write_text(record.text_of(play_match(3, length=3)))
    mat = tmp_path / "m.mat"
    assert tool("export", str(rec), "-o", str(mat)).returncode == 0
    text = mat.read_text()
    row = [l for l in text.splitlines() if l.startswith("  2) ")][0]
    mat.write_text(text.replace(row, "  2) 21: 24/18"))     # a 2-1 played as a 6
    proc = tool("review", str(mat), "--no-luck")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "not graded" in proc.stdout and "a play the rules do not allow" in proc.stderr


def test_the_command_lines_refuse_what_they_cannot_read(tmp_path):
    """Issue 26: `bot ID -31` was taken as 3-1; `PORT=abc ... web` gave a traceback."""
    import os
    bot = tool("bot", "4HPwATDgc/ABMA", "-31")
    assert bot.returncode != 0 and "dice must be two digits" in bot.stderr, bot.stdout + bot.stderr
    assert tool("bot", "4HPwATDgc/ABMA", "3-1").returncode == 0
    env = dict(os.environ, PORT="abc")
    web = subprocess.run([sys.executable, "-m", "host_tools", "web", "--build-only"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, env=env)
    assert web.returncode == 2 and "not a port number: 'abc'" in web.stderr, web.stderr
    assert "Traceback" not in web.stderr


def test_the_web_server_lists_no_folder(tmp_path):
    """Issue 26: `GET /sub/` listed the folder."""
    import threading
    import urllib.error
    import urllib.request
    from host_tools import cmd_web
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("x")
    httpd = cmd_web.server(0, str(tmp_path))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        host, port = httpd.server_address[:2]
        for path in ("/sub/", "/"):
            try:
                urllib.request.urlopen("http://%s:%d%s" % (host, port, path), timeout=10)
            except urllib.error.HTTPError as e:
                assert e.code == 404, path
            else:
                raise AssertionError("%s was listed" % path)
        ok = urllib.request.urlopen("http://%s:%d/sub/a.txt" % (host, port), timeout=10)
        assert ok.read() == b"x"
    finally:
        httpd.shutdown()
        httpd.server_close()
