"""The whole-match fuzzer's figures into BENCHMARKS.md (its `fuzz` section), written by
`make fuzz` after its run passed: tests/test_fuzz_match.py appends one summary line per
test to the file named by FUZZ_REPORT, which this reads.

    python -m host_tools.fuzzreport FILE      # writes BENCHMARKS.md's bench:fuzz

Only a passing run writes (the Makefile runs this after pytest succeeded); the lines are
the fuzzers' own counts, nothing is edited by hand."""
import sys

from host_tools.benchmd import write_section


def text(lines, settings):
    cp = [l[len("fuzz: "):] for l in lines if l.startswith("fuzz: ")]
    mp = [l[len("mp: "):] for l in lines if l.startswith("mp: ")]
    rows = ["The whole-match fuzzer (`make fuzz`, issue 26): %s. Every run below passed: each "
            "record exported, imported by GNU Backgammon and replayed to the board's score with the "
            "right names, verify-dice's verdict and counts as played, no press or line from the USB "
            "side deciding for a person, no fault (tests/fuzz_match.py, tests/mp_fuzz.py). Earlier "
            "runs and what they found: docs/benchmarks-by-hand.md." % settings, ""]
    if cp:
        rows += ["CPython, hypothesis's stateful testing through the real Table and App:", ""]
        rows += ["- " + l for l in cp] + [""]
    if mp:
        rows += ["The real MicroPython (the firmware as flashed), one seeded driver per seed:", "",
                 "| seed | steps | plays | score | power cuts | USB answers taken / refused | fair dice | verify-dice |",
                 "|---:|---:|---:|---|---:|---|---|---|"]
        for l in mp:
            f = dict(w.split("=", 1) for w in l.split())
            rows.append("| %s | %s | %s | %s | %s | %s / %s | %s | %s |" % (
                f["seed"], f["steps"], f["plays"], f["score"], f["cuts"], f["taken"], f["refused"],
                "on" if f["fair"] == "1" else "off", f.get("verify", "-").replace("_", " ")))
    return "\n".join(rows)


def main(argv):
    if len(argv) != 2:
        print("usage: python -m host_tools.fuzzreport FILE 'SETTINGS'", file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        lines = [l.strip() for l in f if l.strip()]
    if not lines:
        print("fuzzreport: %s holds no run's figures" % argv[0], file=sys.stderr)
        return 1
    write_section("fuzz", text(lines, argv[1]))
    print("wrote BENCHMARKS.md's fuzz section (%d lines of figures)" % len(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
