"""hw/store.py and the record (record/, host_tools/record_read.py) on the real littlefs (the C code the Pico runs, in the MicroPython
unix port's os.VfsLfs2) over a RAM flash shaped like the Pico's (4 KB erase blocks, 256-byte
programs, MicroPython's rp2 settings).

- Power cuts: the flash is copied before every erase and every program, and once more with
  that program torn halfway; each copy is mounted as the board would after the cut, and
  load() must give the state being saved or the one before, never anything else.
- Wear: a simulated match (45 turns a game: a record append and a state save per turn)
  counts block erases: bounded per game, and spread by littlefs over the flash.
Figures for docs/persistence.md: `python tests/test_store_littlefs.py [GAMES]`.
"""
import re
import sys

import pytest

from tools import ROOT, run_micropython

PRELUDE = """
import os, sys
sys.path.insert(0, %r)
sys.path.append(%r)
import hw.store as store
from host_tools import record_read as record
""" % (ROOT + "/firmware", ROOT)

# the RAM flash (host_tools/fakes/ramflash.py), as a module of the fakes
FLASH = """
sys.path.insert(0, %r)
from ramflash import Flash, Snapshot
""" % (ROOT + "/host_tools/fakes")

CUTS = PRELUDE + FLASH + r"""
dev = Flash(48)
os.VfsLfs2.mkfs(dev, progsize=256)
fs = os.VfsLfs2(dev, progsize=256)

class Plain:
    # the same littlefs seen as any filesystem: the save's .tmp and rename
    def __init__(self, fs):
        self.fs = fs
    def open(self, path, mode):
        return self.fs.open(path, mode)
    def rename(self, src, dst):
        self.fs.rename(src, dst)
    def remove(self, path):
        self.fs.remove(path)

target = Plain(fs) if WAY_ARG == "tmp" else fs
assert store.atomic_close(target) == (WAY_ARG == "in place")
SAVES = SAVES_ARG
prev = None
cuts = 0
for i in range(SAVES):
    new = bytes((i * 7 + j) & 255 for j in range(60 + (i * 37) % 700))
    dev.snaps = []
    store.save("/state.bin", new, target)
    snaps = dev.snaps
    dev.snaps = None
    for snap in snaps:
        cuts += 1
        after = os.VfsLfs2(Snapshot(snap), progsize=256)
        try:
            got = store.load("/state.bin", after)
        except store.StoreError as e:
            assert e.kind == "missing" and prev is None, (i, e.kind, e.message)
            got = None
        assert got == new or got == prev, "save %d: mixed state after a cut" % i
    assert store.load("/state.bin", fs) == new
    prev = new
print("littlefs cuts", cuts, "saves", SAVES)
"""

WEAR = PRELUDE + FLASH + r"""
dev = Flash(352)          # the Pico's 1408 KB filesystem
os.VfsLfs2.mkfs(dev, progsize=256)
fs = os.VfsLfs2(dev, progsize=256)
os.mount(fs, "/fl")
os.mkdir("/fl/records")
for i in range(30):       # the firmware's own files
    with open("/fl/mod%d.mpy" % i, "wb") as f:
        f.write(b"x" * 4000)
count = [0] * 352
dev.erased = count
store.OsFiles.atomic_close = True   # the board's saves, as on the rp2 port (littlefs)
GAMES = GAMES_ARG
CLOCK_SAVES = CLOCK_ARG
# As the board does it (firmware/app/loop.py, game/table.py): a 127-byte Table snapshot
# saved after the roll and again after the committed play, and each record line appended
# as it comes (the roll, then the play). CLOCK_SAVES more snapshots a game: those of the
# clock's reserve (one per whole second of reserve spent), spread over the turns.
state = bytearray(127)
for g in range(GAMES):
    if g % 8 == 0:
        log = record.RecordLog("/fl/records/m%04d.tbr" % (g // 8))
    log.add(("game", g % 7, 3, False))
    clock_saves = 0
    for t in range(45):
        while clock_saves < CLOCK_SAVES * (t + 1) // 45:
            clock_saves += 1
            state[100] = (state[100] + 1) & 255
            store.save("/fl/state.bin", bytes(state))
        state[t] = (state[t] + 1) & 255
        log.add(("roll", t & 1, 6, 3))
        store.save("/fl/state.bin", bytes(state))
        state[t + 45] = (state[t + 45] + 1) & 255
        log.add(("play", t & 1, ((13, 7), (8, 5))))
        store.save("/fl/state.bin", bytes(state))
    log.add(("end", 0, 1))
    store.save("/fl/state.bin", bytes(state))
print("games %d erases %d max_block %d blocks %d" % (GAMES, sum(count), max(count),
      sum(1 for c in count if c)))
"""


