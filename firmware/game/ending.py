"""The end of a game or a match, and a new match: out of time, game over (result, score,
match over), abandoning the match. Functions of the Table `t` (game/table.py), loaded when
a game ends or a match starts and forgotten after (lazy.call): rare in a match.
"""
from bg.cube import other
from bg.match import Match
from bg.scoring import SINGLE
from game.table import GAME_OVER, MATCH_OVER, HOW_TIME
import events


def new_match(t):
    s = t.settings
    # no cube: the Match keeps a nominal maximum, its cube disabled
    t.match = Match(s.match_length(), s.cube_max if s.cube_enabled() else 64, True,
                    s.beavers and s.money, s.jacoby and s.money, s.cube_enabled())
    rules = ("C" if s.match_length() else "") + ("J" if s.jacoby and s.money else "") + \
        ("B" if s.beavers and s.money else "")
    t._record(("match", s.match_length(), rules, ""))
    t._event(events.match(s.match_length(), ("White", "Black"), rules))
    t.note = None                       # "(next match)": this is the next match now
    t._new_game()


def abandon(t):
    """Abandon the match in progress: a new match starts with the current settings."""
    t.menu = None
    new_match(t)
    t._save()


def timeout(t, player):
    t._record(("timeout", player))
    t._event(events.timeout(player))
    t._emit("beep", "timeout")
    # Out of time: the opponent wins a single game at the current cube value.
    t.match.end_game(other(player), SINGLE)
    game_over(t, HOW_TIME)


def game_over(t, how):
    m = t.match
    t.end_how = how
    t.note = None
    t.clock.stop()
    t.want_roll = None
    winner, points = m.last_game[0], m.last_game[1]
    t._record(("end", winner, points))
    t._event(events.game_end(winner, points, m.score))
    t._turn_reset()
    if m.is_over():
        t.phase = MATCH_OVER
        t._event(events.match_end(m.winner, m.score))
    else:
        t.phase = GAME_OVER
    t._save()
