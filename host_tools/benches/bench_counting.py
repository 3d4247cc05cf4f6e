"""Bench of the rules beyond movement (bg.counting, bg.match) under the MicroPython unix port.

Shot counts on a few positions (one blot, all blots, the exact count through the move
generator), pip counts, and saving / restoring the match state: host time per call, the
Pico estimate (x PICO_FACTOR), and the heap allocated per call.
"""
import os
import subprocess
import sys

from host_tools.benchmd import PICO_FACTOR
from host_tools.benches.mp_timer import TIMER

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

SCRIPT = r"""
import sys, gc, time
sys.path.insert(0, ROOT + "/firmware")
from bg.position import Position
from bg.counting import shots, pip_counts, blots
from bg.match import Match

def side(d, bar=0):
    s = bytearray(25)
    for p in d:
        s[p - 1] = d[p]
    s[24] = bar
    return s

# a middle-game position with three blots of the side on roll and a hitter on the bar
MID = Position(side({3: 1, 6: 4, 8: 2, 10: 1, 13: 4, 16: 1, 24: 2}),
               side({4: 2, 6: 3, 8: 3, 13: 4, 18: 1, 21: 1}, bar=1))
OPEN = Position(side({13: 1}), side({20: 1}))
m = Match(7)
m.end_game(0, 2)
m.double(1, 1, False)
m.take(0)
saved = m.to_bytes()
bench("shots, one blot, open board", lambda: shots(OPEN, 13), 200)
bench("shots, one blot, middle game, hitter on the bar", lambda: shots(MID, 10), 200)
bench("shots, all blots, middle game", lambda: shots(MID), 200)
assert MID.is_valid()
bench("shots, all blots, exact (legal=True)", lambda: shots(MID, None, True), 5, 1)
bench("pip counts", lambda: pip_counts(MID), 500)
bench("Match.to_bytes", lambda: m.to_bytes(), 500)
bench("Match.from_bytes", lambda: Match.from_bytes(saved), 500)
"""


def run():
    script = "ROOT = %r\nALLOC_CALLS = 5\n%s%s" % (ROOT, TIMER, SCRIPT)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=200K", "-c", script],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    if proc.returncode != 0:
        return "bench failed:\n\n```\n%s\n```\n" % (proc.stdout + proc.stderr)[-2000:]
    lines = [
        "Measured with `python -m host_tools bench counting` (MicroPython unix port, "
        "`-X heapsize=200K`); Pico = host x %d." % PICO_FACTOR,
        "",
        "| operation | host us | Pico ms (est.) | heap allocated per call (bytes) |",
        "|---|---:|---:|---:|",
    ]
    for row in proc.stdout.strip().splitlines():
        name, us, alloc = row.split("|")
        lines.append("| %s | %.1f | %.1f | %s |" % (name, float(us), float(us) * PICO_FACTOR / 1000, alloc))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
