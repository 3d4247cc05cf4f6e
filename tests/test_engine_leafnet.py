"""The strong level's leaf net (engine/deepleaf.py): its file and integer arithmetic agree
three ways, bit for bit: host_tools/train/leafnet.py's numpy emulation, the viper path under
the real MicroPython unix port on 1,000 contact positions, and the bytecode path under
CPython on 300 of them (it is slow); with a seeded random net of the fitted one's shape."""
import os

import numpy as np

from tools import ROOT, firmware_mpy, run_micropython

import scratch
from corepos import played_positions
from bg.position import is_race
from engine.deepleaf import LeafNet
from engine.net import Evaluator
from host_tools.train import leafnet

WEIGHTS = os.path.join(ROOT, "firmware", "engine", "weights.bin")

MP_SCRIPT = """
import sys
sys.path.insert(0, %r)
from engine.net import Evaluator
from engine.deepleaf import LeafNet
ev = Evaluator(%r)
net = LeafNet(ev, %r)
net.open()
print("viper", ev.viper)
for line in sys.stdin:
    w = line.strip()
    if w:
        b = bytes(int(w[i:i + 2], 16) for i in range(0, 100, 2))
        print(net.equity(b[:25], b[25:]))
net.close()
"""


def contact_boards():
    ps = [p for p in played_positions(4243, 1300) if not is_race(p)][:1000]
    assert len(ps) == 1000
    return np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in ps), np.uint8).reshape(-1, 50)


def random_net(path, hidden=256):
    """A net of the fitted one's shape and about its magnitudes (seeded)."""
    rng = np.random.default_rng(3)
    w1 = rng.normal(0, 0.6, (leafnet.NRAW + leafnet.NFEAT, hidden))
    w1[leafnet.NRAW:] *= 4.0                           # the hand-made rows weigh more
    q = leafnet.quantize(w1, rng.normal(0, 1.0, hidden), rng.normal(0, 0.4, (hidden, 5)),
                         rng.normal(0, 1.0, 5))
    leafnet.write(path, q)
    return q


def three_ways(path, q):
    bs = contact_boards()
    want = leafnet.int_equity(bs, q)
    assert len(set(want.tolist())) > 900               # not degenerate
    net = LeafNet(Evaluator(WEIGHTS, viper=False), path)
    net.open()
    try:
        py = [net.equity(bytes(b[:25]), bytes(b[25:])) for b in bs[:300]]
    finally:
        net.close()
    diff = [i for i in range(len(py)) if py[i] != want[i]]
    assert not diff, "bytecode against numpy: %d differ, first %s: %d != %d" % (
        len(diff), bs[diff[0]].tolist(), py[diff[0]], want[diff[0]])
    lines = "\n".join(bytes(b).hex() for b in bs) + "\n"
    proc = run_micropython(["-c", MP_SCRIPT % (firmware_mpy(), WEIGHTS, path)], stdin=lines)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = proc.stdout.split("\n")
    assert got[0] == "viper True", got[0]
    got = [int(v) for v in got[1:1 + len(bs)]]
    diff = [i for i in range(len(bs)) if got[i] != want[i]]
    assert not diff, "viper against numpy: %d differ, first %s: %d != %d" % (
        len(diff), bs[diff[0]].tolist(), got[diff[0]], want[diff[0]])


def test_a_random_net_s_file_gives_the_same_integers_three_ways():
    path = scratch.path("leafnet-random.bin")
    q = random_net(path)
    assert all(np.array_equal(a, b) for a, b in zip(leafnet.read(path), q))   # the file round-trips
    three_ways(path, q)
