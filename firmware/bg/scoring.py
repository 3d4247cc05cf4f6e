"""End of a game: single game, gammon or backgammon, and the points it scores.

Rules (seeds 000, 002, 004):
- The first side to bear off all 15 checkers wins.
- Single game (1x): the loser has borne off at least one checker.
- Gammon (2x): the loser has borne off none.
- Backgammon (3x): a gammon, and the loser still has a checker on the bar or in the
  winner's home board (the winner's points 1-6, the loser's points 19-24).
- The result is multiplied by the cube value.
- Jacoby rule (money play option): gammons and backgammons count as a single game while the
  cube has not been turned (still centred at 1).
- Resignation: a player offers a single game, a gammon or a backgammon. Accepted, it
  scores as that result times the cube, the Jacoby rule not applying (as in GNU
  Backgammon: the resigner chose the result; under Jacoby with the cube centred a single
  is all they need offer); declined, play goes on. Offering more than the position could
  lose is allowed: the opponent simply accepts.
"""

SINGLE = 1
GAMMON = 2
BACKGAMMON = 3

KIND_NAMES = ("", "single", "gammon", "backgammon")

# How a game ended (a Match's last_game[3], bg/match.py)
BY_PLAY = 0
BY_PASS = 1
BY_RESIGNATION = 2

ME = 0     # in game_result: the side on roll (Position.me) won
OPP = 1    # the other side (Position.opp) won


def result_kind(winner_side, loser_side):
    """SINGLE, GAMMON or BACKGAMMON when `winner_side` has borne off all 15, else 0.

    Each side is 25 counts in its own numbering (index 24 = bar), as Position.me / .opp.
    """
    if sum(winner_side):
        return 0
    if sum(loser_side) < 15:
        return SINGLE
    # loser's points 19..24 (indices 18..23) are the winner's home board; 24 is the bar
    for i in range(18, 25):
        if loser_side[i]:
            return BACKGAMMON
    return GAMMON


def game_result(pos):
    """None while both sides have checkers left, else (ME or OPP, kind).

    Both sides cannot have finished in a real game; if `pos` says so, `me` is reported.
    """
    kind = result_kind(pos.me, pos.opp)
    if kind:
        return (ME, kind)
    kind = result_kind(pos.opp, pos.me)
    if kind:
        return (OPP, kind)
    return None


def game_points(kind, cube_value, jacoby=False):
    """Points a result of `kind` scores with the cube at `cube_value`.

    jacoby: apply the Jacoby rule (money play only; the caller decides): an unturned cube
    (value 1) makes every result count as a single game.
    """
    if kind < SINGLE or kind > BACKGAMMON:
        raise ValueError("result kind must be 1 (single), 2 (gammon) or 3 (backgammon), not %r" % (kind,))
    if jacoby and cube_value == 1:
        return 1
    return kind * cube_value
