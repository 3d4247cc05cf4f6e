"""The clock while a seat is online (app/online.py, Table._clock_waits): waiting for the
server's dice is nobody's time."""
import json

from apprig import run
from game.phases import PRE_ROLL
from onlinekit import _online_black_moving, _black_plays_13_8_24_21, seat_dice


def test_the_persons_clock_waits_for_the_servers_dice_and_runs_once_they_came():
    """Found by attack: with the clocks on (the single game's default), the person's roll
    asked of the server ran the person's clock while the server did not answer: the
    opponent online won on time by withholding the person's dice. Waiting for the server's
    dice is nobody's time; once they came, the mover's clock runs again (no stalling)."""
    sc, app, lines, t = _online_black_moving()
    _black_plays_13_8_24_21(sc, app, lines, 300)
    assert t.phase == PRE_ROLL and t.on_roll == 0 and t.clock.enabled(), t.screen
    app.press("p1_main")                           # White's roll: asked of the server
    run(app, 200000)                               # unanswered for 200 s
    assert t.phase == PRE_ROLL and t.match.score == [0, 0], t.screen
    assert json.loads(seat_dice(app, "2 1"))["t"] == "seat_ok"
    run(app, 200000)                               # White does not move: White's time
    assert t.match.score == [0, 1] and "out of time" in " ".join(t.screen), t.screen


def test_the_online_seat_handed_to_a_person_while_its_dice_were_awaited_runs_the_clock_again():
    sc, app, lines, t = _online_black_moving()
    _black_plays_13_8_24_21(sc, app, lines, 300)
    app.press("p1_main")                           # White's roll asked of the server
    run(app, 1000)
    t.cycle_seat(1)                                # Black online -> a person: the board rolls
    run(app, 200000)                               # White does not move: White's time
    assert t.match.score == [0, 1] and "out of time" in " ".join(t.screen), t.screen
