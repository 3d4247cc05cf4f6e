"""The Table's whole state in a few bytes, saved after every turn, cube action, resignation
and game end, so that a power cut never loses more than the turn in progress.

Layout: b"TS", version, phase, on_roll + 1, die 1, die 2, opening die of each player, how
the last game ended, the board (50 bytes: White's 25 counts then Black's, each in its own
numbering, bar last), the match (bg.match, 32 bytes), the settings (game.settings), the
clocks (game.clock, 13 bytes), the last move (count, then up to 8 LED indices), the record
line count (4 bytes: the Table's rec_seq, which matches the record to the state after a
power cut, docs/persistence.md; version 2), the seats (2 bytes: a person 0, or the board's
level 1..3 or the computer on USB, game/table.py; version 3), the settings added since (game.settings beyond
its first OLD_SETTINGS = 11: grading, version 4), and a Fletcher-16 checksum of everything before
it. Version 1 (no line count, 4 bytes shorter) is still read, as count 0; versions 1
and 2 (no seats) as two persons; versions 1 to 3 with the later settings at their defaults
(grading off). hw/store.py
adds its own CRC and the atomic rename; the checksum here guards a snapshot handed over by
any other way.
To extend it: bump VERSION, append the new fields before the checksum, and give the new
size in SIZES; restore() still reads every version in SIZES (the checksum is always the
last 2 bytes).

A snapshot is checked for what it means, not only for its checksum (issue 8): restore()
refuses, with a ValueError saying why, any state the Table cannot reach. The invariants
(each tested in tests/portable/test_snapshot_invariants.py):
  S1  size, magic, version, checksum
  S2  a known phase; the player on roll is nobody exactly before the opening is decided
  S3  dice 1..6, both or none; rolled in moving / no-move, not before the roll or in a double
  S4  opening dice 0..6: none while setting up, at most one (or a tie undone) during the
      opening roll, two different ones once it is decided, won by the player on roll in
      the opening reroll
  S5  how the last game ended is a known way
  S6  the board: at most 15 checkers a side, one colour a point; the start position while
      setting up and until the first play; in play, each side still has checkers
  S7  game over: all 15 of a side off exactly when the game ended by play
  S8  match over exactly when the match has a winner
  S9  a double waits exactly in the double phase (offered by the player on roll, or beavered);
      a resignation only in play (before the roll, moving, no move)
  S10 match play has neither beavers nor Jacoby
  S11 clocks: a known mode, no reserve or allowance beyond the mode's, all zero when off,
      full before the opening is decided, no empty reserve while a game is played
  S12 the last move: up to 4 moves as LED pairs (0..26), none before the first play
  S13 moving: some dice can be played; no move: none can
  S15 each seat is a person, one of the board's three levels or the computer on USB (an
      absent player's: not a person)
  S14 the settings' values are known (game.settings), the match is consistent (bg.match:
      cube value within its maximum and owner, Crawford, scores, game number and last game
      within what a later save can write)
"""
from bg.position import Position
from bg.match import Match
from bg.matchsave import STATE_SIZE
from bg.cube import NOBODY
from game.settings import Settings, SPEC
from game.clock import Clock

MAGIC = b"TS"
VERSION = 4
OLD_SETTINGS = 11      # the settings before version 4 (game.settings' money .. lang), in their place
_HEAD = 10
_BOARD = _HEAD
_MATCH = _BOARD + 50
_SETTINGS = _MATCH + STATE_SIZE
_CLOCK = _SETTINGS + OLD_SETTINGS
_LAST = _CLOCK + 13
_SEQ = _LAST + 9
_SEATS = _SEQ + 4
_MORE = _SEATS + 2                       # the settings after the first OLD_SETTINGS (version 4)
_SUM = _MORE + len(SPEC) - OLD_SETTINGS
SIZE = _SUM + 2
# the size of each version this firmware reads (1: no line count, 2: no seats, 3: no later settings)
SIZES = {1: _SEQ + 2, 2: _SEATS + 2, 3: _MORE + 2, 4: SIZE}


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
    settings = t.settings.to_bytes()
    b[_SETTINGS:_CLOCK] = settings[:OLD_SETTINGS]
    b[_MORE:_SUM] = settings[OLD_SETTINGS:]
    b[_CLOCK:_LAST] = clock_bytes(t.clock)
    lm = t.last_move
    b[_LAST] = len(lm)
    b[_LAST + 1:_LAST + 1 + len(lm)] = lm
    b[_SEQ:_SEATS] = (t.rec_seq & 0xFFFFFFFF).to_bytes(4, "little")
    for p in (0, 1):               # the seat (0..3), away (bit 2), the ghost played (bit 3),
        s = t.seats[p]             # the line (bit 4; seat bits 0: SEAT_USB, 1: SEAT_ONLINE)
        b[_SEATS + p] = (s & 3) | t.away[p] << 2 | t.ghosted[p] << 3 | (s >> 2) << 4
    b[_SUM:_SUM + 2] = fletcher16(memoryview(b)[:_SUM]).to_bytes(2, "little")
    return bytes(b)


