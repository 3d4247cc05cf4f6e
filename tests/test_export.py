"""Export of board records to .mat, proven by the GNU Backgammon engine (`gnubg` package).

Synthetic match records are played by the rules core with a seeded RNG (hits, bar entries,
bear-offs, gammons, doubles taken and dropped, resignations offered, declined and
accepted, the Crawford game), written as record lines, exported with
`python -m host_tools export`, and imported by gnubg (`import mat`): any WARNING or
unrecognised line fails the test, and every game's rolls, plays, cube actions, winner,
points and the final score must be what the record says.
"""
import os
import random
import subprocess
import sys

import pytest

from host_tools import record_read as record
from bg.match import Match
from bg.movegen import legal_plays
from bg.position import Position
from bg.scoring import game_result
from host_tools import gnubg_capture, matfile
from tools import ROOT

import gnubg  # noqa: E402  (the GNU Backgammon engine: the proof)


# ------------------------------------------------------------------ gnubg, carefully

@pytest.fixture(scope="module")
def engine():
    gnubg_capture.setup()
    return gnubg_capture.command


# ------------------------------------------------------------------ synthetic matches

def play_match(seed, length=5, names=("Ann", "Bob")):
    """Record events of a whole match played by the rules core with a seeded RNG."""
    rng = random.Random(seed)
    core = Match(length, cube_max=64, crawford_rule=True)
    ev = [("match", length, "C", "2026-11-%02d" % (1 + seed % 28)),
          ("name", 0, names[0]), ("name", 1, names[1])]
    while not core.is_over():
        ev.append(("game", core.score[0], core.score[1], core.crawford))
        _play_game(rng, core, ev)
    return ev


def _choose(rng, plays, pos):
    """Mostly the play that runs furthest leaving few blots (so games end by bearing off,
    some as gammons), sometimes any legal play (for hits and bar entries)."""
    if rng.random() < 0.1:
        return plays[rng.randrange(len(plays))]
    best = None
    for play in plays:
        after = play.apply(pos)
        score = (-after.pips() - 3 * sum(1 for n in after.me[:24] if n == 1), rng.random())
        if best is None or score > best[0]:
            best = (score, play)
    return best[1]


def _play_game(rng, core, ev):
    d0, d1 = 1, 1
    while d0 == d1:
        d0, d1 = rng.randint(1, 6), rng.randint(1, 6)
    p = 0 if d0 > d1 else 1
    dice = (d0, d1)
    pos = Position.start()
    turn = 0
    game_no = core.game_number
    while core.game_number == game_no and not core.is_over():
        turn += 1
        if turn > 1:
            # cube: the player on roll may double before rolling
            if core.cube.may_double(p) is None and rng.random() < 0.04:
                ev.append(("double", p, core.cube.value * 2))
                assert core.double(p, p, False) is None
                if rng.random() < 0.35:
                    ev.append(("drop", 1 - p))
                    assert core.drop(1 - p) is None
                    ev.append(("end", p, core.last_game[1]))
                    return
                ev.append(("take", 1 - p))
                assert core.take(1 - p) is None
            # resignation offers: declined, or accepted to end the game
            if turn > 40 and rng.random() < 0.02:
                kind = rng.randint(1, 3)
                ev.append(("resign", p, kind))
                assert core.resign(p, kind) is None
                if rng.random() < 0.5:
                    ev.append(("decline", 1 - p))
                    assert core.decline_resignation(1 - p) is None
                else:
                    ev.append(("accept", 1 - p))
                    assert core.accept_resignation(1 - p) is None
                    ev.append(("end", 1 - p, core.last_game[1]))
                    return
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        ev.append(("roll", p, dice[0], dice[1]))
        plays = legal_plays(pos, dice[0], dice[1])
        if len(plays):
            play = _choose(rng, plays, pos)
            ev.append(("play", p, play.moves))
            pos = play.apply(pos)
        else:
            ev.append(("play", p, ()))
        if game_result(pos) is not None:
            assert core.end_game_at(pos, p) is None
            ev.append(("end", p, core.last_game[1]))
            return
        pos = pos.swapped()
        p = 1 - p


