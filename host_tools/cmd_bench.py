"""`python -m host_tools bench [NAME...]`: run the benches in host_tools/benches/ and
record their figures in BENCHMARKS.md. Each bench_NAME.py has run() -> markdown text."""
import importlib
import os
import sys

from host_tools.benchmd import write_section


def main(argv):
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "benches")
    names = sorted(f[6:-3] for f in os.listdir(here) if f.startswith("bench_") and f.endswith(".py"))
    if argv:
        unknown = [a for a in argv if a not in names]
        if unknown:
            print("unknown bench: %s (have: %s)" % (", ".join(unknown), ", ".join(names)), file=sys.stderr)
            return 2
        names = argv
    for name in names:
        print("== bench %s" % name, flush=True)
        body = importlib.import_module("host_tools.benches.bench_" + name).run()
        print(body, flush=True)
        write_section(name, body)
    return 0
