"""The viper functions of engine/deepleaf.py's leaf net: machine code on the board, compiled
ahead by mpy-cross with the board's architecture as engine/net_vp.py's are (no compiler's
work in the heap at a strong think's first). engine/deepleaf_make.py imports them when the
leaf net is made and forgets the module. The same arithmetic in bytecode:
engine/deepleaf_py.py. The outputs (once a leaf) are engine/deepleaf.py's out_bc, in
bytecode on the board too."""
# (the first locals of a viper function live in registers: the inner loops use them)
import micropython


@micropython.viper
def lanes_vp(n: int, acc: ptr32, row: ptr32, x: int, nh: int):
    # x 0: clear the lanes; else acc += x * row, two units a word (engine/net.py's lanes)
    m8 = 16711935
    if x == 0:
        n = nh >> 1
        while n:
            n -= 1
            acc[n] = 0
        return
    n = nh >> 2
    while n:
        n -= 1
        u = row[n]
        acc[2 * n] += x * (u & m8)
        acc[2 * n + 1] += x * ((u >> 8) & m8)


@micropython.viper
def block_vp(j: int, h: int, r: int, buf: ptr8, work: ptr8, sig: ptr16, y: ptr32):
    # a block of y[18] hidden units from unit y[17] (30 bytes each in buf): their
    # activations from the lanes and the feature terms, into the sums at work + 512
    acc = ptr32(work)
    s = ptr32(int(work) + 512)
    corr = int(y[16])
    j0 = int(y[17])
    cnt = int(y[18])
    if j0 == 0:
        s[0] = 0
        s[1] = 0
        s[2] = 0
        s[3] = 0
        s[4] = 0
        s[5] = 0
    s0 = int(s[0])
    s1 = int(s[1])
    s2 = int(s[2])
    s3 = int(s[3])
    s4 = int(s[4])
    hsum = int(s[5])
    r = 0
    while r < cnt:
        j = j0 + r
        p = ptr8(int(buf) + 30 * r)
        q = ptr16(int(buf) + 30 * r)
        v = int(acc[((j >> 2) << 1) + (j & 1)])
        if (j >> 1) & 1:
            v = v >> 16
        else:
            v = v & 65535
        bj = int(q[1])
        if bj & 32768:
            bj -= 65536
        ff = 0
        k = 0
        while k < 16:
            ff += (int(p[14 + k]) - 128) * int(y[k])
            k += 1
        a = bj + (((v - corr) * int(q[0])) >> 6) + (ff >> 11)
        t = (a >> 6) + 128
        if t < 0:
            h = int(sig[0])
        elif t >= 256:
            h = int(sig[256])
        else:
            lo = int(sig[t])
            h = lo + (((int(sig[t + 1]) - lo) * (a & 63)) >> 6)
        h = h >> 6
        hsum += h
        s0 += h * int(q[2])
        s1 += h * int(q[3])
        s2 += h * int(q[4])
        s3 += h * int(q[5])
        s4 += h * int(q[6])
        r += 1
    s[0] = s0
    s[1] = s1
    s[2] = s2
    s[3] = s3
    s[4] = s4
    s[5] = hsum
