"""The opening roll of a game.

Rules (seeds 000, 002, 004): each player rolls one die; a tie is rolled again; the higher
die moves first and plays both dice, so the first play is never a double. Variant (seed
004): the winner rolls both dice again instead; that roll may be a double.
Pure: the dice values are passed in. Players are 0 and 1; NOBODY (-1) means a tie.
"""

from bg.cube import NOBODY


def opening_roll(die0, die1):
    """Who moves first after each player rolled one die: 0, 1, or NOBODY on a tie.

    On a tie both roll again. The winner plays both dice (`opening_dice`).
    """
    _check_die(die0)
    _check_die(die1)
    if die0 == die1:
        return NOBODY
    return 0 if die0 > die1 else 1


def opening_dice(die0, die1, reroll=None):
    """The first play's dice, higher first: never a double (a tie is rolled again).

    reroll: with the variant where the opening winner rolls both dice again (seed 004),
    that new roll (d1, d2); it is returned higher first and may be a double.
    """
    if opening_roll(die0, die1) == NOBODY:
        raise ValueError("a tie (%d-%d) is rolled again: it is not an opening roll" % (die0, die1))
    if reroll is not None:
        die0, die1 = reroll
        _check_die(die0)
        _check_die(die1)
    return (die0, die1) if die0 >= die1 else (die1, die0)


def _check_die(die):
    if not isinstance(die, int) or die < 1 or die > 6:
        raise ValueError("a die shows 1 to 6, not %r" % (die,))
