"""The cube bench's positions: cube decisions of the real matches in ../shared/data/real-matches
at their match scores (the recipe of `bench_cube`'s data set; CPython only).

Every match file is replayed (host_tools.matfile, the rules core's steps); each turn
before its roll where the cube is available to the player on roll (not the Crawford game,
not the leader after it, the cube centred or its own and not already giving it the match)
is a cube question. Two kinds are kept:
  - "doubled": the player on roll doubled in the real match (both decisions asked there);
  - "held": the player on roll did not double (most are clear no doubles; the bench asks
    gnubg only about those where its 0-ply win chance is 0.55 or more).
`draw(n, seed)` draws n of each kind with random.Random(seed), sorted first by file,
game and turn so that the draw depends only on the seed and the files.

A question is a dict: file, game, turn, kind, pos (bg.position.Position, the player on
roll's view), length, away, opp_away, cube (value), owner ("centre" or "me").
"""
import os
import random

from host_tools import matfile
from host_tools.train.gendata import REAL_MATCHES

from bg.play import apply_step
from bg.position import Position


def _files():
    for d, _, fs in sorted(os.walk(REAL_MATCHES)):
        for f in sorted(fs):
            if f.endswith((".mat", ".txt")):
                yield os.path.join(d, f)


def questions_of(path):
    """Every cube question of one match file, in order (see the module's docstring)."""
    try:
        match = matfile.read(path)
    except Exception:
        return
    length = match.length
    rel = os.path.relpath(path, REAL_MATCHES)
    crawford_seen = False
    for gi, g in enumerate(match.games):
        score = g.score
        crawford = False
        if length and (score[0] == length - 1 or score[1] == length - 1):
            crawford = match.crawford and not crawford_seen
            crawford_seen = True
        pos = Position.start()
        view = None                  # the player whose view `pos` is
        value, owner = 1, -1         # owner: -1 centred, else the player
        acts = g.actions
        for k, act in enumerate(acts):
            kind = act[0]
            if kind == "move":
                _, pl, d1, d2, moves = act
                if moves is None:
                    return
                if view is not None and pl != view:
                    pos = pos.swapped()
                view = pl
                doubled_before = k > 0 and acts[k - 1][0] in ("take",)
                if not doubled_before:
                    q = _question(rel, gi, k, pos, pl, score, length, crawford, value, owner,
                                  "held")
                    if q is not None:
                        yield q
                try:
                    for frm, to in moves:
                        apply_step(pos.me, pos.opp, frm, to)
                except Exception:
                    return
            elif kind == "double":
                pl = act[1]
                if view is not None and pl != view:
                    pos = pos.swapped()
                view = pl
                q = _question(rel, gi, k, pos, pl, score, length, crawford, value, owner, "doubled")
                if q is not None:
                    yield q
            elif kind == "take":
                value *= 2
                owner = act[1]
            elif kind == "beaver":
                value *= 4
                owner = act[1]
            elif kind in ("drop", "win"):
                break


def _question(rel, gi, k, pos, pl, score, length, crawford, value, owner, kind):
    if crawford:
        return None
    if owner not in (-1, pl):
        return None
    away = length - score[pl] if length else 0
    opp_away = length - score[1 - pl] if length else 0
    if length and (away <= value or away == 1):
        return None
    return {"file": rel, "game": gi, "turn": k, "kind": kind, "pos": pos.copy(),
            "length": length, "away": away, "opp_away": opp_away, "cube": value,
            "owner": "centre" if owner == -1 else "me"}


def all_questions():
    for path in _files():
        for q in questions_of(path):
            yield q


def draw(n, seed, held_filter=None, exclude=()):
    """n "doubled" questions and up to n "held" ones (those held_filter(q) keeps), drawn with
    random.Random(seed) (see the module's docstring); none from a game in exclude, a set of
    (file, game) (host_tools/benches/fit_cube.py's training split leaves out the bench's)."""
    doubled, held = [], []
    for q in all_questions():
        if (q["file"], q["game"]) not in exclude:
            (doubled if q["kind"] == "doubled" else held).append(q)
    rng = random.Random(seed)
    rng.shuffle(doubled)
    rng.shuffle(held)
    out = doubled[:n]
    kept = 0
    for q in held:
        if kept >= n:
            break
        if held_filter is None or held_filter(q):
            out.append(q)
            kept += 1
    return out


def agreement_ids(n=12, seed=5):
    """The small committed set of tests/test_cube_gnubg.py (tests/data/cube_gnubg_ids.txt):
    GNU Backgammon IDs (position:match, the player on roll to decide before its roll) of n
    doubled and n held questions drawn with `seed` at their real scores, then each
    position again at a special score in turn: money (Jacoby on, centred), money with the
    cube owned, the post-Crawford trailer 2-, 3- and 4-away, 2-away 2-away, 3-away 5-away
    with the cube owned at 2, 9-away 4-away."""
    from bg.ids import CENTRED, GAME_PLAYING, MatchState, match_id, position_id
    qs = draw(n, seed)
    specials = (
        dict(match_length=0, jacoby=True),
        dict(match_length=0, cube_value=2, cube_owner=0, jacoby=False),
        dict(match_length=5, score=(3, 4)), dict(match_length=5, score=(2, 4)),
        dict(match_length=5, score=(1, 4)), dict(match_length=5, score=(3, 3)),
        dict(match_length=7, score=(4, 2), cube_value=2, cube_owner=0),
        dict(match_length=13, score=(4, 9)),
    )
    out = []
    for i, q in enumerate(qs):
        pid = position_id(q["pos"])
        own = CENTRED if q["owner"] == "centre" else 0
        st = MatchState(cube_value=q["cube"], cube_owner=own, on_roll=0, turn=0,
                        game_state=GAME_PLAYING, match_length=q["length"],
                        score=(q["length"] - q["away"], q["length"] - q["opp_away"]))
        out.append("%s:%s" % (pid, match_id(st)))
        kw = dict(cube_value=1, cube_owner=CENTRED, jacoby=False)
        kw.update(specials[i % len(specials)])
        out.append("%s:%s" % (pid, match_id(MatchState(on_roll=0, turn=0, game_state=GAME_PLAYING,
                                                        **kw))))
    return out


if __name__ == "__main__":
    import sys
    if sys.argv[1:2] == ["ids"]:
        print("\n".join(agreement_ids()))
    else:
        print("usage: python -m host_tools.benches.cube_positions ids", file=sys.stderr)
        sys.exit(2)
