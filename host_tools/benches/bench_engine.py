"""The engine's figures: strength (`make strength`) and speed and heap (`host_tools bench
engine`).

Strength: cubeless money games with mirrored dice: each seeded dice sequence is played
twice, seats swapped, so luck cancels; points per game (1 single, 2 gammon, 3
backgammon) with the standard error of the mean over the pairs. Opponents: PubEval (the
firmware's engine/pubeval.py: Tesauro's published weights) and GNU Backgammon 0-ply (the
`gnubg` package: each legal result evaluated at 0-ply, the best taken: what
findbestmoves does at 0-ply, without its bear-off truncation trap).

`python -m host_tools.benches.bench_engine strength [--games N] [--levels normal,strong]
     [--against pubeval,gnubg] [--seed S]` writes the section `engine_strength`.
"""
import argparse
import atexit
import math
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")

from bg.movegen import legal_plays  # noqa: E402
from bg.play import Play  # noqa: E402
from bg.position import Position  # noqa: E402

WEIGHTS = os.path.join(FIRMWARE, "engine", "weights.bin")


class EnginePlayer:
    def __init__(self, engine, level):
        self.engine = engine
        self.level = level
        self.name = "engine %s" % level

    def play(self, pos, d1, d2):
        got = self.engine.choose(pos.me, pos.opp, d1, d2, self.level)
        return pos if got is None else Play(got[0], got[1]).apply(pos)


class GnubgPlayer:
    name = "gnubg 0-ply"

    def __init__(self):
        import gnubg
        gnubg.command("set threads 1")
        gnubg.command("set player 0 human")
        gnubg.command("set player 1 human")
        self.g = gnubg
        self.ci = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0)
        self.ec = gnubg.evalcontext(0, 0, 1, 0, 0.0)

    def play(self, pos, d1, d2):
        best = None
        bestv = None
        for p in legal_plays(pos, d1, d2):
            r = p.apply(pos)
            if sum(r.me) == 0:
                return r
            e = self.g.evaluate((tuple(r.me), tuple(r.opp)), self.ci, self.ec)
            v = -(2 * e[0] - 1 + e[1] - e[3] + e[2] - e[4])
            if bestv is None or v > bestv:
                best, bestv = r, v
        return pos if best is None else best


# The engine side can run under the MicroPython unix port (viper: tens of times faster
# than the pure-Python evaluator under CPython, the same integer results, so the same
# plays): one "POSITION_ID D1 D2 LEVEL" line in, the result's position ID out.
MP_SERVER = r"""
import sys
sys.path.insert(0, MPY)
from bg.ids import position_from_id, position_id
from bg.play import Play
from engine.player import Engine
e = Engine(WEIGHTS, None, LEAF)
while True:
    line = sys.stdin.readline()
    if not line:
        break
    pid, d1, d2, level = line.split()
    pos = position_from_id(pid)
    got = e.choose(pos.me, pos.opp, int(d1), int(d2), level)
    print(pid if got is None else position_id(Play(got[0], got[1]).apply(pos)))
"""


def _remove(tree, server):
    """The per-process compiled tree and server, gone when the bench ends."""
    import shutil
    shutil.rmtree(tree, ignore_errors=True)
    if os.path.exists(server):
        os.remove(server)


