"""The engine's weights read in place from the flash (base/inflash.py, engine/weights.py).

The flash here is a real littlefs: under MicroPython the interpreter's own (vfs.VfsLfs2, the
code the Pico's firmware runs) on a block device in a bytearray of 4 KB blocks, whose bytes
stand for the Pico's mapped flash; under CPython littlefs-python's (the same C library). The
weights file is copied onto it as `make flash` does (in pieces), then found where it lies:
- its blocks, in order, are its bytes;
- an Evaluator reading W1 in place gives the same outputs, bit for bit, as one that read the
  whole file into the heap, and (MicroPython) holds at least 15 KB less of the heap;
- a second copy of the same bytes left in freed blocks, or a file that is not on the flash:
  nothing is read in place (the file is read into the heap); an older version's freed blocks
  and blocks made to look like the file's last one: the file's own blocks are found;
- the strong level's leaf net reads its rows and its units' blocks in place (those that run
  from one of the flash's blocks into the next joined in its buffer), never opens its file,
  and values leaves and plays bit for bit as from the file.
"""
import gc
import sys

from bg.ids import position_from_id

MICROPYTHON = sys.implementation.name == "micropython"
ONE_HEAP_PER_TEST = True    # (tests/test_micropython.py: each test in a fresh heap: each makes a
#                             RAM flash of 48 to 104 KB, one block the Pico-sized heap must find,
#                             which the names and objects an earlier test left could cut)
TESTS = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
WEIGHTS = TESTS + "/../../firmware/engine/weights.bin"
BS = 4096
POSITIONS = ("4HPwATDgc/ABMA", "AAAAKCWllFIAAA", "4HPhASLgc/ABMA", "sNvBAQDg2wEAAA", "2G7gAyBg2wEAAA",
             "wQMAwN1tAwAAAA", "ttsAgDHM3s0AAA", "ss3gBwCmewODAA")


def _source():
    with open(WEIGHTS, "rb") as f:
        return f.read()


class FlashBoard:
    """A littlefs on a flash of `blocks` blocks; put(name, bytes) copies a file onto it in
    pieces of 700 bytes (as mpremote does, in pieces); path(name) is where the board's code
    opens it; flash() the mapping and block size inflash.segments takes."""

    n = 0

    def __init__(self, blocks=12):
        gc.collect()            # (the last test's flash: the Pico's heap holds one at a time)
        if MICROPYTHON:
            import vfs
            from ramflash import Flash      # host_tools/fakes: 4 KB blocks in a bytearray
            self.dev = Flash(blocks)
            vfs.VfsLfs2.mkfs(self.dev, progsize=256)
            FlashBoard.n += 1
            self.mount = "/tablier_lfs%d" % FlashBoard.n
            vfs.mount(vfs.VfsLfs2(self.dev, progsize=256), self.mount)
        else:
            import littlefs
            import tempfile
            self.fs = littlefs.LittleFS(block_size=BS, block_count=blocks, prog_size=256)
            self.mount = tempfile.mkdtemp(prefix="tablier-lfs-")

    def put(self, name, data):
        if MICROPYTHON:
            f = open(self.mount + "/" + name, "wb")
        else:
            f = self.fs.open(name, "wb")
            with open(self.mount + "/" + name, "wb") as g:   # what the board's open() reads
                g.write(data)
        for i in range(0, len(data), 700):
            f.write(data[i:i + 700])
        f.close()

    def put_file(self, name, src):
        """The host's file `src` copied on as `name`, read and written 700 bytes at a time
        (the Pico's heap holds the flash, not a copy of the file beside it)."""
        if MICROPYTHON:
            f = open(self.mount + "/" + name, "wb")
        else:
            import shutil
            shutil.copy(src, self.mount + "/" + name)
            f = self.fs.open(name, "wb")
        with open(src, "rb") as g:
            while True:
                b = g.read(700)
                if not b:
                    break
                f.write(b)
        f.close()

    def path(self, name):
        return self.mount + "/" + name

    def flash(self):
        # (the mapping, the block size, the block device a second littlefs can read the
        # file through to tell two copies apart: MicroPython's own littlefs only, and the
        # folder it is mounted at)
        if MICROPYTHON:
            return memoryview(self.dev.data), BS, self.dev, self.mount
        return memoryview(self.fs.context.buffer), BS, None, self.mount

    def close(self):
        if MICROPYTHON:
            import vfs
            vfs.umount(self.mount)


