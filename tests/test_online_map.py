"""The board <-> bgammon.org mapping (host_tools/bgmap.py) and the local test server
(tests/bgammon_server.py) that the whole-match tests play through (issue 29)."""
import pytest

from bg.position import Position
from host_tools import bgmap
from bgammon_server import Server, Script, start_board, flip


def test_the_starting_board_is_the_boards_start_from_either_side():
    me, opp = bgmap.position_from_board(start_board())
    assert Position(me, opp) == Position.start()
    me, opp = bgmap.position_from_board(flip(start_board()))
    assert Position(me, opp) == Position.start()
    assert bgmap.board_from_position(me, opp) == start_board()


def test_a_position_with_bars_and_borne_off_round_trips_and_flips():
    me, opp = bytearray(25), bytearray(25)
    me[24], me[5], me[0] = 1, 4, 2          # one on our bar, 4 on our 6, 2 on our 1 (8 off)
    opp[24], opp[2], opp[19] = 2, 3, 1      # two on their bar, 3 on their 3, 1 on their 20 (9 off)
    b = bgmap.board_from_position(me, opp)
    assert b[26] == 1 and b[27] == -2 and b[0] == 8 and b[25] == -9
    assert b[6] == 4 and b[1] == 2 and b[22] == -3 and b[5] == -1
    assert bgmap.position_from_board(b) == (me, opp)
    them = bgmap.position_from_board(bgmap.flipped(b))
    assert them == (opp, me)                # the other player's view: the sides swapped


def test_malformed_boards_and_moves_are_refused_in_words():
    with pytest.raises(bgmap.MappingError, match="28 counts"):
        bgmap.position_from_board([0] * 27)
    b = start_board()
    b[6] = 12
    with pytest.raises(bgmap.MappingError, match="checkers"):
        bgmap.position_from_board(b)
    with pytest.raises(bgmap.MappingError, match="forward"):
        bgmap.opponent_steps([[18, 12]])     # the opponent moves 1 -> 24 in our numbering
    with pytest.raises(bgmap.MappingError):
        bgmap.opponent_steps([[26, 3]])      # our bar is not theirs
    with pytest.raises(bgmap.MappingError):
        bgmap.parse_moves("13-7")


def test_moves_in_both_directions():
    assert bgmap.move_command([(13, 7), (8, 7)]) == "move 13/7 8/7"
    assert bgmap.move_command([(25, 22), (6, 0)]) == "move bar/22 6/off"
    assert bgmap.move_command([]) is None
    assert bgmap.parse_moves("bar/22 6/off 13/7") == [(26, 22), (6, 0), (13, 7)]
    # the opponent's steps as we see them -> their own numbering, the board's play
    assert bgmap.opponent_steps([[12, 18], [17, 18]]) == [(13, 7), (8, 7)]
    assert bgmap.opponent_steps([[27, 3], [19, 25]]) == [(25, 22), (6, 0)]
    assert bgmap.play_text([(25, 22), (6, 0)]) == "bar/22 6/off"
    assert bgmap.own_steps([[26, 22], [6, 0]]) == [(25, 22), (6, 0)]
    assert bgmap.cancel_undone([(13, 7), (7, 13), (8, 7)]) == [(8, 7)]


