"""The App's record file made ready at power-up, after a failed write or when the file was
deleted: its header, a torn last line ended, and the record brought to agree with the saved
state (host_tools/record_read.py describes the format). Loaded for the moment (record_open.open_log), then forgotten.
"""
from record.record_writer import FORMAT_VERSION, HEADER, seal, encode, fletcher16


def _check(cond, what):
    if not cond:
        raise ValueError(what)


def unseal(line):
    """(event text, seq) of a format 2 line: seq None for `-`; ValueError when the seal is
    missing (a torn line) or its check fails (a damaged one)."""
    j = line.rfind(" ")
    i = line.rfind(" @", 0, j) if j > 0 else -1
    _check(i > 0, "torn line: no check at its end")
    chk = line[j + 1:]
    _check(len(chk) == 4 and all(c in "0123456789abcdef" for c in chk), "torn line: no check at its end")
    _check(int(chk, 16) == fletcher16(line[:j].encode()), "check failed: torn or damaged line")
    s = line[i + 2:j]
    if s == "-":
        return line[:i], None
    _check(s.isdigit(), "bad sequence number %r" % s)
    return line[:i], int(s)


def header_version(line):
    """The format number of a `TBR n` header line, or None when it is not one."""
    if line.startswith("TBR") and line[3:4] == " " and line[4:].isdigit():
        return int(line[4:])
    return None


TAIL_BYTES = 320      # the end of a record read at power-up: a few lines, whatever its length
SERIES = 100          # match.rec, match-1.rec, ... match-99.rec: a record of another format is kept


def open_log(path, queue, table):
    """Make the record file ready for the App's queued lines (sealed, in order).

    Returns (path, note, floor): the file to append to (`path`, or the next of its series
    when `path` holds another format: it is kept untouched and `note` says so), and floor,
    the Table's line count that the lines written here already stand for (the App drops
    queued lines at or below it; 0 when none).

    What is written, before the queued lines: the header of a new file, a newline ending a
    torn last line, and, so that record and state agree:
      - `W n` when the record holds lines beyond the state the queue follows from (a power
        cut after a record line and before the state save): the reader voids them;
      - when the record lacks the match in progress (the file is new or was deleted, or lines
        were lost), the header again: the match, the game and its score, the position of a
        game in progress (the exporter takes the match on from there), then `W n`."""
    path, note = _own_file(path)
    size, torn, reached = tail(path)
    lead = []
    mode = "a"
    if not size or _torn_header(path, size):
        lead.append(HEADER)
        mode = "w"                 # (a header torn by a cut: the file holds nothing else)
    elif torn:
        lead.append("")
    floor = 0
    first = queue[0] if queue else ""
    code = first[:1]
    base = None
    if first and code == "W":
        base = int(first[2:first.index(" @")])
    elif first and code != "M" and _seq(first) is not None:
        base = _seq(first) - 1
    if base is not None:
        if reached is not None and reached > base:
            if code != "W":
                lead.append(seal("W %d" % base))        # void the lines a power cut undid
        elif reached is not None and reached == base:
            if code == "W":
                queue.pop(0)                            # record and state agree already
        elif code == "G":
            # a game about to start: the match line, then the queue from the game on
            lead.append(seal(encode(_match_event(table.match))))
            lead.append(seal("W %d" % base))
        else:
            floor = table.rec_seq
            again = header_again(table)
            have = _opening_left(path) if size else None
            if have and again[:len(have)] == have:
                # the record ends with this very match's opening and nothing after it (a cut
                # tore the line after it, issue 26): it stands; written again it would be a
                # second, empty match start in the record
                del again[:len(have)]
            lead.extend(again)
            while queue and (_seq(queue[0]) or 0) <= floor:
                queue.pop(0)                            # the header stands for them
    if lead:
        with open(path, mode) as f:
            f.write("\n".join(lead) + "\n")
    return path, note, floor


def _seq(sealed):
    i = sealed.rfind(" @")
    j = sealed.rfind(" ")
    s = sealed[i + 2:j]
    return int(s) if i >= 0 and s.isdigit() else None


def _match_event(m):
    rules = ("C" if m.length and m.crawford_rule else "") + ("J" if m.jacoby else "") + \
        ("B" if m.beavers else "")
    return ("match", m.length, rules, "")