FULL = PRELUDE + FLASH + r"""
# issue 8 item 4: on littlefs a write into a full flash succeeds into the file's cache and
# close() fails with ENOSPC; the App's record lines must stay queued until a close succeeds.
from app.loop import App, Drivers
from game.table import Table
from record.record_writer import line
dev = Flash(16)
os.VfsLfs2.mkfs(dev, progsize=256)
fs = os.VfsLfs2(dev, progsize=256)
os.mount(fs, "/fl")
said = []
# (the Table's own outbox left undrained: the record holds only the lines written here)
app = App(Table(), Drivers(), "/fl/state.bin", "/fl/match.rec", write_line=said.append, fault_log=None)
events = [("match", 3, "C", ""), ("game", 0, 0, False), ("roll", 0, 6, 3),
          ("play", 0, ((24, 18), (13, 10))), ("roll", 1, 5, 2), ("play", 1, ((13, 8), (6, 4))),
          ("roll", 0, 4, 4)]
for i in range(3):
    app.record(line(events[i], i + 1))
assert app.record_failed is None and record.read_file("/fl/match.rec") == (events[:3], [])
n = 0
for size in (4096, 1024, 256, 64, 16):       # fill the flash with closed files
    try:
        while True:
            with open("/fl/fill%d" % n, "wb") as f:
                f.write(b"x" * size)
            n += 1
    except OSError:
        pass
closes_failed = 0
for i in range(3, 6):
    app.record(line(events[i], i + 1))
    closes_failed += app.record_failed is not None
assert app.record_failed == "no space left", app.record_failed
assert record.read_file("/fl/match.rec") == (events[:3], [])   # the three lines wait in memory
assert [l for l in said if "record_failed" in l and "no space left" in l], said
for k in range(n):                           # the player deletes old files
    os.remove("/fl/fill%d" % k)
app.record(line(events[6], 7))
assert app.record_failed is None
got, problems = record.read_file("/fl/match.rec")
assert got == events and problems == [], (got, problems)
print("full flash: %d closes refused, every line written once, in order" % closes_failed)
"""


def test_record_lines_stay_queued_until_littlefs_takes_them():
    out = run(FULL)
    assert "full flash: 3 closes refused, every line written once, in order" in out, out


REFUSED = PRELUDE + FLASH + r"""
class Refusing:
    '''The real littlefs volume, but its rename can be refused (ENOSPC) and its writes made
    to fail (ENOSPC at close, as littlefs does when the flash is full); fat=True refuses
    a rename onto an existing file (EEXIST), as FAT does, so store.py removes it first.'''
    def __init__(self, fs, fat=False):
        self.fs = fs
        self.fat = fat
        self.refuse = False
        self.full = False
    def open(self, path, mode):
        f = self.fs.open(path, mode)
        return Closing(f, self) if "w" in mode else f
    def rename(self, src, dst):
        if self.fat:
            try:
                self.fs.stat(dst)
                there = True
            except OSError:
                there = False
            if there:
                raise OSError(17)
        if self.refuse:
            raise OSError(28)
        self.fs.rename(src, dst)
    def remove(self, path):
        self.fs.remove(path)

class Closing:
    def __init__(self, f, owner):
        self.f = f
        self.owner = owner
    def write(self, b):
        return self.f.write(b)
    def close(self):
        self.f.close()
        if self.owner.full:
            raise OSError(28)

cases = 0
for fat in (False, True):
    dev = Flash(32)
    os.VfsLfs2.mkfs(dev, progsize=256)
    fs = Refusing(os.VfsLfs2(dev, progsize=256), fat)
    good = []
    for i in range(40):
        new = bytes((i * 11 + j) & 255 for j in range(60 + (i * 53) % 900))
        # a quarter of the saves have their rename refused, and the one after that has
        # its write failing as well (the flash full), twice in a row one time in two
        fs.refuse = i % 4 in (1, 2) or i % 8 == 3
        fs.full = i % 4 == 2 or i % 8 == 3
        cases += 1
        try:
            store.save("/state.bin", new, fs)
            good.append(new)
        except OSError as e:
            assert store.why(e).startswith("flash full"), store.why(e)
            if fat and i % 4 == 1:
                good.append(new)   # FAT removed the old state: the complete .tmp is its successor
        # a power cut now: the flash mounted as it is holds the last good state
        after = Refusing(os.VfsLfs2(Snapshot(dev.data), progsize=256), fat)
        after.refuse = fs.refuse
        got = store.load("/state.bin", after)
        assert good and got == good[-1], (fat, i)
        assert store.load("/state.bin", fs) == got
print("refused cases", cases)
"""


