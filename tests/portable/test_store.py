"""store.py: round trip, damaged files, and power cuts at every step of a save.

FakeFlash is a filesystem that can lose power after any number of steps: opening
(creating or truncating) a file, each byte written, closing, and the rename (a cut just
before or just after it; littlefs commits a rename in one metadata write, so there is no
half-renamed state). Bytes written before a cut stay on flash: harsher than littlefs,
which keeps an unclosed file's old contents. `atomic_replace=False` behaves like FAT
(rename onto an existing file fails), forcing store's remove-then-rename path.
tests/test_store_faults.py runs the long sequence on CPython with this same class.
"""
import hw.store as store
import scratch


def _unique():
    """A file-name part no other test run uses at the same time (both interpreters)."""
    import os
    import sys
    return sys.implementation.name + "_" + "".join("%02x" % b for b in os.urandom(4))


from fakeflash import (ENOENT, EEXIST, PowerCut, FakeFlash, match_states,  # noqa: F401
                       check_cuts)


def test_round_trip():
    flash = FakeFlash()
    for payload in (b"", b"x", bytes(range(256)) * 3):
        store.save("s", payload, flash)
        assert store.load("s", flash) == payload
    assert "s.tmp" not in flash.files


def test_crc32_matches_zlib_value():
    assert store.crc32(b"123456789") == 0xCBF43926
    assert store.crc32(b"") == 0


def test_pure_python_crc32_fallback_agrees():
    builtin = store._crc32
    data = bytes(range(200))
    expected = [store.crc32(b"123456789"), store.crc32(data), store.crc32(data, 0x1234)]
    store._crc32 = None
    try:
        assert store.crc32(b"123456789") == 0xCBF43926
        assert [store.crc32(b"123456789"), store.crc32(data), store.crc32(data, 0x1234)] == expected
    finally:
        store._crc32 = builtin


def test_missing():
    flash = FakeFlash()
    try:
        store.load("nothing", flash)
        assert False, "loaded a file that does not exist"
    except store.StoreError as e:
        assert e.kind == "missing"
    assert store.load_or_fresh("nothing", flash) == (None, None)


def _expect(kind, flash, path="s"):
    try:
        store.load(path, flash)
    except store.StoreError as e:
        assert e.kind == kind, (e.kind, e.message)
        return e.message
    assert False, "damaged file was loaded"


def test_flipped_bit_is_corrupt_and_moved_aside():
    flash = FakeFlash()
    store.save("s", b"position and score", flash)
    flash.files["s"][20] ^= 0x04
    damaged = bytes(flash.files["s"])
    msg = _expect("corrupt", flash)
    assert "checksum" in msg and "s.bad" in msg
    assert bytes(flash.files["s.bad"]) == damaged and "s" not in flash.files
    # the caller starts fresh and saves again
    store.save("s", b"fresh", flash)
    assert store.load("s", flash) == b"fresh"


def test_truncated_garbage_and_empty_files_are_corrupt():
    flash = FakeFlash()
    store.save("s", b"0123456789" * 5, flash)
    whole = bytes(flash.files["s"])
    bads = (whole[:-1], whole + b"!", b"", b"TBST", b"hello world, not a state file")
    for i in range(len(bads)):
        flash.files["s"] = bytearray(bads[i])
        msg = _expect("corrupt", flash)
        # each kept under its own name: an earlier file set aside is never replaced
        name = "s.bad" + ("" if i == 0 else str(i + 1))
        assert bytes(flash.files[name]) == bads[i] and name in msg, (name, msg)


def test_damaged_length_field_is_corrupt():
    flash = FakeFlash()
    store.save("s", b"abc", flash)
    flash.files["s"][6] = 0xFF
    assert "length" in _expect("corrupt", flash)


def test_newer_version_is_kept_aside():
    flash = FakeFlash()
    data = bytearray(store.header(b"future", store.FORMAT_VERSION + 1) + b"future")
    flash.files["s"] = data
    msg = _expect("newer_version", flash)
    assert "newer firmware" in msg
    assert bytes(flash.files["s.newer"]) == bytes(data)
    payload, message = store.load_or_fresh("s", flash)
    assert payload is None and message is None     # now simply missing


def test_load_or_fresh_gives_a_message_not_an_exception():
    flash = FakeFlash()
    flash.files["s"] = bytearray(b"junk")
    payload, message = store.load_or_fresh("s", flash)
    assert payload is None and "starting fresh" in message


def test_stale_tmp_does_not_hide_the_committed_state():
    flash = FakeFlash()
    store.save("s", b"committed", flash)
    flash.files["s.tmp"] = bytearray(b"TBST\x01torn")
    assert store.load("s", flash) == b"committed"


