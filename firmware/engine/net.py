"""The evaluator: a position in, five probabilities out, in integer arithmetic.

Inputs (from the side on roll; `me` and `opp` as in bg.position, each from its own side):
for each side, for each of its points 1..24 and its bar (i = 0..24), four inputs at
4*i: one checker or more, two or more, three or more, and the count beyond three; then at
100 its checkers borne off. The side on roll's inputs are 0..100, the opponent's
101..201 (NIN = 202); row 202 of the first layer is the bias. Only inputs that are not
zero are summed: about 30 of 202 in a typical position.

Arithmetic (all integers, so the viper code and the pure-Python code agree bit for bit):
  hidden j: a = W1[202][j] + sum over active inputs of x * W1[i][j]  (W1 int16, 1/1024)
            h = sigmoid(a / 1024), as 0..1023 (table SIG at steps of 1/16, interpolated)
  output k: b = 1024 * W2[k][H] + sum_j h_j * W2[k][j]          (W2 int16, 1/256)
            p = sigmoid(b / 2**18) as 0..65535
Outputs: win, win gammon, win backgammon, lose gammon, lose backgammon (cubeless,
unconditional, for the side on roll). Two nets: contact and race (bg.position.is_race).

Weights file (little-endian): b"TBN1", SIG (257 x uint16), then per net (contact, race):
uint16 nin, nhid, nout, then W1 ((nin+1) x nhid int16, input-major), then
W2 (nout x (nhid+1) int16). Everything is read once into buffers made at load time.
"""
import sys

try:
    import micropython
    _VIPER = sys.implementation.name == "micropython"
except ImportError:
    _VIPER = False

NIN = 202
SIDE = 101
NOUT = 5
SIG_N = 257
W1_ONE = 1024          # W1 fixed point
W2_ONE = 256           # W2 fixed point
HID_ONE = 1024         # hidden activations 0..1023
P_ONE = 65536          # output probabilities 0..65535
MAX_ACTIVE = 128       # more active inputs than a position can have (2 x (15 + 1))
MAX_HID = 128        # output sums stay below 2**31 (see output_vp)


class Net:
    """One net's weights, in buffers sized once: w1 a list of rows (one per input, then
    the bias) and w2, as int16 arrays, or as raw little-endian bytearrays for viper
    (which reads them through ptr16)."""

    def __init__(self, nin, nhid, nout, w1, w2):
        self.base = 0
        self.rowoff = None
        self.nin = nin
        self.nhid = nhid
        self.nout = nout
        self.w1 = w1
        self.w2 = w2


def _read_u16(f):
    b = f.read(2)
    if len(b) != 2:
        raise ValueError("weights file cut short")
    return b[0] | (b[1] << 8)


def _read_buf(f, n, raw, code="h"):
    """n 16-bit values: a bytearray (raw, for viper) or an array of `code` (pure Python)."""
    buf = bytearray(2 * n)
    got = f.readinto(buf)
    if got != 2 * n:
        raise ValueError("weights file cut short")
    if raw:
        return buf
    import array
    if sys.implementation.name == "micropython":
        return array.array(code, buf)      # MicroPython copies a buffer's bytes as they are
    a = array.array(code)
    a.frombytes(bytes(buf))
    if sys.byteorder != "little":
        a.byteswap()
    return a


def _row_offsets(net):
    """For viper: each W1 row's address as base + rowoff[i] (all rows are in the one GC
    heap, so the offsets are small; checked)."""
    import array
    base = addr_vp(net.w1[0])
    for r in net.w1:
        a = addr_vp(r)
        if a < base:
            base = a
    off = array.array("i", bytes(4 * len(net.w1)))
    for i in range(len(net.w1)):
        d = addr_vp(net.w1[i]) - base
        if d >= 1 << 30:
            raise ValueError("weights rows are not in one heap")
        off[i] = d
    net.base = base
    net.rowoff = off


