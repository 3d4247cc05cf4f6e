"""The engine's weights file (TBN2, engine/net.py's docstring), read into small blocks.

The Pico's heap is fragmented once the board runs: its largest free block is 4 to 11 KB
after power-up and about 4 KB at the end of a match, and the engine is made when a
player gives a seat to the board, asks a hint or turns grading on. So no buffer made here
is larger than CHUNK bytes: the sigmoid table (516 bytes); per net a head (its header,
M, B1, W2 and B2, then the table of its chunks: 1.2 KB for 80 hidden units) and W1 in
chunks of whole input rows (`per` rows each, a power of two: 16 rows of 80 units, 1,280
bytes). The file is read section by section with readinto, straight into these blocks
(no full-file buffer).

On the Pico most of W1 is not read at all: the file lies on the flash, which the chip maps
into its address space, and a chunk that lies whole in one of the flash's blocks is a
memoryview of it there (base/inflash.py; the sigmoid table too), and on the viper path
only its address is kept (the net's chunks hold the copied ones alone). Chunks are then of
fewer rows (`_in_place_shift`: 2 rows of 80 units on the viper path, 4 on the pure one), so
that few straddle two blocks and are copied.
The chunk table takes a flash address as it takes a heap block's (the differences fit 32
bits: the flash is mapped below the RAM).

Chunk table (the viper code's way to a row): uint32 words, first log2(per), then per chunk
its address less `base`'s, where base is the chunk at the lowest address (the differences
are below the heap's size, so they fit 32 bits on a 64-bit port too); row r is at chunk
r >> log2(per), (r & (per - 1)) x nhid bytes in. Made with uctypes.addressof; left zero
where uctypes is missing (CPython, WebAssembly: the pure code runs there and reads the
chunks themselves). MicroPython's heap never moves a block, so the addresses hold while
the net holds its chunks.

Needed once per Evaluator: engine/net.py's Evaluator forgets this module after reading (its
code would take about 2 KB of the board's heap for nothing).
"""
from base.inflash import part, segments   # (forgotten with this module: engine/net.py)

MAGIC = b"TBN2"
# a net's head: its header (8 bytes), then three words for tail_vp (its own address, M's and
# W2's, each less the lowest of them), then M and B1 and W2 and B2 where they are copied,
# then the chunk table
_HEAD_WORDS = 20
PATH = "engine/weights.bin"     # on the board's flash, beside the compiled modules
CHUNK = 2048                    # the largest block the weights take
SIG_BYTES = 516                 # 257 x uint16 and 2 bytes of padding

# The file's shape is engine/net.py's (NIN, NOUT, MAX_HID, NETS_AT and its Net class):
# the Evaluator hands it over as `shape`, so that this module imports nothing of net (no
# import loop: net imports this module to read its file).


