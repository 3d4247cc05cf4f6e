"""A player online resigns in their own turn (`seat resign N` from the relay, app/online.py):
the person at the board is asked to accept, and nothing answers for them. Found by attack:
the online seat resigning after its roll left its play question standing, and the App's
engine took it for the person's (the acting player): a fault every cycle ("level must be
one of easy, normal, strong: 'online'"), and the OLED kept "Black thinks..." instead of
the resignation's question."""
import json

from apprig import run
from app import commands
from game.phases import MOVING, PRE_ROLL
from onlinekit import _online_black_moving, _asked_play, _black_plays_13_8_24_21, seat_dice


def test_a_resignation_in_the_online_players_move_asks_the_person_and_faults_nothing():
    sc, app, lines, t = _online_black_moving()
    assert json.loads(commands.answer(app, "seat resign 1"))["t"] == "seat_ok"
    run(app, 100)
    assert app.faults == 0, app.last_fault
    assert app.engine is None                      # the board's engine answers for nobody
    assert "resigns" in " ".join(t.screen), t.screen
    n = len(_asked_play(lines))
    app.press("p1_cube")                           # declined: the online play asked again
    run(app, 100)
    assert t.phase == MOVING and t.match.resigned_by < 0, t.screen
    assert len(_asked_play(lines)) > n, lines[-3:]
    q = json.loads(_asked_play(lines)[-1])["q"]
    ok = json.loads(commands.answer(app, "seat %d play 13/8 24/21" % q))
    assert ok["t"] == "seat_ok", ok
    assert app.faults == 0, app.last_fault


def test_a_resignation_before_the_online_players_roll_is_not_answered_by_the_engine():
    sc, app, lines, t = _online_black_moving()
    pos = _black_plays_13_8_24_21(sc, app, lines, 100)
    app.press("p1_main")                           # made on the board: committed
    run(app, 100)
    assert t.on_roll == 0 and t.phase == PRE_ROLL, t.screen
    app.press("p1_main")                           # White rolls: the server's dice
    run(app, 30)
    assert json.loads(seat_dice(app, "2 1"))["t"] == "seat_ok"
    run(app, 30)
    pos.me[12] -= 1
    pos.me[5] -= 1
    pos.me[10] += 1
    pos.me[4] += 1                                 # White's 13/11 6/5
    sc.put(pos)
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    assert t.on_roll == 1 and t.phase == PRE_ROLL, t.screen
    assert json.loads(commands.answer(app, "seat resign 1"))["t"] == "seat_ok"
    run(app, 100)
    assert app.faults == 0 and app.engine is None, app.last_fault
    assert "resigns" in " ".join(t.screen), t.screen
    assert t.want_roll is None and t.match.resigned_by == 1
