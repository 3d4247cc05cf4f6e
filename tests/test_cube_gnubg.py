"""engine/cubeful.py against GNU Backgammon on a small committed set of cube questions
(tests/data/cube_gnubg_ids.txt: real-match positions at their scores and at special ones:
money with Jacoby, owned cubes, post-Crawford, 2-away 2-away; the recipe is
host_tools/benches/cube_positions.py's `agreement_ids`).

Given gnubg 0-ply's own cubeless probabilities, the board's cube model (Kazaross-XG2,
Janowski's cube life at the score, the cube life by kind of position) must give gnubg
0-ply's cubeful equities for no double, double/take and double/pass (normalised money
equity) to 0.003, and its decisions (a double within 0.003 of no double counts either
way). Two-sided bear-offs are left out: gnubg values them from its bear-off database.
The board's own probabilities (its net) are the cube bench's subject (bench_cube)."""
import os
import re

import pytest

gnubg = pytest.importorskip("gnubg")

from bg.ids import from_gnubg_id  # noqa: E402
from engine import cubeful  # noqa: E402
from tools import ROOT  # noqa: E402

IDS = os.path.join(ROOT, "tests", "data", "cube_gnubg_ids.txt")
_NUM = r"([-+]?\d+\.\d+)"
TOL = 0.003


def _hint(gn, gid):
    gn.command("set gnubgid %s" % gid)
    text = gn.command("hint")
    nd = re.search(r"No (?:re)?double\s+" + _NUM, text)
    dt = re.search(r"(?:Re)?[dD]ouble, (?:take|beaver)\s+" + _NUM, text)
    dp = re.search(r"(?:Re)?[dD]ouble, pass\s+" + _NUM, text)
    act = re.search(r"Proper cube action:\s*([^(\n]+)", text)
    if not (nd and dt and dp and act):
        return None
    return float(nd.group(1)), float(dt.group(1)), float(dp.group(1)), act.group(1).strip().lower()


def _bearoff(pos):
    return max(i for i in range(25) if pos.me[i] or pos.opp[i]) < 6 if any(pos.me) else True


def test_the_cube_model_gives_gnubg_0_plys_equities_from_its_probabilities():
    from host_tools.gnubg_player import GnubgPlayer
    gn = GnubgPlayer(ply=0)
    gn.command("new session")
    g = gn.g
    ids = [line.strip() for line in open(IDS) if line.strip()]
    assert len(ids) >= 40
    checked = 0
    for gid in ids:
        pos, st = from_gnubg_id(gid)
        if _bearoff(pos):
            continue
        h = _hint(gn, gid)
        assert h is not None, gid
        e = g.evaluate((tuple(pos.opp), tuple(pos.me)), g.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0),
                       g.evalcontext(0, 0, 0, 1, 0.0))
        p = tuple(e[:5])
        x = cubeful.cube_life(pos.me, pos.opp)
        owner = cubeful.CENTRE if st.cube_owner == -1 else cubeful.ME
        if st.match_length:
            away = st.match_length - st.score[0]
            opp_away = st.match_length - st.score[1]
            d = cubeful.match(p, away, opp_away, st.cube_value, owner, st.crawford, x=x)
            ours = [cubeful.to_equity(v, away, opp_away, st.cube_value, st.crawford)
                    for v in (d.nd, d.dt, d.dp)]
        else:
            d = cubeful.money(p, owner, False, st.jacoby, x)
            ours = [d.nd, d.dt, d.dp]
        for a, b in zip(ours, h[:3]):
            assert abs(a - b) <= TOL, (gid, ours, h)
        first = h[3].partition(",")[0]
        g_double = first.startswith(("double", "redouble", "optional"))
        if abs(h[0] - min(h[1], h[2])) > TOL:
            assert d.double == g_double, (gid, d.name(), h)
        if abs(h[1] - h[2]) > TOL:
            assert d.take == (h[1] < h[2]), (gid, d.name(), h)
        checked += 1
    assert checked >= 40
