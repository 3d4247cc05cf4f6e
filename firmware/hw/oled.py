"""SSD1306 128x64 OLED over I2C: a small framebuf-based driver that sends only changed pages.

Which pages changed is kept as a bit per page (`_dirty`), set by every drawing call for the
pages it draws on: no copy of what the display holds (1 KB of the board's heap, issue 10),
and no page is ever missed, since nothing reaches the buffer but through these calls.
lines() marks only the pages of the rows whose text or bar changed, so a screen sends the
pages a byte-for-byte diff would, but for a changed row whose new pixels happen to equal the
old ones in one of its two pages (sent all the same).

Text uses MicroPython's built-in 8x8 ASCII font; a row with French accents is drawn by
hw/accents.py (loaded for it), which adds the accented letters' glyphs (issue 26). A
missing or failing display never crashes the board: the first I2C error sets `ok` to False, keeps the error in `error`, and from then on
show()/contrast()/power calls do nothing (drawing still goes to the RAM buffer) until
retry() succeeds.
"""
from base.textrows import wrap  # noqa: F401  (part of this driver's API: hw.oled.wrap)

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

_SET_CONTRAST = const(0x81)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
# (the initialisation's other commands: hw/oled_init.py)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)

COLS = const(16)     # characters per row
ROWS = const(6)      # text rows of lines()
ROW_Y = (0, 11, 22, 33, 44, 55)  # pixel row of each text row: 3 px apart for the menu bar

def _text(fb, s, x, y, c=1):
    """Draw `s` on `fb` with its top left at (x, y): ASCII by the built-in font; a text with
    any other character by hw/accents.py (French accents; loaded for it: a French board's)."""
    if not isinstance(s, str):
        s = str(s)  # a number or None drawn by mistake shows as text, never a crash
    for ch in s:
        if not 32 <= ord(ch) <= 126:
            from hw.accents import text
            text(fb, s, x, y, c)
            return
    fb.text(s, x, y, c)


