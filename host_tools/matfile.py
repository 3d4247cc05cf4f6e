"""Jellyfish `.mat` match text: read it into games of actions, write it from board records.

The format (as GNU Backgammon, Backgammon Galaxy and Backgammon Studio write it):
  `; [Key "Value"]` header lines, ` N point match`, then per game ` Game N`, a score line
  ` Name1 : s1     Name2 : s2` and numbered rows `  k) LEFT  RIGHT` where the left column is
  player 1's action and the right column player 2's: `dd: moves` (a roll and its play,
  empty or `Cannot Move` when no move), ` Doubles => v`, ` Takes`, ` Drops`,
  ` Beavers => v`, and `Wins N point(s) [and the match]` (a win before the game is
  over is a resignation). Galaxy also writes `Losses N point` beside a resignation.
Which column an action sits in is read from its position against the score line's
second name; row numbers are ignored.

Moves are (from, to) pairs in GNU Backgammon numbering from the mover's view: 25 = bar
(`bar` or `25`), 0 = off (`off` or `0`); `24/14*/10` gives two pairs, `8/4(2)` two equal
pairs, `*` (a hit) is dropped: whether a step hits follows from the board.

Players are 0 (the left column, `Player 1`) and 1 (the right column) everywhere, as in
the board's record (host_tools/record_read.py). CPython only.
"""
import re

from bg.play import apply_step  # (the rules core's step, hit included)

# ---------------------------------------------------------------- data


class MatGame:
    """One game: the score before it and its actions in order. Actions are tuples:
    ('move', p, d1, d2, ((from, to), ...), or None when the file leaves the play out),
    ('double', p, v), ('take', p), ('drop', p), ('beaver', p, v),
    ('loss', p, points) (Galaxy's resignation note), and
    ('win', p, points, ends_match) where ends_match is the `and the match` mark."""

    def __init__(self, score):
        self.score = tuple(score)
        self.actions = []
        self.joined = None    # board records: the game's position ID when the record was
                              # started again in the middle of it (host_tools/record_read.py `H`)
        self.tutored = {}     # board records: action index -> the loss (thousandths) the
                              # tutor warned of before that play was made (host_tools/record_read.py `L`)

    def winner_action(self):
        """The game's ('win', p, points, ends_match) action, None while unfinished."""
        for a in self.actions:
            if a[0] == "win":
                return a
        return None

    def winner(self):
        """(player, points) of the game's result, None while unfinished."""
        a = self.winner_action()
        return None if a is None else (a[1], a[2])


class MatMatch:
    def __init__(self, length=0, players=("Player 1", "Player 2"), crawford=True, date="", site=""):
        self.length = length
        self.players = list(players)
        self.crawford = crawford
        self.date = date          # YYYY-MM-DD or ""
        self.site = site
        self.money_rules = ""     # record rule letters that .mat cannot carry: J Jacoby, B beavers
        self.headers = {}
        self.games = []
        self.notes = []           # board records: what the format cannot say, as `; [Note "..."]`
        self.server_scored = False  # board records of a match played online (`U 2`): the
        #                           server scored passes and resignations by its own rule

    def final_score(self):
        """The score after the last recorded game result (None if the last game is unfinished)."""
        if not self.games:
            return (0, 0)
        last = self.games[-1]
        won = last.winner()
        if won is None:
            return None
        score = list(last.score)
        score[won[0]] += won[1]
        return tuple(score)


class MatError(ValueError):
    """A .mat text that cannot be read; the message names the line."""


# ---------------------------------------------------------------- reading