def features(events):
    """What a record exercises: counts of hits, entries, bear-offs, gammons, cube, resigns."""
    f = dict.fromkeys(("hit", "enter", "bearoff", "gammon", "take", "drop", "resign_accept",
                       "resign_decline", "pass", "crawford"), 0)
    pos = None
    for e in events:
        if e[0] == "game":
            pos = Position.start()
            first = True
            f["crawford"] += e[3]
        elif e[0] == "roll":
            if not first:
                pos = pos.swapped()
            first = False
        elif e[0] == "play":
            if not e[2]:
                f["pass"] += 1
            for frm, to in e[2]:
                f["enter"] += frm == 25
                f["bearoff"] += to == 0
                if to and pos.opp[24 - to] == 1:
                    f["hit"] += 1
                pos.me[frm - 1] -= 1
                if to:
                    pos.me[to - 1] += 1
                    if pos.opp[24 - to] == 1:
                        pos.opp[24 - to] = 0
                        pos.opp[24] += 1
        elif e[0] in ("take", "drop"):
            f[e[0]] += 1
        elif e[0] == "accept":
            f["resign_accept"] += 1
        elif e[0] == "decline":
            f["resign_decline"] += 1
        elif e[0] == "end":
            res = game_result(pos) if pos is not None else None
            if res is not None and res[1] >= 2:
                f["gammon"] += 1
    return f


SEEDS = (2, 7, 12, 14, 16, 21)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    out = []
    for seed in SEEDS:
        events = play_match(seed, length=5 if seed % 2 else 7)
        path = d / ("m%02d.tbr" % seed)
        path.write_text(record.text_of(events))
        out.append((path, events))
    return out


def test_synthetic_records_cover_the_cases(records):
    total = {}
    for _, events in records:
        for k, v in features(events).items():
            total[k] = total.get(k, 0) + v
    for k, v in total.items():
        assert v > 0, "no %s in the synthetic matches: %r" % (k, total)


def export(path, out, *extra):
    return subprocess.run([sys.executable, "-m", "host_tools", "export", str(path), "-o", str(out)]
                          + list(extra), capture_output=True, text=True, cwd=ROOT, timeout=120)


def gnubg_games(engine, mat_path):
    text = engine('import mat "%s"' % mat_path)
    assert "WARNING" not in text and "nvalid" not in text and "Unrecognised" not in text, text[-2000:]
    return gnubg.match(boards=0)


def expected_games(events):
    """Per game: (score, [(player, kind, data)], winner, points) from the record."""
    games = []
    roll = None
    for e in events:
        if e[0] == "game":
            games.append({"score": (e[1], e[2]), "actions": [], "win": None})
        elif e[0] == "roll":
            roll = e
        elif e[0] == "play":
            games[-1]["actions"].append((e[1], "move", (roll[2], roll[3]), tuple(sorted(e[2]))))
        elif e[0] in ("double", "take", "drop"):
            games[-1]["actions"].append((e[1], e[0]))
        elif e[0] == "end":
            games[-1]["win"] = (e[1], e[2])
    return games


def test_export_imports_cleanly_into_gnubg(engine, records, tmp_path):
    for path, events in records:
        out = tmp_path / (path.stem + ".mat")
        proc = export(path, out)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        m = gnubg_games(engine, out)
        want = expected_games(events)
        assert len(m["games"]) == len(want), path
        side = {"X": 0, "O": 1}
        for g, w in zip(m["games"], want):
            info = g["info"]
            assert (info["score-X"], info["score-O"]) == w["score"]
            assert (side[info["winner"]], info["points-won"]) == w["win"], (path, info, w["win"])
            got = []
            for a in g["game"]:
                if a["action"] == "move":
                    got.append((side[a["player"]], "move", tuple(a["dice"]), tuple(sorted(a["move"]))))
                elif a["action"] in ("double", "take", "drop"):
                    got.append((side[a["player"]], a["action"]))
            assert got == w["actions"], path
        last = m["games"][-1]["info"]
        final = [last["score-X"], last["score-O"]]
        final[side[last["winner"]]] += last["points-won"]
        ev_final = expected_games(events)[-1]
        score = list(ev_final["score"])
        score[ev_final["win"][0]] += ev_final["win"][1]
        assert final == score and max(score) >= m["match-info"]["match-length"]


