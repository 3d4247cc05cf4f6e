"""`seat position` (app/online.py) taken while the board is still at the opening roll: a
board that joins the online server's game in progress. (A file of its own: in the
Pico-sized heap of its MicroPython run, beside more tests the state's save found no heap.)"""
import json

from apprig import rig, run, Position, STATE
from app import commands
from game.phases import MOVING


def _position_at_the_opening(first):
    from game.phases import OPENING
    sc, app, lines = rig()
    t = app.table
    for _ in range(5):
        t.cycle_seat(1)
    sc.put(Position.start())
    run(app, 100)
    if first:
        from app import online                     # (the question's q: online.dice_q)
        assert json.loads(commands.answer(app, "seat dice %d %s" % (online.dice_q(t), first)))["t"] == "seat_ok"
        run(app, 30)
        app.press("p1_main")                       # White's die asked of the server
        run(app, 30)
    assert t.phase == OPENING, t.screen
    ok = json.loads(commands.answer(app, "seat position sGfwATDg2+ABMA 0 6 6"))
    assert ok["t"] == "seat_ok", ok
    run(app, 100)
    assert t.want_roll is None and app.roll_asked is None, (t.want_roll, app.roll_asked)
    from app.boot import restore                   # (after the App's power-up forgot it)
    table, msg = restore(STATE)[:2]
    assert msg is None, msg
    assert (table.phase, table.on_roll) == (MOVING, 0), (table.phase, table.on_roll)


def test_the_servers_position_taken_before_the_opening_roll_survives_a_power_cut():
    """Found by attack (random `seat` lines): `seat position` taken while the board was still
    at the opening roll (a board that joins the server's game in progress) left its
    opening dice undecided, and the state it saved was refused at power-up ("a game without
    an opening roll"): after a power cut the match was gone."""
    _position_at_the_opening(None)


def test_the_servers_position_taken_between_the_opening_dice_survives_a_power_cut():
    """The same with one opening die given; White's, asked of the server, is asked no more."""
    _position_at_the_opening("5")
