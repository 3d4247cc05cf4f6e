"""The web rig's hands (web/py/webrig.py), run on CPython with the same fakes the page runs
on MicroPython: a subprocess, so the fake `machine` stays out of pytest's process."""
import os
import subprocess
import sys

from tools import ROOT

PATHS = [os.path.join(ROOT, "host_tools", "fakes"), os.path.join(ROOT, "firmware"),
         os.path.join(ROOT, "host_tools"), os.path.join(ROOT, "web", "py")]

SCRIPT = r'''
import sys
sys.path[:0] = %r
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
    code = SCRIPT % (PATHS, cal, str(tmp_path), cal)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path))
    assert proc.returncode == 0 and proc.stdout.strip().endswith("ok"), proc.stdout + proc.stderr
