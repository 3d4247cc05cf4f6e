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

from bg.cube import (Cube, CENTRED, NOBODY, BAD_PLAYER, DOUBLE_PENDING, NOT_YOUR_ANSWER,
                     is_power_of_two, other)
from bg.scoring import SINGLE, BACKGAMMON, game_points, game_result, ME

MONEY = 0
PRESETS = (3, 5, 7, 9)
MAX_LENGTH = 32767        # what fits GNU Backgammon's match ID (15 bits)

# How a game ended (last_game[3])
BY_PLAY = 0
BY_PASS = 1
BY_RESIGNATION = 2

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

STATE_VERSION = 1
STATE_SIZE = 32
# Saved scores and game numbers stop here (to_bytes): far beyond any session, and a later
# save can always write what a load accepted (u32 fields; no OverflowError).
MAX_SCORE = 1000000000
MAX_GAMES = 1000000000


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

    def match_state(self, on_roll, dice=(0, 0)):
        """This match as a bg.ids.MatchState, for GNU Backgammon's match ID.

        on_roll and dice (larger first; (0, 0) before the roll) come from the Table. `turn`
        is who must act: the answering player while a double, a beaver or a resignation
        waits. Once the match is won the game state tells how it ended. Scores are capped
        at the match length (gnubg refuses more) and at 32767 in money play.
        """
        from bg import ids
        cube = self.cube
        turn = on_roll
        if cube.offered_by != NOBODY and not cube.dropped:
            turn = other(cube.offered_by)
        elif self.resigned_by != NOBODY:
            turn = other(self.resigned_by)
        state = ids.GAME_PLAYING
        if self.winner != NOBODY:
            state = (ids.GAME_OVER, ids.GAME_DROP, ids.GAME_RESIGNED)[self.last_game[3]]
        cap = self.length if self.length else 32767
        return ids.MatchState(cube.value, cube.owner, on_roll, self.crawford, state, turn,
                              cube.offered_by != NOBODY and not cube.dropped, self.resign_kind,
                              dice, self.length, (min(self.score[0], cap), min(self.score[1], cap)),
                              self.jacoby)

    # ---- saved state ----------------------------------------------------------------

    def to_bytes(self):
        """The whole match and cube state in STATE_SIZE bytes, starting with STATE_VERSION.

        Layout (little-endian): version, flags, length u16, score0 u32, score1 u32,
        game_number u32, log2 cube max, log2 cube value, cube owner+1, offered_by+1,
        resigned_by+1, resign_kind, winner+1, last winner+1, last kind, last how,
        last points u32, reserved 2.
        """
        cube = self.cube
        flags = (self.crawford_rule | self.beavers << 1 | self.jacoby << 2 | self.cube_enabled << 3
                 | self.crawford << 4 | self.post_crawford << 5 | cube.beavered << 6 | cube.dropped << 7)
        b = bytearray(STATE_SIZE)
        b[0] = STATE_VERSION
        b[1] = flags
        b[2:4] = self.length.to_bytes(2, "little")
        b[4:8] = min(self.score[0], MAX_SCORE).to_bytes(4, "little")
        b[8:12] = min(self.score[1], MAX_SCORE).to_bytes(4, "little")
        b[12:16] = min(self.game_number, MAX_GAMES).to_bytes(4, "little")
        b[16] = _log2(self.cube_max)
        b[17] = _log2(cube.value)
        b[18] = cube.owner + 1
        b[19] = cube.offered_by + 1
        b[20] = self.resigned_by + 1
        b[21] = self.resign_kind
        b[22] = self.winner + 1
        last_winner, last_points, last_kind, last_how = self.last_game
        b[23] = last_winner + 1
        b[24] = last_kind
        b[25] = last_how
        b[26:30] = min(last_points, MAX_SCORE).to_bytes(4, "little")
        return bytes(b)

    @classmethod
    def from_bytes(cls, data):
        """The Match saved by `to_bytes`. Raises ValueError, saying what is wrong, on bad data."""
        if not isinstance(data, (bytes, bytearray)) or len(data) != STATE_SIZE:
            raise ValueError("match state: expected %d bytes" % STATE_SIZE)
        if data[0] != STATE_VERSION:
            raise ValueError("match state: version %d, this firmware reads %d" % (data[0], STATE_VERSION))
        flags = data[1]
        length = int.from_bytes(data[2:4], "little")
        if data[16] < 1 or data[16] > 15:
            raise ValueError("match state: bad cube maximum")
        m = cls(length, 1 << data[16], flags & 1, flags >> 1 & 1, flags >> 2 & 1, flags >> 3 & 1)
        m.crawford = bool(flags >> 4 & 1)
        m.post_crawford = bool(flags >> 5 & 1)
        m.score = [int.from_bytes(data[4:8], "little"), int.from_bytes(data[8:12], "little")]
        m.game_number = int.from_bytes(data[12:16], "little")
        cube = m._new_cube()
        cube.beavered = bool(flags >> 6 & 1)
        cube.dropped = bool(flags >> 7 & 1)
        cube.value = 1 << data[17]
        cube.owner = data[18] - 1
        cube.offered_by = data[19] - 1
        m.cube = cube
        m.resigned_by = data[20] - 1
        m.resign_kind = data[21]
        m.winner = data[22] - 1
        m.last_game = (data[23] - 1, int.from_bytes(data[26:30], "little"), data[24], data[25])
        problem = m._inconsistency()
        if problem:
            raise ValueError("match state: " + problem)
        return m

    def _inconsistency(self):
        """What makes this state impossible, or '' (checked on load)."""
        cube = self.cube
        if cube.value > self.cube_max:
            return "cube above its maximum"
        if cube.owner not in (CENTRED, 0, 1) or cube.offered_by not in (NOBODY, 0, 1):
            return "bad cube owner"
        if (cube.owner == CENTRED) != (cube.value == 1):
            return "cube owner and value disagree"
        if cube.beavered and (cube.offered_by == NOBODY or not self.money() or not self.beavers):
            return "bad beaver"
        if cube.dropped and cube.offered_by == NOBODY:
            return "pass without a double"
        if self.resigned_by not in (NOBODY, 0, 1) or (self.resigned_by == NOBODY) != (self.resign_kind == 0):
            return "bad resignation"
        if self.resign_kind > BACKGAMMON:
            return "bad resignation"
        if self.winner not in (NOBODY, 0, 1) or self.last_game[0] not in (NOBODY, 0, 1):
            return "bad winner"
        if self.last_game[2] > BACKGAMMON or self.last_game[3] > BY_RESIGNATION:
            return "bad last game"
        if self.game_number < 1:
            return "bad game number"
        if self.money():
            if self.crawford or self.post_crawford or self.winner != NOBODY:
                return "Crawford or a winner in money play"
        elif self.winner != NOBODY:
            if self.score[self.winner] < self.length:
                return "winner short of the match length"
            if self.score[other(self.winner)] >= self.length:
                return "both players reach the match length"
            if self.score[self.winner] > self.length - 1 + 3 * self.cube_max:
                return "winner past the match length by more than a game"
        elif self.score[0] >= self.length or self.score[1] >= self.length:
            return "score reaches the length but no winner"
        if self.crawford and self.post_crawford:
            return "Crawford and post-Crawford at once"
        if self.crawford and self.winner == NOBODY and self.length - 1 not in self.score:
            # (a match won in its Crawford game keeps the flag: the leader is past it then)
            return "Crawford game with nobody one point away"
        score = self.score
        if max(score) > MAX_SCORE or self.game_number > MAX_GAMES:
            return "score or game number beyond %d" % MAX_SCORE
        # every game ends with at least a point for somebody
        if self.game_number > score[0] + score[1] + 1:
            return "more games than points won"
        last_winner, last_points, last_kind, last_how = self.last_game
        if last_winner == NOBODY:
            if last_points or last_kind or score != [0, 0] or self.game_number != 1:
                return "a score without a last game"
        elif last_points > 3 * self.cube_max or last_points > score[last_winner]:
            return "bad last game"
        if self.cube.crawford and (self.cube.value != 1 or self.cube.offered_by != NOBODY):
            return "the cube turned in the Crawford game"
        return ""


def _log2(n):
    bits = 0
    while n > 1:
        n >>= 1
        bits += 1
    return bits
