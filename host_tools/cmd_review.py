"""`python -m host_tools review RECORD|FILE.mat [--json] [--no-luck] [--no-cube]`: the coach's
review of every match in a board record (host_tools/record_read.py) or a Jellyfish `.mat` file:
each player's error rate (mean equity lost per decision x 1000, GNU Backgammon's "error
rate mEMG"), decisions counted, doubtful plays and blunders, and luck (the equity the dice
gave), from firmware/engine/review.py at the engine's normal level (0-ply).

--no-cube: the cube was off (the record does not say): doubling decisions are not graded.
--no-luck: skip the luck (21 walks a roll: most of the time).
Exit code 0, 1 when the file cannot be read, holds no game, or holds a play the rules do
not allow (its game not graded to its end; the review of the rest is still printed); 2 for
bad arguments.
"""
import argparse
import json
import os
import sys

from host_tools.paths import FIRMWARE

from host_tools import record_read as record  # noqa: E402
from engine.net import P_ONE  # noqa: E402
from engine.player import Engine  # noqa: E402
from engine.review import review as review_events  # noqa: E402
from host_tools import matfile  # noqa: E402

WEIGHTS = os.path.join(FIRMWARE, "engine", "weights.bin")

_engine = []


def engine():
    if not _engine:
        _engine.append(Engine(WEIGHTS))
    return _engine[0]


def events_of_mat(match):
    """The board's record events (host_tools/record_read.py tuples) of a matfile.MatMatch."""
    rules = ("C" if match.crawford and match.length else "") + match.money_rules
    events = [("match", match.length, rules, match.date),
              ("name", 0, match.players[0]), ("name", 1, match.players[1])]
    crawford_seen = False
    for game in match.games:
        crawford = bool(match.crawford and match.length and not crawford_seen
                        and max(game.score) == match.length - 1)
        crawford_seen = crawford_seen or crawford
        events.append(("game", game.score[0], game.score[1], crawford))
        for a in game.actions:
            kind, p = a[0], a[1]
            if kind == "move":
                events.append(("roll", p, a[2], a[3]))
                if a[4] is None:
                    break             # the file left the play out: the rest cannot be replayed
                events.append(("play", p, tuple(a[4])))
            elif kind in ("double", "beaver"):
                events.append((kind, p, a[2]))
            elif kind in ("take", "drop"):
                events.append((kind, p))
            elif kind == "win":
                events.append(("end", p, a[2]))
    return events


def matches_in(path, err=sys.stderr):
    """[(name, events)] for each match in a record file or a .mat file; raises ValueError
    with a reason when the file cannot be read."""
    low = path.lower()
    if low.endswith(".mat") or low.endswith(".txt"):
        try:
            match = matfile.read(path)
        except (OSError, ValueError) as e:
            raise ValueError("cannot read %s: %s" % (path, e))
        return [(os.path.basename(path), events_of_mat(match))]
    from host_tools.matfile import split_matches, PLAYED
    try:
        events, problems = record.read_file(path)
    except (OSError, record.RecordError) as e:
        raise ValueError("cannot read %s: %s" % (path, e))
    for n, reason in problems:
        print("%s line %d skipped: %s" % (path, n, reason), file=err)
    out = []
    for i, m in enumerate(split_matches(events), 1):
        if any(ev[0] in PLAYED for ev in m):
            out.append(("%s match %d" % (os.path.basename(path), i), m))
    return out


def player_names(events):
    names = ["Player 1", "Player 2"]
    for ev in events:
        if ev[0] == "name":
            names[ev[1]] = ev[2]
    return names


def summary(name, events, luck=True, cube=True):
    """The review of one match as a dict (the --json form)."""
    r = review_events(engine(), events, luck=luck, cube=cube)
    names = player_names(events)
    players = []
    for p in (0, 1):
        t = r.tally[p]
        players.append({
            "name": names[p],
            "error_rate": round(t.error_rate(), 1),
            "decisions": t.decisions(), "unforced_moves": t.moves, "cube_decisions": t.cube,
            "chequer_loss": round(t.chequer_loss / float(P_ONE), 3),
            "cube_loss": round(t.cube_loss / float(P_ONE), 3),
            "doubtful": t.doubtful, "blunders": t.blunders,
            "luck": round(t.luck / float(P_ONE), 3) if luck else None,
            "rolls": t.rolls})
    return {"match": name, "length": r.length, "games": r.games, "players": players,
            "ungraded_games": r.skipped}


def text(s):
    a, b = s["players"]
    w = max(12, len(a["name"]), len(b["name"])) + 2
    kind = "money session" if not s["length"] else "%d-point match" % s["length"]
    lines = ["%s: %s, %d game(s)" % (s["match"], kind, s["games"]),
             "%-16s%*s%*s" % ("", w, a["name"], w, b["name"])]
    rows = [("error rate", "%.1f"), ("decisions", "%d"), ("doubtful", "%d"), ("blunders", "%d"),
            ("luck", "%+.3f")]
    keys = {"error rate": "error_rate"}
    for label, fmt in rows:
        k = keys.get(label, label)
        if a[k] is None:
            continue
        lines.append("%-16s%*s%*s" % (label, w, fmt % a[k], w, fmt % b[k]))
    if s["ungraded_games"]:
        lines.append("%d game(s) not graded to their end: a play the rules do not allow"
                     % s["ungraded_games"])
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools review", description=__doc__.split("\n")[0])
    ap.add_argument("file", help="a board match record, or a .mat file")
    ap.add_argument("--json", action="store_true", help="one JSON object per match, one a line")
    ap.add_argument("--no-luck", action="store_true", help="leave the luck out (faster)")
    ap.add_argument("--no-cube", action="store_true", help="the cube was off: no cube decisions")
    args = ap.parse_args(argv)
    try:
        matches = matches_in(args.file)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    if not matches:
        print("%s: no game in this file" % args.file, file=sys.stderr)
        return 1
    code = 0
    for i, (name, events) in enumerate(matches):
        s = summary(name, events, luck=not args.no_luck, cube=not args.no_cube)
        if args.json:
            print(json.dumps(s))
        else:
            print(("\n" if i else "") + text(s))
        if s["ungraded_games"]:
            # a play the rules do not allow: the file is not a match that was played (issue
            # 26: exit 0 then)
            print("%s: %d game(s) hold a play the rules do not allow: not graded to their end"
                  % (name, s["ungraded_games"]), file=sys.stderr)
            code = 1
    return code