def _check(cond, what):
    if not cond:
        raise ValueError("saved game: " + what)


def restore(data):
    """The state saved in `data`, checked: (phase, on_roll, dice, opening, how the last game
    ended, board, match, settings, last move, record line count, clock), for the Table to
    take up (game/table.py); ValueError saying what is wrong."""
    from game import phases as T
    # S1
    _check(isinstance(data, (bytes, bytearray)) and len(data) >= SIZES[1],
           "expected %d bytes" % SIZE)
    _check(data[0:2] == MAGIC, "not a Tablier snapshot")
    _check(data[2] in SIZES, "version %d, this firmware reads %d" % (data[2], VERSION))
    _check(len(data) == SIZES[data[2]], "expected %d bytes" % SIZES[data[2]])
    _check(int.from_bytes(data[-2:], "little") == fletcher16(memoryview(data)[:-2]),
           "checksum mismatch")
    phase, on_roll, d1, d2 = data[3], data[4] - 1, data[5], data[6]
    o1, o2, how = data[7], data[8], data[9]
    # S2, S3
    _check(phase < T.PHASES, "bad phase")
    _check(on_roll in (NOBODY, 0, 1), "bad player on roll")
    deciding = phase == T.SETUP or phase == T.OPENING
    _check((on_roll == NOBODY) == deciding, "a player on roll before the opening roll"
           if deciding else "a turn without a player")
    _check(d1 <= 6 and d2 <= 6 and (d1 == 0) == (d2 == 0), "bad dice")
    if phase in (T.MOVING, T.NO_MOVE):
        _check(d1, "moving without dice")
    elif phase < T.MOVING:
        _check(not d1, "dice rolled before the roll")
    # S4, S5
    _check(o1 <= 6 and o2 <= 6 and how <= T.HOW_TIME, "bad opening or end")
    if phase == T.SETUP:
        _check(not (o1 or o2), "opening dice while setting up")
    elif phase == T.OPENING:
        _check(not (o1 and o2), "an opening roll decided but not played")
    else:
        _check(o1 and o2 and o1 != o2, "a game without an opening roll")
    if phase == T.OPENING_REROLL:
        _check((0 if o1 > o2 else 1) == on_roll, "the opening reroll for the wrong player")
    # S6, S7
    board = Position(data[_BOARD:_BOARD + 25], data[_BOARD + 25:_MATCH])
    _check(board.validate() is None, "impossible position")
    over = phase == T.GAME_OVER or phase == T.MATCH_OVER
    if phase <= T.OPENING_REROLL:
        _check(board == Position.start(), "a board in play before the first move")
    finished = sum(board.me) == 0 or sum(board.opp) == 0
    if over:
        _check(finished == (how == T.HOW_PLAY), "a game over that does not match its board")
    else:
        _check(not finished, "all checkers of a side off in a game in play")
    # S14 (bg.match, game.settings), S8, S9, S10
    match = Match.from_bytes(bytes(data[_MATCH:_SETTINGS]))
    version = data[2]
    later = data[_MORE:_SUM] if version >= 4 else Settings().to_bytes()[OLD_SETTINGS:]
    settings = Settings.from_bytes(bytes(data[_SETTINGS:_CLOCK]) + bytes(later))
    _check((phase == T.MATCH_OVER) == (match.winner != NOBODY),
           "match over without a winner" if phase == T.MATCH_OVER else "a winner but play goes on")
    cube = match.cube
    if phase == T.DOUBLED:
        _check(cube.offered_by != NOBODY and not cube.dropped, "a double without an offer")
        _check(cube.offered_by == on_roll or cube.beavered, "a double by the wrong player")
    else:
        _check(cube.offered_by == NOBODY or (cube.dropped and phase == T.MATCH_OVER),
               "a double waiting outside the double phase")
    if match.resigned_by != NOBODY:
        _check(T.PRE_ROLL <= phase <= T.NO_MOVE and phase != T.DOUBLED,
               "a resignation outside play")
    _check(match.money() or not (match.beavers or match.jacoby), "beavers or Jacoby in a match")
    clock, last, rec_seq, seats = _turn_fields(data, phase, on_roll, d1, d2, deciding, over,
                                                board, version)
    return (phase, on_roll, (d1, d2), bytearray(data[7:9]), how, board, match, settings, last,
            rec_seq, clock, seats)


