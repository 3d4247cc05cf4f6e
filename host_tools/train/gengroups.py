"""Rolls with several of their results, all labelled by gnubg 0-ply: the data of fit.py's
ranking loss (`--rank-data`).

`python -m host_tools.train.gengroups --games N --seed S [--size K] -o FILE.npz`

A net that chooses plays must rank the results of one roll, and a loss on each position
alone does not ask for that: two results a play apart can each be 0.05 off and in the wrong
order. So each roll of a self-play game (gnubg 0-ply picks the play, a random one 10% of
the time, as gendata.py) whose position before the play has contact gives a group: its
`--size` K results (the best four by gnubg, then others at random) that the engine would
score with the contact net (results that became races are scored by the race net, so they
are left out), each labelled with gnubg's five probabilities for the side then on roll.

Stored: boards (M x 50 uint8, the side on roll after the play first, as gendata.py),
labels (M x 5 float32) and group (M int32: the roll each result belongs to, increasing;
the results of a group are contiguous).
"""
import argparse
import random
import time

from host_tools.train.gendata import EXPLORE, Labeller, legal_plays, Position, roll, scored_results
from host_tools.train.fit import race_mask

TOP = 4


class NetPolicy:
    """Picks plays as a weights file's normal level would (screen.py's integer emulation):
    the data then holds the positions that net's own play reaches (the teacher still
    labels them), not only gnubg's."""

    def __init__(self, path):
        from host_tools.train.screen import IntNet
        self.net = IntNet(path)

    def scores(self, results):
        from host_tools.train.screen import result_rows
        return self.net.mover_values(*result_rows(results))


def self_play_groups(lab, rng, size, group_of, first_group, policy=None):
    """One game; returns the next group number."""
    import numpy as np
    g = first_group
    pos = Position.start()
    for turn in range(400):
        d1, d2 = roll(rng, turn == 0)
        plays = legal_plays(pos, d1, d2)
        if len(plays):
            scored = scored_results(lab, pos, plays)
            if scored is None:
                return g                        # the mover bore off its last checker
            before = np.frombuffer(bytes(pos.me) + bytes(pos.opp), np.uint8).reshape(1, 50)
            if len(scored) > 1 and not race_mask(before)[0]:
                order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
                rest = order[TOP:]
                pick = order[:TOP] + rng.sample(rest, min(size - TOP, len(rest)))
                boards = np.frombuffer(b"".join(bytes(scored[i][2].opp) + bytes(scored[i][2].me)
                                                for i in pick), np.uint8).reshape(-1, 50)
                contact = ~race_mask(boards)
                kept = [i for i, c in zip(pick, contact) if c]
                if len(kept) > 1:
                    for i in kept:
                        lab.keep(scored[i][2].opp, scored[i][2].me, scored[i][1])
                        group_of.append(g)
                    g += 1
            if rng.random() < EXPLORE:
                k = rng.randrange(len(scored))
            elif policy is not None:
                k = int(np.argmax(policy.scores([x[2] for x in scored])))
            else:
                k = max(range(len(scored)), key=lambda i: scored[i][0])
            pos = scored[k][2]
        pos = pos.swapped()
    return g


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=12, help="results kept per roll (default 12)")
    ap.add_argument("--policy", metavar="WEIGHTS",
                    help="a weights file's net picks the plays instead of gnubg (gnubg still labels)")
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args(argv)
    policy = NetPolicy(a.policy) if a.policy else None
    import numpy as np
    rng = random.Random(a.seed)
    lab = Labeller()
    group_of = []
    t0 = time.time()
    g = 0
    for n in range(a.games):
        g = self_play_groups(lab, rng, a.size, group_of, g, policy)
        if (n + 1) % 500 == 0:
            print("%d games, %d groups, %d results, %.0f s" % (n + 1, g, len(group_of), time.time() - t0), flush=True)
    boards = np.frombuffer(b"".join(lab.boards), dtype=np.uint8).reshape(-1, 50)
    labels = np.array(lab.labels, dtype=np.float32)
    np.savez_compressed(a.out, boards=boards, labels=labels, group=np.array(group_of, np.int32))
    print("saved %d groups, %d results to %s (%.0f s)" % (g, len(labels), a.out, time.time() - t0))


if __name__ == "__main__":
    main()
