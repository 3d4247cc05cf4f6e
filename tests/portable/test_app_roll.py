"""The App carries out the Table's effects: the opening roll saved (before it is shown),
recorded and sent, and the IDs asked on the serial line. Runs under pytest and MicroPython
with the Pico's heap (see apprig; one test per module: the heap is nearly full)."""
import json
from apprig import rig, opening_roll, clean, STATE, RECORD
from bg import ids  # noqa: F401  (loaded before the game: the serial "ids" command uses it)
from app import commands
import hw.store as store
import record.record_writer as record_writer


def test_opening_roll_is_saved_recorded_and_sent():
    sc, app, lines = rig()
    opening_roll(app, sc, 5, 3)       # White rolls 5, Black 3: White starts 5-3
    assert app.saves >= 1, (app.last_fault, app.save_failed, lines)
    from game.table import Table
    t = Table(None, store.load(STATE))       # the saved state is one the Table resumes
    assert t.turn_dice == (5, 3) and t.on_roll == 0
    rec = open(RECORD).read().split("\n")
    assert rec[0] == record_writer.HEADER
    assert "R0 5 3 @3" in [l[:l.rfind(" ")] for l in rec]     # its sequence number, then the check
    rolls = [json.loads(l) for l in lines if '"roll"' in l]
    assert rolls and rolls[-1]["d"] == [5, 3]
    got = json.loads(commands.answer(app, "ids"))
    assert got["t"] == "ids" and got["pos"] == "4HPwATDgc/ABMA", got   # gnubg's start position
    assert len(got["match"]) == 12
    clean()
