"""The leaf net's 16 hand-made inputs (engine/leaffeat.py) as two viper functions: machine
code on the board, compiled ahead by mpy-cross as engine/net_vp.py's are, imported when the
leaf net is made (engine/deepleaf_make.py) and the module then forgotten. engine/leaffeat.py
is the same arithmetic in bytecode, step for step.

Why bit masks: a side's points are 25 bits (bit s: its point s), so "the other side stands
a pips before each of my blots" is one shift and one AND for all the blots at once (the
per-blot loops in bytecode were about two thirds of a leaf's time on the Pico). Shifted
masks may lose bits past the word (32 bits on the Pico, 64 here): only bits 0..24 are ever
kept (ANDed with the blots or 25-bit masks), the same on both and on Python's integers.
shots_vp's three counts come back packed in one int."""
# (the first locals of a viper function live in registers: the roll's loops use them)
import micropython


@micropython.viper
def shots_vp(h: int, a: int, b: int, occ: int, made: int, blots: int) -> int:
    # rolls of 36 hitting a blot + 256 x those hitting two + 65536 x the pips lost
    full = 33554431
    r = 0
    a = 1
    while a < 7:
        b = a
        while b < 7:
            if a != b:
                w = 2
                h = (occ << a) | (occ << b) | ((occ << (a + b)) & (full ^ ((made << a) & (made << b))))
            else:
                w = 1
                h = 0
                f = full
                k = a
                while k <= 4 * a:              # a step on a point I made blocks the rest
                    h |= f & (occ << k)
                    f &= full ^ (made << k)
                    k += a
            h &= blots
            if h:
                r += w
                if h & (h - 1):
                    r += w << 8
                t = 0                          # the highest blot hit
                if h >> 16:
                    t = 16
                    h = h >> 16
                if h >> 8:
                    t += 8
                    h = h >> 8
                if h >> 4:
                    t += 4
                    h = h >> 4
                if h >> 2:
                    t += 2
                    h = h >> 2
                if h >> 1:
                    t += 1
                r += (w * (25 - t)) << 16
            b += 1
        a += 1
    return r


@micropython.viper
def inputs_vp(x: int, k: int, i: int, me0: ptr8, opp0: ptr8, out: ptr32, mul: ptr32):
    # out[k] = count k x mul[k], k 0..15
    sd = 0
    while sd < 2:
        me = ptr8(int(me0) if sd == 0 else int(opp0))
        opp = ptr8(int(opp0) if sd == 0 else int(me0))
        occ = 0
        their = 0
        made = 0
        blots = 0
        rear = 0
        i = 0
        while i < 25:
            n = int(opp[24 - i])
            if n:
                occ |= 1 << i
                if n >= 2 and i:
                    their |= 1 << i
            n = int(me[i])
            if n:
                rear = i + 1
                if i < 24:
                    if n == 1:
                        blots |= 2 << i
                    else:
                        made |= 2 << i
            i += 1
        sh = int(shots_vp(0, 0, 0, occ, made, blots)) if blots else 0
        x = rear - 12
        if x < 1:
            x = 1
        while x < rear and ((their >> x) & 1) == 0:
            x += 1
        esc = 36
        if x < rear:
            stop = 0
            k = 1
            while k < rear:
                stop |= ((their >> (rear - k)) & 1) << k
                k += 1
            free = 33554431 ^ stop       # bit k: k pips land on no point the other made
            past = free & (33554431 ^ ((2 << (rear - x)) - 1))    # ... past its wall
            esc = 0
            a = 1
            while a < 7:
                b = a
                while b < 7:
                    if a != b:
                        esc += 2 * (((past >> a) | (past >> b) | ((past >> (a + b)) & ((free >> a) | (free >> b)))) & 1)
                    else:
                        k = a
                        while k <= 4 * a and (free >> k) & 1:
                            if (past >> k) & 1:
                                esc += 1
                                break
                            k += a
                    b += 1
                a += 1
        run = their & ((1 << rear) - 1)
        prime = 0
        while run:
            run = run & (run >> 1)
            prime += 1
        orear = 0
        while orear < 25 and ((occ >> orear) & 1) == 0:
            orear += 1
        brk = 0
        i = orear
        while i < 25:
            brk += int(me[i]) * (i + 1 - orear)
            i += 1
        hm = (their >> 19) & 63
        home = 0
        while hm:
            home += hm & 1
            hm = hm >> 1
        anchor = 24
        while anchor > 12 and ((made >> anchor) & 1) == 0:
            anchor -= 1
        if anchor == 12:
            anchor = 0
        o = ptr32(int(out) + 32 * sd)
        o[0] = sh & 255
        o[1] = esc
        o[2] = prime
        o[3] = brk
        o[4] = home * home
        o[5] = (sh >> 8) & 255
        o[6] = sh >> 16
        o[7] = anchor
        sd += 1
    k = 0
    while k < 16:
        out[k] = int(out[k]) * int(mul[k])
        k += 1
