"""The board's positions and plays in bgammon.org's terms, and back (issue 29): the one
mapping the online bridge (host_tools/cmd_online.py) and its tests use. Pure functions, no
import beyond the language (it runs on MicroPython too, for the companion page).

bgammon.org (its PROTOCOL.md, board.go, game.go) shows every client the game from its own
side, as player 1: the `board` event's `Board` is 28 signed counts,

    0        your borne-off checkers          25  the opponent's borne-off (negative)
    1..24    the points from your side (you move 24 -> 1); yours positive, theirs negative
    26       your bar                         27  the opponent's bar (negative)

and a move is `from/to` in that numbering with the words `bar` (26) and `off` (0). The
board (GNU Backgammon's layout, firmware/bg/position.py) numbers each side's points from
its own side: `me[p - 1]` our checkers on our point p (me[24] the bar), `opp[q - 1]` the
opponent's on *their* point q, which is our point 25 - q; in plays 25 is the bar and 0 off.
So our own moves keep their numbers (bar 25 <-> 26) and the opponent's are turned round:
their point q is our 25 - q, their bar our 27, their off our 25.
"""

BAR = 26            # your bar in bgammon's numbering
OPP_BAR = 27        # the opponent's bar
OFF = 0             # your borne-off checkers
OPP_OFF = 25        # the opponent's borne-off checkers
SPACES = 28
WORDS = {"bar": BAR, "b": BAR, "off": OFF, "o": OFF, "home": OFF, "h": OFF}


class MappingError(ValueError):
    """A board or a move that bgammon's numbering cannot hold (a count out of range, a
    space past 27, a move in the wrong direction): says which."""


def position_from_board(board):
    """(me, opp) as the board's two 25-byte arrays (firmware/bg/position.py, me the side
    the board is seen from) for a `board` event's 28 counts. Raises MappingError for a
    board that is not 28 counts or holds more than 15 checkers a side."""
    if not isinstance(board, (list, tuple)) or len(board) != SPACES:
        raise MappingError("a board is 28 counts, not %r" % (board,))
    me, opp = bytearray(25), bytearray(25)
    for p in range(1, 25):
        n = board[p]
        if not isinstance(n, int):
            raise MappingError("space %d holds %r, not a count" % (p, n))
        if n > 0:
            me[p - 1] = n
        elif n < 0:
            opp[24 - p] = -n          # our point p is their 25 - p
    me[24] = abs(board[BAR])
    opp[24] = abs(board[OPP_BAR])
    for side, off, who in ((me, board[OFF], "your"), (opp, board[OPP_OFF], "the opponent's")):
        if sum(side) + abs(off) > 15:
            raise MappingError("%s side holds %d checkers" % (who, sum(side) + abs(off)))
    return me, opp


def board_from_position(me, opp):
    """The 28 counts bgammon shows the side `me` for the board's arrays (the inverse of
    position_from_board; the borne-off counts are what is missing of 15)."""
    b = [0] * SPACES
    for p in range(1, 25):
        if me[p - 1]:
            b[p] = me[p - 1]
        if opp[24 - p]:
            b[p] = -opp[24 - p]
    b[BAR] = me[24]
    b[OPP_BAR] = -opp[24]
    b[OFF] = 15 - sum(me)
    b[OPP_OFF] = -(15 - sum(opp))
    return b


def flipped(board):
    """The same `board` seen by the other player (what the server does for player 2):
    points turned round, bars and borne-off swapped, the signs changed."""
    out = [0] * SPACES
    for s in range(SPACES):
        out[flip_space(s)] = -board[s]
    return out


def flip_space(s):
    """A space seen from the other side: point p <-> 25 - p, the bars and the offs swap."""
    if 1 <= s <= 24:
        return 25 - s
    return {OFF: OPP_OFF, OPP_OFF: OFF, BAR: OPP_BAR, OPP_BAR: BAR}[s]


