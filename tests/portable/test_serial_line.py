"""The serial line's answers (issue 8 item 15): an overlong line is answered with its real
length, a multibyte one too; invalid UTF-8 is never echoed (MicroPython's decode lets
overlong and surrogate forms through); version and help refuse arguments. Runs under pytest
and MicroPython with the Pico's heap (see apprig)."""
import json
from apprig import rig
from app import tasks
from app.commands import MAX_LINE
from serialkit import Flood, line_of, valid_answer


def test_a_1mb_line_is_answered_as_too_long_with_its_real_length():
    sc, app, lines = rig()
    n, gen = line_of(1 << 20, b"z")
    flood = Flood(n, gen)
    line = tasks.SerialLine(app, flood.ready, flood.read1)
    turns = 0
    while flood.ready():
        got = line.turn()
        assert got <= tasks.SERIAL_BYTES_PER_TURN
        turns += 1
    assert turns >= n // tasks.SERIAL_BYTES_PER_TURN
    assert len(lines) == 1 and valid_answer(lines[0]), lines
    msg = json.loads(lines[0])["msg"]
    assert "too long" in msg and str(1 << 20) in msg, msg


def test_overlong_lines_say_too_long_with_their_length_multibyte_too():
    sc, app, lines = rig()
    cases = ((130, b"x"), (500, b"state "), (200, b"\xc3\xa9"), (300, b"\xe2\x82\xac"),
             (MAX_LINE + 1, b"h"))
    for count, fill in cases:
        del lines[:]
        n, gen = line_of(count, fill)
        flood = Flood(n, gen)
        line = tasks.SerialLine(app, flood.ready, flood.read1)
        while flood.ready():
            line.turn()
        assert len(lines) == 1 and valid_answer(lines[0]), lines
        ans = json.loads(lines[0])
        assert ans["code"] == "bad_command" and "too long" in ans["msg"], (fill, ans)
        assert "%d bytes" % count in ans["msg"], ans["msg"]
    # a line of exactly MAX_LINE bytes is a command, not too long
    del lines[:]
    n, gen = line_of(MAX_LINE, b"state" + b" " * (MAX_LINE - 5))
    flood = Flood(n, gen)
    line = tasks.SerialLine(app, flood.ready, flood.read1)
    while flood.ready():
        line.turn()
    assert json.loads(lines[0])["t"] == "state", lines


def test_invalid_utf8_is_never_echoed_and_answers_stay_valid_json():
    from app import commands
    sc, app, lines = rig()
    for raw in (b"\xc0\x80", b"st\xed\xa0\x80ate", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80",
                b"\xe0\x80\x80x", b"\xc1\xbf", b"x\xe2\x82", b"\xff\xfe", b"press \xed\xbf\xbf",
                b"\xef\xbf\xbf", "caf\xe9".encode("utf-8"), b"\xf0\x9f\x98\x80 party",
                b"press \xc3\xa9"):
        text = commands.answer(app, raw)
        assert valid_answer(text), (raw, text)
        ans = json.loads(text)
        assert ans["t"] == "error", (raw, ans)
        # nothing but printable ASCII is echoed back
        assert all(32 <= ord(c) < 127 for c in ans["msg"]), (raw, ans["msg"])


def test_version_and_help_refuse_arguments():
    from app import commands
    sc, app, lines = rig()
    for text in ("version 2", "help me", "HELP  x", "version --all"):
        ans = json.loads(commands.answer(app, text))
        assert ans["t"] == "error" and "takes no arguments" in ans["msg"], (text, ans)
    assert json.loads(commands.answer(app, " help "))["t"] == "help"
    assert json.loads(commands.answer(app, "VERSION"))["t"] == "hello"


def test_help_says_how_the_menu_works():
    # issue 26 item 19: the menu's buttons (game/menu.py's navigation) in one line
    from app import commands
    sc, app, lines = rig()
    menu = json.loads(commands.answer(app, "help"))["menu"]
    for words in ("menu: next item", "main: select", "undo: back", "long menu: close"):
        assert words in menu, menu


def test_a_flood_of_ids_commands_is_answered_one_per_turn():
    """The ids command loads the ID encoder for each line (lazy): 300 of them, CR-only line
    ends, one answer a turn, every one valid JSON (the flood matrix's 21st flood; here, in
    a small test module, so that the Pico-sized heap has room for the encoder)."""
    import gc
    sc, app, lines = rig()
    flood = Flood(4 * 300, lambda i: b"ids\r"[i % 4])
    line = tasks.SerialLine(app, flood.ready, flood.read1)
    kinds = {}

    def out(text):
        assert valid_answer(text), text
        k = json.loads(text)["t"]
        kinds[k] = kinds.get(k, 0) + 1
    app.write_line = out
    gc.collect()
    turns = 0
    while flood.ready():
        a0 = line.answers
        assert line.turn() <= tasks.SERIAL_BYTES_PER_TURN
        assert line.answers - a0 <= 1
        turns += 1
    assert kinds == {"ids": 300}, kinds
    assert turns >= 300
