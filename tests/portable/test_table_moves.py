"""Moving at the board: every illegal-move reason reaches the OLED in words with its points
lit red; a lifted checker lights exactly its legal destinations; checkers in a hand are
calm for a grace period; uncertain counts are resolved or waited on, never guessed."""
from bg.position import Position
from game import colours as C
from game.table import GRACE_MS
from tablekit import Rig, rig_at, pos_of


def red(r):
    return [p for p in range(1, 27) if r.t.leds[p] == C.ILLEGAL]


def lit(r, code):
    return [p for p in range(1, 27) if r.t.leds[p] == code]


def start_rig(d1, d2, player=0):
    r = Rig()
    r.setup()
    if player == 0:
        r.opening(max(d1, d2), min(d1, d2))
    else:
        r.opening(min(d1, d2), max(d1, d2))
    return r


def test_wrong_direction():
    r = start_rig(3, 1)
    r.move(0, [(6, 8)])
    assert "Wrong direction" in r.text()
    assert 8 in red(r)
    assert r.events[-1].startswith('{"t":"error","code":"wrong_direction"') and r.beeps[-1] == "illegal"


def test_closed_point_named_in_words_for_each_colour():
    r = start_rig(6, 5)
    r.move(0, [(24, 19)])
    assert "19-point is closed" in r.text() and red(r) == [19]
    # Black, in Black's own numbering: its 19-point is White's 6
    r = start_rig(6, 5, player=1)
    r.move(1, [(24, 19)])
    assert "19-point is closed" in r.text() and red(r) == [6]


def test_no_such_die_and_too_many_moves():
    r = start_rig(3, 1)
    r.move(0, [(13, 11)])
    assert "No die for that move" in r.text() and 11 in red(r) and 13 in red(r)
    r.move(0, [(11, 13)])
    assert red(r) == []
    r.move(0, [(13, 9), (6, 5)])
    assert "Moved more than the dice" in r.text() and 9 in red(r)


def test_checkers_appeared_and_opponent_moved():
    r = start_rig(3, 1)
    r.put(0, 20)
    assert "Extra checkers on 20" in r.text() and red(r) == [20]
    r.lift(0, 20)
    r.move(1, [(13, 10)])             # a Black checker moves in White's turn
    assert "Opponent's checkers moved" in r.text()
    assert 12 in red(r) and 15 in red(r)


def test_two_colours_on_a_point():
    r = start_rig(3, 1)
    r.move(1, [(24, 19)])             # a Black checker onto White's 6-point
    assert "Two colours on 6" in r.text() and red(r) == [6]


def test_enter_from_the_bar_first():
    board = pos_of({25: 1, 6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2})
    r = rig_at(board, 0)
    r.roll(0, 4, 2)
    r.move(0, [(13, 9)])
    assert "Enter from the bar first" in r.text()
    assert 13 in red(r) and 25 in red(r)


def test_must_play_both_dice_and_play_the_larger():
    me = [13, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]
    opp = [4, 0, 0, 1, 2, 0, 1, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0]
    r = rig_at(Position(me, opp), 0)
    r.roll(0, 5, 3)
    r.move(0, [(8, 3)])
    assert "Both dice must be played" in r.text() and red(r) == [3, 8]
    r.press("p1_main")
    assert r.t.on_roll == 0            # never committed
    me = [12, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    opp = [0, 2, 1, 0, 0, 0, 2, 1, 0, 1, 0, 1, 2, 2, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0]
    r = rig_at(Position(me, opp), 0)
    r.roll(0, 5, 4)
    r.move(0, [(20, 16)])
    assert "Play the 5" in r.text() and red(r) == [16, 20]


def test_hit_blot_in_a_hand_is_calm_then_explained():
    # Black blot on White's 5-point (Black's 20): White hits it with 8/5
    board = pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {20: 1, 6: 4, 8: 3, 13: 5, 24: 2})
    r = rig_at(board, 0)
    r.roll(0, 3, 1)
    r.lift(0, 8)
    r.put(0, 5, hit=False)            # White's checker lands, the blot still there
    assert "Hit blot" not in r.text() and red(r) == []
    r.wait(GRACE_MS)
    assert "Hit blot on 5: put it on the bar" in r.text() and red(r) == [5]
    r.board.opp[19] = 0               # the blot lifted, held in a hand
    r.feed()
    assert "Checker in hand" in r.text() and red(r) == []
    r.wait(GRACE_MS)
    assert "Hit checker goes on the bar" in r.text() and red(r) == [5]
    r.board.opp[24] = 1               # ... and put on the bar: the hit is seen
    r.feed()
    assert red(r) == [] and "Still" not in r.text()
    r.move(0, [(6, 5)])
    r.press("p1_main")
    assert r.records[-1] == "P0 8 5 6 5"
    assert '"n":"8/5*' in r.events[-1]


def test_not_hit_a_checker_put_on_the_bar_that_was_not_hit():
    r = start_rig(3, 1)
    r.put(1, 25)                      # a spare Black checker put on its bar
    assert red(r) == []               # as when a blot goes to the bar before the hit
    r.wait(GRACE_MS)
    assert "That checker was not hit" in r.text()
    assert red(r) == [26]


def test_hitting_by_lifting_the_blot_first_is_calm():
    board = pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {20: 1, 6: 4, 8: 3, 13: 5, 24: 2})
    r = rig_at(board, 0)
    r.roll(0, 3, 1)
    r.board.opp[19] = 0               # Black's blot on White's 5 lifted first
    r.feed()
    assert red(r) == [] and "Checker in hand" in r.text()
    r.board.opp[24] = 1               # ... put on the bar
    r.feed()
    assert red(r) == []
    r.move(0, [(8, 5)])               # then the hitter
    assert red(r) == [] and "White to move" in r.text()
    r.move(0, [(6, 5)])
    r.press("p1_main")
    assert r.records[-1] == "P0 8 5 6 5"


