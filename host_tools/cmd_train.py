"""`python -m host_tools train STEP [args...]`: the engine's training pipeline, a step at a
time (host_tools/train/; docs/engine.md says the order and what each writes).

Steps: gendata (positions labelled by gnubg 0-ply), gengroups (rolls with several results,
for the ranking loss), fit (the two nets fitted, the weights file written), probe_inputs
and leafnet (the strong level's leaf net file), makemet (engine/met.py, the match equity
table), bearoff (engine/bearoff.bin, the cube's exact small bear-offs).
`python -m host_tools train STEP --help` gives each step's own options."""
import argparse
import importlib
import sys

STEPS = {
    "gendata": "positions labelled by GNU Backgammon's 0-ply evaluation",
    "gengroups": "rolls with several of their results, for the ranking loss",
    "fit": "fit the contact and race nets; write firmware/engine/weights.bin",
    "probe_inputs": "the leaf net's float fit with its hand-made inputs (before leafnet)",
    "leafnet": "the strong level's leaf net file (firmware/engine/leafnet.bin)",
    "makemet": "generate firmware/engine/met.py (Kazaross-XG2 match equity table)",
    "bearoff": "the cube's one-sided bear-off table (firmware/engine/bearoff.bin)",
}


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools train", description=__doc__.split("\n\n")[0],
                                 epilog="steps: " + "; ".join("%s: %s" % kv for kv in STEPS.items()))
    ap.add_argument("step", choices=sorted(STEPS), help="the step to run")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="the step's own arguments")
    args = ap.parse_args(argv)
    # (the steps' own parsers name themselves after sys.argv[0]: their usage lines then
    # read as typed)
    sys.argv[0] = "python -m host_tools train " + args.step
    return importlib.import_module("host_tools.train." + args.step).main(args.args) or 0
