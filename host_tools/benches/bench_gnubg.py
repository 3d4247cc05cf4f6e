"""Bench (c): enumerating all plays, GNU Backgammon's C generator (through the gnubg
package) against ours under the MicroPython unix port with the Pico's heap.

gnubg: findbestmoves at 0-ply is the cheapest way the package offers to list the plays,
and it also evaluates every play with the neural net. So two figures: "cold" (evaluation
cache cleared first: generation + one 0-ply evaluation per play) and "warm" (best of
repeats with the evaluations cached: close to generation alone). Ours: legal_plays in
`.venv/bin/micropython -X heapsize=200K`, best of repeats. Positions: the start position
x 21 rolls and host_tools/hard_positions.py.
"""
import os
import subprocess
import sys
import tempfile
import time

from host_tools.benchmd import PICO_FACTOR
from host_tools.hard_positions import HARD_POSITIONS, START_ID

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
HEAP = "200K"
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))

# Runs under MicroPython: `RESULT name plays best_us`, or `RESULT name MemoryError`.
_MP_SCRIPT = """
import sys, gc, time
sys.path.insert(0, %(firmware)r)
from bg.ids import position_from_id
from bg.movegen import legal_plays
REPS = %(reps)d
def best(fn):
    b = None
    n = 0
    for _ in range(REPS):
        gc.collect()
        t0 = time.ticks_us()
        n = fn()
        dt = time.ticks_diff(time.ticks_us(), t0)
        b = dt if b is None or dt < b else b
    return n, b
start = position_from_id(%(start)r)
def all_rolls():
    total = 0
    for a, b in %(rolls)r:
        total += len(legal_plays(start, a, b))
    return total
n, us = best(all_rolls)
print("RESULT start21", n, us)
for pid, d1, d2 in %(cases)r:
    pos = position_from_id(pid)
    try:
        n, us = best(lambda: len(legal_plays(pos, d1, d2)))
        print("RESULT %%s-%%d%%d" %% (pid, d1, d2), n, us)
    except MemoryError:
        print("RESULT %%s-%%d%%d" %% (pid, d1, d2), "MemoryError")
"""


def ours(reps=5):
    """{name: (plays, best_us)} from the MicroPython unix port."""
    cases = [(pid, d1, d2) for pid, d1, d2, _, _ in HARD_POSITIONS]
    script = _MP_SCRIPT % {"firmware": os.path.join(ROOT, "firmware"), "reps": reps,
                           "start": START_ID, "rolls": ROLLS, "cases": cases}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
        path = f.name
    try:
        proc = subprocess.run([MICROPYTHON, "-X", "heapsize=" + HEAP, path],
                              capture_output=True, text=True, timeout=600, cwd=ROOT)
    finally:
        os.unlink(path)
    out = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts[:1] == ["RESULT"]:
            out[parts[1]] = (int(parts[2]), int(parts[3])) if len(parts) == 4 else (None, parts[2])
    if not out:
        raise RuntimeError("MicroPython bench printed nothing:\n" + proc.stdout + proc.stderr)
    return out


def _gnubg_time(g, oracle, board, rolls, warm_reps=5, cold_reps=3):
    """(plays, cold_us, warm_us) for findbestmoves over `rolls` of one board."""
    def run():
        return sum(len(g.findbestmoves(board, oracle.CUBE, oracle.EVAL, r)) for r in rolls)
    cold = None
    for _ in range(cold_reps):
        oracle.command("clear cache")
        t0 = time.perf_counter()
        n = run()
        dt = (time.perf_counter() - t0) * 1e6
        cold = dt if cold is None or dt < cold else cold
    warm = None
    for _ in range(warm_reps):
        t0 = time.perf_counter()
        run()
        dt = (time.perf_counter() - t0) * 1e6
        warm = dt if warm is None or dt < warm else warm
    return n, cold, warm


def gnubg_times():
    """{name: (plays, cold_us, warm_us)}, named like ours()."""
    from tests import oracle
    from bg.ids import position_from_id
    g = oracle.gnubg()
    out = {"start21": _gnubg_time(g, oracle, oracle.board_of(position_from_id(START_ID)), ROLLS)}
    for pid, d1, d2, _, _ in HARD_POSITIONS:
        board = oracle.board_of(position_from_id(pid))
        n, cold, warm = _gnubg_time(g, oracle, board, [(d1, d2)])
        out["%s-%d%d" % (pid, d1, d2)] = (n, cold, warm)
    return out


def run():
    mine = ours()
    theirs = gnubg_times()
    rows = [("start21", "start position x 21 rolls")]
    rows += [("%s-%d%d" % (pid, d1, d2), "`%s` %d-%d: %s" % (pid, d1, d2, note))
             for pid, d1, d2, _, note in HARD_POSITIONS]
    lines = [
        "## Enumeration: ours (MicroPython unix port) vs GNU Backgammon's C generator",
        "",
        "gnubg = `findbestmoves` at 0-ply through the gnubg package (it evaluates each play: "
        "*cold* = evaluation cache cleared, *warm* = evaluations cached, nearest to generation alone). "
        "Ours = `legal_plays` under `micropython -X heapsize=%s`, best of 5. "
        "Pico estimate = ours x %d." % (HEAP, PICO_FACTOR),
        "",
        "| case | plays | gnubg cold us | gnubg warm us | ours us (host MP) | ours / gnubg cold | ours / gnubg warm | ours on Pico (est.) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, label in rows:
        n_g, cold, warm = theirs[name]
        n_o, us = mine.get(name, (None, "missing"))
        if not isinstance(us, int):
            lines.append("| %s | gnubg %d | %.0f | %.0f | %s | - | - | - |" % (label, n_g, cold, warm, us))
            continue
        if n_o != n_g:
            label += " **(counts differ: gnubg %d, ours %d)**" % (n_g, n_o)
        lines.append("| %s | %d | %.0f | %.0f | %d | %.1fx | %.1fx | %.1f ms |" % (
            label, n_o, cold, warm, us, us / cold if cold else 0, us / warm if warm else 0,
            us * PICO_FACTOR / 1000.0))
    lines += ["", "Timings vary by about 20% between runs on this shared 2-core machine."]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
