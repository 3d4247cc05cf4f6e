"""The viper functions of engine/net.py's evaluator: machine code on the board.

Compiled ahead by mpy-cross with the board's architecture (`-march=armv6m` for the Pico,
host_tools/cmd_flash.compile_tree; the host's for the MicroPython unix port), so the board
never parses or compiles them: its heap holds their native code, not a compiler's work or
their text. engine/net.py imports them once and forgets the module (rare.forget). Where the
interpreter cannot load native code (CPython, MicroPython's WebAssembly port) the import
fails and engine/net_py.py's pure code runs the same arithmetic bit for bit.

Three functions, each loop once in the native code (about 4 KB of Thumb, in the heap on
the Pico); a leaf of a walk is three calls: delta_vp, rows_vp(mode 2), tail_vp. Viper
keeps a function's first locals in registers (armv6m: two of them in these functions, r4
and r5), the others on the stack: the inner loops' variables come first, as parameters the
callers pass as 0. What makes its Thumb short (host_tools/benches/thumb_cycles.py counts
it): a constant index off a pointer is one load with an immediate offset, where a computed
index costs its arithmetic and the stack's loads and stores; a comparison costs about eight
instructions, so one test for a range; a branch the data decides is a shift or a xor
instead; and `a[i] = a[i] + v` where `a[i] += v` would keep a and i on the stack (the rows
loop 142 -> 114 -> 100 cycles a word; the hidden unit 467 -> 358 -> 282).

w: the net's head (engine/weights.py's read_net): nhid at uint16 1, the chunk table's offset
at 3; at bytes 8, 12, 16 the words that lead to M (then B1) and W2 (then B2), which lie in
the head or in place on the flash.
The hidden layer and the outputs come from the lane sums in acc: unit j's lane is word
2 * (j >> 2) + (j & 1), half (j >> 1) & 1. A row of an input is summed into acc with
x = xs[k] - xoff.
"""
import micropython


@micropython.viper
def delta_vp(i: int, a: int, n: int, work: ptr8, me: ptr8, opp: ptr8, full: int) -> int:
    # the inputs that differ from the root's (boards in work), rows and xs = change + 64;
    # full: a whole position's inputs (the change from an empty board, the checkers off
    # counted from none): what a function of its own (active_vp) did in 0.8 KB of Thumb

    rows = ptr16(int(work) + 544)
    xs = ptr8(int(work) + 672)
    old = ptr8(int(work) + (788 if full else 736))
    k = 0
    sd = 0
    while sd < 2:
        side = ptr8(int(me) if sd == 0 else int(opp))
        base = 101 * sd
        told = 0
        tnew = 0
        i = 0
        while i < 25:
            a = int(old[25 * sd + i])
            n = int(side[i])
            told += a
            tnew += n
            if a != n:
                r = base + 4 * i
                t = 0
                while t < 4:                 # one, two, three or more; beyond three
                    if t < 3:
                        d = (1 if n > t else 0) - (1 if a > t else 0)
                    else:
                        d = (n - 3 if n > 3 else 0) - (a - 3 if a > 3 else 0)
                    if d:
                        rows[k] = r + t
                        xs[k] = d + 64
                        k += 1
                    t += 1
            i += 1
        d = told - tnew + (15 if full else 0)   # (from nothing: the checkers off)
        if d:
            rows[k] = base + 100
            xs[k] = d + 64
            k += 1
        sd += 1
    count = k

    return count


