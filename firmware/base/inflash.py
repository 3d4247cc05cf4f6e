"""A file's bytes read where they lie on the flash, instead of a copy in the heap.

The Pico maps its flash into its address space (execute in place: a read goes through a
16 KB cache), and the stock firmware's filesystem is littlefs on `rp2.Flash()`, whose buffer
is that mapping, read-only. littlefs keeps a file's data in blocks of the device's block
size (4 KB on the Pico) and never moves them while the file is not written: block 0 holds
the file's first bytes; each later block n begins with ctz(n) + 1 pointers of 4 bytes to
earlier blocks (its skip list: the first to block n - 1), then the file's next bytes
(littlefs's SPEC.md, "CTZ skip-lists"). A file the board only reads (the engine's weights:
engine/weights.py) can so be read in place, and its 19 KB kept out of the heap.

The file's blocks are found from the file itself, not from littlefs's directories: each block
whose bytes, where the file's last block holds them, begin as that block does is followed
back through its first pointers, and a chain whose bytes, in order, are the file's (SHA-256)
is the file's. Blocks freed by an earlier copy of the same bytes keep them until littlefs
reuses the blocks, and only one chain is the file's (the other may be written over under a
think). `make flash` copies only the files that changed (mpremote's hash check), so
flashing the board again leaves no such copy; `mpremote mip install` writes every file
again, and a second install leaves one. When two chains qualify, a second littlefs (the
firmware's own, read only) reads the file through a device that notes which blocks it
reads (`_live`): the chain it reads is the file's. If that cannot be told, nothing is read
in place and the caller reads the file into the heap, as it always could.

Loaded when the engine is made (forgotten with engine/weights.py) and when a language's
texts are opened (game/textfiles.py).
"""


def _ctz(n):
    c = 0
    while not n & 1:
        n >>= 1
        c += 1
    return c


def layout(size, bs):
    """Where a littlefs file of `size` bytes keeps them, block size `bs`: per data block in
    order, (the file offset of its first byte, its byte count, their offset in the block)."""
    out = []
    off = 0
    n = 0
    while off < size:
        at = 4 * (_ctz(n) + 1) if n else 0
        k = bs - at
        if k > size - off:
            k = size - off
        out.append((off, k, at))
        off += k
        n += 1
    return out


def pico_flash():
    """(the flash storage's mapping as a read-only memoryview, its block size, the block
    device, "": the folder littlefs is mounted at, the root) on the Pico; None where there
    is no such mapping (another port, a firmware whose rp2.Flash has no buffer)."""
    try:
        import rp2
        dev = rp2.Flash()
        # (rp2_flash.c gives Flash the buffer protocol; the rp2 stubs do not say so)
        return memoryview(dev), dev.ioctl(5, 0), dev, ""  # type: ignore[arg-type]  # (5: the block size)
    except Exception:
        return None


def _u32(mem, a):
    return mem[a] | (mem[a + 1] << 8) | (mem[a + 2] << 16) | (mem[a + 3] << 24)


def _begins(mem, a, b):
    for j in range(len(b)):
        if mem[a + j] != b[j]:
            return False
    return True


def _chain(mem, bs, nb, head, n):
    # the n blocks ending at `head`, by their first pointers; None if one points off the flash
    out = [0] * n
    out[n - 1] = head
    i = n - 1
    while i:
        q = _u32(mem, out[i] * bs)
        if q >= nb:
            return None
        i -= 1
        out[i] = q
    return out


def _digest(mem, bs, chain, lay):
    import hashlib
    h = hashlib.sha256()
    for i in range(len(lay)):
        a = chain[i] * bs + lay[i][2]
        h.update(mem[a:a + lay[i][1]])
    return h.digest()


def _file_digest(f, size):
    import hashlib
    h = hashlib.sha256()
    buf = bytearray(512)
    view = memoryview(buf)
    f.seek(0)
    left = size
    while left:
        k = f.readinto(view[:left] if left < 512 else view)
        if not k:
            return None
        h.update(view[:k])
        left -= k
    return h.digest()


