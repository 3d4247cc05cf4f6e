"""The App at boot and on its serial line: a corrupt state file, malformed commands.
Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
import json
from apprig import rig, run, oled_shows, oled_rows, clean, opening_roll, STATE
from app import commands
import hw.store as store


class FlakyFiles(store.OsFiles):
    """The real filesystem, but opening `path` to read fails `times` times (-1: always)
    with `exc` (a read error, no memory), and renames may be refused (a full flash)."""

    def __init__(self, path, exc, times, refuse_rename=False):
        store.OsFiles.__init__(self)
        self.path = path
        self.exc = exc
        self.times = times
        self.refuse_rename = refuse_rename
        self.tries = 0

    def open(self, path, mode):
        if path == self.path and "r" in mode and self.times:
            self.times -= 1
            self.tries += 1
            raise self.exc
        return open(path, mode)

    def rename(self, src, dst):
        if self.refuse_rename:
            raise OSError(28)
        self._os.rename(src, dst)


def _saved_match():
    """A match saved by a first power-up: the opening roll 6-1 played; (its bytes, the App)."""
    sc, app, lines = rig()
    opening_roll(app, sc, 6, 1)
    assert app.saves >= 1 and app.table.turn_dice == (6, 1)
    f = open(STATE, "rb")
    data = f.read()
    f.close()
    return data


def _file(path):
    try:
        f = open(path, "rb")
    except OSError:
        return None
    data = f.read()
    f.close()
    return data


def test_a_read_error_at_power_up_is_retried_and_the_match_resumed():
    for exc in (OSError(5), OSError(5), MemoryError()):
        saved = _saved_match()
        files = FlakyFiles(STATE, exc, 2)          # fails twice, then reads
        sc, app, lines = rig(fresh=False, files=files)
        assert files.tries == 2
        assert not any('"state_lost"' in l for l in lines), lines
        assert app.table.turn_dice == (6, 1) and app.table.phase == 5   # resumed mid-turn
        assert _file(STATE) == saved
    clean()


def test_a_persistent_read_error_keeps_the_match_and_says_so():
    saved = _saved_match()
    files = FlakyFiles(STATE, OSError(5), -1)
    sc, app, lines = rig(fresh=False, files=files)
    assert files.tries == store.READ_TRIES
    lost = [l for l in lines if '"state_lost"' in l]
    assert lost and "could not be read" in lost[0] and "read/write error" in lost[0], lines
    assert "Errno" not in lost[0] and "kept as" in lost[0]
    run(app, 20)
    assert oled_shows(app, ["MATCH UNREADABLE", "flash read/write", "error", "old match kept",
                            "new match"]), oled_rows(app)
    assert app.table.phase == 0                              # a new match, said in words
    assert _file(STATE + ".unread") == saved                 # the old match kept aside
    files.times = 0
    opening_roll(app, sc, 5, 2)                              # the new match's first roll
    assert app.saves >= 1 and _file(STATE) != saved
    assert _file(STATE + ".unread") == saved                 # never overwritten
    clean()


def test_an_unreadable_match_that_cannot_be_moved_is_never_saved_over():
    saved = _saved_match()
    files = FlakyFiles(STATE, OSError(5), -1, refuse_rename=True)
    sc, app, lines = rig(fresh=False, files=files)
    lost = [l for l in lines if '"state_lost"' in l]
    assert lost and "not overwritten" in lost[0], lines
    run(app, 20)
    assert app.state_held == STATE and oled_rows(app)[3:5] == ["kept, not saved", "over. New match"], oled_rows(app)
    opening_roll(app, sc, 5, 2)
    assert app.saves == 0 and app.save_failed == "unread old match kept"
    assert any('"save_failed"' in l for l in lines) and app.faults == 0
    assert _file(STATE) == saved                             # the first roll did not save over it
    files.refuse_rename = False                              # the flash recovers: set aside, then saved
    app.table.save()
    app.drain()
    assert app.saves == 1 and app.state_held is None
    assert _file(STATE + ".unread") == saved and _file(STATE) != saved
    clean()


def test_a_corrupt_state_file_starts_fresh_with_a_message():
    clean()
    f = open(STATE, "wb")
    f.write(b"TBST\x01garbage that is not a state")
    f.close()
    sc, app, lines = rig(fresh=False)
    assert any('"state_lost"' in l for l in lines), lines
    run(app, 20)
    assert oled_rows(app)[0] == "STATE LOST", oled_rows(app)
    assert app.table.phase == 0              # setting up a fresh match
    import os
    os.stat(STATE + ".bad")                  # kept aside for inspection
    clean()


def test_malformed_serial_commands_get_a_clear_answer():
    sc, app, lines = rig()
    bad = ("", "   ", "frobnicate", "press", "press p7", "press p1_main sideways",
           "ids now", "x" * 500, b"\xff\xfe\x00", "state\x07")
    for text in bad:
        ans = json.loads(commands.answer(app, text))
        assert ans["t"] == "error" and ans["code"] == "bad_command", (text, ans)
        assert ans["msg"]
    assert json.loads(commands.answer(app, "help"))["t"] == "help"
    st = json.loads(commands.answer(app, "STATE"))
    assert st["t"] == "state" and st["screen"] == list(app.table.screen)
    assert json.loads(commands.answer(app, "press undo"))["t"] == "pressed"
    assert app.faults == 0



def test_a_nonsense_snapshot_is_kept_aside_and_said_in_words():
    import game.snapshot as snapshot
    from game.table import Table
    from bg.position import Position
    data = bytearray(snapshot.to_bytes(Table()))        # setting up...
    mid = Position.start()
    mid.me[5] -= 2
    mid.me[4] += 2                                      # ...with a board in play
    data[snapshot._BOARD:snapshot._BOARD + 25] = mid.me
    data[snapshot._SUM:] = snapshot.fletcher16(data[:snapshot._SUM]).to_bytes(2, "little")
    clean()
    store.save(STATE, bytes(data))                      # a valid checksum, nonsense inside
    kept = _file(STATE)
    sc, app, lines = rig(fresh=False)
    lost = [l for l in lines if '"state_lost"' in l]
    assert lost and "a board in play before the first move" in lost[0] and "kept as" in lost[0], lines
    run(app, 20)
    assert oled_rows(app)[0] == "STATE LOST" and "new match" in oled_rows(app), oled_rows(app)
    assert app.table.phase == 0 and app.table.board == Position.start()
    assert _file(STATE + ".bad") == kept
    opening_roll(app, sc, 4, 1)
    assert app.saves >= 1 and _file(STATE + ".bad") == kept
    clean()


def test_the_first_opening_die_is_on_flash_before_it_is_shown():
    from bg.position import Position
    sc, app, lines = rig()
    sc.put(Position.start())
    run(app, 100)
    app.loaded = [1]
    app.press("p1_main")
    run(app, 30)                               # White's 1 rolled and shown: then a power cut
    assert app.table.opening[0] == 1
    sc2, app2, lines2 = rig(fresh=False)       # power-up on what the flash holds
    assert app2.table.phase == 1 and app2.table.opening[0] == 1
    assert not any('"state_lost"' in l for l in lines2)
    clean()