_HEADER = re.compile(r'^;\s*\[(.+?)\s+"(.*)"\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s+point match", re.I)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$")
_SCORE = re.compile(r"^(\s*)(.*?)\s*:\s*(\d+)(\s+)(.*?)\s*:\s*(\d+)\s*$")
# a row number; Galaxy sometimes repeats one in the middle of a row
_ROWNUM = re.compile(r"(^|\s)\d+\)(?=\s|$)")
_ACTION = re.compile(
    r"(?P<dice>[1-6])(?P<dice2>[1-6]):"
    r"|Doubles\s*=>\s*(?P<double>\d+)"
    r"|Beavers\s*=>\s*(?P<beaver>\d+)"
    r"|(?P<take>Takes)|(?P<drop>Drops)"
    r"|Wins\s+(?P<win>\d+)\s+points?"
    r"|Losses\s+(?P<loss>\d+)\s+points?")
_STEP = re.compile(r"^(bar|off|\d{1,2})\*?$", re.I)
_COUNT = re.compile(r"\((\d)\)$")


def _point(text, where):
    text = text.lower()
    if text == "bar":
        return 25
    if text == "off":
        return 0
    n = int(text)
    if not 0 <= n <= 25:
        raise MatError("%s: point %d out of range" % (where, n))
    return n


def parse_moves(text, where="move"):
    """The (from, to) pairs of a play written in .mat / GNU Backgammon notation; None when
    the file says the play was not recorded (Studio writes `????`)."""
    if text.strip() == "????":
        return None
    moves = []
    for token in text.replace("Cannot Move", "").replace("Cannot move", "").split():
        count = 1
        m = _COUNT.search(token)
        if m:
            count = int(m.group(1))
            token = token[:m.start()]
        parts = token.split("/")
        if len(parts) < 2:
            raise MatError("%s: %r is not a move" % (where, token))
        points = []
        for part in parts:
            if not _STEP.match(part):
                raise MatError("%s: %r is not a move" % (where, token))
            points.append(_point(part.rstrip("*"), where))
        pairs = [(points[i], points[i + 1]) for i in range(len(points) - 1)]
        for f, t in pairs:
            if f <= t or f == 0 or t == 25:
                raise MatError("%s: %d/%d moves the wrong way" % (where, f, t))
        moves.extend(pairs * count)
    if len(moves) > 4:
        raise MatError("%s: more than four checker moves" % where)
    return tuple(moves)


def _actions_in(line, split_col, where):
    """(player, action) pairs of one row, left column first."""
    found = list(_ACTION.finditer(line))
    out = []
    for i, m in enumerate(found):
        player = 1 if m.start() >= split_col else 0
        end = found[i + 1].start() if i + 1 < len(found) else len(line)
        if m.group("dice"):
            d1, d2 = int(m.group("dice")), int(m.group("dice2"))
            out.append((player, ("move", player, d1, d2, parse_moves(line[m.end():end], where))))
        elif m.group("double"):
            out.append((player, ("double", player, int(m.group("double")))))
        elif m.group("beaver"):
            out.append((player, ("beaver", player, int(m.group("beaver")))))
        elif m.group("take"):
            out.append((player, ("take", player)))
        elif m.group("drop"):
            out.append((player, ("drop", player)))
        elif m.group("win"):
            ends = line[m.end():end].strip().startswith("and the match")
            out.append((player, ("win", player, int(m.group("win")), ends)))
        else:
            out.append((player, ("loss", player, int(m.group("loss")))))
        leftover = line[m.end():end].strip() if not m.group("dice") else ""
        if leftover and not leftover.startswith("and the match"):
            raise MatError("%s: unexpected %r" % (where, leftover[:30]))
    return out


def parse(text, name="match"):
    """The MatMatch of a .mat text; MatError naming the line when it cannot be read."""
    match = MatMatch()
    game = None
    split_col = None
    want_score = False
    for n, raw in enumerate(text.splitlines(), 1):
        where = "%s line %d" % (name, n)
        line = raw.rstrip()
        if not line.strip():
            continue
        m = _HEADER.match(line)
        if m:
            match.headers[m.group(1)] = m.group(2)
            continue
        if line.lstrip().startswith(";"):
            continue
        m = _LENGTH.match(line)
        if m and game is None:
            match.length = int(m.group(1))
            continue
        m = _GAME.match(line)
        if m:
            want_score = True
            continue
        if want_score:
            m = _SCORE.match(line)
            if not m:
                raise MatError("%s: expected the score line after the game header" % where)
            if not match.games:
                match.players = [m.group(2), m.group(5)]
            split_col = (m.start(5) + 6) // 2 + 2
            game = MatGame((int(m.group(3)), int(m.group(6))))
            match.games.append(game)
            want_score = False
            continue
        if game is None:
            raise MatError("%s: %r before the first game" % (where, line.strip()[:30]))
        body = _ROWNUM.sub(lambda mm: " " * len(mm.group(0)), line)
        acts = _actions_in(body, split_col, where)
        if not acts and body.strip():
            raise MatError("%s: cannot read %r" % (where, line.strip()[:40]))
        game.actions.extend(a for _, a in acts)
    h = match.headers
    match.players = [h.get("Player 1", match.players[0]), h.get("Player 2", match.players[1])]
    match.crawford = h.get("Crawford", "On").lower() != "off"
    match.site = h.get("Site", "")
    date = h.get("EventDate", "")
    match.date = date.replace(".", "-") if re.match(r"^\d{4}\.\d\d\.\d\d$", date) else ""
    return match


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse(f.read(), name=path)


# ---------------------------------------------------------------- writing

_START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]


