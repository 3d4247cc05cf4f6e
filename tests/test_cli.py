"""The command-line entry: `legal`, `judge` (single and batch), `flash` without a board."""
import json
import os
import subprocess
import sys

from tools import ROOT

START = "4HPwATDgc/ABMA"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_legal_lists_every_play_with_its_result_id():
    p = run("legal", START, "31")
    assert p.returncode == 0
    lines = p.stdout.strip().splitlines()
    assert len(lines) == 16
    plays = dict((a.strip(), b) for a, b in (l.rsplit(None, 1) for l in lines))
    assert "8/5 6/5" in plays and "24/23 24/21" in plays
    assert all(len(v) == 14 for v in plays.values())


def test_judge_agrees_with_legal():
    for line in run("legal", START, "65").stdout.strip().splitlines():
        play, result = line.rsplit(None, 1)
        out = run("judge", START, "65", result).stdout.strip()
        assert out == "complete " + play.strip()
    out = run("judge", START, "65", START).stdout.strip()
    assert out == "partial remaining 6 5"


def test_batch_mode_answers_one_json_line_per_request():
    reqs = "%s 66\n%s 21\nnot-an-id 21\n%s 9x\n" % (START, START, START)
    p = run("legal", "-", stdin=reqs)
    answers = [json.loads(l) for l in p.stdout.splitlines()]
    assert len(answers) == 4
    assert len(answers[0]["plays"]) == 11 and len(answers[1]["plays"]) == 15
    assert "error" in answers[2] and "error" in answers[3]
    assert p.returncode == 1                       # errors are reported in the exit code too
    legal = answers[1]["plays"][0]["result"]
    p = run("judge", "-", stdin="%s 21 %s\n%s 21 %s\n" % (START, legal, START, START))
    a, b = [json.loads(l) for l in p.stdout.splitlines()]
    assert a["verdict"] == "complete" and b["verdict"] == "partial"


def test_judge_names_the_reason_and_points():
    # 24/18 with 3-1 (6 pips with 3+1=4): moved more than the dice allow
    moved = subprocess.run([sys.executable, "-c", (
        "import host_tools;"
        "from bg.position import Position; from bg.ids import position_id;"
        "p = Position.start(); p.me[23] -= 1; p.me[17] += 1; print(position_id(p))")],
        cwd=ROOT, capture_output=True, text=True).stdout.strip()
    out = run("judge", START, "31", moved).stdout.strip()
    assert out.startswith("illegal too_many_moves points 24 18")


def test_bad_arguments_exit_non_zero_with_a_message():
    p = run("legal", START)
    assert p.returncode == 2 and "usage" in p.stderr
    p = run("judge", START, "77", START)
    assert p.returncode == 2 and "dice" in p.stderr


def test_flash_compiles_everything_and_refuses_without_a_board():
    p = run("flash", "--port", "/dev/does-not-exist")
    assert p.returncode == 1
    assert "no MicroPython board" in p.stderr
    build = os.path.join(ROOT, "build", "firmware")
    mpys = [f for _, _, fs in os.walk(build) for f in fs if f.endswith(".mpy")]
    fw = os.path.join(ROOT, "firmware")
    srcs = [f for _, _, fs in os.walk(fw) for f in fs if f.endswith(".py")]
    # main.py stays source; manifest.py is for freezing a firmware image, not for the board
    assert len(mpys) == len(srcs) - ("main.py" in os.listdir(fw)) - ("manifest.py" in os.listdir(fw))
    assert "manifest.py" not in os.listdir(build) and "manifest.mpy" not in os.listdir(build)
