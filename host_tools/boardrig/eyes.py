"""What the eyes read on the stand-in board's OLED: its six text rows, from the driver's pixels
(hw.oled's MONO_VLSB buffer). Its own module: loaded by the tests that read the screen, not
by every test of the App in the Pico-sized heap.
"""
def screen_of(buffer, width=128):
    """The six text rows an OLED's pixels show (hw.oled's MONO_VLSB buffer, rows at ROW_Y),
    read cell by cell against the font (French accents included); a cell that is no glyph
    reads "?", a row's trailing blanks are left out, an inverted row (a menu bar) reads as
    its text."""
    from hw.oled import ROW_Y
    rows = []
    cell = bytearray(8)
    for y in ROW_Y:
        page = (y >> 3) * width
        shift = y & 7
        text = ""
        for x0 in range(0, width, 8):
            for k in range(8):
                b = buffer[page + x0 + k] >> shift
                if shift:
                    b |= buffer[page + width + x0 + k] << (8 - shift)
                cell[k] = b & 0xFF
            text += _glyph_of(cell)
        rows.append(text.rstrip())
    return rows


def _glyph_of(cell):
    """The character whose 8x8 glyph is `cell` (or its inverse), else "?": each printable
    ASCII character drawn by framebuf into a scratch cell and compared, then the accented
    letters of hw/accents.py (nothing kept: the Pico-sized heap of the tests)."""
    import framebuf
    for inverse in (0, 0xFF):
        if all(b == inverse for b in cell):
            return " "
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    for code in range(33, 127):
        fb.fill(0)
        fb.text(chr(code), 0, 0, 1)
        if _same(buf, cell):
            return chr(code)
    from hw.accents import CHARS, GLYPHS
    for i in range(len(CHARS)):
        if _same(GLYPHS[8 * i:8 * i + 8], cell):
            return CHARS[i]
    return "?"


def _same(glyph, cell):
    """True when `cell` is `glyph`, or its inverse (a row under the menu bar)."""
    inverse = glyph[0] ^ cell[0]
    if inverse not in (0, 0xFF):
        return False
    for k in range(1, 8):
        if glyph[k] ^ cell[k] != inverse:
            return False
    return True
