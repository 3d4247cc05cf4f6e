"""The opening roll: higher die first, ties rolled again, the re-roll variant."""
from bg.cube import NOBODY
from bg.opening import opening_roll, opening_dice
from raising import raises_value_error


def test_opening_roll_higher_die_moves_first():
    assert opening_roll(5, 3) == 0
    assert opening_roll(2, 6) == 1
    assert opening_dice(2, 6) == (6, 2)
    assert opening_dice(4, 1) == (4, 1)


def test_opening_roll_tie_rolls_again_so_never_a_double():
    for d in range(1, 7):
        assert opening_roll(d, d) == NOBODY
        assert "rolled again" in raises_value_error(opening_dice, d, d)
    firsts = set()
    for a in range(1, 7):
        for b in range(1, 7):
            if a != b:
                hi, lo = opening_dice(a, b)
                assert hi > lo
                firsts.add((hi, lo))
    assert len(firsts) == 15


def test_opening_variant_winner_rolls_both_dice_again():
    assert opening_dice(5, 3, (2, 4)) == (4, 2)
    assert opening_dice(3, 5, (6, 6)) == (6, 6)       # the re-roll may be a double
    assert "rolled again" in raises_value_error(opening_dice, 4, 4, (1, 2))
    assert "1 to 6" in raises_value_error(opening_dice, 5, 3, (0, 2))


def test_opening_roll_bad_die():
    assert "1 to 6" in raises_value_error(opening_roll, 0, 3)
    assert "1 to 6" in raises_value_error(opening_roll, 3, 7)
