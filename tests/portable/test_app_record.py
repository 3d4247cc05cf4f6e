"""The App's match record (App.record, App.write_records, record_open.py) through its faults:
a line the flash refuses is kept, in order, and written when the flash takes it again; a
power cut between a record line and the state save leaves a record that agrees with the
state resumed; power cycles before the opening roll add nothing; a record of another format
is kept untouched and a new one started beside it; a record deleted mid-match starts again
with the match's header. Runs under pytest and MicroPython with the Pico's heap (apprig)."""
import os
from apprig import rig, run, flush, opening_roll, oled_shows, oled_rows, clean, RECORD, TMP
from host_tools import record_read as record
from bg.movegen import legal_plays


class PowerCut(BaseException):
    """The power goes: nothing after it runs (not an Exception: no handler catches it)."""


class CutBeforeSave:
    """store.py's files: the power goes as the state save starts (the record line before
    it is on the flash, the state is still the previous one)."""

    def open(self, path, mode):
        raise PowerCut()


def commit_first_play(app, sc):
    """The player on roll makes the first legal play on the board and presses main."""
    t = app.table
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    play = legal_plays(view, t.turn_dice[0], t.turn_dice[1])[0]
    after = play.apply(view)
    sc.put(after if p == 0 else after.swapped())
    run(app, 60)
    app.press("p%d_main" % (p + 1))
    run(app, 30)
    return play.moves


def events_of(path=RECORD):
    events, problems = record.read_file(path)
    assert problems == [], problems
    return events


def test_a_refused_record_line_is_kept_and_written_later_in_order():
    sc, app, lines = rig()
    app.record_path = TMP + "-no-such-dir/match.rec"     # open() fails: OSError, as a full flash
    opening_roll(app, sc, 5, 3)
    failed = [l for l in lines if '"record_failed"' in l]
    assert app.record_failed == "no such file or folder" and failed, (app.record_failed, lines)
    assert "3 record line(s) kept in memory: no such file or folder" in failed[-1], failed
    rows = oled_rows(app)
    assert rows[:2] == ["RECORD NOT SAVED", "kept, will retry"], rows
    assert " ".join(r for r in rows[2:] if r) == "no such file or folder"   # in words, no errno (wrapped at spaces)
    assert app.faults == 0 and app.table.turn_dice == (5, 3)     # the game goes on
    app.record_path = RECORD                                    # the flash takes writes again
    run(app, 6000)                                              # the retry, with nothing new
    assert app.record_failed is None
    assert [l for l in lines if '"record_saved"' in l], lines
    rec = open(RECORD).read().split("\n")
    assert rec[0] == record.HEADER
    # the three lines kept, in order, and nothing else (the single game: the default)
    assert [l[:l.rfind(" ")] for l in rec[1:] if l] == ["M 0 - - @1", "G 0 0 @2", "R0 5 3 @3"], rec
    clean()


def test_a_cut_between_the_record_line_and_the_state_save_is_undone_in_the_record():
    # issue 8 item 2: the play was recorded, the power went before the state was saved.
    # (A play's line rides in its state save (app/loop.py, App._carry): here the record
    # takes each line on its own, as it does for the lines that may not ride.)
    _cut_before_the_plays_save(rides=False)


def test_a_play_riding_in_a_state_save_cut_is_in_neither_state_nor_record():
    # the play's line rides in its state save, which the power cut: neither the state nor
    # the record has the play; the turn is played again and recorded once
    _cut_before_the_plays_save(rides=True)


