"""Clocks at the board: a fresh allowance each turn, the excess from the reserve, a loss
on time (a single game at the cube's value), both modes, shown on the OLED."""
from game.settings import Settings, CLOCK_STANDARD, CLOCK_BLITZ
from tablekit import Rig


def _opened(mode):
    r = Rig(Settings(clock=mode))
    r.setup()
    r.opening(3, 1)
    return r


def test_standard_allowance_then_reserve_then_loss_on_time():
    r = _opened(CLOCK_STANDARD)
    assert "W2:00 B2:00" in r.t.screen[3] and r.t.screen[3].endswith("+20")
    r.wait(15000)                         # within the 20 s: the reserve is untouched
    assert r.t.clock.reserve == [120000, 120000] and r.t.screen[3].endswith("+5")
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    r.wait(25000)                         # Black thinks 25 s: 5 s from the reserve
    assert r.t.clock.reserve == [120000, 115000]
    assert "B1:55" in r.text()
    r.play(1, 6, 4, [(24, 18), (18, 14)])
    r.wait(1000)
    assert r.t.clock.running == 0 and r.t.clock.reserve[0] == 120000   # fresh allowance
    r.roll(0, 6, 2)
    r.move(0, [(13, 7)])
    r.press("p1_main")                    # not complete: White's clock goes on
    assert "To play: 2" in r.text()
    r.wait(20000 + 118500)
    assert r.t.phase == 5
    r.wait(500)
    assert r.records[-2:] == ["O0", "E1 1"] and r.beeps[-1] == "timeout"
    assert r.t.match.score == [0, 1] and "out of time" in r.text()
    assert r.saves and r.t.phase == 7


def test_blitz_loss_on_time_scores_the_cube_value():
    r = _opened(CLOCK_BLITZ)
    assert "W0:30 B0:30" in r.t.screen[3] and r.t.screen[3].endswith("+10")
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    r.press("p2_cube")                    # Black doubles: White's clock runs to answer
    assert r.t.clock.running == 0
    r.press("p1_main")                    # takes
    r.wait(39500)                         # Black: 10 s allowance + 29.5 s of 30 s
    assert r.t.phase == 3
    r.wait(500)
    assert r.records[-2:] == ["O1", "E0 2"] and r.t.match.score == [2, 0]


def test_no_clock_mode_shows_no_clock_and_never_flags():
    r = _opened(0)
    assert not any(":" in row and row.startswith("W") for row in r.t.screen)
    r.wait(600000)
    assert r.t.phase == 5


def test_no_time_runs_while_the_board_is_set_up():
    r = Rig(Settings(clock=CLOCK_BLITZ))
    r.setup()
    r.wait(100000)                        # before the opening roll: no clock
    r.opening(3, 1)
    assert r.t.clock.reserve == [30000, 30000] and r.t.clock.turn_left == 10000


def test_a_disturbed_board_between_turns_runs_the_clock_of_the_player_on_roll():
    # The board cannot tell who knocked the checker off; pausing would let the player on
    # roll stop its own clock by lifting one (issue 8.7). Only a put-back after a power
    # cut waits (tests/portable/test_table_save.py).
    r = Rig(Settings(clock=CLOCK_BLITZ))
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    r.lift(0, 13)                         # a White checker off the board in Black's turn
    assert "Put back:" in r.text() and "13 W 4/5" in r.t.screen
    r.wait(15000)
    assert r.t.clock.reserve == [30000, 25000] and r.t.clock.running == 1
    r.press("p2_main")                    # and Black may not roll meanwhile
    assert r.t.want_roll is None
    r.put(0, 13)
    r.roll(1, 6, 4)


def test_nobody_wins_on_time_by_not_making_the_boards_play():
    """Issue 26: with the board in Black's seat, White waited while "Black plays 8/3 6/3,
    please move it" and won on time: the board's clock ran while a person had to make its
    play. The clock charges the player who must act: the board acts until its play is
    shown, then nobody does until hands make it (docs/table.md, Clocks): paused."""
    from bg.play import Play
    r = Rig(Settings(clock=CLOCK_STANDARD))
    r.t.cycle_seat(1)
    r.t.cycle_seat(1)                     # Black: the board, normal
    r.collect()
    r.setup()
    r.give_dice(5)                        # the board's opening die, then White's
    r.press("p1_main")
    r.give_dice(3)
    t = r.t
    assert t.phase == 5 and t.on_roll == 1 and t.want_play
    r.wait(3000)                          # the board thinks: its own time
    assert t.clock.running == 1 and t.clock.turn_left == 17000
    t.board_play(Play(((8, 3), (6, 3)), (False, False)))
    r.collect()
    assert "Black plays 8/3 6/3" in r.text(), r.text()
    r.wait(150000)                        # nobody makes it
    assert t.phase == 5 and t.match.score == [0, 0], r.text()
    assert t.clock.reserve == [120000, 120000] and t.clock.turn_left == 17000
    r.move(1, [(8, 3), (6, 3)])           # made: White's turn, White's clock
    assert t.phase == 3 and t.on_roll == 0 and t.clock.running == 0 and not t.clock.paused
    r.wait(1000)
    assert t.clock.turn_left == 19000
