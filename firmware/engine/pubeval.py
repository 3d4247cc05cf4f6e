"""PubEval: Gerald Tesauro's linear benchmark evaluator (the `easy` level, and the
reference opponent of `make strength`).

Tesauro released PubEval (IBM Research, 1993) as a public service to the backgammon
programming community, placing it in the public domain. The two weight vectors below are
his published values (122 each: `RACE` for positions without contact, `CONTACT` for the
others); the encoding follows his description: for each of our points 24..1 in that order, five
inputs (a lone opposing blot; exactly one of ours; two or more; exactly three; half of
those beyond three), then the opposing checkers on the bar / 2, our checkers off / 15.
The score ranks the positions reached by our plays (higher is better); it is not a
probability. Floats are fine here: nothing compares it across interpreters.
"""

RACE = (
    .00000, -.17160, .27010, .29906, -.08471, .00000, -1.40375,
    -1.05121, .07217, -.01351, .00000, -1.29506, -2.16183, .13246,
    -1.03508, .00000, -2.29847, -2.34631, .17253, .08302, .00000,
    -1.27266, -2.87401, -.07456, -.34240, .00000, -1.34640, -2.46556,
    -.13022, -.01591, .00000, .27448, .60015, .48302, .25236, .00000,
    .39521, .68178, .05281, .09266, .00000, .24855, -.06844, -.37646,
    .05685, .00000, .17405, .00430, .74427, .00576, .00000, .12392,
    .31202, -.91035, -.16270, .00000, .01418, -.10839, -.02781, -.88035,
    .00000, 1.07274, 2.00366, 1.16242, .22520, .00000, .85631, 1.06349,
    1.49549, .18966, .00000, .37183, -.50352, -.14818, .12039, .00000,
    .13681, .13978, 1.11245, -.12707, .00000, -.22082, .20178, -.06285,
    -.52728, .00000, -.13597, -.19412, -.09308, -1.26062, .00000, 3.05454,
    5.16874, 1.50680, 5.35000, .00000, 2.19605, 3.85390, .88296, 2.30052,
    .00000, .92321, 1.08744, -.11696, -.78560, .00000, -.09795, -.83050,
    -1.09167, -4.94251, .00000, -1.00316, -3.66465, -2.56906, -9.67677,
    .00000, -2.77982, -7.26713, -3.40177, -12.32252, .00000, 3.42040)

CONTACT = (
    .25696, -.66937, -1.66135, -2.02487, -2.53398, -.16092, -1.11725,
    -1.06654, -.92830, -1.99558, -1.10388, -.80802, .09856, -.62086,
    -1.27999, -.59220, -.73667, .89032, -.38933, -1.59847, -1.50197,
    -.60966, 1.56166, -.47389, -1.80390, -.83425, -.97741, -1.41371,
    .24500, .10970, -1.36476, -1.05572, 1.15420, .11069, -.38319, -.74816,
    -.59244, .81116, -.39511, .11424, -.73169, -.56074, 1.09792, .15977,
    .13786, -1.18435, -.43363, 1.06169, -.21329, .04798, -.94373, -.22982,
    1.22737, -.13099, -.06295, -.75882, -.13658, 1.78389, .30416, .36797,
    -.69851, .13003, 1.23070, .40868, -.21081, -.64073, .31061, 1.59554,
    .65718, .25429, -.80789, .08240, 1.78964, .54304, .41174, -1.06161,
    .07851, 2.01451, .49786, .91936, -.90750, .05941, 1.83120, .58722,
    1.28777, -.83711, -.33248, 2.64983, .52698, .82132, -.58897, -1.18223,
    3.35809, .62017, .57353, -.07276, -.36214, 4.37655, .45481, .21746,
    .10504, -.61977, 3.54001, .04612, -.18108, .63211, -.87046, 2.47673,
    -.48016, -1.27157, .86505, -1.11342, 1.24612, -.82385, -2.77082,
    1.23606, -1.59529, .10438, -1.30206, -4.11520, 5.62596, -2.75800)

WON = 99999999.0


def score(me, opp, race):
    """PubEval's score of the position reached by our play: `me` our checkers (index i =
    our point i+1, 24 = bar), `opp` the opponent's from its own side (its point j is our
    25 - j). `race`: whether the position BEFORE the play had no contact."""
    w = RACE if race else CONTACT
    off = 15 - sum(me)
    if off == 15:
        return WON
    s = 0.0
    for b in range(24):                # inputs 5b .. 5b+4 describe our point 24 - b
        pt = 24 - b
        n = me[pt - 1]
        base = 5 * b
        if n:
            if n == 1:
                s += w[base + 1]
            else:
                s += w[base + 2]
                if n == 3:
                    s += w[base + 3]
                elif n >= 4:
                    s += w[base + 4] * (n - 3) / 2.0
        elif opp[24 - pt] == 1:        # a lone opposing checker on our point pt
            s += w[base]
    s += w[120] * (opp[24] / 2.0)
    s += w[121] * (off / 15.0)
    return s