def test_a_play_riding_in_a_saved_state_reaches_the_record_after_a_cut():
    # the play's line rode in the state save that landed; the power goes before any append:
    # at power-up the line is back in the queue and reaches the record, once
    sc, app, lines = rig()
    opening_roll(app, sc, 5, 3)
    moves = commit_first_play(app, sc)
    assert [e[0] for e in events_of()] == ["match", "game", "roll"], lines[-3:]        # the play rides
    sc = app = None                               # the power goes
    sc2, app2, lines2 = rig(fresh=False)
    assert app2.table.rec_seq == 4 and app2.table.on_roll == 1
    sc2.put(app2.table.board)                     # the checkers as the state says
    run(app2, 100)
    app2.loaded = [6, 4]
    app2.press("p2_main")                         # Black rolls: rides too
    run(app2, 30)
    flush(app2)
    events = events_of()
    assert [e[0] for e in events] == ["match", "game", "roll", "play", "roll"], events
    assert events[3][:2] == ("play", 0) and sorted(events[3][2]) == sorted(moves)
    from record.record_writer import seq_of
    nums = [seq_of(x) for x in open(RECORD).read().split("\n")[1:] if x]
    nums = [n for n in nums if n is not None]     # (the resume's `W 4` has none)
    assert nums == [1, 2, 3, 4, 5], open(RECORD).read()          # each line once, in order
    clean()


def test_a_play_riding_in_the_state_waits_there_past_the_records_retry():
    # the record's 5 s retry is for lines the flash refused, not for those a saved state
    # carries: a player taking their time must not cost an append a turn
    sc, app, lines = rig()
    opening_roll(app, sc, 5, 3)
    commit_first_play(app, sc)
    run(app, 12000)                              # two retry periods, nothing new
    assert [e[0] for e in events_of()] == ["match", "game", "roll"]
    flush(app)
    assert [e[0] for e in events_of()] == ["match", "game", "roll", "play"]
    clean()


def _no_carry():
    return None


def _cut_before_the_plays_save(rides):
    """White's first play committed and the power cut as its state save starts; then the
    board powered up again and the turn played again. `rides`: the play's line rides in
    the save (the board's way), else each line goes to the record on its own first."""
    sc, app, lines = rig()
    if not rides:
        app._carry = _no_carry                  # no line rides in a save
    opening_roll(app, sc, 5, 3)
    app.files = CutBeforeSave()
    try:
        commit_first_play(app, sc)
        assert False, "no power cut"
    except PowerCut:
        pass
    before = ["match", "game", "roll"]
    assert [e[0] for e in events_of()] == before + ([] if rides else ["play"])
    sc = app = None                             # the board before the cut is gone (heap)
    sc2, app2, lines2 = rig(fresh=False)        # power comes back: the state after the roll
    if not rides:
        app2._carry = _no_carry
    assert app2.table.turn_dice == (5, 3) and app2.table.rec_seq == 3
    run(app2, 100)
    assert [e[0] for e in events_of()] == before   # the play is void (or was never there)
    sc2.put(app2.table.board)                   # the checkers put back as the state says
    run(app2, 100)
    moves = commit_first_play(app2, sc2)        # the turn played again
    flush(app2)                                 # the record as a computer reads it
    events = events_of()
    assert [e[0] for e in events] == ["match", "game", "roll", "play"]
    assert events[-1][:2] == ("play", 0) and sorted(events[-1][2]) == sorted(moves)
    clean()


def test_power_cycles_before_the_opening_roll_add_nothing():
    # issue 8 item 19: five boots before the opening roll were five empty matches
    sc = app = lines = None
    for boot in range(5):
        # a power cycle: nothing of the last boot's App stays while the next one is built
        sc = app = lines = None
        sc, app, lines = rig(fresh=boot == 0)
        run(app, 200)
    assert not _exists(RECORD)
    opening_roll(app, sc, 6, 2)
    assert [e[0] for e in events_of()] == ["match", "game", "roll"]
    clean()


