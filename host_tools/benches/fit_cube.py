"""The board's cube parameters fitted on a training split, so that the cube bench's positions
stay held out (CPython only).

    python -m host_tools.benches.fit_cube [--positions 1000] [--seed 2800]

The training split (the recipe of host_tools/benches/cube_positions.py): `--positions`
doubled and as many held questions of ../shared/data/real-matches drawn with
random.Random(--seed), every game that the cube bench's own draw (`--bench-positions`,
`--bench-seed`: 200 and 28) takes a position from left out. Each is judged by gnubg's
`hint` at 2-ply, as in the bench (the same cache, build/cube_bench_cache.json). The board
(app/seatcube.py's `decision` at the normal level with the engine's leaf net, its net and
leaf net calls remembered so that the grid costs one look ahead a position) is scored for
each position's share beside the 21 rolls in `--root-shares` (seatcube.W_ROOT) and each
contact cube life in `--grid`; the fit is the pair that loses the least equity over the
four decisions (double and take, at the score and as money), the figures printed as the
bench prints them, and beside them the board without its leaf net (the board's net alone,
seatcube.W_ROOT_NET, at engine/cubeful.py's X_BOARD).

It also prints what the issue's question needs answered, measured on the same split: how
far the net's and the leaf net's win chance and gammons are from gnubg 2-ply's, at the
position and one roll ahead (mean and standard deviation), and the board's figures when
gnubg 2-ply's win chance replaces the net's. `--check N` then scores the fit on N doubled
and N held questions more (`--check-seed`), from games neither the bench nor the training
split takes a position from. About 20 minutes on one core with gnubg's answers cached
(build/cube_bench_cache.json).

The take questions of issue 28 (the board takes gnubg's passes four times as often as the
reverse) are scored the same way: a take margin (`--take-margins`: the take answered with
the doubler's win chance moved that much its way) and a cube life of the taker's own
(`--taker-x`, the double/take's x with contact, the doubler's staying X_BOARD), each fitted
on the training split (the least equity lost over the four decisions) and scored on the
check split beside the board as it is.

The money cube one roll ahead's leaf cube life (engine/cubeful.py's X_LEAF) is fitted on the
same splits by host_tools/benches/fit_x_leaf.py.
"""
import argparse
import importlib
import sys
import time

from host_tools.benches import bench_cube
from host_tools.benches.cube_positions import draw

from engine import cubeful


class Remembered:
    """An engine whose probs and choose answers, and its leaf net's, are kept (the grid asks
    the same ones); anything else is the engine's."""

    def __init__(self, eng):
        self.eng = eng
        self.seen = {}
        self._memo = None

    def __getattr__(self, name):
        return getattr(self.eng, name)

    @property
    def leaf(self):
        net = self.eng.leaf
        if net is None:
            return None
        if self._memo is None or self._memo.net is not net:
            self._memo = _LeafMemo(net, self.seen)
        return self._memo

    @leaf.setter
    def leaf(self, net):
        # app/seatcube.py's look ahead sets the leaf net aside for its 21 plays (the
        # engine's own, so that the plays remembered are the board's)
        self.eng.leaf = net.net if isinstance(net, _LeafMemo) else net

    def leaf_net(self):
        # app/seatcube.py's decision asks for the leaf net so: the kept one, not the engine's
        # own (which would value every leaf again at each point of a grid)
        return None if self.eng.leaf_net() is None else self.leaf

    def probs(self, me, opp):
        key = ("p", bytes(me), bytes(opp))
        if key not in self.seen:
            self.seen[key] = tuple(self.eng.probs(me, opp))
        return self.seen[key]

    def choose(self, me, opp, a, b, level):
        key = ("c", bytes(me), bytes(opp), a, b, level)
        if key not in self.seen:
            self.seen[key] = self.eng.choose(me, opp, a, b, level)
        return self.seen[key]


