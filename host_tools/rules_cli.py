"""Shared parsing for the `legal` and `judge` commands (GNU Backgammon position IDs)."""
import argparse
import json
import sys

from bg.ids import position_from_id, position_id


def parse_dice(text):
    """'31', '3-1', '3,1', '3x1', '3/1' or '3 1' -> (3, 1); ValueError with a reason
    otherwise: one separator at most, between the two digits (issue 26: '-31' was read as
    3-1, a negative number taken for a roll)."""
    t = text.strip()
    ok = len(t) == 2 or (len(t) == 3 and t[1] in "-, /x") or (len(t) == 4 and t[1:3] in (", ", " ,"))
    if not ok or not (t[0] in "123456" and t[-1] in "123456"):
        raise ValueError("dice must be two digits 1-6, like 31 or 3-1: %r" % text)
    return int(t[0]), int(t[-1])


def parse_position(text):
    pos = position_from_id(text.strip())
    bad = pos.validate()
    if bad and bad[0] != "mixed":
        raise ValueError("impossible position %s: %s" % (text, bad[0]))
    return pos


def batch(handle, stdin=None, stdout=None):
    """Answer one request per input line with one JSON line; never stop on a bad line."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    bad = 0
    for lineno, line in enumerate(stdin, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        try:
            answer = handle(words)
        except ValueError as e:
            answer = {"error": str(e), "line": lineno}
            bad += 1
        stdout.write(json.dumps(answer) + "\n")
    stdout.flush()
    return 1 if bad else 0


def single(argv, cmd, names, answer, show, doc):
    """`legal`/`judge` (cmd) with their arguments (names: the positional arguments' names),
    or `-` for one request a line (batch): usage and errors on stderr, exit 2; --help from
    doc."""
    if argv == ["-"]:
        return batch(answer)
    ap = argparse.ArgumentParser(prog="python -m host_tools " + cmd, description=doc.split("\n\n")[0],
                                 epilog="`%s -` reads one request a line from standard input and "
                                        "answers one JSON line each." % cmd)
    for n in names:
        ap.add_argument(n)
    args = ap.parse_args(argv)        # (exits 2 on a usage error, 0 after --help)
    try:
        out = answer([getattr(args, n) for n in names])
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    show(out)
    return 0


__all__ = ["parse_dice", "parse_position", "position_id", "batch", "single"]
