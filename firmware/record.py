"""The on-board match record: an append-only text log, one short line per event.

The first line is the format header `TBR 1`. Each event line starts with a letter, most
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

Events in Python are tuples: ('match', length, rules, date), ('name', p, name),
('game', s0, s1, crawford), ('roll', p, d1, d2), ('play', p, ((f, t), ...)),
('double', p, v), ('take', p), ('drop', p), ('beaver', p, v), ('resign', p, n),
('accept', p), ('decline', p), ('timeout', p), ('end', p, points).

The reader skips a line it cannot make sense of (a power cut in the middle of an append,
a damaged flash page), reports it with its line number and keeps the rest; a record from
a newer firmware is refused as a whole with a clear message.
"""
from record_writer import FORMAT_VERSION, HEADER, CODE as _CODE, BARE as _BARE, \
    encode  # noqa: F401 (the writer's names, for the host tools and tests)

_KIND = dict((c, k) for k, c in _CODE.items())
_NO_PLAYER = ("M", "G")
_RULE_LETTERS = "CJB"


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
            rules = "" if fields[1] == "-" else fields[1]
            _check(all(c in _RULE_LETTERS for c in rules), "unknown rule letter in %r" % rules)
            date = "" if fields[2] == "-" else fields[2]
            _check(not date or (len(date) == 10 and date[4] == "-" and date[7] == "-"),
                   "bad date %r" % date)
            return ("match", length, rules, date)
        _check(len(fields) in (2, 3), "game start needs the two scores")
        s0, s1 = _ints(fields[:2])
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
        _check(n >= 2 and n & (n - 1) == 0, "cube value %d is not a power of two" % n)
    elif kind == "resign":
        _check(1 <= n <= 3, "resignation must be 1, 2 or 3")
    else:
        _check(n >= 1, "a game is won by at least 1 point")
    return (kind, player, n)


def read_lines(lines):
    """(events, problems) for an iterable of record lines.

    problems is a list of (line number, reason) for the lines skipped. Raises RecordError
    when the header says the record comes from a newer firmware."""
    events = []
    problems = []
    n = 0
    for raw in lines:
        n += 1
        line = raw.strip()
        if n == 1:
            if line.startswith("TBR"):
                v = line[4:]
                if line[3:4] == " " and v.isdigit():
                    if int(v) > FORMAT_VERSION:
                        raise RecordError("record format %s comes from a newer firmware; this "
                                          "reader handles format %d: update the software reading it"
                                          % (v, FORMAT_VERSION))
                    continue
                problems.append((1, "damaged header %r; read as format %d" % (line[:20], FORMAT_VERSION)))
                continue
            # no header at all: report it, and the line may still be an event
            problems.append((1, "missing header; read as format %d" % FORMAT_VERSION))
        if not line:
            continue
        try:
            events.append(decode(line))
        except ValueError as e:
            problems.append((n, "%s: %r" % (e, line[:40])))
    return events, problems


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
    loses at most the line being written (the reader skips it)."""

    def __init__(self, path):
        self.path = path
        state = _tail_state(path)
        if state is None:
            self._append(HEADER + "\n")
        elif state == "torn":
            # end the torn line so the next event is not glued onto it
            self._append("\n")

    def _append(self, text):
        with open(self.path, "a") as f:
            f.write(text)

    def add(self, event):
        line = encode(event)
        self._append(line + "\n")
        return line

    def add_all(self, events):
        """Append several events in one write (a turn's roll and play): one flash update
        instead of one per line, which halves the record's flash wear (docs/persistence.md)."""
        text = "".join(encode(e) + "\n" for e in events)
        self._append(text)
        return text


def _tail_state(path):
    """None when the file does not exist, 'torn' when it does not end with a newline."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    try:
        size = f.seek(0, 2)
        if not size:
            return None
        f.seek(size - 1)
        return "clean" if f.read(1) == b"\n" else "torn"
    finally:
        f.close()
