"""Writing the match record on the board: one line per event (the format: record.py).

Only what the firmware needs while playing, kept apart from the reader (record.py) so the
Pico does not hold the parser in its heap. record.py re-exports these names.
"""

FORMAT_VERSION = 1
HEADER = "TBR %d" % FORMAT_VERSION

# kind -> code letter; events whose code is followed by the player digit
CODE = {
    "match": "M", "name": "N", "game": "G", "roll": "R", "play": "P", "double": "D",
    "take": "T", "drop": "K", "beaver": "B", "resign": "S", "accept": "A",
    "decline": "X", "timeout": "O", "end": "E",
}
# kinds whose only field is the player
BARE = ("take", "drop", "accept", "decline", "timeout")


def encode(event):
    """One record line (without the newline) for an event tuple."""
    kind = event[0]
    code = CODE[kind]
    if kind == "match":
        return "M %d %s %s" % (event[1], event[2] or "-", event[3] or "-")
    if kind == "game":
        return "G %d %d%s" % (event[1], event[2], " C" if event[3] else "")
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
