"""A heap as fragmented as the Pico's in a long match, for the portable tests: small
allocations still succeed, but no block is large enough to load a module (a rare module
through firmware/lazy.py: record_writer for a record line, game.snapshot for a save).

    s = Starved()        # from here on a module load raises MemoryError
    ...                  # the Table's transitions
    s.release()          # the heap whole again

Under MicroPython the heap is really filled: every free block taken (tuples of HOLE bytes,
then smaller ones, then floats for the last 16-byte fragments), then ROOM bytes freed as
every other HOLE-byte tuple, so that the free memory is holes with held blocks between them,
which a collection cannot join. The figures are this tree's on the 64-bit unix port, found
by trying (a transition's largest block is 272 bytes, record_writer's dict of codes 304,
game.snapshot's largest 552, bg.notation's 351; the roll's work fits in 4 to 8 KB of holes):
a change in those sizes can make a test here pass its load or fail its transition, and
then these want measuring again. CPython has no heap limit to reach: there an import
finder raises the MemoryError the Pico's loader raises, for any module not already loaded;
the real heap is the MicroPython run's.
"""
import gc
import sys

MICROPYTHON = sys.implementation.name == "micropython"
HOLE = 272         # bytes of each hole: a transition's largest block (272 here) fits, a module's
                   # dict of names does not (record_writer's CODE: 304 bytes; game.snapshot 552)
ROOM = 6144        # bytes free in all, in those holes: a transition's work fits (4-8 KB here)
SLOTS = 2048       # floats for the fragments too small for a tuple (Starved(floats=))
CHUNK = 16         # blocks per list of the chain that holds them (small lists only)


class _NoHeapFinder:
    """CPython: a module load finds no memory."""

    def find_spec(self, name, path=None, target=None):
        raise MemoryError("no block for module " + name)

    def find_module(self, name, path=None):     # (older CPythons)
        raise MemoryError("no block for module " + name)


class Starved:
    def __init__(self, hole=None, room=None, floats=SLOTS):
        hole = hole or HOLE
        room = ROOM if room is None else room
        self.held = None
        self.finder = None
        self.holes = 0
        gc.collect()
        if not MICROPYTHON:
            self.finder = _NoHeapFinder()
            sys.meta_path.insert(0, self.finder)
            return
        # the last fragments are held by floats (a 16-byte block each on this port) in
        # slots made before: filling them allocates nothing but the floats
        slots = None                         # a chain of rows too: [row before, 16 slots]
        try:
            for _ in range(floats // 16):
                row = [None] * 17
                row[0] = slots
                slots = row
        except MemoryError:
            pass
        chain = None
        # tuples: one allocation each, header and items together (a bytearray's object and
        # buffer are two, which may or may not lie side by side); 16 + 8 x items bytes
        items = (hole - 16) // 8
        while items:
            try:
                while True:
                    chunk = [None] * (CHUNK + 1)
                    chunk[0] = chain
                    chain = chunk
                    for i in range(1, CHUNK + 1):
                        chunk[i] = (None,) * items
            except MemoryError:
                items //= 2                  # then the smaller fragments
        try:
            row = slots
            while row is not None:
                for i in range(1, 17):
                    row[i] = i + 0.5
                row = row[0]
        except MemoryError:
            pass
        # `room` bytes freed in blocks of `hole`, every other one: holes with held blocks
        # between them, which a collection cannot join
        left = room // hole
        big = (hole - 16) // 8
        c = chain
        self.holes = 0
        while c is not None and left > 0:
            for i in range(1, len(c), 2):
                if left > 0 and c[i] is not None and len(c[i]) == big:
                    c[i] = None
                    left -= 1
                    self.holes += 1
            c = c[0]
        self.held = (chain, slots)
        gc.collect()

    def release(self):
        if self.finder is not None:
            sys.meta_path.remove(self.finder)
            self.finder = None
        self.held = None
        gc.collect()
