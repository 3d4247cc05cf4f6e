"""Time at the board (issue 8 items 1, 6, 7, 10): ticks_ms wraps at 2**30 and every time
comparison of the Table crosses it; a stall of the board itself is not charged; the clock
charges the player who must act and pauses only for what that player cannot put right."""
from game.settings import Settings, CLOCK_STANDARD, CLOCK_BLITZ
from game.clock import MAX_TICK_MS
from game.table import GRACE_MS, NOTE_MS, S_IN_HAND, S_ILLEGAL
from game import colours as C
from tablekit import Rig, sensed_of

WRAP = 1 << 30


def _opened(start, mode=CLOCK_STANDARD, d0=3, d1=1):
    """White to move after a 3-1 opening, the ticks `start`."""
    r = Rig(Settings(clock=mode), now=start)
    r.setup()
    r.opening(d0, d1)
    return r


def _red(r):
    return [p for p in range(1, 27) if r.t.leds[p] == C.ILLEGAL]


# ------------------------------------------------------------------ item 6: the wrap

def test_a_note_expires_across_the_wrap():
    r = _opened(WRAP - 1000)
    r.move(0, [(8, 5)])
    r.press("p1_main")                    # incomplete: a note, due after the wrap
    assert "To play: 1" in r.text()
    r.wait(NOTE_MS + 100)
    assert r.now < 5000                   # the ticks wrapped meanwhile
    assert r.t.note is None and "Still to play" not in r.text()
    assert r.t.screen[3] == "W2:00 B2:00  +17"


def test_the_hand_grace_turns_red_across_the_wrap_and_the_reserve_drains_once():
    r = _opened(WRAP - 2000)
    r.lift(0, 13, False)
    r.lift(0, 8)                          # two checkers in hands, 2 s before the wrap
    assert r.t.state == S_IN_HAND
    r.wait(GRACE_MS - 100)
    assert r.t.state == S_IN_HAND
    r.wait(200)
    assert r.t.state == S_ILLEGAL and "Checkers missing" in r.text()
    assert 13 in _red(r) and 8 in _red(r)
    r.wait(30000)                         # 34.1 s in all: 14.1 s from the reserve
    assert r.t.clock.reserve == [120000 - 14100, 120000]


def test_the_clock_charges_exactly_across_the_wrap():
    for start in (WRAP - 1, WRAP - 50, WRAP - 7000, WRAP - 24999):
        r = _opened(start)
        r.wait(25000)                     # 20 s of allowance, 5 s of reserve
        assert r.t.clock.reserve == [115000, 120000], (start, r.t.clock.reserve)
        r.move(0, [(8, 5), (6, 5)])
        r.press("p1_main")
        r.wait(21000, step=20)            # the board's own 20 ms tick
        assert r.t.clock.reserve == [115000, 119000], start


# ------------------------------------------------------------------ item 1: stalls

