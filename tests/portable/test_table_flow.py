"""The Table's turn flow: setting up, the opening roll, turns, commits, forced passes."""
from bg.position import Position
from game.settings import Settings
from game import colours as C
from tablekit import Rig, rig_at, pos_of, sensed_of
from game.table import S_COMPLETE


def test_setup_lights_wrong_points_until_the_board_is_right():
    r = Rig()
    board = Position.start()
    board.me[12] = 4          # White's 13-point holds 4 of 5
    board.opp[23] = 1         # Black's 24-point (White's 1) holds 1 of 2
    r.setup(board)
    assert r.t.screen[0] == "Set up the board"
    assert "13 W 4/5" in r.t.screen and "1 B 1/2" in r.t.screen
    lit = [p for p in range(1, 27) if r.t.leds[p] == C.SETUP]
    assert lit == [1, 13]
    r.press("p1_main")
    assert r.t.want_roll is None      # no rolling before the board is right
    r.board.me[12] = 5
    r.board.opp[23] = 2
    r.feed()
    assert [p for p in range(1, 27) if r.t.leds[p]] == []
    assert "Opening roll" in r.text()


def test_setup_names_a_point_holding_the_wrong_colour():
    r = Rig()
    board = Position.start()
    board.me[12] = 0          # White's 13-point: 5 Black checkers instead of 5 White
    board.me[11] = 0
    r.board = board
    s = sensed_of(board)
    s.colour[13] = 2
    s.lo[13] = s.hi[13] = 5
    r.t.sensed(s)
    assert "13 W 0/5" in r.t.screen and r.t.leds[13] == C.SETUP


def test_mis_set_checker_corrected_at_setup():
    r = Rig()
    board = Position.start()
    board.me[5] = 4           # one of the 6-point's checkers put on the 5-point
    board.me[4] = 1
    r.setup(board)
    assert [p for p in range(1, 25) if r.t.leds[p] == C.SETUP] == [5, 6]
    r.lift(0, 5)
    r.put(0, 6)
    assert "Opening roll" in r.text()


def test_opening_tie_rolls_again_and_higher_die_plays_both():
    r = Rig()
    r.setup()
    r.opening(4, 4)
    assert "Tie 4-4" in r.text()
    assert r.t.leds[C.LED_TURN_P1] == C.TURN_WHITE and r.t.leds[C.LED_TURN_P2] == C.TURN_BLACK
    r.opening(2, 5)
    assert r.t.screen[0].startswith("Black 5-2")
    assert r.records[-1] == "R1 5 2"
    assert r.t.leds[C.LED_TURN_P2] == C.TURN_BLACK and r.t.leds[C.LED_TURN_P1] == C.OFF


def test_opening_choice_the_winner_rolls_both_dice_again_with_the_cube():
    r = Rig(Settings(reroll=1))
    r.setup()
    r.opening(6, 1)
    assert r.t.want_roll is None and r.t.phase == 2
    assert r.t.screen[-3:] == ["White starts 6-1", "Main: keep dice", "Cube: roll again"]
    r.press("p2_main")                 # not the winner's buttons
    r.press("p2_cube")
    assert r.t.want_roll is None and r.t.phase == 2
    r.press("p1_cube")                 # roll both again
    assert r.t.want_roll == 2 and "Cube: roll again" not in r.text()
    r.give_dice(3, 3)                  # may be a double
    assert r.t.screen[0].startswith("White 3-3")
    r.move(0, [(8, 5), (8, 5), (6, 3), (6, 3)])
    r.press("p1_main")
    assert r.records[-2:] == ["R0 3 3", "P0 8 5 8 5 6 3 6 3"]


def test_opening_choice_main_keeps_the_two_dice_each_game_and_in_french():
    r = Rig(Settings(reroll=1, lang=1))
    r.setup()
    r.opening(2, 5)
    assert r.t.screen[-2:] == ["Bouton: garder", "Videau: relancer"]
    r.press("p2_main")                 # Black keeps 5-2
    assert r.t.phase == 5 and r.t.turn_dice == (5, 2) and r.records[-1] == "R1 5 2"
    r.t.resign(1, 1)
    r.press("p1_main")
    r.press("p1_main")                 # the next game asks again
    r.setup()
    r.opening(4, 1)
    assert r.t.phase == 2 and "Bouton: garder" in r.text()


