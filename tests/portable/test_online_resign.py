"""A player online resigns in their own turn (`seat resign N` from the relay, app/online.py):
the person at the board is asked to accept, and nothing answers for them. Found by attack:
the online seat resigning after its roll left its play question standing, and the App's
engine took it for the person's (the acting player): a fault every cycle ("level must be
one of easy, normal, strong: 'online'"), and the OLED kept "Black thinks..." instead of
the resignation's question."""
import json

from apprig import rig, run, Position, STATE
from app import commands
from game.phases import MOVING, PRE_ROLL


def _online_black_moving():
    """Black online, its opening roll 5-3 won: Black to play, its play asked on serial."""
    sc, app, lines = rig()
    t = app.table
    for _ in range(5):
        t.cycle_seat(1)
    sc.put(Position.start())
    run(app, 100)
    assert json.loads(commands.answer(app, "seat dice 5"))["t"] == "seat_ok"
    run(app, 30)
    app.press("p1_main")
    run(app, 30)
    assert json.loads(commands.answer(app, "seat dice 3"))["t"] == "seat_ok"
    run(app, 50)
    assert t.phase == MOVING and t.on_roll == 1, t.screen
    return sc, app, lines, t


def _asked_play(lines):
    return [x for x in lines if '"seat_turn"' in x and '"ask":"play"' in x]


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
    q = json.loads(_asked_play(lines)[-1])["q"]
    assert json.loads(commands.answer(app, "seat %d play 13/8 24/21" % q))["t"] == "seat_ok"
    run(app, 30)
    pos = Position.start()
    pos.opp[12] -= 1
    pos.opp[23] -= 1
    pos.opp[7] += 1
    pos.opp[20] += 1                               # Black's 13/8 24/21, from White's side
    sc.put(pos)
    run(app, 100)
    app.press("p1_main")                           # made on the board: committed
    run(app, 100)
    assert t.on_roll == 0 and t.phase == PRE_ROLL, t.screen
    app.press("p1_main")                           # White rolls: the server's dice
    run(app, 30)
    assert json.loads(commands.answer(app, "seat dice 2 1"))["t"] == "seat_ok"
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


def test_the_persons_clock_waits_for_the_servers_dice_and_runs_once_they_came():
    """Found by attack: with the clocks on (the single game's default), the person's roll
    asked of the server ran the person's clock while the server did not answer: the
    opponent online won on time by withholding the person's dice. Waiting for the server's
    dice is nobody's time; once they came, the mover's clock runs again (no stalling)."""
    sc, app, lines, t = _online_black_moving()
    q = json.loads(_asked_play(lines)[-1])["q"]
    assert json.loads(commands.answer(app, "seat %d play 13/8 24/21" % q))["t"] == "seat_ok"
    run(app, 30)
    pos = Position.start()
    pos.opp[12] -= 1
    pos.opp[23] -= 1
    pos.opp[7] += 1
    pos.opp[20] += 1                               # Black's 13/8 24/21, from White's side
    sc.put(pos)
    run(app, 300)
    assert t.phase == PRE_ROLL and t.on_roll == 0 and t.clock.enabled(), t.screen
    app.press("p1_main")                           # White's roll: asked of the server
    run(app, 200000)                               # unanswered for 200 s
    assert t.phase == PRE_ROLL and t.match.score == [0, 0], t.screen
    assert json.loads(commands.answer(app, "seat dice 2 1"))["t"] == "seat_ok"
    run(app, 200000)                               # White does not move: White's time
    assert t.match.score == [0, 1] and "out of time" in " ".join(t.screen), t.screen


def test_the_online_seat_handed_to_a_person_while_its_dice_were_awaited_runs_the_clock_again():
    sc, app, lines, t = _online_black_moving()
    q = json.loads(_asked_play(lines)[-1])["q"]
    assert json.loads(commands.answer(app, "seat %d play 13/8 24/21" % q))["t"] == "seat_ok"
    run(app, 30)
    pos = Position.start()
    pos.opp[12] -= 1
    pos.opp[23] -= 1
    pos.opp[7] += 1
    pos.opp[20] += 1
    sc.put(pos)
    run(app, 300)
    app.press("p1_main")                           # White's roll asked of the server
    run(app, 1000)
    t.cycle_seat(1)                                # Black online -> a person: the board rolls
    run(app, 200000)                               # White does not move: White's time
    assert t.match.score == [0, 1] and "out of time" in " ".join(t.screen), t.screen
