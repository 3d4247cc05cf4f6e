"""The leaf net's making (engine/deepleaf.py's LeafNet): its file's header read and checked,
its buffers, its viper code compiled. Run once, at a strong think's first; loaded for that
call and forgotten (lazy.forget), so that a think holds none of this code."""
from engine.deepleaf import NFEAT, ROWS_AT, BLOCK, _u16, out_bc

try:
    from micropython import const
except ImportError:          # CPython
    def const(x):  # type: ignore[misc]
        return x

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
        return compile_all()
    finally:
        lazy.forget("engine.deepleaf_vp")


def made(net, ev, path, engine, race):
    """LeafNet.__init__'s work on `net` (its arguments: engine/deepleaf.py)."""
    net.ev = ev
    net.path = path
    net.f = None
    net.engine = engine          # the strong level's (engine/player.py) and its race test
    net.race = race
    net.leaf_pos = bytearray(50)
    v = memoryview(net.leaf_pos)
    net.sides = (v[25:50], v[0:25])   # the leaf, its candidate's mover on roll (no allocation)
    hdr = bytearray(ROWS_AT)
    with open(path, "rb") as f:
        if f.readinto(hdr) != ROWS_AT or hdr[0:4] != MAGIC:
            raise ValueError("%s is not a leaf net file" % path)
    net.nraw = _u16(hdr, 4)
    nfeat = _u16(hdr, 6)
    net.nh = _u16(hdr, 8)
    if nfeat != NFEAT or net.nh % BLOCK or net.nh > 256 or net.nraw != 202:
        raise ValueError("%s has an unexpected shape" % path)
    net.mul = [int.from_bytes(hdr[_P_AT + 4 * k:_P_AT + 4 * k + 4], "little") for k in range(NFEAT)]
    net.units_at = ROWS_AT + net.nraw * net.nh
    import array
    net.buf = bytearray(BUF)
    view = memoryview(net.buf)
    net.rows = view[:2 * net.nh]      # up to two adjacent rows a read
    net.one = view[:net.nh]
    net.second = view[net.nh:2 * net.nh]
    net.units = view[:BLOCK * _UNIT]
    net.y = array.array("i", bytes(4 * _Y_LEN))
    for k in range(NOUT):
        net.y[_Y_B2 + k] = _u16(hdr, _B2_AT + 2 * k)
    net.evals = 0
    if ev.viper:
        from engine.net import delta_vp
        g = _compiled()
        net._lanes = g["lanes_vp"]
        net._block = g["block_vp"]
        net._out = out_bc          # (bytecode: once a leaf)
        net._delta = delta_vp
        net.work = ev.work         # its scratch, between two walks
        net.sig = ev.sig               # the raw uint16 table (ptr16)
    else:
        from engine import deepleaf_py
        net._lanes = deepleaf_py.lanes
        net._block = deepleaf_py.block
        net._out = deepleaf_py.out
        net._active_py = deepleaf_py.active
        net.work = bytearray(840)
        net.sig = [_u16(ev.sig, 2 * t) for t in range(257)]
