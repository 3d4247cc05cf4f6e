"""The simulated board drawn as text: checkers, every LED, the OLED's six rows.

White's checkers are O, Black's X; a pile taller than 5 shows its count on the fifth row.
Every LED is shown by a letter (below, LED_LETTERS) and, with colour on, in its own colour.
Point labels follow the mover's numbering (the notation you type uses it too).
"""
from game import colours
from game.colour_names import NAMES

WHITE, BLACK = 1, 2
ROWS = 5
TOP = tuple(range(13, 19)) + tuple(range(19, 25))      # White's numbering, left to right
BOTTOM = tuple(range(12, 6, -1)) + tuple(range(6, 0, -1))

# one letter per palette name; an unknown new name shows its first letter
LED_LETTERS = {"off": ".", "setup": "S", "dest": "D", "illegal": "!", "lifted": "L",
               "last_from": "f", "last_to": "t", "uncertain": "?", "turn_white": "W",
               "turn_black": "B", "cube_owned": "C", "cube_centred": "c", "cube_offered": "O",
               "win": "*"}


def led_letter(code):
    if code >= len(NAMES):
        return "#"
    name = NAMES[code]
    return LED_LETTERS.get(name, name[:1].upper())


def legend():
    return "LEDs: " + " ".join("%s=%s" % (led_letter(c), NAMES[c]) for c in range(1, len(NAMES)))


def _cell(text, rgb, colour):
    if not colour or rgb == (0, 0, 0):
        return text
    r, g, b = rgb
    fg = "30" if r * 3 + g * 6 + b > 1100 else "97"
    return "\x1b[48;2;%d;%d;%dm\x1b[%sm%s\x1b[0m" % (r, g, b, fg, text)


def _led(codes, role, colour, width=3):
    code = codes[role]
    text = led_letter(code).center(width)
    return _cell(text, colours.RGB[code] if code < len(colours.RGB) else (0, 0, 0), colour)


def _stack_char(counts, p, row):
    w, b = counts[p]
    n = w + b
    ch = "O" if w and not b else "X" if b and not w else "#" if n else " "
    if n <= row:
        return "   "
    if row == ROWS - 1 and n > ROWS:
        return ("%d" % n).center(3)
    return " %s " % ch


def draw(counts, bar, off, hand, codes, screen, mover=0, colour=False, messages=(), numbering=None):
    """Lines of text for the whole board.

    counts[p] = (white, black) on White's point p; bar/off = {WHITE: n, BLACK: n};
    hand = list of colours held; codes = LED palette code per role (1..30);
    screen = the OLED rows; mover = WHITE/BLACK whose turn is lit; numbering = the side
    whose numbering the labels use (Session.view: the mover's, White's while setting up).
    """
    if numbering is None:
        numbering = mover

    def label(p):
        return "%3d" % (25 - p if numbering == BLACK else p)

    left = []
    side = "Black's side" if numbering == BLACK else "White's side"
    who = {WHITE: "White (O) to play", BLACK: "Black (X) to play"}.get(mover, "nobody's turn lit")
    left.append("%s; points from %s" % (who, side))
    left.append("    " + "".join(_led(codes, p, colour) for p in TOP[:6]) + " bar  "
                + "".join(_led(codes, p, colour) for p in TOP[6:]))
    left.append("    " + "".join(label(p) for p in TOP[:6]) + "      " + "".join(label(p) for p in TOP[6:]))
    for row in range(ROWS):
        mid = (" X%-2d" % bar[BLACK]) if row == 0 and bar[BLACK] else "    "
        left.append("   |" + "".join(_stack_char(counts, p, row) for p in TOP[:6]) + "|" + mid
                    + "|" + "".join(_stack_char(counts, p, row) for p in TOP[6:]) + "|")
    left.append("   |" + " " * 18 + "|" + _led(codes, colours.LED_BLACK_BAR, colour, 4) + "|" + " " * 18 + "|")
    left.append("   |" + " " * 18 + "|" + _led(codes, colours.LED_WHITE_BAR, colour, 4) + "|" + " " * 18 + "|")
    for row in range(ROWS - 1, -1, -1):
        mid = (" O%-2d" % bar[WHITE]) if row == 0 and bar[WHITE] else "    "
        left.append("   |" + "".join(_stack_char(counts, p, row) for p in BOTTOM[:6]) + "|" + mid
                    + "|" + "".join(_stack_char(counts, p, row) for p in BOTTOM[6:]) + "|")
    left.append("    " + "".join(label(p) for p in BOTTOM[:6]) + "      " + "".join(label(p) for p in BOTTOM[6:]))
    left.append("    " + "".join(_led(codes, p, colour) for p in BOTTOM[:6]) + " bar  "
                + "".join(_led(codes, p, colour) for p in BOTTOM[6:]))
    right = ["+----- OLED -----+"]
    for i in range(6):
        row = screen[i] if i < len(screen) else ""
        right.append("|%-16s|" % row[:16])
    right.append("+----------------+")
    right.append("")
    right.append("turn  O %s  X %s" % (_led(codes, colours.LED_TURN_P1, colour, 1),
                                       _led(codes, colours.LED_TURN_P2, colour, 1)))
    right.append("cube  O %s  X %s" % (_led(codes, colours.LED_CUBE_P1, colour, 1),
                                       _led(codes, colours.LED_CUBE_P2, colour, 1)))
    right.append("off   O %-2d X %-2d" % (off[WHITE], off[BLACK]))
    right.append("hand  " + (" ".join("O" if c == WHITE else "X" for c in hand) or "-"))
    out = []
    width = 49
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        pad = width - _visible_len(a)
        out.append(a + " " * max(pad, 1) + b)
    for m in messages:
        out.append(m)
    return out


def _visible_len(s):
    n = 0
    i = 0
    while i < len(s):
        if s[i] == "\x1b":
            j = s.find("m", i)
            i = j + 1 if j >= 0 else len(s)
            continue
        n += 1
        i += 1
    return n