class _LeafMemo:
    """The engine's leaf net (engine/deepleaf.py), its values kept: equity() and the five
    outputs it leaves in y[24:29] (what app/seatcube.py reads)."""

    def __init__(self, net, seen):
        self.net = net
        self.seen = seen
        self.y = [0] * 29

    def __getattr__(self, name):
        return getattr(self.net, name)

    def equity(self, me, opp):
        key = ("l", bytes(me), bytes(opp))
        if key not in self.seen:
            v = self.net.equity(me, opp)
            self.seen[key] = (v, tuple(self.net.y[24:29]))
        v, out = self.seen[key]
        self.y[24:29] = out
        return v


def training_split(judge, n, seed, bench_n, bench_seed, also_out=()):
    """n doubled and n held questions (gnubg 0-ply 55% or more), none from a game the
    bench's draw uses nor from one of also_out's questions."""
    def keep(q):
        return judge.win_chance(q["pos"]) >= 0.55
    bench = draw(bench_n, bench_seed, held_filter=keep)
    left_out = set((q["file"], q["game"]) for q in list(bench) + list(also_out))
    return draw(n, seed, held_filter=keep, exclude=left_out)


def score(rows, eng, level, x_board, win_of=None, take=None):
    """The four tallies (at the score, as money) of `decision` at `level` over rows; `take`
    (margin, taker's contact cube life) replaces the board's take answer (see _take)."""
    from app.seatcube import decision
    cubeful.X_BOARD = x_board
    t = {"m": bench_cube.Tally(), "$": bench_cube.Tally()}
    for q, j2, m2, g2 in rows:
        pos = q["pos"]
        e = eng if win_of is None else _WinFrom(eng, pos, g2)
        d = decision(e, pos.me, pos.opp, level, q["away"], q["opp_away"], q["cube"], q["owner"])
        dm = decision(e, pos.me, pos.opp, level, 0, 0, q["cube"], q["owner"], False, True)
        if take is not None:
            d.take = _take(d, pos, (q["away"], q["opp_away"], q["cube"], q["owner"]), take)
            dm.take = _take(dm, pos, (0, 0, q["cube"], q["owner"], False, True), take)
        t["m"].add(j2, d.double, d.take)
        t["$"].add(m2, dm.double, dm.take)
    return t


def _take(d, pos, args, take):
    """The take answer of the board's probabilities d.probs with the doubler's win chance
    moved `margin` its way (a take margin), or, when `taker_x` is given, with the taker's
    own cube life with contact for the double/take (Janowski's x of the side that owns the
    cube after the take). The questions issue 28's takes asked (fit_cube's take grids)."""
    from app.seatcube import _win_moved
    margin, taker_x = take
    if d.why:
        return d.take
    p = _win_moved(d.probs, margin)
    x = cubeful.cube_life(pos.me, pos.opp, cubeful.X_BOARD)
    if taker_x is None:
        return cubeful.decide(p, *args, x=x).take
    xt = cubeful.cube_life(pos.me, pos.opp, taker_x)
    away, opp_away, cube = args[0], args[1], args[2]
    if not away:
        return 2.0 * cubeful.money_equity(p, cubeful.THEM, xt) < 1.0
    dt = cubeful.match_equity(p, away, opp_away, 2 * cube, cubeful.THEM, False, xt)
    return dt < d.dp


class _WinFrom:
    """The net, with gnubg 2-ply's win chance for one position (the diagnosis)."""

    def __init__(self, eng, pos, g2):
        self.eng, self.me, self.g2 = eng, bytes(pos.me), g2

    def probs(self, me, opp):
        r = list(self.eng.probs(me, opp))
        if bytes(me) == self.me:
            w = int(self.g2[0] * 65536.0)
            r[0] = w
            r[1], r[2] = min(r[1], w), min(r[2], w)
            r[3], r[4] = min(r[3], 65536 - w), min(r[4], 65536 - w)
        return r

    def choose(self, *a):
        return self.eng.choose(*a)


