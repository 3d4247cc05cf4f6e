"""The evaluator's two implementations agree bit for bit: the pure-Python integer code
under CPython and the viper code under the real MicroPython unix port, on 1,200
positions of both nets (contact and race), with the committed weights."""
import os

from tools import ROOT, firmware_mpy, run_micropython

from corepos import played_positions
from bg.position import is_race
from engine.net import Evaluator

WEIGHTS = os.path.join(ROOT, "firmware", "engine", "weights.bin")

MP_SCRIPT = """
import sys
sys.path.insert(0, %r)
from engine.net import Evaluator
ev = Evaluator(%r)
print("viper", ev.viper)
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    b = bytes(int(w[0][i:i + 2], 16) for i in range(0, 100, 2))
    o = ev.probs(b[:25], b[25:], w[1] == "1")
    print(" ".join(str(o[k]) for k in range(5)))
"""


def positions():
    out = []
    for pos in played_positions(4242, 900):
        out.append(pos)
    for pos in played_positions(99, 300, max_plies=400):     # whole games: races, bear-offs
        out.append(pos)
    return out


def test_viper_and_pure_python_outputs_are_identical():
    ps = positions()
    races = sum(1 for p in ps if is_race(p))
    assert len(ps) >= 1000 and races >= 100 and len(ps) - races >= 100
    ev = Evaluator(WEIGHTS, viper=False)
    lines = []
    want = []
    for p in ps:
        race = is_race(p)
        lines.append((bytes(p.me) + bytes(p.opp)).hex() + (" 1" if race else " 0"))
        o = ev.probs(p.me, p.opp, race)
        want.append(" ".join(str(o[k]) for k in range(5)))
    proc = run_micropython(["-c", MP_SCRIPT % (firmware_mpy(), WEIGHTS)], stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = proc.stdout.split("\n")
    assert got[0] == "viper True", got[0]
    got = got[1:1 + len(want)]
    diff = [i for i in range(len(want)) if got[i] != want[i]]
    assert not diff, "%d of %d differ, first: %s: %s != %s" % (len(diff), len(want), lines[diff[0]],
                                                           got[diff[0]], want[diff[0]])
    # and the outputs are not degenerate: they vary across positions
    assert len(set(want)) > len(want) // 2