def play_text(moves, hits=None):
    """One token per checker step, GNU Backgammon's own export style: `25/22* 6/0`."""
    hits = hits or [False] * len(moves)
    return " ".join("%d/%d%s" % (f, t, "*" if h else "") for (f, t), h in zip(moves, hits))


def _cell(action, boards):
    kind, p = action[0], action[1]
    if kind == "move":
        _, _, d1, d2, moves = action
        me, opp = boards[p], boards[1 - p]
        hits = [apply_step(me, opp, f, t) for f, t in moves]
        text = play_text(moves, hits)
        return "%d%d: %s" % (d1, d2, text) if text else "%d%d: " % (d1, d2)
    if kind == "rolled":
        return "%d%d: " % (action[2], action[3])
    if kind == "double":
        return " Doubles => %d" % action[2]
    if kind == "beaver":
        return " Beavers => %d" % action[2]
    if kind == "take":
        return " Takes"
    if kind == "drop":
        return " Drops"
    raise ValueError("no cell for %r" % (kind,))


def _points(n):
    return "%d point%s" % (n, "" if n == 1 else "s")


def clean_name(name, default="Player"):
    """A player's name as a .mat file can hold it: printable characters only (no escape
    codes), none of the `"`, `[`, `]`, `\\`, `:` that would end a header field or a score, spaces
    collapsed, at most 40 characters; `default` when nothing is left."""
    kept = "".join(c if c.isprintable() and c not in '"[]\\:' else " " for c in name)
    kept = " ".join(kept.split())[:40].strip()
    return kept or default


def _as_gnubg_scores(actions):
    """A game's actions as written: for a game that counts no points (the ghost's), the
    action that ends it on the board (the winner's last play, a drop) is left out too, or
    GNU Backgammon would score it (and end the match there); a note says so."""
    win = actions[-1] if actions else None
    if win is None or win[0] != "win" or win[2]:
        return actions
    rest = list(actions[:-1])
    if rest and ((rest[-1][0] == "move" and rest[-1][1] == win[1]) or rest[-1][0] == "drop"):
        rest.pop()
        if rest and rest[-1][0] == "double" and win[1] == rest[-1][1]:
            rest.pop()          # (the ghost's double, dropped: no double left waiting)
    return rest


def clean_note(text):
    """A note as a `; [Note "..."]` header can hold it: printable, no `"`, `[`, `]`, `\\`."""
    kept = "".join(c if c.isprintable() and c not in '"[]\\' else " " for c in text)
    return " ".join(kept.split())[:200]


