"""The App's effects and its serial line: saved before shown, recorded, sent; a corrupt
state file; malformed commands. Runs under pytest and MicroPython with the Pico's heap."""
import json
from apprig import rig, run, oled_shows, clean, Position, STATE, RECORD
from app import commands
import store


def test_opening_roll_is_saved_recorded_and_sent():
    sc, app, lines = rig()
    sc.put(Position.start())
    run(app, 100)
    app.loaded = [5, 3]                      # White rolls 5, Black 3: White starts 5-3
    app.press("p1_main")
    run(app, 30)
    app.press("p2_main")
    run(app, 30)
    assert app.saves >= 1, (app.last_fault, app.save_failed, lines)
    from game.table import Table
    t = Table(None, store.load(STATE))       # the saved state is one the Table resumes
    assert t.turn_dice == (5, 3) and t.on_roll == 0
    rec = open(RECORD).read().split("\n")
    assert rec[0] == "TBR 1"
    assert "R0 5 3" in rec
    rolls = [json.loads(l) for l in lines if '"roll"' in l]
    assert rolls and rolls[-1]["d"] == [5, 3]
    got = json.loads(commands.answer(app, "ids"))
    assert got["t"] == "ids" and got["pos"] == "4HPwATDgc/ABMA", got   # gnubg's start position
    assert len(got["match"]) == 12
    clean()


def test_a_corrupt_state_file_starts_fresh_with_a_message():
    clean()
    f = open(STATE, "wb")
    f.write(b"TBST\x01garbage that is not a state")
    f.close()
    sc, app, lines = rig(fresh=False)
    assert any('"state_lost"' in l for l in lines), lines
    run(app, 20)
    assert oled_shows(app, app._notice) and app._notice[0] == "STATE LOST"
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

