"""Property tests of the rules core (hypothesis, CPython only: MicroPython has no hypothesis).
Each property runs on a bounded number of examples so the file takes seconds."""
from hypothesis import given, settings, strategies as st, HealthCheck

from bg import judge as J
from bg.ids import (MatchState, match_from_id, match_id, position_from_id, position_id)
from bg.movegen import legal_plays
from bg.notation import find_play, format_play, parse_marked
from bg.play import Play
from bg.position import Position

FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw):
    """A valid position: each side's checkers spread over its points and bar (some borne
    off), never both colours on one point."""
    me = bytearray(25)
    opp = bytearray(25)
    for side, other in ((me, opp), (opp, me)):
        n = draw(st.integers(1, 15))
        for _ in range(n):
            p = draw(st.integers(0, 24))
            # a point of ours is the opponent's 23 - p: leave it to whoever came first
            if p < 24 and other[23 - p]:
                p = 24
            side[p] += 1
    return Position(me, opp)


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


@FEW
@given(positions())
def test_position_id_round_trips(pos):
    assert pos.is_valid()
    assert position_from_id(position_id(pos)) == pos


@FEW
@given(st.integers(0, 25), st.integers(0, 24), st.integers(0, 24), st.sampled_from((1, 2, 4, 8, 64)),
       st.sampled_from((-1, 0, 1)), st.integers(0, 1), st.booleans(), dice, st.booleans())
def test_match_id_round_trips(length, s0, s1, cube, owner, on_roll, rolled, roll, jacoby):
    score = (min(s0, length - 1), min(s1, length - 1)) if length else (s0, s1)
    state = MatchState(cube_value=cube, cube_owner=owner, on_roll=on_roll,
                       dice=roll if rolled else (0, 0), match_length=length, score=score,
                       jacoby=jacoby)
    assert match_from_id(match_id(state)) == state


@FEW
@given(positions(), dice)
def test_every_legal_play_prints_parses_and_is_judged_complete(pos, roll):
    d1, d2 = roll
    plays = legal_plays(pos, d1, d2)
    judge = J.Judge(pos, d1, d2)
    assert judge.max_dice == plays.dice_used
    seen = set()
    for play in plays:
        after = play.apply(pos)
        key = after.key()
        assert key not in seen                       # one play per resulting position
        seen.add(key)
        assert after.is_valid() and after.off() >= pos.off()
        assert sum(after.opp) + after.opp_off() == 15
        text = play.notation()
        moves, hits = parse_marked(text)
        assert format_play(moves, hits) == text      # canonical text round-trips
        assert Play(text).apply(pos) == after
        assert find_play(plays, text).apply(pos) == after
        v = judge.judge(after)
        assert v.kind == J.COMPLETE and v.play.apply(pos) == after
    if not len(plays):
        assert judge.judge(pos).kind == J.COMPLETE   # nothing to play: the turn passes
