"""The one step rule (bg.steps): each of its rules on a small board, and the walk it drives
(bg.movegen, bg.judge and the engine's walker all step through it)."""
from bg import steps as S
from bg.walk import StepWalk
from bg.ids import position_from_id
from corepos import pos_from


def test_a_closed_point_cannot_be_landed_on_a_blot_can():
    pos = pos_from({13: 2}, {24 - 8 + 1: 2, 24 - 10 + 1: 1})     # theirs: 2 on our 8, 1 on our 10
    assert S.can_step(pos.me, pos.opp, 13, 5) == S.NO          # 13/8: closed
    assert S.can_step(pos.me, pos.opp, 13, 3) == 10            # 13/10*: a blot, hit by the caller
    assert S.can_step(pos.me, pos.opp, 13, 1) == 12


def test_the_bar_first_and_the_bar_enters_on_25_minus_the_die():
    pos = pos_from({13: 2}, {}, me_bar=1)
    assert S.lowest_source(pos.me) == S.BAR_POINT
    assert S.can_step(pos.me, pos.opp, 13, 1) == S.NO
    assert S.can_step(pos.me, pos.opp, 25, 4) == 21


def test_bear_off_rules():
    home = pos_from({5: 1, 3: 2}, {})
    assert S.can_step(home.me, home.opp, 5, 5) == S.OFF         # its own point
    assert S.can_step(home.me, home.opp, 5, 6) == S.OFF         # the highest, with a larger die
    assert S.can_step(home.me, home.opp, 3, 6) == S.NO          # a checker stands higher
    assert S.can_step(home.me, home.opp, 3, 3) == S.OFF
    out = pos_from({7: 1, 3: 2}, {})
    assert S.can_step(out.me, out.opp, 3, 3) == S.NO            # one is not home yet
    assert S.landing_relaxed(out.me, out.opp, 3, 3, 1, 4) == S.OFF   # the diagnosis lifts it


def test_max_dice_counts_what_the_roll_can_play():
    pos = pos_from({24: 1, 1: 14}, {12: 2, 2: 7, 3: 6})     # either die, not both
    assert S.max_dice(pos.me, pos.opp, (6, 5)) == 1
    start = position_from_id("4HPwATDgc/ABMA")
    assert S.max_dice(start.me, start.opp, (6, 6, 6, 6)) == 4


def test_the_walks_hash_stays_a_small_int_on_the_pico():
    """The additive hash of every result of the widest roll stays below 2**30: MicroPython
    on the Pico's 32-bit port keeps ints under 2**30 without allocating (a larger hash
    allocated a big int at every step of the engine's walk)."""
    pos = position_from_id("AAAAKCWllFIAAA")          # 2,226 distinct plays of 1-1
    worst = [0, 0]

    class Widest(StepWalk):
        def _leaf(self):
            worst[0] = max(worst[0], abs(self.h))
            worst[1] += 1

    assert Widest().walk(pos.me, pos.opp, 1, 1, None) == 4
    assert worst[1] >= 2226 and worst[0] < 1 << 30, worst
