"""Pip counts, contact, and shots on a blot (seed 004's table and closed points)."""
from bg.position import Position, is_race
from bg.counting import pip_counts, has_contact, blots, shots
from corepos import pos_from

# Seed 004: rolls of 36 that hit a blot at distance 1..12 on an open board.
OPEN_BOARD_SHOTS = (11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)


# Positions from {point: count} dicts, each side in its own numbering (checked valid).
make = pos_from


# ---- a slow, independent reference: play the opponent's dice one step at a time ----------

def reference_landings(pos, d1, d2):
    """Every point (opponent's numbering) some opponent checker can land on with this roll.

    Plays the dice step by step over all states (bar first; a die that cannot be played is
    skipped), so it shares no logic with bg.counting.
    """
    me = pos.me
    orders = [[d1] * 4] if d1 == d2 else [[d1, d2], [d2, d1]]
    landed = set()
    for order in orders:
        states = {bytes(pos.opp)}
        for d in order:
            nxt = set()
            for key in states:
                opp = bytearray(key)
                moved = False
                sources = [25] if opp[24] else [p for p in range(24, 0, -1) if opp[p - 1]]
                for src in sources:
                    dst = src - d
                    if dst < 1 or me[24 - dst] >= 2:
                        continue
                    new = bytearray(opp)
                    new[src - 1] -= 1
                    new[dst - 1] += 1
                    landed.add(dst)
                    nxt.add(bytes(new))
                    moved = True
                if not moved:
                    nxt.add(key)
            states = nxt
    return landed


def reference_shots(pos, point):
    count = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            if (25 - point) in reference_landings(pos, d1, d2) and pos.me[point - 1] < 2:
                count += 1 if d1 == d2 else 2
    return count


def lcg_positions(n, seed):
    """n pseudo-random legal-looking positions (no mixed points), the same on both interpreters."""
    state = seed
    out = []
    for _ in range(n):
        me = bytearray(25)
        opp = bytearray(25)
        for side, other in ((me, opp), (opp, me)):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            count = 8 + state % 8
            for _ in range(count):
                state = (state * 1103515245 + 12345) & 0x7FFFFFFF
                r = state % 60
                # the bar now and then, else a point free of the other colour
                i = 24 if r < 2 else (r >> 1) % 24
                if i == 24 or not other[23 - i]:
                    side[i] += 1
        out.append(Position(me, opp))
    return out


# ---- pip counts and contact --------------------------------------------------------------

def test_start_position_pips_167_each():
    assert pip_counts(Position.start()) == (167, 167)


def test_bar_counts_25_pips():
    assert pip_counts(make({1: 1}, {}, me_bar=2, opp_bar=1)) == (51, 25)


def test_contact_at_the_start_and_race_when_past_each_other():
    start = Position.start()
    assert has_contact(start) and not is_race(start)
    race = make({6: 5, 12: 10}, {1: 5, 12: 10})   # my 12 is their 13: past each other
    assert not has_contact(race) and is_race(race)
    assert has_contact(make({14: 1}, {12: 1}))     # my 14 is behind their checker on my 13
    assert has_contact(make({6: 1}, {}, opp_bar=1))  # a checker on the bar must still pass mine
    assert not has_contact(make({6: 1}, {}))         # nothing left to pass


def test_blots_lists_single_checkers():
    assert blots(Position.start()) == []
    assert blots(make({3: 1, 5: 2, 9: 1}, {})) == [3, 9]


# ---- shots -------------------------------------------------------------------------------

def test_open_board_matches_the_rule_sheet_table():
    for distance in range(1, 13):
        # my blot on my 13-point = their 12-point; one hitter `distance` behind it
        pos = make({13: 1}, {12 + distance: 1})
        assert shots(pos, 13) == OPEN_BOARD_SHOTS[distance - 1], distance
        assert shots(pos) == OPEN_BOARD_SHOTS[distance - 1]
        assert reference_shots(pos, 13) == OPEN_BOARD_SHOTS[distance - 1]


def test_closed_intermediate_points_block_combination_shots():
    # hitter 8 away (their 20 -> 12); my points on the way, as their points 16 and 14
    open_pos = make({13: 1}, {20: 1})
    assert shots(open_pos, 13) == 6                     # 6-2, 5-3, 4-4, 2-2
    # their 16 = my 9 and their 14 = my 11: blocks 4-4 (20-16-12) and 2-2 (20-18-16-...)
    pos = make({13: 1, 9: 2}, {20: 1})
    assert shots(pos, 13) == 4                          # 6-2, 5-3 still hit
    pos = make({13: 1, 9: 2, 7: 2, 10: 2}, {20: 1})     # also their 18 (6-2 via 18) and 15
    # 6-2: 20-14-12 (14 = my 11, open) still hits; 5-3: 20-15 (my 10) closed, 20-17 (my 8) open
    assert shots(pos, 13) == 4
    pos = make({13: 1, 9: 2, 11: 2, 7: 2, 10: 2, 8: 2}, {20: 1})
    assert shots(pos, 13) == 0                          # every landing point closed


