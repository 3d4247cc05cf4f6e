"""The evaluator: a position in, five probabilities out, in integer arithmetic.

Inputs (from the side on roll; `me` and `opp` as in bg.position, each from its own side):
for each side, for each of its points 1..24 and its bar (i = 0..24), four inputs at
4*i: one checker or more, two or more, three or more, and the count beyond three; then at
100 its checkers borne off. The side on roll's inputs are 0..100, the opponent's
101..201 (NIN = 202). Only inputs that are not zero are summed: about 30 of 202 in a
typical position. The inputs of one side always add up to 15 (each checker is counted
once: on its point or borne off), so T = 30 for a whole position.

Arithmetic (all integers, so the viper code and the pure-Python code agree bit for bit):
  hidden j: s = sum over active inputs of x * W1[i][j]        (W1 int8)
            a = B1[j] + ((s * M[j]) >> 6)                    (in 1/1024: B1 int16, M uint16,
                                                              the unit's scale in 1/65536)
            h = sigmoid(a / 1024), as 0..1023 (table SIG at steps of 1/16, interpolated)
  output k: b = 1024 * B2[k] + sum_j h_j * W2[j][k]          (W2, B2 int16 in 1/256)
            p = sigmoid(b / 2**18) as 0..65535
Outputs: win, win gammon, win backgammon, lose gammon, lose backgammon (cubeless,
unconditional, for the side on roll). Two nets: contact and race (bg.position.is_race).

Weights file "TBN2" (little-endian; every section starts at a multiple of 4 bytes):
  0    b"TBN2"
  4    SIG: 257 x uint16, then 2 bytes of padding
  520  per net (contact, then race), at offset o:
       o       uint16 nin, nhid, nout, 0
       o+8     M: nhid x uint16
       +2nhid  B1: nhid x int16
       +2nhid  W1: nin x nhid bytes, input-major, each u = w + 128
       +nin*nhid  W2: nhid x nout uint16 (hidden-major), each u = w + 4096, then B2
               (nout x uint16, u = b + 4096); padded to a multiple of 4
The file is read into blocks of at most 2 KB each (engine/weights.py: a fragmented heap
has no 24 KB block): the sigmoid table, per net a head (header, M, B1, W2, B2 and the
table of W1's chunks) and W1 in chunks of whole input rows. The viper code reads them in
place (the unsigned forms are what ptr8 and ptr16 load), a row through the chunk table;
engine/net_py.py decodes them once.

Viper's inner loop (only the rows of the active inputs): two hidden units' sums share one
32-bit word (16-bit lanes): a row's word k holds units 4k..4k+3 as four bytes; w & M8
gives units 4k and 4k+2, (w >> 8) & M8 units 4k+1 and 4k+3 (M8 = 0x00FF00FF), each added
to its accumulator word. A lane holds sum x * u <= 255 * T = 7650 < 65536, so lanes never
carry into each other and the word stays below 2**31 (the Pico's viper ints are 32-bit).
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
HID_ONE = 1024         # hidden activations 0..1023
P_ONE = 65536          # output probabilities 0..65535
MAX_ACTIVE = 128       # more active inputs than a position can have (2 x (15 + 1))
MAX_HID = 128          # output sums stay below 2**31 (1023 x 8191 x 128)
MAGIC = b"TBN2"
SIG_AT = 4
NETS_AT = 520

# The scratch buffer of the viper code (one bytearray, made once): byte offsets.
WK_ACC = 0             # MAX_HID // 2 words: the position's lane sums
WK_ROOT = 256          # MAX_HID // 2 words: the walk's root's lane sums
WK_OUT = 512           # NOUT words: the outputs
WK_ROOTT = 532         # one word: the root's input total T
WK_ROWS = 544          # MAX_ACTIVE x uint16: active (or changed) input rows
WK_XS = 800            # MAX_ACTIVE bytes: their values (changes: + 64)
WK_BOARDS = 928        # 50 bytes: the root's two sides
WK_SIZE = 980


def _u16(w, i):
    return w[i] | (w[i + 1] << 8)


class Net:
    """One net's blocks, made by engine/weights.py: nhid, head (header, M, B1, W2, B2, the
    chunk table), chunks (W1, `per` input rows each), base (the lowest chunk)."""

    def __init__(self, nhid, per, head, chunks, base):
        self.nhid = nhid
        self.per = per
        self.head = head
        self.chunks = chunks
        self.base = base


def load(path):
    """(sigmoid table, contact Net, race Net) read by engine/weights.py, which is then
    forgotten: its code is needed once, its blocks stay."""
    import lazy
    from engine import weights
    try:
        return weights.read(path, (NIN, NOUT, MAX_HID, NETS_AT, Net))   # (no import loop)
    finally:
        lazy.forget("engine.weights")


# -- pure Python: engine/net_py.py, and back_py (the player uses it) ------------------

def back_py(side):
    """The side's rearmost checker: its highest occupied point (bar = 25), 0 if none."""
    i = 24
    while i >= 0:
        if side[i]:
            return i + 1
        i -= 1
    return 0