def _same(segs, data):
    """The segments, in order, hold exactly `data` (compared piece by piece: the Pico's heap
    has no room for a second copy)."""
    at = 0
    for off, mv in segs:
        if off != at or bytes(mv) != data[at:at + len(mv)]:
            return False
        at += len(mv)
    return at == len(data)


def test_the_file_is_found_in_its_blocks_in_order():
    from base import inflash
    src = _source()
    board = FlashBoard()
    try:
        board.put("filler.bin", bytes(range(256)) * 5)      # the file's blocks not the first
        board.put("weights.bin", src)
        segs = inflash.segments(board.path("weights.bin"), board.flash())
        assert segs is not None, "the weights were not found on the flash"
        assert [off for off, _ in segs] == [off for off, _, _ in inflash.layout(len(src), BS)]
        assert _same(segs, src)
        # the layout is littlefs's: block 0 holds 4,096 bytes, block n 4 x (ctz(n) + 1) fewer
        assert [k for _, k, _ in inflash.layout(5 * BS, BS)] == [4096, 4092, 4088, 4092, 4084, 28]
    finally:
        board.close()


def test_a_second_copy_of_the_same_bytes_is_told_apart_and_an_older_version_never_read():
    from base import inflash
    src = _source()
    segs = mem = None
    board = FlashBoard(20)
    try:
        board.put("weights.bin", src)
        board.put("weights.bin", src)      # copied again (mip does): the first copy's blocks are free now
        segs = inflash.segments(board.path("weights.bin"), board.flash())
        if not MICROPYTHON:
            # littlefs-python's image has no device a second littlefs of the firmware's can
            # read: the two copies cannot be told apart, nothing is read in place
            assert segs is None
        else:
            # MicroPython's littlefs read the file through a spy: the copy it reads. Proved by
            # filling the flash's free blocks (the first copy's among them) with another file:
            # the bytes in place are still the file's
            assert segs is not None and _same(segs, src)
            mem, bs = board.flash()[:2]
            # (no block device to read through: the copies cannot be told apart)
            assert inflash.segments(board.path("weights.bin"), (mem, bs)) is None
            fill = bytes(range(256)) * 16
            f = open(board.path("filler.bin"), "wb")
            try:
                while True:
                    f.write(fill)
            except OSError:
                pass                       # the flash is full: every free block written
            try:
                f.close()
            except OSError:
                pass
            assert _same(segs, src), "the copy read in place was not the file's"
    finally:
        board.close()
        board = segs = mem = None          # (its 80 KB flash: the Pico-sized heap holds one)
    # a new version over an older one whose freed blocks still hold it: the new one's blocks
    newer = bytearray(src)
    for at in (100, len(src) // 2, len(src) - 10):
        newer[at] ^= 0x55
    board = FlashBoard(20)
    try:
        board.put("weights.bin", src)
        board.put("weights.bin", newer)
        segs = inflash.segments(board.path("weights.bin"), board.flash())
        assert segs is not None and _same(segs, newer)
        # decoys: erased blocks made to begin as the file's last block does, their pointer
        # to a block of the file (a flash of look-alike blocks): still the file's own chain
        mem, bs = board.flash()[:2]
        lay = inflash.layout(len(newer), bs)
        off, k, at = lay[-1]
        head = bytes(newer[off:off + 8])
        decoys = 0
        for b in range(len(mem) // bs):
            if decoys < 4 and bytes(mem[b * bs:b * bs + 16]) == b"\xff" * 16:
                mem[b * bs:b * bs + 4] = bytes(4)               # pointer to block 0
                mem[b * bs + at:b * bs + at + 8] = head
                decoys += 1
        assert decoys == 4
        segs = inflash.segments(board.path("weights.bin"), board.flash())
        assert segs is not None and _same(segs, newer)
        # a file whose bytes are not on this flash (the leaf net's, from the host's disk)
        assert inflash.segments(WEIGHTS.replace("weights.bin", "leafnet.bin"), board.flash()) is None
        assert inflash.pico_flash() is None         # no rp2 here: nothing in place
    finally:
        board.close()


def _equities(ev):
    out = []
    for pid in POSITIONS:
        pos = position_from_id(pid)
        for race in (False, True):      # both nets
            out.append(tuple(ev.probs(bytes(pos.me), bytes(pos.opp), race)))
    return out


def test_an_evaluator_reading_in_place_evaluates_bit_for_bit_as_one_with_the_file_in_the_heap():
    from engine.net import Evaluator
    src = _source()
    board = FlashBoard()
    try:
        board.put("weights.bin", src)
        path = board.path("weights.bin")
        gc.collect()
        a = gc.mem_alloc() if MICROPYTHON else 0
        whole = Evaluator(path, flash=False)
        gc.collect()
        b = gc.mem_alloc() if MICROPYTHON else 0
        placed = Evaluator(path, flash=board.flash())
        gc.collect()
        c = gc.mem_alloc() if MICROPYTHON else 0
        assert _equities(placed) == _equities(whole)
        # (the pure path, CPython's, decodes the rows it reads: they came from the flash)
        if MICROPYTHON:
            held_whole, held_placed = b - a, c - b
            print("weights held: whole %d B, in place %d B" % (held_whole, held_placed))
            assert held_whole - held_placed >= 15000, (held_whole, held_placed)
        # in place, of the contact net's W1 (202 rows of 80 bytes) only the rows that
        # straddle two of the flash's blocks are copied into the heap
        copied = sum(len(ch) for ch in placed.contact.chunks if not isinstance(ch, memoryview))
        assert copied <= 1500, copied
        assert sum(len(ch) for ch in whole.contact.chunks) == 202 * 80
    finally:
        board.close()


def test_the_leaf_net_in_place_values_its_leaves_and_plays_bit_for_bit_as_from_its_file():
    from engine.player import Engine
    board = FlashBoard(26)
    try:
        board.put_file("weights.bin", WEIGHTS)
        board.put_file("leafnet.bin", WEIGHTS.replace("weights.bin", "leafnet.bin"))
        engines = []
        for flash in (False, board.flash()):
            e = Engine(board.path("weights.bin"), flash=flash)
            assert e.leaf_net() is not None, e.deep_fault
            engines.append(e)
        from_file, placed = engines
        assert from_file.leaf.place is None
        assert placed.leaf.place is not None, "the leaf net was not found on the flash"
        # every row and block of units lies on the flash, some across two of its blocks
        # (joined in the one buffer): the file is never opened
        blocks = placed.leaf.place[0]
        assert placed.leaf.place[4] and max(blocks) < 255
        assert sum(1 for k in blocks if k >= 128) >= 5
        placed.leaf.open()
        assert placed.leaf.f is None
        placed.leaf.close()
        for pid in POSITIONS:
            pos = position_from_id(pid)
            values = []
            for e in engines:
                e.leaf.open()
                try:
                    values.append(e.leaf.equity(bytes(pos.me), bytes(pos.opp)))
                finally:
                    e.leaf.close()
            assert values[0] == values[1], (pid, values)
        start = position_from_id("4HPwATDgc/ABMA")
        for d1, d2 in ((3, 1), (6, 4), (2, 2)):
            plays = [e.choose(bytes(start.me), bytes(start.opp), d1, d2, "strong") for e in engines]
            assert plays[0] == plays[1], plays
            assert placed.leaf is not None and placed.deep_fault is None
    finally:
        board.close()