def own_step(frm, to):
    """One of our steps in the board's numbering (25 bar, 0 off) -> bgammon's (from, to)."""
    if not (1 <= frm <= 25 and 0 <= to <= 24 and to < frm):
        raise MappingError("not a step of ours: %s/%s" % (frm, to))
    return (BAR if frm == 25 else frm, to)


def move_command(steps):
    """The `move` command for our play: steps [(from, to)] in the board's numbering, e.g.
    [(25, 22), (6, 0)] -> 'move bar/22 6/off'. None for a play of no step (the turn is
    ended by `ok` alone)."""
    if not steps:
        return None
    return "move " + " ".join(space_word(f) + "/" + space_word(t)
                              for f, t in (own_step(f, t) for f, t in steps))


def space_word(s):
    """bgammon's word for one of our spaces in a move: 'bar', 'off' or the number."""
    return "bar" if s == BAR else "off" if s == OFF else str(s)


def parse_space(word):
    """bgammon's ParseSpace: a number, or bar/b, off/o/home/h; -1 for anything else."""
    w = word.lower()
    if w in WORDS:
        return WORDS[w]
    try:
        return int(w)
    except ValueError:
        return -1


def parse_moves(text):
    """bgammon's `move` arguments ('bar/22 6/off') -> [(from, to)] in its numbering.
    Raises MappingError for an argument that is not FROM/TO."""
    out = []
    for arg in text.split():
        parts = arg.split("/")
        if len(parts) != 2:
            raise MappingError("not FROM/TO: %r" % arg)
        f, t = parse_space(parts[0]), parse_space(parts[1])
        if f < 0 or t < 0:
            raise MappingError("not FROM/TO: %r" % arg)
        out.append((f, t))
    return out


def opponent_steps(moves):
    """The opponent's steps as bgammon reports them to us (a `board`'s `Moves` or a
    `moved` event's, in our numbering: they move 1 -> 24, from our 27 and to our 25) ->
    steps in the opponent's own numbering, as the board writes their play (25 bar, 0 off).
    Raises MappingError for a step that is not an opponent's forward move."""
    out = []
    for m in moves:
        if not isinstance(m, (list, tuple)) or len(m) != 2:
            raise MappingError("not a move: %r" % (m,))
        f, t = m
        if f == OPP_BAR:
            frm = 25
        elif isinstance(f, int) and 1 <= f <= 24:
            frm = 25 - f
        else:
            raise MappingError("the opponent cannot move from %r" % (f,))
        if t == OPP_OFF:
            to = 0
        elif isinstance(t, int) and 1 <= t <= 24:
            to = 25 - t
        else:
            raise MappingError("the opponent cannot move to %r" % (t,))
        if to >= frm:
            raise MappingError("not a forward move of the opponent: %r" % (m,))
        out.append((frm, to))
    return out


def own_steps(moves):
    """Our own steps as bgammon reports them (from 26, to 0) -> the board's numbering."""
    out = []
    for f, t in moves:
        frm = 25 if f == BAR else f
        if not (1 <= frm <= 25 and 0 <= t <= 24 and t < frm):
            raise MappingError("not a move of ours: %r" % ([f, t],))
        out.append((frm, t))
    return out


def play_text(steps):
    """Steps in the board's numbering as the board's `seat play` reads them:
    [(25, 22), (6, 0)] -> 'bar/22 6/off' (one step a die; the board's notation parser
    takes this form as well as GNU Backgammon's grouped one)."""
    return " ".join(("bar" if f == 25 else str(f)) + "/" + ("off" if t == 0 else str(t))
                    for f, t in steps)


def cancel_undone(moves):
    """A turn's steps as reported one `moved` at a time, with the steps a player took back
    (bgammon's undo: the reverse move) removed: what stands at the end."""
    out = []
    for f, t in moves:
        if out and out[-1] == (t, f):
            out.pop()
        else:
            out.append((f, t))
    return out