def test_whole_turns_commit_only_complete_plays():
    r = Rig()
    r.setup()
    r.opening(6, 5)
    r.move(0, [(24, 18)])
    r.press("p1_main")
    assert "To play: 5" in r.text()
    assert r.t.on_roll == 0
    r.move(0, [(18, 13)])
    assert "Main: done" in r.text()
    r.press("p1_main")
    assert r.t.on_roll == 1 and r.records[-1] == "P0 24 18 18 13"
    # the last move is lit while Black decides
    assert r.t.leds[24] == C.LAST_FROM and r.t.leds[13] == C.LAST_TO
    assert r.saves and r.beeps[-1] == "commit"
    r.play(1, 4, 2, [(8, 4), (6, 4)])
    assert r.records[-1] == "P1 8 4 6 4" and r.t.on_roll == 0
    assert r.t.board.opp[3] == 2


def test_taking_a_move_back_is_moving_the_checker_back():
    r = Rig()
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    assert "Main: done" in r.text()
    r.board.me[4] -= 2                # both checkers taken back to where they came from
    r.board.me[7] += 1
    r.board.me[5] += 1
    r.feed()
    assert "Main: done" not in r.text() and "White to move" in r.text()
    assert [p for p in range(1, 27) if r.t.leds[p] in (C.ILLEGAL, C.SETUP)] == []
    r.move(0, [(8, 7), (8, 5)])       # another play instead
    r.press("p1_main")
    assert r.records[-1] == "P0 8 5 8 7"


