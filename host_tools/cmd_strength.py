"""`python -m host_tools strength [--games N] [--levels L,...] [--against A,...] [--seed S]
[--jobs J] [--no-write]`: the engine's playing strength, cubeless money games with mirrored
dice against PubEval or GNU Backgammon 0-ply (host_tools/benches/bench_engine.py; `make
strength` runs it with 20,000 games a figure and writes BENCHMARKS.md's sections)."""


def main(argv):
    from host_tools.benches import bench_engine
    return bench_engine.main(["strength"] + list(argv))