def run(script, heap="32M"):
    proc = run_micropython(["-c", script], heap=heap, timeout=300)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return proc.stdout


@pytest.mark.parametrize("way", ["in place", "tmp"])
def test_power_cuts_on_real_littlefs(way):
    """A cut before every erase and every program of 120 saves (and inside each program):
    the state saved or the one before, for the board's way on littlefs (in place: littlefs
    commits at the close) and for the .tmp and rename that other filesystems get."""
    out = run(CUTS.replace("SAVES_ARG", "120").replace("WAY_ARG", repr(way)))
    m = re.search(r"littlefs cuts (\d+) saves (\d+)", out)
    assert m and int(m.group(1)) > 2 * 120, out


FULL_IN_PLACE = PRELUDE + FLASH + r"""
dev = Flash(12)
os.VfsLfs2.mkfs(dev, progsize=256)
fs = os.VfsLfs2(dev, progsize=256)
small = bytes(range(100))
store.save("/state.bin", small, fs)
n = 0
try:
    while True:                     # the rest of the flash filled with other files
        with open_fs(fs, "/fill%d" % n) as f:
            f.write(b"x" * 4096)
        n += 1
except OSError:
    pass
refused = 0
good = small
for size in (200, 3000, 9000):      # inline (it may fit), one block, three blocks
    new = bytes([size & 255]) * size
    try:
        store.save("/state.bin", new, fs)
        good = new
    except OSError as e:
        refused += 1
        assert store.why(e).startswith("flash full"), store.why(e)
    assert store.load("/state.bin", fs) == good, size
    after = os.VfsLfs2(Snapshot(dev.data), progsize=256)     # and after a cut now
    assert store.load("/state.bin", after) == store.load("/state.bin", fs)
print("refused", refused)
"""


def test_a_full_flash_leaves_the_last_state_when_the_save_is_in_place():
    """littlefs refuses a write into a full flash (or its close): the old state stands, on
    the flash as mounted and as it would be after a cut."""
    out = run(FULL_IN_PLACE.replace("open_fs(fs, ", "fs.open(").replace('"/fill%d" % n)', '"/fill%d" % n, "wb")'))
    m = re.search(r"refused (\d+)", out)
    assert m and int(m.group(1)) >= 2, out


def test_a_refused_rename_on_real_littlefs_keeps_the_last_good_state():
    out = run(REFUSED)
    assert "refused cases 80" in out, out


def wear(games, clock_saves=0):
    out = run(WEAR.replace("GAMES_ARG", str(games)).replace("CLOCK_ARG", str(clock_saves)))
    m = re.search(r"games (\d+) erases (\d+) max_block (\d+) blocks (\d+)", out)
    assert m, out
    return [int(x) for x in m.groups()]


def test_flash_wear_per_game_is_bounded_and_spread():
    games, erases, max_block, blocks = wear(30)
    assert erases / games < 160, (erases, games)
    # The hottest metadata pair takes ~6 erases a game (69 after 12 games); littlefs moves
    # it after 100 (MicroPython's block_cycles), so after 30 games no block is far past 100.
    assert max_block <= 115 and blocks > 200, (max_block, blocks)


if __name__ == "__main__":
    # GAMES [CLOCK_SAVES]: CLOCK_SAVES reserve saves a game (240 = both 2-minute reserves)
    g, e, mb, b = wear(int(sys.argv[1]) if len(sys.argv) > 1 else 100,
                       int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    print("%d games: %d block erases (%.1f a game), the most-erased block %d times, %d of 352 blocks used"
          % (g, e, e / g, mb, b))
