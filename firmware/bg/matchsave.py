"""A Match's saved form and its GNU Backgammon match state: what only a save, a power-up
or the IDs screen needs (game/snapshot.py, game/gnubg_ids.py, loaded for the moment by
base/rare.py), so that the board does not keep it with bg/match.py. The Match's own
methods (to_bytes, from_bytes, match_state) call these.

It imports nothing of bg/match.py (the Match's class comes as from_bytes' `cls`): the saved
layout's numbers are written here, bg/match.py hands them on.
"""
from bg.cube import CENTRED, NOBODY, other
from bg.scoring import BACKGAMMON, BY_RESIGNATION

STATE_VERSION = 1
STATE_SIZE = 32
# Saved scores and game numbers stop here (to_bytes): far beyond any session, and a later
# save can always write what a load accepted (u32 fields; no OverflowError).
MAX_SCORE = 1000000000
MAX_GAMES = 1000000000


def match_state(m, on_roll, dice=(0, 0)):
    """This match as a bg.ids.MatchState, for GNU Backgammon's match ID.

    on_roll and dice (larger first; (0, 0) before the roll) come from the Table. `turn`
    is who must act: the answering player while a double, a beaver or a resignation
    waits. Once the match is won the game state tells how it ended. Scores are capped
    at the match length (gnubg refuses more) and at 32767 in money play.
    """
    from bg import ids           # (not for a save: only the IDs need it)
    cube = m.cube
    turn = on_roll
    if cube.offered_by != NOBODY and not cube.dropped:
        turn = other(cube.offered_by)
    elif m.resigned_by != NOBODY:
        turn = other(m.resigned_by)
    state = ids.GAME_PLAYING
    if m.winner != NOBODY:
        state = (ids.GAME_OVER, ids.GAME_DROP, ids.GAME_RESIGNED)[m.last_game[3]]
    cap = m.length if m.length else 32767
    return ids.MatchState(cube.value, cube.owner, on_roll, m.crawford, state, turn,
                          cube.offered_by != NOBODY and not cube.dropped, m.resign_kind,
                          dice, m.length, (min(m.score[0], cap), min(m.score[1], cap)),
                          m.jacoby)


def to_bytes(m):
    """The whole match and cube state in STATE_SIZE bytes, starting with STATE_VERSION.

    Layout (little-endian): version, flags, length u16, score0 u32, score1 u32,
    game_number u32, log2 cube max, log2 cube value, cube owner+1, offered_by+1,
    resigned_by+1, resign_kind, winner+1, last winner+1, last kind, last how,
    last points u32, reserved 2.
    """
    cube = m.cube
    flags = (m.crawford_rule | m.beavers << 1 | m.jacoby << 2 | m.cube_enabled << 3
             | m.crawford << 4 | m.post_crawford << 5 | cube.beavered << 6 | cube.dropped << 7)
    b = bytearray(STATE_SIZE)
    b[0] = STATE_VERSION
    b[1] = flags
    b[2:4] = m.length.to_bytes(2, "little")
    b[4:8] = min(m.score[0], MAX_SCORE).to_bytes(4, "little")
    b[8:12] = min(m.score[1], MAX_SCORE).to_bytes(4, "little")
    b[12:16] = min(m.game_number, MAX_GAMES).to_bytes(4, "little")
    b[16] = _log2(m.cube_max)
    b[17] = _log2(cube.value)
    b[18] = cube.owner + 1
    b[19] = cube.offered_by + 1
    b[20] = m.resigned_by + 1
    b[21] = m.resign_kind
    b[22] = m.winner + 1
    last_winner, last_points, last_kind, last_how = m.last_game
    b[23] = last_winner + 1
    b[24] = last_kind
    b[25] = last_how
    b[26:30] = min(last_points, MAX_SCORE).to_bytes(4, "little")
    return bytes(b)

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
    problem = _inconsistency(m)
    if problem:
        raise ValueError("match state: " + problem)
    return m

def _inconsistency(m):
    """What makes this state impossible, or '' (checked on load)."""
    cube = m.cube
    if cube.value > m.cube_max:
        return "cube above its maximum"
    if cube.owner not in (CENTRED, 0, 1) or cube.offered_by not in (NOBODY, 0, 1):
        return "bad cube owner"
    if (cube.owner == CENTRED) != (cube.value == 1):
        return "cube owner and value disagree"
    if cube.beavered and (cube.offered_by == NOBODY or not m.money() or not m.beavers):
        return "bad beaver"
    if cube.dropped and cube.offered_by == NOBODY:
        return "pass without a double"
    if m.resigned_by not in (NOBODY, 0, 1) or (m.resigned_by == NOBODY) != (m.resign_kind == 0):
        return "bad resignation"
    if m.resign_kind > BACKGAMMON:
        return "bad resignation"
    if m.winner not in (NOBODY, 0, 1) or m.last_game[0] not in (NOBODY, 0, 1):
        return "bad winner"
    if m.last_game[2] > BACKGAMMON or m.last_game[3] > BY_RESIGNATION:
        return "bad last game"
    if m.game_number < 1:
        return "bad game number"
    if m.money():
        if m.crawford or m.post_crawford or m.winner != NOBODY:
            return "Crawford or a winner in money play"
    elif m.winner != NOBODY:
        if m.score[m.winner] < m.length:
            return "winner short of the match length"
        if m.score[other(m.winner)] >= m.length:
            return "both players reach the match length"
        if m.score[m.winner] > m.length - 1 + 3 * m.cube_max:
            return "winner past the match length by more than a game"
    elif m.score[0] >= m.length or m.score[1] >= m.length:
        return "score reaches the length but no winner"
    if m.crawford and m.post_crawford:
        return "Crawford and post-Crawford at once"
    if m.crawford and m.winner == NOBODY and m.length - 1 not in m.score:
        # (a match won in its Crawford game keeps the flag: the leader is past it then)
        return "Crawford game with nobody one point away"
    score = m.score
    if max(score) > MAX_SCORE or m.game_number > MAX_GAMES:
        return "score or game number beyond %d" % MAX_SCORE
    # (no bound of the games by the points won: a game the ghost won counts none, seed
    # 003, and a snapshot after it was refused at power-up: issue 26)
    last_winner, last_points, last_kind, last_how = m.last_game
    if last_winner == NOBODY:
        if last_points or last_kind or score != [0, 0] or m.game_number != 1:
            return "a score without a last game"
    elif last_points > 3 * m.cube_max or last_points > score[last_winner]:
        return "bad last game"
    if m.cube.crawford and (m.cube.value != 1 or m.cube.offered_by != NOBODY):
        return "the cube turned in the Crawford game"
    return ""


def _log2(n):
    bits = 0
    while n > 1:
        n >>= 1
        bits += 1
    return bits