def test_the_test_server_speaks_the_protocol_both_sides_see_themselves_as_player_1():
    srv = Server(dice=[3, 5, 6, 1])      # opening 3 (player 1) 5 (player 2)
    a = b = None
    try:
        a = Script(srv.port, "Alice")
        assert a.name == "guest_alice"                 # a guest: lowercased, prefixed
        a.send("create public 3 0")
        assert a.wait("joined")["PlayerNumber"] == 1
        b = Script(srv.port, "Bob")
        b.send("join guest_alice")
        assert b.wait("joined")["PlayerNumber"] == 1   # the joiner sees itself as player 1 too
        a.send("roll")
        b.wait("rolled")
        b.send("roll")
        # each sees its own opening die as Roll1; Bob's 5 beats Alice's 3
        assert b.wait("rolled", lambda e: e["Roll1"] and e["Roll2"])["Roll1"] == 5
        assert a.wait("rolled", lambda e: e["Roll1"] and e["Roll2"])["Roll1"] == 3
        bb = b.wait("board", lambda e: e["Turn"] == 1)
        assert bb["Board"] == start_board() and sorted([bb["Roll1"], bb["Roll2"]]) == [3, 5]
        assert [2, 18] not in bb["Available"] and [13, 8] in bb["Available"]
        # a refusal changes nothing and sends no board
        n = len(b.events)
        b.send("move 13/2")
        assert "Illegal" in b.wait("failedmove", start=n)["Reason"]
        b.send("ok")
        assert "legal moves" in b.wait("failedok", start=n)["Reason"]
        assert not [e for e in b.events[n:] if e["Type"] == "board"]
        # a combined step is reported back as single-die steps; Alice sees them flipped
        b.send("move 13/5")
        moved = b.wait("moved", start=n)["Moves"]
        assert moved in ([[13, 10], [10, 5]], [[13, 8], [8, 5]]), moved
        seen = a.wait("moved", lambda e: e["Player"] == "guest_bob")["Moves"]
        assert bgmap.opponent_steps(seen) == [tuple(m) for m in moved]
        n = len(a.events)
        b.send("ok")                                   # Alice may double: no roll by itself
        ab = a.wait("board", lambda e: e["Turn"] == 1, start=n)
        assert ab["Roll1"] == 0 and ab["DoubleValue"] == 1
        me, opp = bgmap.position_from_board(ab["Board"])
        assert opp[4] == 1 and opp[12] == 4            # Bob's 13 -> 5 in his own numbering
    finally:
        for s in (a, b):
            if s is not None:
                s.close()
        srv.stop()


def _board_event(board, turn, r1=0, r2=0, moves=(), winner=0, offered=False, cube=1):
    import json
    return json.dumps({"Type": "board", "Player": "", "Board": board, "Turn": turn, "Roll1": r1,
                       "Roll2": r2, "Moves": [list(m) for m in moves], "Winner": winner,
                       "DoubleOffered": offered, "DoubleValue": cube, "DoublePlayer": 0,
                       "Points": 3, "Player1": {"Name": "me"}, "Player2": {"Name": "them"},
                       "Available": None, "PlayerNumber": 1})


def test_the_bridge_finds_the_opponents_play_the_server_made_for_them():
    """A turn the server played out by itself (forced moves: no board shows its steps) and
    a turn whose reported steps include one taken back: the play comes from the two
    positions and the dice, in the opponent's numbering, as the board's `seat play`."""
    from host_tools.cmd_online import Bridge
    said = []
    br = Bridge(said.append)
    br.online = 1
    start = start_board()
    br.server_line(_board_event(start, 2))                       # their turn, before the roll
    # (no board with their dice and steps: the server rolled 6-1 and played 13/7 8/7 itself)
    me, opp = bgmap.position_from_board(start)
    opp[12] -= 1
    opp[7] -= 1
    opp[6] += 2
    after = bgmap.board_from_position(me, opp)
    br.server_line(_board_event(start, 2, 6, 1))                 # their dice shown
    br.server_line(_board_event(after, 1))                       # then it is our turn
    assert sorted(br.opp_play) == [(8, 7), (13, 7)], (br.opp_play, said)
    # steps reported with one taken back: what stands at the end is their play
    br.opp_play = None
    br.server_line(_board_event(after, 2))
    br.server_line(_board_event(after, 2, 3, 1, moves=[(1, 4), (4, 1), (17, 20), (19, 20)]))
    me2, opp2 = bgmap.position_from_board(after)
    opp2[7] -= 1
    opp2[5] -= 1
    opp2[4] += 2                                                  # 8/5 6/5 in their numbering
    br.server_line(_board_event(bgmap.board_from_position(me2, opp2), 1))
    assert sorted(br.opp_play) == [(6, 5), (8, 5)], (br.opp_play, said)
    br.tick(0)
    assert not [s for s in said if s.startswith("?")], said


