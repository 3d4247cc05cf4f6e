"""Cases for the online relay's state (host_tools/online_bridge.py), replayed by CPython and
by the real MicroPython (tests/test_online_map.py): the same lines in, the same lines out.
Standard library of both: no socket, no threading."""
import json

START = [0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0, 0, 0]


def board(b, turn, r1=0, r2=0, moves=(), winner=0, offered=False, cube=1):
    return json.dumps({"Type": "board", "Player": "", "Board": b, "Turn": turn, "Roll1": r1,
                       "Roll2": r2, "Moves": [list(m) for m in moves], "Winner": winner,
                       "DoubleOffered": offered, "DoubleValue": cube, "DoublePlayer": 0,
                       "Points": 3, "Player1": {"Name": "me"}, "Player2": {"Name": "them"},
                       "Available": None, "PlayerNumber": 1})


def _after_13_7_8_7():
    b = list(START)
    b[12] += 1          # their 13 (our 12): 5 -> 4
    b[17] += 1          # their 8 (our 17): 3 -> 2
    b[18] -= 2          # their 7 (our 18): 2 checkers
    return b


# (side, line): "s" the server's, "b" the board's; "t" a tick at that time
CASE = [
    ("s", json.dumps({"Type": "welcome", "Player": "", "PlayerName": "me", "Clients": 2, "Games": 1})),
    ("s", json.dumps({"Type": "joined", "Player": "me", "GameID": 7, "PlayerNumber": 1})),
    ("s", board(START, 0)),
    ("b", '{"t":"seat_dice","p":1,"n":1,"o":1,"q":8}'),
    ("s", json.dumps({"Type": "rolled", "Player": "them", "Roll1": 0, "Roll2": 6})),
    ("t", 0.1),
    ("b", '{"t":"seat_dice","p":0,"n":1,"o":1,"q":8}'),
    ("t", 0.2),
    ("s", json.dumps({"Type": "rolled", "Player": "me", "Roll1": 1, "Roll2": 6})),
    ("s", board(START, 2, 6, 1)),
    ("t", 0.3),
    ("b", '{"t":"seat_turn","p":1,"ask":"play","pos":"4HPwATDgc/ABMA","match":"x","dice":[6,1],"q":9}'),
    ("s", board(_after_13_7_8_7(), 1)),          # their forced play, made by the server
    ("t", 0.4),
    ("b", '{"t":"play","p":1,"m":[[13,7],[8,7]],"n":"13/7 8/7"}'),
    ("b", '{"t":"seat_dice","p":0,"n":2,"o":1,"q":10}'),
    ("t", 0.5),
    ("s", json.dumps({"Type": "rolled", "Player": "me", "Roll1": 3, "Roll2": 1})),
    ("s", board(_after_13_7_8_7(), 1, 3, 1)),
    ("t", 0.6),
    ("b", '{"t":"play","p":0,"m":[[8,5],[6,5]],"n":"8/5 6/5"}'),
    ("s", "{not json"),
    ("s", json.dumps({"Type": "ping", "Player": "", "Message": "123"})),
    ("t", 0.7),
    # the server refuses our play: undone, its position asked for, the board asked for its
    # own (`ids`: at their turn after our play) and given the server's, ours to play 3-1
    ("s", json.dumps({"Type": "failedmove", "Player": "", "From": 8, "To": 5, "Reason": "Illegal move."})),
    ("s", json.dumps({"Type": "failedok", "Player": "", "Reason": "The following legal moves are available"})),
    ("t", 0.8),
    ("s", board(_after_13_7_8_7(), 1, 3, 1)),
    ("t", 0.9),
    ("b", '{"t":"ids","pos":"sGfwATDg2+ABMA","match":"cAlgAAAAAAAA"}'),
    ("t", 1.0),
]


def replay(bridge_class, case=None):
    """The lines the bridge sends each way at each tick, and its words, for CASE (or case)."""
    said = []
    br = bridge_class(said.append)
    out = []
    for side, x in (CASE if case is None else case):
        if side == "s":
            br.server_line(x)
        elif side == "b":
            br.board_line(x, 0.0)
        else:
            br.tick(x)
            out.append([list(br.to_server), list(br.to_board)])
            br.to_server, br.to_board = [], []
    return {"out": out, "said": said}
