"""Issue 11 item 5: seed 003's clock sentences, to the letter: a turn within the allowance
brings the allowance back for the next turn; a turn that took longer gives no extra time
for the next one (standard 2 min + 20 s and blitz 30 s + 10 s); the clock starts when a
player starts to play."""
from game.settings import Settings, CLOCK_STANDARD, CLOCK_BLITZ
from game.clock import Clock
from game.snapshot import clock_bytes, clock_of
from tablekit import Rig


def _white_turn(r, ms, moves=((8, 5), (6, 5))):
    r.wait(ms)
    r.move(0, list(moves))
    r.press("p1_main")


def _black_turn(r, ms):
    r.roll(1, 6, 5)
    r.wait(ms)
    r.move(1, [(24, 13)] if r.board.opp[23] else [(13, 7), (13, 8)])
    r.press("p2_main")
    assert r.t.on_roll == 0


def test_no_clock_before_a_player_starts_to_play():
    r = Rig(Settings(clock=CLOCK_STANDARD))
    r.setup()
    r.wait(30000)                         # the opening roll takes its time: nobody charged
    r.press("p1_main")
    r.give_dice(3)
    r.wait(10000)
    assert r.t.clock.reserve == [120000, 120000] and r.t.clock.running == -1
    r.press("p2_main")
    r.give_dice(1)
    assert r.t.clock.running == 0 and r.t.clock.turn_left == 20000


def _slow_then(mode, allowance, reserve):
    r = Rig(Settings(clock=mode))
    r.setup()
    r.opening(3, 1)
    _white_turn(r, allowance + 5000)      # 5 s more than the allowance: from the reserve
    assert r.t.clock.reserve[0] == reserve - 5000
    _black_turn(r, 1000)
    c = r.t.clock
    assert c.running == 0 and c.turn_left == 0      # no extra time for this turn
    assert "+0" in r.text()
    r.roll(0, 6, 5)
    r.wait(2000)                          # a quick turn, all of it from the reserve
    r.move(0, [(13, 8), (8, 2)])
    r.press("p1_main")
    assert r.t.clock.reserve[0] == reserve - 7000
    _black_turn(r, 1000)
    assert r.t.clock.turn_left == allowance          # within the allowance's length: back
    r.roll(0, 2, 1)
    r.wait(allowance)
    r.move(0, [(13, 11), (11, 10)])
    r.press("p1_main")
    assert r.t.clock.reserve[0] == reserve - 7000    # exactly the allowance: still within
    _black_turn(r, 1000)
    assert r.t.clock.turn_left == allowance
    return r


def test_standard_a_slow_turn_gives_no_extra_time_for_the_next():
    _slow_then(CLOCK_STANDARD, 20000, 120000)


def test_blitz_a_slow_turn_gives_no_extra_time_for_the_next():
    _slow_then(CLOCK_BLITZ, 10000, 30000)


def test_a_long_turn_with_no_allowance_keeps_the_next_without_it_and_survives_a_save():
    c = Clock(CLOCK_STANDARD)
    c.tick(0)
    c.start_turn(0)
    c.tick(200)
    for t in range(200, 25200, 200):
        c.tick(t)
    c.start_turn(1)
    assert c.slow == [True, False]
    c2 = clock_of(clock_bytes(c), 1)           # as a save and a resumption (game/snapshot.py)
    assert c2.slow == [True, False] and c2.reserve == c.reserve
    c2.start_turn(0)
    assert c2.turn_left == 0
    c2.tick(0)
    for t in range(200, 21200, 200):      # 21 s from the reserve: more than 20 s again
        c2.tick(t)
    c2.start_turn(1)
    c2.start_turn(0)
    assert c2.turn_left == 0
    try:
        clock_of(bytes([0x41]) + clock_bytes(c)[1:], 0)
    except ValueError:
        pass
    else:
        assert False