# -- viper (MicroPython: native code) ---------------------------------------------------
# Compiled from source at import: mpy-cross without -march (the test tree) cannot emit
# native code, and source in a string keeps one firmware tree for both. The first locals
# of a viper function live in registers: the inner loops use the first ones.

# The hidden layer and the outputs, from the lane sums in acc (shared by full_vp and
# near_vp): unit j's lane is word 2 * (j >> 2) + (j & 1), half (j >> 1) & 1.
_TAIL = """
    mul = ptr16(wa + 8)
    bias = ptr16(wa + 8 + 2 * nh)
    q = ptr16(wa + 8 + 4 * nh)
    corr = tt << 7
    s0 = 0
    s1 = 0
    s2 = 0
    s3 = 0
    s4 = 0
    hsum = 0
    j = 0
    while j < nh:
        v = int(acc[((j >> 2) << 1) + (j & 1)])
        if (j >> 1) & 1:
            v = v >> 16
        else:
            v = v & 65535
        bj = int(bias[j])
        if bj & 32768:
            bj -= 65536
        a = bj + (((v - corr) * int(mul[j])) >> 6)
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
        k = 5 * j
        s0 += h * int(q[k])
        s1 += h * int(q[k + 1])
        s2 += h * int(q[k + 2])
        s3 += h * int(q[k + 3])
        s4 += h * int(q[k + 4])
        j += 1
    hsum = hsum << 12
    out = ptr32(int(work) + 512)
    k = 5 * nh
""" + "".join("""    b = s%d - hsum + (int(q[k + %d]) - 4096) * 1024
    t = (b >> 14) + 128
    if t < 0:
        v = int(sig[0])
    elif t >= 256:
        v = int(sig[256])
    else:
        lo = int(sig[t])
        v = lo + (((int(sig[t + 1]) - lo) * (b & 16383)) >> 14)
    out[%d] = v
    %s
""" % (i, i, i, ("e = 2 * v - 65536", "e += v", "e += v", "e -= v", "e -= v")[i]) for i in range(5)) + """    return e
"""

# Sum the rows of the inputs in rows/xs (count of them) into acc: x = xs[k] - xoff.
_ROWS = """
    m8 = 16711935
    rows = ptr16(int(work) + 544)
    xs = ptr8(int(work) + 800)
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
        if x == 1:
            while n:
                n -= 1
                u = p[n]
                acc[2 * n] += u & m8
                acc[2 * n + 1] += (u >> 8) & m8
        elif x == -1:
            while n:
                n -= 1
                u = p[n]
                acc[2 * n] -= u & m8
                acc[2 * n + 1] -= (u >> 8) & m8
        else:
            while n:
                n -= 1
                u = p[n]
                acc[2 * n] += x * (u & m8)
                acc[2 * n + 1] += x * ((u >> 8) & m8)
        r += 1
"""

_ACTIVE = """
    rows = ptr16(int(work) + 544)
    xs = ptr8(int(work) + 800)
    k = 0
    sd = 0
    while sd < 2:
        side = ptr8(int(me) if sd == 0 else int(opp))
        base = 101 * sd
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
        if total < 15:
            rows[k] = base + 100
            xs[k] = 15 - total
            k += 1
        sd += 1
    count = k
"""

