"""GNU Backgammon notation: printing, parsing, and the round trip through both."""
from bg.position import Position
from bg.movegen import legal_plays
from bg.notation import format_play, parse_play, parse_marked, find_play, NotationError
from bg.play import Play
from corepos import played_positions, ROLLS


def test_examples_print_like_gnubg():
    assert format_play(((13, 7), (8, 7))) == "13/7 8/7"
    assert format_play(((25, 22),), (True,)) == "bar/22*"
    assert format_play(((6, 0),)) == "6/off"
    assert format_play(((8, 4), (8, 4))) == "8/4(2)"
    assert format_play(((24, 14), (14, 10)), (True, False)) == "24/14*/10"
    assert format_play(((24, 18), (18, 13))) == "24/13"
    assert format_play(((13, 9), (9, 5), (13, 9), (9, 5))) == "13/5(2)"
    assert format_play(((8, 4), (8, 4), (6, 2), (6, 2))) == "8/4(2) 6/2(2)"


def test_examples_parse():
    assert parse_play("13/7 8/7") == ((13, 7), (8, 7))
    assert parse_play("bar/22*") == ((25, 22),)
    assert parse_play("6/off") == ((6, 0),)
    assert parse_play("8/4(2)") == ((8, 4), (8, 4))
    assert parse_play("24/14*/10") == ((24, 14), (14, 10))
    assert parse_play("  Bar/20  6/OFF ") == ((25, 20), (6, 0))


def test_malformed_plays_are_rejected_with_a_reason():
    for bad in ("", "13", "13-7", "7/13", "off/3", "3/bar", "25/20", "8/4(9)", "8/4(x)",
                "13/7 13/7 13/7 13/7 13/7", "a/b", "8/4(2"):
        try:
            parse_play(bad)
        except NotationError as e:
            assert isinstance(e, ValueError) and str(e)
        else:
            assert False, bad


def test_every_legal_play_round_trips():
    n = 0
    for pos in played_positions(5, 8):
        for a, b in ROLLS:
            plays = legal_plays(pos, a, b)
            for play in plays:
                text = play.notation()
                found = find_play(plays, text)
                assert found is not None and found.apply(pos) == play.apply(pos), text
                # printing what we parsed gives the same text back, hit marks included
                assert format_play(*parse_marked(text)) == text
                assert str(Play(text)) == text and repr(play) == "Play(%r)" % text
                n += 1
    assert n > 500


def test_start_position_notation_round_trip():
    s = Position.start()
    plays = legal_plays(s, 6, 5)
    texts = sorted(p.notation() for p in plays)
    assert texts == sorted(["24/13", "24/18 13/8", "24/18 8/3", "13/8 13/7", "13/7 8/3",
                            "13/2", "8/3 8/2"])
    assert find_play(plays, "24/18 18/13").notation() == "24/13"
    assert plays.find("13/7 13/8").notation() == "13/8 13/7"
    assert find_play(plays, "6/1 6/off") is None


def test_hit_marks_round_trip():
    for text in ("24/14*/10", "bar/22*", "6/2*(2)", "13/7* 8/7*", "24/13*", "24/23 24/22*/21", "bar/20* 6/off"):
        moves, hits = parse_marked(text)
        assert format_play(moves, hits) == text, text
        assert Play(text).notation() == text
    assert parse_marked("24/14*/10") == (((24, 14), (14, 10)), (True, False))
    # not canonical: read, printed canonical
    assert str(Play("8/7 13/7")) == "13/7 8/7"
    assert str(Play("b/20*")) == "bar/20*"
    assert str(Play("24/22*/21 24/23")) == "24/23 24/22*/21"
    assert Play("") == Play(()) and str(Play("")) == ""


def test_position_is_not_hashable_key_is():
    s = Position.start()
    try:
        hash(s)
    except TypeError:
        pass
    else:
        assert False, "a mutable Position must not be hashable"
    keys = {s.key()}
    t = s.copy()
    t.me[5] -= 1
    t.me[4] += 1
    assert t.key() not in keys and s.copy().key() in keys
