"""The coach's figures: its error rates against GNU Backgammon's own analysis of the same
matches (`correlation`), and the speed of a hint, a grading and a luck (`run`: `host_tools
bench coach`).

Correlation: real matches of ../shared/data/real-matches (Backgammon Galaxy and Studio,
the two folders' owners and their opponents), read through the path the review reads a
.mat (host_tools/cmd_review.py: matfile, the board's record events, engine/review.py), and
the same files imported into the `gnubg` package and analysed there (`analyse match`, 0-ply
chequer play and cube: the level the board grades at; gnubg's default is 2-ply). A file
gnubg imports with a WARNING is skipped (it would replay a wrong board). Pearson's and
Spearman's r of the players' error rates (overall, chequer play), per player (each file's
owner, and the opponents) and per match (both players' decisions together), and of the
luck on the first LUCK_MATCHES matches (the luck costs 21 walks a roll).

  nice -n 10 python -m host_tools.benches.bench_coach correlation [--matches N] [--luck-matches N]

writes the section `coach_correlation` of BENCHMARKS.md.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
REAL = os.path.join(os.path.dirname(ROOT), "shared", "data", "real-matches")

from host_tools.benches.bench_engine import VIPER_TIMING  # noqa: E402 (the engine's timing, shared)


def pearson(xs, ys):
    n = len(xs)
    if n < 3:
        return float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0
        i = j + 1
    return r


def spearman(xs, ys):
    return pearson(ranks(xs), ranks(ys))


def files(n):
    """n match files, alternating between the two folders, in name order."""
    folders = sorted(d for d in os.listdir(REAL) if os.path.isdir(os.path.join(REAL, d)))
    lists = [sorted(os.path.join(REAL, d, f) for f in os.listdir(os.path.join(REAL, d))) for d in folders]
    out = []
    i = 0
    while len(out) < n and any(i < len(l) for l in lists):
        for l in lists:
            if i < len(l) and len(out) < n:
                out.append(l[i])
        i += 1
    return out


_STAT = re.compile(r"^(\S.*?)\s{2,}([-+]?\d+\.?\d*)\s+(?:\([^)]*\)\s+)?([-+]?\d+\.?\d*)")


def gnubg_figures(command, path):
    """{section: {row: (player 1, player 2)}} of gnubg's statistics of `path` after a 0-ply
    analysis, or None when gnubg imports it with a warning."""
    text = command('import mat "%s"' % path)
    if "WARNING" in text or "nvalid" in text:
        return None
    command("analyse match")
    stats = command("show statistics match")
    out = {}
    section = None
    for line in stats.splitlines():
        if line.endswith("statistics"):
            section = line.split()[0].lower()
            out[section] = {}
            continue
        m = _STAT.match(line)
        if section and m:
            key = m.group(1).split(" EMG")[0].split(" mEMG")[0].strip()
            out[section][key] = (float(m.group(2)), float(m.group(3)))
    return out


def correlation(argv):
    ap = argparse.ArgumentParser(prog="bench_coach correlation")
    ap.add_argument("--matches", type=int, default=120)
    ap.add_argument("--luck-matches", type=int, default=4)
    args = ap.parse_args(argv)
    from host_tools import gnubg_capture, matfile
    from host_tools.cmd_review import events_of_mat, engine
    from engine.review import review
    from engine.net import P_ONE
    gnubg_capture.setup()
    cmd = gnubg_capture.command
    for c in ("set analysis chequerplay evaluation plies 0", "set analysis cubedecision evaluation plies 0",
              "set analysis luck evaluation plies 0"):
        cmd(c)
    rows = []          # (file, owner?, ours overall, gnubg overall, ours chequer, gnubg chequer)
    per_match = []     # (ours, gnubg) both players together
    luck_rows = []     # (ours, gnubg) per player
    skipped = 0
    t0 = time.time()
    ours_time = 0.0
    for k, path in enumerate(files(args.matches)):
        g = gnubg_figures(cmd, path)
        if g is None or "overall" not in g:
            skipped += 1
            continue
        match = matfile.read(path)
        owner = os.path.basename(os.path.dirname(path))
        with_luck = len(luck_rows) < 2 * args.luck_matches
        t1 = time.time()
        r = review(engine(), events_of_mat(match), luck=with_luck)
        ours_time += time.time() - t1
        if r.skipped:
            skipped += 1
            continue
        for p in (0, 1):
            t = r.tally[p]
            if not t.decisions():
                continue
            chequer = t.chequer_loss * 1000.0 / (t.moves * P_ONE) if t.moves else 0.0
            rows.append((match.players[p] == owner, t.error_rate(), -g["overall"]["Error rate"][p],
                         chequer, -g["chequerplay"]["Error rate"][p],
                         t.cube_loss / float(P_ONE), -g["cube"]["Error total"][p]))
            if with_luck:
                luck_rows.append((t.luck / float(P_ONE), g["luck"]["Luck total"][p]))
        a, b = r.tally
        n = a.decisions() + b.decisions()
        gn = sum(g["chequerplay"]["Unforced moves"]) + sum(g["cube"]["Close or actual cube decisions"])
        if n and gn:
            per_match.append(((a.loss() + b.loss()) * 1000.0 / (n * P_ONE),
                              -sum(g["overall"]["Error total"]) * 1000.0 / gn))
    elapsed = time.time() - t0
    cpu = time.process_time()

    def line(label, pairs):
        xs = [p[0] for p in pairs]
        ys = [p[1] for p in pairs]
        return "| %s | %d | %.2f | %.2f | %.1f | %.1f |" % (
            label, len(pairs), pearson(xs, ys), spearman(xs, ys),
            sum(xs) / max(1, len(xs)), sum(ys) / max(1, len(ys)))

    owners = [(r[1], r[2]) for r in rows if r[0]]
    others = [(r[1], r[2]) for r in rows if not r[0]]
    lines = [
        "Measured with `nice -n 10 python -m host_tools.benches.bench_coach correlation --matches %d "
        "--luck-matches %d` (%.0f s wall, %.0f s of CPU on one core; the review %.0f s wall of it, "
        "luck included on the first matches): %d real matches of ../shared/data/real-matches (alternating between the folders "
        "lasse and Llabba, in name order), %d skipped (gnubg's import warned, or a play the rules "
        "core refuses). Ours: host_tools review's path (engine/review.py, the net at 0-ply). "
        "GNU Backgammon: the `gnubg` package's `analyse match`, chequer play and cube at 0-ply. "
        "Error rate = mean equity lost per decision x 1000 (gnubg's \"error rate mEMG\": unforced "
        "moves and close or actual cube decisions)."
        % (args.matches, args.luck_matches, elapsed, cpu, ours_time, len(per_match), skipped),
        "",
        "| error rates | n | Pearson r | Spearman r | ours, mean | gnubg, mean |",
        "|---|---:|---:|---:|---:|---:|",
        line("every player of every match (overall)", [(r[1], r[2]) for r in rows]),
        line("chequer play only", [(r[3], r[4]) for r in rows]),
        line("cube: equity lost per player and match (EMG, not a rate)", [(r[5], r[6]) for r in rows]),
        line("the folders' owners (lasse, Llabba)", owners),
        line("their opponents", others),
        line("per match (both players' decisions)", per_match),
        line("luck per player (EMG, the first %d matches)" % (len(luck_rows) // 2), luck_rows),
    ]
    text = "\n".join(lines) + "\n"
    from host_tools.benchmd import write_section
    write_section("coach_correlation", text)
    print(text)
    return 0


# ------------------------------------------------------------------ speed (bench coach)

MP_SCRIPT = r"""
import sys, gc, time, micropython
sys.path.insert(0, MPY)
from bg.ids import position_from_id
from bg.movegen import legal_plays
from engine.player import Engine
from engine.coach import Coach
from engine.review import CubeState
import array