def write(match):
    """The .mat text of a MatMatch, laid out the way GNU Backgammon exports it."""
    out = []
    names = [clean_name(match.players[0], "Player 1"), clean_name(match.players[1], "Player 2")]
    out.append('; [Site "%s"]' % clean_name(match.site or "Tablier", "Tablier"))
    out.append('; [Player 1 "%s"]' % names[0])
    out.append('; [Player 2 "%s"]' % names[1])
    if match.date:
        out.append('; [EventDate "%s"]' % match.date.replace("-", "."))
    out.append('; [Variation "Backgammon"]')
    out.append('; [Crawford "%s"]' % ("On" if match.crawford else "Off"))
    for note in getattr(match, "notes", ()):
        out.append('; [Note "%s"]' % clean_note(note))
    out.append("")
    out.append(" %d point match" % match.length)
    for number, game in enumerate(match.games, 1):
        out.append("")
        out.append(" Game %d" % number)
        left = "%s : %d" % (names[0], game.score[0])
        # (a long name and score still leave a space before the second name: gnubg read
        # ': 0' as the second player's name)
        out.append(" " + (left + " ").ljust(31) + "%s : %d" % (names[1], game.score[1]))
        boards = [list(_START), list(_START)]
        row = [None, None]
        rows = []

        def flush():
            if row[0] is not None or row[1] is not None:
                rows.append((row[0] or "", row[1] or ""))
                row[0] = row[1] = None

        def emit_rows():
            for a, b in rows:
                numbered[0] += 1
                # a long left cell (a double with hits) still leaves a space before the right
                out.append(("%3d) " % numbered[0]) + (a.ljust(28) + " " + b if len(a) >= 28
                                                       else a.ljust(28) + b).rstrip())
            del rows[:]

        numbered = [0]
        for action in _as_gnubg_scores(game.actions):
            kind, p = action[0], action[1]
            if kind == "loss":
                continue
            if kind == "win" and not action[2]:
                continue      # a game that counts no points (the ghost's): no `Wins` line
                              # (gnubg goes on from the next game's score; a Note says why)
            if kind == "win":
                tail = " and the match" if action[3] else ""
                text = "Wins %s%s" % (_points(action[2]), tail)
                if p == 1 and row[0] is not None and row[1] is None:
                    # as GNU Backgammon writes it: ` Drops      Wins 1 point` on one row
                    row[1] = text
                    flush()
                    emit_rows()
                    continue
                flush()
                emit_rows()
                out.append((" " * 6 if p == 0 else " " * 34) + text)
                continue
            if row[p] is not None or (p == 0 and row[1] is not None):
                flush()
            row[p] = _cell(action, boards)
        flush()
        emit_rows()
    out.append("")
    return "\n".join(out)