def test_the_board_asking_for_the_opponents_dice_after_the_server_went_on_gets_them():
    """The server played the opponent's forced moves at once (or the roll, the steps and `ok`
    came in one batch): their turn is over on the server before the board asks for their
    dice. The board still gets that turn's dice, then their play; and once it has made the
    play, a question for dice waits for their next roll."""
    import json
    from host_tools.cmd_online import Bridge
    said = []
    br = Bridge(said.append)
    br.them = "them"
    start = start_board()
    me, opp = bgmap.position_from_board(start)
    opp[12] -= 1
    opp[7] -= 1
    opp[6] += 2
    after = bgmap.board_from_position(me, opp)                   # they played 13/7 8/7 (6-1)
    br.server_line(_board_event(start, 2))
    br.server_line(_board_event(start, 2, 6, 1))
    br.server_line(_board_event(after, 1))                       # our turn on the server already
    br.board_line(json.dumps({"t": "seat_turn", "p": 1, "ask": "cube", "q": 11}), 0.0)
    br.tick(0.0)
    assert br.to_board[-1:] == ["seat 11 roll"], (br.to_board, said)      # they rolled, no double
    br.board_line(json.dumps({"t": "seat_dice", "p": 1, "n": 2, "o": 1, "q": 12}), 0.0)
    br.tick(0.0)
    assert "seat dice 12 6 1" in br.to_board, (br.to_board, said)      # naming its question
    br.to_board.clear()
    br.board_line(json.dumps({"t": "seat_turn", "p": 1, "ask": "play", "q": 13}), 0.1)
    br.tick(0.1)
    assert [x for x in br.to_board if x.startswith("seat 13 play ")], (br.to_board, said)
    br.board_line(json.dumps({"t": "play", "p": 1, "m": [[13, 7], [8, 7]]}), 0.2)
    br.to_board.clear()
    br.board_line(json.dumps({"t": "seat_dice", "p": 1, "n": 2, "o": 1, "q": 14}), 5.0)
    br.tick(5.0)
    assert not [x for x in br.to_board if x.startswith("seat dice")], br.to_board
    assert not [s for s in said if s.startswith("?")], said


def test_the_board_takes_the_servers_position_where_it_differs_and_the_bridge_says_where():
    import json
    from bg import ids
    from host_tools.cmd_online import Bridge
    said = []
    br = Bridge(said.append)
    br.them = "them"
    br.server_line(_board_event(start_board(), 2))
    same = ids.position_id(Position.start())
    br.board_line(json.dumps({"t": "seat_turn", "p": 1, "ask": "cube", "pos": same, "match": "x",
                              "dice": [0, 0], "q": 5}), 0.0)
    assert not [s for s in said if "differs" in s] and "seat link differs" not in br.to_board
    moved = Position.start()
    moved.me[12] -= 1                      # the board: one of their checkers 13 -> 7
    moved.me[6] += 1
    br.board_line(json.dumps({"t": "seat_turn", "p": 1, "ask": "cube", "pos": ids.position_id(moved),
                              "match": "x", "dice": [0, 0], "q": 6}), 0.0)
    words = [s for s in said if "differs" in s]
    assert words and "them's 13-point: the server 5, the board 4" in words[0], said
    assert "them's 7-point: the server 0, the board 1" in words[0]
    assert "the board takes the server's" in words[0]
    assert "seat position %s 1 0 0" % same in br.to_board          # the server's stands


def test_the_relay_waits_for_a_server_that_is_not_up_yet_with_backoff():
    """No server listening: the relay says so, tells the board (seat link lost), tries again
    after 1 s, 2 s, ...; once a server is up it logs in. The board's line here is a pty."""
    import os
    import socket
    import threading
    import time
    import tty
    from host_tools import cmd_online
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()                                          # nothing listens there now
    master, slave = os.openpty()
    tty.setraw(slave)
    said, stop = [], []
    br = cmd_online.Bridge(said.append, create=1)
    th = threading.Thread(target=cmd_online.run, args=(br, os.ttyname(slave), "127.0.0.1", port, "x", None),
                          kwargs={"stop": lambda: bool(stop), "say": said.append}, daemon=True)
    th.start()
    srv = None
    try:
        end = time.monotonic() + 60   # a bound on a hang, not a speed
        while not [x for x in said if "trying again in 2 s" in x] and time.monotonic() < end:
            time.sleep(0.05)
        assert [x for x in said if "cannot reach the server" in x and "in 1 s" in x], said
        board = b""
        while b"seat link lost" not in board and time.monotonic() < end:
            import select
            if select.select([master], [], [], 0.1)[0]:
                board += os.read(master, 1024)
        assert b"seat link lost" in board, board
        srv = Server(port=port)
        while not [x for x in said if x.startswith("logged in as")] and time.monotonic() < end + 10:
            time.sleep(0.05)
        assert "logged in as guest_x" in said and [x for x in said if "creating a 1-point match" in x], said
    finally:
        stop.append(1)
        th.join(10)
        os.close(master)
        os.close(slave)
        if srv is not None:
            srv.stop()


