"""The cube's published reference decisions at a few match scores and in money play
(engine/met.py, engine/cubeful.py), under CPython and MicroPython.

Probabilities are (win, win gammon, win backgammon, lose gammon, lose backgammon) of the
side on roll. START is GNU Backgammon 0-ply's opening position (../shared/gnubg-notes.md).
The references: the Crawford rule (no cube in the Crawford game), the post-Crawford
trailer's double at its first turn and the leader's free drop at 2-away, the 2-away
2-away take point (MWC(2-away, 1-away Crawford) = 32.3% in Kazaross-XG2), the dead cube
(the cube already gives the doubler the match), money play's Janowski points and the
Jacoby rule (gammons do not count before the cube is turned: a gammonish position too
good to double at money without Jacoby is a double and pass with it), beavers.
"""
from engine import cubeful
from engine.met import mwc

START = (0.521, 0.154, 0.008, 0.130, 0.007)
RACE_60 = (0.60, 0.0, 0.0, 0.0, 0.0)


def near(a, b, tol=1e-4):
    return abs(a - b) <= tol


def test_the_match_equity_table_is_kazaross_xg2():
    assert mwc(1, 1) == 0.5 and mwc(7, 7) == 0.5
    assert near(mwc(1, 2), 0.67736) and near(mwc(2, 1), 0.32264)       # the Crawford game
    assert near(mwc(2, 1, True), 0.48803)       # post-Crawford 2-away: the free drop
    assert near(mwc(3, 1, True), 0.32264) and near(mwc(1, 3, True), 0.67736)
    assert near(mwc(1, 25), 0.99905) and near(mwc(5, 5), 0.5)
    assert mwc(0, 3) == 1.0 and mwc(-2, 3) == 1.0 and mwc(3, 0) == 0.0
    for a in range(1, 26):
        for b in range(1, 26):
            assert near(mwc(a, b) + mwc(b, a), 1.0, 2e-5)
            if b < 25:
                assert mwc(a, b) < mwc(a, b + 1) + 1e-9      # more to go for the opponent


def test_no_double_in_the_crawford_game():
    for p in (START, (0.8, 0.3, 0.01, 0.05, 0.0), RACE_60):
        for away, opp_away in ((1, 4), (4, 1), (1, 2)):
            d = cubeful.match(p, away, opp_away, crawford=True)
            assert not d.double and d.why


def test_post_crawford_the_trailer_doubles_at_once():
    for trailer in (2, 3, 4, 5, 7):
        d = cubeful.match(START, trailer, 1)
        assert d.double, (trailer, d.name())
    # the leader never doubles after the Crawford game
    lead = cubeful.match((0.7, 0.2, 0.0, 0.05, 0.0), 1, 4)
    assert not lead.double and lead.why


def test_the_leaders_free_drop_at_2_away():
    # trailer 2-away doubles: the leader (1-away) passes for 1-away 1-away (50%) unless
    # it wins the game more than half the time
    assert not cubeful.match(START, 2, 1).take                   # the leader has 47.9%
    assert cubeful.match((0.45, 0.1, 0.0, 0.1, 0.0), 2, 1).take  # the leader has 55%


def test_2_away_2_away():
    # any advantage is a double; the take point is MWC(2-away, 1-away Crawford) = 32.3%
    d = cubeful.match(START, 2, 2)
    assert d.double and d.take and d.name() == "double, take"
    assert cubeful.match((0.66, 0.0, 0.0, 0.0, 0.0), 2, 2).take
    d = cubeful.match((0.70, 0.0, 0.0, 0.0, 0.0), 2, 2)
    assert d.double and not d.take
    assert not cubeful.match((0.45, 0.1, 0.0, 0.1, 0.0), 2, 2).double


def test_a_dead_cube_is_never_turned():
    # the 2-away player owning a 2-cube: any win is the match
    d = cubeful.match((0.75, 0.2, 0.0, 0.05, 0.0), 2, 5, cube=2, owner=cubeful.ME)
    assert not d.double and "dead" in d.why
    # the cube on the opponent's side is not ours to turn
    assert not cubeful.match(START, 5, 5, cube=2, owner=cubeful.THEM).double


def test_early_in_a_long_match_the_cube_is_live():
    # the opening position at 13-away 13-away: no double, take (a dead cube would double)
    d = cubeful.match(START, 13, 13)
    assert not d.double and d.take
    # a strong racing lead at 7-away 7-away doubles, and 80% without gammons is a pass
    assert cubeful.match((0.72, 0.0, 0.0, 0.0, 0.0), 7, 7, x=0.7).double
    assert not cubeful.match((0.80, 0.0, 0.0, 0.0, 0.0), 7, 7, x=0.7).take


