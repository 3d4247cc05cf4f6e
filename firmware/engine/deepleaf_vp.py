"""The viper functions of engine/deepleaf.py's leaf net: machine code on the board, compiled
ahead by mpy-cross with the board's architecture as engine/net_vp.py's are (no compiler's
work in the heap at a strong think's first). engine/deepleaf_make.py imports them when the
leaf net is made and forgets the module. The same arithmetic in bytecode:
engine/deepleaf_py.py. The outputs (once a leaf) are engine/deepleaf.py's out_bc, in
bytecode on the board too."""
# (the first locals of a viper function live in registers: the inner loops use them)
import micropython


@micropython.viper
def copy_vp(dst: ptr32, src: ptr32, n: int):
    # n bytes (a multiple of 4), a word at a time: a row or a block of units that straddles
    # two of the flash's blocks, joined in the one buffer (engine/deepleaf.py's _joined)
    n = n >> 2
    while n:
        n -= 1
        dst[n] = src[n]


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
        i = n << 1                       # (a plain store: engine/net_vp.py's rows_vp)
        acc[i] = acc[i] + x * (u & m8)
        acc[i + 1] = acc[i + 1] + x * ((u >> 8) & m8)


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
    # the feature terms' unsigned offset, once a block: sum (w - 128) y = sum w y - 128 sum y
    # (a sum that wraps on the chip's 32 bits comes back exact: the true sum fits)
    c128 = (int(y[0]) + int(y[1]) + int(y[2]) + int(y[3]) + int(y[4]) + int(y[5]) + int(y[6])
            + int(y[7]) + int(y[8]) + int(y[9]) + int(y[10]) + int(y[11]) + int(y[12])
            + int(y[13]) + int(y[14]) + int(y[15])) << 7
    r = 0
    while r < cnt:
        j = j0 + r
        p = ptr8(int(buf) + 30 * r)
        q = ptr16(p)
        # (engine/net_vp.py's tail_vp: the lane's half by a shift, the bias's sign by a xor,
        # the 16 feature terms at constant offsets, no loop: 1,024 -> about 300 cycles a unit)
        v = (int(acc[((j >> 2) << 1) + (j & 1)]) >> ((j & 2) << 3)) & 65535
        ff = (int(p[14]) * int(y[0]) + int(p[15]) * int(y[1]) + int(p[16]) * int(y[2])
              + int(p[17]) * int(y[3]) + int(p[18]) * int(y[4]) + int(p[19]) * int(y[5])
              + int(p[20]) * int(y[6]) + int(p[21]) * int(y[7]) + int(p[22]) * int(y[8])
              + int(p[23]) * int(y[9]) + int(p[24]) * int(y[10]) + int(p[25]) * int(y[11])
              + int(p[26]) * int(y[12]) + int(p[27]) * int(y[13]) + int(p[28]) * int(y[14])
              + int(p[29]) * int(y[15])) - c128
        a = ((int(q[1]) ^ 32768) - 32768) + (((v - corr) * int(q[0])) >> 6) + (ff >> 11)
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
