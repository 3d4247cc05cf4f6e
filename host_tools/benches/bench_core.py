"""Bench of the rules core under the MicroPython unix port with the Pico's heap.

(a) judging a sensed board, worst case over hard positions: time and bytes allocated;
(b) enumerating all plays: the start position x 21 rolls, and the hardest position found
    (2,226 plays for one roll; GNU Backgammon agrees), with the smallest heap it fits in.
(c) GNU Backgammon's C generator on the same work is in the `gnubg` section.
Each figure is the best of several runs (7 per judged board; the host is shared); Pico = host x PICO_FACTOR.
"""
import re
import subprocess
import sys
import os

from host_tools.cmd_flash import compile_tree
from host_tools.benchmd import PICO_FACTOR, ROOT

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
SCRIPT = os.path.join("host_tools", "benches", "core_mp.py")

# (position ID, dice, what makes it hard)
JUDGE_CASES = (
    ("4HPwATDgc/ABMA", 3, 1, "opening 3-1"),
    ("w+IjiAoLLxIJFQ", 1, 1, "contact, 15 blots, 1-1"),
    ("w+IjiAoLLxIJFQ", 2, 2, "contact, 15 blots, 2-2"),
    ("w+IjiAoLLxIJFQ", 6, 5, "contact, 15 blots, 6-5"),
    ("d7cNAADb7g4AAA", 1, 1, "bear-off, 1-1"),
    ("d7cNAADb7g4AAA", 2, 2, "bear-off, 2-2"),
    ("d7cNAADb7g4AAA", 6, 6, "bear-off, 6-6"),
    ("S54DGwDgOvSAYA", 3, 3, "two on the bar, blots in their board, 3-3"),
    ("S54DGwDgOvSAYA", 2, 2, "two on the bar, blots in their board, 2-2"),
    ("S54DGwDgOvSAYA", 5, 3, "two on the bar, one enters, 5-3"),
)
HARDEST = ("AAAAKCWllFIAAA", 1, 1)      # 2,226 distinct plays (hill-climbed; gnubg: 2,226)
OTHER_HARD = (("AAAAoJRSSlUAAA", 2, 2), ("w+IjiAoLLxIJFQ", 1, 1))


MPY_DIR = os.path.join(ROOT, "build", "bench-mpy")


def compile_mpy():
    """firmware/bg as .mpy (plain bytecode, like `make flash` puts on the Pico)."""
    compile_tree(MPY_DIR, march=None, only="bg")


def mp(args, heap="200K"):
    proc = subprocess.run([MP, "-X", "heapsize=" + heap, SCRIPT] + [str(a) for a in args]
                          + ["--mpy=" + MPY_DIR],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    out = {}
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            for k, v in re.findall(r"(\w+)=(\S+)", line):
                out[k] = v
    out["ok"] = proc.returncode == 0
    out["err"] = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""
    return out


def min_heap_kb(pid, d1, d2):
    """The smallest -X heapsize (KB, steps of 4) in which the enumeration completes."""
    lo, hi = 8, 256
    while hi - lo > 4:
        mid = (lo + hi) // 2 // 4 * 4
        if mp(["enum", pid, d1, d2, 1], heap="%dK" % mid)["ok"]:
            hi = mid
        else:
            lo = mid
    return hi


def run():
    compile_mpy()
    lines = ["## Rules core (`make bench` -> bench_core)", ""]
    lines.append("Command: `.venv/bin/python -m host_tools bench core` (runs `%s` under "
                 "`micropython -X heapsize=200K`)." % SCRIPT)
    lines += ["", "### (a) Judging a settled board", "",
              "| position | case | boards judged | worst host us | worst Pico ms (est.) | worst bytes allocated | per-turn setup host us |",
              "|---|---|---:|---:|---:|---:|---:|"]
    worst_us = worst_alloc = 0
    for pid, d1, d2, what in JUDGE_CASES:
        r = mp(["judge", pid, d1, d2])
        if not r["ok"]:
            lines.append("| %s | %s | FAILED: %s | | | | |" % (pid, what, r["err"]))
            continue
        us = int(r["worst_us"])
        alloc = int(r["worst_alloc"])
        worst_us = max(worst_us, us)
        worst_alloc = max(worst_alloc, alloc)
        lines.append("| `%s` | %s | %s (%s) | %d | %.1f | %d | %s |" % (
            pid, what, r["boards"], r["kinds"], us, us * PICO_FACTOR / 1000.0, alloc, r["turn_us"]))
    lines += ["", "Worst: **%d us host, about %.1f ms on the Pico** (target 20 ms), **%d bytes "
              "allocated** (target 8 KB). Boards judged: every legal result, each prefix of it, "
              "and a one-point-off perturbation, for up to 400 boards per case." % (
                  worst_us, worst_us * PICO_FACTOR / 1000.0, worst_alloc), ""]

    lines += ["### (b) Enumerating all plays", "",
              "| work | plays | best host ms | Pico s (est.) | smallest heap that completes |",
              "|---|---:|---:|---:|---:|"]
    base = min_heap_kb("4HPwATDgc/ABMA", 6, 5)
    r = mp(["start", 5])
    us = int(r["best_us"])
    lines.append("| start position x 21 rolls | %s | %.2f | %.2f (target 0.5) | - |" % (
        r["plays"], us / 1000.0, us * PICO_FACTOR / 1e6))
    for pid, d1, d2 in (HARDEST,) + OTHER_HARD:
        r = mp(["enum", pid, d1, d2, 3])
        us = int(r["best_us"])
        lines.append("| `%s` %d-%d | %s | %.2f | %.2f | %d KB |" % (
            pid, d1, d2, r["plays"], us / 1000.0, us * PICO_FACTOR / 1e6, min_heap_kb(pid, d1, d2)))
    r = mp(["enum", HARDEST[0], HARDEST[1], HARDEST[2], 1], heap="128K")
    lines += ["", "The smallest heap includes the interpreter's own needs and the imported modules "
              "(precompiled .mpy, as on the Pico): the opening 6-5 (7 plays) needs %d KB, so the "
              "hardest enumeration's own peak is the difference. Heap objects on this 64-bit host "
              "are about twice their size on the 32-bit Pico." % base]
    lines += ["", "Hardest position under `-X heapsize=128K`: **%s**." % (
        "completes, no MemoryError" if r["ok"] else "FAILS: " + r["err"]), ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
