"""The money cube one roll ahead fitted on fit_cube's training split: engine/cubeful.py's
X_LEAF (the contact cube life at a leaf) and app/seatcube.py's W_ROOT (the position's own
share beside the 21 rolls), the held-out check split's figures printed (CPython only).

    python -m host_tools.benches.fit_x_leaf [--positions 1000] [--check 500]

The questions are fit_cube's (host_tools/benches/fit_cube.py's training_split): `--positions`
doubled and as many held of ../shared/data/real-matches (random.Random(--seed)), none from a
game the cube bench's draw takes a position from; the check split, `--check` of each kind
more (`--check-seed`), from games neither takes one from. Each is answered as money (cube as
played, its owner, no Jacoby, beavers: as bench_cube's money table) by app/seatcube.py's
`decision` at the normal level itself, with cubeful.X_LEAF and seatcube.W_ROOT set to each
point of the grid (`--x-leaf` times `--shares`), and judged by gnubg's `hint` at 2-ply from
build/cube_bench_cache.json (the bench's cache: without it gnubg computes each answer, hours).

The fit: the least equity lost by the money double / no double over the grid, and among the
points within `--tie` of it the one that agrees most with gnubg's doubles (the issue's
target is 95% of them). Then the fitted point, and the firmware's constants when they differ,
on the check split. About 6 minutes on one core with gnubg's answers cached, most of it the
leaf net's values one roll ahead (once a position: the grid's points reuse them,
fit_cube.Remembered).
"""
import argparse
import importlib
import sys
import time

from host_tools.benches import bench_cube
from host_tools.benches.fit_cube import Remembered, training_split

from engine import cubeful

# seatcube.W_ROOT is read by app/seatcube.py itself ("from app import seatcube" would give
# base/rare.py's proxy, not the module whose globals decision reads)
seatcube = importlib.import_module("app.seatcube")


def money_rows(judge, qs):
    """(question, gnubg 2-ply's money hint) of each question fit_cube scores (gnubg gives both
    its hints, at the score and as money: the rows of fit_cube's _judged, without its
    probabilities that this fit does not use)."""
    rows = []
    for q in qs:
        at_score = judge.hint(bench_cube.gnubg_id(q), 2)
        money = judge.hint(bench_cube.gnubg_id(q, money=True), 2)
        if at_score is not None and money is not None:
            rows.append((q, money))
    return rows


def score(rows, eng, x_leaf, share, progress=None):
    """The money tally of the board's decision (the normal level) over rows at X_LEAF x_leaf
    and W_ROOT share; the module constants set back however it ends."""
    was = cubeful.X_LEAF, seatcube.W_ROOT
    cubeful.X_LEAF, seatcube.W_ROOT = x_leaf, share
    t = bench_cube.Tally()
    t0 = time.time()
    try:
        for i, (q, money) in enumerate(rows):
            pos = q["pos"]
            # as bench_cube's money table: crawford False, beavers True, no Jacoby
            d = seatcube.decision(eng, pos.me, pos.opp, "normal", 0, 0, q["cube"], q["owner"],
                                  False, True)
            t.add(money, d.double, d.take)
            if progress and i % 250 == 249:
                print("%s: %d of %d (%.0f s)" % (progress, i + 1, len(rows), time.time() - t0),
                      file=sys.stderr, flush=True)
    finally:
        cubeful.X_LEAF, seatcube.W_ROOT = was
    return t


def choose(results, tie):
    """The fitted (x_leaf, share) of results [(x_leaf, share, Tally)]: among the points whose
    money double loss is within `tie` a question of the least, the most agreement with
    gnubg's doubles, then the least loss. (The loss alone is flat near its least, 0.0014 a
    question from 0.74 to 0.78 on the training split, differences below the bench's printed
    precision, while agreement is what the target counts; the loss keeps agreement from
    choosing a point that loses more.)"""
    least = min(t.lost_d / t.n for _, _, t in results)
    near = [r for r in results if r[2].lost_d / r[2].n <= least + tie]
    x, w, _ = max(near, key=lambda r: (r[2].agree_d / r[2].n, -r[2].lost_d / r[2].n))
    return x, w


