"""The French accented letters on the OLED (issue 26 item 18): MicroPython's built-in 8x8
font has ASCII only, and "Aucun de pour ce coup" read as English-less nonsense.

Loaded by hw/oled.py for a row holding a character past ASCII (a French board's, so an
English board never carries it): the row's ASCII is drawn by the built-in font, each letter
of CHARS by its own glyph, set a pixel at a time; any other character is spelt in ASCII
(ascii_text: œ -> oe, « -> ", an unknown one -> ?).

GLYPHS: 8 bytes a letter of CHARS, a byte a column (bit 0 the top row), as the built-in
font's: the small letters are the font's with the accent in the two rows above them (the
cedilla in the row under); a capital's seven rows are pressed into rows 2 to 7 (a row that
repeats left out) under its accent. Made from the font by tests/portable/test_oled.py's
build_glyphs, which checks the table against it.
"""

CHARS = "àâçéèêëîïôùûüÀÂÇÉÈÊËÎÏÔÙÛ"
GLYPHS = (
    b"\x00\x20\x75\x57\x56\x7c\x78\x00"   # à
    b"\x00\x20\x76\x55\x55\x7e\x78\x00"   # â
    b"\x00\x38\x7c\xc4\xc4\x6c\x28\x00"   # ç
    b"\x00\x38\x7c\x56\x57\x5d\x58\x00"   # é
    b"\x00\x38\x7d\x57\x56\x5c\x58\x00"   # è
    b"\x00\x38\x7e\x55\x55\x5e\x58\x00"   # ê
    b"\x00\x38\x7e\x54\x54\x5e\x58\x00"   # ë
    b"\x00\x00\x02\x7d\x7d\x02\x00\x00"   # î
    b"\x00\x00\x02\x7c\x7c\x02\x00\x00"   # ï
    b"\x00\x38\x7e\x45\x45\x7e\x38\x00"   # ô
    b"\x00\x3c\x7d\x43\x42\x7c\x3c\x00"   # ù
    b"\x00\x3c\x7e\x41\x41\x7e\x3c\x00"   # û
    b"\x00\x3c\x7e\x40\x40\x7e\x3c\x00"   # ü
    b"\x00\xf8\xfd\x17\x16\xfc\xf8\x00"   # À
    b"\x00\xf8\xfe\x15\x15\xfe\xf8\x00"   # Â
    b"\x00\x3e\x7f\xc1\xc1\x63\x22\x00"   # Ç
    b"\x00\xfc\xfc\x96\x97\x85\x84\x00"   # É
    b"\x00\xfc\xfd\x97\x96\x84\x84\x00"   # È
    b"\x00\xfc\xfe\x95\x95\x86\x84\x00"   # Ê
    b"\x00\xfc\xfe\x94\x94\x86\x84\x00"   # Ë
    b"\x00\x00\x86\xfd\xfd\x86\x00\x00"   # Î
    b"\x00\x00\x86\xfc\xfc\x86\x00\x00"   # Ï
    b"\x00\x78\xfe\x85\x85\xfe\x78\x00"   # Ô
    b"\x00\x7c\xfd\x83\x82\xfc\x7c\x00"   # Ù
    b"\x00\x7c\xfe\x81\x81\xfe\x7c\x00"   # Û
)

# Other characters the font lacks, spelt in ASCII (French first): _FROM[i] -> _TO[i]. Two
# strings rather than a dict: no hash table on the heap.
_FROM = "äáëíöóüúÿñÄËÏÖÜÑ«»“”‘’–—°×·€\u00a0\u202f"
_TO = "aaeioouuynAEIOUN\"\"\"\"\'\'--ox.E  "
_LONG = {"œ": "oe", "æ": "ae", "Œ": "OE", "Æ": "AE", "…": "..."}
_PLAIN = "aaceeeeiiouuuAACEEEEIIOUU"     # CHARS without their accents


def ascii_text(s):
    """`s` spelt with the font's ASCII characters (accents left out); anything unknown
    becomes '?'."""
    if not isinstance(s, str):
        s = str(s)  # a number or None drawn by mistake shows as text, never a crash
    out = []
    for ch in s:
        o = ord(ch)
        if 32 <= o <= 126:
            out.append(ch)
            continue
        i = CHARS.find(ch)
        if i >= 0:
            out.append(_PLAIN[i])
            continue
        i = _FROM.find(ch)
        out.append(_TO[i] if i >= 0 else _LONG.get(ch, "?"))
    return "".join(out)


def text(fb, s, x, y, c=1):
    """Draw `s` with its top left at (x, y) on the FrameBuffer `fb`, in colour c: its
    accented French letters with their accents."""
    if not isinstance(s, str):
        s = str(s)
    out = ""
    marks = []                     # (column, glyph index) of each letter of CHARS
    for ch in s:
        i = CHARS.find(ch)
        if i >= 0:
            marks.append((len(out), i))
            out += " "
        else:
            out += ascii_text(ch)  # "oe" for "œ": two columns
    fb.text(out, x, y, c)
    for col, i in marks:
        left = x + 8 * col
        for dx in range(8):
            b = GLYPHS[8 * i + dx]
            dy = 0
            while b:
                if b & 1:
                    fb.pixel(left + dx, y + dy, c)
                b >>= 1
                dy += 1
