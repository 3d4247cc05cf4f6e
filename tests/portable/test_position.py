"""Positions: the start, validation with reasons, pips, contact, the other side's view."""
from bg.position import Position, is_race, pip_count
from corepos import pos_from


def test_start_position():
    s = Position.start()
    for side in (s.me, s.opp):
        assert side[23] == 2 and side[12] == 5 and side[7] == 3 and side[5] == 5
        assert sum(side) == 15
    assert s.pips() == 167 and s.opp_pips() == 167
    assert s.off() == 0 and s.is_valid() and not is_race(s)


def test_invalid_positions_are_rejected_with_a_reason():
    s = Position.start()
    bad = s.copy()
    bad.me[0] += 1                      # a 16th checker
    assert bad.validate() == ("too_many_me", ())
    bad = s.copy()
    bad.opp[3] += 1
    assert bad.validate() == ("too_many_opp", ())
    bad = s.copy()
    bad.me[5] -= 1                      # 14 on the board: fine if one is borne off ...
    assert bad.validate() is None
    assert bad.validate(me_off=0) == ("count_me", ())   # ... not when none is
    assert bad.validate(me_off=1) is None
    mixed = s.copy()
    mixed.opp[23 - 9] = 1               # their checker on our 10-point ...
    mixed.opp[5] -= 1
    mixed.me[9] = 1                     # ... and ours too
    mixed.me[5] -= 1
    assert mixed.validate() == ("mixed", (10,))


def test_swapped_is_the_other_players_view():
    pos = pos_from({6: 5, 8: 3, 13: 5, 24: 1}, {6: 4, 8: 3, 13: 5, 20: 2}, me_bar=1, opp_bar=1)
    sw = pos.swapped()
    assert sw.me == pos.opp and sw.opp == pos.me
    assert sw.swapped() == pos


def test_pips_count_the_bar_as_25():
    pos = pos_from({1: 1}, {}, me_bar=1)
    assert pip_count(pos.me) == 26


def test_race_and_contact():
    race = pos_from({6: 5, 5: 5}, {6: 5, 5: 5})
    assert is_race(race)
    contact = pos_from({6: 5, 24: 1}, {6: 5})        # our back checker behind their 6 (our 19)
    assert not is_race(contact)
    passed = pos_from({6: 5, 18: 1}, {6: 5})         # our 18 is in front of their 6 (our 19)
    assert is_race(passed)
    bar = pos_from({6: 5}, {6: 5}, opp_bar=1)        # a checker on the bar is in contact
    assert not is_race(bar)
