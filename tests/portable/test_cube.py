"""The doubling cube: who may double, take, pass, redoubles, maximum, Crawford, beavers."""
from bg.cube import Cube, CENTRED, NOBODY
from bg.reasons import CUBE as REASON_TEXT


def test_starts_centred_at_one_showing_64():
    c = Cube()
    assert c.value == 1 and c.owner == CENTRED and c.offered_by == NOBODY
    assert c.face() == 64 and not c.turned()


def test_either_player_may_double_a_centred_cube_on_roll_before_rolling():
    for p in (0, 1):
        c = Cube()
        assert c.refusal_to_double(p, p, False) is None
        assert c.double(p, p, False) is None
        assert c.offered_by == p and c.value == 1   # not doubled until taken


def test_only_the_player_on_roll_before_rolling():
    c = Cube()
    assert c.double(1, 0, False) == "not_on_roll"
    assert c.double(0, 0, True) == "already_rolled"
    assert c.offered_by == NOBODY


def test_take_gives_the_cube_to_the_taker_at_twice_the_value():
    c = Cube()
    c.double(0, 0, False)
    assert c.take(1) is None
    assert (c.value, c.owner, c.offered_by) == (2, 1, NOBODY)
    assert c.face() == 2 and c.turned()


def test_only_the_owner_may_redouble():
    c = Cube()
    c.double(0, 0, False)
    c.take(1)
    assert c.double(0, 0, False) == "not_your_cube"
    assert c.may_double(0) == "not_your_cube"
    assert c.may_double(1) is None
    assert c.double(1, 1, False) is None
    c.take(0)
    assert (c.value, c.owner) == (4, 0)


def test_pass_wins_the_value_before_the_double():
    c = Cube()
    c.double(0, 0, False)
    assert c.pass_result() is None
    assert c.drop(1) is None
    assert c.pass_result() == (0, 1)
    c = Cube()
    c.double(0, 0, False)
    c.take(1)
    c.double(1, 1, False)
    c.take(0)
    c.double(0, 0, False)
    c.drop(1)
    assert c.pass_result() == (0, 4)


def test_nothing_happens_after_a_pass():
    c = Cube()
    c.double(0, 0, False)
    c.drop(1)
    assert c.double(1, 1, False) == "game_over"
    assert c.take(1) == "game_over"


def test_the_doubler_cannot_answer_their_own_double():
    c = Cube()
    c.double(0, 0, False)
    assert c.take(0) == "not_your_answer"
    assert c.drop(0) == "not_your_answer"
    assert c.double(1, 1, False) == "double_pending"
    assert c.offered_by == 0 and c.value == 1


def test_no_answer_without_a_double():
    c = Cube()
    assert c.take(1) == "no_double"
    assert c.drop(0) == "no_double"
    assert c.beaver(1) == "no_double"


def test_redoubles_up_to_the_maximum_then_refused():
    for maximum in (64, 32, 2):
        c = Cube(max_value=maximum)
        p = 0
        while c.value < maximum:
            assert c.double(p, p, False) is None
            assert c.take(1 - p) is None
            p = 1 - p
        assert c.value == maximum
        assert c.double(p, p, False) == "cube_max"
        assert c.offered_by == NOBODY


def test_bad_maximum_is_rejected_with_a_message():
    for bad in (0, 1, 3, 48, -4):
        try:
            Cube(max_value=bad)
        except ValueError as e:
            assert "power of two" in str(e)
        else:
            assert False, bad


def test_no_doubling_in_the_crawford_game():
    c = Cube(money=False, crawford=True)
    assert c.double(0, 0, False) == "crawford"
    assert c.may_double(1) == "crawford"


def test_cube_switched_off():
    c = Cube(enabled=False)
    assert c.double(0, 0, False) == "cube_off"


def test_unknown_player_is_refused():
    c = Cube()
    assert c.double(2, 2, False) == "bad_player"
    c.double(0, 0, False)
    assert c.take(5) == "bad_player"


def test_beaver_redoubles_and_keeps_the_cube():
    c = Cube(money=True, beavers=True)
    c.double(0, 0, False)
    assert c.beaver(1) is None
    assert (c.value, c.owner, c.offered_by, c.beavered) == (2, 1, 1, True)
    assert c.take(0) is None
    assert (c.value, c.owner, c.offered_by, c.beavered) == (4, 1, NOBODY, False)
    assert c.may_double(0) == "not_your_cube"
    assert c.may_double(1) is None


def test_passing_a_beaver_loses_the_doubled_stake():
    c = Cube(money=True, beavers=True)
    c.double(0, 0, False)
    c.beaver(1)
    assert c.drop(1) == "not_your_answer"   # the beaverer waits for the doubler
    assert c.drop(0) is None
    assert c.pass_result() == (1, 2)


def test_beaver_refusals():
    c = Cube(money=False, beavers=True)
    c.double(0, 0, False)
    assert c.beaver(1) == "no_beaver_in_match"
    c = Cube(money=True, beavers=False)
    c.double(0, 0, False)
    assert c.beaver(1) == "beavers_off"
    c = Cube(money=True, beavers=True)
    c.double(0, 0, False)
    assert c.beaver(0) == "not_your_answer"
    c.beaver(1)
    assert c.beaver(0) == "no_raccoon"
    assert c.value == 2 and c.offered_by == 1


def test_beaver_cannot_pass_the_maximum():
    c = Cube(max_value=4, money=True, beavers=True)
    c.double(0, 0, False)
    assert c.beaver(1) is None
    c.take(0)
    assert c.value == 4
    c = Cube(max_value=4, money=True, beavers=True)
    c.double(0, 0, False)
    c.take(1)
    c.double(1, 1, False)           # 2 -> 4 is allowed, a beaver to 8 is not
    assert c.beaver(0) == "cube_max"
    assert c.take(0) is None and c.value == 4


def test_every_reason_has_a_text():
    codes = ("bad_player", "cube_off", "game_over", "double_pending", "not_on_roll",
             "already_rolled", "crawford", "not_your_cube", "cube_max", "no_double",
             "not_your_answer", "no_beaver_in_match", "beavers_off", "no_raccoon")
    for code in codes:
        assert REASON_TEXT[code]


def test_dead_cube_in_match_play():
    # player 0 needs 2, player 1 needs 5: a cube of 2 already gives player 0 the match
    c = Cube(money=False, away=(2, 5))
    assert c.double(0, 0, False) is None            # 1 < 2: alive
    c.take(1)
    assert c.double(1, 1, False) is None            # 2 < 5
    c.take(0)
    assert c.value == 4 and c.double(0, 0, False) == "dead_cube"
    assert REASON_TEXT["dead_cube"]
    c = Cube(money=True, away=(0, 0))               # money play: never dead
    for p in (0, 1, 0, 1, 0):
        assert c.double(p, p, False) is None
        c.take(1 - p)
