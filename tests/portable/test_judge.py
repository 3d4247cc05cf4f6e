"""Judging sensed boards: complete, legal so far, or illegal with the right reason."""
from bg.position import Position
from bg.movegen import legal_plays
from bg import judge as J
from bg.reasons import JUDGE as REASONS
from corepos import pos_from, played_positions, ROLLS
from refrules import classify, fingerprint


def verdict(start, d1, d2, end):
    return J.Judge(start, d1, d2).judge(end)


def check_against_reference(pos, d1, d2):
    """Every legal result is COMPLETE, every prefix PARTIAL, and perturbed results get
    the reference's kind (illegal ones a documented reason)."""
    complete, partial = classify(pos, d1, d2)
    judge = J.Judge(pos, d1, d2)
    plays = legal_plays(pos, d1, d2)
    for play in plays:
        end = play.apply(pos)
        v = judge.judge(end)
        assert v.kind == J.COMPLETE, (play, v)
        assert v.play.apply(pos) == end
        for k in range(len(play.moves)):
            mid = pos.copy()
            for frm, to in play.moves[:k]:
                from bg.movegen import apply_step
                apply_step(mid.me, mid.opp, frm, to)
            assert judge.judge(mid).kind == J.PARTIAL, (play, k)
        for bad, reasons in perturbations(end):
            v = judge.judge(bad)
            f = fingerprint(bad)
            want = J.COMPLETE if f in complete else J.PARTIAL if f in partial else J.ILLEGAL
            assert v.kind == want, (list(pos.me), list(pos.opp), d1, d2, list(bad.me), list(bad.opp), v)
            if v.kind == J.ILLEGAL:
                assert v.reason in (reasons or J.REASONS), (v, reasons)
                assert v.points or v.reason in (J.OPPONENT_MOVED, J.NOT_HIT), v
    if not len(plays):
        assert judge.judge(pos).kind == J.COMPLETE      # nothing to play: the turn passes


# What a perturbation of the opponent's side may be called (it moved, or landed on ours).
THEIRS = (J.OPPONENT_MOVED, J.MIXED, J.BLOT_NOT_HIT, J.CLOSED_POINT, J.NOT_HIT)


def perturbations(end):
    """(board, allowed reasons or None): a checker of ours one point off, one of theirs
    moved (the wrong side's checker), a hit checker taken off the bar (a hit not made
    properly)."""
    out = []
    for i in range(24):
        if end.me[i]:
            for j in (i - 1, i + 1):
                if 0 <= j < 24:
                    b = end.copy()
                    b.me[i] -= 1
                    b.me[j] += 1
                    out.append((b, None))
        if end.opp[i]:
            b = end.copy()
            b.opp[i] -= 1
            b.opp[(i + 1) % 24] += 1
            out.append((b, THEIRS))
    if end.opp[24]:
        b = end.copy()
        b.opp[24] -= 1
        out.append((b, (J.HIT_NOT_ON_BAR, J.OPPONENT_MOVED)))
    return out


def test_judge_agrees_with_reference_on_opening():
    s = Position.start()
    for d1, d2 in ((3, 1), (6, 5), (2, 2), (6, 4)):
        check_against_reference(s, d1, d2)


def test_judge_agrees_with_reference_on_played_positions():
    n = 0
    for pos in played_positions(23, 6):
        for d1, d2 in ((6, 1), (5, 3), (4, 2), (1, 1)):
            check_against_reference(pos, d1, d2)
            n += 1
    assert n == 24


def test_unchanged_board_is_legal_so_far():
    s = Position.start()
    v = verdict(s, 6, 5, s)
    assert v.kind == J.PARTIAL and sorted(v.remaining) == [5, 6]


def test_checker_put_on_a_made_point_is_a_closed_point():
    s = Position.start()
    end = s.copy()
    end.me[23] -= 1          # 24/19 with a 5: our 19 is their 6-point, five checkers there
    end.me[18] += 1
    v = verdict(s, 6, 5, end)
    assert v.kind == J.ILLEGAL and v.reason == J.CLOSED_POINT and v.points == (19,)


