"""GNU Backgammon (the PyPI `gnubg` package) as the rules oracle. CPython only.

What it answers, all from the engine itself:
  - results(pos, d1, d2): the set of resulting positions (Position.key() bytes) of every
    legal play, from gnubg.findbestmoves; plays whose move tuple the wrapper cut short at a
    bear-off are recovered from `hint 9999` (see ../shared/gnubg-notes.md);
  - position_id / match_ids: gnubg's own IDs for comparison with bg.ids (match IDs in a
    process of their own, see match_ids);
  - move_accepted(pos, dice, text): gnubg's `move` command, which refuses illegal plays;
  - generators of test positions (random play, bear-offs, bar-heavy, contact-heavy),
    deterministic for a given seed.

Traps handled here (checked on this machine): set threads 1 and human players before
anything else, or commands hang; gnubg prints to file descriptor 1, so its text is read by
pointing fd 1 at a file; never call gnubg.hint() (it corrupts memory); call from the main
thread only and never fork after `import gnubg` (worker pools must use 'spawn').
"""
import ctypes
import os
import re
import sys
import tempfile

from bg.position import Position

BAR = 25    # move tuples: 25 = bar, 0 = off (and gnubg's findbestmoves cuts the tuple at off)

_gnubg = None
_capture_fd = None
CUBE = EVAL = None      # gnubg cubeinfo / evalcontext, made by gnubg()
_libc = ctypes.CDLL(None)

# Money play, cube centred at 1, player 1 (gnubg's board[1], our `me`) on roll.
_CUBE_ARGS = (1, -1, 1, 0, (0, 0), 0)
_EVAL_ARGS = (0, 0, 1, 0, 0.0)      # 0-ply: only the list of plays matters here


class OracleError(Exception):
    """gnubg answered something this wrapper cannot make sense of."""


def gnubg():
    """The configured gnubg module (imported and set up on first use)."""
    global _gnubg, _capture_fd, CUBE, EVAL
    if _gnubg is None:
        import gnubg as g
        _gnubg = g
        _capture_fd, path = tempfile.mkstemp(prefix="gnubg-out-")
        os.unlink(path)     # the open descriptor is all we need; nothing left behind
        # (automatic game off: after `new session`, which another test may have run in this
        # process, a play that bears off the last checker started gnubg's next game, and
        # move_accepted read the new game's starting position)
        for cmd in ("set threads 1", "set player 0 human", "set player 1 human",
                    "set evaluation chequerplay evaluation plies 0",
                    "set automatic game off", "set sound enable off"):
            command(cmd)
        CUBE = g.cubeinfo(*_CUBE_ARGS)
        EVAL = g.evalcontext(*_EVAL_ARGS)
    return _gnubg


