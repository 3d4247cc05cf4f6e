"""Text laid out in rows for the 16-column, 6-row OLED: the one wrapping of the firmware,
shared by the screens (game/), the app's own notices (app/loop.py) and the driver (hw/oled.py
re-exports wrap), so that every layer wraps a message the same way."""

COLS = 16
ROWS = 6


def fit(left, right, width=COLS):
    """`left` and `right` on one row, right-aligned; cut to the width if they do not fit."""
    gap = width - len(left) - len(right)
    if gap < 1:
        return (left + " " + right)[:width]
    return left + " " * gap + right


def wrap(text, width=COLS):
    """Split `text` into rows of at most `width` characters, at spaces when possible."""
    if len(text) <= width and "\n" not in text:
        return [text]                 # most messages: one row, nothing to split
    rows = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:  # a word longer than a row is cut
                if line:
                    rows.append(line)
                    line = ""
                rows.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                rows.append(line)
                line = word
        rows.append(line)
    return rows
