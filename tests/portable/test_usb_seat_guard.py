"""The computer on USB acts only for its own seat (issue 26, items 1 and 2; design.md,
Seats): while it holds one, a `press` on the serial line is refused (it passed White's
double for her, and made her a ghost through the menu), and so is switching to physical
dice (it keyed in its own 6-6). Runs under pytest and MicroPython with the Pico's heap."""
import json

from apprig import run, Position, TMP
from app import commands
from game.table import PRE_ROLL, DOUBLED
from usbkit import usb_black, seat, white_13_7_8_7


def _fair(name):
    import os
    from dice.fairroll import FairRoll
    path = TMP + name
    for p in (path, path + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass
    return FairRoll(path, seed_source=lambda: bytes(range(32)))


def _doubled():
    """Black (USB) has doubled White; White, a person, is asked to take."""
    sc, app, lines, t = usb_black([1, 6])          # White wins the opening
    sc.put(white_13_7_8_7())
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 1
    assert seat(app, lines, "double")["t"] == "seat_ok"
    run(app, 20)
    assert t.phase == DOUBLED
    return sc, app, lines, t


def test_the_usb_program_cannot_press_a_persons_buttons():
    sc, app, lines, t = _doubled()
    got = json.loads(commands.answer(app, "press p1_cube long"))     # White's pass
    assert got["t"] == "error" and got["code"] == "usb_seat", got
    run(app, 50)
    assert t.phase == DOUBLED and t.match.score == [0, 0]
    for _ in range(8):                                               # the menu to White's ghost
        assert json.loads(commands.answer(app, "press menu"))["code"] == "usb_seat"
    assert json.loads(commands.answer(app, "press p1_main"))["code"] == "usb_seat"
    run(app, 50)
    assert list(t.away) == [0, 0] and t.seats[0] == 0 and t.phase == DOUBLED
    app.press("p1_main")                            # White's own button: she takes
    run(app, 50)
    assert t.match.cube.value == 2 and t.match.cube.owner == 0


def test_the_usb_program_cannot_switch_to_its_own_dice():
    """Not even before the match's first roll, when a person may (below)."""
    from apprig import rig
    sc, app, lines = rig()
    for _ in range(4):
        app.table.cycle_seat(1)                     # Black: the computer on USB
    app.fair = _fair("-usbguard-dice.bin")
    run(app, 50)
    got = json.loads(commands.answer(app, "dice own on"))
    assert got["t"] == "error" and "no program seated" in got["msg"], got
    assert app.fair.manual is False


def test_own_dice_are_switched_from_the_line_only_before_the_first_roll():
    from apprig import rig
    sc, app, lines = rig()
    app.fair = _fair("-usbguard-dice2.bin")
    run(app, 50)
    assert json.loads(commands.answer(app, "dice own on"))["own"] is True
    assert json.loads(commands.answer(app, "dice own off"))["own"] is False
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")
    run(app, 50)
    late = json.loads(commands.answer(app, "dice own on"))
    assert late["t"] == "error" and "first roll" in late["msg"], late
    assert app.fair.manual is False


def test_a_program_holding_a_seat_online_cannot_press_or_switch_the_dice_either():
    """Found by the re-check of item 1 (issue 26): with a seat online the serial line is the
    online relay's, a program as the computer on USB is; its `press p1_cube long` passed
    White's double for her and `dice own on` was taken before the first roll."""
    from apprig import rig
    sc, app, lines = rig()
    t = app.table
    for _ in range(5):
        t.cycle_seat(1)                             # Black: a player online
    app.fair = _fair("-usbguard-dice3.bin")
    run(app, 50)
    got = json.loads(commands.answer(app, "dice own on"))
    assert got["t"] == "error" and app.fair.manual is False, got
    for line in ("press p1_main", "press menu", "press p2_cube long"):
        got = json.loads(commands.answer(app, line))
        assert got["t"] == "error" and got["code"] == "usb_seat", (line, got)
    run(app, 50)
    assert t.menu is None and t.phase <= 1 and not t.opening[0], t.screen