class MicroPythonEngine:
    """The engine at a level, played by the real MicroPython unix port (viper)."""

    def __init__(self, level, weights=WEIGHTS, leaf=None):
        from bg.ids import position_from_id, position_id
        from host_tools.cmd_flash import compile_tree
        self.level = level
        self.name = "engine %s (MicroPython)" % level
        self._from, self._id = position_from_id, position_id
        # per process: two strength runs side by side (two candidates' weights) do not
        # compile into or rewrite each other's tree and server
        mpy = os.path.join(ROOT, "build", "strength-mpy-%s-%d" % (level, os.getpid()))
        compile_tree(mpy, march=None)        # the firmware as it is now
        path = os.path.join(ROOT, "build", "strength_server_%d.py" % os.getpid())
        with open(path, "w") as f:
            f.write("MPY = %r\nWEIGHTS = %r\nLEAF = %r\n%s" % (mpy, os.path.abspath(weights),
                                                               leaf and os.path.abspath(leaf), MP_SERVER))
        atexit.register(_remove, mpy, path)
        mp = os.path.join(os.path.dirname(sys.executable), "micropython")
        self.proc = subprocess.Popen([mp, "-X", "heapsize=400K", path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def play(self, pos, d1, d2, level=None):
        self.proc.stdin.write("%s %d %d %s\n" % (self._id(pos), d1, d2, level or self.level))
        self.proc.stdin.flush()
        return self._from(self.proc.stdout.readline().strip())


def game(players, rng):
    """One cubeless game; players[0] moves first. Returns points for players[0] (+/-)."""
    pos = Position.start()
    turn = 0
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    for _ in range(1000):
        pos = players[turn].play(pos, d1, d2)
        if sum(pos.me) == 0:
            opp = pos.opp
            pts = 1
            if sum(opp) == 15:
                pts = 3 if any(opp[i] for i in range(18, 25)) else 2
            return pts if turn == 0 else -pts
        pos = pos.swapped()
        turn = 1 - turn
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    raise RuntimeError("game did not end in 1000 turns")


def pair_scores(a, b, seed, first, stop):
    """The mirrored pairs first..stop-1 of a seed: a's mean points per game of each."""
    out = []
    for i in range(first, stop):
        s = 0
        for first in (0, 1):
            rng = random.Random(seed * 1000003 + i)
            if first == 0:
                s += game((a, b), rng)
            else:
                s -= game((b, a), rng)
        out.append(s / 2.0)
    return out


def mean_se(scores):
    """ppg over the pairs, its std error and the number of games."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n), 2 * n


def match_up(a, b, games, seed):
    """ppg of a against b over `games` games (games/2 mirrored pairs) and its std error."""
    return mean_se(pair_scores(a, b, seed, 0, games // 2))


def _players(level, name, weights, cpython, leaf=None):
    from engine.player import Engine
    if name == "pubeval" or cpython:
        eng = Engine(weights, None, leaf)
    me = EnginePlayer(eng, level) if cpython else MicroPythonEngine(level, weights, leaf)
    opp = EnginePlayer(eng, "easy") if name == "pubeval" else GnubgPlayer()
    return me, opp


def _job(args):
    """One process's share of the pairs (--jobs): its own engine and opponent."""
    level, name, weights, cpython, seed, first, stop, leaf = args
    me, opp = _players(level, name, weights, cpython, leaf)
    return pair_scores(me, opp, seed, first, stop)


def split_match(level, name, weights, cpython, games, seed, jobs, leaf=None):
    """match_up over `jobs` processes, each a contiguous share of the same pairs: the same
    games, dice and result as one process (every pair's dice come from its own seed)."""
    pairs = games // 2
    cuts = [pairs * k // jobs for k in range(jobs + 1)]
    work = [(level, name, weights, cpython, seed, cuts[k], cuts[k + 1], leaf) for k in range(jobs)]
    if jobs == 1:
        return mean_se(_job(work[0]))
    import multiprocessing
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        parts = pool.map(_job, work)
    return mean_se([x for part in parts for x in part])


def strength(argv):
    ap = argparse.ArgumentParser(prog="bench_engine strength")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--levels", default="normal")
    ap.add_argument("--against", default="pubeval,gnubg")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--weights", default=WEIGHTS,
                    help="a candidate weights file (screening a fit; the section is not written "
                         "unless it is the shipped file)")
    ap.add_argument("--cpython", action="store_true",
                    help="run the engine's pure-Python evaluator under CPython (slow) instead of "
                         "the viper one under the MicroPython unix port")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes sharing the pairs (the same games and figure; wall time / jobs)")
    ap.add_argument("--leaf", help="a leaf net file for the strong level (engine/deepleaf.py; the "
                                   "section is not written): default, the file beside the weights if any")
    a = ap.parse_args(argv)
    shipped = os.path.abspath(a.weights) == os.path.abspath(WEIGHTS) and not a.leaf
    from host_tools.benchmd import write_section
    for level in a.levels.split(","):
        for name in a.against.split(","):
            t0 = time.time()
            ppg, se, n = split_match(level, name, a.weights, a.cpython, a.games, a.seed, a.jobs, a.leaf)
            dt = time.time() - t0
            opp_name = "PubEval" if name == "pubeval" else GnubgPlayer.name
            body = ("`python -m host_tools.benches.bench_engine strength --games %d --levels %s --against %s "
                    "--seed %d` (`make strength` runs 20,000 games per figure). Cubeless money games, mirrored "
                    "dice (each dice sequence played twice, seats swapped); points per game for the engine, "
                    "+- one standard error over the mirrored pairs. Weights: firmware/engine/weights.bin. "
                    "The engine runs under the MicroPython unix port (viper: the same integer results as "
                    "CPython), PubEval and gnubg under CPython; %s.\n\n"
                    "| level | against | games | ppg | std error | wall seconds |\n"
                    "|---|---|---:|---:|---:|---:|\n"
                    "| %s | %s | %d | %+.3f | %.3f | %.0f |"
                    % (a.games, level, name, a.seed,
                       "one core" if a.jobs == 1 else "%d processes (`--jobs %d`), wall seconds for all" % (a.jobs, a.jobs),
                       level, opp_name, n, ppg, se, dt))
            print(body, flush=True)
            if not a.no_write and shipped:
                write_section("engine_strength_%s_%s" % (level, name), body)
    return 0


def errors(argv):
    """The mean equity the engine's plays lose on real-match positions, judged by gnubg at
    1-ply, next to gnubg 0-ply's own; writes the section `engine_errors`."""
    ap = argparse.ArgumentParser(prog="bench_engine errors")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--weights", default=WEIGHTS, help="a candidate weights file (section not written)")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    cases = []
    for pos, d1, d2 in _real_moves():
        if len(legal_plays(pos, d1, d2)) > 1:
            cases.append((pos.copy(), d1, d2))
    rng.shuffle(cases)
    cases = cases[:a.positions]
    gn = GnubgPlayer()
    judge = gn.g.evalcontext(0, 1, 1, 0, 0.0)
    eng = MicroPythonEngine("normal", a.weights)    # (the strong level: its leaf net if beside the weights)

    def value(r):
        if sum(r.me) == 0:
            return 3.0 if (sum(r.opp) == 15 and any(r.opp[i] for i in range(18, 25))) else (2.0 if sum(r.opp) == 15 else 1.0)
        e = gn.g.evaluate((tuple(r.me), tuple(r.opp)), gn.ci, judge)
        return -(2 * e[0] - 1 + e[1] - e[3] + e[2] - e[4])

    lost = {"normal": 0.0, "strong": 0.0, "gnubg": 0.0}
    t0 = time.time()
    for pos, d1, d2 in cases:
        vals = {}
        for p in legal_plays(pos, d1, d2):
            r = p.apply(pos)
            vals[r.key()] = value(r)
        best = max(vals.values())
        for level in ("normal", "strong"):
            lost[level] += best - vals[eng.play(pos, d1, d2, level).key()]
        lost["gnubg"] += best - vals[gn.play(pos, d1, d2).key()]
    n = len(cases)
    body = ("`python -m host_tools.benches.bench_engine errors --positions %d --seed %d`: %d positions "
            "(with a choice) from the real matches in ../shared/data/real-matches, each with its recorded "
            "roll; every legal result judged by gnubg 1-ply; the mean equity a choice loses against the "
            "best by that judge (cubeless, money). %.0f s.\n\n"
            "| player | positions | mean equity lost per move |\n|---|---:|---:|\n"
            "| engine, normal (0-ply net; its best 4 valued again by the leaf net when its file is there) | %d | %.5f |\n"
            "| engine, strong (1-ply of the best 4, with the leaf net when its file is there) | %d | %.5f |\n"
            "| gnubg 0-ply | %d | %.5f |"
            % (a.positions, a.seed, n, time.time() - t0, n, lost["normal"] / n, n, lost["strong"] / n,
               n, lost["gnubg"] / n))
    print(body)
    if not a.no_write and os.path.abspath(a.weights) == os.path.abspath(WEIGHTS):
        from host_tools.benchmd import write_section
        write_section("engine_errors", body)
    return 0


def _real_moves():
    """Each move of the real matches, in file order: (position, d1, d2) before it is played,
    the mover on roll (the position is played on after: copy what is kept)."""
    from host_tools.train.gendata import REAL_MATCHES
    from host_tools import matfile
    from bg.play import apply_step
    for d, _, fs in sorted(os.walk(REAL_MATCHES)):
        for f in sorted(fs):
            if not f.endswith((".mat", ".txt")):
                continue
            try:
                match = matfile.read(os.path.join(d, f))
            except Exception:
                continue
            for g in match.games:
                pos = Position.start()
                turn = None
                for act in g.actions:
                    if act[0] != "move":
                        continue
                    _, pl, d1, d2, moves = act
                    if turn is not None and pl != turn:
                        pos = pos.swapped()
                    turn = pl
                    if moves is None:
                        break
                    yield pos, d1, d2
                    try:
                        for frm, to in moves:
                            apply_step(pos.me, pos.opp, frm, to)
                    except Exception:
                        break
                    if sum(pos.me) == 0:
                        break


def _real_positions():
    """Every position before a move of the real matches (mover on roll)."""
    return [pos.copy() for pos, _, _ in _real_moves()]


def cube_agreement(argv):
    """Money cube decisions (centred cube, before the roll) on real-match positions where
    the side on roll leads by 0.2 or more (gnubg 0-ply cubeless): the engine's (net +
    engine/cubeful.py) against gnubg's `hint` at its default cube evaluation, and the
    equity the engine's differing decisions cost by gnubg's cubeful equities. Writes
    the section `engine_cube`."""
    import re
    ap = argparse.ArgumentParser(prog="bench_engine cube")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--weights", default=WEIGHTS, help="a candidate weights file (section not written)")
    a = ap.parse_args(argv)
    from bg.ids import MatchState, match_id, position_id, GAME_PLAYING
    from engine import cubeful
    from engine.net import P_ONE
    from engine.player import Engine
    gn = GnubgPlayer()
    g = gn.g
    rng = random.Random(a.seed)
    pool = _real_positions()
    rng.shuffle(pool)
    eng = Engine(a.weights)
    mid = match_id(MatchState(on_roll=0, turn=0, game_state=GAME_PLAYING))
    num = r"([-+]?\d+\.\d+)"

    def hint(pos):
        g.command("set gnubgid %s:%s" % (position_id(pos), mid))
        sys.stdout.flush()
        path = os.path.join(ROOT, "build", "gnubg_hint.txt")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        old = os.dup(1)
        os.dup2(fd, 1)
        try:
            g.command("hint")
            sys.stdout.flush()
        finally:
            os.dup2(old, 1)
            os.close(fd)
            os.close(old)
        text = open(path).read()
        nd = re.search(r"No double\s+" + num, text)
        dp = re.search(r"Double, pass\s+" + num, text)
        dt = re.search(r"Double, take\s+" + num, text)
        act = re.search(r"Proper cube action: (.*)", text)
        if not (nd and dp and dt and act):
            return None
        return float(nd.group(1)), float(dp.group(1)), float(dt.group(1)), act.group(1).strip()

    g.command("new session")
    rows = []
    for pos in pool:
        if len(rows) >= a.positions:
            break
        e = g.evaluate((tuple(pos.opp), tuple(pos.me)), gn.ci, gn.ec)
        if 2 * e[0] - 1 + e[1] - e[3] + e[2] - e[4] < 0.2:
            continue
        h = hint(pos)
        if h is None:
            continue
        pr = eng.probs(pos.me, pos.opp)
        d = cubeful.money(tuple(pr[k] / float(P_ONE) for k in range(5)), jacoby=True,
                          x=cubeful.cube_life(pos.me, pos.opp))     # the match ID says Jacoby
        rows.append((h, d))
    agree_d = agree_t = 0
    cost_d = cost_t = 0.0
    for (nd, dp, dt, act), d in rows:
        g_double = act.lower().startswith("double") or act.lower().startswith("redouble")
        g_take = dt < dp
        best = max(nd, min(dt, dp))
        ours = min(dt, dp) if d.double else nd
        if d.double == g_double:
            agree_d += 1
        cost_d += best - ours
        if d.take == g_take:
            agree_t += 1
        else:
            cost_t += abs(dp - dt)
    n = len(rows)
    body = ("`python -m host_tools.benches.bench_engine cube --positions %d --seed %d`: %d money positions "
            "from the real matches (cube centred, the Jacoby rule, before the roll, the side on roll ahead "
            "by 0.2 or more at gnubg 0-ply cubeless); gnubg's decision and cubeful equities from its `hint` at 0-ply "
            "(host_tools/gnubg_player.py's default), the engine's from the net and engine/cubeful.py "
            "(Janowski, the cube life by kind of position: docs/engine.md, The cube; the match scores' "
            "bench, against gnubg 2-ply, is `bench cube`).\n\n"
            "| decision | agreement | equity cost of the engine's differing decisions, per position |\n"
            "|---|---:|---:|\n| double / no double | %d of %d (%.0f%%) | %.4f |\n"
            "| take / pass | %d of %d (%.0f%%) | %.4f |"
            % (a.positions, a.seed, n, agree_d, n, 100.0 * agree_d / n, cost_d / n,
               agree_t, n, 100.0 * agree_t / n, cost_t / n)
            + "\n\nBefore issue 28's cube (Janowski with x = 2/3 and the live cube capped at the cash "
            "point, called without the Jacoby rule that gnubg's match ID had): 124 of 200 (62%), "
            "0.0057; take / pass 189 of 200 (94%), 0.0043.")
    print(body)
    if not a.no_write and os.path.abspath(a.weights) == os.path.abspath(WEIGHTS):
        from host_tools.benchmd import write_section
        write_section("engine_cube", body)
    return 0


def main(argv):
    if argv and argv[0] == "cube":
        return cube_agreement(argv[1:])
    if argv and argv[0] == "errors":
        return errors(argv[1:])
    if argv and argv[0] == "speed":
        print(run())
        return 0
    if argv and argv[0] == "strength":
        return strength(argv[1:])
    print("usage: python -m host_tools.benches.bench_engine strength [--games N] ...", file=sys.stderr)
    return 2



# -- speed and heap under the MicroPython unix port (`python -m host_tools bench engine`) --

# The viper factor. The bytecode factor (170, host_tools/benchmd.py) does not hold for
# native code: it is measured here on the evaluator's two loops, counted in the Thumb code
# mpy-cross -march=armv6m makes of engine/net_vp.py, one pass along the usual path
# (host_tools/benches/thumb_cycles.py: disassembled, each instruction priced as the
# Cortex-M0+ does: 1 per ALU op and single-cycle multiply, 2 per load, store and taken branch,
# push/pop 1 + registers):
# - the rows loop (rows_vp, x = 1: one 32-bit word of int8 weights, 4 hidden units, added to
#   two lane words; rows_model below is the same code): 69 instructions, 100 cycles a word
#   (session 18: a plain store of a sum; 76 and 114 with `+=` on a computed index);
# - the hidden unit and its 5 output products (tail_vp, the table's interpolation): 203
#   instructions, 282 cycles a unit (session 18: its output weights read at constant
#   offsets from a pointer stepped a unit at a time, its half and its bias's sign without a
#   branch, the table's range in one test; 376 before, by a count that took every
#   instruction of the loop but the clamped ends).
# At 125 MHz, against each loop's time per iteration in the unix port, that is two
# factors; the larger one is applied to all the native time (a model: no memory wait
# states, no interrupts, not a measurement on the chip). The counts below are the ones
# thumb_cycles gives for the committed code; thumb_counts() counts them again when a
# disassembler is there (LLVM's or arm-none-eabi's).
THUMB_CYCLES_ROWS_WORD = 100
THUMB_CYCLES_TAIL_UNIT = 282
PICO_MHZ = 125
# The contact and race nets' input rows (W1) are read in place from the flash on the chip
# (base/inflash.py), through the XIP cache: 16 KB, 2-way, 8-byte lines, 60 cycles a miss at
# 125 MHz on the emulated RP2040 (../shared/pico-measured.md). At 200 MHz the flash's clock
# is divided by 4 instead of 2 (the rp2 port keeps it under 62.5 MHz): about 120 cycles,
# 0.6 us a miss. The model takes every line of every row an evaluation reads as a miss (the
# cache is shared with the interpreter's own code: an upper bound), at 0.6 us; the
# estimates at 125 MHz are the 200 MHz ones times 1.6 (so their misses count 0.96 us, twice
# the chip's: also an upper bound).
XIP_LINE = 8
XIP_MISS_US_200 = 0.6
FLASH_BLOCKS = 26              # the RAM flash the engine's files lie on (weights 6 blocks, leaf net 15)


def thumb_counts():
    """(rows loop cycles a word, hidden unit cycles, how counted): from the code as it is now
    when a disassembler is there, else the constants above."""
    from host_tools.benches import thumb_cycles
    if not thumb_cycles.available():
        return THUMB_CYCLES_ROWS_WORD, THUMB_CYCLES_TAIL_UNIT, "the counts committed with the code"
    rows = thumb_cycles.loop_cycles("engine/net_vp.py", 1, 3, "T")[1]         # rows_vp, x = 1
    tail = thumb_cycles.loop_cycles("engine/net_vp.py", 2, 0, "TT")[1]        # tail_vp's units
    return rows, tail, "counted in this run's Thumb code (host_tools/benches/thumb_cycles.py)"

# The viper factor's two loops (docs/engine.md), timed under MicroPython for bench engine and
# bench coach alike, each the best of 25 passes: the rows loop as net.py's rows_vp runs it
# (20 words of 4 int8 weights) and net.py's tail_vp (a hidden unit with its 5 output
# products) as the firmware compiles it (the script's TAIL_MODEL). ns per word / per unit.
# And the host's load, as both benches divide it out. Needs the script's HARDEST, and
# array, gc, time, micropython, position_from_id, legal_plays imported before it.
VIPER_TIMING = r"""
@micropython.viper
def rows_model(n: int, acc: ptr32, p: ptr32, reps: int):
    m8 = 16711935
    r = 0
    while r < reps:
        n = 20
        while n:
            n -= 1
            u = p[n]
            i = n << 1
            acc[i] = acc[i] + (u & m8)
            acc[i + 1] = acc[i + 1] + ((u >> 8) & m8)
        r += 1

def rows_word_ns():
    acc = array.array("i", bytes(160))
    w = array.array("I", bytes(80))
    best = None
    for _ in range(25):
        t0 = time.ticks_us()
        rows_model(0, acc, w, 300)
        t = time.ticks_diff(time.ticks_us(), t0) * 1000.0 / (300 * 20)
        best = t if best is None or t < best else best
    return best

# compiled here, while the heap still has room for the viper compiler's blocks
_g = {"micropython": micropython}
exec(TAIL_MODEL, _g)
tail_model = _g["tail_vp"]
del _g

def tail_unit_ns(ev, pos):
    ev.probs(pos.me, pos.opp, False)     # the evaluator's work buffer as a real unit sees it
    nh = ev.contact.nhid
    best = None
    for _ in range(25):
        t0 = time.ticks_us()
        for _ in range(200):
            tail_model(0, 0, 0, ev.contact.head, ev.work, ev.sig, 30)
        t = time.ticks_diff(time.ticks_us(), t0) * 1000.0 / (200 * nh)
        best = t if best is None or t < best else best
    return best

def legal_plays_hardest_us():
    # the host's load: the bytecode legal_plays on the widest 1-1 against its quiet time
    hard = position_from_id(HARDEST)
    ref = None
    for _ in range(3):
        gc.collect()
        t0 = time.ticks_us()
        legal_plays(hard, 1, 1)
        d = time.ticks_diff(time.ticks_us(), t0)
        ref = d if ref is None or d < ref else ref
    return ref
"""

MP_SCRIPT = r"""
import sys, gc, time, micropython
sys.path.insert(0, MPY)
gc.collect()
BYTECODE or print("heap_free_at_start|%d" % gc.mem_free())
import array
from base import rare    # the board's own (always loaded): the engine's weights.py is forgotten through it
gc.collect()
a_i = gc.mem_alloc()
from engine.net import Evaluator
from engine.player import Engine, contact_free
gc.collect()
BYTECODE or print("heap_engine_modules|%d" % (gc.mem_alloc() - a_i))
BYTECODE or print("heap_free_before_engine|%d" % gc.mem_free())
# the engine's files in place, as on the chip (base/inflash.py): a littlefs (this
# interpreter's own VfsLfs2, the Pico's code) on a flash in RAM of the Pico's geometry
# (host_tools/fakes/ramflash.py), its bytes standing for the Pico's mapped flash; the heap
# is given its size on top (on the chip it is flash, not heap)
FLASH = False
if not BYTECODE:
    import vfs
    sys.path.append(ROOT + "/host_tools/fakes")
    from ramflash import Flash
    flash_dev = Flash(FLASH_BLOCKS)
    vfs.VfsLfs2.mkfs(flash_dev, progsize=256)
    vfs.mount(vfs.VfsLfs2(flash_dev, progsize=256), "/inflash")
    for name in ("weights.bin", "leafnet.bin"):
        with open(ROOT + "/firmware/engine/" + name, "rb") as src, open("/inflash/" + name, "wb") as dst:
            while True:
                piece = src.read(512)
                if not piece:
                    break
                dst.write(piece)
    del src, dst, piece, Flash
    WEIGHTS = "/inflash/weights.bin"
    FLASH = (memoryview(flash_dev.data), 4096)
    gc.collect()
a0 = gc.mem_alloc()
e = Engine(WEIGHTS, flash=FLASH)   # the weights' rows in place, the rest in blocks of at most 2 KB
# (its figure includes a new pool of interned names when weights.py's names pass a pool's
# end: 3.7 KB here in one layout of this script, none in another; the board has its own)
gc.collect()
BYTECODE or print("heap_engine|%d" % (gc.mem_alloc() - a0))
BYTECODE or print("heap_free_after_load|%d" % gc.mem_free())
# the typed buffers (their bytes keep their size on the Pico; the weights are counted apart)
typed = 0
largest = 0
for o in (e, e.ev, e.walker):
    for k in dir(o):
        v = getattr(o, k)
        for b in (v if isinstance(v, tuple) else (v,)):
            if b is not e.ev.sig and (isinstance(b, bytearray) or isinstance(b, array.array)):
                typed += len(bytes(b))
                largest = max(largest, len(bytes(b)))
# (the weights' blocks in the heap: what lies in place on the flash is not; the viper path
# keeps no object for a chunk there)
blocks = [b for b in [e.ev.sig] + [x for net in (e.ev.contact, e.ev.race) for x in [net.head] + list(net.chunks)]
          if not isinstance(b, memoryview)]
import os
BYTECODE or print("heap_weights_in_place|%d" % max(0, os.stat(WEIGHTS)[6] - sum(len(b) for b in blocks)))
BYTECODE or print("heap_typed|%d" % typed)
BYTECODE or print("heap_typed_largest|%d" % largest)
BYTECODE or print("heap_weights|%d" % sum(len(b) for b in blocks))
BYTECODE or print("heap_weights_blocks|%d" % len(blocks))
BYTECODE or print("heap_weights_largest|%d" % max(len(b) for b in blocks))
del blocks
import os
try:
    os.stat(e.leaf_path)      # the strong level's leaf net, when its file is there (engine/deepleaf.py)
    from engine import deepleaf
    deepleaf.attach(e, contact_free)
except OSError:
    pass
BYTECODE or print("leaf_fault|%s" % e.deep_fault)
LEAVES = 60
buf = bytearray(50 * LEAVES)      # the timing's own buffer, made before the heap fragments
from bg.ids import position_from_id
from bg.movegen import legal_plays
import array
""" + VIPER_TIMING + r"""

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]

poss = [(position_from_id(p), d1, d2) for p, d1, d2 in PAIRS]

def per_eval_us(ev, reps):
    # the best of 3 passes: the host is shared, the fastest pass is the least disturbed
    best = None
    for _ in range(3):
        t0 = time.ticks_us()
        n = 0
        for rep in range(reps):
            for pos, d1, d2 in poss:
                ev.probs(pos.me, pos.opp, contact_free(pos.me, pos.opp))
                n += 1
        t = time.ticks_diff(time.ticks_us(), t0) / n
        best = t if best is None or t < best else best
    return best

if BYTECODE:
    slow = Evaluator(WEIGHTS, viper=False)     # the same integer code, as bytecode
    print("eval_bytecode_us|%.1f" % per_eval_us(slow, 1))
    del slow
    print("legal_plays_hardest_us|%d" % legal_plays_hardest_us())
    sys.exit(0)
gc.collect()
print("rows_word_ns|%.3f" % rows_word_ns())
ev = e.ev
print("tail_unit_ns|%.3f" % tail_unit_ns(ev, poss[0][0]))
print("eval_viper_us|%.1f" % per_eval_us(ev, 3))

# the incremental evaluation of a walk's results (what a move mostly does); the results
# kept in one preallocated buffer (the heap is the Pico's)
mv = memoryview(buf)
nl = [0]
def keep(w):
    k = nl[0]
    if k < LEAVES and sum(w.me):
        buf[50 * k:50 * k + 25] = w.opp
        buf[50 * k + 25:50 * k + 50] = w.me
        nl[0] = k + 1
# per position the best of 5 passes (the host is shared), then the mean over all leaves
tot_t = 0
tot_n = 0
for pos, d1, d2 in poss[:8]:
    nl[0] = 0
    e.walker.walk(pos.me, pos.opp, d1, d2, keep)
    ev.set_root(pos.opp, pos.me, contact_free(pos.me, pos.opp))
    n = nl[0]
    if not n:
        continue
    pbest = None
    for _ in range(5):
        t0 = time.ticks_us()
        for k in range(n):
            ev.equity_near(mv[50 * k:50 * k + 25], mv[50 * k + 25:50 * k + 50])
        t = time.ticks_diff(time.ticks_us(), t0)
        pbest = t if pbest is None or t < pbest else pbest
    tot_t += pbest
    tot_n += n
best = tot_t / tot_n
print("eval_near_us|%.1f" % best)
del buf, mv
gc.collect()

# the strong level's leaf net (engine/deepleaf.py), when its file is there: a leaf's whole
# time, and its native part (the viper calls alone, on the same leaf's buffers: its
# hand-made inputs, its rows' lanes, its units, its outputs)
leafnet = e.leaf
if leafnet is not None:
    leafnet.open()
    lpos = [p for p, _, _ in poss if not contact_free(p.me, p.opp)][:20]
    lbest = None
    for _ in range(3):
        t0 = time.ticks_us()
        for p in lpos:
            leafnet.equity(p.me, p.opp)
        t = time.ticks_diff(time.ticks_us(), t0) / len(lpos)
        lbest = t if lbest is None or t < lbest else lbest
    nrows = leafnet._active(lpos[0].me, lpos[0].opp)
    nbest = None
    for _ in range(3):
        t0 = time.ticks_us()
        for p in lpos:
            leafnet._inputs(0, 0, 0, p.me, p.opp, leafnet.y, leafnet.mul)   # (viper: inputs_vp)
            for r in range(nrows):
                leafnet._lanes(0, leafnet.work, leafnet.buf, 1, leafnet.nh)
            for j0 in range(0, leafnet.nh, 16):
                leafnet.y[17] = j0
                leafnet._block(0, 0, 0, leafnet.buf, leafnet.work, leafnet.sig, leafnet.y)
            leafnet._out(0, 0, 0, leafnet.work, leafnet.ev.sig, leafnet.y)
        t = time.ticks_diff(time.ticks_us(), t0) / len(lpos)
        nbest = t if nbest is None or t < nbest else nbest
    leafnet.close()
    print("leaf_us|%.1f" % lbest)
    # the flash's cache lines a leaf reads in place (its rows, its units), every one a miss
    # at most (bench engine's XIP model)
    lrows = 0
    for p in lpos:
        lrows += leafnet._active(p.me, p.opp)
    print("leaf_xip_lines|%d" % ((lrows * leafnet.nh // len(lpos) + leafnet.nh * 30) // 8
                                 if leafnet.place is not None else 0))
    print("leaf_in_place|%d" % (leafnet.place is not None))
    print("leaf_native_us|%.1f" % nbest)
    print("leaf_rows|%d" % nrows)
del leafnet

def noop(w):
    pass

def move(level, pos, d1, d2, runs=None):
    # the best of 3 runs at both levels (the host is shared: one run of a strong move swung
    # its median by 1.5 s from run to run); heap allocated with the GC off
    t = walk = None
    for _ in range(runs or 3):
        c0 = ev.count
        l0 = e.leaf.evals if e.leaf is not None else 0
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        t0 = time.ticks_us()
        e.choose(pos.me, pos.opp, d1, d2, level)
        dt = time.ticks_diff(time.ticks_us(), t0)
        alloc = gc.mem_alloc() - a
        gc.enable()
        evals = ev.count - c0
        leaves = e.leaf.evals - l0 if e.leaf is not None else 0
        t1 = time.ticks_us()
        e.walker.walk(pos.me, pos.opp, d1, d2, noop)
        dw = time.ticks_diff(time.ticks_us(), t1)
        t = dt if t is None or dt < t else t
        walk = dw if walk is None or dw < walk else walk
    return t, walk, evals, alloc, leaves

for level, pairs in (("normal", poss), ("strong", poss[:STRONG])):
    for pos, d1, d2 in pairs:
        t, walk, evals, alloc, leaves = move(level, pos, d1, d2)
        print("move|%s|%d|%d|%d|%d|%d" % (level, t, walk, evals, alloc, leaves))
pos = position_from_id(HARDEST)
try:
    legal_plays(pos, 1, 1)
    print("legal_plays_with_engine|fits")
except MemoryError:
    print("legal_plays_with_engine|MemoryError")
gc.collect()
t, walk, evals, alloc, _ = move("normal", pos, 1, 1, 9)
print("hardest|%d|%d|%d|%d|%d" % (t, walk, evals, alloc, e.walker.visited))
# the input rows the widest 1-1's evaluations read (W1, in place on the chip's flash):
# counted at the viper code's call, in a run of its own (not timed)
if ev.viper:
    import engine.net as net_module
    rows_of = net_module.rows_vp
    rows_read = [0]

    def counting(n, acc, p, w, work, base, count, mode):
        rows_read[0] += count
        return rows_of(n, acc, p, w, work, base, count, mode)
    net_module.rows_vp = counting
    c0 = ev.count
    e.choose(pos.me, pos.opp, 1, 1, "normal")
    net_module.rows_vp = rows_of
    print("hardest_rows|%d|%d|%d" % (rows_read[0], ev.count - c0, ev.contact.nhid))
"""

HARDEST = "AAAAKCWllFIAAA"
SCAN_MS = 6.9                 # a scan inside a think on the emulated RP2040 at 125 MHz, charger
                              # profile (../shared/pico-measured.md, "The engine in a seat"; an
                              # older figure of 8.8 ms was used until session 19)
SCAN_FIXED_MS = 2.9           # ... of which no clock changes: the charger profile's 7 power-up
                              # waits (2.5 ms) and its ADC conversions (about 185 x 2 us), bench scan
LONG_MS = 250                 # the thinks whose scan rate bench engine reports (scan_rate)
WAIT_MS = 0.35                # a bank's power-up wait (DRV5055 tON 330 us; hardware-brief 2.1)
WAITS = 7                     # ... a scan's in the charger profile (the halves paired: bench scan)
WAITS_PC = 13                 # ... in the computer-port profile (one bank at a time): the same
                              # sensors and work (bench scan: 3.5 ms of it at 125 MHz unpaired,
                              # 3.7 paired), 6 more waits given to the think

# The early return of App.think_tick (what most of the engine's ticks cost), timed on the
# MicroPython unix port on the tests' rig of the whole board, its clock the port's
# time.ticks_ms as the board's: host us a call, the best of 9 runs of 5,000
TICK_SCRIPT = r"""
import sys, time
ROOT = %r
for p in (ROOT, ROOT + "/tests/portable", ROOT + "/host_tools", ROOT + "/firmware", ROOT + "/host_tools/fakes"):
    sys.path.insert(0, p)
from apprig import rig
sc, app, lines = rig()
app.clock = time.ticks_ms
app.think_begins(None)
app.think_ends()
app._due = time.ticks_add(time.ticks_ms(), 1000000)    # (no round due: the early return)
f = app.think_tick
best = 1e9
for r in range(9):
    t0 = time.ticks_us()
    for _ in range(5000):
        f()
    best = min(best, time.ticks_diff(time.ticks_us(), t0) / 5000)
t0 = time.ticks_us()
for _ in range(5000):
    pass
print("tick_us|%%f" %% (best - time.ticks_diff(time.ticks_us(), t0) / 5000))
"""


def think_with_scans(ms, calls, scan_work, tick_ms, parts=WAITS + 1):
    """A think as the board runs it (app.loop's think_tick): ms of the engine's own work
    with `calls` ticks spread evenly, each costing tick_ms (its early return); a scan begun
    at the first tick at or past its due time, THINK_SCAN_MS after the last one's (the
    first's after the think's start: the loop scanned just before; a tick a whole period
    late starts the periods afresh), then a part of it at each tick, `parts` parts
    (one per power-up wait and the end), scan_work ms of work in all, a power-up wait the
    tick did not cover slept, and a scan still going THINK_SCAN_LATE_MS after it began
    ended at the next tick with its last waits slept. Returns (the think's whole time, scans, the longest time
    between two scans' ends, the think's start and end counted as scans). The players'
    rounds of service (once per THINK_SLICE_MS: the buttons, the clock, a page of the
    display when it changed) are not in it."""
    from app.loop import THINK_SCAN_MS, THINK_SCAN_LATE_MS
    if not calls:
        return ms, 0, ms
    step = ms / calls + tick_ms
    part = scan_work / parts
    t = began = last = gap = 0.0
    inparts = scans = 0
    for _ in range(calls):
        t += step
        if inparts or t - began >= THINK_SCAN_MS:
            if not inparts:
                # (as app.loop: begun when it was due, unless a whole period behind)
                began = t if t - began >= 2 * THINK_SCAN_MS else began + THINK_SCAN_MS
                t += part
                inparts = 1
            elif t - began >= THINK_SCAN_LATE_MS:
                # late (the ticks too far apart): the rest of the scan at once, the waits
                # after this tick's slept
                left = parts - inparts
                t += left * part + (left - 1) * WAIT_MS
                inparts = parts
            else:
                if step < WAIT_MS:
                    t += WAIT_MS - step
                t += part
                inparts += 1
            if inparts == parts:
                inparts = 0
                scans += 1
                gap = max(gap, t - last)
                last = t
    return t, scans, max(gap, t - last)
STRONG = 60                   # the strong level's moves: the first of the pairs (all: the normal level's)
QUIET_LEGAL_MS = 10.56        # legal_plays(HARDEST, 1, 1) on a quiet host (BENCHMARKS.md, core)


def _pairs(n, seed):
    """(position ID, d1, d2) met in seeded random games (position on roll, its roll)."""
    from bg.ids import position_id
    rng = random.Random(seed)
    out = []
    pos = Position.start()
    while len(out) < n:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(pos, d1, d2)
        if len(plays) and rng.random() < 0.5:
            out.append((position_id(pos), d1, d2))
        if len(plays):
            pos = plays[rng.randrange(len(plays))].apply(pos)
        if sum(pos.me) == 0:
            pos = Position.start()
            continue
        pos = pos.swapped()
    return out


RUNS = 3          # bench engine's MicroPython processes for the viper evaluator (run())


def _parse(out):
    """The MicroPython script's rows: (vals, moves, hardest)."""
    vals = {}
    moves = {"normal": [], "strong": []}
    hardest = None
    for row in out.strip().splitlines():
        f = row.split("|")
        if f[0] == "move":
            moves[f[1]].append(tuple(int(x) for x in f[2:]))
        elif f[0] == "hardest":
            hardest = tuple(int(x) for x in f[1:])
        elif f[0] in ("leaf_fault", "legal_plays_with_engine"):
            vals[f[0]] = f[1]
        elif f[0] in ("leaf_xip_lines", "leaf_in_place"):
            vals[f[0]] = int(f[1])
        elif f[0] == "leaf_rows":
            vals[f[0]] = int(f[1])
        elif f[0] == "hardest_rows":
            vals[f[0]] = tuple(int(x) for x in f[1:])
        else:
            vals[f[0]] = float(f[1])
    return vals, moves, hardest


class _Estimate:
    """One process's figures and its Pico estimates (widest: the widest 1-1's)."""

    def __init__(self, parsed, bytecode_factor, counts=(THUMB_CYCLES_ROWS_WORD, THUMB_CYCLES_TAIL_UNIT)):
        vals, self.moves, self.hardest = parsed
        self.vals = vals
        self.bytecode_factor = bytecode_factor
        self.pico_rows_ns = counts[0] * 1000.0 / PICO_MHZ
        self.pico_tail_ns = counts[1] * 1000.0 / PICO_MHZ
        # the host's load now: legal_plays on the widest 1-1 against its quiet-host time
        self.load = max(1.0, vals["legal_plays_hardest_us"] / 1000.0 / QUIET_LEGAL_MS)
        self.f_rows = self.pico_rows_ns / vals["rows_word_ns"]
        self.f_tail = self.pico_tail_ns / vals["tail_unit_ns"]
        self.vfac = max(self.f_rows, self.f_tail)
        self.ev_us = vals["eval_near_us"]
        self.leaf_native = vals.get("leaf_native_us", 0.0)
        self.leaf_xip_us = vals.get("leaf_xip_lines", 0) * XIP_MISS_US_200 * 200.0 / PICO_MHZ
        # the flash's reads of an evaluation (XIP_MISS_US_200, every line a miss), in the
        # 125 MHz estimate's terms
        rows, n, nh = vals.get("hardest_rows", (0, 1, 0))
        self.rows_per_eval = rows / float(n)
        self.xip_us = self.rows_per_eval * (nh // XIP_LINE) * XIP_MISS_US_200 * 200.0 / PICO_MHZ
        t, walk, evals = self.hardest[:3]
        self.widest = self.pico_ms(t, walk, evals)

    def pico_ms(self, t, walk, evals, leaves=0):
        """Pico estimate: evaluations x the viper factor, the rest (walk, bookkeeping) x 170,
        the rest's host time first divided by the host's load (the bytecode factor was
        measured on a quiet host; the viper loop is timed best-of-25 here). A strong move's
        leaves by the leaf net: their viper calls native, the rest of them (the hand-made
        inputs, the file's reads: the unix port's system calls) x 170 as bytecode."""
        native = min(t, evals * self.ev_us + leaves * self.leaf_native)
        return (native * self.vfac + (t - native) / self.load * self.bytecode_factor
                + evals * self.xip_us + leaves * self.leaf_xip_us) / 1000.0

    def strong_median(self):
        est = sorted(self.pico_ms(t, w, n, lv) for t, w, n, _, lv in self.moves["strong"])
        return est[len(est) // 2]


def _pico_heap(vals, mpy_tree):
    """The engine's share of the heap on this 64-bit port, in its parts (not converted to the
    Pico: its figure is bench heap32's, on a 32-bit MicroPython)."""
    from host_tools.benches.bench_app import native_bytes
    from host_tools.cmd_flash import viper_text
    src = os.path.join(ROOT, "build", "bench_engine_viper.py")
    native = {arch: native_bytes(viper_text("engine/net_vp.py"), src, arch) for arch in ("armv6m", "x64")}
    # the modules the engine keeps (engine/net_vp.py's code is native; weights.py is
    # forgotten once used)
    mpy = sum(os.path.getsize(os.path.join(mpy_tree, "engine", m + ".mpy"))
              for m in ("net", "player", "search"))
    objects = (vals["heap_engine_modules"] - mpy) + (vals["heap_engine"] - vals["heap_weights"]
                                                     - vals["heap_typed"])
    return ("The engine's share of the heap on this 64-bit port: weights %.1f KB, typed buffers "
            "%.1f KB, its modules' bytecode %.1f KB (.mpy), other objects %.1f KB (64-bit); its "
            "viper functions' native code %.1f KB of x64, mapped outside this port's collected "
            "heap (%.1f KB of Thumb on the Pico, in its heap). The Pico's figure is bench "
            "heap32's (32-bit MicroPython: the engine made, as the chip holds it), not a "
            "conversion of these. PubEval (the easy level) is imported when it first plays."
            % (vals["heap_weights"] / 1024.0, vals["heap_typed"] / 1024.0, mpy / 1024.0,
               objects / 1024.0, native["x64"] / 1024.0, native["armv6m"] / 1024.0))


def run():
    from host_tools.benchmd import PICO_FACTOR, MODEL_MHZ, BOARD_MHZ, PC_MHZ
    k = float(MODEL_MHZ) / BOARD_MHZ      # the board's clock: the CPU's work x k (benchmd)

    def scan_at(clock):
        """A scan inside a think at the clock factor (the CPU's share scales, the waits and
        the ADC's conversions do not), ms."""
        return (SCAN_MS - SCAN_FIXED_MS) * clock + SCAN_FIXED_MS
    scan_ms = scan_at(k)
    from engine.deepleaf import TICK_LEAVES, LEAF_TICKS
    from engine.player import TICK_EVERY
    from app.loop import THINK_SLICE_MS, THINK_SCAN_MS
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    pairs = _pairs(60, 11)
    from host_tools.cmd_flash import compile_tree
    mpy = os.path.join(ROOT, "build", "bench-engine-mpy")
    compile_tree(mpy, march=None)        # loaded as the Pico loads it: bytecode, not source
    from host_tools.cmd_flash import viper_text
    src = viper_text("engine/net_vp.py")
    tail = src[src.index("@micropython.viper\ndef tail_vp"):]
    script = ("MPY = %r\nROOT = %r\nWEIGHTS = ROOT + '/firmware/engine/weights.bin'\nPAIRS = %r\nSTRONG = %d\n"
              "HARDEST = %r\nTAIL_MODEL = %r\nFLASH_BLOCKS = %d\n%s" % (
                  mpy, ROOT, pairs, STRONG, HARDEST, tail, FLASH_BLOCKS, MP_SCRIPT))
    path = os.path.join(ROOT, "build", "bench_engine_mp.py")
    outs = []
    for bytecode in (False,) * RUNS + (True,):    # the bytecode evaluator in a heap of its own
        with open(path, "w") as f:
            f.write("BYTECODE = %r\n%s" % (bytecode, script))
        # the bytecode evaluator is timed only (it is not what the board runs): 400 KB
        heap = "400K" if bytecode else "%dK" % (200 + FLASH_BLOCKS * 4)
        proc = subprocess.run([micropython, "-X", "heapsize=" + heap, path], capture_output=True,
                              text=True, timeout=1200, cwd=ROOT)
        if proc.returncode != 0:
            return "bench failed:\n\n```\n%s\n```\n" % (proc.stdout + proc.stderr)[-2000:]
        outs.append(proc.stdout)
    # the viper factor, from the loops' host time, moved from 128 to 242 between processes
    # (session 12: 3.8 to 7.0 ns a word, each the best of 25 within its process): RUNS
    # processes, the one whose widest 1-1 estimate is their median is published
    rows_cycles, tail_cycles, counted = thumb_counts()
    # a scan in parts does its work (the CPU's, at the board's clock, and the ADC's
    # conversions) and no power-up wait; a tick's early return: bytecode
    with open(path, "w") as f:
        f.write(TICK_SCRIPT % ROOT)
    proc = subprocess.run([micropython, "-X", "heapsize=400K", path], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    if proc.returncode != 0 or "tick_us|" not in proc.stdout:
        return "bench failed (the tick's cost):\n\n```\n%s\n```\n" % (proc.stdout + proc.stderr)[-2000:]
    tick_host_us = float(proc.stdout.split("tick_us|")[1].split()[0])
    runs = [_Estimate(_parse(o + outs[-1]), PICO_FACTOR, (rows_cycles, tail_cycles)) for o in outs[:-1]]
    median = sorted(runs, key=lambda r: r.widest)[len(runs) // 2]
    vals, moves, hardest = median.vals, median.moves, median.hardest
    vfac, f_rows, f_tail, ev_us, load, leaf_native = (median.vfac, median.f_rows, median.f_tail, median.ev_us,
                                                      median.load, median.leaf_native)
    pico_rows_ns, pico_tail_ns = median.pico_rows_ns, median.pico_tail_ns
    pico_ms = median.pico_ms

    def summary(level, rows):
        est = sorted(pico_ms(t, w, n, lv) for t, w, n, _, lv in rows)
        host = sorted(t / 1000.0 for t, _, _, _, _ in rows)
        alloc = max(a for _, _, _, a, _ in rows)
        return ("| %s | %d | %.1f | %.1f | **%.0f** (%.0f) | **%.0f** (%.0f) | %d | %s |"
                % (level, len(rows), host[len(host) // 2], host[-1], est[len(est) // 2] * k, est[len(est) // 2],
                   est[-1] * k, est[-1], alloc, scan_rate(rows)))

    def scan_rate(rows, clock=k, waits=WAITS):
        """The scans a second while the board thinks (Pico est., think_with_scans: the
        engine calling its tick every TICK_EVERY evaluations and every TICK_LEAVES leaves of
        the leaf net, engine/deepleaf.py, App.think_tick running a scan in parts inside it)
        over the thinks of more than LONG_MS (a shorter one is a single gap between two of
        the loop's scans), the longest time without a scan, and the longest think's whole
        time with its scans and ticks. A model, not a trace: ticks spread evenly."""
        scans = busy = 0
        gap = longest = 0.0
        for t, w, n, _, lv in rows:
            whole, got, g = think_with_scans(pico_ms(t, w, n, lv) * clock,
                                             n // TICK_EVERY + lv // TICK_LEAVES + lv * LEAF_TICKS,
                                             scan_at(clock) - WAITS * WAIT_MS,
                                             tick_host_us / load * PICO_FACTOR * clock / 1000.0,
                                             waits + 1)
            gap = max(gap, g)
            longest = max(longest, whole)
            if whole > LONG_MS:
                scans += got
                busy += whole
        return "%s; longest gap %.0f ms; longest think with them %.0f ms" % (
            "%.0f" % (scans * 1000.0 / busy) if busy else "-", gap, longest)

    t, walk, evals, alloc, visited = hardest
    heap = _pico_heap(vals, mpy)
    lines = [
        "Measured with `python -m host_tools bench engine` (MicroPython unix port, `-X heapsize=200K` and "
        "the %d KB of a flash in RAM, host_tools/fakes/ramflash.py, with a littlefs holding the engine's files, "
        "firmware/engine/weights.bin and leafnet.bin, read in place from there as the chip reads them from "
        "its flash: base/inflash.py): contact net and race net loaded at start." % (FLASH_BLOCKS * 4),
        "",
        "**Viper factor**, on the evaluator's two loops (cycles counted in the armv6m code "
        "mpy-cross makes, on the Cortex-M0+ at %d MHz, %s; docs/engine.md): the rows loop, %d cycles "
        "(%.0f ns) per word of 4 int8 weights, takes %.3f ns here: x %.0f; a hidden unit with its "
        "5 output products, %d cycles (%.0f ns), takes %.3f ns here: x %.0f. Viper code is "
        "estimated at host x **%.0f** (the larger; bytecode: x %d). Pico estimate of a move = "
        "evaluations x the incremental evaluation's time x the viper factor + the rest (the walk, "
        "bookkeeping: bytecode) x %d + evaluations x the flash's reads of their input rows, which "
        "the chip reads in place (base/inflash.py): %.1f rows an evaluation (counted on the widest "
        "1-1), %d lines of %d bytes each, every line a miss of the XIP cache at %.1f us at 200 MHz "
        "(an upper bound: %.0f us an evaluation at 200 MHz)."
        % (PICO_MHZ, counted, rows_cycles, pico_rows_ns, vals["rows_word_ns"], f_rows,
           tail_cycles, pico_tail_ns, vals["tail_unit_ns"], f_tail, vfac, PICO_FACTOR,
           PICO_FACTOR, median.rows_per_eval, vals.get("hardest_rows", (0, 1, 0))[2] // XIP_LINE,
           XIP_LINE, XIP_MISS_US_200, median.xip_us * PICO_MHZ / 200.0),
        "",
        "| evaluation | host us | Pico ms (est.) |",
        "|---|---:|---:|",
        "| net, viper, full | %.1f | %.2f |" % (vals["eval_viper_us"], vals["eval_viper_us"] * vfac / 1000.0),
        "| net, viper, incremental (a result of the walk) | %.1f | %.2f |" % (ev_us, ev_us * vfac / 1000.0),
        "| net, same integer code as bytecode | %.1f | %.2f |" % (vals["eval_bytecode_us"],
                                                                vals["eval_bytecode_us"] * PICO_FACTOR / 1000.0),
    ] + ([
        "| the strong level's leaf net (engine/deepleaf.py), a leaf (%d rows read%s; its viper calls, the "
        "hand-made inputs' included, %.1f us; the rest, %s and their bookkeeping, x %d; %d lines of the "
        "flash's cache, every one a miss at most, %.2f ms at 125 MHz) | %.1f | %.2f |" % (
            vals["leaf_rows"], " in place" if vals.get("leaf_in_place") else " from its file", leaf_native,
            "the rows' places" if vals.get("leaf_in_place") else "its file's reads", PICO_FACTOR,
            vals.get("leaf_xip_lines", 0), median.leaf_xip_us / 1000.0, vals["leaf_us"],
            (leaf_native * vfac + (vals["leaf_us"] - leaf_native) / load * PICO_FACTOR
             + median.leaf_xip_us) / 1000.0)]
        if "leaf_us" in vals else []) + [
        "",
        "Pico estimates of a move at %d MHz, the firmware's clock in its charger profile (hardware/power.md, "
        "\"The clock\"; the CPU's work in %d/%d of its time), and in brackets at %d MHz (the clock of the "
        "factors above, the emulated RP2040's). The scans in a think: a scan of %.1f ms at %d MHz (%.1f at %d, "
        "of which %.1f ms of power-up waits and ADC conversions that no clock changes), run in %d parts at the "
        "engine's ticks (hw.scanner's scan_step, app.loop's think_tick: a scan begun every THINK_SCAN_MS = %d ms, "
        "a part at every tick while it lasts), its %d power-up waits of %.2f ms given to the think: %.1f ms of "
        "work a scan at %d MHz. A tick (every %d evaluations, every %d leaves and %d times inside one) costs its early return, %.3f host "
        "us on the unix port (App.think_tick on the tests' rig, best of 9 x 5,000), %.0f us of the Pico's at %d MHz."
        % (BOARD_MHZ, MODEL_MHZ, BOARD_MHZ, MODEL_MHZ, scan_ms, BOARD_MHZ, SCAN_MS, MODEL_MHZ, SCAN_FIXED_MS,
           WAITS + 1, THINK_SCAN_MS, WAITS, WAIT_MS, scan_ms - WAITS * WAIT_MS, BOARD_MHZ, TICK_EVERY, TICK_LEAVES, LEAF_TICKS,
           tick_host_us, tick_host_us / load * PICO_FACTOR * k, BOARD_MHZ),
        "",
        "| level | moves | host median ms | host worst ms | Pico median ms (est., %d MHz; %d MHz) | Pico worst ms (est., %d MHz; %d MHz) | heap allocated per move, worst (bytes) | scans/s in thinks over 0.25 s (a scan in parts begun each THINK_SCAN_MS); longest time without a scan; the longest think with its scans and ticks (Pico est., %d MHz) |"
        % (BOARD_MHZ, MODEL_MHZ, BOARD_MHZ, MODEL_MHZ, BOARD_MHZ),
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        summary("normal", moves["normal"]),
        summary("strong", moves["strong"]),
        "| normal, `%s` 1-1 (2,226 plays; %d results visited, %d evaluations) | 1 | %.1f | %.1f | **%.0f** (%.0f) | **%.0f** (%.0f) | %d | %s |"
        % (HARDEST, visited, evals, t / 1000.0, t / 1000.0, median.widest * k, median.widest,
           median.widest * k, median.widest, alloc,
           scan_rate([(t, walk, evals, alloc, 0)])),
        "",
        "The widest 1-1 as the board runs it, its scans in parts and its ticks inside (targets: 2 s, and "
        "60 scans a second): %s at %d MHz; %s at %d MHz. In the computer-port profile (one bank at a "
        "time: %d power-up waits a scan, the same work), at its clock, %d MHz (hardware/power.md): %s. "
        "The players' rounds of service (once per "
        "app.loop.THINK_SLICE_MS = %d ms: the buttons, the clock, a page of the display when it changed) "
        "are not in these figures."
        % (scan_rate([(t, walk, evals, alloc, 0)]), BOARD_MHZ, scan_rate([(t, walk, evals, alloc, 0)], 1.0),
           MODEL_MHZ, WAITS_PC, PC_MHZ,
           scan_rate([(t, walk, evals, alloc, 0)], float(MODEL_MHZ) / PC_MHZ, WAITS_PC), THINK_SLICE_MS),
        "",
        "Engine heap, unix port (64-bit): `Engine()` %d bytes (with, in this run's layout, a new "
        "3.7 KB pool of interned names that weights.py's names open: MicroPython never frees "
        "it; micropython.qstr_info() before and after), of which the weights %d bytes in "
        "%d blocks of at most %d bytes in the heap (engine/weights.py: per net a head, and "
        "the chunks of W1's rows that straddle two of the flash's blocks; the rest of the file, "
        "about %d bytes, read in place on the flash: base/inflash.py; before session 20 all "
        "of it in blocks of at most 2 KB, and before those one bytearray of 24,752 "
        "bytes) and %d bytes of typed buffers (the walker's hash set, the evaluator's scratch; "
        "the largest %d bytes, before: 4,096), and %d bytes of the engine's modules (net, "
        "player, search: code, the viper functions' native code; weights.py is forgotten once "
        "read); free heap after loading: %d of 200 KB. No block of the engine is over %d bytes: "
        "it is made in a heap fragmented into 4 KB holes (tests/portable/test_engine_heap.py)."
        % (vals["heap_engine"], vals["heap_weights"], vals["heap_weights_blocks"],
           vals["heap_weights_largest"], vals.get("heap_weights_in_place", 0),
           vals["heap_typed"], vals["heap_typed_largest"],
           vals["heap_engine_modules"], vals["heap_free_after_load"],
           max(vals["heap_weights_largest"], vals["heap_typed_largest"])),
        "Before (commit cbba588: W1 int16 summed one unit at a time, 64 Thumb cycles per "
        "weight, factor 289; four viper calls per result, three now), on a quiet host: normal median "
        "35 ms, the widest 1-1 4,050 ms, strong median 2,991 ms (Pico estimates).",
        "",
        "Heap before (commit cbba588: W1 int16, one buffer per row; PubEval's 244 floats), the same "
        "port: `Engine()` 75,840 bytes, the engine's modules 33,984 (109.8 KB in all); now %.1f KB "
        "(`Engine()` with the weights %d, modules %d)."
        % ((vals["heap_engine"] + vals["heap_engine_modules"]) / 1024.0, vals["heap_engine"],
           vals["heap_engine_modules"]),
        "",
        heap,
        "Load check: `bg.movegen.legal_plays` on the same 1-1 took %.1f ms in this run against %.2f ms "
        "on a quiet host (the core section of this file): the host was %.1fx loaded, so the host "
        "columns are inflated and the Pico estimates divide the bytecode parts by %.1f (the viper "
        "loop and the evaluations are timed best-of-N)."
        % (vals["legal_plays_hardest_us"] / 1000.0, QUIET_LEGAL_MS, load, load),
        "With the engine loaded, `bg.movegen.legal_plays` on that 1-1 in the same 200 KB heap: %s; the "
        "engine's walker allocates %d bytes for it." % (vals["legal_plays_with_engine"], alloc),
        "Moves: %d (position, roll) pairs from seeded random games; strong: the first %d; each "
        "move the best of 3 runs." % (len(moves["normal"]), STRONG),
        "Processes: %d for the viper evaluator; published, the one whose widest 1-1 estimate is "
        "their median (its viper factor from the loops' host time moves from process to process). "
        "Each, viper factor / widest 1-1 / strong median (Pico est. ms at %d MHz): %s."
        % (RUNS, MODEL_MHZ, "; ".join("x %.0f / %.0f / %.0f" % (r.vfac, r.widest, r.strong_median()) for r in runs)),
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