def test_power_cuts_short_sequence_littlefs():
    cuts = check_cuts(match_states(8))
    assert cuts > 8 * 60


def test_power_cuts_short_sequence_fat_style_replace():
    cuts = check_cuts(match_states(6, seed=99), atomic_replace=False)
    assert cuts > 6 * 60


def test_os_backed_files_round_trip():
    import os
    path = scratch.path("store_test_%s.bin" % _unique())
    try:
        store.save(path, b"on a real filesystem", store.OsFiles())
        store.save(path, b"replaced", store.OsFiles())
        assert store.load(path) == b"replaced"
        assert store.load_or_fresh(path) == (b"replaced", None)
    finally:
        for p in (path, path + ".tmp"):
            try:
                os.remove(p)
            except OSError:
                pass


# ---- read errors at power-up (issue 8 item 3): only ENOENT means "no saved game"

EIO = 5
ENOSPC = 28


def _good_flash():
    flash = FakeFlash()
    store.save("s", b"a good saved match", flash)
    return flash


def test_a_read_error_once_or_twice_is_retried():
    for where in ("open", "read"):
        for times in (1, 2, store.READ_TRIES - 1):
            flash = _good_flash()
            flash.read_faults["s"] = [where, OSError(EIO), times]
            assert store.load("s", flash, pause_ms=0) == b"a good saved match", (where, times)
            assert store.load_held("s", flash, pause_ms=0) == (b"a good saved match", None, None)


def test_memory_error_while_reading_is_retried():
    for where in ("open", "read"):
        flash = _good_flash()
        flash.read_faults["s"] = [where, MemoryError(), 2]
        assert store.load_or_fresh("s", flash, pause_ms=0) == (b"a good saved match", None)


def test_a_persistent_read_error_keeps_the_file_aside_and_says_so():
    for exc in (OSError(EIO), MemoryError(), OSError(84)):
        flash = _good_flash()
        good = bytes(flash.files["s"])
        flash.read_faults["s"] = ["open", exc, -1]
        before = flash.opens
        payload, message, held = store.load_held("s", flash, pause_ms=1)
        assert flash.opens - before == store.READ_TRIES          # tried, not taken as "no file"
        assert payload is None and held is None
        assert "could not be read" in message and "kept as s.unread" in message, message
        assert "Errno" not in message and ("read/write error" in message or "no memory" in message
                                           or "corrupt" in message), message
        assert bytes(flash.files["s.unread"]) == good and "s" not in flash.files
        # the next save writes a new state and never touches the kept one
        store.save("s", b"new match", flash)
        assert bytes(flash.files["s.unread"]) == good


def test_a_second_unreadable_file_does_not_replace_the_first_kept_one():
    flash = _good_flash()
    flash.files["s.unread"] = bytearray(b"kept before")
    flash.read_faults["s"] = ["read", OSError(EIO), -1]
    payload, message, held = store.load_held("s", flash, pause_ms=0)
    assert bytes(flash.files["s.unread"]) == b"kept before"
    assert "s.unread2" in message and "s.unread2" in flash.files


def test_unreadable_and_unmovable_is_held_in_place():
    flash = _good_flash()
    good = bytes(flash.files["s"])
    flash.read_faults["s"] = ["open", OSError(EIO), -1]
    flash.refuse_rename = OSError(EIO)
    payload, message, held = store.load_held("s", flash, pause_ms=0)
    assert payload is None and held == "s" and "not overwritten" in message, message
    assert bytes(flash.files["s"]) == good


def test_only_enoent_means_no_saved_state():
    flash = FakeFlash()
    assert store.load_held("s", flash) == (None, None, None)
    flash.files["s"] = bytearray(b"x")
    flash.read_faults["s"] = ["open", OSError(ENOENT), -1]   # a file that says it is gone
    assert store.load_held("s", flash)[0:2] == (None, None)


def test_an_unreadable_tmp_holding_the_only_state_is_kept():
    flash = FakeFlash(atomic_replace=False)
    store.save("s", b"old", flash)
    flash.files["s.tmp"] = bytearray(store.header(b"only copy") + b"only copy")
    del flash.files["s"]                    # a FAT-style save cut between remove and rename
    flash.read_faults["s.tmp"] = ["read", OSError(EIO), -1]
    payload, message, held = store.load_held("s", flash, pause_ms=0)
    assert payload is None and "s.unread" in flash.files and "s.tmp" not in flash.files
    store.save("s", b"new", flash)
    assert bytes(flash.files["s.unread"]) == store.header(b"only copy") + b"only copy"


