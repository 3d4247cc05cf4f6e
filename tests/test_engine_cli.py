"""`python -m host_tools bot`: a play and its result ID (single and batch, the three dice
formats, no legal play), agreeing with `legal`; the cube decision on clear-cut IDs."""
import json
import subprocess
import sys

from tools import ROOT

from bg.ids import MatchState, gnubg_id, position_id, GAME_PLAYING

from corepos import pos_from

START = "4HPwATDgc/ABMA"
# on the bar against a closed board: no legal play
BLOCKED = position_id(pos_from({6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 14: 3}, me_bar=1))


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "host_tools"] + list(args), cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=120)


def legal_results(pos_id, dice):
    out = run("legal", pos_id, dice).stdout.strip().splitlines()
    return dict((b, a.strip()) for a, b in (l.rsplit(None, 1) for l in out if "/" in l))


def test_bot_prints_a_legal_play_and_its_result():
    p = run("bot", START, "31")
    assert p.returncode == 0, p.stderr
    play, result = p.stdout.strip().rsplit(None, 1)
    legal = legal_results(START, "31")
    assert legal[result] == play
    assert play == "8/5 6/5"              # the only sensible 3-1 at the start


def test_bot_batch_answers_one_json_line_per_request():
    reqs = "%s 31\n%s 6-6\n%s 4 2\n%s 65\nnot-an-id 31\n" % (START, START, START, BLOCKED)
    p = run("bot", "-", "--level", "easy", stdin=reqs)
    lines = [json.loads(l) for l in p.stdout.strip().splitlines()]
    assert len(lines) == 5
    for ans, dice in zip(lines[:3], ("31", "66", "42")):
        assert ans["level"] == "easy"
        assert legal_results(START, dice)[ans["result"]] == ans["play"]
    assert lines[3]["play"] == "" and lines[3]["result"] == BLOCKED
    assert "error" in lines[4] and lines[4]["line"] == 5
    assert p.returncode == 1                 # a bad line is reported in the exit code


def test_bot_levels_and_bad_arguments():
    for level in ("normal", "strong"):
        p = run("bot", START, "5 2", "--level", level)
        assert p.returncode == 0, p.stderr
        play, result = p.stdout.strip().rsplit(None, 1)
        assert legal_results(START, "52")[result] == play
    assert run("bot", START, "77").returncode == 2
    assert run("bot", START, "31", "--level", "grandmaster").returncode == 2


def _cube_id(pos, doubled=False, length=0, score=(0, 0), crawford=False):
    st = MatchState(on_roll=0, turn=1 if doubled else 0, doubled=doubled, game_state=GAME_PLAYING,
                    match_length=length, score=score, crawford=crawford)
    return gnubg_id(pos, st)


def cube(ident):
    p = run("bot", "cube", ident, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_bot_cube_clear_cut_decisions():
    lead = pos_from({1: 3, 2: 3}, {5: 4, 6: 4})            # a won race, no gammon left
    assert cube(_cube_id(lead))["action"] == "double"
    assert cube(_cube_id(lead, doubled=True))["action"] == "pass"
    start = pos_from({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    assert cube(_cube_id(start))["action"] == "no double"
    assert cube(_cube_id(start, doubled=True))["action"] in ("take", "beaver")
    # match play: no double in the Crawford game, even with the won race
    assert cube(_cube_id(lead, length=5, score=(2, 4), crawford=True))["action"] == "no double"
    p = run("bot", "cube", _cube_id(lead))
    assert p.stdout.startswith("double")