def _line(t):
    out = []
    for k, name in (("m", "at the score"), ("$", "as money")):
        a = t[k]
        n = a.n or 1
        out.append("%s: double %.1f%% %.4f (%d / %d), take %.1f%% %.4f (%d / %d)"
                   % (name, 100.0 * a.agree_d / n, a.lost_d / n, a.extra_doubles,
                      a.missed_doubles, 100.0 * a.agree_t / n, a.lost_t / n, a.wrong_take,
                      a.wrong_pass))
    return "; ".join(out)


def _lost(t):
    return sum(t[k].lost_d + t[k].lost_t for k in t) / (t["m"].n or 1)


def _spread(rows, eng):
    from app.seatcube import probabilities
    out = []
    net = eng.leaf_net()
    for name, level, leaf in (("the net", "easy", None), ("the leaf net", "easy", net),
                              ("one roll ahead, the net", "normal", None),
                              ("one roll ahead, the leaf net", "normal", net)):
        if leaf is None and net is not None and name.endswith("leaf net"):
            continue
        errs = [[], [], []]
        if leaf is not None:
            leaf.open()
        try:
            for q, _, _, g2 in rows:
                if q["kind"] != "doubled":
                    continue
                p = probabilities(eng, q["pos"].me, q["pos"].opp, level,
                                  None if leaf is None else [leaf])
                for i, k in enumerate((0, 1, 3)):
                    errs[i].append(p[k] - g2[k])
        finally:
            if leaf is not None:
                leaf.close()
        parts = []
        for what, v in zip(("win", "gammon won", "gammon lost"), errs):
            m = sum(v) / len(v)
            sd = (sum((a - m) ** 2 for a in v) / len(v)) ** 0.5
            parts.append("%s %+.4f (sd %.4f)" % (what, m, sd))
        out.append("%s minus gnubg 2-ply on the doubled positions: %s" % (name, ", ".join(parts)))
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="fit_cube", description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=1000, help="of each kind (doubled, held)")
    ap.add_argument("--seed", type=int, default=2800)
    ap.add_argument("--bench-positions", type=int, default=200)
    ap.add_argument("--bench-seed", type=int, default=28)
    ap.add_argument("--grid", default="0.62,0.64,0.66,0.68,0.70,0.72,0.74,0.76,0.78")
    ap.add_argument("--root-shares", default="0.25,0.5",
                    help="the position's own share beside the 21 rolls (seatcube.W_ROOT) to "
                    "score with each cube life")
    ap.add_argument("--check", type=int, default=0,
                    help="then score the fit on this many of each kind more, held out too")
    ap.add_argument("--check-seed", type=int, default=2801)
    ap.add_argument("--take-margins", default="0,0.005,0.01,0.02,0.03",
                    help="take margins (win chance moved toward the doubler) to score")
    ap.add_argument("--taker-x", default="0.55,0.60,0.65,0.75",
                    help="the taker's contact cube lives to score (the doubler's: X_BOARD)")
    a = ap.parse_args(argv)
    from engine.player import Engine
    # (app/seatcube.py itself: `from app import seatcube` is base/rare.py's proxy)
    seatcube = importlib.import_module("app.seatcube")
    t0 = time.time()
    judge = bench_cube.Judge()
    qs = training_split(judge, a.positions, a.seed, a.bench_positions, a.bench_seed)
    rows = _judged(judge, qs)
    eng = Remembered(Engine(bench_cube.WEIGHTS))
    # the board without its leaf net (no file: the board's net values everything, the
    # position's share W_ROOT_NET; what the normal level did before issue 28's leaf net)
    net = Remembered(Engine(bench_cube.WEIGHTS, None, False))
    print("training split: %d positions (seed %d, the bench's games left out), %.0f s"
          % (len(rows), a.seed, time.time() - t0))
    for s in _spread(rows, eng):
        print(s)
    was = cubeful.X_BOARD, seatcube.W_ROOT
    best = None
    for w in [float(v) for v in a.root_shares.split(",")]:
        seatcube.W_ROOT = w
        for x in [float(v) for v in a.grid.split(",")]:
            t = score(rows, eng, "normal", x)
            print("root share %.2f, x %.2f: lost %.4f a decision; %s" % (w, x, _lost(t), _line(t)))
            if best is None or _lost(t) < best[0] - 1e-12:
                best = (_lost(t), x, w)
    seatcube.W_ROOT = best[2]
    print("fitted W_ROOT = %.2f (app/seatcube.py has %.2f)" % (best[2], was[1]))
    print("fitted X_BOARD = %.2f (engine/cubeful.py has %.2f)" % (best[1], was[0]))
    for level in ("easy", "normal"):
        print("%s, X_CONTACT %.2f (gnubg 0-ply's): %s"
              % (level, cubeful.X_CONTACT, _line(score(rows, eng, level, cubeful.X_CONTACT))))
        print("%s, X_BOARD %.2f: %s" % (level, best[1], _line(score(rows, eng, level, best[1]))))
    print("normal without the leaf net, X_BOARD %.2f: %s"
          % (was[0], _line(score(rows, net, "normal", was[0]))))
    print("easy with gnubg 2-ply's win chance, X_CONTACT: %s"
          % _line(score(rows, eng, "easy", cubeful.X_CONTACT, win_of=True)))
    takes = _take_grid(rows, eng, best[1], a)
    if a.check:
        more = training_split(judge, a.check, a.check_seed, a.bench_positions, a.bench_seed,
                              qs)
        rows = _judged(judge, more)
        print("held out: %d positions (seed %d, neither the bench's games nor the training "
              "split's)" % (len(rows), a.check_seed))
        for level in ("easy", "normal"):
            print("%s, X_CONTACT %.2f: %s"
                  % (level, cubeful.X_CONTACT, _line(score(rows, eng, level, cubeful.X_CONTACT))))
            print("%s, X_BOARD %.2f: %s" % (level, best[1], _line(score(rows, eng, level, best[1]))))
        print("normal without the leaf net, X_BOARD %.2f: %s"
              % (was[0], _line(score(rows, net, "normal", was[0]))))
        for name, take in takes:
            print("normal, X_BOARD %.2f, the fitted %s: %s"
                  % (best[1], name, _line(score(rows, eng, "normal", best[1], take=take))))
    print("%.0f s" % (time.time() - t0))
    return 0