def segments(path, flash=None, digest=None):
    """The file at `path` in place: [(file offset, memoryview of the bytes from there)], one
    per littlefs block, in order; None when it is not found whole on the flash, or found
    more than once with no way to tell which is the file's. flash: (mapping, block size,
    block device or None, the folder littlefs is mounted at), pico_flash()'s by default. digest: the file's SHA-256 if
    the caller has it (engine/filecheck.py's check_file reads it through already)."""
    if flash is None:
        flash = pico_flash()
        if flash is None:
            return None
    mem, bs = flash[0], flash[1]
    with open(path, "rb") as f:
        size = f.seek(0, 2)
        lay = layout(size, bs)
        if not lay:
            return None
        last = lay[-1]
        probe = bytearray(8 if last[1] > 8 else last[1])
        f.seek(last[0])
        if f.readinto(probe) != len(probe):
            return None
        first = bytearray(8 if lay[0][1] > 8 else lay[0][1])
        f.seek(0)
        f.readinto(first)
        want = digest or _file_digest(f, size)
    nb = len(mem) // bs
    n = len(lay)
    found = []
    for p in range(nb):
        if not _begins(mem, p * bs + last[2], probe):
            continue
        chain = _chain(mem, bs, nb, p, n)
        # (its first block begins as the file does, before the whole chain is hashed: a
        # flash of blocks that all begin alike costs a comparison each, not a hash)
        if chain is None or not _begins(mem, chain[0] * bs, first) or _digest(mem, bs, chain, lay) != want:
            continue
        found.append(chain)
        if len(found) == _MOST_COPIES:
            break
    if not found:
        return None
    # two copies of these bytes (an earlier copy's freed blocks): only one is the file's,
    # and the other may be written over under a think; the one littlefs itself reads
    found = found[0] if len(found) == 1 else _live(path, flash, found, nb)
    if found is None:
        return None
    out = []
    for i in range(n):
        a = found[i] * bs + lay[i][2]
        out.append((lay[i][0], mem[a:a + lay[i][1]]))
    return out


_MOST_COPIES = 4            # chains of the same bytes looked at: a file's copy beyond them is
#                             never seen, and then none of these is the one littlefs reads


class _Spy:
    """A block device reading through to `dev` that marks each block it reads and refuses
    to write or erase: a second littlefs on it reads a file and says which blocks hold it."""

    def __init__(self, dev, nb):
        self.dev = dev
        self.seen = bytearray((nb + 7) >> 3)

    def readblocks(self, n, buf, off=0):
        self.seen[n >> 3] |= 1 << (n & 7)
        self.dev.readblocks(n, buf, off)

    def writeblocks(self, n, buf, off=None):
        raise OSError(30)                   # EROFS

    def ioctl(self, op, arg):
        if op == 6:
            return -30                      # (erase) refused
        return self.dev.ioctl(op, arg)


def _live(path, flash, chains, nb):
    """Of `chains` holding the same bytes, the one littlefs reads for the file at `path`, or
    None. flash's third item is its block device (rp2.Flash(); None: no way to tell, as for
    littlefs-python's image), its fourth the folder it is mounted at ("" on the Pico: the
    board's paths are from the root). A second littlefs (MicroPython's own, read only) is
    made on a spy of the device and reads the file through: the blocks it reads are the
    file's. About 3 KB of the heap for the moment; only when a copy was left behind (a
    package installed twice: mip writes every file again)."""
    if len(flash) < 4 or flash[2] is None:
        return None
    inner = path
    if flash[3] and inner.startswith(flash[3]):
        inner = inner[len(flash[3]):]
    if not inner.startswith("/"):
        inner = "/" + inner
    try:
        import vfs
        spy = _Spy(flash[2], nb)
        # (the rp2 stubs call VfsLfs2 abstract and want their own block device class; any
        # object with readblocks, writeblocks and ioctl is one: extmod/vfs_lfs.c)
        f = vfs.VfsLfs2(spy, progsize=256).open(inner, "rb")  # type: ignore[abstract, arg-type]
        try:
            buf = bytearray(256)
            while f.readinto(buf):
                pass
        finally:
            f.close()
    except Exception:
        return None
    seen = spy.seen
    live = None
    for chain in chains:
        for b in chain:
            if not (seen[b >> 3] >> (b & 7)) & 1:
                break
        else:
            if live is not None:
                return None                 # (both read: cannot tell)
            live = chain
    return live


def part(segs, at, n):
    """The file's bytes at..at+n in place (a memoryview), if they lie in one block and start
    at a multiple of 4 in it (the viper code reads them as words); None otherwise."""
    for off, mv in segs:
        if off <= at and at + n <= off + len(mv):
            if (at - off) & 3:
                return None
            return mv[at - off:at - off + n]
    return None