def test_a_stall_of_the_board_is_charged_at_most_max_tick_ms():
    r = _opened(5000)
    r.wait(1000)
    assert r.t.clock.turn_left == 19000
    r.jump(10000)                         # the loop stalled 10 s (a flood, a flash write)
    assert r.t.clock.turn_left == 19000 - MAX_TICK_MS
    r.jump(WRAP // 2 - 1)                 # the longest forward jump ticks can tell
    assert r.t.clock.turn_left == 19000 - 2 * MAX_TICK_MS
    r.jump(-3000)                         # time going back is charged nothing
    assert r.t.clock.turn_left == 19000 - 2 * MAX_TICK_MS
    r.wait(1000)                          # and the clock runs on normally after
    assert r.t.clock.turn_left == 18000 - 2 * MAX_TICK_MS
    assert r.t.clock.reserve == [120000, 120000]


def test_a_stall_never_flags_a_player():
    r = _opened(WRAP - 100, CLOCK_BLITZ)
    r.wait(39000)                         # 1 s of reserve left
    assert r.t.clock.reserve[0] == 1000
    for _ in range(3):
        r.jump(60000)                     # three one-minute stalls: 750 ms charged
    assert r.t.clock.reserve[0] == 1000 - 3 * MAX_TICK_MS and r.t.phase == 5
    r.wait(300)
    assert r.t.phase == 7 and r.records[-2:] == ["O0", "E1 1"]


# ------------------------------------------------------------------ item 7: no self-pause

def test_a_checker_on_a_closed_point_does_not_stop_the_movers_clock():
    r = _opened(0)
    r.lift(0, 24)
    r.put(0, 19, hit=False)               # onto Black's made 19-point (its 6)
    assert "19-point is closed" in r.text()
    r.wait(50000)
    assert r.t.clock.reserve == [90000, 120000]


def test_two_checkers_held_cost_the_mover_time_after_the_grace_too():
    r = _opened(0, CLOCK_BLITZ)
    r.lift(0, 13, False)
    r.lift(0, 24)
    r.wait(GRACE_MS + 36000)              # 10 s allowance + 30 s reserve: flagged
    assert r.records[-2:] == ["O0", "E1 1"] and r.t.match.score == [0, 1]


def test_a_hardware_fault_that_keeps_the_board_unread_pauses_the_clock():
    r = _opened(0)
    r.move(0, [(8, 5), (6, 5)])
    r.wait(1000)
    s = sensed_of(r.board, {6: (3, 5), 5: (1, 3)})     # a dead bank: counts only bounded
    s.faults = [("mux", (0, 0, "gnd channel not at 0 V"))]
    r.t.sensed(s)
    assert "Can't count 5 6" in r.text()
    left = r.t.clock.turn_left
    r.wait(60000)
    assert r.t.clock.turn_left == left and r.t.clock.reserve == [120000, 120000]
    r.feed()                              # repaired: read in full, the clock goes on
    r.wait(1000)
    assert r.t.clock.turn_left == left - 1000


def test_a_fault_the_board_can_read_past_does_not_pause_the_clock():
    r = _opened(0)
    s = sensed_of(r.board)
    s.faults = [("stuck", 3)]             # a stuck sensor, the position still read whole
    r.t.sensed(s)
    r.wait(2000)
    assert r.t.clock.turn_left == 18000


# ------------------------------------------------------------------ item 10: resignations

def _resign(r, player, kind):
    main = "p%d_main" % (player + 1)
    for _ in range(3):
        r.press("menu")                   # open, then the cursor to "Resign"
    r.press(main)
    for _ in range(kind - 1):
        r.press("menu")
    r.press(main)
    r.press(main)                         # yes


def test_a_pending_resignation_runs_the_answerers_clock():
    r = _opened(0)
    r.wait(15000)                         # White used 15 s of its 20
    _resign(r, 0, 1)
    assert r.t.match.resigned_by == 0 and r.t.clock.running == 1
    assert "W2:00 B2:00  +20" in r.t.screen  # Black's own 20 s to answer
    r.wait(30000)                         # Black thinks: its own allowance, then reserve
    assert r.t.clock.reserve == [120000, 110000]
    r.press("p1_cube")                    # the resigner cannot decline for the opponent
    r.press("p2_cube")                    # Black declines
    assert "Resign declined" in r.text() and r.t.clock.running == 0
    r.wait(5000)                          # White goes on with its 5 s left: no refresh
    assert r.t.clock.reserve == [120000, 110000]
    r.wait(1000)
    assert r.t.clock.reserve == [119000, 110000]


def test_a_power_cut_during_a_pending_resignation_keeps_the_answerers_clock():
    r = _opened(0)
    r.wait(12000)
    _resign(r, 0, 1)                      # a single game (a gammon needs 60 pips behind)
    r.wait(3000)
    r2 = Rig(saved=r.saves[-1], board=r.board, now=r.now)
    r2.feed()
    assert r2.t.clock.running == 1 and r2.t.acting() == 1
    r2.wait(25000)                        # a fresh answer allowance at most (20 s), then reserve
    assert r2.t.clock.reserve == [120000, 115000]
    r2.press("p2_cube")                   # declined: White's 8 s left
    r2.wait(9000)
    assert r2.t.clock.reserve == [119000, 115000]