def test_gnubg_catches_a_bad_export(engine, records, tmp_path):
    # The proof must be able to fail: an illegal move in the .mat makes gnubg warn.
    path, _ = records[0]
    out = tmp_path / "bad.mat"
    assert export(path, out).returncode == 0
    text = out.read_text()
    rows = [l for l in text.splitlines() if l.startswith("  2) ")]
    bad = text.replace(rows[0], "  2) 21: 24/18")
    out.write_text(bad)
    with pytest.raises(AssertionError):
        gnubg_games(engine, out)


def test_mat_round_trips_through_our_reader(records):
    for _, events in records:
        m = matfile.from_record(events)
        again = matfile.parse(matfile.write(m))
        assert again.players == m.players and again.length == m.length
        assert [g.score for g in again.games] == [g.score for g in m.games]
        assert [g.actions for g in again.games] == [g.actions for g in m.games]


def test_damaged_record_exports_with_warnings(records, tmp_path):
    path, events = records[1]
    lines = path.read_text().splitlines()
    lines.insert(5, lines[5][:7])               # a torn line (a power cut): caught by its check
    damaged = tmp_path / "damaged.tbr"
    damaged.write_text("\n".join(lines) + "\n")
    proc = export(damaged, tmp_path / "d.mat")
    assert proc.returncode == 0, proc.stderr
    assert "line 6 skipped: torn line" in proc.stderr
    # a sealed line no board writes is broken input: still exported, exit code 1
    lines[5] = record.seal("Q9 garbage", 5)
    damaged.write_text("\n".join(lines) + "\n")
    proc = export(damaged, tmp_path / "d.mat")
    assert proc.returncode == 1 and "line 6 skipped: unknown event code 'Q'" in proc.stderr


def test_illegal_play_in_record_is_reported(records, tmp_path):
    path, events = records[0]
    lines = path.read_text().splitlines()
    i = next(k for k in range(8, len(lines)) if lines[k].startswith("P"))
    text, seq = record.unseal(lines[i])
    lines[i] = record.seal(text[:2] + " 24 2", seq)       # sealed: the check passes, the play is illegal
    bad = tmp_path / "bad.tbr"
    bad.write_text("\n".join(lines) + "\n")
    proc = export(bad, tmp_path / "bad.mat")
    assert proc.returncode == 1 and "is not a legal play" in proc.stderr


def test_newer_record_and_missing_file_and_no_board(tmp_path):
    newer = tmp_path / "new.tbr"
    newer.write_text("TBR 9\nR0 3 1\n")
    proc = export(newer, tmp_path / "n.mat")
    assert proc.returncode == 1 and "newer firmware" in proc.stderr
    proc = export(tmp_path / "absent.tbr", tmp_path / "a.mat")
    assert proc.returncode == 1 and "no such record file" in proc.stderr
    proc = export("records/m0001.tbr", tmp_path / "b.mat", "--port", "/dev/does-not-exist-tablier")
    assert proc.returncode == 1 and "could not copy records/m0001.tbr from a board on" in proc.stderr


# ------------------------------------------------------------------ broken input (issue 8 item 23)

SHORT = [("match", 3, "C", ""), ("name", 0, "Ann"), ("name", 1, "Bob"), ("game", 0, 0, False),
         ("roll", 0, 3, 1), ("play", 0, ((8, 5), (6, 5))), ("roll", 1, 6, 4),
         ("play", 1, ((24, 18), (13, 9))), ("resign", 0, 1), ("accept", 1), ("end", 1, 1)]


def _record_file(tmp_path, lines, name="r.tbr"):
    path = tmp_path / name
    path.write_text("\n".join([record.HEADER] + [record.seal(l, i + 1) for i, l in enumerate(lines)]) + "\n")
    return path


def _no_traceback(proc):
    assert "Traceback" not in proc.stderr and "Error:" not in proc.stderr, proc.stderr


def test_match_starts_without_a_move_are_left_out(engine, tmp_path):
    # issue 8 item 19: five power cycles before the opening roll were five empty .mat files
    starts = ["M 3 C -", "G 0 0"] * 5
    path = _record_file(tmp_path, starts + [record.encode(e) for e in SHORT])
    out = tmp_path / "x.mat"
    proc = export(path, out)
    assert proc.returncode == 0 and "5 match start(s) without a move left out" in proc.stderr
    assert out.exists() and not (tmp_path / "x-1.mat").exists()
    assert len(gnubg_games(engine, out)["games"]) == 1


