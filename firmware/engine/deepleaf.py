"""The strong level's leaf net: a larger contact net read from the flash row by row.

Why: the strong level's 1-ply is limited by the value of its leaves, the positions after
the opponent's best reply (docs/engine.md, "the strong level's choice"). A net of 256
hidden units with 16 hand-made inputs (engine/leaffeat.py) values them about as well as
gnubg 0-ply, but its weights (60 KB) cannot live in the board's heap. A strong move values
only about 84 leaves, so each leaf reads the rows of its active inputs where they lie on
the Pico's flash (base/inflash.py: the file's blocks in the flash's mapping, `place`), or
from the file, one at a time, into one small buffer, where there is no mapping or a row
straddles two of the flash's blocks; the board's own net still chooses the candidates and
the replies.

File "TBL1" (little-endian, engine/leafnet.bin; written by host_tools/train/leafnet.py):
  0   b"TBL1", uint16 nraw (202), nfeat (16), nhid (256), 0
  12  P: nfeat x int32, each feature's multiplier (1/2048 of the unit's 1/1024 per count)
  76  B2: 5 x uint16 (u = b + 4096, 1/256), 2 bytes of padding
  88  W1: nraw rows of nhid bytes (u = w + 128; the unit's scale M below), input-major
  88 + nraw x nhid  per hidden unit, 30 bytes: M (uint16, 1/65536 of 1/1024), B1 (int16,
      1/1024), W2 (5 x uint16, u = w + 4096, 1/256), E (nfeat bytes, u = e + 128)
Arithmetic (integers; the viper code and engine/deepleaf_py.py agree bit for bit):
  raw:  s_j = sum over active inputs of x * W1[i][j]      (x as engine/net.py's inputs)
  feat: F_j = sum over f of E[f][j] * (count_f * P_f)      (counts: engine/leaffeat.py,
                                                          in viper engine/leaffeat_vp.py)
  a_j = B1_j + ((s_j * M_j) >> 6) + (F_j >> 11)             (1/1024)
  then as engine/net.py: h_j = sigmoid(a_j) in 0..1023, the five outputs from W2 and B2,
  the sigmoid table of the board's weights file (engine/weights.bin).
Lanes: the raw rows are summed two units to a 32-bit word as engine/net.py's rows_vp does,
in the evaluator's own scratch (free between two walks: each walk sets its root again).
"""
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):  # type: ignore[misc]
        return x

PATH = "engine/leafnet.bin"     # on the board's flash, beside the compiled modules
ROWS_AT = const(88)             # (the header's other offsets: engine/deepleaf_make.py)
BLOCK = const(16)               # hidden units read at a time (480 bytes)
_UNIT = const(30)               # a hidden unit's bytes in the file's last part
_NRAW = const(202)              # the raw inputs' rows (engine/deepleaf_make.py checks the file's)
# y (an int32 array): the nfeat feature terms, then 128 x T (the inputs' unsigned offset
# times their total) and the block's first unit and count for block_vp, then B2 + 4096
# for out_vp, then the five outputs of the last leaf (0..65535, by out_bc: the cube's,
# app/seatcube.py)
_Y_CORR = const(16)
_Y_J0 = const(17)
_Y_CNT = const(18)
NFEAT = 16
TICK_LEAVES = const(1)          # the engine's tick at every leaf too (against) ...
LEAF_TICKS = const(3)           # ... and inside one, this many times (_equity): a leaf is about
                                # 6 ms of the Pico's at 200 MHz, the scan in parts wants a tick
                                # about every 2 ms (app.loop's think_tick)


def _u16(b, i):
    # (engine/net_py.py has one too; the board, on viper, never loads that module)
    return b[i] | (b[i + 1] << 8)


def sig_raw(sig, t, frac, bits):
    """The sigmoid table's value at t + frac / 2**bits, `sig` the weights file's raw uint16
    table (engine/net_py.py's _sig_py on the raw bytes: the board, on viper, never loads
    net_py)."""
    if t < 0:
        return _u16(sig, 0)
    if t >= 256:
        return _u16(sig, 512)
    lo = _u16(sig, 2 * t)
    return lo + (((_u16(sig, 2 * t + 2) - lo) * frac) >> bits)


def out_bc(i, b, t, work, sig, y):
    """The five outputs' sigmoids from the block sums (at work + 512, B2 + 4096 at y[19..23])
    and the equity, on the raw uint16 table `sig`. In bytecode on every port: it runs once a
    leaf, and as a viper function its Thumb held 0.6 KB of the Pico's heap at a strong think.
    (i, b, t: out_vp's registers once, unused.)"""
    hsum = (work[532] | (work[533] << 8) | (work[534] << 16) | (work[535] << 24)) << 12
    e = -65536
    for i in range(5):
        a = 512 + 4 * i
        b = ((work[a] | (work[a + 1] << 8) | (work[a + 2] << 16) | (work[a + 3] << 24)) - hsum
             + (y[19 + i] - 4096) * 1024)
        v = sig_raw(sig, (b >> 14) + 128, b & 16383, 14)
        y[24 + i] = v
        if i == 0:
            e += 2 * v
        elif i < 3:
            e += v
        else:
            e -= v
    return e


