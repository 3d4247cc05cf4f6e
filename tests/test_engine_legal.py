"""The engine's walker against bg.movegen.legal_plays over 2,400 position x roll
pairs (CPython; tests/portable/test_engine.py runs a smaller set on MicroPython too):
the same distinct results, the same number of dice, and every play the engine chooses
among them."""
import os
import random

from tools import ROOT

from corepos import played_positions
from bg.movegen import legal_plays
from bg.play import Play
from engine.player import Engine
from engine.search import Walker

WEIGHTS = os.path.join(ROOT, "firmware", "engine", "weights.bin")


def test_walker_matches_legal_plays_on_2400_pairs():
    w = Walker()
    seen = []

    def visit(wk):
        seen.append(bytes(wk.me) + bytes(wk.opp))

    rng = random.Random(31)
    n = 0
    for pos in played_positions(7, 1600, max_plies=300):
        rolls = [(rng.randint(1, 6), rng.randint(1, 6))]
        if n % 2 == 0:
            d = rng.randint(1, 6)
            rolls.append((d, d))
        for d1, d2 in rolls:
            del seen[:]
            used = w.walk(pos.me, pos.opp, d1, d2, visit)
            plays = legal_plays(pos, d1, d2)
            ref = [p.apply(pos).key() for p in plays]
            assert len(seen) == len(set(seen)), "a result was visited twice"
            assert sorted(seen) == sorted(ref), (pos, d1, d2)
            assert used == plays.dice_used
            n += 1
    assert n >= 2400


def test_chosen_plays_are_legal_plays():
    e = Engine(WEIGHTS)
    rng = random.Random(8)
    n = 0
    for pos in played_positions(8, 400, max_plies=300):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        level = ("easy", "normal")[n % 2]
        got = e.choose(pos.me, pos.opp, d1, d2, level)
        plays = legal_plays(pos, d1, d2)
        if got is None:
            assert len(plays) == 0
        else:
            results = {p.apply(pos).key() for p in plays}
            r = Play(got[0], got[1]).apply(pos)
            assert r.key() in results
            assert len(got[0]) == plays.dice_used
        n += 1
    assert n == 400
