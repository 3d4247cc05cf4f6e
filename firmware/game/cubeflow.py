"""Cube actions and resignations at the board: double, take, pass, beaver; a resignation
offered, accepted or declined. Functions of the Table `t` (game/table.py), loaded for the
button press that needs them and forgotten after (lazy.call): they are rare in a match.
"""
from bg.cube import NOBODY, other
from game.table import DOUBLED, PRE_ROLL, MOVING, NO_MOVE, GAME_OVER, HOW_PASS, HOW_RESIGN
import events


def cube(t, player, kind):
    m = t.match
    if m.resigned_by != NOBODY and t.phase < GAME_OVER:
        if player != m.resigned_by and kind == "press":
            answer_resignation(t, player, False)
        return
    if t.phase == PRE_ROLL and kind == "press" and player == t.on_roll:
        if t.mismatch or t.restoring or t.want_roll:
            return
        reason = m.double(player, player, False)
        if reason:
            key = "crawford_r" if reason == "crawford" else reason
            t._note(t.tr(key) if key in ("crawford_r", "cube_max", "not_your_cube",
                                         "dead_cube", "cube_off") else t.tr("refused"))
            return
        t.phase = DOUBLED
        value = m.cube.value * 2
        t._record(("double", player, value))
        t._event(events.cube(player, "double", value))
        t.clock.start_turn(other(player))
        t._save()
    elif t.phase == DOUBLED and player == other(m.cube.offered_by):
        if kind == "long":
            t._record(("drop", player))
            t._event(events.cube(player, "drop", m.cube.value))
            m.drop(player)
            t._game_over(HOW_PASS)
        elif kind == "press":
            reason = m.beaver(player)
            if reason:
                t._note(t.tr("no_beaver"))   # the screen already says how to answer
                return
            t._record(("beaver", player, m.cube.value * 2))
            t._event(events.cube(player, "beaver", m.cube.value * 2))
            t.clock.start_turn(other(player))
            t._save()


def take(t, player):
    m = t.match
    m.take(player)
    t._record(("take", player))
    t._event(events.cube(player, "take", m.cube.value))
    t._note(t.tr("takes", t._name(player)))
    t.phase = PRE_ROLL
    t.clock.start_turn(t.on_roll)
    t._auto_roll()
    t._save()


GAMMON_BEHIND = 60   # seed 003: a resigned gammon needs the resigner 60 pips behind


def resign_refusal(t, player, kind):
    """Why `player` may not resign `kind` now (a text key), or None.

    Seed 003: a resignation counts as a gammon only if the resigner is at least 60 pips
    behind and has no checker in their home board (points 1 to 6 of their own numbering).
    A backgammon also needs what a backgammon itself needs (seeds 000, 004): a checker of
    the resigner on the bar or in the winner's home board (their own 19 to 24)."""
    if kind < 2:
        return None
    b = t.board
    mine, theirs = (b.me, b.opp) if player == 0 else (b.opp, b.me)
    behind = b.pips() - b.opp_pips()
    if player == 1:
        behind = -behind
    if behind < GAMMON_BEHIND or sum(mine[0:6]):
        return "r_no_gammon"
    if kind == 3 and not (mine[24] or sum(mine[18:24])):
        return "r_no_bg"
    return None


def resign(t, player, kind):
    """`player` offers to resign a single game (1), gammon (2) or backgammon (3)."""
    if t.phase not in (PRE_ROLL, MOVING, NO_MOVE):
        t._note(t.tr("refused"))
        return
    why = resign_refusal(t, player, kind)
    if why:
        t._note(t.tr(why))
        return
    if t.match.resign(player, kind):
        t._note(t.tr("refused"))
        return
    t._record(("resign", player, kind))
    t._event(events.resign(player, "offer", kind))
    # the opponent must answer: its clock runs, with an allowance of its own; the
    # resigner's allowance waits and goes on where it stopped if play goes on
    t.clock.start_answer(other(player))
    t._save()


def answer_resignation(t, player, accept):
    m = t.match
    kind = m.resign_kind
    if accept:
        t._record(("accept", player))
        t._event(events.resign(player, "accept", kind))
        m.accept_resignation(player)
        t._game_over(HOW_RESIGN)
    else:
        t._record(("decline", player))
        t._event(events.resign(player, "decline", kind))
        m.decline_resignation(player)
        t.clock.end_answer(other(player))
        t._note(t.tr("declined"))
        t._save()
