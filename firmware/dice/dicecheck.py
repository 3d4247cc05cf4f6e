"""The dice check: a chi-squared test of a set of rolls, with its p-value, without scipy.

    c = DiceCount()
    c.add(d1, d2)                  # each roll (not the opening roll: it is never a double)
    c.faces_test()                 # (chi2, degrees of freedom 5, p-value) of the 6 faces
    c.kinds_test()                 # (chi2, 20, p) of the 21 roll kinds (1-1, 2-1, ... 6-6)

Expected counts: each face 1/6 of the dice; a double 1/36 of the rolls, any other kind
(a-b with a != b, in either order) 2/36. The p-value is the chance that fair dice give a
chi-squared at least this large: P(chi2 >= x) for k degrees of freedom is the regularised
upper incomplete gamma function Q(k/2, x/2), computed by its series below a + 1 and by its
continued fraction above (Numerical Recipes 6.2). A small p (below 0.001) says the dice look
biased; with fewer than 5 expected in a cell (under 180 rolls: a double's expected count is n / 36) the test says
little (`enough()`).
"""
import math

KINDS = 21
P_SUSPECT = 0.001


def kind_index(d1, d2):
    """0..20: the 21 kinds, 1-1 first, ordered by (high, low)."""
    hi, lo = (d1, d2) if d1 >= d2 else (d2, d1)
    return (hi - 1) * hi // 2 + lo - 1


def _log_gamma_half(a2):
    """log Gamma(a2 / 2) for a whole a2 >= 1: exact by Gamma(a + 1) = a Gamma(a)."""
    if a2 % 2:
        g, a = 0.5 * math.log(math.pi), 0.5   # Gamma(1/2) = sqrt(pi)
    else:
        g, a = 0.0, 1.0
    while a * 2 < a2:
        g += math.log(a)
        a += 1
    return g


def q_gamma(a2, x):
    """Q(a, x), the regularised upper incomplete gamma, for a = a2 / 2 (a2 a whole number)."""
    a = a2 / 2
    if x <= 0:
        return 1.0
    lg = _log_gamma_half(a2)
    front = math.exp(-x + a * math.log(x) - lg)
    if x < a + 1:
        # series: P(a, x) = front * sum x^n / (a (a+1) ... (a+n))
        term = total = 1.0 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - front * total)
    # continued fraction (modified Lentz)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        if abs(d) < tiny:
            d = tiny
        c = b + an / c
        if abs(c) < tiny:
            c = tiny
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return front * h


def p_value(chi2, df):
    """P(X >= chi2) for X chi-squared with `df` degrees of freedom."""
    return q_gamma(df, chi2 / 2)


def chi2_of(counts, expected):
    """Pearson's chi-squared of observed counts against expected ones."""
    s = 0.0
    for i in range(len(counts)):
        e = expected[i]
        s += (counts[i] - e) * (counts[i] - e) / e
    return s


class DiceCount:
    """Counts of faces and roll kinds: 27 small ints, fed one roll at a time."""

    def __init__(self):
        self.faces = [0] * 6
        self.kinds = [0] * KINDS
        self.rolls = 0

    def add(self, d1, d2):
        self.faces[d1 - 1] += 1
        self.faces[d2 - 1] += 1
        self.kinds[kind_index(d1, d2)] += 1
        self.rolls += 1

    def faces_test(self):
        n = 2 * self.rolls
        chi2 = chi2_of(self.faces, [n / 6] * 6) if n else 0.0
        return chi2, 5, p_value(chi2, 5)

    def kinds_test(self):
        n = self.rolls
        exp = [0.0] * KINDS
        for hi in range(1, 7):
            for lo in range(1, hi + 1):
                exp[kind_index(hi, lo)] = n * (1 if hi == lo else 2) / 36
        chi2 = chi2_of(self.kinds, exp) if n else 0.0
        return chi2, 20, p_value(chi2, 20)

    def enough(self):
        """True when every expected count is at least 5 (the test's usual condition)."""
        return self.rolls >= 180   # a double's expected count n / 36 >= 5

    def summary(self, fr=False):
        """Short lines for the OLED (16 columns) and serial: rolls, each test's p (fr: in
        French, for a French board's Dice page)."""
        f = self.faces_test()
        k = self.kinds_test()
        out = ["TEST DES DÉS" if fr else "DICE CHECK", ("%d lancers" if fr else "%d rolls") % self.rolls,
               "faces p=%.3f" % f[2], ("types p=%.3f" if fr else "kinds p=%.3f") % k[2]]
        if not self.enough():
            out.append("peu de lancers" if fr else "too few rolls")
        elif f[2] < P_SUSPECT or k[2] < P_SUSPECT:
            out.append("semble biaisé" if fr else "looks biased")
        else:
            out.append("semble honnête" if fr else "looks fair")
        return out
