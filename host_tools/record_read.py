"""The on-board match record: an append-only text log, one short line per event.

The first line is the format header `TBR 2`. Each event line starts with a letter, most
followed by the acting player's digit (0 or 1), then space-separated fields:

  M len rules date   match start: length (0 = money), rules letters (C Crawford,
                     J Jacoby, B beavers; `-` for none), date YYYY-MM-DD or `-`
  N<p> name          a player's name (the rest of the line)
  G s0 s1 [C]        game start with the score before it; C marks the Crawford game
  R<p> d1 d2         player p rolled
  P<p> f t f t ...   player p's play as (from, to) pairs in GNU Backgammon numbering from
                     p's own view (25 = bar, 0 = off); no pairs = could not move
  D<p> v             p doubles, the cube goes to v
  T<p> / K<p>        p takes / drops (passes)
  B<p> v             p beavers: takes and redoubles to v, keeping the cube
  S<p> n             p offers to resign n = 1 single, 2 gammon, 3 backgammon
  A<p> / X<p>        p accepts / declines the resignation offered
  O<p>               p ran out of time
  E<p> pts           game over: p won pts points
  W n                the board resumed the state saved after line n: later lines are void
  H pos pdd          the game in progress when the record was started again: GNU
                     Backgammon's position ID (from the view of the player on roll), that
                     player's digit and the dice (00 before the roll)
  F hash salt k      fair dice (fairroll.py): the SHA-256 of the match's secret seed, 64 hex
                     digits, the players' salt (`-` for none) and the number of the roll
                     that comes next (0 at the match's first roll)
  V seed             fair dice: the seed revealed (64 hex digits) at the match's end
  U 1 / U 0          from the next roll on the dice are entered by the players (physical
                     dice, dicepad.py) / rolled by the board again
  L<p> milli         the tutor (Settings > Grading: tutor) warned p that the play pressed
                     loses milli thousandths of a point and p played it anyway: the play
                     line follows (older readers skip the line)

Format 2 ends every line with its seal ` @SEQ CCCC` (record_writer.py): SEQ numbers the
Table's lines (the count is in the saved state; `-` for W, and for the lines written again
by record_open.py), CCCC is a Fletcher-16 check, so a torn line is detected. Format 1
(no seals) is still read.

Events in Python are tuples: ('match', length, rules, date), ('name', p, name),
('game', s0, s1, crawford), ('roll', p, d1, d2), ('play', p, ((f, t), ...)),
('double', p, v), ('take', p), ('drop', p), ('beaver', p, v), ('resign', p, n),
('accept', p), ('decline', p), ('timeout', p), ('end', p, points), ('resume', n),
('position', position_id, player_and_dice), ('commit', sha256_hex, salt, roll_number),
('reveal', seed_hex), ('entered', 0, 1 or 2: the board's dice, the players', an online
server's), ('tutor', p, milli). read_lines() applies the resume lines and returns
no ('resume', n) event.

The reader skips a line it cannot make sense of (a power cut in the middle of an append,
a damaged flash page), reports it with its line number and keeps the rest; a record from
a newer firmware is refused as a whole with a clear message.
"""
from record.record_writer import FORMAT_VERSION, HEADER, CODE as _CODE, BARE as _BARE, \
    encode, seal, fletcher16  # noqa: F401 (the writer's names, for the host tools and tests)
from record.record_open import unseal, header_version as _header_version, tail as _tail  # noqa: F401

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

_KIND = dict((c, k) for k, c in _CODE.items())
_NO_PLAYER = ("M", "G", "W", "H", "F", "V", "U")
_RULE_LETTERS = "CJB"


# the largest values a real match can hold (GNU Backgammon's match length limit, the cube's
# 2**15 that bg.match and the replay accept): a line beyond them is damaged, not a match
MAX_LENGTH = 32767
MAX_SCORE = 2 * MAX_LENGTH + 3 * 32768
MAX_CUBE = 32768
TORN = ("torn line", "check failed")   # reasons of the lines a power cut can leave


def is_torn(reason):
    """True when a problem read_lines reported is a torn or damaged line that its check
    caught (a power cut leaves those; the record around it is sound)."""
    for t in TORN:
        if reason.startswith(t):
            return True
    return False


class RecordError(Exception):
    """The record as a whole cannot be read (a newer format)."""


def _ints(fields):
    out = []
    for f in fields:
        if not f.isdigit():
            raise ValueError("not a number: %r" % f)
        out.append(int(f))
    return out


