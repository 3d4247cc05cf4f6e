"""The board's texts (game/i18n.py): data files read where they lie on the flash.

- every texts file is 'key=text' lines sorted by key, each key once, UTF-8, and fits one
  block of the Pico's flash (4 KB: a file of one block is one run of the flash's mapping);
- the lookup (halving the file's index) finds every key of every file, a key that is a
  prefix of another's and the other way round, and nothing for a key no file has;
- on a littlefs flash (test_weights_in_place.py's FlashBoard: MicroPython's own VfsLfs2,
  or littlefs-python's), a texts file is read where it lies: a view of the flash, not a
  copy, with the same texts; under MicroPython the heap holds its index, not its bytes;
  where there is no mapping the file is kept open and read a line at a time, the same;
- a damaged file (bytes that are not UTF-8, a last line without its newline) or a missing
  one gives the key or the text, never an exception.
"""
import gc

from game import i18n
import game.textfiles as textfiles
from test_weights_in_place import MICROPYTHON, FlashBoard as Board   # (its littlefs flash)

HERE = i18n._HERE


def _lines(name):
    with open(HERE + name, "rb") as f:
        data = f.read()
    return data, data.decode("utf-8").split("\n")


def _pairs(name):
    data, lines = _lines(name)
    out = []
    for line in lines[:-1]:
        k, eq, v = line.partition("=")
        out.append((k, v))
    return out


def test_every_texts_file_is_sorted_unique_and_fits_one_flash_block():
    for files in i18n.FILES:
        for name in files:
            data, lines = _lines(name)
            assert len(data) < 4096, "%s: %d bytes: split it (one flash block each)" % (name, len(data))
            assert data.endswith(b"\n") and lines[-1] == "", name
            keys = []
            for line in lines[:-1]:
                k, eq, v = line.partition("=")
                assert eq and k and v, (name, line)
                assert all(c in "abcdefghijklmnopqrstuvwxyz0123456789_" for c in k), (name, line)
                keys.append(k)
            assert keys == sorted(keys), name + ": not sorted by key"
            assert len(set(keys)) == len(keys), name + ": a key twice"


def test_the_lookup_finds_every_key_and_nothing_else():
    for lang, files in enumerate(i18n.FILES):
        for name in files:
            for k, v in _pairs(name):
                assert i18n.lookup(lang, k) == v, (name, k)
    # prefixes both ways ("cube" and "cube_max"), and keys no file has, around and between
    assert i18n.tr(0, "cube") == "Cube" and i18n.tr(0, "s_cube_max") == "Cube"
    for k in ("", "a", "cub", "cube_", "cubes", "zzzz", "m_titles", "_"):
        assert i18n.lookup(0, k) is None, k
        assert i18n.tr(0, k) == k
    assert i18n.tr(0, "need", "White", "on bar", 1, 2) == "White on bar 1/2"


def test_a_file_with_one_line_or_none():
    for data in (b"", b"a=1\n", b"a=1", b"a=1\nb=2\nc=3"):
        starts = textfiles._index(data)
        got = {}
        for k in (b"a", b"b", b"c", b"d"):
            at = i18n.find(data, starts, k)
            if at is not None:
                got[k] = bytes(data[at[0]:at[1]])
        want = dict((ln.split(b"=")[0], ln.split(b"=")[1]) for ln in data.split(b"\n") if ln)
        assert got == want, data


