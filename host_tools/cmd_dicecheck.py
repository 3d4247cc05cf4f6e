"""`python -m host_tools dice-check [RECORD...]`: the chi-squared test of the dice over
match records (all `*.rec` files of the current folder when none is named), per record
and over them all: the six faces (5 degrees of freedom) and the 21 roll kinds (20), each
with its p-value (dice/dicecheck.py, the same code as the board's menu entry).

Opening rolls are left out: a tie is rolled again, so an opening roll is never a double and
is not a fair sample (with the reroll rule an opening rolled again would be, but the record
does not say which it was). A p-value below 0.001 is flagged: fair dice do that once in a
thousand checks. Exit status: 0 checked, 1 a record that cannot be read, 2 no rolls found.
"""
import glob
import sys

from host_tools import record_read as record
from dice.dicecheck import DiceCount, P_SUSPECT


def count_rolls(events, into):
    """Add a record's rolls to the DiceCount `into`, openings left out; returns how many."""
    opening_next = False
    n = 0
    for ev in events:
        kind = ev[0]
        if kind == "game":
            opening_next = True
        elif kind == "position":
            opening_next = False
        elif kind == "roll":
            if not opening_next:
                into.add(ev[2], ev[3])
                n += 1
            opening_next = False
    return n


def verdict(c):
    f, k = c.faces_test(), c.kinds_test()
    text = "%7d rolls  faces chi2 %7.2f p %.4f  kinds chi2 %7.2f p %.4f" % (
        c.rolls, f[0], f[2], k[0], k[2])
    if not c.enough():
        text += "  (too few rolls for the kinds test: %d needed)" % 180
    elif f[2] < P_SUSPECT or k[2] < P_SUSPECT:
        text += "  SUSPECT: p below %g" % P_SUSPECT
    return text


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools dice-check", description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="*", metavar="RECORD", help="match records (*.rec here when none)")
    paths = ap.parse_args(argv).records or sorted(glob.glob("*.rec"))
    if not paths:
        print("no records named and no *.rec here")
        return 2
    total = DiceCount()
    status = 0
    for path in paths:
        try:
            events, problems = record.read_file(path)
        except (OSError, record.RecordError) as e:
            print("%s: cannot read: %s" % (path, getattr(e, "strerror", None) or e))
            status = 1
            continue
        c = DiceCount()
        count_rolls(events, c)
        for i in range(6):
            total.faces[i] += c.faces[i]
        for i in range(len(c.kinds)):
            total.kinds[i] += c.kinds[i]
        total.rolls += c.rolls
        print("%s: %s" % (path, verdict(c)))
    if len(paths) > 1:
        print("all records: %s" % verdict(total))
    if not total.rolls and not status:
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
