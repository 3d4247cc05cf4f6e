"""GNU Backgammon position IDs and match IDs, encoded and decoded exactly like gnubg.

Position ID: a 10-byte key written as 14 base64 characters. The key is a bit string,
packed little-endian (bit k is bit k%8 of byte k//8): first the opponent's side, then
the side on roll (gnubg's anBoard[0], anBoard[1]); for each side, points 1..24 and then
the bar, each as one 1-bit per checker followed by a 0-bit. Start: '4HPwATDgc/ABMA'.

Match ID: a 66-bit key in 9 bytes, written as 12 base64 characters. Fields, from bit 0:
cube log2 (4), cube owner (2: 0, 1, or 3 = centred), player on roll (1), Crawford (1),
game state (3), turn (1), double offered (1), resignation (2), die 1 (3), die 2 (3),
match length (15, 0 = money), score of player 0 (15), score of player 1 (15), and
bit 66 = 1 when the Jacoby rule is off (gnubg 1.x; older IDs leave it 0). gnubg writes the
larger die first; so do we.

Base64 is done by hand: MicroPython builds may lack binascii, and gnubg drops the '='.
Bad text raises ValueError with a message that says what is wrong.
"""
from bg.position import Position

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

POSITION_ID_LEN = 14
MATCH_ID_LEN = 12

# Game states (bits 9-11 of the match key), gnubg's names in the comments.
GAME_NONE = 0       # no game started
GAME_PLAYING = 1
GAME_OVER = 2
GAME_RESIGNED = 3
GAME_DROP = 4       # ended by a dropped cube

# Resignation values: what the resigning player offers.
RESIGN_NONE = 0
RESIGN_SINGLE = 1
RESIGN_GAMMON = 2
RESIGN_BACKGAMMON = 3

CENTRED = -1        # cube owner when nobody owns the cube


def _b64encode(data, nchars):
    """The first `nchars` characters of the standard base64 text of `data` (no padding)."""
    out = []
    n = len(data)
    for i in range(0, n, 3):
        b0 = data[i]
        b1 = data[i + 1] if i + 1 < n else 0
        b2 = data[i + 2] if i + 2 < n else 0
        out.append(_ALPHABET[b0 >> 2])
        out.append(_ALPHABET[((b0 & 3) << 4) | (b1 >> 4)])
        out.append(_ALPHABET[((b1 & 15) << 2) | (b2 >> 6)])
        out.append(_ALPHABET[b2 & 63])
    return "".join(out[:nchars])


def _b64decode(text, nchars, nbytes, what):
    """Bytes of a gnubg base64 text of exactly `nchars` characters; ValueError otherwise."""
    if not isinstance(text, str):
        raise ValueError("%s must be text, not %s" % (what, type(text).__name__))
    text = text.strip()
    if len(text) != nchars:
        raise ValueError("%s must be %d characters long, got %d: %r" % (what, nchars, len(text), text))
    bits = 0
    for ch in text:
        v = _ALPHABET.find(ch)
        if v < 0:
            raise ValueError("%s contains %r, which is not a base64 character: %r" % (what, ch, text))
        bits = (bits << 6) | v
    spare = nchars * 6 - nbytes * 8
    if bits & ((1 << spare) - 1):
        raise ValueError("%s has non-zero padding bits at its end: %r" % (what, text))
    bits >>= spare
    out = bytearray(nbytes)
    for i in range(nbytes - 1, -1, -1):
        out[i] = bits & 255
        bits >>= 8
    return out


# ---------------------------------------------------------------- position ID

def position_key(pos):
    """The 10-byte gnubg key of `pos` (opponent's side first, then the side on roll)."""
    key = bytearray(10)
    bit = 0
    for side in (pos.opp, pos.me):
        if sum(side) > 15:
            raise ValueError("%s has more than 15 checkers: no position ID exists" %
                             ("the player on roll" if side is pos.me else "the opponent"))
        for i in range(25):
            for _ in range(side[i]):
                key[bit >> 3] |= 1 << (bit & 7)
                bit += 1
            bit += 1  # the 0-bit closing this point (already 0)
    return key


