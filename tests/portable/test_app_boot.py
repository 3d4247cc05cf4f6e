"""The App at boot and on its serial line: a corrupt state file, malformed commands.
Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
import json
from apprig import rig, run, oled_shows, clean, STATE
from app import commands


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