def read_net(f, at, path, shape, segs=None, lean=False):
    """One net's blocks, as an engine.net.Net: nhid; head (header with the chunk table's
    offset in its 4th uint16, the three words of _HEAD_WORDS, M and B1 then W2 and B2 where
    they are copied, then the chunk table); chunks (a tuple: W1, `per` input rows each);
    base (the chunk at the lowest address); mb, wb (M then B1, W2 then B2: views of the
    flash or of the head). segs: the file in place on the flash (base/inflash.py's segments):
    W1's chunks that lie whole in one of its blocks are read there, not copied. lean (the
    viper code will read them, by address): chunks holds only the chunks copied into the
    heap and base is the lowest address, an int (no memoryview kept per chunk on the flash:
    the mapping is the chip's for good; mb and wb None: the head's words lead to them)."""
    NIN, NOUT, MAX_HID, _, Net = shape
    hdr = bytearray(8)
    f.seek(at)
    _fill(f, hdr, path)
    nin = hdr[0] | (hdr[1] << 8)
    nh = hdr[2] | (hdr[3] << 8)
    nout = hdr[4] | (hdr[5] << 8)
    if nin != NIN or nout != NOUT or not 0 < nh <= MAX_HID or nh % 4:
        raise ValueError("weights file has an unexpected shape: %d-%d-%d" % (nin, nh, nout))
    small = 4 * nh                      # M and B1
    out = 2 * NOUT * (nh + 1)           # W2 and B2
    w1_at = at + 8 + small
    w2_at = w1_at + NIN * nh
    # M and B1, W2 and B2: in place on the flash, or copied into the head after its words
    mb = _part(segs, at + 8, small)
    wb = _part(segs, w2_at, out)
    mb_at = _HEAD_WORDS
    wb_at = mb_at + (small if mb is None else 0)
    tab_at = (wb_at + (out if wb is None else 0) + 3) & ~3
    shift = 0
    while (2 << shift) * nh <= CHUNK:
        shift += 1
    if segs:
        shift = _in_place_shift(segs, w1_at, nh, NIN, shift, 4 if lean else 20)
    per = 1 << shift
    head = bytearray(tab_at + 4 + 4 * ((NIN + per - 1) >> shift))
    head[0:8] = hdr
    head[6] = tab_at & 255
    head[7] = tab_at >> 8
    if mb is None:
        f.seek(at + 8)
        _fill(f, memoryview(head)[mb_at:mb_at + small], path)
        mb = memoryview(head)[mb_at:mb_at + small]
    if wb is None:
        f.seek(w2_at)
        _fill(f, memoryview(head)[wb_at:wb_at + out], path)
        wb = memoryview(head)[wb_at:wb_at + out]
    chunks = []
    r = 0
    while r < NIN:
        n = nh * min(per, NIN - r)
        c = _part(segs, w1_at + r * nh, n)
        if c is None:
            c = bytearray(n)
            f.seek(w1_at + r * nh)
            _fill(f, c, path)
        chunks.append(c)
        r += per
    net = Net(nh, per, head, tuple(chunks), chunks[0], mb, wb)
    try:
        from uctypes import addressof
    except ImportError:
        return net
    low = addressof(chunks[0])
    for c in chunks:
        if addressof(c) < low:
            low = addressof(c)
            net.base = c
    head[tab_at] = shift
    for c in chunks:
        tab_at += 4
        _word(head, tab_at, addressof(c) - low)
    # the head's words: its own address, M's and W2's, each less the lowest of the three
    # (tail_vp finds M and W2 from the head's address: unsigned differences, which fit 32
    # bits on a 64-bit port too, and on the Pico however the flash and the RAM lie)
    here = addressof(head)
    ref = min(here, addressof(mb), addressof(wb))
    _word(head, 8, here - ref)
    _word(head, 12, addressof(mb) - ref)
    _word(head, 16, addressof(wb) - ref)
    if lean:
        net.chunks = tuple(c for c in chunks if not isinstance(c, memoryview))
        net.base = low
        net.mb = net.wb = None
    return net


def _word(b, at, v):
    b[at] = v & 255
    b[at + 1] = (v >> 8) & 255
    b[at + 2] = (v >> 16) & 255
    b[at + 3] = v >> 24


def _part(segs, at, n):
    return part(segs, at, n) if segs else None


def _in_place_shift(segs, w1_at, nh, nin, top, placed):
    """log2 of the rows a chunk holds when W1 is read in place: the one that keeps the
    least in the heap (the chunks that straddle two of the flash's blocks, copied, and 4
    bytes of the chunk table each; `placed` bytes per chunk in place: its table entry, and
    its memoryview unless lean)."""
    best = top
    cost = None
    for shift in range(top + 1):
        per = 1 << shift
        c = 0
        r = 0
        while r < nin:
            n = nh * min(per, nin - r)
            c += placed if _part(segs, w1_at + r * nh, n) is not None else n + 4
            r += per
        if cost is None or c < cost:
            best, cost = shift, c
    return best


def file_size(nhid, nin, nout):
    """Bytes of one net's section in the file (nin inputs, nhid hidden units, nout outputs)."""
    return (8 + 4 * nhid + nin * nhid + 2 * nout * (nhid + 1) + 3) & ~3


def _fill(f, buf, path):
    if f.readinto(buf) != len(buf):
        raise ValueError("weights file cut short: " + path)


def read(path, shape, flash=None, lean=False):
    """(sigmoid table, contact Net, race Net) from the file: ValueError in words when it
    is not one of ours or is cut short. shape: net.py's (NIN, NOUT, MAX_HID, NETS_AT, Net).
    flash: where the file may lie in place (base/inflash.py's segments: None the Pico's
    flash, found if there is one; False: never in place, the whole file in the heap). lean:
    read_net's (the viper code reads the nets)."""
    nets_at = shape[3]
    with open(path, "rb") as f:
        magic = bytearray(4)
        if f.readinto(magic) != 4 or magic != MAGIC:
            raise ValueError("not a Tablier weights file (no TBN2 header): " + path)
        from engine.filecheck import check_file    # forgotten with this module (engine/net.py)
        digest = check_file(path)  # engine/filecheck.py: cut short or damaged, said (issue 26)
        segs = None
        if flash is not False:
            segs = segments(path, flash, digest)
        sig = _part(segs, 4, SIG_BYTES)
        if sig is None:
            sig = bytearray(SIG_BYTES)
            f.seek(4)
            _fill(f, sig, path)
        contact = read_net(f, nets_at, path, shape, segs, lean)
        race = read_net(f, nets_at + file_size(contact.nhid, shape[0], shape[1]), path, shape, segs, lean)
    return sig, contact, race

