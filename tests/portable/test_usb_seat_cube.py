"""The computer on USB in a seat (app/usbseat.py, issue 10): in the running App, the board
asks on serial (a "seat_turn" event, again until answered), takes a `seat` command as the
answer, shows the play and lets a person make it, as for its own seat; refuses in words
whatever is not a legal answer to what it asked, and asks again; the seat goes back to a
person from the settings; the seat survives a power cut."""

from apprig import run
from game.table import MOVING, PRE_ROLL, DOUBLED, GAME_OVER
from usbkit import usb_black, turns, seat, white_13_7_8_7


def test_the_cube_questions_go_through_the_cube_flows():
    sc, app, lines, t = usb_black([1, 6])          # White wins the opening
    assert t.on_roll == 0 and t.phase == MOVING
    sc.put(white_13_7_8_7())
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 1
    q = turns(lines)[-1]
    assert q["ask"] == "cube" and q["dice"] == [0, 0], q
    assert seat(app, lines, "take")["code"] == "seat_refused"
    ok = seat(app, lines, "double")
    assert ok["t"] == "seat_ok", ok
    run(app, 20)
    assert t.phase == DOUBLED and [l for l in lines if '"cube"' in l and '"double"' in l]
    app.press("p1_main")                            # White takes; Black rolls, asked to play
    run(app, 50)
    assert t.match.cube.value == 2 and t.phase == MOVING and t.on_roll == 1
    assert turns(lines)[-1]["ask"] == "play"


def test_the_take_question_and_a_pass():
    sc, app, lines, t = usb_black([6, 1])
    seat(app, lines, "play 13/7 8/7")
    run(app, 20)
    sc.put(t.target.swapped())
    run(app, 100)
    app.press("p1_cube")                            # White doubles the computer
    run(app, 20)
    q = turns(lines)[-1]
    assert t.phase == DOUBLED and q["ask"] == "take" and q["p"] == 1, q
    ok = seat(app, lines, "pass")
    assert ok["answer"] == "pass"
    run(app, 20)
    assert t.phase == GAME_OVER and t.match.score == [1, 0]
