"""Writing the match record on the board: one line per event (the format: record.py).

Only what the firmware needs on every event, kept apart from the reader and RecordLog
(record.py) so the Pico does not hold them in its heap. record.py re-exports these names.
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
