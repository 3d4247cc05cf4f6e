"""Seed 003's conditions for resigning a gammon or a backgammon. Loaded for the question
and forgotten after (base/rare.py: resigning.refusal): resignations are rare."""

GAMMON_BEHIND = 60   # seed 003: a resigned gammon needs the resigner 60 pips behind


def refusal(board, player, kind):
    """Why `player` may not resign `kind` (1 single, 2 gammon, 3 backgammon) on `board`
    (White's view), as a text key, or None.

    Seed 003: a resignation counts as a gammon only if the resigner is at least 60 pips
    behind and has no checker in their home board (points 1 to 6 of their own numbering).
    A backgammon also needs what a backgammon itself needs (seeds 000, 004): a checker of
    the resigner on the bar or in the winner's home board (their own 19 to 24)."""
    if kind < 2:
        return None
    mine = board.me if player == 0 else board.opp
    behind = board.pips() - board.opp_pips()
    if player == 1:
        behind = -behind
    if behind < GAMMON_BEHIND or sum(mine[0:6]):
        return "r_no_gammon"
    if kind == 3 and not (mine[24] or sum(mine[18:24])):
        return "r_no_bg"
    return None
