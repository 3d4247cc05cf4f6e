"""The 16 hand-made inputs of the strong level's leaf net (engine/deepleaf.py), as integers.

For each side (the side on roll first, then the other, each from its own side), eight
counts, whose net inputs are count / DIV (host_tools/train/probe_inputs.py's features(),
which the net was fitted on, computes the same numbers in numpy; a test checks them equal):
  0 shots      rolls of 36 on which the other side hits one of this side's blots
  1 escapes    rolls of 36 taking this side's rearmost checker past the lowest point the
               other side made within 12 of it (36 when there is none)
  2 prime      the longest run of the other's made points in front of that checker
  3 break      pips this side must travel until no checker of it is behind the other's
               rearmost checker (contact broken)
  4 home       the other's made points in its home board, squared
  5 doubles    rolls of 36 that hit two of this side's blots
  6 pips lost  sum over rolls of 36 of the pips the hit blot had travelled (the rearmost
               blot hit)
  7 anchor     this side's highest made point among its 13..24 (0: none)
As in the fitted features, the other side's checkers on the bar hit as if free to move.
Board: `me` and `opp` 25 bytes each, index i = the side's point i + 1, 24 its bar.

The board runs engine/leaffeat_vp.py's viper function (inputs_vp); this module is its twin
in bytecode (CPython, a port without viper), step for step: each side's points as bit
masks (bit s: the side's point s), all its blots tested against a roll at once.
"""
DIV = (36, 36, 6, 100, 36, 36, 900, 24)
NFEAT = 16
_FULL = (1 << 25) - 1


def side(me, opp, out, at):
    """The eight counts of `me`'s side into out[at:at + 8]."""
    occ = 0                            # bit s: the other has a checker on my s (0: its bar)
    their = 0                          # bit x: the other made my point x (1..24)
    made = 0                           # bit p: I made my point p (1..24)
    blots = 0                          # bit t: my blot on my point t (1..24)
    rear = 0                           # my rearmost checker (25: the bar)
    for i in range(25):
        n = opp[24 - i]
        if n:
            occ |= 1 << i
            if n >= 2 and i:
                their |= 1 << i
        n = me[i]
        if n:
            rear = i + 1
            if i < 24:
                if n == 1:
                    blots |= 2 << i
                else:
                    made |= 2 << i
    full = _FULL
    shots = shots2 = piploss = 0
    if blots:
        # (each mask cut to the bits that stay within the board's 25 before it is shifted:
        # a shifted 25-bit mask passes the 31 bits of the Pico's small ints, and MicroPython
        # would allocate every such value; only bits 0..24 are ever kept, so the counts are
        # inputs_vp's, whose 32-bit words drop the same bits)
        for a in range(1, 7):
            oa = (occ & (full >> a)) << a
            ma = (made & (full >> a)) << a
            for b in range(a, 7):
                if a != b:
                    w = 2
                    h = oa | ((occ & (full >> b)) << b) | (
                        ((occ & (full >> (a + b))) << (a + b)) & (full ^ (ma & ((made & (full >> b)) << b))))
                else:
                    w = 1
                    h = 0
                    f = full
                    k = a
                    while k <= 4 * a:                  # a step on a point I made blocks the rest
                        h |= f & ((occ & (full >> k)) << k)
                        f &= full ^ ((made & (full >> k)) << k)
                        k += a
                h &= blots
                if h:
                    shots += w
                    if h & (h - 1):
                        shots2 += w
                    piploss += w * (25 - _top(h))    # the highest blot hit
    x = max(rear - 12, 1)              # the other's lowest made point within 12
    while x < rear and not (their >> x) & 1:
        x += 1
    esc = 36
    if x < rear:
        stop = 0                       # bit k: the other made my point rear - k
        for k in range(1, rear):
            stop |= ((their >> (rear - k)) & 1) << k
        free = full ^ stop             # bit k: k pips land on no point the other made
        past = free & (full ^ ((2 << (rear - x)) - 1))     # ... and pass its wall
        esc = 0
        for a in range(1, 7):
            for b in range(a, 7):
                if a != b:
                    esc += 2 * (((past >> a) | (past >> b) | ((past >> (a + b)) & ((free >> a) | (free >> b)))) & 1)
                else:
                    k = a
                    while k <= 4 * a and (free >> k) & 1:
                        if (past >> k) & 1:
                            esc += 1
                            break
                        k += a
    run = their & ((1 << rear) - 1)    # the longest run: how many x &= x >> 1 empty it
    prime = 0
    while run:
        run &= run >> 1
        prime += 1
    orear = 0                          # the other's rearmost checker, on my scale
    while orear < 25 and not (occ >> orear) & 1:
        orear += 1
    brk = 0
    for i in range(orear, 25):
        brk += me[i] * (i + 1 - orear)
    hm = (their >> 19) & 63
    home = 0
    while hm:
        home += hm & 1
        hm >>= 1
    anchor = 24
    while anchor > 12 and not (made >> anchor) & 1:
        anchor -= 1
    if anchor == 12:
        anchor = 0
    out[at] = shots
    out[at + 1] = esc
    out[at + 2] = prime
    out[at + 3] = brk
    out[at + 4] = home * home
    out[at + 5] = shots2
    out[at + 6] = piploss
    out[at + 7] = anchor


def _top(h):
    # the highest bit set of h (< 2**25), as inputs_vp finds it (MicroPython's int has no
    # bit_length; no loop over a tuple, whose iterator would be allocated at every call)
    t = 0
    if h >> 16:
        t = 16
        h >>= 16
    if h >> 8:
        t += 8
        h >>= 8
    if h >> 4:
        t += 4
        h >>= 4
    if h >> 2:
        t += 2
        h >>= 2
    if h >> 1:
        t += 1
    return t


def counts(me, opp, out):
    """The 16 counts of a position (`me` on roll) into out[0:16]."""
    side(me, opp, out, 0)
    side(opp, me, out, 8)


def inputs(h, a, b, me, opp, out, mul):
    """engine/leaffeat_vp.py's inputs_vp: out[k] = count k x mul[k] (h, a, b: unused, the
    viper function's registers)."""
    counts(me, opp, out)
    for k in range(NFEAT):
        out[k] *= mul[k]