class LeafNet:
    """The leaf net of `path`, evaluated in `ev`'s scratch (an engine.net.Evaluator, whose
    sigmoid table and inputs it shares). open() before a think's leaves, close() after: the
    file stays open only while a strong think values its leaves."""

    def __init__(self, ev, path=PATH, engine=None, race=None, flash=None):
        self.ev = ev
        self.path = path
        self.f = None
        self.engine = engine          # the strong level's (engine/player.py) and its race test
        self.race = race
        self.leaf_pos = bytearray(50)
        v = memoryview(self.leaf_pos)
        self.sides = (v[25:50], v[0:25])   # the leaf, its candidate's mover on roll (no allocation)
        self.evals = 0
        self.viper_inputs = False     # the hand-made inputs in viper (fast_inputs) or bytecode
        # on viper its one buffer is the walker's set (engine/deepleaf_make.py), zeroed after
        # each leaf (equity()), as the walker leaves it between walks
        self.shared = ev.viper and engine is not None
        # the file's header, the buffers, the viper code: run once, so its code is
        # engine/deepleaf_make.py's, loaded for it and forgotten
        from base import rare
        try:
            from engine.deepleaf_make import made
            (self.nh, self.units_at, self.mul, self.buf, self.rows, self.one, self.second,
             self.units, self.y, self.work, self.sig, self._lanes, self._block, self._out,
             self._delta, self._inputs, self.place) = made(
                ev, path, out_bc, engine.walker.seen if self.shared else None, flash)
        finally:
            rare.forget("engine.deepleaf_make", "engine.filecheck", "base.inflash")

    def fast_inputs(self):
        """The hand-made inputs by their viper twin (engine/leaffeat_vp.py) from now on,
        instead of engine/leaffeat.py's bytecode: at the strong level's thinks and cube
        questions (engine/oneply.py, app/seatcube.py), whose 80-odd leaves a move would
        take about 0.6 s more of the Pico's at 200 MHz in bytecode (about 7 ms a leaf). The
        normal level's four leaves keep the bytecode: its code holds about 1.3 KB less of
        the Pico's heap than the viper function's Thumb at the normal level's thinks (bench
        heap32). Both count the same, bit for bit (tests/test_leaffeat.py). A heap that
        cannot take the Thumb, or a flash without its module, keeps the bytecode; on a port
        without viper, nothing to do."""
        if self.viper_inputs or not self.ev.viper:
            return
        from base import rare
        try:
            from engine.leaffeat_vp import inputs_vp
        except (MemoryError, ImportError):
            return
        finally:
            rare.forget("engine.leaffeat_vp")
        self._inputs = inputs_vp
        self.viper_inputs = True
        rare.forget("engine.leaffeat")     # (its code leaves with its last reference)

    def _active(self, me, opp):
        # the position's active inputs (engine/net.py's delta_vp from an empty board): rows
        # at 544, x + 64 at 672 of the scratch; how many
        if self.ev.viper:
            return self._delta(0, 0, 0, self.work, me, opp, 1)
        return self._delta(me, opp, self.work)       # (deepleaf_py.active)

    def _joined(self, k, off, n):
        # the file's bytes off..off+n, which run from flash block k into k + 1, copied into
        # the one buffer (free while a leaf is valued: the file's reads go there too)
        where = self.place[1]
        w, a = where[k]
        w2, b = where[k + 1]
        a += off
        d = -b - off                  # (block k + 1's bytes start d bytes into these)
        buf = self.buf
        copy = self.place[2]
        if copy is not None:
            at = self.place[3]
            copy(at, w + a, d)
            copy(at + d, w2, n - d)
        else:
            buf[0:d] = w[a:a + d]
            buf[d:n] = w2[0:n - d]
        return buf

    def open(self):
        # (no file when every row and block of units lies on the flash)
        if self.f is None and (self.place is None or not self.place[4]):
            self.f = open(self.path, "rb")

    def close(self):
        if self.f is not None:
            self.f.close()
            self.f = None

    def equity(self, me, opp):
        """Cubeless money equity (1/65536) for the side on roll of a contact position."""
        try:
            return self._equity(me, opp)
        finally:
            if self.shared:       # the walker's set again, as the walker left it: all zero
                self._lanes(0, self.buf, self.buf, 0, 256)     # (x 0: 512 bytes zeroed)

    def _equity(self, me, opp):
        self.evals += 1
        work = self.work
        f = self.f
        nh = self.nh
        buf = self.buf
        y = self.y
        self._inputs(0, 0, 0, me, opp, y, self.mul)   # the counts times their multipliers
        # the engine's tick (a strong think's: LEAF_TICKS inside a leaf, after the hand-made
        # inputs, half-way through the rows and after them)
        tick = self.engine.tick if self.engine is not None else None
        if tick is not None:
            tick()
        n = self._active(me, opp)
        lanes = self._lanes
        lanes(0, work, buf, 0, nh)                  # (x 0: clear the lanes)
        row = self.rows
        place = self.place
        if place is not None:
            # (made()'s: per row, then per block of units, the flash block it lies whole
            # in, 128 + the first of the two it straddles, 255 if neither; per block its
            # address (viper) or its view (the pure path), less the file offset where its
            # bytes start)
            block_of, where = place[0], place[1]
            viper = self.ev.viper
        t = 0
        r = 0
        at = -1                         # the row the file is at (after a read: the next)
        mid = n >> 1
        while r < n:
            if r >= mid:
                mid = n
                if tick is not None:
                    tick()
            i = work[544 + 2 * r] | (work[545 + 2 * r] << 8)
            x = work[672 + r] - 64
            t += x
            if place is not None:
                k = block_of[i]
                if k < 128:             # the row where it lies on the flash
                    w, a = where[k]
                    a += ROWS_AT + i * nh
                    lanes(0, work, w + a if viper else w[a:a + nh], x, nh)
                    r += 1
                    continue
                if k < 255:             # ... across two of its blocks: joined in buf
                    lanes(0, work, self._joined(k - 128, ROWS_AT + i * nh, nh), x, nh)
                    r += 1
                    continue
            assert f is not None, "open() first"     # (a row not on the flash: the file's)
            if i != at:                 # (a point's third row after its first two: no seek)
                f.seek(ROWS_AT + i * nh)
            # the next input's row follows in the file (a point's two first inputs):
            # both in one read
            if r + 1 < n and (work[546 + 2 * r] | (work[547 + 2 * r] << 8)) == i + 1:
                f.readinto(row)
                lanes(0, work, buf, x, nh)
                r += 1
                x = work[672 + r] - 64
                t += x
                lanes(0, work, self.second, x, nh)
                at = i + 2
            else:
                f.readinto(self.one)
                lanes(0, work, buf, x, nh)
                at = i + 1
            r += 1
        if tick is not None:
            tick()
        y[_Y_CORR] = t << 7
        y[_Y_CNT] = BLOCK
        blk = self.units
        sig = self.sig
        block = self._block
        for j0 in range(0, nh, BLOCK):
            a = self.units_at + j0 * _UNIT
            k = block_of[_NRAW + j0 // BLOCK] if place is not None else 255
            if k < 128:
                w, u = where[k]
                u += a
                u = w + u if viper else w[u:u + BLOCK * _UNIT]
            elif k < 255:
                u = self._joined(k - 128, a, BLOCK * _UNIT)
            else:
                assert f is not None, "open() first"
                f.seek(a)
                f.readinto(blk)
                u = buf
            y[_Y_J0] = j0
            block(0, 0, 0, u, work, sig, y)
        return self._out(0, 0, 0, work, self.ev.sig, y)     # (out_bc: the raw uint16 table)

    def against(self, engine, me, opp, v):
        """The value for the side not on roll of (me on roll, opp): the leaf net's, or v
        when the flash refuses the file (the leaf net then dropped: fault())."""
        try:
            v = -self.equity(me, opp)
        except (OSError, ValueError) as e:
            self.fault(engine, e)
            return v
        # the engine's tick (every TICK_EVERY evaluations of the board's net) every
        # TICK_LEAVES leaves too: a leaf is about 25 evaluations' work, and a strong think of
        # short reply walks went 0.4 s without a scan (bench engine)
        if self.evals % TICK_LEAVES == 0 and engine.tick is not None:
            engine.tick()
        return v

    def candidate(self, engine, me, opp, v):
        """A candidate's 0-ply value for its mover (me, opp: the mover's sides after its
        play): the leaf net's, the opponent on roll, when contact remains; v, the board's
        net's, otherwise. The board's net chose the candidates; the leaf net values them
        closer to gnubg (on the strong screen the blend with it loses 0.00310 a move against
        0.00336 with the board's net's: docs/engine.md). (The strong level's other uses of
        the leaf net, its leaves, are engine/oneply.py's.)"""
        if self.race(opp, me):
            return v
        return self.against(engine, opp, me, v)

    def fault(self, engine, e):
        # the flash refused the file: the strong level goes on with the board's own net
        engine.deep_fault = "leaf net: %s" % (e,)
        engine.leaf = None
        self.close()


def attach(engine, race):
    """engine.leaf made from engine.leaf_path (a strong think's first), or the reason it
    cannot be in engine.deep_fault (a damaged file, no heap to compile its viper code).
    race(me, opp): no contact left (engine/player.py's contact_free: handed in, so that this
    module imports nothing of the player that imports it)."""
    try:
        engine.leaf = LeafNet(engine.ev, engine.leaf_path, engine, race, engine.flash)
    except (OSError, ValueError) as e:
        engine.deep_fault = "leaf net: %s" % (e,)
        return
    except MemoryError:
        engine.deep_fault = "leaf net: no memory"
        return
