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
    from micropython import const
except ImportError:          # CPython
    def const(x):  # type: ignore[misc]
        return x

# native code loads on this interpreter: sys.implementation._mpy's bits 10 and up are the
# architecture of the .mpy native code it takes (armv6m on the Pico, x64 on the unix port);
# 0 on a MicroPython without a native emitter (WebAssembly's), absent on CPython
_VIPER = getattr(sys.implementation, "_mpy", 0) >> 10 != 0

NIN = 202
_SIDE = const(101)
NOUT = 5
_SIG_N = const(257)
_HID_ONE = const(1024)         # hidden activations 0..1023
P_ONE = 65536          # output probabilities 0..65535
# the changed inputs of a position near the root, at most: a side's active inputs are at
# most its 15 checkers (a point's n checkers give min(n, 4) inputs, those off one), so a
# position has at most 30 and a change touches at most the 60 of the two positions
_MAX_ACTIVE = const(64)
MAX_HID = 128          # output sums stay below 2**31 (1023 x 8191 x 128)
# the file starts with b"TBN2" (engine/weights.py checks it)
_SIG_AT = const(4)
NETS_AT = 520

# The scratch buffer of the viper code (one bytearray, made once): byte offsets (the viper
# code, engine/net_vp.py, has them as numbers). Names with _ and const(): inlined by the
# compiler and kept out of the module's dict, which stays in the heap of a board in a seat.
_WK_ACC = const(0)             # MAX_HID // 2 words: the position's lane sums
_WK_ROOT = const(256)          # MAX_HID // 2 words: the walk's root's lane sums
_WK_OUT = const(512)           # NOUT words: the outputs
_WK_ROOTT = const(532)         # one word: the root's input total T
_WK_ROWS = const(544)          # _MAX_ACTIVE x uint16: active (or changed) input rows
_WK_XS = const(672)            # _MAX_ACTIVE bytes: their values (changes: + 64)
_WK_BOARDS = const(736)        # 50 bytes: the root's two sides
_WK_EMPTY = const(788)         # 50 bytes of zeros (never written): no checker on the board
_WK_SIZE = const(840)          # (1,032 while _MAX_ACTIVE was 128)


class Net:
    """One net's blocks, made by engine/weights.py: nhid, head (header, the words that lead
    tail_vp to M and W2, the chunk table, and M, B1, W2, B2 unless they lie on the flash),
    chunks (W1, `per` input rows each), base (the lowest chunk), mb (M then B1) and wb (W2
    then B2) for the pure code (None on the viper path)."""

    def __init__(self, nhid, per, head, chunks, base, mb=None, wb=None):
        self.nhid = nhid
        self.per = per
        self.head = head
        self.chunks = chunks
        self.base = base
        self.mb = mb
        self.wb = wb


# -- back_py: the player's and the hint's, in bytecode on every port (a viper copy's
# native code cost the board's heap more than it saved of a think's time) ------------

def back_py(side):
    """The side's rearmost checker: its highest occupied point (bar = 25), 0 if none."""
    i = 24
    while i >= 0:
        if side[i]:
            return i + 1
        i -= 1
    return 0


# -- viper (MicroPython: native code) ---------------------------------------------------
# engine/net_vp.py, compiled ahead by mpy-cross for the board's architecture: imported once,
# its module then forgotten (the functions keep what they need). Where native code cannot
# load (a build without the native emitter, an .mpy of another architecture) the pure code
# runs.


def _no_viper(*args):
    raise ValueError("viper is not available in this interpreter")


delta_vp = rows_vp = tail_vp = _no_viper
if _VIPER:
    # (the module's top level runs once: no function of it keeps this code)
    from base import rare
    try:
        from engine.net_vp import delta_vp, rows_vp, tail_vp
    except Exception:       # no native code here: the pure code runs
        _VIPER = False
    finally:
        rare.forget("engine.net_vp")
    del rare


class Evaluator:
    """Evaluates positions with the loaded nets; every buffer is made here, once. Its
    methods are the viper code's; without viper (CPython) engine/net_py.py's PyPath sets
    its own in their place on the instance, so the board never holds the pure code."""

    def __init__(self, path, viper=None, flash=None):
        if viper is None:
            viper = _VIPER
        if viper and not _VIPER:
            raise ValueError("viper is not available in this interpreter")
        self.viper = viper
        # (sigmoid table, contact Net, race Net) read by engine/weights.py, which is then
        # forgotten: its code is needed once, its blocks stay
        from base import rare
        from engine import weights
        try:
            self.sig, self.contact, self.race = weights.read(path, (NIN, NOUT, MAX_HID, NETS_AT, Net), flash, viper)
        finally:
            rare.forget("engine.weights", "engine.filecheck", "base.inflash")
        import array
        self.out = array.array("i", bytes(4 * NOUT))
        self.work = bytearray(_WK_SIZE if viper else 4)
        self.root_race = False
        self.root_net = self.contact
        self.count = 0          # evaluations so far (for the search's yield hook and benches)
        self.back = back_py
        if not viper:          # the pure code's methods, numbers and buffers
            from engine.net_py import PyPath
            # net_py imports none of these numbers (no import loop); PyPath sets its
            # methods on this Evaluator
            PyPath(self, (NIN, NOUT, _SIG_N, _HID_ONE, P_ONE), _SIDE, _MAX_ACTIVE)

    def _copy_out(self):
        # the five outputs tail_vp left in the work buffer (words of 0..65535)
        work = self.work
        out = self.out
        a = _WK_OUT
        for k in range(NOUT):
            out[k] = work[a] | (work[a + 1] << 8) | (work[a + 2] << 16)
            a += 4
        return out

    def probs(self, me, opp, race):
        """The five outputs (0..65535) for the side on roll, in self.out."""
        self.equity(me, opp, race)
        return self._copy_out()

    def equity(self, me, opp, race):
        """Cubeless money equity for the side on roll, in 1/65536 of a point."""
        net = self.race if race else self.contact
        self.count += 1
        w = net.head
        work = self.work
        return tail_vp(0, 0, 0, w, work, self.sig, rows_vp(0, work, work, w, work, net.base, delta_vp(0, 0, 0, work, me, opp, 1), 0))

    def set_root(self, me, opp, race):
        """The position a walk starts from, as it will be evaluated (`me` on roll): its
        first-layer sums are kept, and probs_near() adds only the rows of the inputs a
        play changed (a play moves at most 4 checkers: a few rows instead of ~30)."""
        self.root_race = race
        net = self.root_net = self.race if race else self.contact
        work = self.work
        work[_WK_BOARDS:_WK_BOARDS + 25] = me
        work[_WK_BOARDS + 25:_WK_BOARDS + 50] = opp
        rows_vp(0, work, work, net.head, work, net.base, delta_vp(0, 0, 0, work, me, opp, 1), 1)

    def equity_near(self, me, opp):
        """equity(me, opp, race of the root) for a position near the root: the same
        integers (sums of integers do not depend on their order)."""
        self.count += 1
        net = self.root_net
        w = net.head
        work = self.work
        return tail_vp(0, 0, 0, w, work, self.sig, rows_vp(0, work, work, w, work, net.base, delta_vp(0, 0, 0, work, me, opp, 0), 2))

    def probs_near(self, me, opp):
        """probs(me, opp, race of the root), evaluated as equity_near does."""
        self.equity_near(me, opp)
        return self._copy_out()