def _check(cond, what):
    if not cond:
        raise ValueError(what)


def _is_hex64(f):
    return len(f) == 64 and all(c in "0123456789abcdef" for c in f)


def decode(line):
    """The event tuple for one record line; ValueError with a reason when it is not one."""
    line = line.strip()
    _check(line, "empty line")
    code = line[0]
    _check(code in _KIND, "unknown event code %r" % code)
    kind = _KIND[code]
    if code in _NO_PLAYER:
        fields = line[1:].split()
        if kind == "match":
            _check(len(fields) == 3, "match start needs length, rules and date")
            length = _ints(fields[:1])[0]
            _check(length <= MAX_LENGTH, "match length %d is above %d" % (length, MAX_LENGTH))
            rules = "" if fields[1] == "-" else fields[1]
            _check(all(c in _RULE_LETTERS for c in rules), "unknown rule letter in %r" % rules)
            date = "" if fields[2] == "-" else fields[2]
            _check(not date or (len(date) == 10 and date[4] == "-" and date[7] == "-"),
                   "bad date %r" % date)
            return ("match", length, rules, date)
        if kind == "resume":
            _check(len(fields) == 1, "a resume line holds one line number")
            return ("resume", _ints(fields)[0])
        if kind == "position":
            _check(len(fields) == 2 and all(len(f) <= 20 for f in fields),
                   "a position line holds a position ID, the player on roll and the dice")
            return ("position", fields[0], fields[1])
        if kind == "commit":
            _check(len(fields) == 3 and _is_hex64(fields[0]) and len(fields[1]) <= 16,
                   "a dice commitment holds a SHA-256 in hex, the salt and a roll number")
            return ("commit", fields[0], "" if fields[1] == "-" else fields[1], _ints(fields[2:])[0])
        if kind == "reveal":
            _check(len(fields) == 1 and _is_hex64(fields[0]), "a dice reveal holds the seed in hex")
            return ("reveal", fields[0])
        if kind == "entered":
            _check(fields in (["0"], ["1"], ["2"]),
                   "dice entered is 1 (by the players), 2 (an online server's) or 0 (the board's)")
            return ("entered", int(fields[0]))
        _check(len(fields) in (2, 3), "game start needs the two scores")
        s0, s1 = _ints(fields[:2])
        _check(s0 <= MAX_SCORE and s1 <= MAX_SCORE, "score %d-%d is not a real score" % (s0, s1))
        _check(len(fields) == 2 or fields[2] == "C", "unknown game flag %r" % fields[-1])
        return ("game", s0, s1, len(fields) == 3)
    _check(len(line) > 1 and line[1] in "01", "player must be 0 or 1")
    player = int(line[1])
    _check(len(line) == 2 or line[2] == " ", "missing space after %r" % line[:2])
    if kind == "name":
        name = line[3:]
        _check(name, "empty name")
        return ("name", player, name)
    nums = _ints(line[2:].split())
    if kind in _BARE:
        _check(not nums, "%s takes no fields" % kind)
        return (kind, player)
    if kind == "roll":
        _check(len(nums) == 2 and all(1 <= d <= 6 for d in nums), "a roll is two dice 1-6")
        return ("roll", player, nums[0], nums[1])
    if kind == "play":
        _check(len(nums) % 2 == 0 and len(nums) <= 8, "a play is up to 4 (from, to) pairs")
        moves = []
        for i in range(0, len(nums), 2):
            f, t = nums[i], nums[i + 1]
            _check(1 <= f <= 25 and 0 <= t <= 24 and f > t, "bad move %d/%d" % (f, t))
            moves.append((f, t))
        return ("play", player, tuple(moves))
    _check(len(nums) == 1, "%s takes one number" % kind)
    n = nums[0]
    if kind in ("double", "beaver"):
        _check(2 <= n <= MAX_CUBE and n & (n - 1) == 0,
               "cube value %d is not a power of two up to %d" % (n, MAX_CUBE))
    elif kind == "resign":
        _check(1 <= n <= 3, "resignation must be 1, 2 or 3")
    elif kind == "tutor":
        _check(n <= 99999, "a tutor's warning is a loss in thousandths of a point")
    else:
        # `E p 0`: seed 003's ghost won the game, its points not counted (game/table.py)
        low = 0 if kind == "end" else 1
        _check(low <= n <= 3 * MAX_CUBE, "a game is won by %d to %d points, not %d" % (low, 3 * MAX_CUBE, n))
    return (kind, player, n)