def test_checkers_missing_after_the_grace_period_and_the_clock_runs_on():
    r = start_rig(3, 1)
    r.lift(0, 13, False)
    r.lift(0, 8)                      # two checkers in hands
    assert red(r) == [] and "Checker in hand" in r.text()
    r.wait(GRACE_MS)
    assert "Checkers missing" in r.text() and 13 in red(r) and 8 in red(r)
    r.wait(60000)                     # the mover's to put right: the mover's time (issue 8.7)
    assert r.t.clock.reserve == [120000 - (GRACE_MS + 60000 - 20000), 120000]
    r.put(0, 13, False)
    r.put(0, 8)
    assert red(r) == [] and "White to move" in r.text()


def test_bearoff_not_allowed_and_bearoff_higher_when_main_is_pressed():
    board = pos_of({9: 1, 6: 4, 5: 5, 4: 5}, {1: 15})
    r = rig_at(board, 0)
    r.roll(0, 6, 5)
    r.lift(0, 6, False)
    r.lift(0, 5)                      # "borne off" with a checker still outside
    r.press("p1_main")                # the mover claims it: explained at once
    assert "Bring all home before bearing off" in r.text()
    assert red(r) == [5, 6]
    board = pos_of({6: 1, 2: 1}, {1: 15})
    r = rig_at(board, 0)
    r.roll(0, 5, 4)
    r.lift(0, 2)                      # looks lifted; it is a bear-off the 5 cannot make
    assert lit(r, C.LIFTED) == [2]
    r.press("p1_main")
    assert "Move from a higher point first" in r.text() and 2 in red(r)


def test_lifted_checker_lights_exactly_its_legal_destinations():
    # opening 6-5 for White: from 24: 18, 19 closed, 13 via 18; from 13: 8, 7, 2;
    # from 8: 3, 2; from 6: nothing (1 is Black's point, no bear-off yet)
    expect = {24: [13, 18], 13: [2, 7, 8], 8: [2, 3], 6: []}
    r = start_rig(6, 5)
    for p in (24, 13, 8, 6):
        r.lift(0, p)
        assert lit(r, C.LIFTED) == [p]
        assert lit(r, C.DEST) == expect[p], (p, lit(r, C.DEST))
        assert red(r) == []
        r.put(0, p)
        assert lit(r, C.DEST) == []
    # after 24/18, a checker lifted from 18 may go on with the 5 only
    r.move(0, [(24, 18)])
    r.lift(0, 18)
    assert lit(r, C.DEST) == [13]
    # Black's lift maps to White's numbering: Black from its 13 with 6-5 -> its 8, 7, 2
    r = start_rig(6, 5, player=1)
    r.lift(1, 13)
    assert lit(r, C.LIFTED) == [12] and lit(r, C.DEST) == [17, 18, 23]


def test_uncertain_count_resolved_by_conservation():
    r = Rig()
    r.board = Position.start()
    r.feed({6: (4, 6)})               # White's 6-point: 4 to 6, the rest exact: 5 by 15
    assert "Opening roll" in r.text()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    # 6-point read as 3..5: 5 would make 16 checkers, 3 a checker in hand: 4, complete
    r.feed({6: (3, 5)})
    assert "Main: done" in r.text()
    r.press("p1_main")
    assert r.records[-1] == "P0 8 5 6 5"


def test_uncertain_count_that_stays_ambiguous_waits_and_says_so():
    r = start_rig(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    # 6 and 5 both bounded: 4+2 (8/5 6/5, complete) and 5+1 (8/5, legal so far) both fit
    r.feed({6: (3, 5), 5: (1, 3)})
    assert "Can't count 5 6" in r.text()
    assert lit(r, C.UNCERTAIN) == [5, 6]
    r.wait(60000)                     # no hardware fault: the mover's time runs
    assert r.t.clock.reserve == [80000, 120000] and r.t.on_roll == 0
    r.feed()                          # the sensors settle
    assert lit(r, C.UNCERTAIN) == [] and "Main: done" in r.text()


def test_uncertain_count_with_one_complete_reading_commits_on_main():
    r = start_rig(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.feed({6: (3, 5), 5: (1, 3)})
    assert "Can't count 5 6" in r.text()
    # main says "complete": of the two readings only 8/5 6/5 is (game/unsure.py)
    r.press("p1_main")
    assert r.t.on_roll == 1 and r.records[-1] == "P0 8 5 6 5"


def test_closed_landing_point_of_a_two_step_move():
    # Black holds White's 7 and 8 (its 18 and 17): White's 13/2 with 6-5 lands on neither
    board = pos_of({6: 5, 8: 0, 13: 8, 24: 2}, {18: 2, 17: 2, 6: 5, 13: 4, 24: 2})
    r = rig_at(board, 0)
    r.roll(0, 6, 5)
    r.move(0, [(13, 2)])
    text = r.text()
    assert "7-point is closed" in text or "8-point is closed" in text
    assert red(r) in ([7], [8])


def test_black_bar_first_lights_blacks_bar():
    board = pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {25: 1, 6: 4, 8: 3, 13: 5, 24: 2})
    r = rig_at(board, 1)
    r.roll(1, 4, 2)
    r.move(1, [(13, 9)])
    assert "Enter from the bar first" in r.text()
    assert 26 in red(r) and 12 in red(r)           # Black's bar and its 13-point
