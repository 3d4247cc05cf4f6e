"""A match (or a money session): score, the Crawford game, the cube and resignations of the
game in progress, and a compact saved state.

Players are 0 and 1. Actions return None when done, else a reason constant (REASONS here,
bg.cube.REASONS; words in bg/reasons.py, game/i18n on the board); a refused action changes
nothing and raises nothing (a button press never stops the board). `MatchError.check(
m.take(1))` (bg.errors) turns a refusal into a typed exception where a script wants one.

Rules (seeds 002, 003, 004; GNU Backgammon's manual):
- A match is played to `length` points (any length; 3, 5, 7, 9 are the presets). Points
  won are recorded in full (a gammon at 4-away scores 2 even when 1 would do); the match
  ends as soon as a player's score reaches `length`. `length` 0 is money play: a session
  with a running score that never ends by itself.
- The Crawford game is the game right after a player first reaches one point short of the
  match (by any result: a single game, a gammon, a pass, a resignation). No doubling in it.
  The games after it are post-Crawford: the cube is live again. There is only one Crawford
  game per match, and none in money play or with the Crawford rule switched off.
- Beavers and the Jacoby rule are money-play options; in a match they never apply.
- Dead cube: in a match, a player whom the current stake already gives the match may not
  double (GNU Backgammon's rule; see bg.cube). So a 1-point match is played without cube.
- Resignation: one offer at a time, not while a double waits for its answer (passing is
  the answer). Accepted, it scores as that result times the cube, Jacoby or not (as GNU
  Backgammon scores it); declined, play goes on.
The opening roll of each game is in bg.opening.
"""

from bg.cube import (Cube, NOBODY, BAD_PLAYER, DOUBLE_PENDING, NOT_YOUR_ANSWER,
                     is_power_of_two, other)
from bg.scoring import SINGLE, BACKGAMMON, game_points, game_result, ME, BY_PLAY, BY_PASS, BY_RESIGNATION  # noqa: F401

MONEY = 0
PRESETS = (3, 5, 7, 9)
MAX_LENGTH = 32767        # what fits GNU Backgammon's match ID (15 bits)

# How a game ended (last_game[3]): BY_PLAY, BY_PASS, BY_RESIGNATION (bg/scoring.py)

# Why the match refuses an action (with the cube's, bg.cube.REASONS; words: bg/reasons.py,
# game/i18n; bg.errors.MatchError for a script that wants an exception).
MATCH_OVER = "match_over"
BAD_RESIGNATION = "bad_resignation"
RESIGNATION_PENDING = "resignation_pending"
NO_RESIGNATION = "no_resignation"
GAME_NOT_OVER = "game_not_over"
BAD_POINTS = "bad_points"
REASONS = (MATCH_OVER, BAD_RESIGNATION, RESIGNATION_PENDING, NO_RESIGNATION, GAME_NOT_OVER,
           BAD_POINTS)

# The saved state's layout (STATE_VERSION, STATE_SIZE) and its limits: bg/matchsave.py.