def command(cmd):
    """Run a gnubg command and return what it printed on fd 1."""
    g = gnubg() if _gnubg is None else _gnubg
    sys.stdout.flush()
    _libc.fflush(None)
    os.ftruncate(_capture_fd, 0)
    os.lseek(_capture_fd, 0, os.SEEK_SET)
    saved = os.dup(1)
    os.dup2(_capture_fd, 1)
    try:
        g.command(cmd)
    finally:
        _libc.fflush(None)
        os.dup2(saved, 1)
        os.close(saved)
    os.lseek(_capture_fd, 0, os.SEEK_SET)
    chunks = []
    while True:
        chunk = os.read(_capture_fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


# ---------------------------------------------------------------- conversions

def board_of(pos):
    """gnubg's board: (opponent, player on roll), each a tuple of 25 from its own view."""
    return (tuple(pos.opp), tuple(pos.me))


def position_of(board):
    return Position(board[1], board[0])


def position_id(pos):
    return gnubg().positionid(board_of(pos))


def position_from_id(pid):
    return position_of(gnubg().positionfromid(pid))


def match_ids(states):
    """gnubg's match IDs for many MatchStates, made in a fresh interpreter.

    gnubg's matchid() crashed (a segmentation fault) a pytest worker now and then in CI,
    never in a process that only makes match IDs (200,000 tries): it reads engine state
    that the commands of earlier tests (new games, moves, hints) leave behind. A process of
    its own keeps the comparison about the IDs alone, and a crash there is a failure that
    names gnubg, not a lost worker."""
    import json
    import subprocess
    lines = [json.dumps([s.cube_value, s.cube_owner, s.on_roll, s.crawford, s.game_state,
                         s.turn, s.resigned, s.doubled, list(s.dice), s.match_length,
                         list(s.score), s.jacoby]) for s in states]
    here = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run([sys.executable, os.path.join(here, "oracle_match_ids.py")],
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=300)
    if run.returncode != 0:
        raise OracleError("gnubg's matchid() process failed (%d): %s"
                          % (run.returncode, run.stderr.strip()[-400:]))
    out = run.stdout.split()
    if len(out) != len(states):
        raise OracleError("gnubg's matchid() process gave %d IDs for %d states"
                          % (len(out), len(states)))
    return out


def gnubg_id(pos, d1, d2):
    """'PositionID:MatchID' for `pos` with `me` (gnubg's player 1) on roll with d1-d2 rolled."""
    g = gnubg()
    return g.gnubgid(board_of(pos), CUBE, g.posinfo(1, 0, 0, 1, (d1, d2)))


# ---------------------------------------------------------------- legal plays

def apply_moves(pos, moves):
    """The position after checker steps (from, to) of the side on roll (25 = bar, 0 = off).

    gnubg prints a play sorted, not in playing order, so a step whose checker is not there
    yet waits for the others; the result does not depend on the order. Raises OracleError
    on a step that no order makes possible (never a silent wrong answer)."""
    me, opp = bytearray(pos.me), bytearray(pos.opp)
    todo = list(moves)
    while todo:
        for k, (frm, to) in enumerate(todo):
            if 1 <= frm <= 25 and me[frm - 1] > 0 and 0 <= to < frm:
                break
        else:
            raise OracleError("cannot apply %r to %r" % (moves, pos))
        del todo[k]
        me[frm - 1] -= 1
        if to > 0:
            if opp[24 - to] >= 2:
                raise OracleError("step %d/%d lands on a closed point in %r" % (frm, to, pos))
            if opp[24 - to] == 1:
                opp[24 - to] = 0
                opp[24] += 1
            me[to - 1] += 1
    return Position(me, opp)


def _apply_tuple(pos, t):
    """Result of a findbestmoves tuple (from, to, from, to, ...) in playing order: the fast path."""
    me, opp = bytearray(pos.me), bytearray(pos.opp)
    for i in range(0, len(t), 2):
        frm, to = t[i], t[i + 1]
        if not me[frm - 1] or to >= frm:
            return apply_moves(pos, _pairs(t))
        me[frm - 1] -= 1
        if to > 0:
            j = 24 - to
            n = opp[j]
            if n == 1:
                opp[j] = 0
                opp[24] += 1
            elif n:
                return apply_moves(pos, _pairs(t))   # raises: a closed point
            me[to - 1] += 1
    return Position(me, opp)


def _pairs(flat):
    return tuple((flat[i], flat[i + 1]) for i in range(0, len(flat) - 1, 2))


def plays(pos, d1, d2):
    """gnubg's legal plays: a list of (moves, result Position), one per distinct result;
    moves is a flat tuple (from, to, from, to...) or a tuple of (from, to) pairs.

    No legal move gives [((), pos)]. Plays the wrapper truncated at a bear-off are
    completed from `hint 9999` (costs about 10 ms: gnubg's worker thread is polled)."""
    g = gnubg()
    entries = g.findbestmoves(board_of(pos), CUBE, EVAL, (d1, d2))
    if not entries:
        return [((), pos.copy())]
    tuples = [e["move"] for e in entries]
    full = [t for t in tuples if len(t) % 2 == 0]
    steps = len(full[0]) // 2 if full else None
    out = []
    for t in tuples:
        if len(t) % 2 == 1:
            if steps is None or len(t) != 2 * steps - 1:
                return _plays_from_hint(pos, d1, d2, len(entries))
            t = t + (0,)     # cut at its last step, which bore off: nothing is lost
        out.append((t, _apply_tuple(pos, t)))
    _check_distinct(out, pos, d1, d2)
    return out


_HINT_LINE = re.compile(r"^\s*\d+\.\s+\S+\s+\S+\s+(.+?)\s+Eq\.")


def _plays_from_hint(pos, d1, d2, expected):
    g = gnubg()
    command("set gnubgid " + gnubg_id(pos, d1, d2))
    text = command("hint 9999")
    if "There are no legal moves" in text and expected <= 1:
        return [((), pos.copy())]
    out = []
    for line in text.splitlines():
        m = _HINT_LINE.match(line)
        if m:
            moves = g.parsemove(m.group(1))
            out.append((moves, apply_moves(pos, moves)))
    if len(out) != expected:
        raise OracleError("hint listed %d plays, findbestmoves %d, for %s %d%d:\n%s"
                          % (len(out), expected, position_id(pos), d1, d2, text))
    _check_distinct(out, pos, d1, d2)
    return out


def _check_distinct(out, pos, d1, d2):
    keys = set(r.key() for _, r in out)
    if len(keys) != len(out):
        raise OracleError("gnubg gave %d plays but %d distinct results for %s %d%d"
                          % (len(out), len(keys), position_id(pos), d1, d2))


def results(pos, d1, d2):
    """frozenset of Position.key() of every legal result (the unchanged position if none)."""
    return frozenset(r.key() for _, r in plays(pos, d1, d2))


def move_accepted(pos, d1, d2, text):
    """The result Position if gnubg's `move TEXT` command accepts the play, else None.

    gnubg checks the play against its own legal list ("Illegal or ambiguous move")."""
    g = gnubg()
    command("set gnubgid " + gnubg_id(pos, d1, d2))
    before = g.board()
    out = command("move " + text) if text else command("move")
    after = g.board()
    if "llegal" in out or after == before:
        return None
    # the turn has passed: board[0] is now the mover, from its own view
    return Position(after[0], after[1])


# ---------------------------------------------------------------- test positions

ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1))   # the 21 rolls


