"""The leaf net's making (engine/deepleaf.py's LeafNet): its file's header read and checked,
its buffers, its viper code loaded. Run once, at a strong think's first; loaded for that
call and forgotten (rare.forget), so that a think holds none of this code."""
try:
    from micropython import const
except ImportError:          # CPython
    def const(x):  # type: ignore[misc]
        return x

# (engine/deepleaf.py's ROWS_AT, BLOCK, NFEAT and _u16 again: importing them from it would
# make an import loop; tests/test_engine_leafnet.py reads a file through both)
ROWS_AT = const(88)
BLOCK = const(16)
NFEAT = const(16)
MAGIC = b"TBL1"
NOUT = 5
_P_AT = const(12)
_B2_AT = const(76)
_UNIT = const(30)               # a hidden unit's bytes in the file's last part
BUF = 512                       # the one buffer: a block of units (480 bytes), or two raw rows
_Y_B2 = const(19)               # (y as engine/deepleaf.py's) ... then B2 + 4096 for out_vp
_Y_LEN = const(29)             # (then the last leaf's five outputs: engine/deepleaf.py)


def _compiled():
    """The leaf net's viper functions (engine/deepleaf_vp.py: native code compiled ahead by
    mpy-cross), their module forgotten once imported. (The hand-made inputs start in
    bytecode, engine/leaffeat.py, on every port: LeafNet.fast_inputs puts their viper twin
    in at the strong level's first think.)"""
    from base import rare
    try:
        from engine.deepleaf_vp import lanes_vp, block_vp, copy_vp
    finally:
        rare.forget("engine.deepleaf_vp")
    return {"lanes_vp": lanes_vp, "block_vp": block_vp, "copy_vp": copy_vp}


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def made(ev, path, out_bc, share=None, flash=None):
    """LeafNet.__init__'s work (engine/deepleaf.py): the file's header read and checked, the
    buffers and the arithmetic's functions (out_bc: deepleaf.py's outputs in bytecode, both
    paths'), as the tuple LeafNet.__init__ unpacks. share (viper only): a buffer of BUF
    bytes idle while a leaf is valued, its one buffer: the strong level's walker's set of
    results (engine/search.py, free between two walks; 0.5 KB less of the board's heap at a
    strong think), zeroed after each leaf by LeafNet.equity; None: a buffer of its own.
    flash: where the file may lie in place (base/inflash.py's segments: None the Pico's
    flash if there is one, False never): the tuple's last item, for deepleaf.in_place, or
    None (every row read from the file)."""
    hdr = bytearray(ROWS_AT)
    with open(path, "rb") as f:
        if f.readinto(hdr) != ROWS_AT or hdr[0:4] != MAGIC:
            raise ValueError("%s is not a leaf net file" % path)
    nraw = _u16(hdr, 4)
    nfeat = _u16(hdr, 6)
    nh = _u16(hdr, 8)
    if nfeat != NFEAT or nh % BLOCK or nh > 256 or nraw != 202:
        raise ValueError("%s has an unexpected shape" % path)
    # its size and contents checked (engine/filecheck.py): cut short, it was read past
    # its end without a word (issue 26)
    from engine.filecheck import check_file    # forgotten with this module (engine/deepleaf.py)
    digest = check_file(path, ROWS_AT + nraw * nh + 30 * nh)
    import array
    mul = array.array("i", hdr[_P_AT:_P_AT + 4 * NFEAT])   # (little-endian, as the file)
    if share is not None:
        import uctypes           # (the viper path's ports have it: engine/weights.py's chunks)
        buf = uctypes.bytearray_at(uctypes.addressof(share), BUF)
    else:
        buf = bytearray(BUF)
    view = memoryview(buf)
    y = array.array("i", bytes(4 * _Y_LEN))
    for k in range(NOUT):
        y[_Y_B2 + k] = _u16(hdr, _B2_AT + 2 * k)
    g = None
    # the hand-made inputs in bytecode (kept with the leaf net: its module stays loaded)
    from engine.leaffeat import inputs
    if ev.viper:
        from engine.net import delta_vp
        g = _compiled()
        fns = (g["lanes_vp"], g["block_vp"], out_bc, delta_vp, inputs)
        work = ev.work             # its scratch, between two walks
        sig = ev.sig               # the raw uint16 table (ptr16)
    else:
        from engine import deepleaf_py
        fns = (deepleaf_py.lanes, deepleaf_py.block, out_bc, deepleaf_py.active, inputs)
        work = bytearray(840)
        sig = [_u16(ev.sig, 2 * t) for t in range(257)]     # block's (out_bc: the raw table)
    # nh, the units' offset, the multipliers, the one buffer and its views (up to two
    # adjacent rows a read, one row, the second, a block of units), y, the scratch, the
    # sigmoid table, then lanes, block, out, the active inputs' function and the hand-made
    # inputs' (engine/leaffeat.py's, in bytecode: LeafNet.fast_inputs)
    return (nh, ROWS_AT + nraw * nh, mul, buf, view[:2 * nh], view[:nh], view[nh:2 * nh],
            view[:BLOCK * _UNIT], y, work, sig) + fns + (
                _place(ev, path, flash, digest, nraw, nh, buf, g["copy_vp"] if g else None),)


def _place(ev, path, flash, digest, nraw, nh, buf, copy):
    """The file's blocks on the flash, for engine/deepleaf.py's LeafNet._equity: (per raw
    row, then per block of BLOCK units, the index k of the flash block it lies whole in, or
    128 + k when it runs on from block k into block k + 1 (joined in the one buffer), 255
    when neither; per flash block (w, -start), w its address as an int for the viper code
    or its memoryview for the pure path, start the file offset of its first byte; the
    copy function (viper) and the one buffer's address, or None; whether every row and
    block lies on the flash), or None. The Pico's flash is mapped for good: its addresses
    hold."""
    if flash is False:
        return None
    from base.inflash import segments            # (forgotten with this module)
    segs = segments(path, flash, digest)
    if not segs:
        return None
    units_at = ROWS_AT + nraw * nh
    spans = [(ROWS_AT + i * nh, nh) for i in range(nraw)]
    spans += [(units_at + j * BLOCK * _UNIT, BLOCK * _UNIT) for j in range(nh // BLOCK)]
    blocks = bytearray(len(spans))
    last = len(segs) - 1
    for n, (off, size) in enumerate(spans):
        blocks[n] = 255
        for k in range(last + 1):
            start, end = segs[k][0], segs[k][0] + len(segs[k][1])
            if start <= off < end and not (off - start) & 3:
                if off + size <= end:
                    blocks[n] = k
                elif k < last and off + size <= end + len(segs[k + 1][1]) and k < 127:
                    blocks[n] = 128 + k
    whole = True                # (no row nor block read from the file: it is never opened)
    for k in blocks:
        if k == 255:
            whole = False
    if ev.viper:
        from uctypes import addressof
        return blocks, [(addressof(mv), -off) for off, mv in segs], copy, addressof(buf), whole
    return blocks, [(mv, -off) for off, mv in segs], None, None, whole