def from_record(events):
    """A MatMatch from the board's record events (host_tools/record_read.py tuples).

    A roll and the play that follows it make one `dd: moves` cell. Declined resignations
    and timeouts have no place in the format: the game's `Wins` line carries the result.

    Names (`N` lines): each player is named as their seat was when the match's play began
    (the last name before its first roll: a menu cycled through the seats writes one line
    a press); a seat that changed hands later (the board, the computer on USB, seed 003's
    ghost for an absent player, and back) is said in a note at the game and move where
    the next action shows it. A game won by the ghost counts no points (`E p 0`): its
    `win` action has 0 points, written without a `Wins` line, with a note."""
    match = MatMatch()
    game = None
    pending_roll = None
    now = list(match.players)         # each seat's name as the record says it now
    noted = None                      # the names the file stands at (None: no play yet)
    moves = 0
    tutor = None
    for ev in events:
        kind = ev[0]
        if kind in _ACTS and game is not None:
            if noted is None:
                match.players = list(now)
                noted = list(now)
            for p in (0, 1):
                if now[p] != noted[p]:
                    match.notes.append("Game %d, move %d: %s's seat is %s" % (
                        len(match.games), moves + 1, noted_name(match, p), now[p]))
                    noted[p] = now[p]
        if kind == "match":
            match.length, match.crawford, match.date = ev[1], "C" in ev[2], ev[3]
            match.money_rules = "".join(c for c in ev[2] if c in "JB")
        elif kind == "name":
            now[ev[1]] = clean_name(ev[2], now[ev[1]])
        elif kind == "game":
            moves = 0
            game = MatGame((ev[1], ev[2]))
            match.games.append(game)
            pending_roll = None
        elif kind in ("commit", "reveal", "entered"):
            # the fair dice's lines and dice entered: for verify-dice, not the .mat; an
            # online server's dice: its scores stand (issue 29, docs/online.md)
            if kind == "entered" and ev[1] == 2:
                match.server_scored = True
        elif game is None:
            raise ValueError("record event %r before any game start" % (ev,))
        elif kind == "position":
            game.joined = ev[1]
            who = ev[2]
            if len(who) == 3 and who.isdigit() and who[1] != "0":
                pending_roll = ("roll", int(who[0]), int(who[1]), int(who[2]))  # rolled before
        elif kind == "roll":
            pending_roll = ev
        elif kind == "play":
            if pending_roll is None or pending_roll[1] != ev[1]:
                raise ValueError("play %r without its roll" % (ev,))
            game.actions.append(("move", ev[1], pending_roll[2], pending_roll[3], tuple(ev[2])))
            pending_roll = None
            moves += 1
        elif kind == "tutor":
            tutor = ev
            continue
        elif kind in ("double", "beaver"):
            game.actions.append((kind, ev[1], ev[2]))
        elif kind in ("take", "drop"):
            game.actions.append((kind, ev[1]))
        elif kind == "end":
            if pending_roll is not None:
                # rolled, never played: the game lost on time or resigned after the roll;
                # written as the roll alone ("42: "), which gnubg reads as a roll then a
                # resignation (left out, gnubg found no game in a game without a move)
                game.actions.append(("rolled",) + tuple(pending_roll[1:4]))
                pending_roll = None
            score = list(game.score)
            score[ev[1]] += ev[2]
            if match.server_scored and game.actions and game.actions[-1][0] == "drop":
                match.notes.append("Game %d: the pass scored %d point(s) by the online server's rule "
                                   "(GNU Backgammon counts the cube; the next game's score is the "
                                   "server's)" % (len(match.games), ev[2]))
            game.actions.append(("win", ev[1], ev[2], bool(match.length) and score[ev[1]] >= match.length))
            if not ev[2]:
                match.notes.append("Game %d: won by %s's seat while %s, no points counted "
                                   "(seed 003: a game the ghost won); its last action is left "
                                   "out, or GNU Backgammon would score it" % (
                                       len(match.games), noted_name(match, ev[1]), now[ev[1]]))
        # resign / accept / decline / timeout: not expressible in .mat (see above)
        if tutor is not None and kind in ("play", "double", "take", "drop"):
            if tutor[1] == ev[1]:     # the decision the tutor warned about, made anyway
                game.tutored[len(game.actions) - 1] = tutor[2]
            tutor = None
    if noted is None:
        match.players = list(now)
    return match


_ACTS = ("roll", "play", "double", "beaver", "take", "drop", "end", "position")


def noted_name(match, p):
    """How a note names player p: the name the file gives them."""
    return match.players[p]


# ------------------------------------------------------------------ a record's matches

PLAYED = ("play", "double", "end")      # what makes a match more than its start


def split_matches(events):
    """The board appends every match to one record file: one event list per match."""
    matches = []
    for ev in events:
        if ev[0] == "match" or not matches:
            matches.append([])
        matches[-1].append(ev)
    return matches