def test_a_record_from_a_newer_firmware_is_kept_and_a_new_one_started():
    # issue 8 item 17: the board appended to a `TBR 3` record, which the host then refused
    clean()
    beside = RECORD[:-4] + "-1.rec"
    if _exists(beside):
        os.remove(beside)
    newer = "TBR 3\nZ9 whatever format 3 holds\n"
    with open(RECORD, "w") as f:
        f.write(newer)
    sc, app, lines = rig(fresh=False)
    opening_roll(app, sc, 4, 1)
    assert open(RECORD).read() == newer                          # untouched
    assert app.record_path == beside
    assert [e[0] for e in events_of(beside)] == ["match", "game", "roll"]
    said = [l for l in lines if '"record_new_file"' in l]
    assert said and "format 3" in said[0] and "-1.rec" in said[0], lines
    assert oled_rows(app)[0] == "NEW RECORD FILE", (oled_rows(app), app.last_fault)
    os.remove(beside)
    clean()


def test_a_record_deleted_mid_match_starts_again_with_the_match_header():
    # issue 8 item 18: the rest of the match could not be exported
    sc, app, lines = rig()
    opening_roll(app, sc, 5, 3)
    commit_first_play(app, sc)
    os.remove(RECORD)
    app.loaded = [6, 4]
    app.press("p2_main")                         # Black rolls: a line to a missing record
    run(app, 30)
    flush(app)                          # (the roll rode in the state: to the record)
    commit_first_play(app, sc)
    flush(app)                          # the record as a computer reads it
    events = events_of()
    kinds = [e[0] for e in events]
    assert kinds == ["match", "game", "position", "play"], events
    assert events[0][1] == 0 and events[1][1:3] == (0, 0)   # the single game (the default)
    assert len(events[2][1]) == 14 and events[2][2] == "164"     # Black on roll with 6-4
    clean()


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def test_a_record_line_the_heap_cannot_seal_is_said_kept_and_written_in_order():
    # a roll on a heap too fragmented to load record_writer or game.snapshot (starve.py):
    # the roll is taken, the OLED and serial say why, the state is saved once the heap has
    # room, the line keeps its number and reaches the file then (the 5 s retry)
    from starve import Starved, MICROPYTHON
    from base.rare import forget
    sc, app, lines = rig()
    opening_roll(app, sc, 5, 3)
    commit_first_play(app, sc)                    # White's 5-3; Black on roll
    t = app.table
    seq = t.rec_seq
    saves = app.saves
    app.press("p2_main")
    assert t.want_roll == 2
    forget("record.record_writer", "game.snapshot", "bg.matchsave", "bg.notation")
    # (the App's heap: fewer floats' slots; the roll's work in 8 KB of holes: at 6 KB, the
    # default, it failed once the online seat's code had joined the Table's, session 14)
    s = Starved(floats=1024, room=8192)
    try:
        assert s.holes == 8192 // 272 or not MICROPYTHON, s.holes   # the room asked, all of it
        t.dice(4, 2)                              # the Table's transition, on that heap
    finally:
        s.release()
    app.drain(app.now)                            # the App carries out its effects
    assert t.turn_dice == (4, 2) and t.on_roll == 1 and app.faults == 0, app.last_fault
    # the App's save made the snapshot; the line waits, numbered, for the next one
    assert t.unsealed and app.saves == saves + 1 and app.save_failed is None
    delayed = [l for l in lines if '"record_delayed"' in l]
    assert len(delayed) == 1 and "memory low" in delayed[0], lines[-4:]
    run(app, 20)                                  # the OLED's next round
    assert oled_shows(app, ["MEMORY LOW:", "record line", "delayed, kept"]), oled_rows(app)
    moves = commit_first_play(app, sc)            # Black's play, the heap back: both lines out
    assert not t.unsealed and app.record_failed is None and app.faults == 0, lines[-4:]
    flush(app)                           # the record as a computer reads it
    rec = [e for e in events_of()]
    assert rec[-2:] == [("roll", 1, 4, 2), ("play", 1, tuple(moves))], rec[-3:]
    from record.record_writer import seq_of
    nums = [seq_of(l) for l in open(RECORD).read().split("\n")[1:] if l]
    nums = [n for n in nums if n is not None]
    assert nums == list(range(1, seq + 3)), nums  # every line, each number once, in order
    assert len([l for l in lines if '"record_delayed"' in l]) == 1   # said once
    clean()
