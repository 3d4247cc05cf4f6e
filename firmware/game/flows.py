"""The Table's rare transitions: the cube's (double, take, beaver, pass), a resignation's
(offered, accepted, declined) and a loss on time. Each is a cell of the Table's phase x
button table (game/table.py, ON) or its tick; they are rare in a match, so their code is
loaded for the press and forgotten after (base/rare.py: flows.double and the others;
BENCHMARKS.md, app heap: keeping them in table.py costs the running board a few KB).

Also the points of a game the ghost won taken back (seed 003); the seats' own changes are
game/seatflows.py's, so that a cube action does not load them.
They change the game only through the Table's own transitions (go, record, event, emit, save,
say, game_over, roll_if_auto, set_seat) and the Match's: no attribute of the Table is
written here, the phase changes in Table.go alone and a seat in Table.set_seat.
"""
from bg.cube import NOBODY, other
from bg.scoring import SINGLE
from game.phases import PRE_ROLL, DOUBLED, MOVING, NO_MOVE, HOW_PASS, HOW_RESIGN, HOW_TIME
from base import events

REFUSALS = ("crawford_r", "cube_max", "not_your_cube", "dead_cube", "cube_off")


def double(t, player):
    """(before the roll, cube press) the player on roll doubles."""
    if player != t.on_roll or t.mismatch or t.restoring or t.want_roll:
        return
    m = t.match
    from game import tutor
    if t.settings.grading > 1 and not t.seats[player] and \
            m.cube.refusal_to_double(player, player, False) is None and not tutor.tutor(t, ("double", player)):
        return                        # the tutor (game/tutor.py) judges it first
    reason = m.double(player, player, False)
    if reason:
        key = "crawford_r" if reason == "crawford" else reason
        t.say(t.tr(key) if key in REFUSALS else t.tr("refused"))
        return
    t.go(DOUBLED)
    value = m.cube.value * 2
    t.record(("double", player, value))
    t.event(events.cube(player, "double", value))
    t.clock.start_turn(other(player))
    t.save()


def seat_held(t, player):
    """(a button of a seat the board, the computer on USB or a player online holds) said."""
    t.say(t.tr("seat_held", t.name(player)))


def take(t, player):
    """(double pending, main) the doubled player takes."""
    m = t.match
    from game import tutor
    if player != other(m.cube.offered_by) or (t.settings.grading > 1 and not t.seats[player]
                                               and not tutor.tutor(t, ("take", player))):
        return
    m.take(player)
    t.record(("take", player))
    t.event(events.cube(player, "take", m.cube.value))
    t.say(t.tr("takes", t.name(player)))
    t.go(PRE_ROLL)
    t.clock.start_turn(t.on_roll)
    t.roll_if_auto()
    t.save()


def beaver(t, player):
    """(double pending, cube press) the doubled player beavers (single game, beavers on)."""
    m = t.match
    if player != other(m.cube.offered_by):
        return
    if m.beaver(player):
        t.say(t.tr("no_beaver"))      # the screen already says how to answer
        return
    t.record(("beaver", player, m.cube.value * 2))
    t.event(events.cube(player, "beaver", m.cube.value * 2))
    t.clock.start_turn(other(player))
    t.save()


def pass_double(t, player):
    """(double pending, cube long press) the doubled player passes: the game ends."""
    m = t.match
    from game import tutor
    if player != other(m.cube.offered_by) or (t.settings.grading > 1 and not t.seats[player]
                                               and not tutor.tutor(t, ("pass", player))):
        return
    t.record(("drop", player))
    t.event(events.cube(player, "drop", m.cube.value))
    m.drop(player)
    t.game_over(HOW_PASS)


def resign(t, player, kind):
    """`player` offers to resign a single game (1), gammon (2) or backgammon (3)."""
    if t.phase not in (PRE_ROLL, MOVING, NO_MOVE):
        t.say(t.tr("refused"))
        return
    from game.resigning import refusal
    why = refusal(t.board, player, kind)
    if why:
        t.say(t.tr(why))
        return
    if t.match.resign(player, kind):
        t.say(t.tr("refused"))
        return
    t.record(("resign", player, kind))
    t.event(events.resign(player, "offer", kind))
    # the opponent must answer: its clock runs, with an allowance of its own; the
    # resigner's allowance waits and goes on where it stopped if play goes on
    t.clock.start_answer(other(player))
    t.save()


def accept_resignation(t, player):
    """(resignation pending, the opponent's main) accepted: the game ends."""
    m = t.match
    if player == m.resigned_by:
        return
    t.record(("accept", player))
    t.event(events.resign(player, "accept", m.resign_kind))
    m.accept_resignation(player)
    t.game_over(HOW_RESIGN)


def decline_resignation(t, player):
    """(resignation pending, the opponent's cube) declined: play goes on."""
    m = t.match
    if player == m.resigned_by:
        return
    t.record(("decline", player))
    t.event(events.resign(player, "decline", m.resign_kind))
    m.decline_resignation(player)
    t.clock.end_answer(other(player))
    t.say(t.tr("declined"))
    t.save()


def timeout(t, player):
    """`player`'s reserve ran out: the opponent wins a single game at the current cube."""
    t.record(("timeout", player))
    t.event(events.timeout(player))
    t.match.end_game(other(player), SINGLE)
    t.game_over(HOW_TIME)


# ---------------------------------------------------------------- the ghost's scoring
def uncount(m, winner, points):
    """Seed 003: take back from the Match `m` the points of a game the ghost won, and what
    they decided (a match won, a Crawford game to come)."""
    m.score[winner] -= points
    m.last_game = (winner, 0, m.last_game[2], m.last_game[3])
    if m.winner == winner:
        m.winner = NOBODY        # (bg.match has no public way back from a match won)
        m.game_number += 1
    if m.crawford and max(m.score) < m.length - 1:
        m.crawford = False
    # the next game's cube again: bg.match made it at the game's end with the points the
    # ghost's game counted then, and its dead-cube rule (the points a player still needs)
    # refused that player's legal doubles in the next game (make fuzz: the record's replay
    # refused a redouble the board had taken after a power cut)
    m.cube = m._new_cube()
