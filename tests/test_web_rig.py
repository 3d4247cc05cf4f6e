"""The web rig's hands (web/py/webrig.py), run on CPython with the same fakes the page runs
on MicroPython: a subprocess, so the fake `machine` stays out of pytest's process (it finds
the board's code by importing host_tools, the repository on its PYTHONPATH)."""
import subprocess
import sys

from host_tools.paths import python_env

SCRIPT = r'''
import host_tools
import webrig
W, B = webrig.WHITE, webrig.BLACK
cal = webrig.save_calibration(%r)
rig = webrig.WebRig(workdir=%r, cal_path=%r)
assert rig.cal.warning is None
rig.set_start(); assert rig.settle()
from game import table as T
assert rig.table.phase == T.OPENING, rig.screen_rows()
# a checker lifted and put back by the page (the demo takes over): where it was
assert rig.lift(13) == W and rig.hand == W
rig.put_back()
assert rig.hand == 0 and rig.board.counts(13) == (5, 0)
# nothing more can be lifted while one is in hand; a lift from an empty point finds nothing
assert rig.lift(6) == W and rig.lift(8) == 0
rig.place(6)
assert rig.lift(3) == 0 and rig.hand == 0
# the trays: a checker put off is counted there and can be taken back
rig.lift(6); rig.place(webrig.OFF)
assert rig.off == {W: 1, B: 0} and rig.board.counts(6) == (4, 0)
assert rig.lift(webrig.OFF, W) == W and rig.off[W] == 0
rig.place(6)
# the bar: a checker of each colour on its own strip, lifted by colour
rig.lift(1); rig.place(webrig.BAR)
assert rig.lift(webrig.BAR, W) == B           # no White there: the other strip's Black
rig.put_back()
assert '"codes"' in rig.state() and rig.mover() == 0
print("ok")
'''


def test_web_rig_hands(tmp_path):
    cal = str(tmp_path / "cal.bin")
    code = SCRIPT % (cal, str(tmp_path), cal)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), env=python_env())
    assert proc.returncode == 0 and proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr


SEATS = r'''
import json
import webrig
from game import table as T
rig = webrig.WebRig(workdir=%r, cal_path=%r, dice_seed=7)
t = rig.table
# both seats the board's (the page's seat controls: Settings' seat item)
assert rig.seat(0, "normal") == "normal" and rig.seat(1, "easy") == "easy"
assert rig.seat(1, "strong") == "strong" and rig.seat(1, "easy") == "easy"   # round the cycle
assert rig.app.think_piece == webrig.THINK_PIECE
rig.set_start(); assert rig.settle()
plies = hits = entered = offs = 0
for _ in range(600):
    rig.wait(20)
    if t.phase >= T.GAME_OVER:
        break
    if t.phase != T.MOVING or t.shown_play is None or t.want_play is not None:
        assert rig.make_board_play() == 0          # nothing shown: the hands do nothing
        continue
    shown, p = t.shown_text, t.on_roll
    acts = rig.board_play_hands()
    hits += sum(1 for a in acts if a[0] == "hit")
    entered += sum(1 for a in acts if a[0] == "lift" and a[1] == webrig.BAR)
    offs += sum(1 for a in acts if a[0] == "place" and a[1] == webrig.OFF)
    before = len(rig.lines)
    assert rig.make_board_play() == len(acts) > 0
    for _ in range(800):
        rig.step()
        if not rig._todo and not rig.scanning and (t.on_roll != p or t.phase != T.MOVING):
            break
    # the firmware read the checkers the hands moved and committed the play it showed
    played = [json.loads(l) for l in rig.lines[before:] if '"t":"play"' in l]
    assert played and played[0]["p"] == p and played[0]["n"] == shown, (shown, rig.lines[before:])
    plies += 1
assert t.phase >= T.GAME_OVER and not [l for l in rig.lines if '"error"' in l], [l for l in rig.lines if '"error"' in l]
print("ok", plies, hits, entered, offs)
'''


def test_web_rig_board_seats_play_and_the_hands_make_their_plays(tmp_path):
    """Both seats the board's: it rolls, thinks (in pieces: app.think_piece), shows its play;
    the page's hands (make_board_play) move the checkers one by one, hits, entries from the
    bar and the bear-off included, and the firmware commits exactly the play it showed, to
    the end of the game, with no error on the serial line (a hand moving as a person does).
    Dice seed 7: a game with hits in the bear-off."""
    cal = str(tmp_path / "cal.bin")
    code = "import host_tools, webrig; webrig.save_calibration(%r)\n" % cal
    code += SEATS % (str(tmp_path), cal)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), env=python_env())
    assert proc.returncode == 0 and proc.stdout.startswith("ok"), proc.stdout + proc.stderr
    _, plies, hits, entered, offs = proc.stdout.split()
    assert int(plies) >= 10 and int(hits) >= 1 and int(entered) >= 1 and int(offs) >= 1, proc.stdout


DEMO = r'''
import webrig, webdemo
rig = webrig.WebRig(workdir=%r, cal_path=%r, dice_seed=3)
rig.seat(1, "easy")
bot = webdemo.demo(rig)
said = []
while len([x for x in said if "(the board) plays" in x]) < 4 and len(said) < 200:
    rig.wait(20)
    said.append(bot.action())
assert rig.table.seats[1] == 1, "the demo kept the board in its seat"
print("ok", len([x for x in said if "(the board) plays" in x]), len([x for x in said if x.startswith("White plays")]))
'''


def test_web_demo_plays_around_the_boards_seat(tmp_path):
    """The demo with Black's seat the board's: White's player plays as before, Black's
    plays are the board's own, made by the hands as shown (webdemo.WebBot)."""
    cal = str(tmp_path / "cal.bin")
    code = "import host_tools, webrig; webrig.save_calibration(%r)\n" % cal
    code += DEMO % (str(tmp_path), cal)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), env=python_env())
    assert proc.returncode == 0 and proc.stdout.startswith("ok"), proc.stdout + proc.stderr
    _, board, white = proc.stdout.split()
    assert int(board) >= 4 and int(white) >= 3, proc.stdout
