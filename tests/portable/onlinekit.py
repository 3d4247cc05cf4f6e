"""A player online in Black's seat, its opening roll won, for the online line's tests
(test_online_resign.py, test_online_lines.py, test_online_clock.py): apart, so that each
test file stays small in the Pico-sized heap of its MicroPython run."""
import json

from apprig import rig, run, Position
from app import commands
from game.phases import MOVING


def seat_dice(app, dice):
    """The relay's `seat dice Q D1 [D2]` for the dice question standing now (its q:
    app/online.py's dice_q, as the seat_dice line says it)."""
    from app import online
    return commands.answer(app, "seat dice %d %s" % (online.dice_q(app.table), dice))


def _online_black_moving():
    """Black online, its opening roll 5-3 won: Black to play, its play asked on serial."""
    sc, app, lines = rig()
    t = app.table
    for _ in range(5):
        t.cycle_seat(1)
    sc.put(Position.start())
    run(app, 100)
    assert json.loads(seat_dice(app, "5"))["t"] == "seat_ok"
    run(app, 30)
    app.press("p1_main")
    run(app, 30)
    assert json.loads(seat_dice(app, "3"))["t"] == "seat_ok"
    run(app, 50)
    assert t.phase == MOVING and t.on_roll == 1, t.screen
    return sc, app, lines, t


def _asked_play(lines):
    return [x for x in lines if '"seat_turn"' in x and '"ask":"play"' in x]


def _black_plays_13_8_24_21(sc, app, lines, settle):
    """The online seat's play 13/8 24/21 sent on serial and made on the board by hand, the
    board then read for `settle` ms; the position it left (White's side)."""
    q = json.loads(_asked_play(lines)[-1])["q"]
    assert json.loads(commands.answer(app, "seat %d play 13/8 24/21" % q))["t"] == "seat_ok"
    run(app, 30)
    pos = Position.start()
    pos.opp[12] -= 1
    pos.opp[23] -= 1
    pos.opp[7] += 1
    pos.opp[20] += 1                               # Black's 13/8 24/21, from White's side
    sc.put(pos)
    run(app, settle)
    return pos
