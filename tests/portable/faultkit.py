"""The saved state's fault matrix (issue 8): a full flash at every step of every save,
read errors at power-up, snapshots whose contents make no sense. Each check counts the
cases it tried and the matches it lost (always 0, or it fails first). Used by
tests/portable/test_fault_matrix_saves.py (a short session, both interpreters) and
tests/test_fault_matrix_match.py (a whole match, CPython).

A "lost match" is a power-up that does not give back the last committed state (or the
one being saved when the failure came after its commit), or a saved match that ends up
overwritten or deleted instead of kept.
"""
import gc
import hw.store as store
from game.table import Table
import game.snapshot as snapshot
from fakeflash import FakeFlash, PowerCut, ENOENT

EIO = 5
ENOSPC = 28

PATH = "state.bin"
_MICROPYTHON = __import__("sys").implementation.name == "micropython"


def _resumes(payload, resumed):
    """The board powers up on `payload`: a Table resumed from it saves the same bytes."""
    key = store.crc32(payload)      # an int, not a copy of the state: the heap is the Pico's
    if key in resumed:
        return
    if _MICROPYTHON:
        gc.collect()      # a Table a power-up: on the Pico's heap, as after a power-up
    assert snapshot.to_bytes(Table(saved=payload)) == payload, "resumed state differs from the saved one"
    resumed[key] = True


def check_full_flash(states, atomic_replace=True, resume=True):
    """A full flash (ENOSPC) from every step of every save on: that save fails, and so
    does the next one at the same step (the flash is still full); then room comes back.
    After each failure the state loaded is the last committed one (or the new one when
    the step failing came after its rename). Returns the number of cases."""
    flash = FakeFlash(atomic_replace)
    flash.fail_with = OSError(ENOSPC)
    resumed = {}
    cases = 0
    previous = None
    for i in range(len(states)):
        new = states[i]
        after = states[i + 1] if i + 1 < len(states) else b"after"
        committed = flash.snapshot()
        k = 0
        while True:
            flash.restore(committed)
            flash.arm(k)
            try:
                store.save(PATH, new, flash)
                failed = False
            except OSError as e:
                failed = True
                assert store.why(e).startswith("flash full"), store.why(e)
            flash.disarm()
            if not failed:
                break
            cases += 1
            got = _load(flash, previous)
            assert got == new or got == previous, "full flash at step %d: wrong state" % k
            flash.arm(k)                     # still full: the next save fails too
            try:
                store.save(PATH, after, flash)
            except OSError:
                pass
            flash.disarm()
            got2 = _load(flash, previous)
            assert got2 in (got, after) or got2 == previous, "second failure lost the state"
            if resume and got2 is not None and got2 != after:
                _resumes(got2, resumed)
            store.save(PATH, b"room again", flash)      # the flash has room again
            assert store.load(PATH, flash) == b"room again"
            k += 1
        store.save(PATH, new, flash)
        assert store.load(PATH, flash) == new
        previous = new
    return cases


def _load(flash, previous):
    try:
        return store.load(PATH, flash, pause_ms=0)
    except store.StoreError as e:
        assert e.kind == "missing" and previous is None, (e.kind, e.message)
        return None


# (where, errno or None for a MemoryError, times): times -1 = every try
READ_FAULTS = (
    ("open", EIO, 1), ("open", EIO, 2), ("open", EIO, store.READ_TRIES - 1),
    ("read", EIO, 1), ("read", EIO, 2),
    ("open", None, 1), ("read", None, 2),
    ("open", EIO, -1), ("read", EIO, -1), ("open", None, -1),
    ("read", 84, -1),
)


def check_read_faults(states, resume=True):
    """Power-up on each state with each read fault; a transient one resumes the state, a
    persistent one keeps the file byte for byte (aside, or held in place when the rename
    fails too) and says so, and the board's next save does not overwrite it.
    Returns the number of cases."""
    cases = 0
    resumed = {}
    for state in states:
        for where, errno, times in READ_FAULTS:
            # a new exception each case: one raised again and again grows its traceback
            exc = MemoryError() if errno is None else OSError(errno)
            for refuse_rename in ((False, True) if times < 0 else (False,)):
                cases += 1
                flash = FakeFlash()
                store.save(PATH, state, flash)
                kept = bytes(flash.files[PATH])
                flash.read_faults[PATH] = [where, exc, times]
                if refuse_rename:
                    flash.refuse_rename = OSError(EIO)
                payload, message, held = store.load_held(PATH, flash, pause_ms=0)
                if times >= 0:
                    assert payload == state and message is None and held is None
                    if resume:
                        _resumes(payload, resumed)
                    continue
                assert payload is None and message and "could not be read" in message
                if refuse_rename:
                    assert held == PATH and bytes(flash.files[PATH]) == kept
                else:
                    assert held is None and bytes(flash.files[PATH + ".unread"]) == kept
                    flash.read_faults = {}
                    store.save(PATH, b"the new match", flash)      # its first roll
                    assert bytes(flash.files[PATH + ".unread"]) == kept
    return cases


def check_nonsense(states, variants=6, seed=1):
    """Each state with one byte changed and the checksum sealed again: the Table refuses
    it with a ValueError, or takes it (a state that makes sense) and then saves it again
    without an error. Never another exception. Returns (cases, refused)."""
    x = seed
    cases = refused = 0
    end = snapshot._SUM
    for state in states:
        for _ in range(variants):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            i = 2 + (x >> 4) % (end - 2)
            b = bytearray(state)
            b[i] = (b[i] + 1 + (x >> 16) % 255) & 255
            b[end:end + 2] = snapshot.fletcher16(b[:end]).to_bytes(2, "little")
            cases += 1
            try:
                t = Table(saved=bytes(b))
            except ValueError as e:
                assert str(e), "a refusal without words"
                refused += 1
                continue
            snapshot.to_bytes(t)             # a later save can write it
            t.tick(1000)
            t.tick(2000)
            t.take_outbox()
    return cases, refused


def check_cuts_and_resume(states, atomic_replace=True):
    """test_store.check_cuts with the board resuming a Table after every cut."""
    from fakeflash import check_cuts
    resumed = {}
    cuts = check_cuts(states, atomic_replace, resume=lambda got: _resumes(got, resumed))
    return cuts


__all__ = ["check_full_flash", "check_read_faults", "check_nonsense", "check_cuts_and_resume",
           "PowerCut", "ENOENT"]
