"""End of game: single, gammon, backgammon, the cube and the Jacoby rule."""
from bg.position import Position
from bg.scoring import (SINGLE, GAMMON, BACKGAMMON, ME, OPP, result_kind, game_result,
                        game_points)


def side(points, bar=0):
    """A side from {point: count}, in its own numbering."""
    s = bytearray(25)
    for p in points:
        s[p - 1] = points[p]
    s[24] = bar
    return s


def test_no_result_while_the_winner_has_checkers():
    assert result_kind(side({1: 1}), side({6: 15})) == 0
    assert game_result(Position.start()) is None


def test_single_when_the_loser_bore_off_one():
    assert result_kind(side({}), side({24: 14})) == SINGLE   # even from the winner's home


def test_gammon_when_the_loser_bore_off_none():
    assert result_kind(side({}), side({1: 10, 18: 5})) == GAMMON   # 18 is the winner's 7-point


def test_backgammon_with_a_checker_in_the_winners_home_board():
    for p in range(19, 25):
        assert result_kind(side({}), side({1: 14, p: 1})) == BACKGAMMON, p


def test_backgammon_with_a_checker_on_the_bar():
    assert result_kind(side({}), side({1: 14}, bar=1)) == BACKGAMMON


def test_game_result_names_the_winning_side():
    assert game_result(Position(side({}), side({6: 15}))) == (ME, GAMMON)
    assert game_result(Position(side({6: 14}), side({}))) == (OPP, SINGLE)
    assert game_result(Position(side({20: 15}), side({}))) == (OPP, BACKGAMMON)


def test_points_are_result_times_cube():
    assert game_points(SINGLE, 1) == 1
    assert game_points(GAMMON, 4) == 8
    assert game_points(BACKGAMMON, 64) == 192


def test_jacoby_counts_gammons_only_once_the_cube_is_turned():
    assert game_points(GAMMON, 1, jacoby=True) == 1
    assert game_points(BACKGAMMON, 1, jacoby=True) == 1
    assert game_points(GAMMON, 2, jacoby=True) == 4
    assert game_points(BACKGAMMON, 2, jacoby=True) == 6


def test_bad_kind_is_rejected_with_a_message():
    for bad in (0, 4, -1):
        try:
            game_points(bad, 1)
        except ValueError as e:
            assert "gammon" in str(e)
        else:
            assert False, bad
