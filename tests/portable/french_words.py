"""Issue 26 item 18: no English word shows through on a French screen. english(rows) lists
the words of `rows` (a screen) that are English words of the board's screens and not French."""

# the English of the board's screens that a French one never uses (French words spelt
# alike, as "match", "double", "normal", "Crawford", "gammon", are not here)
ENGLISH = ("fine", "doubtful", "blunder", "blund", "wrong", "take", "takes", "pass",
           "passes", "hint", "equity", "rate", "doubt", "luck", "per", "move", "moves",
           "next", "close", "game", "main", "so", "far", "missed", "lost", "play", "plays",
           "roll", "rolls", "white", "black", "no", "legal", "the", "of", "is",
           "to", "it", "please", "memory", "engine", "grading", "review", "done", "back",
           "dice", "resign", "resigns", "wins", "again", "sure", "board", "checker")


def words(text):
    """The words of `text`: its runs of letters (accented ones too), lower case."""
    out = []
    w = ""
    for ch in text + " ":
        if ch.isalpha() or ord(ch) > 127:
            w += ch
        elif w:
            out.append(w.lower())
            w = ""
    return out


def english(rows):
    """The English words on the screen `rows`."""
    return [w for row in rows for w in words(row) if w in ENGLISH]
