"""A match-record line the flash refuses is kept, in order, and written when the flash takes
it again; play goes on. Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
from apprig import rig, run, opening_roll, clean, RECORD, TMP


def test_a_refused_record_line_is_kept_and_written_later_in_order():
    sc, app, lines = rig()
    app.record_path = TMP + "-no-such-dir/match.rec"     # open() fails: OSError, as a full flash
    opening_roll(app, sc, 5, 3)
    assert app.record_failed and app._unrecorded, (app.record_failed, lines)
    kept = list(app._unrecorded)
    assert "R0 5 3" in kept
    assert [l for l in lines if '"record_failed"' in l], lines
    assert app._notice[:2] == ["RECORD NOT SAVED", "kept, will retry"]
    assert app.faults == 0 and app.table.turn_dice == (5, 3)     # the game goes on
    app.record_path = RECORD                                    # the flash takes writes again
    run(app, 6000)                                              # the retry, with nothing new
    assert app._unrecorded == [] and app.record_failed is None
    assert [l for l in lines if '"record_saved"' in l], lines
    rec = open(RECORD).read().split("\n")
    assert rec[0] == "TBR 1"
    assert rec[1:1 + len(kept)] == kept                         # every kept line, in order
    clean()
