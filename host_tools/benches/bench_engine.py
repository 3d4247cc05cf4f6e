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
import math
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

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


def match_up(a, b, games, seed):
    """ppg of a against b over `games` games (games/2 mirrored pairs) and its std error."""
    pair_scores = []
    for i in range(games // 2):
        s = 0
        for first in (0, 1):
            rng = random.Random(seed * 1000003 + i)
            if first == 0:
                s += game((a, b), rng)
            else:
                s -= game((b, a), rng)
        pair_scores.append(s / 2.0)
    n = len(pair_scores)
    mean = sum(pair_scores) / n
    var = sum((x - mean) ** 2 for x in pair_scores) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n), 2 * n


def strength(argv):
    ap = argparse.ArgumentParser(prog="bench_engine strength")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--levels", default="normal")
    ap.add_argument("--against", default="pubeval,gnubg")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args(argv)
    from engine.player import Engine
    eng = Engine(WEIGHTS)
    opponents = {"pubeval": lambda: EnginePlayer(eng, "easy"), "gnubg": GnubgPlayer}
    rows = []
    for level in a.levels.split(","):
        me = EnginePlayer(eng, level)
        for name in a.against.split(","):
            opp = opponents[name]()
            t0 = time.time()
            ppg, se, n = match_up(me, opp, a.games, a.seed)
            dt = time.time() - t0
            line = "| %s | %s | %d | %+.3f | %.3f | %.0f |" % (level, opp.name if name != "pubeval" else "PubEval",
                                                              n, ppg, se, dt)
            print(line, flush=True)
            rows.append(line)
    body = ("Measured with `python -m host_tools.benches.bench_engine strength --games %d --levels %s "
            "--against %s --seed %d` (`make strength` runs 20,000 games per figure). Cubeless money "
            "games, mirrored dice (each dice sequence played twice, seats swapped); points per game for "
            "the engine, +- one standard error over the mirrored pairs. Weights: "
            "firmware/engine/weights.bin. CPython, one core.\n\n"
            "| level | against | games | ppg | std error | seconds |\n|---|---|---:|---:|---:|---:|\n"
            % (a.games, a.levels, a.against, a.seed)) + "\n".join(rows)
    if not a.no_write:
        from host_tools.benchmd import write_section
        write_section("engine_strength", body)
    print(body)
    return 0


def main(argv):
    if argv and argv[0] == "strength":
        return strength(argv[1:])
    print("usage: python -m host_tools.benches.bench_engine strength [--games N] ...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
