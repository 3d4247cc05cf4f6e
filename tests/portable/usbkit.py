"""The computer on USB's seat in the running App (tests/portable/test_usb_seat*.py): a
rig whose Black seat is it, and the questions it wrote on serial."""
import json

from apprig import rig, run, Position
from game.phases import SEAT_USB


def white_13_7_8_7():
    """The start after White's opening 6-1 played 13/7 8/7."""
    pos = Position.start()
    pos.me[12] -= 1
    pos.me[7] -= 1
    pos.me[6] += 2
    return pos


def usb_black(dice):
    """An App whose Black seat is the computer on USB (four presses of its setting), set
    up; dice: the opening dice, Black's (the board rolls its die itself) then White's."""
    sc, app, lines = rig()
    t = app.table
    for _ in range(4):
        t.cycle_seat(1)
    assert t.seats[1] == SEAT_USB and t.level_of(1) == "usb"
    app.loaded = list(dice)
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    return sc, app, lines, t


def turns(lines):
    return [json.loads(l) for l in lines if '"seat_turn"' in l]


def screen(app):
    return " ".join(app.table.screen)


def seat(app, lines, answer):
    """`seat Q ANSWER` sent for the last question written (its q), answered."""
    from app import commands
    return json.loads(commands.answer(app, "seat %d %s" % (turns(lines)[-1]["q"], answer)))