def test_a_texts_file_is_read_where_it_lies_on_the_flash():
    board = Board(10)
    try:
        with open(HERE + "en.txt", "rb") as f:
            src = f.read()
        board.put("filler.bin", bytes(range(256)) * 5)
        board.put("en.txt", src)
        textfiles.in_place(board.path("en.txt"), board.flash())    # (the names its first call interns)
        gc.collect()
        a = gc.mem_alloc() if MICROPYTHON else 0
        data, starts = textfiles.opened(board.path("en.txt"), board.flash())
        gc.collect()
        b = gc.mem_alloc() if MICROPYTHON else 0
        assert isinstance(data, memoryview), "not read in place"
        assert bytes(data) == src
        for k, v in _pairs("en.txt"):
            at = i18n.find(data, starts, k.encode())
            assert at is not None and str(data[at[0]:at[1]], "utf-8") == v, k
        if MICROPYTHON:
            # the view and the index (2 bytes a line), not the file's 3 KB
            assert b - a < 2 * len(starts) + 256, (b - a, len(src))
        # the same bytes twice on the flash (another file here): the file's own copy, told
        # apart by MicroPython's littlefs reading it (test_weights_in_place.py); nothing in
        # place where it cannot be told (littlefs-python's image)
        board.put("en2.txt", src)
        again = textfiles.in_place(board.path("en.txt"), board.flash())
        assert (again is not None and bytes(again) == src) if MICROPYTHON else again is None
        assert textfiles.in_place(board.path("en.txt"), board.flash()[:2]) is None
    finally:
        board.close()


def test_where_there_is_no_mapping_the_file_is_kept_open_and_read_a_line_at_a_time():
    for lang, files in enumerate(i18n.FILES):
        for name in files:
            gc.collect()
            a = gc.mem_alloc() if MICROPYTHON else 0
            f, starts = textfiles.opened(HERE + name, False)
            gc.collect()
            b = gc.mem_alloc() if MICROPYTHON else 0
            try:
                assert hasattr(f, "readinto")
                pairs = _pairs(name)
                assert len(starts) == 2 * len(pairs) + 2
                if MICROPYTHON:
                    # the open file and the index, not the file's bytes
                    assert b - a < 2 * len(starts) + 512, (name, b - a)
                for k, v in pairs:
                    at = i18n.find(f, starts, k.encode())
                    assert at is not None, (name, k)
                    f.seek(at[0])
                    assert f.read(at[1] - at[0]).decode("utf-8") == v, (name, k)
                for k in ("", "a", "zzz", pairs[0][0] + "_", pairs[-1][0] + "x"):
                    assert i18n.find(f, starts, k.encode()) is None, (name, k)
            finally:
                f.close()


def test_damaged_or_missing_texts_give_the_key_or_the_text_never_an_exception():
    bad = b"aa=ok\nbb=\xff\xfe\ncc=last"
    starts = textfiles._index(bad)
    at = i18n.find(bad, starts, b"cc")
    assert at is not None and bytes(bad[at[0]:at[1]]) == b"last"
    i18n.tr(1, "white")
    saved = list(i18n._open[0])
    try:
        i18n._open[0][:] = [(bad, starts), False]
        assert i18n.tr(0, "aa") == "ok"
        assert i18n.tr(0, "bb") == "bb"                 # not UTF-8: the key
        assert i18n.tr(0, "cc") == "last"
        i18n._open[0][:] = [False, False]               # no English file could be read
        assert i18n.tr(0, "white") == "white"
        assert i18n.tr(1, "white") == "Blanc"
    finally:
        i18n._open[0][:] = saved
    saved = list(i18n._open[1])
    try:
        i18n._open[1][:] = [False, False]               # no French: the English
        assert i18n.tr(1, "white") == "White"
    finally:
        i18n._open[1][:] = saved
    assert i18n.tr(0, "white") == "White" and i18n.tr(1, "white") == "Blanc"


def test_a_search_of_the_flash_that_fails_leaves_the_file_read_as_it_is():
    class Refusing:
        """A flash mapping whose every read fails (a fault in the search for the file)."""

        def __len__(self):
            return 8 * 4096

        def __getitem__(self, i):
            raise OSError(5, "EIO")

    assert textfiles.in_place(HERE + "en.txt", (Refusing(), 4096)) is None
    f, starts = textfiles.opened(HERE + "en.txt", (Refusing(), 4096))
    try:
        assert hasattr(f, "readinto") and i18n.find(f, starts, b"white") is not None
    finally:
        f.close()
