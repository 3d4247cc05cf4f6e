"""Pure-Python subset of MicroPython's `framebuf`, for CPython (the simulator and pytest).

Only what the OLED driver needs: MONO_VLSB buffers with fill, pixel, hline, vline, line,
rect, fill_rect, text (the same 8x8 font as MicroPython), scroll and blit. Pixels come out
bit-identical to the real module (checked by tests/test_fake_framebuf.py against the
MicroPython unix port).

Under MicroPython this file is never loaded: `framebuf` is a built-in module that is not
extensible, so the real one always wins over a file of the same name on sys.path.
"""

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# MicroPython's font_petme128_8x8 for chr(32)..chr(127): 8 column bytes per glyph, bit 0 on
# top. Dumped from the real framebuf; anything outside 32..127 draws glyph 127 (per byte).
_FONT = bytes.fromhex(
    "00000000000000000000004f4f0000000007070000070700147f7f14147f7f1400242e6b6b3a1200"
    "006333180c66630000327f4d4d777250000000040603010000001c3e63410000000041633e1c0000"
    "082a3e1c1c3e2a080008083e3e080800000080e0600000000008080808080800000000606000000000"
    "406030180c0602003e7f49457f3e000040447f7f40400000627351494f460000226349497f36000018"
    "1814167f7f1000276745457d3900003e7f49497b3200000303797d07030000367f49497f360000266f"
    "49497f3e000000002424000000000080e46400000000081c3663414100001414141414140000414163"
    "361c080000020351590f0600003e7f414d4f2e00007c7e0b0b7e7c00007f7f49497f3600003e7f4141"
    "632200007f7f41633e1c00007f7f4949414100007f7f0909010100003e7f41497b3a00007f7f08087f"
    "7f000000417f7f410000002060417f3f0100007f7f1c36634100007f7f4040404000007f7f060c067f"
    "7f007f7f0e1c7f7f00003e7f41417f3e00007f7f09090f0600001e3f21617f5e00007f7f19396f4600"
    "00266f49497b32000001017f7f010100003f7f40407f3f00001f3f60603f1f00007f7f3018307f7f00"
    "63771c1c77630000070f78780f0700006171594d47430000007f7f414100000002060c183060400000"
    "41417f7f000000080c06060c0800c0c0c0c0c0c0c0c0000001030604000000207454547c7800007f7f"
    "44447c380000387c44446c280000387c44447f7f0000387c54545c580000087e7f090302000098bca4"
    "a4fc7c00007f7f04047c78000000007d7d0000000040c08080fd7d00007f7f30386c44000000417f7f"
    "400000007c7c1830187c7c007c7c04047c780000387c44447c380000fcfc24243c180000183c2424fc"
    "fc00007c7c04040c080000485c545474200004043f7f44642000003c7c40407c3c00001c3c60603c1c"
    "00001c7c3018307c1c00446c38386c4400009cbca0a0fc7c00004464745c4c44000008083e77414100"
    "000000ffff000000004141773e0808000002030103020301aa55aa55aa55aa55"
)


class FrameBuffer:
    """A monochrome frame buffer over `buf`, one byte per 8 vertical pixels (MONO_VLSB)."""

    def __init__(self, buf, width, height, format, stride=None):
        if format != MONO_VLSB:
            raise ValueError("fake framebuf supports only MONO_VLSB")
        self.buf = buf
        self.width = width
        self.height = height
        self.stride = width if stride is None else stride
        if len(buf) < self.stride * ((height + 7) // 8):
            raise ValueError("buffer too small")

    # --- single pixels (no clipping: callers clip) ---
    def _set(self, x, y, c):
        i = (y >> 3) * self.stride + x
        if c:
            self.buf[i] |= 1 << (y & 7)
        else:
            self.buf[i] &= ~(1 << (y & 7)) & 0xFF

    def _get(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill(self, c):
        v = 0xFF if c else 0
        rows = (self.height + 7) // 8
        for r in range(rows):
            a = r * self.stride
            self.buf[a:a + self.width] = bytes([v]) * self.width

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        for yy in range(y, yend):
            for xx in range(x, xend):
                self._set(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Same Bresenham variant as modframebuf.c, so the pixels match exactly.
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y1, x1, c)
            else:
                self.pixel(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self.pixel(x2, y2, c)

    def text(self, s, x, y, c=1):
        # MicroPython walks the UTF-8 bytes: a non-ASCII character draws glyph 127 per byte.
        for ch in s.encode("utf-8") if isinstance(s, str) else s:
            if ch < 32 or ch > 127:
                ch = 127
            glyph = (ch - 32) * 8
            for j in range(8):
                xx = x + j
                if 0 <= xx < self.width:
                    col = _FONT[glyph + j]
                    yy = y
                    while col:
                        if col & 1 and 0 <= yy < self.height:
                            self._set(xx, yy, c)
                        col >>= 1
                        yy += 1
            x += 8

    def scroll(self, xstep, ystep):
        # Uncovered pixels keep their old value, as in MicroPython.
        if xstep < 0:
            sx, xend, dx = 0, self.width + xstep, 1
            if xend <= 0:
                return
        else:
            sx, xend, dx = self.width - 1, xstep - 1, -1
            if xend >= sx:
                return
        if ystep < 0:
            y, yend, dy = 0, self.height + ystep, 1
            if yend <= 0:
                return
        else:
            y, yend, dy = self.height - 1, ystep - 1, -1
            if yend >= y:
                return
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def blit(self, fbuf, x, y, key=-1, palette=None):
        if not isinstance(fbuf, FrameBuffer):
            fbuf = FrameBuffer(*fbuf)
        if palette is not None:
            raise ValueError("fake framebuf: blit palette not supported")
        if x >= self.width or y >= self.height or -x >= fbuf.width or -y >= fbuf.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + fbuf.width)
        y0end = min(self.height, y + fbuf.height)
        cy1 = y1
        for cy0 in range(y0, y0end):
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = fbuf._get(cx1, cy1)
                if col != key:
                    self._set(cx0, cy0, col)
                cx1 += 1
            cy1 += 1


def FrameBuffer1(buf, width, height, stride=None):
    return FrameBuffer(buf, width, height, MONO_VLSB, stride)
