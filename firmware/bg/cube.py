"""The doubling cube of one game: value, owner, a pending double, and the rules for turning it.

Players are 0 and 1. Every action returns None when it was done, else a reason code (a
short str, worded by game/i18n on the board and bg/reasons.py on the host); the cube is
then unchanged.

Rules (the rule sheets in ../shared/seeds, GNU Backgammon's manual):
- Each game starts with the cube centred at 1 (a physical cube shows 64: `face()`).
- Only the player on roll, before rolling, may double, and only when the cube is centred
  or theirs. Doubling is allowed even when that player has no legal move (seed 004).
- No doubling in the Crawford game (`crawford=True`), none when the cube is switched off,
  and never past `max_value` (64 by default; 32 on some servers).
- Dead cube (match play): no doubling by a player whom the current stake already gives
  the match (value >= the points they still need, `away`). GNU Backgammon refuses such a
  double too, so a match record with one could not be replayed there.
- Take: the taker owns the cube at twice the value. Pass (drop): the game ends and the
  doubler wins the value before the doubling. Redoubles have no limit but the maximum.
- Beaver (money play only, when `beavers=True`): the doubled player takes and at once
  redoubles, keeping the cube (1 -> 4 owned by the beaverer). The original doubler then takes
  (play goes on at 4) or passes, losing the doubled stake (2). Raccoons (a re-beaver by the
  original doubler) are not supported: refused with 'no_raccoon'.
"""

CENTRED = -1      # cube owner when nobody owns it (the same value as GNU Backgammon's cubeinfo)
NOBODY = -1       # no double pending

# Why the cube refuses an action (the reason an action returns; words: bg/reasons.py on the
# host, game/i18n on the board; bg.errors.CubeError for a script that wants an exception).
BAD_PLAYER = "bad_player"
CUBE_OFF = "cube_off"
GAME_OVER = "game_over"
DOUBLE_PENDING = "double_pending"
NOT_ON_ROLL = "not_on_roll"
ALREADY_ROLLED = "already_rolled"
CRAWFORD = "crawford"
NOT_YOUR_CUBE = "not_your_cube"
CUBE_MAX = "cube_max"
DEAD_CUBE = "dead_cube"
NO_DOUBLE = "no_double"
NOT_YOUR_ANSWER = "not_your_answer"
NO_BEAVER_IN_MATCH = "no_beaver_in_match"
BEAVERS_OFF = "beavers_off"
NO_RACCOON = "no_raccoon"
REASONS = (BAD_PLAYER, CUBE_OFF, GAME_OVER, DOUBLE_PENDING, NOT_ON_ROLL, ALREADY_ROLLED,
           CRAWFORD, NOT_YOUR_CUBE, CUBE_MAX, DEAD_CUBE, NO_DOUBLE, NOT_YOUR_ANSWER,
           NO_BEAVER_IN_MATCH, BEAVERS_OFF, NO_RACCOON)


def other(player):
    """The opponent of player 0 or 1."""
    return 1 - player


def is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0