def test_closed_intermediate_named():
    # 13/2 with 6-5 while our 8 (their 17) and our 7 (their 18) are closed.
    pos = pos_from({13: 1, 1: 14}, {18: 2, 17: 2, 1: 11})
    end = pos.copy()
    end.me[12] = 0
    end.me[1] = 1
    v = verdict(pos, 6, 5, end)
    assert v.kind == J.ILLEGAL and v.reason == J.CLOSED_POINT and set(v.points) <= {7, 8}


def test_enter_from_the_bar_first():
    pos = pos_from({6: 5, 8: 3, 13: 4, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, me_bar=1)
    end = pos.copy()
    end.me[12] -= 1
    end.me[6] += 1           # 13/7 while a checker waits on the bar
    v = verdict(pos, 6, 3, end)
    assert v.kind == J.ILLEGAL and v.reason == J.BAR_FIRST and 25 in v.points


def test_wrong_direction():
    s = Position.start()
    end = s.copy()
    end.me[5] -= 1
    end.me[9] += 1           # 6/10: backwards
    v = verdict(s, 4, 2, end)
    assert v.reason == J.WRONG_DIRECTION and 10 in v.points


def test_must_play_both_dice():
    # 6-5 from the start: 24/18 alone, then the 5 remains playable: legal so far.
    s = Position.start()
    end = s.copy()
    end.me[23] -= 1
    end.me[17] += 1
    assert verdict(s, 6, 5, end).kind == J.PARTIAL
    # A position where one 6 blocks the 5: our 20 alone, their 16 closes our 9.
    pos = pos_from({20: 1, 15: 1, 1: 13}, {16: 2, 1: 13})
    plays = legal_plays(pos, 6, 5)
    assert plays.dice_used == 2
    end = pos.copy()
    end.me[19] = 0
    end.me[13] = 1           # 20/14: then the 5 from 14 hits the closed 9; 15/10 still open
    v = verdict(pos, 6, 5, end)
    assert v.kind == J.PARTIAL      # 15/10 remains


def test_play_the_larger_die():
    pos = pos_from({20: 1, 1: 14}, {16: 2, 1: 13})
    end = pos.copy()
    end.me[19] = 0
    end.me[14] = 1           # 20/15: the 5, while the 6 alone was playable
    v = verdict(pos, 6, 5, end)
    assert v.kind == J.ILLEGAL and v.reason == J.PLAY_LARGER and v.die == 6
    end = pos.copy()
    end.me[19] = 0
    end.me[13] = 1
    assert verdict(pos, 6, 5, end).kind == J.COMPLETE


def test_all_dice_must_be_played_reason():
    # Our 8 and 7 alone; their points close our 2 and our 1. With 6-1: 8/2 blocked,
    # 7/1 blocked; 8/7 then 7/1 blocked... 7/6 then 8/2 blocked. Construct: 6-1 where
    # 8/7 (1) followed by nothing, but 7/6 (1) then 6 from 8... keep it empirical:
    pos = pos_from({13: 1, 9: 1, 6: 13}, {17: 2, 22: 2, 1: 11})
    plays = legal_plays(pos, 6, 4)
    complete, partial = classify(pos, 6, 4)
    j = J.Judge(pos, 6, 4)
    # Every single step that is not a legal prefix must be named must_play_all.
    from refrules import _steps, _apply
    for d in (6, 4):
        for frm, to in _steps(bytearray(pos.me), bytearray(pos.opp), d):
            me, opp = _apply(pos.me, pos.opp, frm, to)
            end = Position(me, opp)
            f = fingerprint(end)
            v = j.judge(end)
            if f in partial or f in complete:
                assert v.kind != J.ILLEGAL
            else:
                assert v.reason in (J.MUST_PLAY_ALL, J.PLAY_LARGER), v
    assert len(plays) > 0


def test_bear_off_not_allowed_and_from_higher_point():
    pos = pos_from({7: 1, 6: 4, 3: 10}, {24: 15})
    end = pos.copy()
    end.me[5] -= 1           # 6/off while the 7 is outside
    v = verdict(pos, 6, 1, end)
    assert v.kind == J.ILLEGAL and v.reason == J.BEAROFF_NOT_ALLOWED and 6 in v.points
    home = pos_from({6: 1, 3: 2, 2: 2}, {24: 15})
    end = home.copy()
    end.me[2] -= 1           # 3/off with a 5 while the 6-point is occupied
    v = verdict(home, 5, 5, end)
    assert v.kind == J.ILLEGAL and v.reason == J.BEAROFF_HIGHER, v


def test_opponent_checker_moved():
    s = Position.start()
    end = s.copy()
    end.opp[12] -= 1
    end.opp[13] += 1         # their 13 -> their 14, during our turn
    v = verdict(s, 3, 1, end)
    assert v.reason == J.OPPONENT_MOVED


def test_hit_blot_must_reach_the_bar():
    pos = pos_from({13: 2, 6: 13}, {20: 1, 24: 14})   # their blot on our 5
    end = pos.copy()
    end.me[5] -= 1
    end.me[4] += 1           # 6/5*: our checker on 5 ...
    v = verdict(pos, 1, 2, end)
    assert v.reason == J.BLOT_NOT_HIT and v.points == (5,)   # ... the blot still there
    end.opp[19] = 0          # blot lifted but not yet on the bar
    v = verdict(pos, 1, 2, end)
    assert v.reason == J.HIT_NOT_ON_BAR and 5 in v.points
    end.opp[24] = 1          # now on the bar: legal so far (the 2 remains)
    assert verdict(pos, 1, 2, end).kind == J.PARTIAL


def test_checkers_appeared_and_missing():
    s = Position.start()
    end = s.copy()
    end.me[10] += 1
    assert verdict(s, 3, 1, end).reason == J.CHECKERS_APPEARED
    end = s.copy()
    end.me[12] -= 1          # a checker in a hand, far from home
    v = verdict(s, 3, 1, end)
    assert v.reason == J.CHECKERS_MISSING and v.missing == 1


def test_too_many_moves_and_no_such_die():
    s = Position.start()
    end = s.copy()
    end.me[12] -= 1
    end.me[2] += 1           # 13/3: 10 pips with 3-1
    assert verdict(s, 3, 1, end).reason == J.TOO_MANY_MOVES
    end = s.copy()
    end.me[12] -= 1
    end.me[10] += 1          # 13/11: a 2 with 6-5
    assert verdict(s, 6, 5, end).reason == J.NO_SUCH_DIE


def test_every_reason_has_words():
    for r in J.REASONS:
        assert REASONS[r]


def test_legal_destinations_of_a_lifted_checker():
    s = Position.start()
    j = J.Judge(s, 6, 5)
    lifted = s.copy()
    assert sorted(J.legal_destinations(j, lifted, 24)) == [13, 18]   # 24/19 is closed
    assert sorted(J.legal_destinations(j, lifted, 13)) == [2, 7, 8]
    assert J.legal_destinations(j, lifted, 6) == []                  # 6/1 closed, 6/0 no


def test_a_board_judged_again_gets_the_remembered_verdict():
    s = Position.start()
    judge = J.Judge(s, 2, 1)
    ends = [play.apply(s) for play in legal_plays(s, 2, 1)]
    assert len(ends) > J.MEMO_BOARDS
    first = [judge.judge(e) for e in ends]
    # the last MEMO_BOARDS boards are remembered: the very same verdict objects
    for e, v in zip(ends[-J.MEMO_BOARDS:], first[-J.MEMO_BOARDS:]):
        assert judge.judge(e) is v
    # older ones are judged anew, to an equal verdict
    again = judge.judge(ends[0])
    assert again is not first[0] and again.kind == J.COMPLETE
    assert again.play.apply(s) == ends[0]
    assert len(judge._memo_verdicts) == J.MEMO_BOARDS
    judge.forget_boards()
    assert judge.judge(ends[-1]) is not first[-1]


def test_unexplained_illegal_board_is_named_when_asked_again():
    s = Position.start()
    end = s.copy()
    end.me[12] -= 1          # 13/10 with 6-5: no die makes 3, found only by the search
    end.me[9] += 1
    judge = J.Judge(s, 6, 5)
    quick = judge.judge(end, J.HAND)
    assert quick is J.UNEXPLAINED and quick.kind == J.ILLEGAL and quick.reason is None
    named = judge.judge(end)          # not remembered unexplained: the rule is found now
    assert named.reason == J.NO_SUCH_DIE and named.points == (13, 10)
    assert judge.judge(end, J.HAND) is named   # once named, the name is kept
    # a board illegal before any search keeps its reason even when not asked to explain
    moved = s.copy()
    moved.opp[23] -= 1
    moved.opp[22] += 1
    assert judge.judge(moved, J.HAND).reason == J.OPPONENT_MOVED


def test_a_checker_gone_is_always_explained_a_hand_may_hold_it():
    # 3/off with a 5 while the 6-point is occupied: found only by the diagnosis, and a
    # hand may hold the checker (the Table ranks such a reading above a wrong move)
    home = pos_from({6: 1, 3: 2, 2: 2}, {24: 15})
    end = home.copy()
    end.me[2] -= 1
    v = J.Judge(home, 5, 5).judge(end, J.HAND)
    assert v is not J.UNEXPLAINED and v.reason == J.BEAROFF_HIGHER, v
    # the lifted checker's LEDs ask for no rule at all: not even the bear-off diagnosis
    assert J.Judge(home, 5, 5).judge(end, J.NO_RULE) is J.UNEXPLAINED


def _running_totals(dice, acc, out):
    """The reference: every order of the dice searched, each running total once."""
    for k in range(len(dice)):
        s = acc + dice[k]
        if s not in out:
            out.append(s)
        _running_totals(dice[:k] + dice[k + 1:], s, out)


def test_die_sums_are_every_running_total_in_the_order_searched():
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            dice = (d1,) * 4 if d1 == d2 else (d1, d2)
            for left in (dice, dice[:1], dice[1:], dice[:3], dice[:2]):
                want = []
                _running_totals(left, 0, want)
                assert J._die_sums(left) == want, (left, want)


def _destinations_judged(judge, current, from_point):
    """The reference: every running total of the remaining dice tried as a board, judged."""
    out = []
    if not current.me[from_point - 1]:
        return out
    v = judge.judge(current)
    if v.kind != J.PARTIAL:
        return out
    sums = []
    _running_totals(v.remaining, 0, sums)
    for s in sums:
        to = max(0, from_point - s)
        trial = current.copy()
        trial.me[from_point - 1] -= 1
        if to:
            trial.me[to - 1] += 1
            if trial.opp[24 - to] == 1:
                trial.opp[24 - to] = 0
                trial.opp[24] += 1
        w = judge.judge(trial)
        if (w.kind != J.ILLEGAL or w.reason == J.HIT_NOT_ON_BAR) and to not in out:
            out.append(to)
    return sorted(out)


def test_destinations_of_the_checkers_walk_agree_with_judging_each_board():
    # the lifted checker's own walk accepts destinations without judging their boards:
    # positions met in play (bar, contact, bear-off), every roll, after 0 to 3 steps of a
    # legal play, every checker lifted, against judging every destination board
    from bg.movegen import apply_step
    checked = 0
    n = 0
    for pos in played_positions(7, 700, max_plies=120):
        n += 1
        d1, d2 = ROLLS[n % 21] if n % 3 else (n % 6 + 1, n % 6 + 1)   # a double every third
        judge = J.Judge(pos, d1, d2)
        plays = legal_plays(pos, d1, d2)
        if not len(plays):
            continue
        play = plays[n % len(plays)]
        mid = pos.copy()
        for k in range(min(len(play.moves), 3)):
            if n % 4 == k:
                break
            apply_step(mid.me, mid.opp, play.moves[k][0], play.moves[k][1])
        for p in range(1, 26):
            if mid.me[p - 1]:
                got = sorted(J.legal_destinations(judge, mid, p))
                assert got == _destinations_judged(judge, mid, p), (pos.me, pos.opp, d1, d2, mid.me, p)
                checked += 1
    assert checked > 2500, checked
