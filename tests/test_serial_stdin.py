"""The serial task's real input path (app.tasks.stdin_line: select.poll and byte reads on a
stream, as on USB serial) fed by an OS pipe: a flood is read at most
SERIAL_BYTES_PER_TURN bytes a turn, one line answered a turn, and a turn never waits for
bytes that have not come. CPython: the portable tests drive SerialLine directly under both
interpreters (tests/portable/test_serial_flood.py)."""
import json
import os


from apprig import rig
from app import tasks


def test_a_pipe_flood_is_read_in_bounded_turns():
    sc, app, lines = rig()
    r, w = os.pipe()
    stream = os.fdopen(r, "rb", buffering=0)
    try:
        line = tasks.stdin_line(app, stream)
        assert line.turn() == 0                      # nothing waiting: returns at once
        flood = b"state\n" * 20 + b"\xff" * 300 + b"\n" + b"help\r\n"
        os.write(w, flood)
        total = turns = 0
        while total < len(flood):
            got = line.turn()
            assert 0 < got <= tasks.SERIAL_BYTES_PER_TURN
            total += got
            turns += 1
        assert line.turn() == 0
        kinds = [json.loads(text)["t"] for text in lines]
        assert kinds == ["state"] * 20 + ["error", "help"], kinds
        assert "too long (300 bytes" in json.loads(lines[20])["msg"]
        assert turns >= len(flood) // tasks.SERIAL_BYTES_PER_TURN
    finally:
        stream.close()
        os.close(w)
