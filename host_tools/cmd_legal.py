"""`python -m host_tools legal POSITION_ID DICE`: every legal play, with the resulting
position ID (GNU Backgammon's, from the same side, before the turn passes).

`legal -` reads "POSITION_ID DICE" per line from standard input and answers one JSON
line per request: {"position", "dice", "plays": [{"play", "result"}...]} or {"error"}."""

from host_tools.rules_cli import parse_dice, parse_position, position_id, single
from bg.movegen import legal_plays


def answer(words):
    if len(words) != 2:
        raise ValueError("expected: POSITION_ID DICE")
    pos = parse_position(words[0])
    d1, d2 = parse_dice(words[1])
    plays = legal_plays(pos, d1, d2)
    return {"position": words[0], "dice": [d1, d2],
            "plays": [{"play": p.notation(), "result": position_id(p.apply(pos))} for p in plays]}


def show(out):
    if not out["plays"]:
        print("no legal play: the turn passes")
    for p in out["plays"]:
        print("%-24s %s" % (p["play"], p["result"]))


def main(argv):
    return single(argv, "legal", ("POSITION_ID", "DICE"), answer, show, __doc__)