class Oled:
    """An SSD1306 at `addr` on `i2c` (a machine.I2C)."""
    # made by __init__, below
    i2c: Any
    addr: int
    width: int
    height: int
    pages: int                     # of 8 pixel rows
    external_vcc: bool
    flip: bool
    buffer: bytearray              # what is drawn, a page of `width` bytes per 8 rows
    _dirty: int                    # bit p: page p was drawn on since it was last sent
    _mv: memoryview                # the buffer, for the pages' writes
    fb: Any                        # the framebuf.FrameBuffer on the buffer
    _cmd: bytearray
    _data: list                    # (the data byte, the buffer's view): one write
    ok: bool
    error: Any                     # the last I2C error in words, or None
    pages_sent: int                # for the bench and the tests: how much show() sent
    _rows: Any                     # the rows of the picture, drawn by lines() (None: other drawing)
    _inverted: Any                 # the row lines() inverted in it (a menu bar), or None

    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False, flip=False):
        import framebuf
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.external_vcc = external_vcc
        self.flip = flip
        self.buffer = bytearray(self.pages * width)
        self._dirty = 0          # bit p: page p was drawn on since it was last sent
        self._mv = memoryview(self.buffer)
        self.fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.MONO_VLSB)
        self._cmd = bytearray(7)
        self._data = [memoryview(b"\x40"), self._mv]
        self.ok = False
        self.error = None
        self.pages_sent = 0   # for the bench and the tests: how much show() sent
        self._rows = None     # the rows of the picture, drawn by lines() (None: other drawing)
        self._inverted = None  # the row lines() inverted in it (a menu bar), or None
        self.retry()

    # --- bus access: every I2C call goes through these two and cannot raise
    def _fail(self, e):
        self.ok = False
        self.error = "OLED at 0x%02x: %s" % (self.addr, e)

    def _commands(self, cmds):
        if not self.ok:
            return
        try:
            self.i2c.writeto(self.addr, cmds)
        except OSError as e:
            self._fail(e)

    def retry(self):
        """(Re)initialise the display; returns ok. Call it again after a loose cable.
        (At power-up and after a display stopped answering: hw/oled_init.py, loaded for it.)"""
        from hw import oled_init
        return oled_init.retry(self)

    # --- drawing (into RAM; show() sends it)
    def _touch(self, top, bottom):
        """Pixel rows top..bottom (inclusive) were drawn on: their pages are to be sent."""
        if top < 0:
            top = 0
        if bottom >= self.height:
            bottom = self.height - 1
        if top <= bottom:
            self._dirty |= ((2 << (bottom >> 3)) - 1) & ~((1 << (top >> 3)) - 1)

    def fill(self, c=0):
        self._rows = None
        self._dirty = (1 << self.pages) - 1
        self.fb.fill(c)

    def pixel(self, x, y, c=1):
        self._rows = None
        self._touch(y, y)
        self.fb.pixel(x, y, c)

    def hline(self, x, y, w, c=1):
        self._rows = None
        self._touch(y, y)
        self.fb.hline(x, y, w, c)

    def rect(self, x, y, w, h, c=1, fill=False):
        self._rows = None
        self._touch(y, y + h - 1)
        self.fb.rect(x, y, w, h, c, fill)

    def text(self, s, x, y, c=1):
        """Draw `s` with its top left at (x, y), French accents included."""
        self._rows = None
        self._touch(y, y + 7)
        _text(self.fb, s, x, y, c)

    def invert_row(self, i):
        """Invert text row i of lines() and the pixel above and below it (a menu bar)."""
        if not 0 <= i < ROWS:
            return
        self._rows = None
        self._touch(ROW_Y[i] - 1, ROW_Y[i] + 8)
        self._invert_row(i)

    def _invert_row(self, i):
        # (lines() marks the pages of a bar that came, went or moved, not of one redrawn)
        if not 0 <= i < ROWS:
            return
        top = ROW_Y[i] - 1 if ROW_Y[i] > 0 else 0
        bottom = min(self.height, ROW_Y[i] + 9)  # exclusive
        buf = self.buffer
        w = self.width
        for page in range(top >> 3, (bottom + 7) >> 3):
            lo = max(top, page * 8) - page * 8
            hi = min(bottom, page * 8 + 8) - page * 8
            mask = ((1 << hi) - 1) & ~((1 << lo) - 1)
            base = page * w
            for x in range(base, base + w):
                buf[x] ^= mask

    def lines(self, rows, invert=None, send=True):
        """Write up to 6 rows of text (row i at ROW_Y[i]) over the screen and show it
        (send=False: draw only; show() sends it, a page at a time if asked).

        A row longer than 16 characters is cut at 16 (use wrap() first to keep it all);
        rows past the sixth are not shown. `invert` is the index of a row to highlight.
        Only the rows that differ from the last lines() are drawn again (a clock row
        changing each second redraws one row, not six).
        """
        fb = self.fb
        last = self._rows
        was_inverted = self._inverted
        self._inverted = invert
        if last is not None and invert is None and was_inverted is None:
            # the rows that changed drawn again (the usual screen: a clock row each second)
            for i in range(ROWS):
                row = rows[i] if i < len(rows) else ""
                old = last[i]
                if row == old:
                    continue
                y = ROW_Y[i]
                self._touch(y, y + 7)        # its text (and the gap under it) changes
                if old:                      # clear the old text (and the gap under it)
                    fb.fill_rect(0, y, self.width, 8, 0)
                last[i] = row
                if row:
                    _text(fb, row, 0, y)   # (cut at the screen's edge: 16 columns)
        else:
            # the whole picture again (after other drawing, or a bar comes, goes or stays):
            # the pages sent are those of the rows whose text or bar changed
            if last is None:
                self._dirty = (1 << self.pages) - 1
            fb.fill(0)
            new = self._rows = [None] * ROWS
            for i in range(ROWS):
                row = rows[i] if i < len(rows) else ""
                y = ROW_Y[i]
                if (i == invert) != (i == was_inverted):
                    self._touch(y - 1, y + 8)    # its bar came or went
                if last is not None and row != last[i]:
                    self._touch(y, y + 7)
                new[i] = row
                if row:
                    _text(fb, row, 0, y)   # (cut at the screen's edge: 16 columns)
        if invert is not None:
            self._invert_row(invert)
        if send:
            self.show()

    # --- sending
    def pending(self):
        """True while the display RAM differs from what was drawn (show() has pages to send)."""
        return self.ok and self._dirty != 0

    def show(self, full=False, most=0):
        """Send the pages that changed since the last show (all of them if `full`).

        most > 0: send at most that many changed pages now, one per transfer, the rest at
        the next calls: an I2C write blocks the CPU (a whole screen is ~23 ms of bus at
        400 kHz, one page ~3 ms), so the App spreads a screen over its display rounds."""
        if not self.ok:
            return
        dirty = self._dirty
        if not full and not dirty:
            return  # nothing drawn since: no allocation
        page = 0
        while page < self.pages:
            if not full and not dirty & (1 << page):
                page += 1
                continue
            if most > 0 and not full:         # a page per transfer, `most` of them now
                if not self._send(page, page):
                    return
                most -= 1
                if most == 0:
                    return
                page += 1
                continue
            first = page  # send a run of consecutive changed pages in one transfer
            while page + 1 < self.pages and (full or dirty & (2 << page)):
                page += 1
            if not self._send(first, page):
                return
            page += 1

    def _send(self, first, last):
        w = self.width
        c = self._cmd
        c[0] = 0x00
        c[1] = _SET_COL_ADDR
        c[2] = 0
        c[3] = w - 1
        c[4] = _SET_PAGE_ADDR
        c[5] = first
        c[6] = last
        self._commands(c)
        if not self.ok:
            return False
        a, b = first * w, (last + 1) * w
        self._data[1] = self._mv[a:b]
        try:
            self.i2c.writevto(self.addr, self._data)
        except OSError as e:
            self._fail(e)
            return False
        self._dirty &= ~(((2 << last) - 1) & ~((1 << first) - 1))
        self.pages_sent += last - first + 1
        return True

    # --- display settings
    def contrast(self, level):
        """Contrast 0..255."""
        level = max(0, min(255, int(level)))
        self._commands(bytes((0x00, _SET_CONTRAST, level)))

    def invert(self, on):
        """Light on dark (False) or dark on light (True), for the whole screen."""
        self._commands(bytes((0x00, _SET_NORM_INV | (1 if on else 0))))

    def poweroff(self):
        self._commands(bytes((0x00, _SET_DISP)))

    def poweron(self):
        self._commands(bytes((0x00, _SET_DISP | 1)))