def _turn_fields(data, phase, on_roll, d1, d2, deciding, over, board, version):
    """restore's second half (S11 to S15): (clock, last move, record line count, seats),
    checked. Two functions rather than one: the Pico loads each one's code as one block,
    and its heap's free blocks are small."""
    from game import phases as T
    # S11
    clock = clock_of(data[_CLOCK:_LAST], NOBODY)
    full = Clock(clock.mode)
    _check(max(clock.reserve) <= full.reserve[0] and clock.turn_left <= full.turn_ms,
           "clock times beyond what its mode allows")
    if deciding:
        _check(clock.reserve == full.reserve and clock.turn_left == full.turn_ms,
               "clock time used before the opening roll")
    elif not over and clock.enabled():
        _check(min(clock.reserve) > 0, "an empty clock in a game in play")
    # S12
    n = data[_LAST]
    _check(n <= 8 and n % 2 == 0, "bad last move")
    last = bytes(data[_LAST + 1:_LAST + 1 + n])
    for x in last:
        _check(x <= 26, "bad last move")
    if phase <= T.OPENING_REROLL:
        _check(n == 0, "a last move before the first play")
    # S13
    if phase == T.MOVING or phase == T.NO_MOVE:
        from bg.judge import max_dice
        me, opp = (board.me, board.opp) if on_roll == 0 else (board.opp, board.me)
        movable = max_dice(bytearray(me), bytearray(opp), (d1,) * 4 if d1 == d2 else (d1, d2))
        _check((movable > 0) == (phase == T.MOVING),
               "moving with no legal move" if phase == T.MOVING else "no move with a legal move")
    rec_seq = int.from_bytes(data[_SEQ:_SEATS], "little") if version >= 2 else 0
    seats = bytearray(data[_SEATS:_MORE]) if version >= 3 else bytearray(2)
    # S15
    for x in seats:
        _check(x < 32 and not (x & 16 and x & 2), "a seat that is neither a person, a level, USB nor online")
        _check(not x >> 2 & 1 or x & 19, "an absent player with no ghost in the seat")
    return clock, last, rec_seq, seats


# The clock's 13 bytes (S11): here, not in game/clock.py, since only a save and a resumption
# need them and this module is loaded for those alone (the Clock stays in the heap).
def clock_bytes(c):
    """A Clock as its 13 saved bytes: mode and seed 003's slow flags, both reserves, the
    allowance left."""
    b = bytearray(13)
    b[0] = c.mode | c.slow[0] << 4 | c.slow[1] << 5   # slow: seed 003's rule
    b[1:5] = c.reserve[0].to_bytes(4, "little")
    b[5:9] = c.reserve[1].to_bytes(4, "little")
    b[9:13] = c.turn_left.to_bytes(4, "little")
    return bytes(b)


def clock_of(data, running):
    """The Clock saved as `data` (clock_bytes), charging `running`; ValueError if damaged."""
    if len(data) != 13 or data[0] & 15 > 2 or data[0] >> 6:
        raise ValueError("clock: bad data")
    c = Clock(data[0] & 15)
    c.slow = [bool(data[0] >> 4 & 1), bool(data[0] >> 5 & 1)]
    c.reserve = [int.from_bytes(data[1:5], "little"), int.from_bytes(data[5:9], "little")]
    c.turn_left = int.from_bytes(data[9:13], "little")
    if c.turn_left > c.turn_ms or max(c.reserve) > 120000:
        raise ValueError("clock: times out of range")
    # the running turn's start is not saved: after a power cut it counts from the
    # allowance left (the reserve it had used is forgiven, in the player's favour)
    c.given = c.turn_ms if c.turn_left else 0
    c.running = running
    return c