def test_a_closed_blot_point_gives_no_shots_and_empty_points_count_reach():
    pos = make({13: 2}, {15: 1})
    assert shots(pos, 13) == 0
    assert shots(make({}, {15: 1}), 13) == 14           # 3 away: reach counts
    assert shots(Position.start()) == 0


def test_hitter_behind_the_blot_cannot_hit():
    assert shots(make({13: 1}, {10: 3}), 13) == 0       # their 10 is past my 13 (their 12)


def test_hitter_on_the_bar_must_enter_first():
    # one on the bar, blot on my 5: a 5 enters on it (11 rolls), 1-4 and 2-3 enter then hit
    pos = make({5: 1}, {}, opp_bar=1)
    assert shots(pos, 5) == 15
    assert shots(pos, 5) == reference_shots(pos, 5)
    # the same blot, entry points 1-4 closed: only the 5 enters onto it (and 5-5)
    pos = make({5: 1, 1: 2, 2: 2, 3: 2, 4: 2}, {}, opp_bar=1)
    assert shots(pos, 5) == 11
    # a hitter on the board cannot move while its bar checker cannot enter
    pos = make({9: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, {18: 1}, opp_bar=1)
    assert shots(pos, 9) == 0
    assert shots(make({9: 1}, {18: 1}), 9) == 12        # without the bar checker: 2 away


def test_two_on_the_bar_enter_with_both_dice():
    pos = make({3: 1}, {}, opp_bar=2)
    assert shots(pos, 3) == 12                          # any 3, and 1-1 (enter two, 24-23-22)
    pos = make({3: 1}, {20: 1}, opp_bar=2)
    assert shots(pos, 3) == 12                          # the board checker cannot use a die


def test_doubles_with_checkers_on_the_bar_use_the_steps_left():
    # three on the bar and 2-2: three enter on their 23, one step left: 23 -> 21 hits my 4
    pos = make({4: 1}, {}, opp_bar=3)
    assert shots(pos, 4) == reference_shots(pos, 4)
    assert shots(pos, 4) == 12                          # any 4 (11) and 2-2
    pos = make({4: 1}, {}, opp_bar=4)
    assert shots(pos, 4) == 11                          # four enter: nothing left


def test_any_blot_counts_each_roll_once():
    pos = make({13: 1, 16: 1}, {15: 1})                 # blots 3 and 6 away: their 12 and 9
    assert shots(pos, 13) == 14 and shots(pos, 16) == 17
    either = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            landed = reference_landings(pos, d1, d2)
            if 12 in landed or 9 in landed:
                either += 1 if d1 == d2 else 2
    assert shots(pos) == either
    assert 17 < either < 14 + 17


def test_bad_point_is_rejected_with_a_message():
    for bad in (0, 25, -3):
        try:
            shots(Position.start(), bad)
        except ValueError as e:
            assert "point 1 to 24" in str(e)
        else:
            assert False, bad


def test_shots_agree_with_the_step_by_step_reference():
    checked = 0
    for pos in lcg_positions(12, 2026):
        for point in range(1, 25):
            if pos.me[point - 1] == 1:
                assert shots(pos, point) == reference_shots(pos, point), (pos, point)
                checked += 1
    assert checked >= 20


def test_legal_count_drops_a_hit_that_breaks_the_use_both_dice_rule():
    # their checkers on 10 and 2, my blot on their 9 (my 16), their 3 (my 22) closed.
    # 6-1: hitting 10/9* leaves no 6 to play, while 10/4 2/1 plays both dice: no legal hit.
    pos = make({16: 1, 22: 2}, {10: 1, 2: 1})
    assert shots(pos, 16) == 11
    assert shots(pos, 16, legal=True) == 9
    assert reference_shots(pos, 16) == 11       # the geometric count, by the reference


def test_legal_count_agrees_on_the_open_board_and_the_bar():
    for distance in (1, 6, 8, 12):
        pos = make({13: 1}, {12 + distance: 1})
        assert shots(pos, 13, legal=True) == OPEN_BOARD_SHOTS[distance - 1]
    pos = make({5: 1}, {}, opp_bar=1)
    assert shots(pos, 5, legal=True) == 15
    pos = make({4: 1}, {}, opp_bar=3)
    assert shots(pos, 4, legal=True) == 12


def test_legal_count_never_exceeds_the_geometric_one():
    for pos in lcg_positions(4, 77):
        for point in blots(pos):
            assert shots(pos, point, legal=True) <= shots(pos, point)
        assert shots(pos, None, legal=True) <= shots(pos)
