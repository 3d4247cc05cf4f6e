"""Bench of the dice (`python -m host_tools bench dice`): 1,000,000 rolls of each real
generator, the board's xoshiro128** Dice (hw/dice.py) and the provably fair dice
(dice/fairdice.py: HMAC-SHA256 of the roll number), with their chi-squared figures; then the
time of one roll under the MicroPython unix port and its Pico estimate.

Chi-squared tests (firmware/dice/dicecheck.py computes the p-values): the 6 faces (5 degrees of
freedom), the 21 roll kinds (20), the 36 ordered outcomes (35), and the 1296 pairs of one
roll and the next (1295: a dependence between successive rolls). Fair dice give p-values
spread evenly over 0..1; a p below 0.001 would be a bias.
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host_tools.benchmd import PICO_FACTOR  # noqa: E402
from host_tools.benches.mp_timer import TIMER  # noqa: E402
from dice.dicecheck import chi2_of, p_value, kind_index  # noqa: E402
from dice.fairdice import FairDice  # noqa: E402
from hw.dice import Dice  # noqa: E402

ROLLS = 1000000
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
FAIR_SEED = bytes(range(32))
DICE_SEED = 20261201


def tally(roll, rolls=ROLLS):
    """The chi-squared rows and the doubles' share of `rolls` calls of roll()."""
    faces = [0] * 6
    ordered = [0] * 36
    kinds = [0] * 21
    pairs = [0] * 1296
    prev = -1
    t0 = time.perf_counter()
    for n in range(rolls):
        a, b = roll(n)
        faces[a - 1] += 1
        faces[b - 1] += 1
        o = (a - 1) * 6 + b - 1
        ordered[o] += 1
        kinds[kind_index(a, b)] += 1
        if prev >= 0:
            pairs[prev * 36 + o] += 1
        prev = o
    secs = time.perf_counter() - t0
    kind_exp = [0.0] * 21
    for hi in range(1, 7):
        for lo in range(1, hi + 1):
            kind_exp[kind_index(hi, lo)] = rolls * (1 if hi == lo else 2) / 36
    rows = []
    for name, counts, exp, df in (
            ("faces", faces, [2 * rolls / 6] * 6, 5),
            ("roll kinds (21)", kinds, kind_exp, 20),
            ("ordered outcomes (36)", ordered, [rolls / 36] * 36, 35),
            ("successive rolls (1296)", pairs, [(rolls - 1) / 1296] * 1296, 1295)):
        x = chi2_of(counts, exp)
        rows.append((name, x, df, p_value(x, df)))
    doubles = sum(ordered[i * 7] for i in range(6)) / rolls
    return rows, doubles, secs


MP_SCRIPT = r"""
import sys
sys.path.insert(0, ROOT + "/firmware")
from dice.fairdice import FairDice
from hw.dice import Dice
fd = FairDice(bytes(range(32)))
n = [0]
def fair():
    n[0] += 1
    fd.roll(n[0])
bench("fair_roll", fair, 2000)
d = Dice(7)
bench("dice_roll", d.roll, 2000)
"""


def _mp_times():
    script = "ROOT = %r\nALLOC_CALLS = 20\n%s%s" % (ROOT, TIMER, MP_SCRIPT)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=200K", "-c", script],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout + proc.stderr)
    rows = {}
    for line in proc.stdout.splitlines():
        name, us, alloc = line.split("|")
        rows[name] = (float(us), int(alloc))
    return rows


def run():
    d = Dice(seed=DICE_SEED)
    fd = FairDice(FAIR_SEED)
    out = ["Dice (`host_tools/benches/bench_dice.py`): %s rolls of each generator on CPython, "
           "chi-squared with p-values from `firmware/dice/dicecheck.py` (p below 0.001 would be "
           "a bias)." % format(ROLLS, ","),
           "",
           "| generator | test | chi-squared | df | p-value |",
           "|---|---|---:|---:|---:|"]
    notes = []
    for label, roll in (("Dice (xoshiro128**, seed %d)" % DICE_SEED, lambda n: d.roll()),
                        ("FairDice (HMAC-SHA256, seed 00..1f)", fd.roll)):
        rows, doubles, secs = tally(roll)
        for name, x, df, p in rows:
            out.append("| %s | %s | %.2f | %d | %.4f |" % (label, name, x, df, p))
        notes.append("%s: doubles %.4f of rolls (1/6 = 0.1667); %.2f s for the %s rolls on "
                     "CPython" % (label, doubles, secs, format(ROLLS, ",")))
    notes.append("Dice rejected %.4f of its 3-bit draws (expected 0.25)." % (d.rejected / d.draws))
    out.append("")
    out.extend("- " + n for n in notes)
    mp = _mp_times()
    out.append("")
    out.append("One roll under the MicroPython unix port (`-X heapsize=200K`), Pico estimate "
               "= host x %d:" % PICO_FACTOR)
    out.append("")
    out.append("| roll | host us | Pico est. us | heap bytes/roll |")
    out.append("|---|---:|---:|---:|")
    for name in ("fair_roll", "dice_roll"):
        us, alloc = mp[name]
        out.append("| %s | %.1f | %.0f | %d |" % (name, us, us * PICO_FACTOR, alloc))
    out.append("")
    out.append("(The Pico factor is for Python bytecode; SHA-256 is C code in the firmware, so "
               "the fair roll's estimate is an upper bound. A roll is drawn once per turn.)")
    return "\n".join(out)


if __name__ == "__main__":
    print(run())
