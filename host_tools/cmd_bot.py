"""`python -m host_tools bot`: the board's engine (firmware/engine) on the command line.

  bot POSITION_ID DICE [--level easy|normal|strong]   the chosen play and its result ID
  bot - [--level L]          one "POSITION_ID DICE" request per line from standard input,
                             one JSON line per answer: {"play", "result", "position",
                             "dice", "level"} ("play": "" and the same ID when no play is
                             legal), or {"error", "line"}
  bot cube POSITION_ID:MATCH_ID [--no-beavers] [--json] [--level L]
                             the cube decision for the side to act (as at the board:
                             the normal and strong levels look one roll ahead when close)

Position IDs are GNU Backgammon's, as for `legal`: the player on roll is the side to move;
the result is from the same side, before the turn passes. DICE: "31", "3-1" or "3 1".
The cube ID's position is from the side on roll (the doubler when a double is pending).
"""
import json
import os
import sys

from host_tools.paths import FIRMWARE
from host_tools.rules_cli import batch, parse_dice, parse_position, position_id

from bg.ids import CENTRED, from_gnubg_id  # noqa: E402
from bg.play import Play  # noqa: E402
from app.seatcube import decision  # noqa: E402  (the board's own cube answers)
from engine.player import Engine, LEVELS  # noqa: E402

WEIGHTS = os.path.join(FIRMWARE, "engine", "weights.bin")
USAGE = ("usage: python -m host_tools bot POSITION_ID DICE [--level easy|normal|strong]\n"
         "       python -m host_tools bot - [--level L] < requests\n"
         "       python -m host_tools bot cube POSITION_ID:MATCH_ID [--no-beavers] [--json]")

_engine = []


def engine():
    if not _engine:
        _engine.append(Engine(WEIGHTS))
    return _engine[0]


def choose(pos_text, dice_text, level):
    pos = parse_position(pos_text)
    d1, d2 = parse_dice(dice_text)
    got = engine().choose(pos.me, pos.opp, d1, d2, level)
    out = {"position": pos_text, "dice": [d1, d2], "level": level}
    if got is None:
        out["play"] = ""
        out["result"] = position_id(pos)
    else:
        play = Play(got[0], got[1])
        out["play"] = play.notation()
        out["result"] = position_id(play.apply(pos))
    return out


def cube(gnubg_id, beavers=True, level="normal"):
    """The cube decision of the GNU Backgammon combined ID, as a dict (the board's own answer,
    app/seatcube.py's `decision`; "probabilities" are those it answered from)."""
    pos, st = from_gnubg_id(gnubg_id)
    doubler = st.on_roll
    if not st.doubled and st.dice[0]:
        return {"id": gnubg_id, "action": "none", "why": "the dice are rolled: no cube action now"}
    owner = "centre" if st.cube_owner == CENTRED else ("me" if st.cube_owner == doubler else "them")
    if st.match_length == 0:
        d = decision(engine(), pos.me, pos.opp, level, 0, 0, st.cube_value, owner, False,
                     beavers, st.jacoby)
        kind = "money"
    else:
        away = st.match_length - st.score[doubler]
        opp_away = st.match_length - st.score[1 - doubler]
        d = decision(engine(), pos.me, pos.opp, level, away, opp_away, st.cube_value, owner,
                     st.crawford)
        kind = "match"
    p = d.probs
    if st.doubled:
        action = ("beaver" if d.beaver else "take") if d.take else "pass"
    else:
        action = "double" if d.double else "no double"
    out = {"id": gnubg_id, "play": kind, "action": action, "decision": d.name(),
           "probabilities": [round(v, 4) for v in p],
           "no_double": round(d.nd, 4), "double_take": round(d.dt, 4), "double_pass": round(d.dp, 4)}
    if d.why:
        out["why"] = d.why
    return out


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools bot", description=__doc__.split("\n\n")[0],
                                 epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("words", nargs="+", metavar="ARG", help="POSITION_ID DICE, or -, or cube POSITION_ID:MATCH_ID")
    ap.add_argument("--level", choices=LEVELS, default="normal")
    ap.add_argument("--json", action="store_true", help="(cube) the answer as one JSON line")
    ap.add_argument("--no-beavers", action="store_true", help="(cube) money play without beavers")
    args = ap.parse_args(argv)        # (exits 2 on a usage error, 0 after --help)
    level, argv = args.level, args.words
    if argv == ["-"]:
        def answer(words):
            if len(words) not in (2, 3):
                raise ValueError("expected: POSITION_ID DICE")
            return choose(words[0], "".join(words[1:]), level)
        return batch(answer)
    if argv and argv[0] == "cube":
        rest = argv[1:]
        as_json = args.json
        beavers = not args.no_beavers
        if len(rest) != 1:
            print(USAGE, file=sys.stderr)
            return 2
        try:
            out = cube(rest[0], beavers, level)
        except ValueError as e:
            print("error: %s" % e, file=sys.stderr)
            return 2
        if as_json:
            print(json.dumps(out))
        else:
            print(out["action"] + ("" if "decision" not in out else "   (" + out["decision"] + ")"))
            if "no_double" in out:
                print("no double %+.3f   double/take %+.3f   double/pass %+.3f   (%s)"
                      % (out["no_double"], out["double_take"], out["double_pass"],
                         "equity" if out["play"] == "money" else "match winning chance"))
            if "why" in out:
                print(out["why"])
        return 0
    if len(argv) not in (2, 3):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        out = choose(argv[0], "".join(argv[1:]), level)
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if out["play"]:
        print("%s  %s" % (out["play"], out["result"]))
    else:
        print("no legal play: the turn passes  %s" % out["result"])
    return 0