def _offset_forms(w1, w2):
    """In place: W1 as u = w + 32768 (flip the sign bit: the high byte's bit 7) and W2 as
    u = w + 4096, both unsigned, the forms the viper loops sum without sign extension."""
    for row in w1:
        for i in range(1, len(row), 2):
            row[i] ^= 0x80
    for i in range(0, len(w2), 2):
        v = w2[i] | (w2[i + 1] << 8)
        if v & 0x8000:
            v -= 0x10000
        if not -4096 < v < 4096:
            raise ValueError("weights file: an output weight is out of range")
        v += 4096
        w2[i] = v & 255
        w2[i + 1] = v >> 8


def load(path, raw=None):
    """(sig, contact, race) from the weights file. raw: keep int16 data as bytearrays
    (the viper evaluator's form); default: when viper is available."""
    if raw is None:
        raw = _VIPER
    with open(path, "rb") as f:
        if f.read(4) != b"TBN1":
            raise ValueError("not a Tablier weights file (no TBN1 header): " + path)
        sig = _read_buf(f, SIG_N, raw, "H")
        nets = []
        for _ in range(2):
            nin = _read_u16(f)
            nhid = _read_u16(f)
            nout = _read_u16(f)
            if nin != NIN or nout != NOUT or not 0 < nhid <= MAX_HID:
                raise ValueError("weights file has an unexpected shape: %d-%d-%d" % (nin, nhid, nout))
            # W1 one buffer per input row (nhid x 2 bytes): no large block on a
            # fragmented heap
            w1 = [None] * (nin + 1)       # sized once: a growing list would move
            for i in range(nin + 1):
                w1[i] = _read_buf(f, nhid, raw)
            w2 = _read_buf(f, nout * (nhid + 1), raw)
            if raw:
                _offset_forms(w1, w2)
            net = Net(nin, nhid, nout, w1, w2)
            if raw:
                _row_offsets(net)
            nets.append(net)
    return sig, nets[0], nets[1]


# -- pure Python (CPython, or MicroPython without viper) --------------------------------

def active_py(side, base, rows, xs, nh, k):
    """One side's active inputs from input `base`, appended at k: rows[k] = the input,
    xs[k] = its value. Returns the new count. (nh: unused, the same signature as viper's.)"""
    total = 0
    for i in range(25):
        n = side[i]
        if n:
            total += n
            r = base + 4 * i
            rows[k] = r
            xs[k] = 1
            k += 1
            if n >= 2:
                rows[k] = r + 1
                xs[k] = 1
                k += 1
                if n >= 3:
                    rows[k] = r + 2
                    xs[k] = 1
                    k += 1
                    if n > 3:
                        rows[k] = r + 3
                        xs[k] = n - 3
                        k += 1
    off = 15 - total
    if off > 0:
        rows[k] = base + 100
        xs[k] = off
        k += 1
    return k


def back_py(side):
    """The side's rearmost checker: its highest occupied point (bar = 25), 0 if none."""
    i = 24
    while i >= 0:
        if side[i]:
            return i + 1
        i -= 1
    return 0


def hidden_py(w1, rows, xs, count, nh, sig, hid):
    bias = w1[NIN]
    for j in range(nh):
        a = bias[j]
        for k in range(count):
            a += xs[k] * w1[rows[k]][j]
        t = (a >> 6) + 128
        if t < 0:
            v = sig[0]
        elif t >= 256:
            v = sig[256]
        else:
            lo = sig[t]
            v = lo + (((sig[t + 1] - lo) * (a & 63)) >> 6)
        hid[j] = v >> 6


def output_py(w2, hid, nh, sig, out):
    for k in range(NOUT):
        row = k * (nh + 1)
        b = w2[row + nh] * HID_ONE
        for j in range(nh):
            b += hid[j] * w2[row + j]
        t = (b >> 14) + 128
        if t < 0:
            v = sig[0]
        elif t >= 256:
            v = sig[256]
        else:
            lo = sig[t]
            v = lo + (((sig[t + 1] - lo) * (b & 16383)) >> 14)
        out[k] = v


