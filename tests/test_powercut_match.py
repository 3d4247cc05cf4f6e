"""Issue 5's proof end to end: the Table's own snapshots of a whole 3-point match, written
with power cut at every step of every save (each byte, open, close, before and after the
rename), and the board powered up again after each cut: it resumes exactly at the last
committed state or, when the cut came before the rename, at the one before; never at a
corrupt or mixed state, never losing more than the turn in progress."""
import tablekit
import test_table_match
from game.settings import Settings
from game.table import Table
from game import snapshot
from test_store import check_cuts


class KeepAll(tablekit.Rig):
    """The test rig, keeping every snapshot the Table asked to save (not just the last)."""

    def __init__(self, *a, **kw):
        tablekit.Rig.__init__(self, *a, **kw)
        self.keep = 10 ** 9


def whole_match_snapshots():
    test_table_match.Rig = KeepAll
    try:
        r, turns, cube_actions = test_table_match.play_match(Settings(money=0, length=3, clock=1), 7)
    finally:
        test_table_match.Rig = tablekit.Rig
    assert r.t.phase == 8 and cube_actions > 0
    return r.saves


def test_power_cut_at_every_write_of_a_whole_match():
    saves = whole_match_snapshots()
    assert len(saves) > 60
    resumed = {}            # snapshot -> the snapshot of the Table resumed from it

    def resume(got):
        # power comes back: the board resumes a Table from what the flash holds
        if got not in resumed:
            resumed[got] = bytes(snapshot.to_bytes(Table(saved=got)))
        assert resumed[got] == got, "resumed state differs from the saved one"

    cuts = check_cuts(saves, resume=resume)
    assert cuts == sum(13 + len(s) + 4 for s in saves)
    assert len(resumed) == len(set(saves))       # every committed state was resumed once
    print("%d cut points over %d saves of a 3-point match" % (cuts, len(saves)))


def test_a_corrupt_snapshot_is_refused_not_resumed():
    saves = whole_match_snapshots()
    bad = bytearray(saves[len(saves) // 2])
    bad[20] ^= 0x10
    try:
        Table(saved=bytes(bad))
    except ValueError as e:
        assert str(e)
    else:
        assert False, "a corrupt snapshot was resumed"