def line(t):
    """A money tally as docs/engine.md's table has it."""
    n = t.n or 1
    return ("double %.1f%%, lost %.5f (%d / %d); take %.1f%%, lost %.4f (%d / %d)"
            % (100.0 * t.agree_d / n, t.lost_d / n, t.extra_doubles, t.missed_doubles,
               100.0 * t.agree_t / n, t.lost_t / n, t.wrong_take, t.wrong_pass))


def _floats(s):
    return [float(v) for v in s.split(",") if v]


def main(argv):
    ap = argparse.ArgumentParser(prog="fit_x_leaf", description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=1000,
                    help="training split: of each kind (doubled, held)")
    ap.add_argument("--seed", type=int, default=2800)
    ap.add_argument("--check", type=int, default=500,
                    help="held-out check split: of each kind (0: none)")
    ap.add_argument("--check-seed", type=int, default=2801)
    ap.add_argument("--bench-positions", type=int, default=200,
                    help="the cube bench's draw, whose games both splits leave out")
    ap.add_argument("--bench-seed", type=int, default=28)
    ap.add_argument("--x-leaf", default="0.62,0.66,0.70,0.74,0.76,0.78,0.82,0.86",
                    help="the leaf's contact cube lives to score (cubeful.X_LEAF)")
    ap.add_argument("--shares", default="0,0.25,0.5",
                    help="the position's own shares to score (seatcube.W_ROOT)")
    ap.add_argument("--tie", type=float, default=0.00005,
                    help="money double losses (a question) this close to the least count as "
                    "equal; agreement chooses among them")
    a = ap.parse_args(argv)
    from engine.player import Engine
    t0 = time.time()
    judge = bench_cube.Judge()
    train_qs = training_split(judge, a.positions, a.seed, a.bench_positions, a.bench_seed)
    rows = money_rows(judge, train_qs)
    # one engine for both splits: its answers are kept (Remembered), so each position's
    # look ahead is computed once, at the grid's first point
    eng = Remembered(Engine(bench_cube.WEIGHTS))
    print("training split: %d questions (seed %d, the bench's games left out), %.0f s"
          % (len(rows), a.seed, time.time() - t0), flush=True)
    results = []
    for w in _floats(a.shares):
        for x in _floats(a.x_leaf):
            t = score(rows, eng, x, w, None if results else "first grid point")
            results.append((x, w, t))
            print("X_LEAF %.2f, W_ROOT %.2f: %s" % (x, w, line(t)), flush=True)
    x, w = choose(results, a.tie)
    print("fitted X_LEAF = %.2f (engine/cubeful.py has %.2f), W_ROOT = %.2f (app/seatcube.py "
          "has %.2f)" % (x, cubeful.X_LEAF, w, seatcube.W_ROOT))
    if a.check:
        check_qs = training_split(judge, a.check, a.check_seed, a.bench_positions,
                                  a.bench_seed, train_qs)
        rows = money_rows(judge, check_qs)
        print("held out: %d questions (seed %d, neither the bench's games nor the training "
              "split's)" % (len(rows), a.check_seed), flush=True)
        points = [(x, w)]
        if (cubeful.X_LEAF, seatcube.W_ROOT) != (x, w):
            points.append((cubeful.X_LEAF, seatcube.W_ROOT))
        for px, pw in points:
            t = score(rows, eng, px, pw, "held out")
            print("X_LEAF %.2f, W_ROOT %.2f: %s" % (px, pw, line(t)))
    if judge.fresh:
        judge.save()
    print("%.0f s (%d of gnubg's %d answers computed, the others from "
          "build/cube_bench_cache.json)" % (time.time() - t0, judge.fresh, judge.asked))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
