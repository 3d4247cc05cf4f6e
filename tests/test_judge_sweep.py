"""The judge against the brute-force reference on many more positions than the portable
test can afford under MicroPython: random games, bear-offs and bar-heavy boards, every roll."""
import random

from bg.position import Position
from corepos import played_positions, ROLLS
from test_judge import check_against_reference


def random_position(rng, kind):
    """A valid random position of a kind: 'bearoff' (all ours home) or 'bar' (ours on the bar)."""
    while True:
        me = bytearray(25)
        opp = bytearray(25)
        if kind == "bearoff":
            for _ in range(rng.randint(3, 15)):
                me[rng.randint(0, 5)] += 1
        else:
            me[24] = rng.randint(1, 3)
            for _ in range(15 - me[24]):
                me[rng.randint(0, 23)] += 1
        for _ in range(rng.randint(8, 15)):
            opp[rng.randint(0, 23)] += 1
        if kind == "bar":
            opp[24] = rng.randint(0, 1)
        pos = Position(me, opp)
        if pos.is_valid() and sum(opp) <= 15:
            return pos


def test_judge_matches_reference_on_played_positions_all_rolls():
    n = 0
    for pos in played_positions(101, 14):
        for d1, d2 in ROLLS:
            check_against_reference(pos, d1, d2)
            n += 1
    assert n == 14 * 21


def test_judge_matches_reference_on_bearoffs_and_bar_entries():
    rng = random.Random(2026)
    for kind in ("bearoff", "bar"):
        for _ in range(10):
            pos = random_position(rng, kind)
            for d1, d2 in ROLLS:
                check_against_reference(pos, d1, d2)
