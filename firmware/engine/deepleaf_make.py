"""The leaf net's making (engine/deepleaf.py's LeafNet): its file's header read and checked,
its buffers, its viper code compiled. Run once, at a strong think's first; loaded for that
call and forgotten (lazy.forget), so that a think holds none of this code."""
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
_Y_LEN = const(24)


def _compiled():
    import lazy
    try:
        from engine.deepleaf_vp import compile_all
        g = compile_all()
    finally:
        lazy.forget("engine.deepleaf_vp")
    try:
        from engine.leaffeat_vp import compile_all
        g["inputs_vp"] = compile_all()["inputs_vp"]
    finally:
        lazy.forget("engine.leaffeat_vp")
    return g


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def made(net, ev, path, engine, race, out_bc):
    """LeafNet.__init__'s work (engine/deepleaf.py): the file's header read and checked, the
    buffers and the arithmetic's functions (out_bc: deepleaf.py's outputs in bytecode, both
    paths'), as `net`'s attributes. On viper its one buffer is the strong level's walker's
    set of results (engine/search.py: 512 bytes, idle while a leaf is valued, between two
    walks; 0.5 KB less of the board's heap at a strong think), zeroed after each leaf
    (LeafNet.value); without an engine, or in bytecode, a buffer of its own."""
    hdr = bytearray(ROWS_AT)
    with open(path, "rb") as f:
        if f.readinto(hdr) != ROWS_AT or hdr[0:4] != MAGIC:
            raise ValueError("%s is not a leaf net file" % path)
    nraw = _u16(hdr, 4)
    nfeat = _u16(hdr, 6)
    nh = _u16(hdr, 8)
    if nfeat != NFEAT or nh % BLOCK or nh > 256 or nraw != 202:
        raise ValueError("%s has an unexpected shape" % path)
    import array
    net.ev = ev
    net.path = path
    net.f = None
    net.engine = engine
    net.race = race
    net.leaf_pos = bytearray(50)
    v = memoryview(net.leaf_pos)
    net.sides = (v[25:50], v[0:25])   # the leaf, its candidate's mover on roll (no allocation)
    net.evals = 0
    net.nh = nh
    net.units_at = ROWS_AT + nraw * nh
    net.mul = array.array("i", hdr[_P_AT:_P_AT + 4 * NFEAT])   # (little-endian, as the file)
    net.shared = ev.viper and engine is not None
    if net.shared:
        import uctypes           # (the viper path's ports have it: engine/weights.py's chunks)
        buf = uctypes.bytearray_at(uctypes.addressof(engine.walker.seen), BUF)
    else:
        buf = bytearray(BUF)
    view = memoryview(buf)
    y = array.array("i", bytes(4 * _Y_LEN))
    for k in range(NOUT):
        y[_Y_B2 + k] = _u16(hdr, _B2_AT + 2 * k)
    if ev.viper:
        from engine.net import delta_vp
        g = _compiled()
        net._lanes, net._block, net._delta, net._inputs = g["lanes_vp"], g["block_vp"], delta_vp, g["inputs_vp"]
        net.work = ev.work             # its scratch, between two walks
        net.sig = ev.sig               # the raw uint16 table (ptr16)
    else:
        from engine import deepleaf_py
        from engine.leaffeat import inputs
        net._lanes, net._block, net._delta, net._inputs = (deepleaf_py.lanes, deepleaf_py.block,
                                                           deepleaf_py.active, inputs)
        net.work = bytearray(840)
        net.sig = [_u16(ev.sig, 2 * t) for t in range(257)]     # block's (out_bc: the raw table)
    net._out = out_bc
    # the one buffer and its views: up to two adjacent rows a read, one row, the second,
    # a block of units
    net.buf = buf
    net.rows, net.one, net.second, net.units = view[:2 * nh], view[:nh], view[nh:2 * nh], view[:BLOCK * _UNIT]
    net.y = y
