"""A fake flash for store.py's fault tests: a filesystem that can lose power after any
number of steps, fill up, refuse renames, or fail reads (tests/portable/test_store.py
describes it; test_store re-exports these names).
"""
import hw.store as store


ENOENT = 2
EEXIST = 17


class PowerCut(Exception):
    pass


class _Writer:
    def __init__(self, flash, data):
        self.flash = flash
        self.data = data

    def write(self, b):
        if self.flash.write_fails is not None:
            raise self.flash.write_fails
        # Bytes land one by one; a cut may fall after any of them.
        n = self.flash.allowance(len(b))
        self.data.extend(b[:n])
        if n < len(b):
            self.flash.cut()
        return n

    def close(self):
        self.flash.step()


class _Reader:
    def __init__(self, data, fault=None):
        self.data = bytes(data)
        self.fault = fault

    def read(self):
        if self.fault is not None:
            raise self.fault
        return self.data

    def close(self):
        pass


class FakeFlash:
    def __init__(self, atomic_replace=True):
        self.files = {}
        self.atomic_replace = atomic_replace
        self.cut_at = -1     # steps allowed before the power goes; -1 = never
        self.done = 0        # steps performed since arm()
        # path -> [where ("open" or "read"), exception, times (-1: every time)]
        self.read_faults = {}
        self.refuse_rename = None   # an OSError every rename raises (a full flash), or None
        self.opens = 0       # reads tried, faulty or not
        self.fail_with = None  # an OSError the armed step raises instead of a power cut
        self.write_fails = None  # an OSError every write raises (after truncating), or None

    def arm(self, cut_at):
        self.cut_at = cut_at
        self.done = 0

    def disarm(self):
        self.cut_at = -1

    def cut(self):
        self.cut_at = -1
        raise self.fail_with if self.fail_with is not None else PowerCut()

    def allowance(self, n):
        """How many of n steps may happen before the cut (all when unarmed)."""
        if self.cut_at < 0:
            self.done += n
            return n
        k = min(n, self.cut_at - self.done)
        self.done += k
        return k

    def step(self):
        if self.allowance(1) < 1:
            self.cut()

    def snapshot(self):
        return dict((p, bytearray(d)) for p, d in self.files.items())

    def restore(self, snap):
        self.files = dict((p, bytearray(d)) for p, d in snap.items())

    # the calls store.py makes
    def open(self, path, mode):
        if "w" in mode:
            self.step()
            self.files[path] = bytearray()
            return _Writer(self, self.files[path])
        if path not in self.files:
            raise OSError(ENOENT)
        self.opens += 1
        fault = self.read_faults.get(path)
        if fault and fault[2]:
            fault[2] -= 1
            if fault[1] is not None and fault[0] == "open":
                raise fault[1]
            return _Reader(self.files[path], fault[1])
        return _Reader(self.files[path])

    def rename(self, src, dst):
        if self.refuse_rename is not None:
            raise self.refuse_rename
        self.step()
        if src not in self.files:
            raise OSError(ENOENT)
        if dst in self.files and not self.atomic_replace:
            raise OSError(EEXIST)
        self.files[dst] = self.files.pop(src)
        self.step()   # a cut right after the rename, before save() returns

    def remove(self, path):
        self.step()
        if path not in self.files:
            raise OSError(ENOENT)
        del self.files[path]


def match_states(n, seed=12345):
    """n successive state blobs of a simulated match: board, score, cube, and the current
    game's plays, which grow during a game and reset at its end (sizes vary ~60..400)."""
    x = seed
    states = []
    plays = bytearray()
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        if x % 61 == 0:
            plays = bytearray()       # game over: the next game starts empty
        else:
            plays.extend(bytes((x >> 3 & 0xFF, x >> 11 & 0xFF, x >> 19 & 0xFF, (i * 7) & 0xFF)))
        board = bytes(((x >> (j % 24)) + j) & 0x0F for j in range(50))
        head = bytes((i & 0xFF, i >> 8, x & 3, x >> 2 & 7))
        states.append(head + board + bytes(plays[-340:]))
    return states


def check_cuts(states, atomic_replace=True, path="state.bin", resume=None):
    """Cut power at every step of every save; return the number of cut points tried.

    After each cut the store must load the state being saved or the one before it
    (nothing at all before the first commit), never anything else, and the next save
    must work. `resume(state)`, when given, is the board powering up on what was loaded."""
    flash = FakeFlash(atomic_replace)
    cuts = 0
    previous = None
    for new in states:
        committed = flash.snapshot()
        k = 0
        while True:
            flash.restore(committed)
            flash.arm(k)
            try:
                store.save(path, new, flash)
                finished = True
            except PowerCut:
                finished = False
            flash.disarm()
            if finished:
                break
            cuts += 1
            try:
                got = store.load(path, flash)
            except store.StoreError as e:
                assert e.kind == "missing" and previous is None, (k, e.kind, e.message)
                got = None
            assert got == new or got == previous, "cut %d of a save: mixed state" % k
            if resume is not None and got is not None:
                resume(got)
            # the board resumes and keeps saving
            store.save(path, b"next", flash)
            assert store.load(path, flash) == b"next"
            k += 1
        flash.restore(committed)
        store.save(path, new, flash)
        assert store.load(path, flash) == new
        previous = new
    return cuts
