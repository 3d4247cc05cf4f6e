"""`python -m host_tools sweep --pairs N [--seed S] [--workers W] [--no-write]`

The long differential sweep: N position x roll pairs (random play from the start,
bear-offs, bar-heavy and contact-heavy positions, all 21 rolls each; tests/oracle.py makes
them) whose set of resulting positions from bg.movegen.legal_plays must equal GNU
Backgammon's exactly. Prints progress and every mismatch with its position ID and dice
(reproduce with `python -m host_tools legal ID DICE`), then writes the totals into the
`sweep` section of BENCHMARKS.md. Exit status 1 on any mismatch or oracle error.

Work is split into chunks, each generated from (seed, chunk number) inside a worker
process, so a run is reproducible whatever the number of workers. Workers are started
with 'spawn' (never fork after importing gnubg); there are more workers than cores
because a bear-off answer sleeps ~10 ms inside gnubg's hint command.
"""
import argparse
import multiprocessing
import os
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSITIONS_PER_CHUNK = 100          # x 21 rolls = 2,100 pairs
KINDS = ("random", "bearoff", "bar", "contact")
WEIGHTS = (40, 20, 15, 25)


def run_chunk(task):
    """Compare one chunk; returns a dict of counts and mismatch lines (runs in a worker)."""
    seed, chunk, limit = task
    from tests import oracle         # GNU Backgammon's answers, as the tests ask them
    from bg import ids
    from bg.movegen import legal_plays
    from bg.position import Position

    def pid(key):
        return ids.position_id(Position(key[:25], key[25:]))

    t0 = time.time()
    pairs = oracle.mixed_pairs(seed * 1000003 + chunk, POSITIONS_PER_CHUNK, kinds=KINDS, weights=WEIGHTS)
    pairs = pairs[:limit]
    report = {"pairs": 0, "mismatches": [], "oracle_errors": [], "by_kind": {}, "plays": 0}
    for kind, pos, d1, d2 in pairs:
        where = "%s %d%d (%s)" % (ids.position_id(pos), d1, d2, kind)
        try:
            expected = oracle.results(pos, d1, d2)
        except Exception as e:      # gnubg's side: reported apart, never blamed on us
            report["oracle_errors"].append("%s: %s: %s" % (where, type(e).__name__, str(e).splitlines()[0]))
            continue
        try:
            got = frozenset(p.apply(pos).key() for p in legal_plays(pos, d1, d2)) or frozenset([pos.key()])
        except Exception as e:      # ours: a crash is a mismatch like any other
            report["mismatches"].append("%s: legal_plays raised %s: %s" % (where, type(e).__name__, e))
            got = None
        if got is not None and got != expected:
            report["mismatches"].append(
                "%s: gnubg %d results, ours %d; missing %s; extra %s"
                % (where, len(expected), len(got),
                   " ".join(pid(k) for k in sorted(expected - got)[:4]),
                   " ".join(pid(k) for k in sorted(got - expected)[:4])))
        report["pairs"] += 1
        report["plays"] += len(expected)
        report["by_kind"][kind] = report["by_kind"].get(kind, 0) + 1
    report["seconds"] = time.time() - t0
    return report


def _tasks(seed, pairs):
    per_chunk = POSITIONS_PER_CHUNK * 21
    chunk = 0
    left = pairs
    while left > 0:
        yield (seed, chunk, min(left, per_chunk))
        left -= per_chunk
        chunk += 1


def _core_version():
    """Which rules core was swept: the last commit touching firmware/bg, and whether it was edited."""
    import subprocess
    try:
        rev = subprocess.run(["git", "log", "-1", "--format=%h", "--", "firmware/bg"], cwd=ROOT,
                             capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "firmware/bg"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return (rev or "unknown") + (" with uncommitted changes" if dirty else "")


def _markdown(args, totals, elapsed, mismatches, oracle_errors, workers):
    lines = [
        "## Differential sweep against GNU Backgammon (`make sweep`)",
        "",
        "`python -m host_tools sweep --pairs %d --seed %d` (%d worker processes, %d cores), %s, "
        "rules core at %s."
        % (args.pairs, args.seed, workers, os.cpu_count() or 0, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           _core_version()),
        "Each pair is a position and a roll; the set of resulting positions from "
        "`bg.movegen.legal_plays` must equal gnubg 1.1.0a16's (findbestmoves; `hint` for bear-offs).",
        "",
        "| figure | value |",
        "|---|---|",
        "| pairs compared | %d |" % totals["pairs"],
        "| pairs by kind | %s |" % ", ".join("%s %d" % (k, totals["by_kind"].get(k, 0)) for k in KINDS),
        "| distinct plays compared | %d |" % totals["plays"],
        "| mismatches | %d |" % len(mismatches),
        "| gnubg errors (pairs not compared) | %d |" % len(oracle_errors),
        "| wall time | %.0f s |" % elapsed,
        "| pairs/s | %.0f |" % (totals["pairs"] / elapsed if elapsed else 0),
    ]
    if mismatches:
        lines += ["", "First mismatches (position ID, dice):", ""]
        lines += ["- `%s`" % m for m in mismatches[:10]]
    if oracle_errors:
        lines += ["", "First gnubg errors:", ""]
        lines += ["- `%s`" % m for m in oracle_errors[:5]]
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools sweep", description=__doc__.split("\n\n")[1])
    ap.add_argument("--pairs", type=int, default=1000000, help="position x roll pairs to compare")
    ap.add_argument("--seed", type=int, default=1, help="seed of the generated positions")
    ap.add_argument("--workers", type=int, default=max(4, 4 * (os.cpu_count() or 1)),
                    help="worker processes (default: 4 per core; bear-off answers mostly wait)")
    ap.add_argument("--no-write", action="store_true", help="do not write BENCHMARKS.md")
    args = ap.parse_args(argv)
    if args.pairs < 1:
        ap.error("--pairs must be at least 1")
    totals = {"pairs": 0, "plays": 0, "by_kind": {}}
    mismatches, oracle_errors = [], []
    t0 = last = time.time()
    print("sweep: %d pairs, seed %d, %d workers" % (args.pairs, args.seed, args.workers), flush=True)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.workers) as pool:
        for rep in pool.imap_unordered(run_chunk, _tasks(args.seed, args.pairs)):
            totals["pairs"] += rep["pairs"]
            totals["plays"] += rep["plays"]
            for k, n in rep["by_kind"].items():
                totals["by_kind"][k] = totals["by_kind"].get(k, 0) + n
            for m in rep["mismatches"]:
                print("MISMATCH " + m, flush=True)
            for m in rep["oracle_errors"]:
                print("GNUBG ERROR " + m, flush=True)
            mismatches += rep["mismatches"]
            oracle_errors += rep["oracle_errors"]
            now = time.time()
            if now - last >= 10 or totals["pairs"] >= args.pairs:
                rate = totals["pairs"] / (now - t0)
                eta = (args.pairs - totals["pairs"]) / rate if rate else 0
                print("  %d/%d pairs, %.0f pairs/s, %d mismatches, ETA %.0f s"
                      % (totals["pairs"], args.pairs, rate, len(mismatches), eta), flush=True)
                last = now
    elapsed = time.time() - t0
    body = _markdown(args, totals, elapsed, mismatches, oracle_errors, args.workers)
    print(body)
    if not args.no_write:
        from host_tools.benchmd import write_section
        write_section("sweep", body)
    return 1 if mismatches or oracle_errors else 0
