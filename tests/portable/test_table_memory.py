"""A Table transition on a heap too fragmented to load a rare module (starve.py: under
MicroPython a really filled heap): the transition is done whole, the record line that
could not be sealed waits in order with its number and goes out before the next line, the
save that could not be made is left to the App (a (SAVE, None) effect), and nothing is
lost: the record's numbers stay contiguous."""
from tablekit import rig_at
from bg.position import Position
from game.table import MOVING, PRE_ROLL, SAVE, RECORD, RECORD_DELAYED, EVENT
from base.rare import forget
from starve import Starved
import record.record_writer as record_writer

RARE = ("record.record_writer", "game.snapshot", "bg.matchsave", "bg.notation")


def _numbered(out):
    """The record lines of an outbox, as (seq, event text)."""
    got = []
    for kind, payload in out:
        if kind == RECORD:
            got.append((record_writer.seq_of(payload), payload[:payload.rfind(" @")]))
    return got


def _starved_roll(t, d1, d2):
    """White rolls d1-d2 on a starved heap; the outbox."""
    # (CPython: a module another test loaded reads as kept; the board holds none of them)
    forget(*RARE)
    s = Starved()
    try:
        t.button("p1_main")
        t.dice(d1, d2)
        return t.take_outbox()
    finally:
        s.release()


def _starved_6_5_moved():
    """From the start, White's 6-5 rolled on a starved heap (its line waits) and moved
    24/18 13/8 on the board, not yet committed: (the Table, rec_seq before the roll)."""
    r = rig_at(Position.start(), 0)
    seq = r.t.rec_seq
    _starved_roll(r.t, 6, 5)
    r.move(0, [(24, 18), (13, 8)])
    return r.t, seq


def test_a_roll_without_memory_for_its_record_line_is_played_and_its_line_waits():
    r = rig_at(Position.start(), 0)
    t = r.t
    seq = t.rec_seq
    out = _starved_roll(t, 6, 5)
    # the roll is taken whole: White moves her 6-5
    assert t.phase == MOVING and t.turn_dice == (6, 5), t.screen
    assert t.rec_seq == seq + 1
    kinds = [k for k, _ in out]
    assert RECORD not in kinds and (RECORD_DELAYED, 1) in out, kinds
    assert (SAVE, None) in out, kinds           # the App makes the snapshot (app/loop.py)
    assert any(k == EVENT and p.startswith('{"t":"roll"') for k, p in out), out
    # the heap back: the next line takes the waiting one out first, in order, numbered
    r.move(0, [(24, 18), (13, 8)])
    t.button("p1_main")
    out = t.take_outbox()
    assert t.phase == PRE_ROLL and t.on_roll == 1, t.screen
    assert _numbered(out) == [(seq + 1, "R0 6 5"), (seq + 2, "P0 24 18 13 8")], out
    assert not t.unsealed
    assert [p for k, p in out if k == SAVE][-1] is not None     # this save was made


def test_a_waiting_line_goes_out_with_the_next_save_too():
    r = rig_at(Position.start(), 0)
    t = r.t
    seq = t.rec_seq
    _starved_roll(t, 3, 1)
    assert len(t.unsealed) == 1
    t.save()                                       # (a settings change, a resignation offer...)
    out = t.take_outbox()
    assert _numbered(out) == [(seq + 1, "R0 3 1")], out
    assert out[-1][0] == SAVE and out[-1][1] is not None     # after the line it counts
    assert not t.unsealed


def test_lines_still_waiting_keep_their_order_and_numbers():
    t, seq = _starved_6_5_moved()
    import bg.notation as notation                        # held here: the commit's notation loads
    s = Starved()                                  # still no memory at the commit
    try:
        t.button("p1_main")
        out = t.take_outbox()
    finally:
        s.release()
    del notation
    forget("bg.notation")
    assert t.phase == PRE_ROLL and t.on_roll == 1, t.screen     # the commit is taken
    # both lines waited; the commit's save may seal them (a heap's layout decides): in order
    assert (RECORD_DELAYED, 2) in out, out
    first = _numbered(out)
    t.button("p2_main")
    t.dice(4, 2)
    out = t.take_outbox()
    # every line once, in order, numbered without a gap, whichever outbox took it
    assert first + _numbered(out) == [(seq + 1, "R0 6 5"), (seq + 2, "P0 24 18 13 8"),
                                      (seq + 3, "R1 4 2")], (first, out)


def test_a_commit_without_memory_for_its_notation_is_refused_whole():
    t, seq = _starved_6_5_moved()
    board = (bytes(t.board.me), bytes(t.board.opp))
    forget(*RARE)
    s = Starved()
    try:
        failed = False
        try:
            t.button("p1_main")
        except MemoryError:
            failed = True                          # the App shows it (FAULT in buttons)
        out = t.take_outbox()
    finally:
        s.release()
    # nothing of the commit happened: the same turn, the same board, no line counted
    assert failed and t.phase == MOVING and t.on_roll == 0, t.screen
    assert (bytes(t.board.me), bytes(t.board.opp)) == board and t.rec_seq == seq + 1
    assert not [k for k, _ in out if k in (RECORD, SAVE)], out
    t.button("p1_main")                            # pressed again, with memory: committed
    out = t.take_outbox()
    assert t.phase == PRE_ROLL and t.on_roll == 1, t.screen
    assert _numbered(out) == [(seq + 1, "R0 6 5"), (seq + 2, "P0 24 18 13 8")], out
