"""`python -m host_tools monitor -`: events from standard input, printed for a person;
lines that are not events are named with their line number and do not stop it."""
import subprocess
import sys

from base import events
from tools import ROOT


def monitor(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "host_tools", "monitor"] + args, input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_stdin_stream_with_malformed_lines():
    lines = [
        events.hello("0.1", 1),
        events.match(5, ("Ann", "Bob"), "C"),
        events.game(1, (0, 0)),
        events.roll(1, 3, 1),
        events.play(1, ((8, 5), (6, 5)), "8/5 6/5"),
        "MPY: soft reboot",                               # REPL noise on the same port
        events.roll(0, 6, 5),
        events.play(0, ()),
        '{"t":"roll","p":0,"d":[6',                       # a line cut short
        events.cube(0, "double", 2),
        events.cube(1, "take", 2),
        '{"t":"roll","p":0,"d":7}',                       # wrong field shape
        events.resign(1, "offer", 2),
        events.resign(0, "accept", 2),
        events.game_end(0, 4, (4, 0)),
        events.ids("4HPwATDgc/ABMA", "cAkAAAAAAAAA"),
        events.error("closed_point", "5-point is closed", (5,)),
        '{"t":"someday","x":1}',
        events.match_end(0, (5, 0)),
    ]
    proc = monitor(["-"], "\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == len(lines)
    assert out[1] == "new 5-point match: Ann vs Bob (rules C)"
    assert out[3] == "Bob rolls 3-1"
    assert out[4] == "Bob plays 8/5 6/5"
    assert out[5].startswith("? line 6 is not an event (not a JSON object)")
    assert out[7] == "Ann plays nothing (no legal move)"
    assert out[8].startswith("? line 9 is not an event (broken JSON)")
    assert out[9] == "Ann doubles to 2" and out[10] == "Bob takes"
    assert out[11].startswith("? line 12 has unexpected fields")
    assert out[12] == "Bob offers to resign a gammon"
    assert out[14] == "Ann wins the game, 4 point(s); score 4-0"
    assert out[15] == "GNU Backgammon IDs: 4HPwATDgc/ABMA:cAkAAAAAAAAA"
    assert out[16] == "ERROR closed_point: 5-point is closed (points 5)"
    assert out[17].startswith("someday:")
    assert out[18] == "Ann wins the match; score 5-0"


def test_no_source_and_bad_port_fail_clearly():
    proc = monitor([])
    assert proc.returncode == 2 and "--port" in proc.stderr
    proc = monitor(["--port", "/dev/does-not-exist-tablier"])
    assert proc.returncode == 1 and "cannot open /dev/does-not-exist-tablier" in proc.stderr


def test_the_computer_on_usbs_events_in_words():
    lines = [
        events.match(0, ("White", "Computer (USB)")),
        '{"t":"seat_turn","p":1,"ask":"play","pos":"4HPwATDgc/ABMA","match":"cAkHAAAAAAAE","dice":[6,1],"q":7}',
        '{"t":"board_play","player":1,"play":"13/7 8/7"}',
        '{"t":"seat_ok","ask":"play","answer":"13/7 8/7"}',
    ]
    out = monitor(["-"], "\n".join(lines) + "\n").stdout.splitlines()
    assert out[1] == ("Computer (USB) is asked over USB: its play for 6-1 "
                      "(GNU Backgammon IDs 4HPwATDgc/ABMA:cAkHAAAAAAAE)"), out
    assert out[2] == "Computer (USB) plays 13/7 8/7: move its checkers"
    assert out[3] == "the computer's answer is taken: 13/7 8/7"
