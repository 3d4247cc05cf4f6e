"""Every text the board shows, in English and French (the OLED draws the French accents:
hw/accents.py).

`tr(lang, key, *args)`: lang 0 English, 1 French; args fill the %-fields. Rejection
messages name their rule and point in the mover's own numbering ("5-point is closed").

The texts are data files beside this module, one 'key=text' line each, sorted by key ('|'
starts a new row on the screen): game/en.txt, game/en_menu.txt (the menu and settings
screens), game/fr.txt and game/fr_menu.txt (French, with the coach's words: c_...). They are
read where they lie on the Pico's flash (base/inflash.py: the file's block in the flash's
mapping, as the engine's weights are), so that no text takes the heap: the English in
the heap, as strings in this module, cost about 2 KB for good, the French 6 KB from the
moment it was chosen. Where there is no mapping (the unix port, CPython, the web page, a
copy of the file's bytes left behind that cannot be told apart: base/inflash.py) the file
is kept open and a line's bytes read when it is looked at. A file is opened when a text is
first looked for in it (game/textfiles.py); each gets an index of its lines' starts (2
bytes a line), and a text is found by halving it: about 7 comparisons of a few bytes, no
allocation but the text itself.
"""

EN = 0
FR = 1

# per language, its files in the order they are searched (the menu's last: its texts are
# asked for only while the menu is open); each must fit one block of the flash (4 KB on
# the Pico) to be read in place (tests/portable/test_texts.py)
FILES = (("en.txt", "en_menu.txt"), ("fr.txt", "fr_menu.txt"))
_HERE = __file__[:__file__.rfind("/") + 1]      # "game/" on the board: the files beside us
_open = [[None, None], [None, None]]    # per language and file: (data, line starts) once
#                                         opened, False if it could not be


def texts(lang, i):
    """(data, line starts) of `lang`'s i-th file, opened when first asked for (the menu's
    when the menu first shows); None when it cannot be read (its keys then show themselves)."""
    got = _open[lang][i]
    if got is None:
        try:
            from game import textfiles       # (a rare part: loaded for the call)
            got = textfiles.opened(_HERE + FILES[lang][i])
        except OSError:
            got = False
        _open[lang][i] = got
    return got or None


def _compare(line, at, room, key):
    # key against the line's key at line[at:], of which `room` bytes may be read: -1 key
    # before it, 0 the same, 1 after it ('=' ends the line's key)
    n = len(key)
    j = 0
    while j < n:
        if j >= room:
            return 1
        b = line[at + j]
        if b == 61:
            return 1
        k = key[j]
        if k != b:
            return 1 if k > b else -1
        j += 1
    return 0 if j < room and line[at + n] == 61 else -1


def find(data, starts, key):
    """(start, end) of key's text in a texts file, or None. data: its bytes, or the open
    file; key: bytes."""
    f = hasattr(data, "readinto")
    buf = bytearray(len(key) + 1) if f else None
    lo = 0
    hi = (len(starts) >> 1) - 1
    while lo < hi:
        mid = (lo + hi) >> 1
        s = starts[2 * mid] | (starts[2 * mid + 1] << 8)
        e = (starts[2 * mid + 2] | (starts[2 * mid + 3] << 8)) - 1      # its newline
        if f:
            data.seek(s)
            c = _compare(buf, 0, min(e - s, data.readinto(buf) or 0), key)
        else:
            c = _compare(data, s, e - s, key)
        if c == 0:
            return s + len(key) + 1, e
        if c < 0:
            hi = mid
        else:
            lo = mid + 1
    return None


def lookup(lang, key):
    """The text of `key` in `lang`'s files as written ('|' between rows), or None."""
    kb = key.encode()
    for i in range(len(FILES[lang])):
        try:
            got = texts(lang, i)
            if got is None:
                continue
            data, starts = got
            at = find(data, starts, kb)
            if at is not None:
                if hasattr(data, "readinto"):
                    data.seek(at[0])
                    return str(data.read(at[1] - at[0]), "utf-8")
                return str(data[at[0]:at[1]], "utf-8")
        except (UnicodeError, OSError, MemoryError):
            return None             # a damaged file, a fragmented heap: the key, not a crash
    return None


def tr(lang, key, *args):
    """The text for `key` in `lang`, with %-fields filled; a key French lacks is said in
    English; an unknown key shows itself."""
    text = lookup(lang, key)
    if text is None and lang != EN:
        text = lookup(EN, key)
    if text is None:
        text = key
    if "|" in text:
        text = text.replace("|", "\n")   # a text of several rows: each its own (textrows.wrap)
    return text % args if args else text