def test_gammons_at_the_score():
    # 2-away (the side on roll) against 4-away: its gammons count nothing more (a single
    # win is the match at a 2-cube), its opponent's gammons cost a match
    a = cubeful.match_equity((0.6, 0.3, 0.0, 0.0, 0.0), 2, 4, cube=2, owner=cubeful.ME)
    b = cubeful.match_equity((0.6, 0.0, 0.0, 0.0, 0.0), 2, 4, cube=2, owner=cubeful.ME)
    assert near(a, b, 1e-9)
    c = cubeful.match_equity((0.6, 0.0, 0.0, 0.3, 0.0), 3, 4)
    assert c < cubeful.match_equity((0.6, 0.0, 0.0, 0.0, 0.0), 3, 4)


def test_money_janowski_points():
    # no gammons: live take point 21.4% (TP = (L - 1/2) / (W + L + 1/2), W = L = 1)
    assert cubeful.money((0.5, 0.0, 0.0, 0.0, 0.0)).name() == "no double, take"
    assert cubeful.money((0.75, 0.0, 0.0, 0.0, 0.0), x=0.7).name() == "double, take"
    assert cubeful.money((0.82, 0.0, 0.0, 0.0, 0.0), x=0.7).name() == "double, pass"
    assert not cubeful.money((0.03, 0.0, 0.0, 0.02, 0.0)).double
    d = cubeful.money((0.92, 0.7, 0.05, 0.0, 0.0))
    assert not d.double and d.name() == "too good to double, pass"
    assert not cubeful.money(START).double


def test_money_jacoby():
    gammonish = (0.85, 0.55, 0.02, 0.01, 0.0)
    assert cubeful.money(gammonish).name() == "too good to double, pass"
    d = cubeful.money(gammonish, jacoby=True)
    assert d.double and not d.take          # gammons do not count yet: cash the game
    # Jacoby matters only with the cube centred
    owned = cubeful.money(gammonish, cubeful.ME, jacoby=True)
    assert not owned.double and owned.name() == "too good to double, pass"


def test_money_beavers():
    # the taker owning a 2-cube as the favourite beavers; the doubler seeing that holds
    bad = cubeful.money((0.3, 0.05, 0.0, 0.1, 0.0), beavers=True)
    assert not bad.double and bad.take and bad.beaver
    assert not cubeful.money((0.3, 0.05, 0.0, 0.1, 0.0)).beaver      # beavers off
    ok = cubeful.money((0.75, 0.0, 0.0, 0.0, 0.0), beavers=True, x=0.7)
    assert ok.double and ok.take and not ok.beaver


def test_a_leaf_one_roll_ahead_counts_its_market_losers():
    # engine/cubeful.py's leaf_equity (money, app/seatcube.py's look one roll ahead): the
    # side on roll at a leaf doubles when that is its best, so a leaf past its cash point is
    # worth the cube (double, pass), more than holding it; too good to double, holding it
    past = (0.85, 0.0, 0.0, 0.0, 0.0)
    held = cubeful.money_equity(past, cubeful.CENTRE, 0.7)
    assert held < 0.95 and cubeful.leaf_equity(past, cubeful.CENTRE, 0.7) == 1.0
    assert cubeful.leaf_equity(past, cubeful.ME, 0.7) == 1.0
    too_good = (0.92, 0.7, 0.05, 0.0, 0.0)
    assert near(cubeful.leaf_equity(too_good, cubeful.CENTRE, 0.7),
                cubeful.money_equity(too_good, cubeful.CENTRE, 0.7), 1e-12)
    # not yet a double (the opening), and the cube the opponent's: no double of its own
    assert cubeful.leaf_equity(START, cubeful.CENTRE, 0.7) == cubeful.money_equity(START, "centre", 0.7)
    assert cubeful.leaf_equity(past, cubeful.THEM, 0.7) == cubeful.money_equity(past, "them", 0.7)
    # Jacoby at the leaf: the cube centred, gammons do not count
    assert cubeful.leaf_equity(too_good, cubeful.CENTRE, 0.7, True) == 1.0


def test_the_cube_life_by_kind_of_position():
    start_me = [0] * 25
    start_me[5], start_me[7], start_me[12], start_me[23] = 5, 3, 5, 2
    assert cubeful.cube_life(start_me, start_me) == cubeful.X_CONTACT
    # the board's own contact cube life (fitted to its net's probabilities) is another
    assert cubeful.cube_life(start_me, start_me, cubeful.X_BOARD) == cubeful.X_BOARD != 0.76
    home = [3, 3, 3, 2, 2, 2] + [0] * 19
    assert cubeful.cube_life(home, home) == cubeful.X_BEAROFF
    race = [0] * 25
    race[9], race[5] = 5, 10                    # 110 pips, no contact with `home`
    assert near(cubeful.cube_life(race, home), 0.8)
    race[9], race[5], race[3] = 1, 4, 10        # 74 pips: 0.6 + 74 / 400
    assert near(cubeful.cube_life(race, home), 0.785)
    assert near(cubeful.cube_life(race, home, cubeful.X_BOARD), 0.785)     # races: gnubg's


def test_decide_is_money_at_away_0():
    assert cubeful.decide(START, 0, 0).dp == 1.0
    assert cubeful.decide(START, 5, 5).dp < 1.0
    assert near(cubeful.to_equity(cubeful.decide(START, 5, 5).dp, 5, 5), 1.0, 1e-6)
