"""Typed refusals (bg.errors): reason constants, ValueError subclasses, words in English."""
from bg import cube as C
from bg import judge as J
from bg import match as M
from bg.errors import CubeError, JudgeError, MatchError, RulesError
from bg.position import Position
from bg.reasons import CUBE, JUDGE, MATCH
from raising import raised


def refusal(fn, *args):
    return raised(RulesError, fn, *args)


def test_a_refused_action_raises_its_typed_error():
    m = M.Match(length=3)
    e = refusal(MatchError.check, m.take(1))        # no double to answer
    assert isinstance(e, MatchError) and isinstance(e, ValueError)
    assert e.reason == C.NO_DOUBLE and str(e) == "no double to answer"
    assert MatchError.check(m.double(0, 0, False)) is None     # done: nothing raised
    c = C.Cube(max_value=2)
    c.double(0, 0, False)
    c.take(1)
    e = refusal(CubeError.check, c.double(1, 1, False))
    assert e.reason == C.CUBE_MAX and str(e) == "the cube is at its maximum"


def test_an_illegal_board_raises_a_judge_error_naming_the_points():
    start = Position.start()
    end = start.copy()
    end.me[12] -= 1        # 13/11 with 3-1: no such die
    end.me[10] += 1
    v = J.Judge(start, 3, 1).judge(end)
    e = refusal(JudgeError.check, v.reason, v.points)
    assert e.reason == J.NO_SUCH_DIE and e.points == v.points and str(e) == JUDGE[J.NO_SUCH_DIE]


def test_every_reason_constant_has_words():
    for reasons, words in ((J.REASONS, JUDGE), (C.REASONS, CUBE), (M.REASONS, MATCH)):
        for r in reasons:
            assert words[r], r
