"""A flash chip in RAM, shaped like the Pico's (4 KB erase blocks), as a block device for
MicroPython's littlefs (os.VfsLfs2): the real filesystem code the board runs, over memory
the tests and benches can count and copy. Runs under the MicroPython unix port.

- `erased`: a list of per-block erase counts, counted while it is not None (wear);
- `programs`: the 256-byte pages programmed (the rp2 port's progsize), always counted;
- `snaps`: while a list, the whole flash is copied into it before every erase and every
  program, and once more with that program torn halfway (what a power cut leaves).
"""

PAGE = 256


class Flash:
    def __init__(self, blocks, size=4096):
        self.size = size
        self.data = bytearray(blocks * size)      # erased below, a block at a time (no
        self.blocks = blocks                       # second copy of the whole flash at once)
        for b in range(blocks):
            self.data[b * size:(b + 1) * size] = b"\xff" * size
        self.snaps = None
        self.erased = None
        self.programs = 0

    def readblocks(self, n, buf, off=0):
        # (through a view: a slice of the bytearray would allocate a copy of the bytes at
        # every read, which the chip's flash, a memcpy in C, does not)
        a = n * self.size + off
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        a = n * self.size + off
        self.programs += (len(buf) + PAGE - 1) // PAGE
        if self.snaps is not None:
            self.snaps.append(bytes(self.data))
            torn = bytearray(self.data)
            h = len(buf) // 2
            torn[a:a + h] = buf[:h]
            self.snaps.append(bytes(torn))
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.size
        if op == 6:
            if self.snaps is not None:
                self.snaps.append(bytes(self.data))
            if self.erased is not None:
                self.erased[arg] += 1
            a = arg * self.size
            self.data[a:a + self.size] = b"\xff" * self.size
            return 0
        return 0


class Snapshot(Flash):
    """A copy of a Flash's contents (a snapshot), mounted as the board would after a cut."""

    def __init__(self, data, size=4096):
        self.size = size
        self.data = bytearray(data)
        self.blocks = len(data) // size
        self.snaps = None
        self.erased = None
        self.programs = 0