_DELTA = """
    rows = ptr16(int(work) + 544)
    xs = ptr8(int(work) + 800)
    old = ptr8(int(work) + 928)
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
                d = (1 if n >= 1 else 0) - (1 if a >= 1 else 0)
                if d:
                    rows[k] = r
                    xs[k] = d + 64
                    k += 1
                d = (1 if n >= 2 else 0) - (1 if a >= 2 else 0)
                if d:
                    rows[k] = r + 1
                    xs[k] = d + 64
                    k += 1
                d = (1 if n >= 3 else 0) - (1 if a >= 3 else 0)
                if d:
                    rows[k] = r + 2
                    xs[k] = d + 64
                    k += 1
                d = (n - 3 if n > 3 else 0) - (a - 3 if a > 3 else 0)
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
        sd += 1
    count = k
"""

# w: the net's head (weights.NetParts.head): nhid at uint16 1, the chunk table's offset at 3
_HEAD = """
    wa = int(w)
    hd = ptr16(wa)
    nh = int(hd[1])
"""

# Four functions, each loop once in the native code (about 6 KB of Thumb, in the heap on
# the Pico); a leaf of a walk is three calls: delta_vp, rows_vp(mode 2), tail_vp. Viper
# keeps a function's first three locals in registers (armv6m), the others on the stack:
# the inner loops' variables come first, as parameters the callers pass as 0 (the rows
# loop 142 -> 114 cycles a word, the hidden unit 467 -> 388 by the count of bench engine).
# One source text a function (each under 4 KB), not one text of all: the concatenation of
# a single 10 KB text wanted blocks of up to 10 KB, which a heap fragmented by the Table
# cannot give when the engine is loaded after it (the hint's "no memory", docs/coach.md).
_VIPER_PARTS = ("""
@micropython.viper
def active_vp(work: ptr8, me: ptr8, opp: ptr8) -> int:
    # a whole position's active inputs into rows/xs; returns their count
""" + _ACTIVE + """
    return count
""", """
@micropython.viper
def delta_vp(i: int, a: int, n: int, work: ptr8, me: ptr8, opp: ptr8) -> int:
    # the inputs that differ from the root's (boards in work): rows, xs = change + 64
""" + _DELTA + """
    return count
""", """
@micropython.viper
def rows_vp(n: int, acc: ptr32, p: ptr32, w: ptr8, work: ptr8, base: ptr8, count: int, mode: int) -> int:
    # mode 0: acc = the rows of rows/xs; 1: the same into the root's sums (its total kept);
    # 2: acc = the root's sums plus the changed rows (xs + 64). Returns the input total.
""" + _HEAD + """
    acc = ptr32(int(work) + (256 if mode == 1 else 0))
    root = ptr32(int(work) + 256)
    n = nh >> 1
    if mode == 2:
        while n:
            n -= 1
            acc[n] = root[n]
        xoff = 64
        tt = int(ptr32(int(work) + 532)[0])
    else:
        while n:
            n -= 1
            acc[n] = 0
        xoff = 0
        tt = 0
""" + _ROWS + """
    if mode == 1:
        ptr32(int(work) + 532)[0] = tt
    return tt
""", """
@micropython.viper
def tail_vp(j: int, h: int, k: int, w: ptr8, work: ptr8, sig: ptr16, tt: int) -> int:
    # the hidden units from the lane sums, the outputs (into work) and the equity
    acc = ptr32(work)
""" + _HEAD + _TAIL, """
@micropython.viper
def back_vp(side: ptr8) -> int:
    i = 24
    while i >= 0:
        if side[i]:
            return i + 1
        i -= 1
    return 0

@micropython.viper
def copy_out_vp(work: ptr8, out: ptr32):
    src = ptr32(int(work) + 512)
    k = 0
    while k < 5:
        out[k] = src[k]
        k += 1
""")


def _no_viper(*args):
    raise ValueError("viper is not available in this interpreter")


active_vp = delta_vp = rows_vp = tail_vp = back_vp = copy_out_vp = _no_viper
if _VIPER:
    try:
        _g = {}  # type: dict
        _g["micropython"] = micropython
        for _src in _VIPER_PARTS:
            exec(_src, _g)                  # one function at a time
        del _src
        active_vp = _g["active_vp"]
        delta_vp = _g["delta_vp"]
        rows_vp = _g["rows_vp"]
        tail_vp = _g["tail_vp"]
        back_vp = _g["back_vp"]
        copy_out_vp = _g["copy_out_vp"]
        del _g
        # the source text (about 10 KB) is not needed once compiled
        del _VIPER_PARTS, _HEAD, _TAIL, _ROWS, _ACTIVE, _DELTA
    except Exception:       # a build without the native emitter: the pure code runs
        _VIPER = False
