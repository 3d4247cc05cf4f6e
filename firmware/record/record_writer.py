"""Writing the match record on the board: one line per event (the format: host_tools/record_read.py).

Only what the firmware needs on every event, kept apart from the reader and RecordLog
(host_tools/record_read.py) so the Pico does not hold them in its heap; the board loads it for each line
(record_writer.line: a few a turn) and does not keep it. host_tools/record_read.py re-exports these names.

Format 2 seals every line: `EVENT @SEQ CCCC`, where SEQ is the Table's count of record lines
(saved in its snapshot, so that after a power cut the record can be matched to the state
resumed; `-` for the lines the record layer writes itself) and CCCC the Fletcher-16 of
everything before it in hex: a torn or damaged line fails its check.
"""

FORMAT_VERSION = 2
HEADER = "TBR %d" % FORMAT_VERSION

# kind -> code letter; events whose code is followed by the player digit
CODE = {
    "match": "M", "name": "N", "game": "G", "roll": "R", "play": "P", "double": "D",
    "take": "T", "drop": "K", "beaver": "B", "resign": "S", "accept": "A",
    "decline": "X", "timeout": "O", "end": "E", "resume": "W", "position": "H",
    "commit": "F", "reveal": "V", "entered": "U", "tutor": "L",
}
# kinds whose only field is the player
BARE = ("take", "drop", "accept", "decline", "timeout")
# codes of the lines that open a match or a game: written only with the play that follows
# (a power cycle before the opening roll adds nothing to the record)
HEADER_CODES = "MNG"


def header_codes():
    """HEADER_CODES, for the App (app/loop.py), which calls this module by name (base/rare.py)."""
    return HEADER_CODES


def encode(event):
    """One record line's event text (without seal and newline) for an event tuple."""
    kind = event[0]
    code = CODE[kind]
    if kind == "match":
        return "M %d %s %s" % (event[1], event[2] or "-", event[3] or "-")
    if kind == "game":
        return "G %d %d%s" % (event[1], event[2], " C" if event[3] else "")
    if kind == "resume":
        return "W %d" % event[1]
    if kind == "position":
        return "H %s %s" % (event[1], event[2])
    if kind == "commit":
        return "F %s %s %d" % (event[1], event[2] or "-", event[3])
    if kind == "reveal":
        return "V %s" % event[1]
    if kind == "entered":
        return "U %d" % event[1]
    head = "%s%d" % (code, event[1])
    if kind == "name":
        return head + " " + event[2]
    if kind == "roll":
        return "%s %d %d" % (head, event[2], event[3])
    if kind == "play":
        return head + "".join(" %d %d" % (f, t) for f, t in event[2])
    if kind in BARE:
        return head
    return "%s %d" % (head, event[2])


def fletcher16(data):
    a = b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return b << 8 | a


def seal(text, seq=None):
    """`text @SEQ CCCC`: the line as written (seq None: `-`, a line outside the count)."""
    body = "%s @%s" % (text, "-" if seq is None else seq)
    return "%s %04x" % (body, fletcher16(body.encode()))


def line(event, seq=None):
    """The sealed record line of an event tuple."""
    return seal(encode(event), seq)


def seq_of(sealed):
    """The sequence number of a sealed line (None for `-` or a line that is not sealed)."""
    i = sealed.rfind(" @")
    j = sealed.rfind(" ")
    if i < 0 or j <= i:
        return None
    s = sealed[i + 2:j]
    return int(s) if s.isdigit() else None
