"""`python -m host_tools judge START_ID DICE END_ID`: the verdict on a sensed board.

Prints `complete PLAY`, `partial remaining D...`, or `illegal REASON points P...: words`.
`judge -` reads "START_ID DICE END_ID" per line and answers one JSON line each:
{"verdict", "play"|"remaining"|"reason"+"points"+"text"} or {"error"}."""

from host_tools.rules_cli import parse_dice, parse_position, single
from bg import judge as J
from bg.reasons import JUDGE as REASONS


def answer(words):
    if len(words) != 3:
        raise ValueError("expected: START_ID DICE END_ID")
    start = parse_position(words[0])
    d1, d2 = parse_dice(words[1])
    end = parse_position(words[2])
    v = J.Judge(start, d1, d2).judge(end)
    out = {"verdict": v.kind}
    if v.kind == J.COMPLETE:
        out["play"] = v.play.notation()
    elif v.kind == J.PARTIAL:
        out["remaining"] = list(v.remaining)
    else:
        out["reason"] = v.reason
        out["points"] = list(v.points)
        out["text"] = REASONS[v.reason]
    return out


def show(out):
    if out["verdict"] == J.COMPLETE:
        print("complete %s" % (out["play"] or "(no legal play: the turn passes)"))
    elif out["verdict"] == J.PARTIAL:
        print("partial remaining %s" % " ".join(str(d) for d in out["remaining"]))
    else:
        print("illegal %s points %s: %s" % (out["reason"], " ".join(str(p) for p in out["points"]) or "-",
                                           out["text"]))


def main(argv):
    return single(argv, "judge", ("START_ID", "DICE", "END_ID"), answer, show, __doc__)
