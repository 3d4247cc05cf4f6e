"""Runs under the MicroPython unix port (see bench_core.py): times the rules core.

argv: MODE [args]. Prints one line `RESULT key=value ...` per measurement.
  judge POSID D1 D2     judging every legal result, prefix and perturbation of a roll
  enum POSID D1 D2 REPS enumerate all plays of one roll REPS times
  start REPS            the start position x 21 rolls, REPS times
"""
import sys
import gc
import time

# Precompiled .mpy modules when given (as on the Pico: nothing compiled on the heap).
sys.path.insert(0, "firmware")
if len(sys.argv) > 2 and sys.argv[-1].startswith("--mpy="):
    sys.path.insert(0, sys.argv.pop()[6:])

from bg.ids import position_from_id  # noqa: E402
from bg.movegen import legal_plays, apply_step  # noqa: E402
from bg import judge as J  # noqa: E402


def ends_for(pos, d1, d2):
    """Sensed boards to judge: each complete result, its prefixes, and a one-point-off."""
    for play in legal_plays(pos, d1, d2):
        mid = pos.copy()
        yield mid.copy()
        for frm, to in play.moves:
            apply_step(mid.me, mid.opp, frm, to)
            yield mid.copy()
        for i in range(24):
            if mid.me[i] and i > 0:
                b = mid.copy()
                b.me[i] -= 1
                b.me[i - 1] += 1
                yield b
                break


def bench_judge(pid, d1, d2):
    pos = position_from_id(pid)
    gc.collect()
    t0 = time.ticks_us()
    judge = J.Judge(pos, d1, d2)
    t_turn = time.ticks_diff(time.ticks_us(), t0)
    worst_us = 0
    worst_alloc = 0
    n = 0
    kinds = {}
    for end in ends_for(pos, d1, d2):
        gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        judge.forget_boards()        # a first judgement of this board, not a remembered one
        v = judge.judge(end)
        alloc = gc.mem_alloc() - a0
        gc.enable()
        # best of 7: the host is shared, a preempted run says nothing about the code
        dt = 1 << 30
        for _ in range(7):
            gc.collect()
            judge.forget_boards()
            t0 = time.ticks_us()
            judge.judge(end)
            t = time.ticks_diff(time.ticks_us(), t0)
            if t < dt:
                dt = t
        kinds[v.kind] = kinds.get(v.kind, 0) + 1
        n += 1
        if dt > worst_us:
            worst_us = dt
        if alloc > worst_alloc:
            worst_alloc = alloc
        if n >= 400:
            break
    print("RESULT judge pos=%s dice=%d%d boards=%d turn_us=%d worst_us=%d worst_alloc=%d kinds=%s" % (
        pid, d1, d2, n, t_turn, worst_us, worst_alloc,
        ",".join("%s:%d" % (k, kinds[k]) for k in sorted(kinds))))


def bench_enum(pid, d1, d2, reps):
    pos = position_from_id(pid)
    gc.collect()
    best = None
    count = 0
    for _ in range(reps):
        gc.collect()
        t0 = time.ticks_us()
        plays = legal_plays(pos, d1, d2)
        dt = time.ticks_diff(time.ticks_us(), t0)
        count = len(plays)
        plays = None
        if best is None or dt < best:
            best = dt
    print("RESULT enum pos=%s dice=%d%d plays=%d best_us=%d" % (pid, d1, d2, count, best))


def bench_start(reps):
    pos = position_from_id("4HPwATDgc/ABMA")
    best = None
    total_plays = 0
    for _ in range(reps):
        gc.collect()
        total_plays = 0
        t0 = time.ticks_us()
        for a in range(1, 7):
            for b in range(a, 7):
                total_plays += len(legal_plays(pos, a, b))
        dt = time.ticks_diff(time.ticks_us(), t0)
        if best is None or dt < best:
            best = dt
    print("RESULT start rolls=21 plays=%d best_us=%d" % (total_plays, best))


mode = sys.argv[1]
if mode == "judge":
    bench_judge(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
elif mode == "enum":
    bench_enum(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
elif mode == "start":
    bench_start(int(sys.argv[2]))
