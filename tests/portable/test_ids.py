"""bg.ids: GNU Backgammon position and match IDs, against values printed by gnubg itself.

Every expected ID below was produced by the gnubg package (gnubg.positionid /
gnubg.matchid); tests/test_vs_gnubg.py compares thousands more on CPython.
"""
from bg.position import Position
from bg import ids
from raising import value_error as _error


def _match_id_text(key):
    """A 9-byte match key as gnubg writes it: its standard base64, 12 characters (encoded
    here by binascii, not by the code under test)."""
    import binascii
    return binascii.b2a_base64(bytes(key)).decode()[:12]


def _side(points):
    """A 25-slot side from {point: count}; point 25 = the bar."""
    side = bytearray(25)
    for p in points:
        side[p - 1] = points[p]
    return side


# (position, ID) pairs printed by gnubg.positionid((opp, on_roll)).
KNOWN_POSITIONS = (
    (Position.start(), "4HPwATDgc/ABMA"),
    # two of ours on the bar against a closed board, three of theirs on their 24-point
    (Position(_side({25: 2, 6: 5, 8: 3, 13: 5}), _side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 24: 3})),
     "27YBADjgc/ABYA"),
    # bear-off against a blot and four on their 6-point
    (Position(_side({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}), _side({1: 1, 6: 4})), "wQMAwN1tAwAAAA"),
    # all of ours on our 1-point, all of theirs on their bar
    (Position(_side({1: 15}), _side({25: 15})), "AAAA/3//fwAAAA"),
    (Position(), "AAAAAAAAAAAAAA"),
)

# (match ID, fields) from gnubg.matchid(cubeinfo, posinfo) and gnubg's manual.
KNOWN_MATCHES = (
    ("cAkAAAAAAAAA", dict(cube_value=1, cube_owner=-1, on_roll=1, game_state=1, turn=1)),
    ("cIkFAAAAAAAA", dict(on_roll=1, turn=1, dice=(3, 1), cube_owner=-1)),
    ("cIkFAAAAAAAE", dict(on_roll=1, turn=1, dice=(3, 1), cube_owner=-1, jacoby=False)),
    ("MAEAAAAAAAAA", dict(on_roll=0, turn=0, cube_owner=-1)),
    ("AwGzACAAIAAE", dict(cube_value=8, cube_owner=0, on_roll=0, turn=0, dice=(6, 4),
                          match_length=5, score=(2, 4), jacoby=False)),
    ("0REgAYAAGAAE", dict(cube_value=2, cube_owner=1, on_roll=1, crawford=True, turn=0,
                          doubled=True, match_length=9, score=(8, 3), jacoby=False)),
    ("QYHqADAAEAAE", dict(cube_value=2, cube_owner=0, on_roll=1, turn=0, dice=(5, 2),
                          match_length=7, score=(3, 2), jacoby=False)),
    ("kkPgAGAAEAAE", dict(cube_value=4, cube_owner=1, on_roll=0, crawford=True, game_state=3,
                          turn=0, resigned=2, match_length=7, score=(6, 2), jacoby=False)),
    ("cHwbAAAAAAAA", dict(cube_owner=-1, on_roll=1, game_state=4, turn=1, doubled=True,
                          resigned=3, dice=(6, 6))),
)


def test_start_position_id():
    assert ids.position_id(Position.start()) == "4HPwATDgc/ABMA"
    assert ids.position_from_id("4HPwATDgc/ABMA") == Position.start()


def test_known_position_ids_both_ways():
    for pos, pid in KNOWN_POSITIONS:
        assert ids.position_id(pos) == pid, (pos, pid)
        assert ids.position_from_id(pid) == pos, pid
        assert len(ids.position_key(pos)) == 10


def test_side_on_roll_is_encoded_second():
    # one checker of the side on roll on its 1-point: bit 25 (after the opponent's 25 zeros)
    pos = Position(_side({1: 1}), bytearray(25))
    assert bytes(ids.position_key(pos)) == bytes((0, 0, 0, 2, 0, 0, 0, 0, 0, 0))
    assert ids.position_id(pos) != ids.position_id(pos.swapped())
    assert ids.position_from_id(ids.position_id(pos.swapped())) == pos.swapped()


def test_position_id_round_trips_many_positions():
    # a deterministic walk through varied positions: checkers spread, stacked, on the bar
    seed = 12345
    for _ in range(200):
        me, opp = bytearray(25), bytearray(25)
        for side, n in ((me, 15), (opp, 15)):
            for _ in range(n):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                r = seed >> 8
                if r % 7 == 0:
                    continue          # borne off
                side[r % 25] += 1
        for i in range(24):           # no point may hold both colours
            if me[i] and opp[23 - i]:
                me[24] += me[i]
                me[i] = 0
        pos = Position(me, opp)
        pid = ids.position_id(pos)
        assert len(pid) == 14
        assert ids.position_from_id(pid) == pos, pid


def test_known_match_ids_both_ways():
    for mid, fields in KNOWN_MATCHES:
        state = ids.MatchState(**fields)
        assert ids.match_id(state) == mid, (mid, state)
        decoded = ids.match_from_id(mid)
        assert decoded == state, (mid, decoded, state)
        assert ids.match_id(decoded) == mid


