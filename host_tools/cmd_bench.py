"""`python -m host_tools bench [NAME...]`: run the benches in host_tools/benches/ and
record their figures in BENCHMARKS.md. Each bench_NAME.py has run() -> markdown text."""
import argparse
import importlib
import os

from host_tools.benchmd import write_section


def main(argv):
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "benches")
    names = sorted(f[6:-3] for f in os.listdir(here) if f.startswith("bench_") and f.endswith(".py"))
    ap = argparse.ArgumentParser(prog="python -m host_tools bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", metavar="NAME",
                    help="the benches to run (all when none): " + ", ".join(names))
    args = ap.parse_args(argv)        # (0 after --help)
    unknown = [n for n in args.names if n not in names]
    if unknown:
        ap.error("unknown bench: %s (have: %s)" % (", ".join(unknown), ", ".join(names)))   # exit 2
    for name in args.names or names:
        print("== bench %s" % name, flush=True)
        body = importlib.import_module("host_tools.benches.bench_" + name).run()
        print(body, flush=True)
        write_section(name, body)
    return 0
