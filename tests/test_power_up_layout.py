"""The heap the real power-up leaves (issue 25; docs/heap.md), under the real MicroPython
unix port: app/start.py's power_up() with the real drivers over the fake `machine`, the hall
scanner reading the physical board model and a calibration file, as the board runs it.

The unix port is 64-bit (its objects 1.4 to 1.9 times the Pico's), so these tests check the
construction, not the chip's figures (bench heap32 gives those, the emulated RP2040 decides):
- the lid: after power-up the largest free block is at least the lid (start.LID), whatever
  power-up loaded and forgot meanwhile; without the lid the same power-up leaves a block
  several times smaller;
- the board in a seat made into that heap: its engine and the strong level's leaf net load
  and a strong think uses the leaf net (on the emulated RP2040, before the lid, "leaf net:
  no memory" at every strong think)."""
import re

from tools import BOARD_HEAP, firmware_mpy, run_micropython

SCRIPT = r"""
import gc, sys, os
sys.path[:0] = [%(fw)r]
os.chdir(%(work)r)
import fake_io, physboard
from heapprobe import largest_free
BOARD = physboard.PhysicalBoard(seed=1).install()
from app import start
if %(old)r:                   # the power-up before issue 25: no lid, no threshold
    start.lid = lambda: None
    start._threshold = lambda n: None
LID = start.LID
from app import tasks
A = tasks.power_up()[0]
gc.collect()
print('BLOCK', largest_free())
print('LID', LID)
if %(seat)r:
    from app import seat
    E = seat.engine_of(A)
    from bg.ids import position_from_id
    S = position_from_id('4HPwATDgc/ABMA')
    E.choose(S.me, S.opp, 1, 1, 'strong')
    print('LEAF', int(E.leaf is not None), E.deep_fault)
    gc.collect()
    print('BLOCK_SEAT', largest_free())
"""


def _power_up(tmp_path, old=False, seat=False):
    work = tmp_path / "board"
    work.mkdir()
    # the maker's calibration, as `make web` saves it for the page's board (same seed)
    from host_tools import cmd_web
    cmd_web.save_calibration(str(work / "calibration.bin"))
    fw = firmware_mpy()
    script = tmp_path / "power_up.py"
    script.write_text(SCRIPT % {"fw": fw, "work": str(work), "old": old, "seat": seat})
    proc = run_micropython([str(script)], heap=BOARD_HEAP)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    return {k: v for k, v in re.findall(r"^([A-Z_]+) (.*)$", proc.stdout, re.M)}, out


def test_power_up_leaves_the_lid_whole_and_the_leaf_net_loads_into_it(tmp_path):
    got, out = _power_up(tmp_path, seat=True)
    assert int(got["BLOCK"]) >= int(got["LID"]), out[-2000:]
    assert got["LEAF"] == "1 None", out[-2000:]


def test_the_old_power_up_left_a_block_smaller_than_the_lid(tmp_path):
    (tmp_path / "old").mkdir()
    old, out = _power_up(tmp_path / "old", old=True)
    print("largest free block after the old power-up: %s (the lid: %s)" % (old["BLOCK"], old["LID"]))
    assert int(old["BLOCK"]) < int(old["LID"]), out[-2000:]