def test_match_id_decodes_the_manual_example_field_by_field():
    m = ids.match_from_id("cAkAAAAAAAAA")
    assert m.cube_value == 1 and m.cube_owner == ids.CENTRED
    assert m.on_roll == 1 and m.turn == 1 and not m.crawford
    assert m.game_state == ids.GAME_PLAYING and not m.doubled and m.resigned == ids.RESIGN_NONE
    assert m.dice == (0, 0) and m.match_length == 0 and m.score == (0, 0) and m.jacoby


def test_match_id_puts_the_larger_die_first_like_gnubg():
    a = ids.MatchState(dice=(2, 5), match_length=7)
    b = ids.MatchState(dice=(5, 2), match_length=7)
    assert a.dice == (5, 2)
    assert ids.match_id(a) == ids.match_id(b)


def test_match_id_round_trips_every_cube_and_large_scores():
    for log2 in range(16):
        for owner in (-1, 0, 1):
            s = ids.MatchState(cube_value=1 << log2, cube_owner=owner, on_roll=log2 & 1,
                               turn=owner & 1, match_length=32767, score=(32767, log2 * 1000),
                               dice=(log2 % 6 + 1, 6 - log2 % 6))
            assert ids.match_from_id(ids.match_id(s)) == s, s


def test_gnubg_id_joins_and_splits():
    state = ids.MatchState(on_roll=1, turn=1, dice=(3, 1))
    text = ids.gnubg_id(Position.start(), state)
    assert text == "4HPwATDgc/ABMA:cIkFAAAAAAAA"
    pos, back = ids.from_gnubg_id(text)
    assert pos == Position.start() and back == state
    assert "PositionID:MatchID" in _error(ids.from_gnubg_id, "4HPwATDgc/ABMA")


def test_surrounding_blanks_are_ignored():
    assert ids.position_from_id(" 4HPwATDgc/ABMA\n") == Position.start()
    assert ids.match_from_id(" cAkAAAAAAAAA ").on_roll == 1


def test_bad_position_ids_say_why():
    assert "14 characters" in _error(ids.position_from_id, "4HPwATDgc/ABM")
    assert "14 characters" in _error(ids.position_from_id, "")
    assert "not a base64" in _error(ids.position_from_id, "4HPwATDgc/AB*A")
    assert "must be text" in _error(ids.position_from_id, None)
    assert "more than 15" in _error(ids.position_from_id, "////////////AA")
    # padding: the 14 characters carry 4 bits beyond the 80 of the key, which gnubg always leaves at 0
    assert "padding" in _error(ids.position_from_id, "4HPwATDgc/ABMB")
    # 15 of ours on our 24-point and one of theirs on their 1-point: the same point
    mixed = ids.position_id(Position(_side({24: 15}), _side({1: 1})))
    assert "impossible" in _error(ids.position_from_id, mixed)


def test_bad_positions_cannot_be_encoded():
    too_many = Position(_side({6: 16}), _side({6: 1}))
    assert "more than 15" in _error(ids.position_id, too_many)


def test_bad_match_ids_say_why():
    assert "12 characters" in _error(ids.match_from_id, "cAkAAAAAAAA")
    assert "not a base64" in _error(ids.match_from_id, "cAkAAAAAAA.A")
    # each bad field, set by hand in an otherwise valid key
    good = ids.MatchState(cube_owner=0, match_length=5)
    assert _match_id_text(ids.match_key(good)) == ids.match_id(good)   # the text as gnubg's

    def bad(field_bits):
        key = bytearray(ids.match_key(ids.MatchState(cube_owner=0, match_length=5)))
        for bit in field_bits:
            key[bit >> 3] |= 1 << (bit & 7)
        return _match_id_text(key)
    assert "cube owner" in _error(ids.match_from_id, bad((5,)))         # owner binary 10
    assert "game state" in _error(ids.match_from_id, bad((8, 10)))      # state 5
    assert "dice" in _error(ids.match_from_id, bad((15, 16, 17, 18)))   # die 7
    assert "dice" in _error(ids.match_from_id, bad((15,)))              # 1-0
    assert "beyond the match length" in _error(ids.match_from_id, bad((36 + 3,)))  # score 8 of 5
    assert "after the 67" in _error(ids.match_from_id, bad((70,)))
    money_crawford = _match_id_text((0x80 | 0x70, 0x09, 0, 0, 0, 0, 0, 0, 0))
    assert "Crawford" in _error(ids.match_from_id, money_crawford)


def test_bad_match_states_cannot_be_encoded():
    assert "power of two" in _error(ids.match_id, ids.MatchState(cube_value=3))
    assert "cube owner" in _error(ids.match_id, ids.MatchState(cube_owner=2))
    assert "die 1" in _error(ids.match_id, ids.MatchState(dice=(7, 1)))
    assert "both rolled" in _error(ids.match_id, ids.MatchState(dice=(4, 0)))
    assert "match length" in _error(ids.match_id, ids.MatchState(match_length=40000))
    assert "beyond" in _error(ids.match_id, ids.MatchState(match_length=3, score=(4, 0)))
    assert "Crawford" in _error(ids.match_id, ids.MatchState(crawford=True))
