"""888 real match files (../shared/data/real-matches) replayed through the rules core.

make test replays a fixed subset (every 6th file, plus the files with each site quirk the
replay allows); `python -m host_tools replaymatches` replays all 888 and writes the
figures into BENCHMARKS.md. The mutation tests show the replay does reject what it must.
"""
import os

import pytest

from host_tools import cmd_replaymatches as rm
from host_tools import matfile
from tools import need_shared

need_shared("data", "real-matches")   # skipped on a clone without ../shared, failed in CI
FILES = rm.match_files()
QUIRKS = [os.path.join(rm.REAL_MATCHES, f) for f in (
    "lasse/match1061881.txt",        # match-winning backgammon capped at the match length
    "lasse/match7236505.txt",        # match awarded by the site (forfeit)
    "lasse/match9814649.txt",        # one-game record, gammon scored 1 (Jacoby)
    "lasse/match8600489.txt",        # a player without a name
    "lasse/match2900236.txt",        # a row number repeated mid-row
    "Llabba/Llabba - Ophris 13pt Backgammon Studio 2023_10_09 19_40_36.txt",   # `????`
    "lasse/match5905414.txt",        # gnubg's importer rejects a legal play here ...
    "lasse/match6086339.txt",        # ... and here (see the test below)
)]
SUBSET = sorted(set(FILES[::6]) | set(QUIRKS))


def test_the_data_is_there():
    assert len(FILES) == 888


def test_subset_replays_cleanly():
    results = [rm.replay_file(f) for f in SUBSET]
    problems = [p for r in results for p in r.problems]
    assert not problems, "\n".join(problems[:20])
    plays = sum(r.plays for r in results)
    assert len(results) >= 150 and plays > 15000
    assert sum(r.passes for r in results) > 500
    assert sum(r.cube_actions for r in results) > 500
    assert sum(r.unrecorded for r in results) >= 1
    assert sum(r.forfeits for r in results) >= 1 and sum(r.jacoby for r in results) == 1


GALAXY = os.path.join(rm.REAL_MATCHES, "lasse/match10030560.txt")


@pytest.mark.parametrize("old,new,expect", [
    # 53 played 8/3 6/3 -> 8/3 6/2 uses a 4: not a legal play
    ("53: 8/3 6/3", "53: 8/3 6/2", "is not a legal play"),
    # the opening 31 played 8/5 6/5 -> only one checker moved: both dice must be played
    ("31: 8/5 6/5", "31: 8/5", "is not a legal play"),
    # a roll that could be played recorded as no move
    ("53: 8/3 6/3", "53: ", "'cannot move'"),
    # a game result that does not match the board
    ("Wins 2 point", "Wins 1 point", "resignation worth 1 points with the cube at 2"),
    # a game starting at a score the previous games did not produce
    ("lasse : 3 ", "lasse : 2 ", "starts at (2, 0)"),
    # a double by the player whose turn it is not, right after the opponent doubled
    ("Doubles => 2                Takes", "Doubles => 2                Doubles => 4", "refused"),
])
def test_replay_rejects_mutations(old, new, expect, tmp_path):
    text = open(GALAXY).read()
    assert old in text, "mutation anchor %r missing" % old
    assert not rm.replay(matfile.parse(text, name="original"), "original").problems
    r = rm.replay(matfile.parse(text.replace(old, new, 1), name="mutated"), "mutated")
    assert r.problems, "mutation %r -> %r went unnoticed" % (old, new)
    if expect:
        assert any(expect in p for p in r.problems), r.problems


def test_core_parses_every_recorded_play_text():
    # bg.notation.parse_play reads the sites' own texts (Galaxy's 25/ and /0 written as
    # bar/ and /off) exactly as matfile does.
    import re
    from bg.notation import parse_play
    texts = 0
    for path in SUBSET:
        for line in open(path, encoding="utf-8", errors="replace"):
            for m in re.finditer(r"[1-6][1-6]:((?:[ \t]+[^\s:]*/[^\s:]*)+)", line):
                raw = m.group(1).strip()
                gnu = re.sub(r"(?<!\d)25/", "bar/", re.sub(r"/0(?!\d)", "/off", raw))
                assert parse_play(gnu) == matfile.parse_moves(raw), (path, raw)
                texts += 1
    assert texts > 15000


@pytest.mark.parametrize("name,game,dice,moves,count", [
    ("lasse/match5905414.txt", 4, (4, 2), ((24, 22), (20, 16)), 26),
    ("lasse/match6086339.txt", 2, (5, 4), ((5, 1), (5, 0)), 1),
])
def test_plays_gnubgs_importer_rejects_are_legal(name, game, dice, moves, count):
    # GNU Backgammon's `import mat` prints "Invalid move" for these two recorded plays
    # (the only two in the 888 files); its own move generator lists them, as does the core.
    import gnubg
    from bg.movegen import Play, legal_plays
    from bg.notation import find_play, format_play
    from bg.position import Position
    m = matfile.read(os.path.join(rm.REAL_MATCHES, name))
    pos = Position.start()
    for a in m.games[game - 1].actions:
        if a[0] != "move":
            continue
        if (a[2], a[3]) == dice and a[4] == moves:
            break
        pos = Play(a[4]).apply(pos).swapped()
    else:
        pytest.fail("play not found")
    plays = legal_plays(pos, *dice)
    assert len(plays) == count
    assert find_play(plays, format_play(moves)) is not None
    found = gnubg.findbestmoves((tuple(pos.opp), tuple(pos.me)), gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0),
                                gnubg.evalcontext(0, 0, 1, 0, 0.0), dice)
    assert len(found) == count
    # gnubg stores off as -1 and its Python tuple stops there (gnubg-notes.md): compare
    # with every order of our steps, cut the same way
    from itertools import permutations
    cut = set()
    for order in permutations(moves):
        flat = []
        for f, t in order:
            flat.append(f)
            if t == 0:
                break
            flat.append(t)
        cut.add(tuple(flat))
    assert any(tuple(f["move"]) in cut for f in found)
