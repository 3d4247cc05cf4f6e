"""The cube bench: the board's cube decisions (app/seatcube.py's `decision`: the leaf net's
probabilities with contact, one roll ahead when the answer is close, exact in a small
bear-off, and engine/cubeful.py) on real-match positions at their match scores, judged by GNU Backgammon
at 2-ply.

    python -m host_tools.benches.bench_cube [--positions 200] [--seed 28] [--no-write]

The positions (host_tools/benches/cube_positions.py, the recipe): the cube questions of
the 888 real matches in ../shared/data/real-matches at their scores, `--positions` turns
where the player on roll doubled and as many where it held while gnubg 0-ply gave it 55%
or more, drawn with random.Random(--seed). For each, gnubg's `hint` (its cubeful
no double / double-take / double-pass equities, normalised money equity at match play)
at 2-ply is the judge; gnubg's own 0-ply hint is measured beside the board for scale.
The same positions are then scored as money (cube 1, the same owner, no Jacoby;
beavers, as gnubg's money sessions have them: a beaver counts as a take). Agreement: the same double / no double (an optional double counts as either),
the same take / pass; equity lost per decision by the judge's equities (double: the
best of no double and double minus what was chosen; take: |double/take - double/pass|
when the answer differs). Writes the section `cube` of BENCHMARKS.md. A few minutes on
one core; gnubg's answers are cached in build/cube_bench_cache.json (keyed by the IDs and
the ply), so a second run with another cube life (`--x-board`, not written) is cheaper.
The board's parameters are fitted on other positions: host_tools/benches/fit_cube.py (the
money cube one roll ahead's, X_LEAF: host_tools/benches/fit_x_leaf.py).
"""
import argparse
import json
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")

from bg.ids import CENTRED, GAME_PLAYING, MatchState, match_id, position_id  # noqa: E402
from engine import cubeful  # noqa: E402

WEIGHTS = os.path.join(FIRMWARE, "engine", "weights.bin")
CACHE = os.path.join(ROOT, "build", "cube_bench_cache.json")
_NUM = r"([-+]?\d+\.\d+)"
_ND = re.compile(r"No (?:re)?double\s+" + _NUM)
_DT = re.compile(r"(?:Re)?[dD]ouble, (?:take|beaver)\s+" + _NUM)
_DP = re.compile(r"(?:Re)?[dD]ouble, pass\s+" + _NUM)
_ACT = re.compile(r"Proper cube action:\s*([^(\n]+)")


class Judge:
    """gnubg's cube hint at a ply, cached."""

    def __init__(self):
        from host_tools.gnubg_player import GnubgPlayer
        self.gn = GnubgPlayer(ply=0)
        self.gn.command("new session")
        self.cache = {}
        if os.path.exists(CACHE):
            with open(CACHE) as f:
                self.cache = json.load(f)
        self.ply = None
        self.asked = self.fresh = 0

    def save(self):
        os.makedirs(os.path.dirname(CACHE), exist_ok=True)
        with open(CACHE, "w") as f:
            json.dump(self.cache, f)

    def hint(self, gid, ply):
        """(nd, dt, dp, action) or None when gnubg gives no cube analysis."""
        key = "%s@%d" % (gid, ply)
        self.asked += 1
        if key not in self.cache:
            self.fresh += 1
            if self.ply != ply:
                self.gn.command("set evaluation cubedecision evaluation plies %d" % ply)
                self.ply = ply
            self.gn.command("set gnubgid %s" % gid)
            text = self.gn.command("hint")
            nd, dt, dp, act = _ND.search(text), _DT.search(text), _DP.search(text), _ACT.search(text)
            if nd and dt and dp and act:
                self.cache[key] = [float(nd.group(1)), float(dt.group(1)), float(dp.group(1)),
                                   act.group(1).strip().lower()]
            else:
                self.cache[key] = None
        return self.cache[key]

    def win_chance(self, pos):
        g = self.gn.g
        e = g.evaluate((tuple(pos.opp), tuple(pos.me)), g.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0),
                       g.evalcontext(0, 0, 0, 1, 0.0))
        return e[0]


