"""Text cut into rows for the 16-column OLED: shared by the screens (game/) and the driver
(hw/), so that both layers wrap a message the same way."""

COLS = 16


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
