"""PubEval: Gerald Tesauro's linear benchmark evaluator (the `easy` level, and the
reference opponent of `make strength`).

Tesauro released PubEval (IBM Research, 1993) as a public service to the backgammon
programming community, placing it in the public domain. The two weight vectors below are
his published values (122 each: `RACE` for positions without contact, `CONTACT` for the
others); the encoding follows his description: for each of our points 24..1 in that order, five
inputs (a lone opposing blot; exactly one of ours; two or more; exactly three; half of
those beyond three), then the opposing checkers on the bar / 2, our checkers off / 15.
The score ranks the positions reached by our plays (higher is better); it is not a
probability. His weights are written here times 100,000 (his five decimals, exactly) and
the score is computed in integers as 30 x 100,000 x his score (the halves and fifteenths of
his inputs made whole): small ints on the Pico (below 2**30, checked for the worst board),
where 244 floats would be 244 heap objects.
"""

RACE = (
    0, -17160, 27010, 29906, -8471, 0, -140375, -105121, 7217, -1351, 0, -129506,
    -216183, 13246, -103508, 0, -229847, -234631, 17253, 8302, 0, -127266, -287401,
    -7456, -34240, 0, -134640, -246556, -13022, -1591, 0, 27448, 60015, 48302, 25236, 0,
    39521, 68178, 5281, 9266, 0, 24855, -6844, -37646, 5685, 0, 17405, 430, 74427, 576,
    0, 12392, 31202, -91035, -16270, 0, 1418, -10839, -2781, -88035, 0, 107274, 200366,
    116242, 22520, 0, 85631, 106349, 149549, 18966, 0, 37183, -50352, -14818, 12039, 0,
    13681, 13978, 111245, -12707, 0, -22082, 20178, -6285, -52728, 0, -13597, -19412,
    -9308, -126062, 0, 305454, 516874, 150680, 535000, 0, 219605, 385390, 88296, 230052,
    0, 92321, 108744, -11696, -78560, 0, -9795, -83050, -109167, -494251, 0, -100316,
    -366465, -256906, -967677, 0, -277982, -726713, -340177, -1232252, 0, 342040)

CONTACT = (
    25696, -66937, -166135, -202487, -253398, -16092, -111725, -106654, -92830, -199558,
    -110388, -80802, 9856, -62086, -127999, -59220, -73667, 89032, -38933, -159847,
    -150197, -60966, 156166, -47389, -180390, -83425, -97741, -141371, 24500, 10970,
    -136476, -105572, 115420, 11069, -38319, -74816, -59244, 81116, -39511, 11424,
    -73169, -56074, 109792, 15977, 13786, -118435, -43363, 106169, -21329, 4798, -94373,
    -22982, 122737, -13099, -6295, -75882, -13658, 178389, 30416, 36797, -69851, 13003,
    123070, 40868, -21081, -64073, 31061, 159554, 65718, 25429, -80789, 8240, 178964,
    54304, 41174, -106161, 7851, 201451, 49786, 91936, -90750, 5941, 183120, 58722,
    128777, -83711, -33248, 264983, 52698, 82132, -58897, -118223, 335809, 62017, 57353,
    -7276, -36214, 437655, 45481, 21746, 10504, -61977, 354001, 4612, -18108, 63211,
    -87046, 247673, -48016, -127157, 86505, -111342, 124612, -82385, -277082, 123606,
    -159529, 10438, -130206, -411520, 562596, -275800)

WON = (1 << 30) - 1            # above any score: the largest small int on the Pico


def score(me, opp, race):
    """PubEval's score of the position reached by our play: `me` our checkers (index i =
    our point i+1, 24 = bar), `opp` the opponent's from its own side (its point j is our
    25 - j). `race`: whether the position BEFORE the play had no contact."""
    w = RACE if race else CONTACT
    off = 15 - sum(me)
    if off == 15:
        return WON
    s = 0
    for b in range(24):                # inputs 5b .. 5b+4 describe our point 24 - b
        pt = 24 - b
        n = me[pt - 1]
        base = 5 * b
        if n:
            if n == 1:
                s += 30 * w[base + 1]
            else:
                s += 30 * w[base + 2]
                if n == 3:
                    s += 30 * w[base + 3]
                elif n >= 4:
                    s += 15 * (n - 3) * w[base + 4]
        elif opp[24 - pt] == 1:        # a lone opposing checker on our point pt
            s += 30 * w[base]
    s += 15 * opp[24] * w[120]
    s += 2 * off * w[121]
    return s
