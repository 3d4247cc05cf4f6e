"""The Table's whole state in a few bytes, saved after every turn, cube action, resignation
and game end, so that a power cut never loses more than the turn in progress.

Layout: b"TS", version, phase, on_roll + 1, die 1, die 2, opening die of each player, how
the last game ended, the board (50 bytes: White's 25 counts then Black's, each in its own
numbering, bar last), the match (bg.match, 32 bytes), the settings (game.settings), the
clocks (game.clock, 13 bytes), the last move (count, then up to 8 LED indices), the record
line count (4 bytes: the Table's rec_seq, which matches the record to the state after a
power cut, docs/persistence.md), and a Fletcher-16 checksum of everything before it.
Version 1 (no line count, 4 bytes shorter) is still read, as count 0. firmware/store.py
adds its own CRC and the atomic rename; the checksum here guards a snapshot handed over by
any other way.
"""
from bg.position import Position
from bg.match import Match, STATE_SIZE
from bg.cube import NOBODY
from game.settings import Settings, SPEC
from game.clock import Clock

MAGIC = b"TS"
VERSION = 2
_HEAD = 10
_BOARD = _HEAD
_MATCH = _BOARD + 50
_SETTINGS = _MATCH + STATE_SIZE
_CLOCK = _SETTINGS + len(SPEC)
_LAST = _CLOCK + 13
_SEQ = _LAST + 9
_SUM = _SEQ + 4
SIZE = _SUM + 2
SIZE_V1 = SIZE - 4          # version 1: no record line count


def fletcher16(data):
    a = b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return b << 8 | a


def to_bytes(t):
    b = bytearray(SIZE)
    b[0:2] = MAGIC
    b[2] = VERSION
    b[3] = t.phase
    b[4] = t.on_roll + 1
    b[5], b[6] = t.turn_dice
    b[7], b[8] = t.opening[0], t.opening[1]
    b[9] = t.end_how
    b[_BOARD:_BOARD + 25] = t.board.me
    b[_BOARD + 25:_MATCH] = t.board.opp
    b[_MATCH:_SETTINGS] = t.match.to_bytes()
    b[_SETTINGS:_CLOCK] = t.settings.to_bytes()
    b[_CLOCK:_LAST] = t.clock.to_bytes()
    lm = t.last_move
    b[_LAST] = len(lm)
    b[_LAST + 1:_LAST + 1 + len(lm)] = lm
    b[_SEQ:_SUM] = (t.rec_seq & 0xFFFFFFFF).to_bytes(4, "little")
    b[_SUM:_SUM + 2] = fletcher16(memoryview(b)[:_SUM]).to_bytes(2, "little")
    return bytes(b)


def _check(cond, what):
    if not cond:
        raise ValueError("saved game: " + what)


def restore(t, data):
    """Put the state saved in `data` into Table `t`; ValueError saying what is wrong."""
    from game import table as T
    _check(isinstance(data, (bytes, bytearray)) and len(data) in (SIZE, SIZE_V1),
           "expected %d bytes" % SIZE)
    _check(data[0:2] == MAGIC, "not a Tablier snapshot")
    _check(data[2] == VERSION or (data[2] == 1 and len(data) == SIZE_V1),
           "version %d, this firmware reads %d" % (data[2], VERSION))
    end = len(data) - 2
    _check(len(data) == (SIZE if data[2] == VERSION else SIZE_V1) and
           int.from_bytes(data[end:end + 2], "little") == fletcher16(data[:end]),
           "checksum mismatch")
    phase, on_roll, d1, d2 = data[3], data[4] - 1, data[5], data[6]
    _check(phase < T.PHASES, "bad phase")
    _check(on_roll in (NOBODY, 0, 1), "bad player on roll")
    _check(d1 <= 6 and d2 <= 6 and (d1 == 0) == (d2 == 0), "bad dice")
    _check(data[7] <= 6 and data[8] <= 6 and data[9] <= T.HOW_TIME, "bad opening or end")
    if phase in (T.MOVING, T.NO_MOVE):
        _check(d1 and on_roll != NOBODY, "moving without dice")
    if phase >= T.OPENING_REROLL and phase <= T.NO_MOVE:
        _check(on_roll != NOBODY, "a turn without a player")
    board = Position(data[_BOARD:_BOARD + 25], data[_BOARD + 25:_MATCH])
    _check(board.validate() is None, "impossible position")
    match = Match.from_bytes(bytes(data[_MATCH:_SETTINGS]))
    if phase == T.DOUBLED:
        _check(match.cube.offered_by != NOBODY, "a double without an offer")
    settings = Settings.from_bytes(data[_SETTINGS:_CLOCK])
    n = data[_LAST]
    _check(n <= 8 and n % 2 == 0, "bad last move")
    last = bytes(data[_LAST + 1:_LAST + 1 + n])
    for x in last:
        _check(x <= 26, "bad last move")
    t.phase = phase
    t.on_roll = on_roll
    t.turn_dice = (d1, d2)
    t.opening = bytearray(data[7:9])
    t.end_how = data[9]
    t.board = board
    t.match = match
    t.settings = settings
    t.last_move = last
    t.rec_seq = int.from_bytes(data[_SEQ:_SUM], "little") if end == _SUM else 0
    t.clock = Clock.from_bytes(data[_CLOCK:_LAST], NOBODY)
    if T.PRE_ROLL <= phase <= T.NO_MOVE or phase == T.OPENING_REROLL:
        t.clock.running = t.acting()