def gnubg_id(q, money=False):
    owner = CENTRED if q["owner"] == "centre" else 0
    if money:
        st = MatchState(cube_value=1, cube_owner=owner, on_roll=0, turn=0, game_state=GAME_PLAYING,
                        jacoby=False)
    else:
        st = MatchState(cube_value=q["cube"], cube_owner=owner, on_roll=0, turn=0,
                        game_state=GAME_PLAYING, match_length=q["length"],
                        score=(q["length"] - q["away"], q["length"] - q["opp_away"]))
    return "%s:%s" % (position_id(q["pos"]), match_id(st))


def gnubg_choice(h):
    """(double, take, optional) of a judge's hint."""
    act = h[3]
    first, _, second = act.partition(",")
    double = first.startswith(("double", "redouble", "optional"))
    optional = first.startswith("optional") or abs(h[0] - min(h[1], h[2])) < 1e-9
    take = not second.strip().startswith("pass")
    return double, take, optional


class Tally:
    def __init__(self):
        self.n = self.agree_d = self.agree_t = 0
        self.lost_d = self.lost_t = 0.0
        self.extra_doubles = self.missed_doubles = self.wrong_pass = self.wrong_take = 0

    def add(self, judge, double, take):
        nd, dt, dp, _ = judge
        g_double, g_take, optional = gnubg_choice(judge)
        self.n += 1
        best = max(nd, min(dt, dp))
        chosen = min(dt, dp) if double else nd
        self.lost_d += max(0.0, best - chosen)
        if double == g_double or optional:
            self.agree_d += 1
        elif double:
            self.extra_doubles += 1
        else:
            self.missed_doubles += 1
        if take == g_take:
            self.agree_t += 1
        else:
            self.lost_t += abs(dt - dp)
            if take:
                self.wrong_take += 1
            else:
                self.wrong_pass += 1

    def row(self, name):
        n = self.n or 1
        return ("| %s | %d | %.0f%% | %.4f | %d / %d | %.0f%% | %.4f | %d / %d |"
                % (name, self.n, 100.0 * self.agree_d / n, self.lost_d / n, self.extra_doubles,
                   self.missed_doubles, 100.0 * self.agree_t / n, self.lost_t / n,
                   self.wrong_take, self.wrong_pass))


def _args(argv):
    ap = argparse.ArgumentParser(prog="bench_cube", description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200, help="of each kind (doubled, held)")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--ply", type=int, default=2, help="the judge's ply")
    ap.add_argument("--x-board", type=float, default=None,
                    help="try another contact cube life for the board (cubeful.X_BOARD)")
    ap.add_argument("--no-write", action="store_true")
    return ap.parse_args(argv)