def test_values_beyond_any_match_are_refused_in_words(tmp_path):
    lines = [record.encode(e) for e in SHORT]
    for bad, where in (("M 40000 C -", 0), ("E1 100000000000000000000000", -1)):
        damaged = list(lines)
        damaged[where] = bad
        proc = export(_record_file(tmp_path, damaged), tmp_path / "x.mat")
        _no_traceback(proc)
        assert proc.returncode == 1, proc.stderr
        assert ("match length 40000 is above 32767" in proc.stderr or
                "a game is won by 0 to 98304 points" in proc.stderr), proc.stderr


def test_a_game_without_a_result_before_the_next_is_broken_input(tmp_path):
    # game 1 has no result; game 2 is in progress (a match exported as far as it goes)
    lines = [record.encode(e) for e in SHORT[:-1]] + ["G 0 0"] + [record.encode(e) for e in SHORT[4:8]]
    proc = export(_record_file(tmp_path, lines), tmp_path / "x.mat")
    _no_traceback(proc)
    assert proc.returncode == 1 and "game 1" in proc.stderr and "no result" in proc.stderr, proc.stderr


def test_output_that_cannot_be_written_is_said_in_words(tmp_path):
    path = _record_file(tmp_path, [record.encode(e) for e in SHORT])
    proc = export(path, tmp_path / "no-such-folder" / "x.mat")
    _no_traceback(proc)
    assert proc.returncode == 1 and "cannot write" in proc.stderr and "no such file or folder" in proc.stderr
    if os.path.exists("/dev/full"):                      # a full disk
        proc = export(path, "/dev/full")
        _no_traceback(proc)
        assert proc.returncode == 1 and "cannot write /dev/full: no space left" in proc.stderr, proc.stderr


def test_names_cannot_inject_header_lines_or_escape_codes(engine, tmp_path):
    lines = [record.encode(e) for e in SHORT]
    lines[1] = 'N0 Ann"]\x1b[2J; [Player 2 "Eve'
    lines[2] = "N1 \x1b[31mBob\x07"
    out = tmp_path / "x.mat"
    proc = export(_record_file(tmp_path, lines), out)
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert "\x1b" not in text and "\x07" not in text and "\x1b" not in proc.stdout + proc.stderr
    headers = [l for l in text.splitlines() if l.startswith("; [")]
    assert len([h for h in headers if h.startswith("; [Player")]) == 2, headers
    assert all(h.count('"') == 2 for h in headers), headers
    m = gnubg_games(engine, out)
    assert m["match-info"]["X"]["name"].startswith("Ann") and m["match-info"]["O"]["name"].endswith("Bob")


# ------------------------------------------------------------------ SGF

def sgf_games(text):
    """[(root properties {name: [values]}, [node texts])] of an SGF collection."""
    import re
    games = []
    for tree in re.findall(r"\(;(.*?)\)(?=\s*(?:\(|$))", text, re.S):
        parts = tree.split("\n;")
        props = {}
        for name, values in re.findall(r"([A-Z]+)((?:\[(?:\\.|[^\]])*\])+)", parts[0]):
            props[name] = re.findall(r"\[((?:\\.|[^\]])*)\]", values)
        games.append((props, [p.strip() for p in parts[1:]]))
    return games


def test_sgf_export_matches_gnubgs_own_sgf(engine, records, tmp_path):
    # gnubg cannot load SGF in this build: import our .mat, let gnubg save its SGF, and
    # compare it with ours game by game (header facts, then every node).
    for path, events in records:
        mat, ours, theirs = tmp_path / "x.mat", tmp_path / "ours.sgf", tmp_path / "gnubg.sgf"
        assert export(path, mat).returncode == 0
        proc = export(path, ours)
        assert proc.returncode == 0, proc.stderr
        gnubg_games(engine, mat)
        engine('save match "%s"' % theirs)
        a, b = sgf_games(ours.read_text()), sgf_games(theirs.read_text())
        assert len(a) == len(b) == sum(1 for e in events if e[0] == "game")
        for (pa, na), (pb, nb) in zip(a, b):
            for key in ("MI", "PW", "PB", "RU", "RE"):
                assert pa.get(key) == pb.get(key), (path, key, pa.get(key), pb.get(key))
            assert na == nb, path


