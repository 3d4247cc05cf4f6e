"""Dice: range, the reference generator, rejection of 6 and 7, and a chi-square sanity run.

The 1,000,000-roll chi-square runs on CPython in tests/test_dice_fairness.py.
"""
from hw.dice import Dice

# 0.1 % critical values of the chi-square distribution
CHI2_CRIT_5 = 20.52    # 6 faces: 5 degrees of freedom
CHI2_CRIT_35 = 66.62   # 36 ordered pairs: 35 degrees of freedom


def chi2(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def test_xoshiro128ss_matches_the_reference():
    d = Dice(seed=0)
    d._s0, d._s1, d._s2, d._s3 = 1, 2, 3, 4   # outputs of the C reference for this state
    assert [d.next32() for _ in range(6)] == [11520, 0, 5927040, 70819200, 2031721883, 1637235492]
    for _ in range(994):
        d.next32()
    assert d.next32() == 136054147


def test_faces_are_one_to_six_and_all_appear():
    d = Dice(seed=42)
    seen = set()
    for _ in range(600):
        a, b = d.roll()
        assert 1 <= a <= 6 and 1 <= b <= 6
        seen.add(a)
        seen.add(b)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_same_seed_same_rolls_other_seed_other_rolls():
    d1, d2, d3 = Dice(seed=7), Dice(seed=7), Dice(seed=8)
    r1 = [d1.roll() for _ in range(50)]
    assert r1 == [d2.roll() for _ in range(50)]
    assert r1 != [d3.roll() for _ in range(50)]


def test_six_and_seven_are_rejected_not_folded():
    d = Dice(seed=1)
    words = [(7 | 6 << 3 | 7 << 6 | 2 << 9 | 5 << 12 | 0 << 15)]
    d.next32 = lambda: words.pop(0)
    assert d.die() == 3          # 7, 6, 7 thrown away, then 2 -> face 3
    assert (d.draws, d.rejected) == (4, 3)
    assert d.die() == 6          # 5 -> face 6
    assert d.die() == 1          # 0 -> face 1
    assert (d.draws, d.rejected) == (6, 3)


def test_about_a_quarter_of_draws_are_rejected():
    d = Dice(seed=3)
    for _ in range(20000):
        d.die()
    assert abs(d.rejected / d.draws - 0.25) < 0.01
    assert d.draws - d.rejected == 20000


def test_chi_square_sanity_run():
    d = Dice(seed=2024)
    n = 18000
    faces = [0] * 6
    pairs = [0] * 36
    for _ in range(n):
        a, b = d.roll()
        faces[a - 1] += 1
        faces[b - 1] += 1
        pairs[(a - 1) * 6 + b - 1] += 1
    assert chi2(faces, 2 * n / 6) < CHI2_CRIT_5
    assert chi2(pairs, n / 36) < CHI2_CRIT_35


def test_the_chi_square_check_catches_modulo_bias():
    # the same bits folded with % 6 favour 1 and 2: the check above must see it
    d = Dice(seed=2024)
    faces = [0] * 6
    for _ in range(6000):
        faces[(d.next32() & 7) % 6] += 1
    assert chi2(faces, 1000) > CHI2_CRIT_5


def test_unseeded_dice_differ_and_take_extra_entropy():
    noise = [0]

    def adc_noise():
        noise[0] += 1
        return noise[0] * 2654435761 & 0xF
    a = Dice(entropy=adc_noise)
    b = Dice(entropy=adc_noise)
    assert noise[0] == 64          # 32 samples each
    assert [a.roll() for _ in range(20)] != [b.roll() for _ in range(20)]
    c, e = Dice(seed=5), Dice(seed=5)
    e.stir(123456789)              # a button press time
    assert [c.roll() for _ in range(20)] != [e.roll() for _ in range(20)]
    z = Dice(seed=0)
    assert len(set(z.next32() for _ in range(8))) > 1   # not xoshiro's all-zero state (0s for ever)