""" + VIPER_TIMING + r"""
# the viper factor as bench engine measures it (docs/engine.md): its rows loop and net.py's
# tail, each against its Thumb cycle count; the host's load
print("rows_word_ns|%.3f" % rows_word_ns())
print("legal_plays_hardest_us|%d" % legal_plays_hardest_us())
gc.collect()
e = Engine(WEIGHTS)
c = Coach(e)
ev = e.ev
gc.collect()
print("tail_unit_ns|%.3f" % tail_unit_ns(ev, position_from_id(HARDEST)))
del tail_model
gc.collect()
print("heap_free_with_coach|%d" % gc.mem_free())

# one incremental evaluation under viper (a walk's results; as bench_engine measures it)
LEAVES = 60
buf = bytearray(50 * LEAVES)
mv = memoryview(buf)
nl = [0]
def keep(w):
    k = nl[0]
    if k < LEAVES and sum(w.me):
        buf[50 * k:50 * k + 25] = w.opp
        buf[50 * k + 25:50 * k + 50] = w.me
        nl[0] = k + 1
from engine.player import contact_free
ebest = None
for pid, d1, d2 in PAIRS[:8]:
    pos = position_from_id(pid)
    nl[0] = 0
    e.walker.walk(pos.me, pos.opp, d1, d2, keep)
    ev.set_root(pos.opp, pos.me, contact_free(pos.me, pos.opp))
    n = nl[0]
    for _ in range(3):
        t0 = time.ticks_us()
        for k in range(n):
            ev.probs_near(mv[50 * k:50 * k + 25], mv[50 * k + 25:50 * k + 50])
        t = time.ticks_diff(time.ticks_us(), t0) / max(1, n)
        if n and (ebest is None or t < ebest):
            ebest = t
