"""host_tools/benches/fit_x_leaf.py without gnubg: the grid's choice on a hand-made table of
answers, and the constants it varies set back."""
import importlib

import pytest
from corepos import pos_from

from engine import cubeful
from engine.player import Engine
from host_tools.benches import bench_cube
from host_tools.benches.fit_x_leaf import choose, score

seatcube = importlib.import_module("app.seatcube")

# gnubg's hint: (no double, double/take, double/pass, proper action); a double is right,
# holding loses 0.1 a question
DOUBLE = (0.5, 0.6, 1.0, "double, take")


def tally(agree, lost):
    """A Tally of 10 questions that agrees with gnubg's doubles `agree` times, each miss a
    hold losing `lost`."""
    t = bench_cube.Tally()
    for i in range(10):
        if i >= agree:
            t.add((0.5, 0.5 + lost, 1.0, "double, take"), False, True)
        else:
            t.add(DOUBLE, True, True)
    return t


def test_the_fit_takes_the_most_agreement_among_the_least_losses():
    least = tally(7, 0.010)            # 3 misses: 0.0030 a question, the least
    near = tally(8, 0.016)             # 2 misses: 0.0032, within the tie of the least
    far = tally(9, 0.040)              # 1 miss:  0.0040, agrees most but loses more
    results = [(0.74, 0.25, least), (0.78, 0.25, near), (0.82, 0.5, far)]
    assert choose(results, 0.0005) == (0.78, 0.25)
    # no tie: the least loss alone; a wide one: agreement alone
    assert choose(results, 0.0) == (0.74, 0.25)
    assert choose(results, 0.002) == (0.82, 0.5)
    # equal agreement within the tie: the lesser loss
    assert choose([(0.70, 0.0, tally(8, 0.016)), (0.76, 0.0, tally(8, 0.015))],
                  0.001) == (0.76, 0.0)


def test_the_grid_sets_its_constants_back():
    was = cubeful.X_LEAF, seatcube.W_ROOT
    pos = pos_from({1: 2}, {13: 15})
    q = {"pos": pos, "cube": 1, "owner": "centre"}
    e = Engine(bench_cube.WEIGHTS)
    t = score([(q, DOUBLE)], e, 0.6, 0.9)
    assert t.n == 1 and (cubeful.X_LEAF, seatcube.W_ROOT) == was
    # a judge's answer that cannot be read: the constants set back all the same
    with pytest.raises(ValueError):
        score([(q, (0.5, 0.6))], e, 0.6, 0.9)
    assert (cubeful.X_LEAF, seatcube.W_ROOT) == was