class Match:
    """The score and the game in progress of a match or a money session.

    length:        points to win; 0 (MONEY) for money play.
    score:         [player 0, player 1], points as won.
    game_number:   1 for the first game.
    crawford:      the game in progress is the Crawford game (no doubling).
    post_crawford: the Crawford game has been played.
    cube:          the Cube of the game in progress.
    resigned_by, resign_kind: a resignation waiting for an answer (NOBODY, 0 when none).
    winner:        NOBODY, or the match winner (then every action is refused 'match_over').
    last_game:     (winner, points, kind, how) of the last finished game; winner NOBODY
                   before the first. how is BY_PLAY, BY_PASS or BY_RESIGNATION; kind is 0
                   for a pass.
    """

    def __init__(self, length=MONEY, cube_max=64, crawford_rule=True, beavers=False,
                 jacoby=False, cube_enabled=True):
        if not isinstance(length, int) or length < 0 or length > MAX_LENGTH:
            raise ValueError("match length must be 0 (money) to %d points, not %r" % (MAX_LENGTH, length))
        if not is_power_of_two(cube_max) or cube_max < 2 or cube_max > 1 << 15:
            raise ValueError("cube maximum must be a power of two from 2 to 32768, not %r" % (cube_max,))
        self.length = length
        self.cube_max = cube_max
        self.crawford_rule = bool(crawford_rule)
        self.beavers = bool(beavers)
        self.jacoby = bool(jacoby)
        self.cube_enabled = bool(cube_enabled)
        self.score = [0, 0]
        self.game_number = 1
        self.crawford = False
        self.post_crawford = False
        self.resigned_by = NOBODY
        self.resign_kind = 0
        self.winner = NOBODY
        self.last_game = (NOBODY, 0, 0, BY_PLAY)
        self.cube = self._new_cube()

    def _new_cube(self):
        return Cube(self.cube_max, money=self.money(), beavers=self.beavers,
                    crawford=self.crawford, enabled=self.cube_enabled,
                    away=(self.away(0), self.away(1)))

    def __eq__(self, other_match):
        return isinstance(other_match, Match) and self.to_bytes() == other_match.to_bytes()

    def __repr__(self):
        return "Match(length=%d, score=%r, game=%d, crawford=%r, post_crawford=%r, %r)" % (
            self.length, self.score, self.game_number, self.crawford, self.post_crawford, self.cube)

    def money(self):
        """True for money play (a session with a running score)."""
        return self.length == MONEY

    def is_over(self):
        return self.winner != NOBODY

    def away(self, player):
        """Points `player` still needs to win the match (0 once reached; 0 in money play)."""
        if self.money():
            return 0
        return max(0, self.length - self.score[player])

    # ---- the cube -------------------------------------------------------------------

    def double(self, player, on_roll, rolled):
        """`player` doubles (see Cube.double); also refused during a pending resignation."""
        reason = self._playing(player)
        if reason is None and self.resigned_by != NOBODY:
            reason = RESIGNATION_PENDING
        return reason or self.cube.double(player, on_roll, rolled)

    def take(self, player):
        return self._playing(player) or self.cube.take(player)

    def beaver(self, player):
        return self._playing(player) or self.cube.beaver(player)

    def drop(self, player):
        """`player` passes the pending double: the doubler wins the stake before it."""
        reason = self._playing(player) or self.cube.drop(player)
        if reason is None:
            winner, points = self.cube.pass_result()
            self._award(winner, points, 0, BY_PASS)
        return reason

    # ---- resignations ---------------------------------------------------------------

    def resign(self, player, kind):
        """`player` offers to lose a single game (1), a gammon (2) or a backgammon (3)."""
        reason = self._playing(player)
        if reason is not None:
            return reason
        if not isinstance(kind, int) or kind < SINGLE or kind > BACKGAMMON:
            return BAD_RESIGNATION
        if self.resigned_by != NOBODY:
            return RESIGNATION_PENDING
        if self.cube.offered_by != NOBODY:
            return DOUBLE_PENDING
        self.resigned_by = player
        self.resign_kind = kind
        return None

    def _resignation_answer(self, player):
        reason = self._playing(player)
        if reason is not None:
            return reason
        if self.resigned_by == NOBODY:
            return NO_RESIGNATION
        if player == self.resigned_by:
            return NOT_YOUR_ANSWER
        return None

    def accept_resignation(self, player):
        """`player` accepts the opponent's resignation: it scores kind x cube.

        The Jacoby rule does not reduce it (GNU Backgammon scores it the same way).
        """
        reason = self._resignation_answer(player)
        if reason is None:
            kind = self.resign_kind
            self._award(player, game_points(kind, self.cube.value), kind, BY_RESIGNATION)
        return reason

    def decline_resignation(self, player):
        """`player` declines the opponent's resignation: play goes on."""
        reason = self._resignation_answer(player)
        if reason is None:
            self.resigned_by = NOBODY
            self.resign_kind = 0
        return reason

    # ---- the end of a game ----------------------------------------------------------

    def end_game(self, winner, kind):
        """The game was played out: `winner` bore off all checkers with result `kind`.

        Scores kind x cube (Jacoby in money play if switched on), then sets up the next game
        or ends the match.
        """
        reason = self._playing(winner)
        if reason is not None:
            return reason
        if not isinstance(kind, int) or kind < SINGLE or kind > BACKGAMMON:
            return GAME_NOT_OVER
        self._award(winner, game_points(kind, self.cube.value, self._jacoby()), kind, BY_PLAY)
        return None

    def end_game_at(self, pos, player_on_roll):
        """End the game from the final position; `player_on_roll` is the player `pos.me` is.

        Refused with 'game_not_over' while both sides still have checkers.
        """
        result = game_result(pos)
        if result is None:
            return GAME_NOT_OVER
        side, kind = result
        winner = player_on_roll if side == ME else other(player_on_roll)
        return self.end_game(winner, kind)

    def _jacoby(self):
        return self.jacoby and self.money()

    def _playing(self, player):
        if player != 0 and player != 1:
            return BAD_PLAYER
        if self.winner != NOBODY:
            return MATCH_OVER
        return None

    def award(self, winner, points, how):
        """Record a game the board did not see end by its rules: a forfeit, or a result
        copied from a match file (an importer going on from the file's score). The usual
        ways to end a game are end_game, drop and accept_resignation."""
        refusal = self._playing(winner)
        if refusal:
            return refusal
        if points < 0:
            return BAD_POINTS
        self._award(winner, points, 0, how)
        return None

    def _award(self, winner, points, kind, how):
        self.score[winner] += points
        self.last_game = (winner, points, kind, how)
        self.resigned_by = NOBODY
        self.resign_kind = 0
        if not self.money() and self.score[winner] >= self.length:
            self.winner = winner
            return
        if not self.money() and self.crawford_rule:
            if self.crawford:
                self.crawford = False
                self.post_crawford = True
            elif not self.post_crawford and self.score[winner] == self.length - 1:
                self.crawford = True
        self.game_number += 1
        self.cube = self._new_cube()

    # ---- GNU Backgammon's match ID --------------------------------------------------

    # ---- GNU Backgammon's match ID and the saved state: bg/matchsave.py -------------
    # (loaded by these calls only: a save, a power-up, the IDs screen)

    def match_state(self, on_roll, dice=(0, 0)):
        """This match as a bg.ids.MatchState, for GNU Backgammon's match ID.

        on_roll and dice (larger first; (0, 0) before the roll) come from the Table. `turn`
        is who must act: the answering player while a double, a beaver or a resignation
        waits. Once the match is won the game state tells how it ended. Scores are capped
        at the match length (gnubg refuses more) and at 32767 in money play.
        """
        from bg import matchsave
        return matchsave.match_state(self, on_roll, dice)

    def to_bytes(self):
        """The whole match and cube state in STATE_SIZE bytes, starting with STATE_VERSION
        (the layout: bg/matchsave.py)."""
        from bg import matchsave
        return matchsave.to_bytes(self)

    @classmethod
    def from_bytes(cls, data):
        """The Match saved by `to_bytes`. Raises ValueError, saying what is wrong, on bad data."""
        from bg import matchsave
        return matchsave.from_bytes(cls, data)