def run(argv=()):
    """The section's text (`python -m host_tools bench cube` writes it)."""
    a = _args(list(argv))
    from host_tools.benches.cube_positions import draw
    from engine.player import Engine
    from app.seatcube import CLOSE_W, W_ROOT, decision
    t0 = time.time()
    if a.x_board is not None:
        cubeful.X_BOARD = a.x_board
    judge = Judge()
    qs = draw(a.positions, a.seed, held_filter=lambda q: judge.win_chance(q["pos"]) >= 0.55)
    eng = Engine(WEIGHTS)
    tallies = {}
    for key in ("easy", "board", "gnubg0", "easy$", "board$", "gnubg0$"):
        for kind in ("all", "doubled", "held"):
            tallies[key, kind] = Tally()
    skipped = 0
    for i, q in enumerate(qs):
        pos = q["pos"]
        at_score = (q["away"], q["opp_away"], q["cube"], q["owner"])
        as_money = (0, 0, q["cube"], q["owner"], False, True)       # gnubg's beavers
        easy = decision(eng, pos.me, pos.opp, "easy", *at_score)
        easy_money = decision(eng, pos.me, pos.opp, "easy", *as_money)
        ours = decision(eng, pos.me, pos.opp, "normal", *at_score)
        ours_money = decision(eng, pos.me, pos.opp, "normal", *as_money)
        gid, gid_money = gnubg_id(q), gnubg_id(q, money=True)
        j2, j0 = judge.hint(gid, a.ply), judge.hint(gid, 0)
        m2, m0 = judge.hint(gid_money, a.ply), judge.hint(gid_money, 0)
        if None in (j2, j0, m2, m0):
            skipped += 1
            continue
        g0 = gnubg_choice(j0)
        gm0 = gnubg_choice(m0)
        for kind in ("all", q["kind"]):
            tallies["easy", kind].add(j2, easy.double, easy.take)
            tallies["board", kind].add(j2, ours.double, ours.take)
            tallies["gnubg0", kind].add(j2, g0[0], g0[1])
            tallies["easy$", kind].add(m2, easy_money.double, easy_money.take)
            tallies["board$", kind].add(m2, ours_money.double, ours_money.take)
            tallies["gnubg0$", kind].add(m2, gm0[0], gm0[1])
        if i % 50 == 49:
            judge.save()
            print("%d of %d (%.0f s)" % (i + 1, len(qs), time.time() - t0), file=sys.stderr)
    judge.save()
    head = ("| player | positions | double / no double | equity lost | doubles gnubg holds / "
            "holds gnubg doubles | take / pass | equity lost | takes gnubg passes / passes "
            "gnubg takes |\n|---|---:|---:|---:|---:|---:|---:|---:|")
    rows = []
    for title, suffix in (("At the real match scores", ""), ("The same positions as money", "$")):
        rows.append("\n%s (judge: gnubg %d-ply):\n\n%s" % (title, a.ply, head))
        for key, name in (("board", "the board, normal and strong (app/seatcube.py, the leaf net)"),
                          ("easy", "the board, easy (the net alone)"),
                          ("gnubg0", "gnubg 0-ply")):
            for kind in ("all", "doubled", "held"):
                label = name if kind == "all" else "  %s: %s" % (name.split(" (")[0].split(", ")[-1], kind)
                rows.append(tallies[key + suffix, kind].row(label))
    body = ("`python -m host_tools.benches.bench_cube --positions %d --seed %d`: cube decisions "
            "of the real matches in ../shared/data/real-matches at their match scores "
            "(host_tools/benches/cube_positions.py): %d turns where the player on roll doubled "
            "(\"doubled\") and %d where it held with gnubg 0-ply giving it 55%% or more "
            "(\"held\"), %d skipped (no cube analysis); judged by gnubg's `hint` at %d-ply "
            "(normalised money equity). The board: app/seatcube.py's `decision`; at the normal "
            "and strong levels the probabilities of the engine's leaf net with contact "
            "(engine/deepleaf.py; the board's race net in a race) and, when moving their win "
            "chance by up to %.2f changes the answer, %.2f of those and %.2f of their mean over "
            "the 21 rolls, each answered by the normal level's 0-ply play and its result valued "
            "by the leaf net with contact; in a bear-off of 15 pips a side or fewer, the exact "
            "win chance (engine/bearoff.py); the easy level the board's net alone; then "
            "engine/cubeful.py "
            "(Kazaross-XG2, Janowski's cube life at the score, x = %.2f with contact, fitted on "
            "other positions: host_tools/benches/fit_cube.py); as money, when close, the "
            "cube's equities one roll ahead (the opponent's cubeful equity after each of the "
            "21 rolls, its doubles counted, x = %.2f with contact there) beside the "
            "position's own. Double agreement counts an "
            "optional double either way. %.0f s (%d of gnubg's %d answers computed, the others "
            "from build/cube_bench_cache.json).\n%s"
            % (a.positions, a.seed, tallies["board", "doubled"].n, tallies["board", "held"].n,
               skipped, a.ply, CLOSE_W, W_ROOT, 1.0 - W_ROOT, cubeful.X_BOARD, cubeful.X_LEAF, time.time() - t0, judge.fresh,
               judge.asked, "\n".join(rows)))
    return body


def main(argv):
    a = _args(argv)
    body = run(argv)
    print(body)
    if not a.no_write and a.x_board is None:
        from host_tools.benchmd import write_section
        write_section("cube", body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