def test_forced_pass_when_no_legal_play():
    # White on the bar against a closed board of Black: no entry with any roll
    board = pos_of({25: 1, 6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    r = rig_at(board, 0)
    r.roll(0, 6, 6)
    assert "No legal move" in r.text()
    r.press("p2_main")
    assert r.t.on_roll == 0
    r.press("p1_main")
    assert r.t.on_roll == 1 and r.records[-1] == "P0"
    assert '"m":[]' in r.events[-1] or any('"m":[]' in e for e in r.events)



def test_no_legal_move_is_passed_only_with_the_board_as_it_was():
    # issue 8 item 11: a checker moved from 13 to 10 while the turn has no legal move: the
    # board says "Put back" and main does not pass the turn until 10 is back on 13
    board = pos_of({25: 1, 6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    r = rig_at(board, 0)
    r.roll(0, 6, 6)
    assert "No legal move" in r.text()
    r.move(0, [(13, 10)])
    assert "Put back" in r.text()
    assert r.t.leds[13] == C.SETUP and r.t.leds[10] == C.SETUP
    r.press("p1_main")
    assert r.t.on_roll == 0 and r.records[-1] != "P0", r.records[-1]
    assert "Put back" in r.text()
    r.move(0, [(10, 13)])
    assert "No legal move" in r.text()
    r.press("p1_main")
    assert r.t.on_roll == 1 and r.records[-1] == "P0"

def test_auto_roll_when_doubling_is_impossible():
    s = Settings(auto_roll=1)
    r = Rig(s)
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    assert r.t.want_roll is None       # Black may double: no automatic roll
    r.press("p2_cube")
    r.press("p1_main")                 # White takes and owns the cube
    assert r.t.want_roll == 2          # Black cannot double now: rolled at once
    r.give_dice(2, 1)
    assert r.t.screen[0].startswith("Black 2-1")


def test_auto_finish_commits_a_bearoff_without_contact():
    board = pos_of({1: 2, 2: 1}, {1: 5, 2: 5, 3: 5})
    r = rig_at(board, 0, Settings(auto_finish=1, money=1))
    r.roll(0, 6, 5)
    r.move(0, [(2, 0), (1, 0)])
    assert r.t.on_roll == 0 and "Main: done" in r.text()   # not at once: she may go on
    r.wait(2500)
    assert r.t.on_roll == 0
    r.wait(1000)                       # the complete board has stood for 3 s
    assert r.t.on_roll == 1 and r.records[-1] == "P0 2 0 1 0"


def test_auto_finish_waits_until_the_player_has_stopped_moving():
    # issue 8 item 8: 4:2 and 6:1 at home, 3-1. Lifting a 4 reads like 4/off (complete): the
    # player may be carrying it to 3 for 4/3 6/3. Nothing is committed while she moves.
    board = pos_of({4: 2, 6: 1}, {1: 5, 2: 5, 3: 5})
    r = rig_at(board, 0, Settings(auto_finish=1, money=1))
    r.roll(0, 3, 1)
    r.lift(0, 4)                       # reads as 4/off: complete
    assert r.t.on_roll == 0 and r.t.state == S_COMPLETE
    r.wait(2000)
    assert r.t.on_roll == 0
    r.put(0, 3)                        # 4/3: legal so far, the timer stops
    r.wait(5000)
    assert r.t.on_roll == 0
    r.move(0, [(6, 3)])                # 4/3 6/3: complete, committed once she stops
    r.wait(2900)
    assert r.t.on_roll == 0
    r.wait(200)
    assert r.t.on_roll == 1 and r.records[-1] == "P0 6 3 4 3", r.records[-1]


def test_auto_finish_waits_for_a_menu_to_close():
    board = pos_of({1: 2, 2: 1}, {1: 5, 2: 5, 3: 5})
    r = rig_at(board, 0, Settings(auto_finish=1, money=1))
    r.roll(0, 6, 5)
    r.move(0, [(2, 0), (1, 0)])
    r.press("menu")
    r.wait(4000)
    assert r.t.on_roll == 0
    r.press("menu", "long")            # closed
    r.wait(500)
    assert r.t.on_roll == 1 and r.records[-1] == "P0 2 0 1 0"


def test_game_end_gammon_scores_and_next_game_sets_up():
    board = pos_of({1: 1}, {1: 15})
    r = rig_at(board, 0, Settings(money=0, length=5))
    r.roll(0, 2, 1)
    r.move(0, [(1, 0)])
    r.press("p1_main")
    assert r.records[-1] == "E0 2"
    assert "White wins 2" in r.text() and "gammon" in r.text()
    assert r.t.match.score == [2, 0]
    assert r.t.leds[C.LED_TURN_P1] == C.WIN
    r.press("p2_main")                 # either player starts the next game
    assert r.t.screen[0] == "Set up the board"
    assert r.records[-1] == "G 2 0"


def test_backgammon_with_a_checker_in_the_winners_home():
    board = pos_of({1: 1}, {20: 1, 1: 14})
    r = rig_at(board, 0, Settings(money=1))
    r.play(0, 2, 1, [(1, 0)])
    assert r.t.match.score == [3, 0] and "backgammon" in r.text()


def test_bad_dice_and_unknown_buttons_are_ignored_and_the_roll_still_wanted():
    r = Rig()
    r.setup()
    r.press("p1_main")
    r.give_dice(0)
    r.give_dice(7)
    assert r.t.want_roll == 1 and not r.t.opening[0]
    r.give_dice(4)
    r.press("p3_main")
    r.press("p2_main", "triple")        # no such press
    assert r.t.want_roll is None
    r.press("p2_main")
    r.give_dice(2)
    r.press("p2_main")                  # not Black's turn
    r.give_dice(3, 9)
    assert r.t.phase == 5 and r.t.turn_dice == (4, 2)


def test_a_long_press_of_main_before_the_roll_rolls_and_elsewhere_says_so():
    # issue 8.24: a held main before the roll asked for the dice and got nothing
    r = Rig()
    r.setup()
    r.press("p1_main", "long")            # the opening roll: White's die
    assert r.t.want_roll == 1
    r.give_dice(5)
    r.press("p2_main", "long")
    r.give_dice(2)
    assert r.t.phase == 5 and r.t.on_roll == 0
    r.move(0, [(13, 8), (13, 11)])
    r.press("p1_main", "long")            # a held main never commits
    assert r.t.phase == 5 and "Press main briefly" in r.text()
    r.press("p1_main")
    r.press("p2_main", "long")            # Black before its roll: rolls
    assert r.t.want_roll == 2
    r.give_dice(6, 4)
    assert r.t.phase == 5 and r.t.on_roll == 1 and r.t.turn_dice == (6, 4)