def _free(side, other, index):
    """True if `side` may stand on its index (0..23) without meeting `other` there."""
    return other[23 - index] == 0


def _place(rng, side, other, n, indices, max_stack=15):
    """Put n checkers of `side` on random allowed indices (0..24; 24 = bar)."""
    for _ in range(n):
        for _ in range(50):
            i = rng.choice(indices)
            if (i == 24 or _free(side, other, i)) and side[i] < max_stack:
                side[i] += 1
                break


def random_play(rng, count, keep=1.0, max_plies=400):
    """`count` positions met in games of random legal plays from the start (both sides
    choose uniformly among gnubg's distinct plays); each is from the side on roll. Each
    position met is kept with probability `keep` (below 1: fewer positions per game, so
    more games and every stage of a game, ~95 plies, in a short list)."""
    out = []
    pos = Position.start()
    plies = 0
    while len(out) < count:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        if plies == 0:
            while d1 == d2:   # the opening roll is never a double
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        if rng.random() < keep:
            out.append(pos)
        pos = _random_result(rng, pos, d1, d2).swapped()
        plies += 1
        if sum(pos.me) == 0 or sum(pos.opp) == 0 or plies >= max_plies:
            pos, plies = Position.start(), 0
    return out


def _random_result(rng, pos, d1, d2):
    g = gnubg()
    entries = g.findbestmoves(board_of(pos), CUBE, EVAL, (d1, d2))
    if not entries:
        return pos
    # gnubg orders by score; sort the tuples so the choice depends on the seed only
    tuples = sorted(e["move"] for e in entries)
    t = tuples[rng.randrange(len(tuples))]
    if len(t) % 2 == 0:
        return _apply_tuple(pos, t)
    found = sorted(plays(pos, d1, d2), key=lambda p: p[1].key())
    return found[rng.randrange(len(found))][1]