@micropython.viper
def rows_vp(n: int, acc: ptr32, p: ptr32, w: ptr8, work: ptr8, base: ptr8, count: int, mode: int) -> int:
    # mode 0: acc = the rows of rows/xs; 1: the same into the root's sums (its total kept);
    # 2: acc = the root's sums plus the changed rows. xs = x + 64. Returns the input total.

    wa = int(w)
    hd = ptr16(wa)
    nh = int(hd[1])

    acc = ptr32(int(work) + (256 if mode == 1 else 0))
    root = ptr32(int(work) + 256)
    n = nh >> 1
    if mode == 2:
        while n:
            n -= 1
            acc[n] = root[n]
        tt = int(ptr32(int(work) + 532)[0])
    else:
        while n:
            n -= 1
            acc[n] = 0
        tt = 0
    xoff = 64

    m8 = 16711935
    rows = ptr16(int(work) + 544)
    xs = ptr8(int(work) + 672)
    tab = ptr32(wa + int(hd[3]))
    sh = int(tab[0])
    pm = (1 << sh) - 1
    wb = int(base)
    r = 0
    while r < count:
        i = int(rows[r])
        p = ptr32(wb + int(tab[1 + (i >> sh)]) + (i & pm) * nh)
        x = int(xs[r]) - xoff
        tt += x
        n = nh >> 2
        # (a plain store of a sum, not `+=` on a computed index: viper's Thumb for an
        # augmented store keeps the base and the index on the stack: 114 -> 100 cycles a word)
        if x == 1:
            while n:
                n -= 1
                u = p[n]
                i = n << 1
                acc[i] = acc[i] + (u & m8)
                acc[i + 1] = acc[i + 1] + ((u >> 8) & m8)
        elif x == -1:
            while n:
                n -= 1
                u = p[n]
                i = n << 1
                acc[i] = acc[i] - (u & m8)
                acc[i + 1] = acc[i + 1] - ((u >> 8) & m8)
        else:
            while n:
                n -= 1
                u = p[n]
                i = n << 1
                acc[i] = acc[i] + x * (u & m8)
                acc[i + 1] = acc[i + 1] + x * ((u >> 8) & m8)
        r += 1

    if mode == 1:
        ptr32(int(work) + 532)[0] = tt
    return tt


@micropython.viper
def tail_vp(j: int, h: int, k: int, w: ptr8, work: ptr8, sig: ptr16, tt: int) -> int:
    # the hidden units from the lane sums, the outputs (into work) and the equity
    acc = ptr32(work)

    wa = int(w)
    hd = ptr16(wa)
    nh = int(hd[1])

    # M then B1, W2 then B2: where the head's words say (engine/weights.py: each word less
    # the lowest of the head's, M's and W2's addresses, the first the head's own)
    mul = ptr16(wa - int(ptr32(wa + 8)[0]) + int(ptr32(wa + 12)[0]))
    bias = ptr16(int(mul) + 2 * nh)
    q = ptr16(wa - int(ptr32(wa + 8)[0]) + int(ptr32(wa + 16)[0]))
    corr = tt << 7
    s0 = 0
    s1 = 0
    s2 = 0
    s3 = 0
    s4 = 0
    hsum = 0
    j = 0
    k = int(q)             # unit j's 5 output weights: stepped 10 bytes a unit, read at
    while j < nh:          # constant offsets (the Thumb's immediates, no index arithmetic)
        # unit j's lane, its half by a shift (a lane's sum stays under 2^15: 255 x at most
        # 60 inputs' x, so the word is never negative), its bias sign-extended by a xor
        v = (int(acc[((j >> 2) << 1) + (j & 1)]) >> ((j & 2) << 3)) & 65535
        a = ((int(bias[j]) ^ 32768) - 32768) + (((v - corr) * int(mul[j])) >> 6)
        t = (a >> 6) + 128
        if (t >> 8) == 0:                  # 0 <= t < 256 (the usual case) in one test
            lo = int(sig[t])
            h = lo + (((int(sig[t + 1]) - lo) * (a & 63)) >> 6)
        elif t < 0:
            h = int(sig[0])
        else:
            h = int(sig[256])
        h = h >> 6
        hsum += h
        s0 += h * int(ptr16(k)[0])
        s1 += h * int(ptr16(k)[1])
        s2 += h * int(ptr16(k)[2])
        s3 += h * int(ptr16(k)[3])
        s4 += h * int(ptr16(k)[4])
        k += 10
        j += 1
    hsum = hsum << 12
    out = ptr32(int(work) + 512)
    out[0] = s0
    out[1] = s1
    out[2] = s2
    out[3] = s3
    out[4] = s4
    k = 5 * nh
    e = -65536
    i = 0
    while i < 5:
        b = int(out[i]) - hsum + (int(q[k + i]) - 4096) * 1024
        t = (b >> 14) + 128
        if t < 0:
            v = int(sig[0])
        elif t >= 256:
            v = int(sig[256])
        else:
            lo = int(sig[t])
            v = lo + (((int(sig[t + 1]) - lo) * (b & 16383)) >> 14)
        out[i] = v
        if i == 0:
            e += 2 * v
        elif i < 3:
            e += v
        else:
            e -= v
        i += 1
    return e