print("eval_near_us|%.2f" % ebest)
del buf, mv
gc.collect()

def timed(fn):
    best = None
    n = 0
    for _ in range(2):
        c0 = ev.count
        t0 = time.ticks_us()
        fn()
        t = time.ticks_diff(time.ticks_us(), t0)
        n = ev.count - c0
        best = t if best is None or t < best else best
    return best, n

from bg.play import apply_step
def second_best(pos):
    # the position after the hint's second play (its best when there is one only): the
    # play graded
    mv = c.top_play(1 if c.ntop > 1 else 0)[0]
    me = bytearray(pos.me)
    opp = bytearray(pos.opp)
    for f, to in mv:
        apply_step(me, opp, f, to)
    return me, opp

for pid, d1, d2 in PAIRS:
    pos = position_from_id(pid)
    t, n = timed(lambda: c.hint(pos.me, pos.opp, d1, d2))
    if not c.ntop:
        continue
    after_me, after_opp = second_best(pos)
    tg, ng = timed(lambda: c.grade_play(pos.me, pos.opp, d1, d2, after_me, after_opp))
    tl, nl = timed(lambda: c.luck(pos.me, pos.opp, d1, d2))
    cs = CubeState()
    tc, nc = timed(lambda: c.grade_double(pos.me, pos.opp, cs, False))
    print("pair|%d|%d|%d|%d|%d|%d|%d|%d" % (t, n, tg, ng, tl, nl, tc, nc))
pos = position_from_id(HARDEST)
t, n = timed(lambda: c.hint(pos.me, pos.opp, 1, 1))
tl, nl = timed(lambda: c.luck(pos.me, pos.opp, 1, 1))
print("hardest|%d|%d|%d|%d" % (t, n, tl, nl))

# grading at the board (app/grading.py): the deferred work of a commit, a walk per cycle of
# the loop (the play's grading, then its luck's 21 walks), the engine's tick every
# Coach.tick_every evaluations inside a walk (app.think_tick: a scan). The gaps between two scans: each
# tick, and the end of each walk (the loop's next cycle scans).
# Three passes: each gap's time is its fastest pass (the host is shared: a pass disturbed
# there is not the code's time); evaluations and places are the same in every pass.
MAXGAPS = 3000
g_us = array.array("i", bytes(4 * MAXGAPS))
g_ev = array.array("H", bytes(2 * MAXGAPS))
g_at = array.array("H", bytes(2 * MAXGAPS))
mark = [0, 0, 0, 0]           # last scan's us, its evaluation count, gaps so far, the pass
at = [0]                      # the pair being graded (x 2, + 1: a walk's end)
def scan_tick(where=0):
    now = time.ticks_us()
    d = time.ticks_diff(now, mark[0])
    i = mark[2]
    if i < MAXGAPS:
        if mark[3] == 0 or d < g_us[i]:
            g_us[i] = d
        g_ev[i] = ev.count - mark[1]
        g_at[i] = 2 * at[0] + where
    mark[2] = i + 1
    mark[0] = time.ticks_us()
    mark[1] = ev.count
for npass in range(3):
    mark[2] = 0
    mark[3] = npass
    at[0] = 0
    for pid, d1, d2 in PAIRS + [(HARDEST, 1, 1)]:
        at[0] += 1
        pos = position_from_id(pid)
        e.tick = None
        if not c.hint(pos.me, pos.opp, d1, d2):
            continue
        after_me, after_opp = second_best(pos)
        gc.collect()
        mark[0] = time.ticks_us()
        mark[1] = ev.count
        e.tick = scan_tick
        g = c.grade_play(pos.me, pos.opp, d1, d2, after_me, after_opp)     # one cycle's step
        scan_tick(1)
        job = c.luck_job(pos.me, pos.opp, d1, d2, g.best)
        while not job.step():
            scan_tick(1)
        scan_tick(1)
