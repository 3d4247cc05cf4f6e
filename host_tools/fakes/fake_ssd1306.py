"""Fake SSD1306 128x64 OLED on the fake I2C bus: decodes the command/data stream the firmware
sends into display RAM, and shows what a viewer would see (pixels, text rows, a terminal
picture). fake_io attaches one at 0x3C; reach it with fake_io.oled_device().
"""


# SSD1306 commands and how many argument bytes follow each one.
_SSD_ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1,
             0xD9: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2}
_SSD_SIMPLE = (0xAE, 0xAF, 0xA4, 0xA5, 0xA6, 0xA7, 0xA0, 0xA1, 0xC0, 0xC8, 0x2E, 0x2F, 0xE3)


class FakeSSD1306:
    """An SSD1306 128x64 that decodes the I2C command/data stream into its display RAM.

    pixels() is what a viewer sees on a module mounted the usual way (segment remap A1 and
    COM scan C8 give an upright picture; A0/C0 mirror it), honouring display on/off,
    inverse, entire-on, start line and offset. Counters let tests check the traffic.
    """

    WIDTH = 128
    HEIGHT = 64

    def __init__(self):
        self.ram = bytearray(self.WIDTH * self.HEIGHT // 8)
        self.display_on = False
        self.charge_pump = False
        self.inverse = False
        self.entire_on = False
        self.contrast = 0x7F
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.offset = 0
        self.mode = 2  # page addressing after reset
        self.col_start, self.col_end, self.col = 0, 127, 0
        self.page_start, self.page_end, self.page = 0, 7, 0
        self.unknown = []      # commands it did not understand
        self.writes = 0        # I2C write transactions
        self.data_bytes = 0    # display RAM bytes received
        self._cmd = None       # command waiting for arguments
        self._args = []

    # --- the bus side
    def read(self, n):
        return bytes([0x43 if self.display_on else 0x03]) + bytes(n - 1) if n else b""

    def write(self, data):
        self.writes += 1
        i = 0
        while i < len(data):
            control = data[i]
            i += 1
            co = control & 0x80
            is_data = control & 0x40
            if co:  # one byte, then another control byte
                if i < len(data):
                    self._data(data[i:i + 1]) if is_data else self._command(data[i])
                i += 1
                continue
            if is_data:
                self._data(data[i:])
            else:
                for b in data[i:]:
                    self._command(b)
            return

    def _command(self, b):
        if self._cmd is not None:
            self._args.append(b)
            if len(self._args) == _SSD_ARGS[self._cmd]:
                cmd, args = self._cmd, self._args
                self._cmd, self._args = None, []
                self._apply(cmd, args)
            return
        if b in _SSD_ARGS:
            self._cmd = b
            return
        if b in _SSD_SIMPLE:
            self._apply(b, ())
        elif b <= 0x0F:
            self.col = (self.col & 0xF0) | b
        elif b <= 0x1F:
            self.col = (self.col & 0x0F) | ((b & 0x0F) << 4)
        elif 0x40 <= b <= 0x7F:
            self.start_line = b & 0x3F
        elif 0xB0 <= b <= 0xB7:
            self.page = b & 7
        else:
            self.unknown.append(b)

    def _apply(self, cmd, args):
        if cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA6, 0xA7):
            self.inverse = cmd == 0xA7
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xC0, 0xC8):
            self.com_remap = cmd == 0xC8
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_start, self.col_end = args[0] & 127, args[1] & 127
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start, self.page_end = args[0] & 7, args[1] & 7
            self.page = self.page_start
        elif cmd == 0xD3:
            self.offset = args[0] & 63

    def _data(self, data):
        self.data_bytes += len(data)
        for b in data:
            self.ram[self.page * 128 + self.col] = b
            if self.mode == 0:  # horizontal: column first, then page
                if self.col >= self.col_end:
                    self.col = self.col_start
                    self.page = self.page_start if self.page >= self.page_end else self.page + 1
                else:
                    self.col += 1
            elif self.mode == 1:  # vertical: page first, then column
                if self.page >= self.page_end:
                    self.page = self.page_start
                    self.col = self.col_start if self.col >= self.col_end else self.col + 1
                else:
                    self.page += 1
            else:  # page mode: column only
                self.col = self.col_start if self.col >= 127 else self.col + 1

    # --- the viewer side
    def pixel(self, x, y):
        """1 if the pixel at column x, row y (0,0 top left) is lit."""
        if not (self.display_on and self.charge_pump):
            return 0
        if self.entire_on:
            return 1
        cx = x if self.seg_remap else 127 - x
        ry = y if self.com_remap else 63 - y
        ry = (ry + self.start_line + self.offset) & 63
        v = (self.ram[(ry >> 3) * 128 + cx] >> (ry & 7)) & 1
        return v ^ 1 if self.inverse else v

    def pixels(self):
        """The visible picture: 64 rows of 128 bytes (0 or 1)."""
        rows = []
        for y in range(self.HEIGHT):
            row = bytearray(self.WIDTH)
            for x in range(self.WIDTH):
                row[x] = self.pixel(x, y)
            rows.append(row)
        return rows

    def render(self, on="#", off="."):
        """The picture as 64 lines of text, for a terminal or an assertion message."""
        return "\n".join("".join(on if v else off for v in row) for row in self.pixels())

    def render_blocks(self):
        """The picture in 32 lines of 128 half-block characters (two pixel rows each)."""
        pix = self.pixels()
        chars = (" ", "\u2580", "\u2584", "\u2588")  # none, upper, lower, both
        return "\n".join("".join(chars[pix[y][x] | pix[y + 1][x] << 1] for x in range(128))
                         for y in range(0, 64, 2))

    def cell(self, x, y, pix=None):
        """The 8x8 cell at (x, y) as 8 column bytes (bit 0 on top), like a font glyph."""
        pix = pix or self.pixels()
        out = bytearray(8)
        for j in range(8):
            col = 0
            for k in range(8):
                yy = y + k
                if 0 <= yy < 64 and 0 <= x + j < 128 and pix[yy][x + j]:
                    col |= 1 << k
            out[j] = col
        return bytes(out)

    def text_at(self, y, pix=None):
        """Decode the 16 character cells of the text row drawn at pixel row y.

        Returns (text, inverted): '?' for a cell that is no glyph; inverted is True when the
        row is drawn light-on-dark (a menu selection).
        """
        pix = pix or self.pixels()
        glyphs = _glyphs()
        chars = []
        inverted = 0
        for x in range(0, 128, 8):
            cell = self.cell(x, y, pix)
            ch = glyphs.get(cell)
            if ch is None:
                chars.append("?")
            else:
                chars.append(ch[0])
                inverted += ch[1]
        return "".join(chars), inverted * 2 > len(chars)

    def text_rows(self, ys=None):
        """The text on screen, one string per row (trailing blanks removed).

        With `ys` (the driver's row positions, e.g. Oled.ROW_Y) the rows at those pixel rows
        are decoded exactly. Without it the picture is scanned top-down for rows where every
        cell is a glyph and one is not blank: exact for text on any row, best effort for
        text that overlaps other drawings.
        """
        pix = self.pixels()
        if ys is not None:
            return [self.text_at(y, pix)[0].rstrip() for y in ys]
        rows = []
        y = 0
        while y <= 56:
            text, _ = self.text_at(y, pix)
            if "?" not in text and text.strip():
                rows.append(text.rstrip())
                y += 8
            else:
                y += 1
        return rows


_GLYPHS = None


def _glyphs():
    """8-byte cell -> (character, inverted) for every printable ASCII glyph of the font."""
    global _GLYPHS
    if _GLYPHS is None:
        import framebuf
        table = {}
        buf = bytearray(8)
        fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
        for code in range(32, 127):
            fb.fill(0)
            fb.text(chr(code), 0, 0, 1)
            key = bytes(buf)
            if key not in table:
                table[key] = (chr(code), 0)
            inv = bytes([b ^ 0xFF for b in buf])
            if inv not in table:
                table[inv] = (chr(code), 1)
        try:        # the French accented letters the firmware draws (hw/accents.py, issue 26)
            from hw.accents import CHARS, GLYPHS
        except ImportError:
            CHARS = ""
        for i in range(len(CHARS)):
            key = bytes(GLYPHS[8 * i:8 * i + 8])
            table.setdefault(key, (CHARS[i], 0))
            table.setdefault(bytes([b ^ 0xFF for b in key]), (CHARS[i], 1))
        _GLYPHS = table
    return _GLYPHS