def position_id(pos):
    """GNU Backgammon's 14-character position ID of `pos` (the side on roll is `pos.me`)."""
    return _b64encode(position_key(pos), POSITION_ID_LEN)


def position_from_key(key):
    """Position from a 10-byte key; ValueError if it holds no valid position."""
    sides = (bytearray(25), bytearray(25))    # opponent, side on roll: gnubg's order
    s = point = 0
    count = 0
    for bit in range(80):
        if key[bit >> 3] >> (bit & 7) & 1:
            if s >= 2:
                raise ValueError("position ID has checkers after the last point")
            sides[s][point] += 1
            count += 1
            if count > 15:
                raise ValueError("position ID gives %s more than 15 checkers" %
                                 ("the opponent" if s == 0 else "the player on roll"))
        else:
            if s >= 2:
                continue
            point += 1
            if point == 25:
                s += 1
                point = 0
                count = 0
    if s < 2:
        raise ValueError("position ID ends before both sides are complete")
    pos = Position(sides[1], sides[0])
    reason = pos.validate()
    if reason is not None:
        raise ValueError("position ID holds an impossible position: %s %r" % (reason[0], reason[1]))
    return pos


def position_from_id(text):
    """Position from a 14-character position ID; ValueError with a reason if it is invalid."""
    return position_from_key(_b64decode(text, POSITION_ID_LEN, 10, "position ID"))


# ---------------------------------------------------------------- match ID

class MatchState:
    """What a match ID holds. Players are 0 and 1 as in gnubg; `on_roll` owns the dice,
    `turn` is who must act now (differs from on_roll while a double or resignation is
    pending). cube_owner is 0, 1 or CENTRED (-1). dice (0, 0) = not rolled yet, else
    larger die first. match_length 0 = money play. jacoby: the Jacoby rule (money only)."""

    def __init__(self, cube_value=1, cube_owner=CENTRED, on_roll=0, crawford=False,
                 game_state=GAME_PLAYING, turn=None, doubled=False, resigned=RESIGN_NONE,
                 dice=(0, 0), match_length=0, score=(0, 0), jacoby=True):
        self.cube_value = cube_value
        self.cube_owner = cube_owner
        self.on_roll = on_roll
        self.crawford = bool(crawford)
        self.game_state = game_state
        self.turn = on_roll if turn is None else turn
        self.doubled = bool(doubled)
        self.resigned = resigned
        # gnubg stores and reports the larger die first
        self.dice = (dice[0], dice[1]) if dice[0] >= dice[1] else (dice[1], dice[0])
        self.match_length = match_length
        self.score = (score[0], score[1])
        self.jacoby = bool(jacoby)

    def fields(self):
        return (self.cube_value, self.cube_owner, self.on_roll, self.crawford, self.game_state,
                self.turn, self.doubled, self.resigned, self.dice, self.match_length, self.score,
                self.jacoby)

    def __eq__(self, other):
        return isinstance(other, MatchState) and self.fields() == other.fields()

    def __repr__(self):
        return ("MatchState(cube_value=%d, cube_owner=%d, on_roll=%d, crawford=%r, game_state=%d, "
                "turn=%d, doubled=%r, resigned=%d, dice=%r, match_length=%d, score=%r, jacoby=%r)"
                % self.fields())


def _check_range(name, value, low, high):
    if not isinstance(value, int):
        raise ValueError("%s must be an integer, got %r" % (name, value))
    if value < low or value > high:
        raise ValueError("%s must be between %d and %d, got %d" % (name, low, high, value))


def _check_consistent(length, score, crawford):
    """gnubg's own checks when reading a match ID: scores within the match, no money Crawford."""
    if length:
        if score[0] > length or score[1] > length:
            raise ValueError("score %d-%d is beyond the match length %d" % (score[0], score[1], length))
    elif crawford:
        raise ValueError("money play (match length 0) has no Crawford game")