def read_lines(lines):
    """(events, problems) for an iterable of record lines.

    problems is a list of (line number, reason) for the lines skipped. Format 2 lines are
    checked (a torn or damaged line is skipped) and sequenced: a `W n` line (a power-up
    resuming the state saved at line n) voids the lines after n, and a line numbered at or
    below one already read replaces it and those after it (the board resumed a state saved
    before them); the voided lines are not events. Raises RecordError when the header says
    the record comes from a newer firmware."""
    kept = []  # type: list      # (seq, event): seq None for the lines outside the count
    problems = []
    sealed = True  # type: Any   # format 2: every line carries its check; None: line by line
    last = None                   # the sequence number reached
    skipped = 0                   # lines skipped since
    n = 0
    for raw in lines:
        n += 1
        line = raw.strip()
        if n == 1:
            v = _header_version(line)
            if v is not None:
                if v > FORMAT_VERSION:
                    raise RecordError("record format %d comes from a newer firmware; this "
                                      "reader handles formats 1 to %d: update the software "
                                      "reading it" % (v, FORMAT_VERSION))
                sealed = v >= 2
                continue
            # no header, or a damaged one: each line is read as sealed if it is
            sealed = None
            if line.startswith("TBR"):
                problems.append((1, "damaged header %r; lines read as they come" % line[:20]))
                continue
            problems.append((1, "missing header; lines read as they come"))
        if not line:
            continue
        try:
            seq = None
            if sealed or (sealed is None and " @" in line):
                line, seq = unseal(line)
            ev = decode(line)
        except ValueError as e:
            problems.append((n, "%s: %r" % (e, _shown(line))))
            skipped += 1           # a numbered line the count will skip: not a lost line
            continue
        if ev[0] == "resume":
            _void_after(kept, ev[1])
            last = ev[1]
            skipped = 0
            continue
        if seq is not None and not (ev[0] == "match" and seq == 1):
            # (a match numbered 1 is a Table started afresh: a new count, not a rewind)
            if last is not None and seq <= last:
                _void_after(kept, seq - 1)
            elif last is not None and seq > last + 1 + skipped:
                problems.append((n, "%d record line(s) missing before this one" % (seq - last - 1)))
        if seq is not None:
            last = seq
            skipped = 0
        kept.append((seq, ev))
    return [ev for _, ev in kept], problems


def _void_after(kept, n):
    """Drop the last lines numbered above n (a power cut undid them); the lines outside the
    count (a header written again) and the lines of an earlier count stop it."""
    while kept and kept[-1][0] is not None and kept[-1][0] > n:
        kept.pop()


def _shown(line):
    """A line as a message may show it: the first 40 characters, printable ASCII only."""
    return "".join(c if " " <= c <= "~" else "?" for c in line[:40])


def text_of(events):
    """A whole format 2 record of event tuples, numbered from 1 (the host tools, tests)."""
    return "\n".join([HEADER] + [seal(encode(e), i + 1) for i, e in enumerate(events)]) + "\n"


def read_file(path):
    """(events, problems) for a record file, read line by line (it may be long)."""
    with open(path, "rb") as f:
        return read_lines(_text_lines(f))


def _text_lines(f):
    for raw in f:
        try:
            yield raw.decode("utf-8")
        except UnicodeError:
            # damaged bytes: hand decode() something it will reject with a line number
            yield "\x00 undecodable bytes"


class RecordLog:
    """Appends events to a record file: one open-write-close per event, so that a power cut
    loses at most the line being written (the reader skips it). Lines are numbered on from
    the file's last (the App numbers them with the Table's count instead: open_log)."""

    def __init__(self, path):
        self.path = path
        size, torn, reached = _tail(path)
        self.seq = reached or 0
        if not size:
            self._append(HEADER + "\n")
        elif torn:
            # end the torn line so the next event is not glued onto it
            self._append("\n")

    def _append(self, text):
        with open(self.path, "a") as f:
            f.write(text)

    def _sealed(self, event):
        self.seq += 1
        return seal(encode(event), self.seq)

    def add(self, event):
        line = self._sealed(event)
        self._append(line + "\n")
        return line

    def add_all(self, events):
        """Append several events in one write (a turn's roll and play): one flash update
        instead of one per line, which halves the record's flash wear (docs/persistence.md)."""
        text = "".join(self._sealed(e) + "\n" for e in events)
        self._append(text)
        return text