def test_failures_are_said_in_words():
    assert store.why(OSError(28)) == "flash full"
    assert store.why(OSError(5)) == "flash read/write error"
    assert store.why(MemoryError()) == "no memory"
    assert store.why(OSError(28, "no space left")) == "flash full (no space left)"
    assert "99" in store.why(OSError(99)) and "flash error" in store.why(OSError(99))


# ---- a refused rename (issue 8 item 21): the last good state is never removed first


def test_a_refused_rename_keeps_the_last_good_state_through_the_next_failed_write():
    for atomic in (True, False):
        flash = FakeFlash(atomic_replace=atomic)
        store.save("s", b"A good", flash)
        flash.refuse_rename = OSError(ENOSPC)     # the flash fills: the rename is refused
        try:
            store.save("s", b"B", flash)
            assert False, "a refused rename was not reported"
        except OSError as e:
            assert store.why(e).startswith("flash full")
        assert store.load("s", flash) == b"A good"
        flash.write_fails = OSError(ENOSPC)      # the next write fails as well
        for _ in range(2):
            try:
                store.save("s", b"C", flash)
                assert False, "a failed write was not reported"
            except OSError:
                pass
            assert store.load("s", flash) == b"A good", atomic
        flash.refuse_rename = flash.write_fails = None   # room again
        store.save("s", b"D", flash)
        assert store.load("s", flash) == b"D"


def test_fat_refusing_the_rename_after_the_remove_keeps_the_tmp_as_the_last_state():
    flash = FakeFlash(atomic_replace=False)
    store.save("s", b"A", flash)
    real_rename = flash.rename
    calls = []

    def rename(src, dst):
        # FAT: EEXIST onto the old file; once it is removed the rename is refused (full)
        calls.append((src, dst))
        if dst not in flash.files and refusing:
            raise OSError(ENOSPC)
        return real_rename(src, dst)
    flash.rename = rename
    refusing = True
    try:
        store.save("s", b"B committed to the tmp", flash)
        assert False
    except OSError:
        pass
    assert "s" not in flash.files                 # the FAT path removed the old file...
    assert store.load("s", flash) == b"B committed to the tmp"   # ...its successor is the tmp
    for payload in (b"C", b"D"):                  # later saves must not write over that tmp
        try:
            store.save("s", payload, flash)
            assert False
        except OSError as e:
            assert "not overwritten" in str(e.args)
        assert store.load("s", flash) == b"B committed to the tmp"
    refusing = False
    store.save("s", b"E", flash)                  # the tmp is put back, then E written
    assert store.load("s", flash) == b"E"


def test_an_in_place_save_holds_ctrl_c_off_from_the_open_to_the_close():
    """On littlefs the state is written in place, and littlefs commits at the close whatever
    was written: a KeyboardInterrupt (a computer taking the REPL) between the open and the
    write would commit an empty state. The save holds Ctrl-C off over exactly that span,
    and gives it back even when the write fails."""
    said = []

    class Files:
        atomic_close = True

        def __init__(self, fail=None):
            self.data = {"s": store.header(b"old") + b"old"}
            self.fail = fail

        def open(self, path, mode):
            said.append(("open", path, mode))
            if "r" in mode and path not in self.data:
                raise OSError(ENOENT, "no such file")
            return File(self, path, mode)

        def rename(self, src, dst):
            raise AssertionError("an in-place save renames nothing")

        def remove(self, path):
            raise AssertionError("an in-place save removes nothing")

    class File:
        def __init__(self, owner, path, mode):
            self.owner, self.path, self.mode = owner, path, mode

        def read(self):
            return self.owner.data[self.path]

        def write(self, b):
            said.append(("write", len(b)))
            if self.owner.fail is not None:
                raise self.owner.fail
            self.owner.data[self.path] = bytes(b)
            return len(b)

        def close(self):
            said.append(("close", self.path))

    def intr(c):
        said.append(("kbd_intr", c))

    real = store.kbd_intr
    store.kbd_intr = intr
    try:
        files = Files()
        store.save("s", b"new state", files)
        assert store.load("s", files) == b"new state"
        first = said.index(("kbd_intr", -1))
        writing = said[first:first + 5]
        assert ("open", "s", "wb") not in said[:first]
        assert writing == [("kbd_intr", -1), ("open", "s", "wb"), ("write", 13 + 9), ("close", "s"),
                           ("kbd_intr", 3)], writing
        del said[:]
        try:
            store.save("s", b"newer", Files(fail=OSError(28, "no space")))
            raise AssertionError("the refused write was not reported")
        except OSError as e:
            assert store.errno_of(e) == 28
        assert said[-2:] == [("close", "s"), ("kbd_intr", 3)], said
    finally:
        store.kbd_intr = real