def header_again(table):
    """The sealed lines that start the record again at the Table's state: the match, the
    game with its score, for a game in progress its position (`H`: GNU Backgammon's
    position ID from the view of the player on roll, then that player's digit and the dice,
    0 0 before the roll), then `W n`."""
    from game import table as T
    t = table
    out = []
    m = t.match
    if t.phase != T.MATCH_OVER:         # (match over: a new match line comes next)
        out.append(seal(encode(_match_event(m))))
    if t.phase < T.GAME_OVER:           # (game over: the next game's line comes next)
        out.append(seal(encode(("game", m.score[0], m.score[1], m.crawford))))
    for p in (0, 1):
        if t.seats[p]:
            # the board's seat named again, as a new match names it (a cut before its `N`
            # line landed lost it: the export called the board "Player 1", issue 26)
            out.append(seal(encode(("name", p, t.seat_name(p)))))
    if T.PRE_ROLL <= t.phase <= T.NO_MOVE:
        p = t.on_roll
        d = t.turn_dice
        view = t.board if p == 0 else t.board.swapped()
        out.append(seal(encode(("position", position_id(view), "%d%d%d" % (p, d[0], d[1])))))
    # the count last: the end of the record stands at it only once the header is whole (a
    # cut in the middle leaves the record behind, and the next power-up writes it again)
    out.append(seal("W %d" % t.rec_seq))
    return out


def position_id(pos):
    """GNU Backgammon's position ID of `pos` (the side on roll is pos.me): its 80-bit key
    (bg/ids.py) in base64, computed here so that bg.ids need not be loaded."""
    from binascii import b2a_base64
    key = bytearray(10)
    bit = 0
    for side in (pos.opp, pos.me):
        for i in range(25):
            for _ in range(side[i]):
                key[bit >> 3] |= 1 << (bit & 7)
                bit += 1
            bit += 1
    return b2a_base64(bytes(key))[:14].decode()


def _own_file(path):
    """(the first file of path's series that is missing or of this format, a note when it is
    not `path` itself)."""
    dot = path.rfind(".")
    if dot <= path.rfind("/"):
        dot = len(path)
    k = 0
    while True:
        name = path if k == 0 else "%s-%d%s" % (path[:dot], k, path[dot:])
        v = _file_version(name)
        if v is None or v == FORMAT_VERSION or k == SERIES - 1:
            break
        k += 1
    if k == 0:
        return path, None
    v = _file_version(path)
    what = ("a format %d record from a newer firmware" % v if v > FORMAT_VERSION else
            "a format 1 record (an older firmware) or no record")
    return name, "%s is %s, kept as it is; this match goes to %s" % (path, what, name)


def _torn_header(path, size):
    """True when the file holds only the start of a header (its first write was cut)."""
    if size > len(HEADER):
        return False
    with open(path, "rb") as f:
        head = f.read()
    return HEADER.encode()[:len(head)] == head


def _file_version(path):
    """The header's format number of a record file; None when it is missing or empty (a
    file without a header counts as format 1)."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    try:
        head = f.read(12)
    finally:
        f.close()
    if not head or (b"\n" not in head and HEADER.encode()[:len(head)] == head):
        return None                # empty, or a header torn by a cut: this format's file
    try:
        v = header_version(head.split(b"\n")[0].decode().strip())
    except (UnicodeError, ValueError):
        v = None                   # bytes that are no text: not a record of this format
    return 1 if v is None else v


def _opening_left(path):
    """The match's opening a record ends with (its `M` line and a `G` line, sealed as
    header_again writes them, `@-`) when nothing but `N` lines and torn or damaged ones
    follow; None else."""
    with open(path, "rb") as f:
        size = f.seek(0, 2)
        start = size - TAIL_BYTES if size > TAIL_BYTES else 0
        f.seek(start)
        pieces = f.read().split(b"\n")
    if start:
        pieces.pop(0)
    games = []  # type: list
    for raw in reversed(pieces):
        try:
            text = unseal(raw.decode("utf-8").strip())[0]
        except (ValueError, UnicodeError):
            continue                   # torn, damaged or empty: not part of the record
        if text[:1] == "M":
            return [seal(text)] + games[-1:]
        if text[:1] == "G":
            games.insert(0, seal(text))
        elif text[:1] != "N":
            return None
    return None


def tail(path):
    """(size, torn, reached) of a record file: size 0 when it is missing or empty, torn when
    it does not end with a newline, reached the line count its last sound line stands at
    (a numbered line's own, a `W n` line's n), None when it has no numbered line."""
    try:
        f = open(path, "rb")
    except OSError:
        return 0, False, None
    try:
        size = f.seek(0, 2)
        if not size:
            return 0, False, None
        start = size - TAIL_BYTES if size > TAIL_BYTES else 0
        f.seek(start)
        data = f.read()
    finally:
        f.close()
    torn = data[-1:] != b"\n"
    pieces = data.split(b"\n")
    if start:
        pieces.pop(0)              # the first piece may be the end of a longer line
    # (a last line without its newline counts if its check holds: only the newline was lost)
    for raw in reversed(pieces):
        try:
            text, seq = unseal(raw.decode("utf-8").strip())
        except (ValueError, UnicodeError):
            continue
        if text[:2] == "W ":
            return size, torn, int(text[2:])
        if seq is not None:
            return size, torn, seq
    return size, torn, None
