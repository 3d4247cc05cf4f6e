"""The online relay (host_tools/online_bridge.py) on hostile lines: the server's events and
the board's, each field of tests/online_cases.py's game replaced by a value of another type,
a name with a line break, an empty or missing field. Found by attack: a `board` event whose
Player2 was not an object, or which lacked a field, stopped the relay (an AttributeError out
of server_line, or a KeyError at the next tick from the state it had kept); a board event
of the wrong shape did the same out of board_line; and an opponent's name with a line
break was written to the board as two lines, the second one a command of the server's
choosing (`seat name 1 x` then `seat resign 3`). Every line is now read or ignored in
words, the names sent are one word, and the relay goes on."""
import json
import random

import online_cases as oc
from host_tools.online_bridge import Bridge

ODD = [None, 0, -1, 7, 10 ** 12, 1.5, "", "x", "a b\nseat resign 3", "\r\x00\x1b", [], {},
       [1, 2], {"Name": 3}, True, "0", [[1, 2]], [[30, -5]], "é" * 40]


def _variants(n, seed):
    """n copies of CASE, each with one server or board event's field replaced or dropped."""
    rng = random.Random(seed)
    events = [i for i, (side, x) in enumerate(oc.CASE) if side in "sb" and x.startswith("{")
              and isinstance(_load(x), dict)]
    for _ in range(n):
        case = list(oc.CASE)
        for _ in range(rng.choice((1, 1, 2, 3))):
            i = rng.choice(events)
            side, x = case[i]
            ev = _load(x)
            keys = [k for k in ev if k not in ("Type", "t")]
            k = rng.choice(keys)
            if rng.random() < 0.15:
                del ev[k]
            else:
                ev[k] = rng.choice(ODD)
            case[i] = (side, json.dumps(ev))
        yield case


def _load(x):
    try:
        return json.loads(x)
    except ValueError:
        return None


def _replay(case):
    """The lines the relay sent the board over the case, and its words (online_cases.replay)."""
    got = oc.replay(Bridge, case)
    return [x for _, to_board in got["out"] for x in to_board], got["said"]


def test_hostile_fields_never_stop_the_relay_nor_reach_the_board_as_commands():
    for case in _variants(400, 18):
        sent, said = _replay(case)          # (nothing raises)
        for line in sent:
            assert "\n" not in line and "\r" not in line and "\x00" not in line, line
            if line.startswith("seat name "):
                assert len(line.split(" ")) == 4 and len(line.split(" ")[3]) <= 24, line


def test_a_name_with_a_line_break_is_sent_as_one_word():
    case = list(oc.CASE)
    case[0] = ("s", json.dumps({"Type": "welcome", "Player": "", "PlayerName": "me\nseat resign 3",
                                "Clients": 2, "Games": 1}))
    sent, said = _replay(case)
    names = [x for x in sent if x.startswith("seat name")]
    assert names and all("resign" not in x or x.split(" ")[3] == "me_seat_resign_3" for x in names), names
    assert not [x for x in sent if x.startswith("seat resign")], sent


def test_a_board_event_of_another_shape_is_ignored_in_words_and_the_game_goes_on():
    clean, _ = _replay(oc.CASE)
    case = list(oc.CASE)
    bad = json.loads(case[2][1])
    bad["Player2"] = "them"                         # not an object
    del bad["Roll1"]
    case.insert(3, ("s", json.dumps(bad)))
    case.insert(4, ("b", json.dumps({"t": "seat_dice", "p": {}, "n": 1, "o": 1, "q": 8})))
    case.insert(5, ("b", json.dumps({"t": "play", "p": 0, "m": None, "n": ""})))
    sent, said = _replay(case)
    assert sent == clean, (sent, clean)
    assert any("cannot read" in s for s in said), said