def bearoff(rng, count):
    """Bear-off positions: the side on roll has all its checkers home (sometimes one or two
    just outside, or one on the bar, so the bear-off starts mid-play); some already off; the
    opponent races home, or still holds points or blots in our home board (contact)."""
    out = []
    while len(out) < count:
        me, opp = bytearray(25), bytearray(25)
        kind = rng.random()
        if kind < 0.45:                    # opponent in its own home or beyond: a race
            _place(rng, opp, me, rng.randint(1, 15), list(range(0, 12)))
        else:                               # contact: opponent checkers in our home board
            _place(rng, opp, me, rng.randint(1, 6), [18, 19, 20, 21, 22, 23], max_stack=3)
            if rng.random() < 0.2:
                opp[24] += 1
            _place(rng, opp, me, rng.randint(0, 9), list(range(0, 18)))
        mine = rng.randint(1, 15)
        outside = 0
        r = rng.random()
        if r < 0.15:
            outside = rng.randint(1, 2)
            _place(rng, me, opp, outside, [6, 7, 8, 9, 10, 11])
        elif r < 0.2:
            me[24] += 1
            outside = 1
        stack = 15 if rng.random() < 0.2 else 5
        _place(rng, me, opp, mine - outside, [0, 1, 2, 3, 4, 5], max_stack=stack)
        _finish(out, me, opp)
    return out


def bar_heavy(rng, count):
    """Checkers on the bar for one or both sides, against home boards with many closed
    points (often fully closed, so some rolls cannot enter)."""
    out = []
    while len(out) < count:
        me, opp = bytearray(25), bytearray(25)
        closed = rng.randint(2, 6)
        for i in rng.sample(range(18, 24), closed):   # opponent's home = its indices 0..5
            opp[23 - i] = rng.randint(2, 3)
        n_opp = sum(opp)
        if n_opp < 15:
            opp[24] = rng.randint(0, min(3, 15 - n_opp))
            _place(rng, opp, me, rng.randint(0, 15 - sum(opp)), list(range(0, 24)), max_stack=4)
        me[24] = rng.randint(1, 4)
        left = rng.randint(0, 15 - me[24])
        _place(rng, me, opp, left, list(range(0, 24)), max_stack=4)
        _finish(out, me, opp)
    return out


def contact_heavy(rng, count):
    """Both sides spread thin over the whole board: many blots, a few points, hits everywhere."""
    out = []
    while len(out) < count:
        me, opp = bytearray(25), bytearray(25)
        for side, other in ((me, opp), (opp, me)):
            n = rng.randint(8, 15)
            _place(rng, side, other, n, list(range(0, 24)), max_stack=rng.choice((1, 2, 2, 3)))
            if rng.random() < 0.2:
                side[24] += 1
        _finish(out, me, opp)
    return out


def _finish(out, me, opp):
    """Keep a generated position if it is a game in progress."""
    if 0 < sum(me) <= 15 and 0 < sum(opp) <= 15:
        pos = Position(me, opp)
        if pos.is_valid():
            out.append(pos)


KINDS = {"random": random_play, "bearoff": bearoff, "bar": bar_heavy, "contact": contact_heavy}


def mixed_pairs(seed, n_positions, rolls_per_position=21, kinds=("random", "bearoff", "bar", "contact"),
                weights=None, random_keep=0.3):
    """[(kind, Position, d1, d2)]: n_positions positions split among kinds, each with
    `rolls_per_position` distinct rolls (all 21 by default). Deterministic for a seed."""
    import random
    rng = random.Random(seed)
    weights = weights or (1,) * len(kinds)
    total = float(sum(weights))
    out = []
    for kind, w in zip(kinds, weights):
        n = int(round(n_positions * w / total))
        positions = random_play(rng, n, keep=random_keep) if kind == "random" else KINDS[kind](rng, n)
        for pos in positions:
            rolls = ROLLS if rolls_per_position >= 21 else rng.sample(ROLLS, rolls_per_position)
            for d1, d2 in rolls:
                out.append((kind, pos, d1, d2))
    return out


# ---------------------------------------------------------------- many answers at once

def _pool_init():
    gnubg()


def _pool_results(batch):
    return [results(pos, d1, d2) for pos, d1, d2 in batch]


def results_many(items, workers=8, batch=21):
    """results() for each (Position, d1, d2), computed by `workers` spawned processes.

    Worth it because a bear-off answer waits ~10 ms in gnubg's hint (idle time, not CPU):
    many processes overlap those waits even on two cores. 'spawn', never fork (gnubg)."""
    import multiprocessing
    items = list(items)
    batches = [items[i:i + batch] for i in range(0, len(items), batch)]
    ctx = multiprocessing.get_context("spawn")
    out = []
    with ctx.Pool(workers, initializer=_pool_init) as pool:
        for part in pool.imap(_pool_results, batches):
            out.extend(part)
    return out
