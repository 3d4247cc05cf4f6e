"""The dice over 1,000,000 rolls: chi-square on faces, ordered pairs and successive rolls.

A fixed seed keeps the test repeatable; the check has the power to see a modulo bias
(tests/portable/test_dice.py). Critical values are at the 0.1 % level.
"""
from hw.dice import Dice

ROLLS = 1000000
CHI2_CRIT_5 = 20.52      # 5 degrees of freedom
CHI2_CRIT_35 = 66.62     # 35 degrees of freedom
CHI2_CRIT_1295 = 1458.0  # 1295 degrees of freedom


def chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def test_one_million_rolls_are_fair():
    d = Dice(seed=20261129)
    faces = [0] * 6
    pairs = [0] * 36
    successive = [0] * 1296   # (this roll, next roll): catches dependence between rolls
    prev = None
    roll = d.roll
    for _ in range(ROLLS):
        a, b = roll()
        faces[a - 1] += 1
        faces[b - 1] += 1
        p = (a - 1) * 6 + b - 1
        pairs[p] += 1
        if prev is not None:
            successive[prev * 36 + p] += 1
        prev = p
    assert sum(pairs) == ROLLS
    assert chi2(faces, 2 * ROLLS / 6) < CHI2_CRIT_5, faces
    assert chi2(pairs, ROLLS / 36) < CHI2_CRIT_35, pairs
    assert chi2(successive, (ROLLS - 1) / 1296) < CHI2_CRIT_1295
    doubles = sum(pairs[i * 7] for i in range(6))
    assert abs(doubles / ROLLS - 1 / 6) < 0.002
    # rejection really happened, at its expected rate of 1/4
    assert abs(d.rejected / d.draws - 0.25) < 0.001


CHI2_CRIT_5_STRICT = 35.9  # 5 degrees of freedom at 1e-6: this one is seeded afresh each run


def test_unseeded_dice_are_fair_too():
    d = Dice()
    faces = [0] * 6
    for _ in range(200000):
        faces[d.die() - 1] += 1
    assert chi2(faces, 200000 / 6) < CHI2_CRIT_5_STRICT, faces