e.tick = None
n = min(mark[2], MAXGAPS)
worst = 0
for i in range(n):
    if g_us[i] > g_us[worst]:
        worst = i
print("gaps|%d|%d|%d|%d|%d|%d|%d" % (n, sum(g_us[:n]), sum(g_ev[:n]), g_us[worst], g_ev[worst], g_at[worst], mark[2]))
"""


# The running board's scan rate on the charger profile, idle (BENCHMARKS.md, bench app: the
# firmware's profile, the last run's figure): a scan's own time inside a grading walk.
IDLE_SCANS_S = 132
SCAN_MS = 1000.0 / IDLE_SCANS_S


def run():
    from engine.coach import Coach
    from host_tools.benchmd import PICO_FACTOR
    from host_tools.benches.bench_engine import _pairs, HARDEST, QUIET_LEGAL_MS, PICO_MHZ, thumb_counts
    THUMB_CYCLES_ROWS_WORD, THUMB_CYCLES_TAIL_UNIT, _ = thumb_counts()
    from host_tools.cmd_flash import compile_tree
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    pairs = _pairs(24, 12)
    mpy = os.path.join(ROOT, "build", "bench-coach-mpy")
    compile_tree(mpy, march=None)
    path = os.path.join(ROOT, "build", "bench_coach_mp.py")
    with open(path, "w") as f:
        from host_tools.cmd_flash import viper_text
        src = viper_text("engine/net_vp.py")
        tail = src[src.index("@micropython.viper\ndef tail_vp"):]
        f.write("MPY = %r\nWEIGHTS = %r\nPAIRS = %r\nHARDEST = %r\nTAIL_MODEL = %r\n%s" % (
            mpy, os.path.join(FIRMWARE, "engine", "weights.bin"), pairs, HARDEST, tail, MP_SCRIPT))
    proc = subprocess.run([micropython, "-X", "heapsize=200K", path], capture_output=True, text=True,
                          timeout=1800, cwd=ROOT)
    if proc.returncode != 0:
        return "bench failed:\n\n```\n%s\n```\n" % (proc.stdout + proc.stderr)[-2000:]
    vals = {}
    rows = []
    hardest = None
    gaps = None
    for row in proc.stdout.strip().splitlines():
        f = row.split("|")
        if f[0] == "pair":
            rows.append(tuple(int(x) for x in f[1:]))
        elif f[0] == "hardest":
            hardest = tuple(int(x) for x in f[1:])
        elif f[0] == "gaps":
            gaps = tuple(int(x) for x in f[1:])
        else:
            vals[f[0]] = float(f[1])
    load = max(1.0, vals["legal_plays_hardest_us"] / 1000.0 / QUIET_LEGAL_MS)
    vfac = max(THUMB_CYCLES_ROWS_WORD * 1000.0 / PICO_MHZ / vals["rows_word_ns"],
               THUMB_CYCLES_TAIL_UNIT * 1000.0 / PICO_MHZ / vals["tail_unit_ns"])
    ev_us = vals["eval_near_us"]

    def est(t, evals):
        """As bench_engine: the evaluations x their viper time x the viper factor, the rest
        (walk, bookkeeping: bytecode) / the host's load x 170; in ms."""
        native = min(t, evals * ev_us)
        return (native * vfac + (t - native) / load * PICO_FACTOR) / 1000.0

    def col(i, j):
        ts = sorted(r[i] for r in rows)
        ns = sorted(r[j] for r in rows)
        es = sorted(est(r[i], r[j]) for r in rows)
        return "%.1f | %.1f | %.0f | %.0f | %d" % (ts[len(ts) // 2] / 1000.0, ts[-1] / 1000.0,
                                                    es[len(es) // 2], es[-1], ns[len(ns) // 2])

    lines = [
        "Measured with `python -m host_tools bench coach` (MicroPython unix port, `-X heapsize=200K`, "
        "the firmware compiled by mpy-cross, the net under viper): %d (position, roll) pairs of seeded "
        "random games (bench_engine's). Pico estimate, as the engine's (docs/engine.md): the evaluations "
        "x their viper time here (%.2f us incremental) x the viper factor %.0f (Thumb-cycle model), plus "
        "the rest (the walk, bookkeeping: bytecode) / the host's load (%.1fx in this run: `legal_plays` "
        "on the widest 1-1 against its quiet-host time) x %d."
        % (len(rows), ev_us, vfac, load, PICO_FACTOR),
        "",
        "| one decision | host median ms | host worst ms | Pico median ms (est.) | Pico worst ms (est.) | evaluations, median |",
        "|---|---:|---:|---:|---:|---:|",
        "| hint (the best 3 plays of the roll: one walk) | %s |" % col(0, 1),
        "| grading a play (one walk) | %s |" % col(2, 3),
        "| luck of a roll (21 walks) | %s |" % col(4, 5),
        "| grading a doubling decision (one evaluation, cubeful) | %s |" % col(6, 7),
        "| hint, `%s` 1-1 (2,226 plays: the widest roll) | %.1f | %.1f | %.0f | %.0f | %d |"
        % (HARDEST, hardest[0] / 1000.0, hardest[0] / 1000.0, est(hardest[0], hardest[1]),
           est(hardest[0], hardest[1]), hardest[1]),
        "| luck of that position's rolls (21 walks) | %.1f | %.1f | %.0f | %.0f | %d |"
        % (hardest[2] / 1000.0, hardest[2] / 1000.0, est(hardest[2], hardest[3]),
           est(hardest[2], hardest[3]), hardest[3]),
        "",
        "Normal-level budget: a hint is one walk with the normal level's evaluations (the same "
        "count as `Engine.choose(..., \"normal\")`, plus keeping the best 3), so it takes the "
        "normal level's time (section engine). The luck (21 walks) runs after the commit, while "
        "the next player rolls and moves.",
        "",
        "**Grading at the board** (app/grading.py, the setting Grading on): the commit only notes "
        "the positions; the loop then runs one walk a cycle (the play's grading, then its luck's "
        "21 walks) while the next player rolls and moves, and the engine's tick runs a scan every "
        "%d evaluations inside a walk (engine.coach.Coach.tick_every; a hint and a seat's think are "
        "served once per app.loop.THINK_SLICE_MS instead). Over the %d pairs and the widest 1-1 above, the gaps between "
        "two scans (the first %d of %d; each gap's time the fastest of 3 passes): mean %.3f ms here, %.1f ms Pico est. "
        "(%.1f evaluations); the worst %.2f ms here, **%.0f ms** Pico est. (%d evaluations, %s). "
        "The scan rate kept while grading runs: "
        "a scan at least every %.0f ms of grading (Pico est.); with each scan's own %.1f ms "
        "(bench app: %d scans/s on the charger profile), about %.0f scans per second on average "
        "and %.0f at the worst gap; the judge's settle time (3 quiet scans) stays "
        "under %.0f ms. The grade itself is shown after the first walk (the grading row), the "
        "luck after the 22nd (each walk's evaluations at this rate: the luck takes about %.1f "
        "times the luck row's time)."
        % (Coach.tick_every, len(rows), gaps[0], gaps[6], gaps[1] / 1000.0 / gaps[0], est(gaps[1] / gaps[0], gaps[2] / gaps[0]),
           gaps[2] / float(gaps[0]), gaps[3] / 1000.0, est(gaps[3], gaps[4]), gaps[4],
           ("inside a walk" if gaps[5] % 2 == 0 else "a walk's end and the next one's start")
           + (" of the widest 1-1" if gaps[5] // 2 == len(rows) + 1 else ""),
           est(gaps[3], gaps[4]), SCAN_MS, IDLE_SCANS_S,
           1000.0 / (SCAN_MS + est(gaps[1] / gaps[0], gaps[2] / gaps[0])),
           1000.0 / (SCAN_MS + est(gaps[3], gaps[4])),
           3 * (SCAN_MS + est(gaps[3], gaps[4])),
           (SCAN_MS + est(gaps[1] / gaps[0], gaps[2] / gaps[0])) / max(0.001, est(gaps[1] / gaps[0], gaps[2] / gaps[0]))),
        "",
        "Free heap with the engine and the coach loaded: %d of 200 KB (unix port: 64-bit objects)."
        % vals["heap_free_with_coach"],
    ]
    return "\n".join(lines) + "\n"


def main(argv):
    if argv and argv[0] == "correlation":
        return correlation(argv[1:])
    print(run())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