if sys.implementation.name != "micropython":
    _VIPER_SRC = "".join(_VIPER_PARTS)   # the whole text, for the benches' models (host only)


class Evaluator:
    """Evaluates positions with the loaded nets; every buffer is made here, once."""

    def __init__(self, path, viper=None):
        if viper is None:
            viper = _VIPER
        if viper and not _VIPER:
            raise ValueError("viper is not available in this interpreter")
        self.viper = viper
        self.sig, self.contact, self.race = load(path)
        import array
        self.out = array.array("i", bytes(4 * NOUT))
        self.work = bytearray(WK_SIZE if viper else 4)
        self.root_race = False
        self.root_net = self.contact
        self.count = 0          # evaluations so far (for the search's yield hook and benches)
        self.back = back_vp if viper else back_py
        if not viper:          # the pure code's numbers and buffers
            from engine.net_py import PyNet, active_py, forward_py
            self.active_py = active_py
            self.forward_py = forward_py
            fmt = (NIN, NOUT, SIG_N, HID_ONE, P_ONE, _u16)   # net_py imports none of them
            self.py_contact = PyNet(self.sig, self.contact, fmt)
            self.py_race = PyNet(self.sig, self.race, fmt)
            self.rows = array.array("H", bytes(2 * MAX_ACTIVE))
            self.xs = bytearray(MAX_ACTIVE)

    def _forward_py(self, me, opp, net):
        active = self.active_py
        n = active(opp, SIDE, self.rows, self.xs, active(me, 0, self.rows, self.xs, 0))
        pn = self.py_race if net is self.race else self.py_contact
        return self.forward_py(pn, self.rows, self.xs, n, self.out)

    def probs(self, me, opp, race):
        """The five outputs (0..65535) for the side on roll, in self.out."""
        net = self.race if race else self.contact
        self.count += 1
        if self.viper:
            w = net.head
            work = self.work
            tail_vp(0, 0, 0, w, work, self.sig, rows_vp(0, work, work, w, work, net.base, active_vp(work, me, opp), 0))
            copy_out_vp(work, self.out)
        else:
            self._forward_py(me, opp, net)
        return self.out

    def equity(self, me, opp, race):
        """Cubeless money equity for the side on roll, in 1/65536 of a point."""
        net = self.race if race else self.contact
        self.count += 1
        if self.viper:
            w = net.head
            work = self.work
            return tail_vp(0, 0, 0, w, work, self.sig, rows_vp(0, work, work, w, work, net.base, active_vp(work, me, opp), 0))
        return self._forward_py(me, opp, net)

    def set_root(self, me, opp, race):
        """The position a walk starts from, as it will be evaluated (`me` on roll): its
        first-layer sums are kept, and probs_near() adds only the rows of the inputs a
        play changed (a play moves at most 4 checkers: a few rows instead of ~30)."""
        self.root_race = race
        net = self.root_net = self.race if race else self.contact
        if self.viper:
            work = self.work
            work[WK_BOARDS:WK_BOARDS + 25] = me
            work[WK_BOARDS + 25:WK_BOARDS + 50] = opp
            rows_vp(0, work, work, net.head, work, net.base, active_vp(work, me, opp), 1)

    def equity_near(self, me, opp):
        """equity(me, opp, race of the root) for a position near the root: the same
        integers (sums of integers do not depend on their order)."""
        self.count += 1
        if self.viper:
            net = self.root_net
            w = net.head
            work = self.work
            return tail_vp(0, 0, 0, w, work, self.sig, rows_vp(0, work, work, w, work, net.base, delta_vp(0, 0, 0, work, me, opp), 2))
        return self._forward_py(me, opp, self.race if self.root_race else self.contact)

    def probs_near(self, me, opp):
        """probs(me, opp, race of the root), evaluated as equity_near does."""
        self.equity_near(me, opp)
        if self.viper:
            copy_out_vp(self.work, self.out)
        return self.out
