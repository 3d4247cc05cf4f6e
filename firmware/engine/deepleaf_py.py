"""engine/deepleaf.py's arithmetic in bytecode (CPython, and a port without viper): the
viper functions of engine/deepleaf_vp.py on Python integers, bit for bit (the sums never
pass 2**31, so the Pico's 32-bit words and Python's integers agree). The outputs are
engine/deepleaf.py's out_bc on every port."""
from engine.net_py import _sig_py, active_py


def _word(b, a):
    return b[a] | (b[a + 1] << 8) | (b[a + 2] << 16) | (b[a + 3] << 24)


def _put(b, a, v):
    b[a] = v & 255
    b[a + 1] = (v >> 8) & 255
    b[a + 2] = (v >> 16) & 255
    b[a + 3] = (v >> 24) & 255


def lanes(n, acc, row, x, nh):
    if x == 0:
        acc[0:2 * nh] = bytes(2 * nh)
        return
    for k in range(nh >> 2):
        u = _word(row, 4 * k)
        _put(acc, 8 * k, _word(acc, 8 * k) + x * (u & 0x00FF00FF))
        _put(acc, 8 * k + 4, _word(acc, 8 * k + 4) + x * ((u >> 8) & 0x00FF00FF))


def block(j, h, r, buf, work, sig, y):
    corr, j0, cnt = y[16], y[17], y[18]
    if j0 == 0:
        work[512:536] = bytes(24)
    s = [_word(work, 512 + 4 * k) for k in range(6)]
    for r in range(cnt):
        j = j0 + r
        at = 30 * r
        v = _word(work, 4 * (((j >> 2) << 1) + (j & 1)))
        v = v >> 16 if (j >> 1) & 1 else v & 65535
        bj = buf[at + 2] | (buf[at + 3] << 8)
        if bj & 32768:
            bj -= 65536
        ff = 0
        for k in range(16):
            ff += (buf[at + 14 + k] - 128) * y[k]
        a = bj + (((v - corr) * (buf[at] | (buf[at + 1] << 8))) >> 6) + (ff >> 11)
        h = _sig_py(sig, (a >> 6) + 128, a & 63, 6) >> 6
        s[5] += h
        for k in range(5):
            s[k] += h * (buf[at + 4 + 2 * k] | (buf[at + 5 + 2 * k] << 8))
    for k in range(6):
        _put(work, 512 + 4 * k, s[k])


def active(me, opp, work):
    """engine/net.py's delta_vp for a whole position (net_py's active_py, side by side):
    its active inputs' rows (uint16 at 544) and x + 64 (bytes at 672) in work; how many."""
    rows = [0] * 64
    xs = [0] * 64
    k = active_py(opp, 101, rows, xs, active_py(me, 0, rows, xs, 0))
    for r in range(k):
        work[544 + 2 * r] = rows[r] & 255
        work[545 + 2 * r] = rows[r] >> 8
        work[672 + r] = xs[r] + 64
    return k
