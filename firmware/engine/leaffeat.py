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
"""
DIV = (36, 36, 6, 100, 36, 36, 900, 24)
NFEAT = 16


# per side, made once: the other's checkers on my point s (0: its bar), my made points p
# (0: none), the other's made points on my x (0: its bar), the roll's pip table
_OCC = bytearray(25)
_MINE = bytearray(25)
_THEIRS = bytearray(26)
_STOP = bytearray(25)          # the other made my point rear - k (k 0..24; none below 1)
_BLOTS = bytearray(15)         # my blots' points, ascending


def side(me, opp, out, at):
    """The eight counts of `me`'s side into out[at:at + 8]."""
    occ = _OCC
    mine = _MINE
    theirs = _THEIRS
    nblot = 0
    rear = 0                                   # my rearmost checker (25: the bar)
    for i in range(25):
        o = opp[24 - i]
        occ[i] = o > 0
        theirs[i] = o >= 2
        n = me[i]
        if n:
            rear = i + 1
            if n == 1 and i < 24:
                _BLOTS[nblot] = i + 1
                nblot += 1
        if i:
            mine[i] = me[i - 1] >= 2
    shots = shots2 = piploss = 0
    blots = _BLOTS
    if nblot:
        for a in range(1, 7):
            for b in range(a, 7):
                hit = 0
                worst = 0
                for j in range(nblot):
                    t = blots[j]
                    if a != b:
                        h = ((t >= a and occ[t - a]) or (t >= b and occ[t - b])
                             or (t >= a + b and occ[t - a - b] and not (mine[t - b] and mine[t - a])))
                    else:
                        h = False
                        s = t - a
                        k = 0
                        while k < 4 and s >= 0:
                            if occ[s]:
                                h = True
                                break
                            if mine[s]:
                                break
                            s -= a
                            k += 1
                    if h:
                        hit += 1
                        worst = 25 - t
                if hit:
                    w = 1 if a == b else 2
                    shots += w
                    piploss += w * worst
                    if hit >= 2:
                        shots2 += w
    wall = 0                                   # the other's lowest made point within 12
    for d in range(12, 0, -1):
        x = rear - d
        if x >= 1 and theirs[x]:
            wall = x
            break
    if wall == 0:
        esc = 36
    else:
        stop = _STOP
        for k in range(25):
            p = rear - k
            stop[k] = p >= 1 and theirs[p]
        esc = 0
        lim = rear - wall                      # a move of more than lim pips passes the wall
        for a in range(1, 7):
            for b in range(a, 7):
                if a != b:
                    e = ((a > lim and not stop[a]) or (b > lim and not stop[b])
                         or (a + b > lim and not stop[a + b] and not (stop[a] and stop[b])))
                    if e:
                        esc += 2
                else:
                    k = a
                    while k <= 4 * a:
                        if stop[k]:
                            break
                        if k > lim:
                            esc += 1
                            break
                        k += a
    run = prime = 0
    for x in range(1, rear if rear < 25 else 25):
        if theirs[x]:
            run += 1
            if run > prime:
                prime = run
        else:
            run = 0
    orear = 99                                 # the other's rearmost checker, on my scale
    for x in range(25):
        if occ[x]:
            orear = x
            break
    brk = 0
    for i in range(orear, 25):
        if me[i]:
            brk += me[i] * (i + 1 - orear)
    home = theirs[19] + theirs[20] + theirs[21] + theirs[22] + theirs[23] + theirs[24]
    anchor = 0
    for i in range(23, 11, -1):
        if me[i] >= 2:
            anchor = i + 1
            break
    out[at] = shots
    out[at + 1] = esc
    out[at + 2] = prime
    out[at + 3] = brk
    out[at + 4] = home * home
    out[at + 5] = shots2
    out[at + 6] = piploss
    out[at + 7] = anchor


def counts(me, opp, out):
    """The 16 counts of a position (`me` on roll) into out[0:16]."""
    side(me, opp, out, 0)
    side(opp, me, out, 8)
