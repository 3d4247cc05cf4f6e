"""Exact win chances in a small bear-off, for the cube (app/seatcube.py).

In a bear-off (no contact, every checker of both sides in its home board, each side with
at least one checker off, so no gammon) the game is two independent races to bear off:
each side's chance of needing exactly k more rolls, its play of each roll the one that
needs the fewest rolls on average (GNU Backgammon's one-sided bear-off database's rule),
gives the side on roll's win chance exactly: sum over k of P(it needs k) * P(the opponent
needs k or more) (GNU Backgammon 2-ply's to 0.001 in such positions). The board's net is
least right in bear-offs (its win chance off gnubg 2-ply's by 4.8 points, standard
deviation, on fit_cube's training split, against 3.2 with contact; by 30 points with four
checkers on the ace against three on the ace and deuce), so the cube takes these answers
instead.

The chances of every small position (at most PIPS pips, 496 positions) are a table on the
flash, engine/bearoff.bin, made by `python -m host_tools train bearoff` (its format there):
computed here they took several seconds of the Pico's time a question. A question reads the
file through once for its check (engine/filecheck.py) and two rows of it by binary search:
a few small buffers, nothing kept.
"""
PATH = "engine/bearoff.bin"     # on the board's flash, beside the compiled modules
PIPS = 15                       # a small bear-off: at most this many pips a side
_HEAD = 8                       # b"TBB1", uint16 positions, uint8 rolls, 0


def home(side):
    """The 6 home-board counts of a 25-point array (index 24 the bar) packed 4 bits a
    point (the table's key), or None when a checker is outside the home board, none is off
    or the pips are more than PIPS."""
    for i in range(6, 25):
        if side[i]:
            return None
    n = 0
    pips = 0
    key = 0
    for i in range(6):
        n += side[i]
        pips += (i + 1) * side[i]
        key |= side[i] << (4 * i)
    return key if 0 < n < 15 and pips <= PIPS else None


def _row(f, n, size, key):
    """The table's row of `key` (binary search over its n rows of `size` bytes)."""
    row = bytearray(size)
    lo = 0
    hi = n - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        f.seek(_HEAD + mid * size)
        if f.readinto(row) != size:
            break
        k = row[0] | (row[1] << 8) | (row[2] << 16)
        if k == key:
            return row
        if k < key:
            lo = mid + 1
        else:
            hi = mid - 1
    raise ValueError("%s lacks a position: not this version" % PATH)


def probabilities(me, opp, path=PATH):
    """The side on roll's five probabilities (w, 0, 0, 0, 0: no gammon is left) in a small
    bear-off of (me, opp), else None. OSError when the table cannot be read (not on the
    flash: a board without it), ValueError when it is damaged or not this version."""
    km = home(me)
    ko = home(opp)
    if km is None or ko is None:
        return None
    from engine.filecheck import check_file
    check_file(path)
    with open(path, "rb") as f:
        head = f.read(_HEAD)
        if len(head) != _HEAD or head[:4] != b"TBB1":
            raise ValueError("%s is not a bear-off table" % path)
        n = head[4] | (head[5] << 8)
        rolls = head[6]
        size = 3 + 2 * rolls
        a = _row(f, n, size, km)
        b = _row(f, n, size, ko)
    w = 0
    left = 65535                # the opponent needs k rolls or more (1/65535)
    for k in range(rolls):
        w += (a[3 + 2 * k] | (a[4 + 2 * k] << 8)) * left
        left -= b[3 + 2 * k] | (b[4 + 2 * k] << 8)
        if left < 0:
            left = 0
    p = w / 4294836225.0        # 65535 squared
    return (1.0 if p > 1.0 else p, 0.0, 0.0, 0.0, 0.0)
