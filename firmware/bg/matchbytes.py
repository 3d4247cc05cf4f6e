"""A Match's saved state (32 bytes) and its GNU Backgammon match ID fields: code the board
runs only when it saves or resumes a snapshot or is asked for the IDs, so bg.match loads it
for the call and forgets it (firmware/lazy.py) instead of keeping it in the heap.

The functions take the Match as `self`: they are bg.match.Match's methods, kept apart.
"""
from bg.cube import CENTRED, NOBODY, other
from bg.scoring import BACKGAMMON
from bg.match import STATE_SIZE, STATE_VERSION, BY_RESIGNATION


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
    b[4:8] = self.score[0].to_bytes(4, "little")
    b[8:12] = self.score[1].to_bytes(4, "little")
    b[12:16] = self.game_number.to_bytes(4, "little")
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
    b[26:30] = last_points.to_bytes(4, "little")
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
    problem = inconsistency(m)
    if problem:
        raise ValueError("match state: " + problem)
    return m


def inconsistency(self):
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
    elif self.score[0] >= self.length or self.score[1] >= self.length:
        return "score reaches the length but no winner"
    if self.crawford and self.post_crawford:
        return "Crawford and post-Crawford at once"
    if self.crawford and self.length - 1 not in self.score:
        return "Crawford game with nobody one point away"
    return ""


def _log2(n):
    bits = 0
    while n > 1:
        n >>= 1
        bits += 1
    return bits