# -- viper (MicroPython: native code) ---------------------------------------------------
# The same three functions over raw little-endian int16 buffers read through ptr16 (which
# loads unsigned: the weights are kept offset to be non-negative, see _offset_forms).
# Compiled from source at import:
# mpy-cross without -march (the test tree) cannot emit native code, and source in a string
# keeps one firmware tree for both. All sums stay far below 2**30 (see the bounds in
# host_tools/train/quantize.py), so 32-bit machine ints never wrap.
_VIPER_SRC = """
@micropython.viper
def active_vp(side: ptr8, base: int, rows: ptr16, xs: ptr8, nh: int, k: int) -> int:
    total = 0
    i = 0
    while i < 25:
        n = int(side[i])
        if n:
            total += n
            r = base + 4 * i
            rows[k] = r
            xs[k] = 1
            k += 1
            if n >= 2:
                rows[k] = r + 1
                xs[k] = 1
                k += 1
                if n >= 3:
                    rows[k] = r + 2
                    xs[k] = 1
                    k += 1
                    if n > 3:
                        rows[k] = r + 3
                        xs[k] = n - 3
                        k += 1
        i += 1
    off = 15 - total
    if off > 0:
        rows[k] = base + 100
        xs[k] = off
        k += 1
    return k

@micropython.viper
def addr_vp(buf: ptr8) -> int:
    return int(buf)

@micropython.viper
def back_vp(side: ptr8) -> int:
    i = 24
    while i >= 0:
        if side[i]:
            return i + 1
        i -= 1
    return 0

@micropython.viper
def hidden_vp(acc: ptr32, p: ptr16, n: int, rowoff: ptr32, base: int, rows: ptr16, xs: ptr8,
              count: int, nh: int, sig: ptr16, hid: ptr16):
    # acc, p, n first: viper keeps its first locals in registers (the inner loops use
    # only them). Row i of W1 is at base + rowoff[i], as u = w + 32768 (unsigned),
    # corrected once per unit at the end.
    p = ptr16(base + int(rowoff[202]))  # the bias row
    n = nh
    while n > 0:
        n -= 1
        acc[n] = p[n]
    total = 1
    k = 0
    while k < count:
        p = ptr16(base + int(rowoff[int(rows[k])]))
        x = int(xs[k])
        total += x
        n = nh
        if x == 1:
            while n > 0:
                n -= 1
                acc[n] += p[n]
        else:
            while n > 0:
                n -= 1
                acc[n] += x * p[n]
        k += 1
    corr = total << 15
    j = 0
    while j < nh:
        a = int(acc[j]) - corr
        t = (a >> 6) + 128
        if t < 0:
            v = int(sig[0])
        elif t >= 256:
            v = int(sig[256])
        else:
            lo = int(sig[t])
            v = lo + (((int(sig[t + 1]) - lo) * (a & 63)) >> 6)
        hid[j] = v >> 6
        j += 1

@micropython.viper
def accum_vp(acc: ptr32, p: ptr16, n: int, rowoff: ptr32, base: int, rows: ptr16, xs: ptr8,
             count: int, nh: int) -> int:
    # the root of a walk: acc = 2**28 + bias + sum of x * u (u = w + 32768); returns the
    # inputs' total (+1 for the bias), for the correction
    p = ptr16(base + int(rowoff[202]))
    n = nh
    while n > 0:
        n -= 1
        acc[n] = p[n] + 268435456
    total = 1
    k = 0
    while k < count:
        p = ptr16(base + int(rowoff[int(rows[k])]))
        x = int(xs[k])
        total += x
        n = nh
        while n > 0:
            n -= 1
            acc[n] += x * p[n]
        k += 1
    return total

@micropython.viper
def delta_vp(old: ptr8, new: ptr8, base: int, rows: ptr16, xs: ptr8, k: int) -> int:
    # the inputs that differ between two boards of one side: rows[k] = the input,
    # xs[k] = new - old + 64
    told = 0
    tnew = 0
    i = 0
    while i < 25:
        o = int(old[i])
        n = int(new[i])
        told += o
        tnew += n
        if o != n:
            r = base + 4 * i
            d = (1 if n >= 1 else 0) - (1 if o >= 1 else 0)
            if d:
                rows[k] = r
                xs[k] = d + 64
                k += 1
            d = (1 if n >= 2 else 0) - (1 if o >= 2 else 0)
            if d:
                rows[k] = r + 1
                xs[k] = d + 64
                k += 1
            d = (1 if n >= 3 else 0) - (1 if o >= 3 else 0)
            if d:
                rows[k] = r + 2
                xs[k] = d + 64
                k += 1
            d = (n - 3 if n > 3 else 0) - (o - 3 if o > 3 else 0)
            if d:
                rows[k] = r + 3
                xs[k] = d + 64
                k += 1
        i += 1
    d = told - tnew
    if d:
        rows[k] = base + 100
        xs[k] = d + 64
        k += 1
    return k

@micropython.viper
def hidden_inc_vp(acc: ptr32, p: ptr16, n: int, rowoff: ptr32, base: int, rows: ptr16, xs: ptr8,
                  count: int, nh: int, sig: ptr16, hid: ptr16, root: ptr32, total: int):
    # a leaf of the walk: the root's sums plus the rows of the inputs that changed
    n = nh
    while n > 0:
        n -= 1
        acc[n] = root[n]
    k = 0
    while k < count:
        p = ptr16(base + int(rowoff[int(rows[k])]))
        x = int(xs[k]) - 64
        total += x
        n = nh
        while n > 0:
            n -= 1
            acc[n] += x * p[n]
        k += 1
    corr = (total << 15) + 268435456
    j = 0
    while j < nh:
        a = int(acc[j]) - corr
        t = (a >> 6) + 128
        if t < 0:
            v = int(sig[0])
        elif t >= 256:
            v = int(sig[256])
        else:
            lo = int(sig[t])
            v = lo + (((int(sig[t + 1]) - lo) * (a & 63)) >> 6)
        hid[j] = v >> 6
        j += 1

@micropython.viper
def output_vp(hid: ptr16, p: ptr16, n: int, w2: ptr16, nh: int, sig: ptr16, out: ptr32):
    # w2 holds u = w + 4096 (|w| < 4096): sums of h x u stay below 2**31 for nh <= 128.
    hsum = 0
    n = nh
    while n > 0:
        n -= 1
        hsum += int(hid[n])
    corr = hsum << 12
    k = 0
    while k < 5:
        p = ptr16(int(w2) + 2 * k * (nh + 1))
        s = 0
        n = nh
        while n > 0:
            n -= 1
            s += int(hid[n]) * int(p[n])
        b = s - corr + (int(p[nh]) - 4096) * 1024
        t = (b >> 14) + 128
        if t < 0:
            v = int(sig[0])
        elif t >= 256:
            v = int(sig[256])
        else:
            lo = int(sig[t])
            v = lo + (((int(sig[t + 1]) - lo) * (b & 16383)) >> 14)
        out[k] = v
        k += 1
"""

