"""engine/leaffeat.py (the strong level's leaf net's hand-made inputs, in the firmware)
against host_tools/train/probe_inputs.py's features(), which the net was fitted on: the
same counts (feature x DIV) on every position of seeded random games, and on the bar and
bear-off corners those games rarely reach; and engine/leaffeat_vp.py's viper twin, which
the board runs, under the real MicroPython: the same counts on thousands of them, each
times its multiplier as engine/deepleaf.py asks."""

import numpy as np

from tools import firmware_mpy, run_micropython

from corepos import played_positions
from engine import leaffeat
from host_tools.train.leafnet import counts  # noqa: E402   (probe_inputs' features x DIV)


def _firmware_counts(boards):
    out = []
    for b in boards:
        c = [0] * leaffeat.NFEAT
        leaffeat.counts(bytes(b[:25]), bytes(b[25:]), c)
        out.append(c)
    return np.array(out, np.int64)


def test_the_firmware_counts_are_the_fitted_features_on_played_positions():
    ps = played_positions(11, 3000)
    bs = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in ps), np.uint8).reshape(-1, 50)
    got = _firmware_counts(bs)
    want = counts(bs)
    bad = np.nonzero((got != want).any(axis=1))[0]
    assert len(bad) == 0, (len(bad), bs[bad[0]].tolist(), got[bad[0]].tolist(), want[bad[0]].tolist())
    assert (want.std(axis=0) > 0).all()            # every count varies over these positions


def corner_boards(n, seed, least=1, most=3):
    """Random boards (not always legal: both sides may share a point): checkers on the bar,
    blots everywhere or (least 2) none, a side borne off."""
    rng = np.random.default_rng(seed)
    boards = []
    for _ in range(n):
        b = np.zeros(50, np.uint8)
        for at in (0, 25):
            left = int(rng.integers(0, 16))
            while left:
                i = int(rng.integers(0, 25))       # index 24: the bar
                k = min(left, int(rng.integers(least, most + 1)))
                b[at + i] += k
                left -= k
        boards.append(b)
    return np.array(boards)


def race_boards(n, seed):
    """No contact: each side's checkers on its own first eight points."""
    rng = np.random.default_rng(seed)
    b = np.zeros((n, 50), np.uint8)
    for at in (0, 25):
        for _ in range(15):
            np.add.at(b, (np.arange(n), at + rng.integers(0, 8, n)), 1)
    return b


def test_the_corners_bar_checkers_blots_everywhere_and_a_side_borne_off():
    bs = corner_boards(400, 5)
    assert np.array_equal(_firmware_counts(bs), counts(bs))


MP_SCRIPT = """
import sys, array
sys.path.insert(0, %r)
from engine.leaffeat_vp import inputs_vp
out = array.array("i", bytes(4 * 24))
mul = array.array("i", %r)
for line in sys.stdin:
    w = line.strip()
    if w:
        b = bytes(int(w[i:i + 2], 16) for i in range(0, 100, 2))
        inputs_vp(0, 0, 0, b[:25], b[25:], out, mul)
        print(" ".join(str(out[k]) for k in range(24)))
"""


def _viper(bs, mul):
    lines = "\n".join(bytes(b).hex() for b in bs) + "\n"
    proc = run_micropython(["-c", MP_SCRIPT % (firmware_mpy(), list(mul))], stdin=lines)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = np.array([[int(v) for v in row.split()] for row in proc.stdout.split("\n")[:len(bs)]], np.int64)
    assert (got[:, 16:] == 0).all()                # nothing written past the 16 (y's other slots)
    return got[:, :16]


def test_the_viper_counts_under_micropython_are_the_fitted_features():
    ps = played_positions(12, 4000)
    played = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in ps), np.uint8).reshape(-1, 50)
    bs = np.vstack([played, corner_boards(1500, 6), corner_boards(500, 7, least=2),   # no blots
                    race_boards(300, 8), np.zeros((1, 50), np.uint8)])
    want = counts(bs)
    assert np.array_equal(_firmware_counts(bs), want)   # the bytecode twin too
    got = _viper(bs, [1] * leaffeat.NFEAT)
    bad = np.nonzero((got != want).any(axis=1))[0]
    assert len(bad) == 0, (len(bad), bs[bad[0]].tolist(), got[bad[0]].tolist(), want[bad[0]].tolist())
    assert (bs[:, 24] > 0).any() and (want[:, 0] == 0).any() and (want[:, 1] == 36).any()