class Cube:
    """The cube of the game in progress.

    value:      the stake now (1, 2, 4, ...); a pending double is not counted until taken.
    owner:      CENTRED, 0 or 1: who may double next (with CENTRED, either player).
    offered_by: NOBODY, or the player whose double (or beaver) awaits an answer.
    beavered:   the pending offer is a beaver (answered by the original doubler).
    dropped:    the game ended by a pass: `offered_by` won `value` points (`pass_result()`).
    """

    def __init__(self, max_value=64, money=True, beavers=False, crawford=False, enabled=True,
                 away=(0, 0)):
        if not is_power_of_two(max_value) or max_value < 2:
            raise ValueError("cube maximum must be a power of two >= 2, not %r" % (max_value,))
        self.max_value = max_value
        self.money = bool(money)
        self.beavers = bool(beavers)
        self.crawford = bool(crawford)
        self.enabled = bool(enabled)
        # points each player still needs in a match (0: money play, never dead)
        self.away = (away[0], away[1])
        self.value = 1
        self.owner = CENTRED
        self.offered_by = NOBODY
        self.beavered = False
        self.dropped = False

    def __eq__(self, other_cube):
        return isinstance(other_cube, Cube) and self.state() == other_cube.state()

    def __repr__(self):
        return "Cube(value=%d, owner=%d, offered_by=%d, beavered=%r, dropped=%r)" % (
            self.value, self.owner, self.offered_by, self.beavered, self.dropped)

    def state(self):
        """Everything that defines the cube, as a tuple (for comparison and tests)."""
        return (self.max_value, self.money, self.beavers, self.crawford, self.enabled, self.away,
                self.value, self.owner, self.offered_by, self.beavered, self.dropped)

    def face(self):
        """The number the physical cube shows: 64 while centred at 1, else its value."""
        return 64 if self.value == 1 else self.value

    def turned(self):
        """True once a double has been taken (what the Jacoby rule asks)."""
        return self.value > 1

    def may_double(self, player):
        """None when the cube itself lets `player` double now, else the reason.

        Turn and dice are not checked here (see `refusal_to_double`): the Table uses this to
        decide whether the roll may be automatic.
        """
        return self._refusal(player, player, False)

    def refusal_to_double(self, player, on_roll, rolled):
        """None when `player` may double now, else the reason.

        on_roll: the player whose turn it is; rolled: whether they already rolled this turn.
        Reasons, first that applies: bad_player, cube_off, game_over, double_pending,
        not_on_roll, already_rolled, crawford, not_your_cube, cube_max, dead_cube.
        """
        return self._refusal(player, on_roll, rolled)

    def _refusal(self, player, on_roll, rolled):
        if player != 0 and player != 1:
            return BAD_PLAYER
        if not self.enabled:
            return CUBE_OFF
        if self.dropped:
            return GAME_OVER
        if self.offered_by != NOBODY:
            return DOUBLE_PENDING
        if player != on_roll:
            return NOT_ON_ROLL
        if rolled:
            return ALREADY_ROLLED
        if self.crawford:
            return CRAWFORD
        if self.owner != CENTRED and self.owner != player:
            return NOT_YOUR_CUBE
        if self.value * 2 > self.max_value:
            return CUBE_MAX
        if self.away[player] and self.value >= self.away[player]:
            return DEAD_CUBE
        return None

    def double(self, player, on_roll, rolled):
        """`player` offers a double; None when offered, else the reason (nothing changes)."""
        reason = self.refusal_to_double(player, on_roll, rolled)
        if reason is None:
            self.offered_by = player
            self.beavered = False
        return reason

    def _answer_refusal(self, player):
        if player != 0 and player != 1:
            return BAD_PLAYER
        if self.dropped:
            return GAME_OVER
        if self.offered_by == NOBODY:
            return NO_DOUBLE
        if player == self.offered_by:
            return NOT_YOUR_ANSWER
        return None

    def take(self, player):
        """`player` takes the pending double: the cube doubles and goes to the taker.

        Taking a beaver doubles the cube again but leaves it with the beaverer.
        """
        reason = self._answer_refusal(player)
        if reason is not None:
            return reason
        self.value *= 2
        self.owner = self.offered_by if self.beavered else player
        self.offered_by = NOBODY
        self.beavered = False
        return None

    def beaver(self, player):
        """`player`, just doubled, takes and redoubles at once, keeping the cube.

        Money play only, and only when beavers are switched on. The cube shows twice the
        value now (the take) and the original doubler must answer the redouble.
        """
        reason = self._answer_refusal(player)
        if reason is not None:
            return reason
        if not self.money:
            return NO_BEAVER_IN_MATCH
        if not self.beavers:
            return BEAVERS_OFF
        if self.beavered:
            return NO_RACCOON
        if self.value * 4 > self.max_value:
            return CUBE_MAX
        self.value *= 2
        self.owner = player
        self.offered_by = player
        self.beavered = True
        return None

    def drop(self, player):
        """`player` passes the pending double (or beaver): the game ends.

        The player who offered wins the stake before that offer: `value` (after a beaver,
        twice the original stake). Read it with `pass_result()`.
        """
        reason = self._answer_refusal(player)
        if reason is not None:
            return reason
        self.dropped = True
        return None

    def pass_result(self):
        """(winner, points) after a pass, else None."""
        if not self.dropped:
            return None
        return (self.offered_by, self.value)