def _no_viper(*args):
    raise ValueError("viper is not available in this interpreter")


active_vp = hidden_vp = output_vp = back_vp = addr_vp = _no_viper
accum_vp = delta_vp = hidden_inc_vp = _no_viper
if _VIPER:
    try:
        _g = {}  # type: dict
        _g["micropython"] = micropython
        exec(_VIPER_SRC, _g)
        active_vp = _g["active_vp"]
        hidden_vp = _g["hidden_vp"]
        output_vp = _g["output_vp"]
        back_vp = _g["back_vp"]
        addr_vp = _g["addr_vp"]
        accum_vp = _g["accum_vp"]
        delta_vp = _g["delta_vp"]
        hidden_inc_vp = _g["hidden_inc_vp"]
        del _g
    except Exception:       # a build without the native emitter: the pure code runs
        _VIPER = False


class Evaluator:
    """Evaluates positions with the loaded nets; every buffer is made here, once."""

    def __init__(self, path, viper=None):
        if viper is None:
            viper = _VIPER
        if viper and not _VIPER:
            raise ValueError("viper is not available in this interpreter")
        self.viper = viper
        self.sig, self.contact, self.race = load(path, raw=viper)
        import array
        self.rows = array.array("H", bytes(2 * MAX_ACTIVE))
        self.xs = bytearray(MAX_ACTIVE)
        self.hid = array.array("H", bytes(2 * MAX_HID))
        self.out = array.array("i", bytes(4 * NOUT))
        self.acc = array.array("i", bytes(4 * MAX_HID))
        self.root = array.array("i", bytes(4 * MAX_HID))
        self.root_a = bytearray(25)
        self.root_b = bytearray(25)
        self.root_race = False
        self.root_total = 0
        self.count = 0          # evaluations so far (for the search's yield hook and benches)
        self.back = back_vp if viper else back_py

    def probs(self, me, opp, race):
        """The five outputs (0..65535) for the side on roll, in self.out."""
        net = self.race if race else self.contact
        nh = net.nhid
        self.count += 1
        if self.viper:
            n = active_vp(opp, SIDE, self.rows, self.xs, nh, active_vp(me, 0, self.rows, self.xs, nh, 0))
            hidden_vp(self.acc, net.w2, 0, net.rowoff, net.base, self.rows, self.xs, n, nh, self.sig, self.hid)
            output_vp(self.hid, net.w2, 0, net.w2, nh, self.sig, self.out)
        else:
            n = active_py(opp, SIDE, self.rows, self.xs, nh, active_py(me, 0, self.rows, self.xs, nh, 0))
            hidden_py(net.w1, self.rows, self.xs, n, nh, self.sig, self.hid)
            output_py(net.w2, self.hid, nh, self.sig, self.out)
        return self.out

    def set_root(self, me, opp, race):
        """The position a walk starts from, as it will be evaluated (`me` on roll): its
        first-layer sums are kept, and probs_near() adds only the rows of the inputs a
        play changed (a play moves at most 4 checkers: a few rows instead of ~30)."""
        self.root_a[:] = me
        self.root_b[:] = opp
        self.root_race = race
        if self.viper:
            net = self.race if race else self.contact
            nh = net.nhid
            n = active_vp(opp, SIDE, self.rows, self.xs, nh, active_vp(me, 0, self.rows, self.xs, nh, 0))
            self.root_total = accum_vp(self.root, net.w2, 0, net.rowoff, net.base, self.rows, self.xs, n, nh)

    def probs_near(self, me, opp):
        """probs(me, opp, race of the root) for a position near the root: the same
        integers as probs() (sums of integers do not depend on their order)."""
        if not self.viper:
            return self.probs(me, opp, self.root_race)
        net = self.race if self.root_race else self.contact
        nh = net.nhid
        self.count += 1
        n = delta_vp(self.root_b, opp, SIDE, self.rows, self.xs, delta_vp(self.root_a, me, 0, self.rows, self.xs, 0))
        hidden_inc_vp(self.acc, net.w2, 0, net.rowoff, net.base, self.rows, self.xs, n, nh, self.sig,
                      self.hid, self.root, self.root_total)
        output_vp(self.hid, net.w2, 0, net.w2, nh, self.sig, self.out)
        return self.out

    def equity_near(self, me, opp):
        o = self.probs_near(me, opp)
        return 2 * o[0] - P_ONE + o[1] - o[3] + o[2] - o[4]

    def equity(self, me, opp, race):
        """Cubeless money equity for the side on roll, in 1/65536 of a point."""
        o = self.probs(me, opp, race)
        return 2 * o[0] - P_ONE + o[1] - o[3] + o[2] - o[4]
