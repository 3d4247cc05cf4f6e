"""The rules core's refusals as typed exceptions, for scripts and host tools.

The core's actions return a refusal instead of raising (bg.cube, bg.match: None when done,
else a reason constant; bg.judge: a Verdict with .reason), so that a button press on the
board never raises. Where an exception is wanted, `check` turns a refusal into one:

    MatchError.check(m.take(1))          # raises MatchError (a ValueError) if refused
    JudgeError.check(v.reason, v.points) # a sensed board that is not legal

`e.reason` is the constant (bg.judge.REASONS, bg.cube.REASONS, bg.match.REASONS), `e.points`
the points a judge's reason names; str(e) is the reason in English words (bg.reasons).
Loaded only by what raises: nothing on the running board imports it.
"""


class RulesError(ValueError):
    def __init__(self, reason, points=()):
        super().__init__(_words(reason))
        self.reason = reason
        self.points = tuple(points)

    @classmethod
    def check(cls, reason, points=()):
        """Raise cls(reason, points) when `reason` is a refusal (not None); else None."""
        if reason is not None:
            raise cls(reason, points)


class JudgeError(RulesError):
    """A sensed board that is not a legal play (or part of one): bg.judge's reasons."""


class CubeError(RulesError):
    """A cube action refused: bg.cube's reasons."""


class MatchError(RulesError):
    """A match action refused: bg.match's reasons and the cube's (a match's cube action)."""


def _words(reason):
    try:
        from bg.reasons import words
    except ImportError:          # a board without the host's word lists: the code itself
        return str(reason)
    return words(reason)