def test_money_session_exports(engine, tmp_path):
    rng = random.Random(5)
    core = Match(0, cube_max=64)
    events = [("match", 0, "", ""), ("name", 0, "Ann"), ("name", 1, "Bob")]
    for _ in range(3):
        events.append(("game", core.score[0], core.score[1], False))
        _play_game(rng, core, events)
    path = tmp_path / "money.tbr"
    path.write_text(record.text_of(events))
    out = tmp_path / "money.mat"
    proc = export(path, out)
    assert proc.returncode == 0, proc.stderr
    m = gnubg_games(engine, out)
    assert m["match-info"]["match-length"] == 0
    assert [(g["info"]["score-X"], g["info"]["score-O"]) for g in m["games"]] == \
        [(e[1], e[2]) for e in events if e[0] == "game"]


def test_beaver_exports(engine, tmp_path):
    events = [("match", 0, "B", ""), ("name", 0, "Ann"), ("name", 1, "Bob"), ("game", 0, 0, False),
              ("roll", 0, 3, 1), ("play", 0, ((8, 5), (6, 5))),
              ("double", 1, 2), ("beaver", 0, 4), ("take", 1),
              ("roll", 1, 6, 4), ("play", 1, ((24, 18), (13, 9))),
              ("resign", 0, 1), ("accept", 1), ("end", 1, 4)]
    path = tmp_path / "beaver.tbr"
    path.write_text(record.text_of(events))
    out = tmp_path / "beaver.mat"
    proc = export(path, out)       # the replay check knows beavers from the record's rules
    assert proc.returncode == 0, proc.stderr
    assert "Beavers => 4" in out.read_text()
    m = gnubg_games(engine, out)
    g = m["games"][0]
    # gnubg stores a beaver as a take-and-redouble: double, double, take
    assert [a["action"] for a in g["game"]] == ["move", "double", "double", "take", "move", "resign"]
    assert (g["info"]["winner"], g["info"]["points-won"], g["info"]["resigned"]) == ("O", 4, True)


def test_several_matches_in_one_record_export_one_file_each(engine, records, tmp_path):
    # The board appends every match to the same record file.
    (p1, ev1), (p2, ev2) = records[0], records[1]
    lines1 = p1.read_text().splitlines()
    lines2 = p2.read_text().splitlines()
    both = tmp_path / "board.tbr"
    both.write_text("\n".join(lines1 + lines2[1:]) + "\n")      # one header line
    out = tmp_path / "board.mat"
    proc = export(both, out)
    assert proc.returncode == 0, proc.stderr
    first, second = tmp_path / "board-1.mat", tmp_path / "board-2.mat"
    assert first.exists() and second.exists() and not out.exists()
    for f, events in ((first, ev1), (second, ev2)):
        m = gnubg_games(engine, f)
        assert len(m["games"]) == len(expected_games(events))


def test_a_match_played_on_the_simulated_board_exports_into_gnubg(engine, tmp_path):
    """End to end: the demo's bots play a 3-point match through the real scanner, Table and
    App; the board's own record file (match.rec) is exported and GNU Backgammon replays it
    to the same final score."""
    proc = subprocess.run([sys.executable, "-S", "-m", "host_tools", "sim", "--demo", "--fast",
                           "--seed", "3", "--dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-2000:]
    rec = tmp_path / "match.rec"
    events, problems = record.read_file(str(rec))
    assert not problems
    score = [0, 0]
    for e in events:
        if e[0] == "end":
            score[e[1]] += e[2]
    out = tmp_path / "demo.mat"
    p = export(rec, out)
    assert p.returncode == 0, p.stdout + p.stderr
    m = gnubg_games(engine, out)
    last = m["games"][-1]["info"]
    final = [last["score-X"], last["score-O"]]
    final[{"X": 0, "O": 1}[last["winner"]]] += last["points-won"]
    assert final == score and max(score) >= 3
    assert len(m["games"]) == len([e for e in events if e[0] == "game"])