def _take_grid(rows, eng, x, a):
    """Score the take margins and the taker's cube lives at the normal level on rows (the
    training split) and return the fitted of each, [(name, take)] (see _take)."""
    fits = []
    for name, grid, make in (
            ("take margin", a.take_margins, lambda v: (v, None)),
            ("taker's cube life", a.taker_x, lambda v: (0.0, v))):
        best = None
        for v in [float(s) for s in grid.split(",") if s]:
            t = score(rows, eng, "normal", x, take=make(v))
            print("%s %.3f: lost %.4f a decision; %s" % (name, v, _lost(t), _line(t)))
            if best is None or _lost(t) < best[0] - 1e-12:
                best = (_lost(t), v)
        if best is not None:
            print("fitted %s: %.3f" % (name, best[1]))
            fits.append(("%s %.3f" % (name, best[1]), make(best[1])))
    return fits


def _judged(judge, qs):
    """(question, gnubg 2-ply's hint at the score, as money, its cubeless probabilities)."""
    g = judge.gn.g
    rows = []
    for q in qs:
        j2 = judge.hint(bench_cube.gnubg_id(q), 2)
        m2 = judge.hint(bench_cube.gnubg_id(q, money=True), 2)
        if j2 is None or m2 is None:
            continue
        pos = q["pos"]
        g2 = g.evaluate((tuple(pos.opp), tuple(pos.me)), g.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0),
                        g.evalcontext(0, 2, 0, 1, 0.0))[:5]
        rows.append((q, j2, m2, g2))
    judge.save()
    return rows


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