def match_key(state):
    """The 9-byte gnubg match key of a MatchState; ValueError if a field cannot be encoded."""
    cube = state.cube_value
    log2 = 0
    while (1 << log2) < cube and log2 < 16:
        log2 += 1
    if not isinstance(cube, int) or (1 << log2) != cube or log2 > 15:
        raise ValueError("cube value must be a power of two from 1 to 32768, got %r" % (cube,))
    if state.cube_owner not in (CENTRED, 0, 1):
        raise ValueError("cube owner must be 0, 1 or -1 (centred), got %r" % (state.cube_owner,))
    for name in ("on_roll", "turn"):
        if getattr(state, name) not in (0, 1):
            raise ValueError("%s must be player 0 or 1, got %r" % (name, getattr(state, name)))
    _check_range("game state", state.game_state, 0, 4)
    _check_range("resignation", state.resigned, 0, 3)
    d1, d2 = state.dice
    _check_range("die 1", d1, 0, 6)
    _check_range("die 2", d2, 0, 6)
    if (d1 == 0) != (d2 == 0):
        raise ValueError("dice must be both rolled or both 0, got %r" % (state.dice,))
    _check_range("match length", state.match_length, 0, 32767)
    _check_range("score of player 0", state.score[0], 0, 32767)
    _check_range("score of player 1", state.score[1], 0, 32767)
    _check_consistent(state.match_length, state.score, state.crawford)
    fields = (
        (log2, 4), (3 if state.cube_owner == CENTRED else state.cube_owner, 2),
        (state.on_roll, 1), (1 if state.crawford else 0, 1), (state.game_state, 3),
        (state.turn, 1), (1 if state.doubled else 0, 1), (state.resigned, 2),
        (max(d1, d2), 3), (min(d1, d2), 3), (state.match_length, 15),
        (state.score[0], 15), (state.score[1], 15), (0 if state.jacoby else 1, 1),
    )
    key = bytearray(9)
    bit = 0
    for value, width in fields:
        for i in range(width):
            if value >> i & 1:
                key[bit >> 3] |= 1 << (bit & 7)
            bit += 1
    return key


def match_id(state):
    """GNU Backgammon's 12-character match ID of a MatchState."""
    return _b64encode(match_key(state), MATCH_ID_LEN)


def match_from_key(key):
    """MatchState from a 9-byte match key; ValueError if a field is out of range."""
    pos = [0]

    def take(width):
        value = 0
        for i in range(width):
            bit = pos[0] + i
            if key[bit >> 3] >> (bit & 7) & 1:
                value |= 1 << i
        pos[0] += width
        return value

    log2, owner, on_roll, crawford = take(4), take(2), take(1), take(1)
    game_state, turn, doubled, resigned = take(3), take(1), take(1), take(2)
    d1, d2, length, s0, s1 = take(3), take(3), take(15), take(15), take(15)
    no_jacoby = take(1)
    if take(5):
        raise ValueError("match ID has bits set after the 67 used ones")
    if owner == 2:
        raise ValueError("match ID has an invalid cube owner (binary 10)")
    if game_state > 4:
        raise ValueError("match ID has an invalid game state %d (0-4 exist)" % game_state)
    if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
        raise ValueError("match ID has invalid dice %d-%d" % (d1, d2))
    _check_consistent(length, (s0, s1), crawford)
    return MatchState(1 << log2, CENTRED if owner == 3 else owner, on_roll, crawford == 1,
                      game_state, turn, doubled == 1, resigned, (d1, d2), length, (s0, s1),
                      not no_jacoby)


def match_from_id(text):
    """MatchState from a 12-character match ID; ValueError with a reason if it is invalid."""
    return match_from_key(_b64decode(text, MATCH_ID_LEN, 9, "match ID"))


def gnubg_id(pos, state):
    """'PositionID:MatchID', the form gnubg's `set gnubgid` reads."""
    return position_id(pos) + ":" + match_id(state)


def from_gnubg_id(text):
    """(Position, MatchState) from 'PositionID:MatchID'."""
    if not isinstance(text, str) or text.count(":") != 1:
        raise ValueError("a gnubg ID is 'PositionID:MatchID' (14 + 12 characters), got %r" % (text,))
    p, m = text.strip().split(":")
    return position_from_id(p), match_from_id(m)