def test_the_viper_and_bytecode_inputs_times_their_multipliers_agree():
    ps = played_positions(13, 600)
    bs = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in ps), np.uint8).reshape(-1, 50)
    mul = [200 + 257 * k for k in range(leaffeat.NFEAT)]      # each count its own multiplier
    want = []
    for b in bs:
        out = [0] * 24
        leaffeat.inputs(0, 0, 0, bytes(b[:25]), bytes(b[25:]), out, mul)
        want.append(out[:16])
    assert np.array_equal(_viper(bs, mul), np.array(want, np.int64))
    assert np.array_equal(np.array(want) // np.array(mul), counts(bs))


ALLOC_32 = r"""
import fs from "fs";
import { pathToFileURL } from "url";
const [pkg, mpy, boards] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(pkg + "/micropython.mjs").href);
const mp = await loadMicroPython({ heapsize: 253600, stdout: (l) => console.log(l) });
mp.FS.writeFile("/leaffeat.mpy", fs.readFileSync(mpy));
mp.FS.writeFile("/boards.bin", fs.readFileSync(boards));
mp.runPython(`
import gc, sys, array
sys.path.insert(0, '/')
from leaffeat import inputs
out = array.array('i', [0] * 32)
mul = array.array('i', [1] * 16)
data = open('/boards.bin', 'rb').read()
def worst_of(data):
    # (in a function: a first assignment to a global name grows the globals' dict)
    worst = 0
    for at in range(0, len(data), 50):
        me = data[at:at + 25]
        opp = data[at + 25:at + 50]
        a = gc.mem_alloc()
        inputs(0, 0, 0, me, opp, out, mul)
        d = gc.mem_alloc() - a
        worst = d if d > worst else worst
    return worst
worst = worst_of(data)
print('WORST', worst, len(data) // 50)
`);
"""


def test_the_bytecode_inputs_allocate_nothing_on_a_32_bit_micropython(tmp_path):
    """The normal level values its leaves with engine/leaffeat.py's bytecode on the Pico
    (engine/deepleaf.py's fast_inputs), whose small ints are 31 bits: a 25-bit mask shifted
    past them would be allocated at every use (6.8 KB a call on a board of blots, before
    the masks were cut first). Run on MicroPython's 32-bit WebAssembly port (bench heap32's
    instrument), on played positions, corners full of blots and races."""
    import os
    import shutil
    import subprocess
    import pytest
    from host_tools import cmd_web
    from host_tools.cmd_flash import tool
    why = None if shutil.which("node") else "node is not installed"
    if why is None and not os.path.isdir(cmd_web.MP_PACKAGE):
        why = "web/node_modules is missing (make web-deps runs npm ci in web/)"
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail("cannot run under CI: " + why)
        pytest.skip(why)
    ps = played_positions(14, 300)
    played = np.frombuffer(b"".join(bytes(p.me) + bytes(p.opp) for p in ps), np.uint8).reshape(-1, 50)
    bs = np.vstack([played, corner_boards(300, 9), race_boards(100, 10)])
    (tmp_path / "boards.bin").write_bytes(bs.astype(np.uint8).tobytes())
    mpy = tmp_path / "leaffeat.mpy"
    subprocess.run([tool("mpy-cross"), "-O3", "-o", str(mpy),
                    os.path.join(os.path.dirname(leaffeat.__file__), "leaffeat.py")], check=True)
    script = tmp_path / "alloc.mjs"
    script.write_text(ALLOC_32)
    proc = subprocess.run(["node", str(script), cmd_web.MP_PACKAGE, str(mpy), str(tmp_path / "boards.bin")],
                          capture_output=True, text=True, timeout=300)
    got = [line.split() for line in proc.stdout.splitlines() if line.startswith("WORST")]
    assert got, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert int(got[0][2]) == len(bs) and int(got[0][1]) == 0, got
