"""Training positions labelled by GNU Backgammon's 0-ply evaluation.

`python -m host_tools.train.gendata --games N --seed S [--matches] -o FILE.npz`

Positions come from (a) self-play: each move, every distinct result of the roll
(bg.movegen.legal_plays) is evaluated by gnubg 0-ply; the mover takes the best with
probability 1 - EXPLORE, else a random one (so the data also covers positions strong
play avoids); the chosen result and up to EXTRA other results are kept, all labelled;
and (b) with --matches, every position before a move of the real matches in
../shared/data/real-matches (host_tools/matfile.py) with up to EXTRA results of its roll.
Labels: gnubg.evaluate(board, money cubeinfo, evalcontext(0, 0, 1, 0, 0.0)) = win, win
gammon, win backgammon, lose gammon, lose backgammon for the side on roll. Positions whose
game is over are not kept (the engine scores them exactly). Everything is seeded.
Stored: boards (N x 50 uint8: the side on roll's 25 then the opponent's 25, bg.position
layout) and labels (N x 5 float32).
"""
import argparse
import os
import random
import time

from bg.movegen import legal_plays
from bg.position import Position

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

EXPLORE = 0.10
EXTRA = 2
REAL_MATCHES = os.path.join(os.path.dirname(ROOT), "shared", "data", "real-matches")


def gnubg_setup():
    import gnubg
    gnubg.command("set threads 1")
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    return gnubg


class Labeller:
    def __init__(self):
        self.g = gnubg_setup()
        self.ci = self.g.cubeinfo(1, -1, 1, 0, (0, 0), 0)
        self.ec = self.g.evalcontext(0, 0, 1, 0, 0.0)
        self.boards = []
        self.labels = []

    def probs(self, on_roll, other):
        """gnubg's five probabilities for the side on roll (`on_roll` its 25 counts)."""
        r = self.g.evaluate((tuple(other), tuple(on_roll)), self.ci, self.ec)
        return r[:5]

    def keep(self, on_roll, other, probs=None):
        if sum(on_roll) == 0 or sum(other) == 0:
            return
        if probs is None:
            probs = self.probs(on_roll, other)
        self.boards.append(bytes(on_roll) + bytes(other))
        self.labels.append(probs)


def equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def roll(rng, opening):
    """Two dice; the opening roll is never a double (it is thrown again)."""
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while opening and d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return d1, d2


def scored_results(lab, pos, plays):
    """(the mover's gnubg equity, gnubg's probabilities for the side then on roll, the
    result) for each play's result; None when a play bears off the mover's last checker
    (the game is over: self-play stops there)."""
    scored = []
    for p in plays:
        r = p.apply(pos)
        if sum(r.me) == 0:
            return None
        pr = lab.probs(r.opp, r.me)     # the opponent is on roll after the play
        scored.append((-equity(pr), pr, r))
    return scored


def self_play_game(lab, rng, extra=EXTRA):
    pos = Position.start()
    for turn in range(400):
        d1, d2 = roll(rng, turn == 0)
        plays = legal_plays(pos, d1, d2)
        if len(plays):
            scored = scored_results(lab, pos, plays)
            if scored is None:
                return                          # the mover bore off its last checker
            if rng.random() < EXPLORE:
                pick = rng.randrange(len(scored))
            else:
                pick = max(range(len(scored)), key=lambda i: scored[i][0])
            _, pr, r = scored[pick]
            lab.keep(r.opp, r.me, pr)
            others = [i for i in range(len(scored)) if i != pick]
            for i in rng.sample(others, min(extra, len(others))):
                lab.keep(scored[i][2].opp, scored[i][2].me, scored[i][1])
            pos = r
        pos = pos.swapped()


def match_positions(lab, rng, extra=EXTRA):
    from host_tools import matfile
    from bg.play import apply_step
    files = []
    for d, _, fs in os.walk(REAL_MATCHES):
        files += [os.path.join(d, f) for f in sorted(fs) if f.endswith((".mat", ".txt"))]
    n = 0
    for path in sorted(files):
        try:
            match = matfile.read(path)
        except Exception:
            continue
        for game in match.games:
            pos = Position.start()
            turn = None
            for a in game.actions:
                if a[0] != "move":
                    continue
                _, p, d1, d2, moves = a
                if turn is not None and p != turn:
                    pos = pos.swapped()
                turn = p
                if moves is None:
                    break
                lab.keep(pos.me, pos.opp)
                plays = legal_plays(pos, d1, d2)
                idx = list(range(len(plays)))
                for i in rng.sample(idx, min(extra, len(idx))):
                    r = plays[i].apply(pos)
                    lab.keep(r.opp, r.me)
                try:
                    for frm, to in moves:
                        apply_step(pos.me, pos.opp, frm, to)
                except Exception:
                    break
                if sum(pos.me) == 0:
                    break
                n += 1
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--matches", action="store_true")
    ap.add_argument("--extra", type=int, default=EXTRA,
                    help="other results of each roll kept beside the chosen one (default %d)" % EXTRA)
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args(argv)
    import numpy as np
    rng = random.Random(a.seed)
    lab = Labeller()
    t0 = time.time()
    if a.matches:
        n = match_positions(lab, rng, a.extra)
        print("real matches: %d moves, %d samples, %.0f s" % (n, len(lab.boards), time.time() - t0), flush=True)
    for g in range(a.games):
        self_play_game(lab, rng, a.extra)
        if (g + 1) % 500 == 0:
            print("%d games, %d samples, %.0f s" % (g + 1, len(lab.boards), time.time() - t0), flush=True)
    boards = np.frombuffer(b"".join(lab.boards), dtype=np.uint8).reshape(-1, 50)
    labels = np.array(lab.labels, dtype=np.float32)
    np.savez_compressed(a.out, boards=boards, labels=labels)
    print("saved %d samples to %s (%.0f s)" % (len(labels), a.out, time.time() - t0))


if __name__ == "__main__":
    main()