def test_a_resignation_at_the_board_in_the_opponents_turn_waits_for_ours_on_the_server():
    import json
    from host_tools.cmd_online import Bridge
    said = []
    br = Bridge(said.append)
    br.online = 1
    br.server_line(_board_event(start_board(), 2, 6, 1))        # their turn on the server
    br.board_line(json.dumps({"t": "resign", "p": 0, "a": "offer", "n": 1}), 0.0)
    br.tick(0.0)
    assert "resign" not in br.to_server and br.resign_held
    br.server_line(_board_event(start_board(), 1))               # ours
    br.tick(0.1)
    assert br.to_server.count("resign") == 1 and not br.resign_held, said


def test_the_relays_state_runs_the_same_under_micropython():
    """host_tools/online_bridge.py under the real MicroPython (the companion page's
    WebAssembly port runs the same interpreter): the same lines out as under CPython."""
    import json
    import os
    import subprocess
    from tools import ROOT, MICROPYTHON
    import online_cases
    from host_tools.online_bridge import Bridge
    expect = online_cases.replay(Bridge)
    out = expect["out"]
    assert out[0][0] == ["set autoplay 0"] and out[0][1][-1] == "seat dice 8 6", out   # their opening die
    assert out[1][0] == ["roll"] and out[2][1] == ["seat dice 8 1"], out                # ours, rolled
    assert out[3][1] == ["seat 9 play 13/7 8/7"], out     # their play (seat_turn q 9), made by the server itself
    assert out[4][0] == ["roll"] and out[5][1] == ["seat dice 10 3 1"], out
    assert out[6][0] == ["move 8/5 6/5", "ok", "pong 123"], out
    assert out[7][0] == ["reset", "board"] and out[8] == [[], ["ids"]], out         # a refusal
    assert out[9][1] == ["seat position 4NvgATDgc/ABMA 0 3 1"], out   # the server's position taken
    script = ("import sys, json\nsys.path[:0] = ['host_tools', 'firmware', 'tests']\n"
              "import online_cases\nfrom online_bridge import Bridge\n"
              "print(json.dumps(online_cases.replay(Bridge)))\n")
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=2M", "-c", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=dict(os.environ))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["out"] == expect["out"], (got, expect)
    assert len(got["said"]) == len(expect["said"]), (got["said"], expect["said"])


def test_a_game_scored_again_by_the_server_leaves_the_match_as_if_scored_so():
    """app/online.py's rescore_match (the board's `seat score`): the score, the match's end
    and the Crawford game follow the server's points, either way."""
    from bg.match import Match
    from app.online import rescore_match
    m = Match(5)
    m.double(0, 0, False)
    m.drop(1)                                   # the board: a pass at the cube, 1 point
    assert m.score == [1, 0] and not m.crawford
    rescore_match(m, 4)                         # the server: 4 (a gammon at the cube of 2)
    assert m.score == [4, 0] and m.crawford and m.game_number == 2 and not m.is_over()
    m.resign(1, 1)
    m.accept_resignation(0)                     # the Crawford game: 1 point, the match won
    assert m.is_over() and m.winner == 0
    rescore_match(m, 0)                         # (the server: none) the match goes on
    assert not m.is_over() and m.score == [4, 0] and not m.crawford and m.post_crawford
    assert m.game_number == 3 and m.cube.value == 1
    rescore_match(m, 3)                         # and back: won 7-0
    assert m.is_over() and m.score == [7, 0]


def test_the_board_plugged_in_again_is_compared_with_the_server():
    """USB unplugged and plugged in again (the relay opens the board's port again): the
    OLED is told the connection's state again and the board's IDs are asked for; an
    answer nobody asked for (the companion page asks for IDs too) is not compared."""
    import json
    from host_tools.online_bridge import Bridge
    said = []
    br = Bridge(said.append)
    br.online = 1
    br.server_line(_board_event(start_board(), 1, 3, 1))          # ours to play 3-1
    moved = json.dumps({"t": "ids", "pos": "sGfwATDg2+ABMA", "match": "cAlgAAAAAAAA"})
    br.board_line(moved, 0.0)                                      # not asked: ignored
    br.tick(0.0)
    assert "ids" not in br.to_board and not [x for x in br.to_board if x.startswith("seat position")]
    br.board_connected()
    br.tick(0.1)
    assert br.to_board[-1] == "ids" and br.to_board.count("seat link playing") == 2, br.to_board   # (again)
    br.to_board = []
    br.board_line(moved, 0.2)                                      # the board at their turn
    assert [x for x in br.to_board if x.startswith("seat position ") and x.endswith(" 0 3 1")], (br.to_board, said)
