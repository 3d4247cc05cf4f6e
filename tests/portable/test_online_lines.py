"""The online line's `seat score` and `seat position` (app/online.py) on values no server
sends or at moments the board had not foreseen: refused in words, or taken so that the
match survives a power cut."""
import json

from apprig import run, Position, STATE
from app import commands
from game.phases import MOVING
from onlinekit import _online_black_moving


def test_a_score_from_the_line_beyond_any_game_is_refused_and_the_match_survives_a_cut():
    """`seat score P PTS` takes the server's points for the game just ended; found by attack:
    any number was taken (`seat score 0 70000` after a game at the cube of 1), and the board
    then saved a state its power-up refuses ("bad last game"): after a power cut the match
    was gone, the board asking to set up a new one. A game scores at most a backgammon at
    the cube's maximum (what a saved state may hold)."""
    sc, app, lines, t = _online_black_moving()
    assert json.loads(commands.answer(app, "seat resign 1"))["t"] == "seat_ok"
    run(app, 50)
    app.press("p1_main")                           # accepted: White wins 1 point
    run(app, 100)
    assert t.match.score == [1, 0], t.screen
    for pts in ("70000", "99999999999999999999", str(3 * t.match.cube_max + 1)):
        ans = json.loads(commands.answer(app, "seat score 0 " + pts))
        assert ans["t"] == "error" and ans["code"] == "seat_refused", (pts, ans)
        assert "at most" in ans["msg"], ans
    assert t.match.score == [1, 0]
    ok = json.loads(commands.answer(app, "seat score 0 2"))   # the server's: taken
    assert ok["t"] == "seat_ok" and t.match.score == [2, 0], ok
    run(app, 100)
    from app.boot import restore                   # the power cut: the saved match resumes
    table, msg = restore(STATE)[:2]
    assert msg is None and table.match.score == [2, 0], msg


def test_a_position_from_the_line_with_a_side_borne_off_is_refused():
    """`seat position` makes the server's position the board's, in a game in play; found by
    attack: a position with no checker left for a side (AAAAAAAAAAAAAA: none for either)
    was taken, and the game went on for ever, 'Off 15 15' and no winner."""
    sc, app, lines, t = _online_black_moving()
    from bg.ids import position_id
    pos = Position.start()
    pos.opp[:] = bytearray(25)                     # Black's checkers all borne off
    for text in ("AAAAAAAAAAAAAA 0 3 1", position_id(pos) + " 0 3 1",
                 position_id(pos.swapped()) + " 1 0 0"):
        ans = json.loads(commands.answer(app, "seat position " + text))
        assert ans["t"] == "error" and ans["code"] == "seat_refused", (text, ans)
        assert "no checker" in ans["msg"], ans
    assert t.phase == MOVING and t.on_roll == 1 and sorted(t.turn_dice) == [3, 5]
    ok = json.loads(commands.answer(app, "seat position 4HPwATDgc/ABMA 1 0 0"))
    assert ok["t"] == "seat_ok", ok
