"""OLED driver: what reaches the fake SSD1306 over I2C decodes to the text drawn."""
import sys
import fake_io
from hw.oled import Oled, ROW_Y, wrap
from hw.accents import ascii_text, CHARS, GLYPHS


def _oled():
    fake_io.reset_fakes()
    return Oled(fake_io.I2C(0, scl=fake_io.Pin(5), sda=fake_io.Pin(4))), fake_io.oled_device(0x3C)


def test_init_switches_the_display_on_and_clears_it():
    oled, dev = _oled()
    assert oled.ok and oled.error is None
    assert dev.display_on and dev.charge_pump and not dev.unknown
    assert dev.contrast == 0xFF
    assert dev.text_rows(ROW_Y) == [""] * 6
    assert sum(sum(row) for row in dev.pixels()) == 0


def test_lines_decode_to_the_same_text():
    oled, dev = _oled()
    rows = ["Tablier", "Blanc: 6-3", "13/7 8/5", "", "pips 167 - 159", "0123456789ABCDEF"]
    oled.lines(rows)
    assert dev.text_rows(ROW_Y) == rows
    # the scanner finds the same rows without being told where they are
    assert dev.text_rows() == [r for r in rows if r]


def test_long_rows_are_cut_and_extra_rows_dropped():
    oled, dev = _oled()
    oled.lines(["abcdefghijklmnopqrstuvwxyz"] + ["row"] * 7)
    got = dev.text_rows(ROW_Y)
    assert got[0] == "abcdefghijklmnop"
    assert got[1:] == ["row"] * 5


def test_characters_past_the_font_are_spelt_in_ascii():
    assert ascii_text("Dés lancés: à vous « Noir »") == 'Des lances: a vous " Noir "'
    assert ascii_text("Œuf ça ôté où î ï ü") == "OEuf ca ote ou i i u"
    assert ascii_text("plain") == "plain"
    assert ascii_text("\u2603") == "?"
    assert ascii_text(12) == "12"   # not a string: drawn as text, no crash


def _font(ch):
    import framebuf
    buf = bytearray(8)
    framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB).text(ch, 0, 0, 1)
    return bytes(buf)


def _rows_of(cell):
    return ["".join("#" if cell[x] >> r & 1 else "." for x in range(8)) for r in range(8)]


def test_the_accented_glyphs_are_the_fonts_letters_with_their_accents():
    """Issue 26 item 18: each accented letter is the font's own letter (a capital's rows
    pressed under its accent) with a mark above it, a cedilla under; no two alike, none
    the same as an ASCII glyph: the letters are told apart on the OLED."""
    assert len(GLYPHS) == 8 * len(CHARS) and len(set(CHARS)) == len(CHARS)
    plain = "aaceeeeiiouuuAACEEEEIIOUU"
    cells = [bytes(GLYPHS[8 * i:8 * i + 8]) for i in range(len(CHARS))]
    assert len(set(cells)) == len(cells)
    ascii_cells = set(_font(chr(o)) for o in range(32, 127))
    for i, ch in enumerate(CHARS):
        cell, base = cells[i], _font(plain[i])
        assert cell not in ascii_cells, ch
        if ch in "çÇ":                      # the letter as it is, a cedilla under it
            assert all(cell[x] & 0x7F == base[x] for x in range(8)), _rows_of(cell)
            assert any(cell[x] & 0x80 for x in range(8)), ch
            continue
        if ch.islower():                    # the letter (the i without its dot) and above it
            base = bytes(b & ~1 for b in base) if plain[i] == "i" else base
            assert all(cell[x] & 0xFC == base[x] for x in range(8)), (ch, _rows_of(cell))
        else:                               # a capital: its rows 2 to 7 are the letter's
            assert all(cell[x] & 0xFC for x in range(8) if base[x]), (ch, _rows_of(cell))
            assert not any(cell[x] & 0xFC for x in range(8) if not base[x]), (ch, _rows_of(cell))
        assert any(cell[x] & 0x03 for x in range(8)), ch      # the accent, in rows 0-1
    # the accents themselves: é, è, ê, ë differ only there
    e = [cells[CHARS.index(c)] for c in "éèêë"]
    assert all(bytes(b & 0xFC for b in c) == _font("e") for c in e)


def test_french_rows_are_drawn_with_their_accents():
    oled, dev = _oled()
    oled.lines(["Coup illégal", "Doublé refusé", "À Noir de jouer", "Aucun dé", "ça œuf"])
    pix = dev.pixels()
    assert dev.cell(8 * 8, ROW_Y[0], pix) == bytes(GLYPHS[8 * CHARS.index("é"):][:8])
    assert dev.cell(0, ROW_Y[2], pix) == bytes(GLYPHS[8 * CHARS.index("À"):][:8])
    assert dev.cell(8 * 7, ROW_Y[3], pix) == bytes(GLYPHS[8 * CHARS.index("é"):][:8])
    assert dev.cell(8 * 6, ROW_Y[3], pix) == _font("d")
    # the fake display decodes them back (host_tools/fakes/fake_ssd1306.py knows the glyphs)
    assert dev.text_rows(ROW_Y)[:5] == ["Coup illégal", "Doublé refusé", "À Noir de jouer",
                                        "Aucun dé", "ça oeuf"]
    oled.lines(["Réglages", "Menu"], invert=0)     # a menu bar over an accented row
    assert dev.text_at(ROW_Y[0])[0].rstrip() == "Réglages" and dev.text_at(ROW_Y[0])[1]
    oled.fill(0)
    oled.text("Sûr ?", 0, 0)
    oled.show()
    assert dev.cell(8, 0) == bytes(GLYPHS[8 * CHARS.index("û"):][:8])


def test_an_english_board_never_loads_the_accents():
    """English rows are drawn by the built-in font: the heap after drawing them is within
    ENGLISH_DRAW_MAX of the heap before (MicroPython, 64-bit unix port: measured 0 bytes;
    1,536 with hw/accents.py loaded for them)."""
    from base.rare import forget
    from heapuse import held, grew
    forget("hw.accents")                  # (this module's imports loaded it: a French board's)
    oled, dev = _oled()
    before = held()
    oled.lines(["White on roll", "Main: roll dice"])
    oled.text("Pips 167", 0, ROW_Y[2])
    oled.show()
    left = grew(before)
    assert dev.text_rows(ROW_Y)[:3] == ["White on roll", "Main: roll dice", "Pips 167"], dev.text_rows(ROW_Y)
    assert left is None or left <= ENGLISH_DRAW_MAX, left


ENGLISH_DRAW_MAX = 512


def test_wrap_breaks_at_spaces():
    assert wrap("Jouez le 6 puis le 5 depuis la barre") == ["Jouez le 6 puis", "le 5 depuis la", "barre"]
    assert wrap("x" * 20) == ["x" * 16, "xxxx"]
    for row in wrap("a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh"):
        assert len(row) <= 16


def test_inverted_row_reads_back_and_is_marked():
    oled, dev = _oled()
    oled.lines(["Menu", "Nouvelle partie", "Reprendre", "Calibrer"], invert=2)
    assert dev.text_rows(ROW_Y)[:4] == ["Menu", "Nouvelle partie", "Reprendre", "Calibrer"]
    pix = dev.pixels()
    assert dev.text_at(ROW_Y[2], pix)[1] is True
    assert dev.text_at(ROW_Y[1], pix)[1] is False
    # the bar covers one pixel row above and below the text
    assert pix[ROW_Y[2] - 1][127] == 1 and pix[ROW_Y[2] + 8][127] == 1
    assert pix[ROW_Y[2] - 2][127] == 0 and pix[ROW_Y[2] + 9][127] == 0


def test_only_changed_pages_are_sent():
    oled, dev = _oled()
    oled.lines(["one", "two", "three"])
    before = dev.data_bytes
    oled.lines(["one", "two", "three"])          # same picture: nothing to send
    assert dev.data_bytes == before
    oled.lines(["one", "two", "THREE"])          # row 2 (y 22..29) is in pages 2 and 3
    assert dev.data_bytes - before == 2 * 128
    assert dev.text_rows(ROW_Y)[2] == "THREE"


def test_pixels_and_text_at_any_position():
    oled, dev = _oled()
    oled.fill(0)
    oled.text("Hi", 40, 3)
    oled.rect(0, 60, 128, 4, 1, True)
    oled.show()
    pix = dev.pixels()
    assert dev.text_at(3, pix)[0] == "     Hi         "
    assert pix[63][0] == 1 and pix[59][0] == 0
    blocks = dev.render_blocks().split("\n")
    assert len(blocks) == 32 and all(len(b) == 128 for b in blocks)
    assert blocks[31][0] == "\u2588" and blocks[29][0] == " "


def test_missing_display_never_crashes():
    fake_io.reset_fakes()
    fake_io.detach_i2c(0x3C)
    oled = Oled(fake_io.I2C(0))
    assert not oled.ok
    assert "0x3c" in oled.error and "5" in oled.error
    oled.lines(["still", "fine"])
    oled.contrast(10)
    oled.poweroff()
    oled.show()
    # plugged in later: retry() brings it back with the picture drawn meanwhile
    dev = fake_io.attach_i2c(0x3C, fake_io.FakeSSD1306())
    assert oled.retry()
    assert dev.text_rows(ROW_Y)[:2] == ["still", "fine"]


def test_no_bus_at_all():
    oled = Oled(None)
    assert not oled.ok and "no I2C bus" in oled.error
    oled.lines(["nothing"])
    assert not oled.retry()


def test_display_lost_while_running():
    oled, dev = _oled()
    oled.lines(["before"])
    fake_io.detach_i2c(0x3C)
    oled.lines(["after"])
    assert not oled.ok and oled.error
    oled.lines(["later"])      # no exception, nothing sent
    assert dev.text_rows(ROW_Y)[0] == "before"


def test_contrast_power_and_inverse():
    oled, dev = _oled()
    oled.lines(["x"])
    oled.contrast(300)
    assert dev.contrast == 255
    oled.contrast(12)
    assert dev.contrast == 12
    oled.invert(True)
    assert dev.pixels()[63][127] == 1
    oled.invert(False)
    oled.poweroff()
    assert not dev.display_on and dev.pixels()[ROW_Y[0]][1] == 0
    oled.poweron()
    assert dev.display_on and dev.text_rows(ROW_Y)[0] == "x"


def test_flipped_mounting_still_reads_upright():
    fake_io.reset_fakes()
    oled = Oled(fake_io.I2C(0), flip=True)
    dev = fake_io.oled_device()
    oled.lines(["upside"])
    # flip sends A0/C0: on a module mounted the usual way the text is rotated by 180 degrees
    assert dev.text_rows(ROW_Y)[0] != "upside"
    assert not dev.seg_remap and not dev.com_remap


def test_a_screen_sent_a_page_at_a_time_arrives_whole():
    """show(most=1): one changed page per call (the App's display rounds), only the pages
    that changed; the display ends up holding exactly what was drawn."""
    oled, dev = _oled()
    rows = ["Tablier", "Blanc: 6-3", "13/7 8/5", "", "pips 167 - 159", "0:42  1:10"]
    oled.lines(rows, send=False)
    sent = []
    while oled.pending():
        before = oled.pages_sent
        oled.show(most=1)
        sent.append(oled.pages_sent - before)
    assert sent and all(n == 1 for n in sent) and len(sent) <= 8, sent
    assert dev.text_rows(ROW_Y) == rows
    # one row changes (the clock): only that row is drawn again, and its two pages sent
    oled.lines(rows[:5] + ["0:41  1:10"], send=False)
    n0 = oled.pages_sent
    while oled.pending():
        oled.show(most=1)
    assert oled.pages_sent - n0 == 2, oled.pages_sent - n0
    assert dev.text_rows(ROW_Y) == rows[:5] + ["0:41  1:10"]
    # shorter rows and fewer rows clear what was there
    oled.lines(["x"])
    assert dev.text_rows(ROW_Y) == ["x", "", "", "", "", ""]
    oled.lines(["menu", "Resign", "Sound"], invert=1)
    oled.lines(["menu", "Resign", "Sound"])
    assert dev.text_rows(ROW_Y)[:3] == ["menu", "Resign", "Sound"]
    assert sum(sum(r) for r in dev.pixels()[60:]) == 0


def test_every_drawing_reaches_the_display_exactly_and_unchanged_pages_stay_unsent():
    """Without a copy of what the display holds, the pages to send are the pages drawn on
    (hw/oled.py's _dirty): a long random mix of screens (rows changing, a menu bar moving,
    coming and going, text and shapes anywhere), sent whole or a page at a time, leaves the
    display's RAM byte for byte the buffer after every show, and a row that changes sends
    its own pages only (both, even when its new pixels equal the old in one of them)."""
    from corepos import Lcg
    oled, dev = _oled()
    rng = Lcg(20261202)
    words = ["", "Tablier", "White 13/7 8/7", "0:41  1:10", "menu", "Resign", "x", "pips 167"]
    rows = [""] * 6
    for step in range(300):
        kind = rng.below(10)
        if kind < 6:
            rows[rng.below(6)] = words[rng.below(len(words))]
            bar = rng.below(8)
            oled.lines(rows, invert=bar if bar < 7 and kind < 2 else None, send=False)  # 6: none
        elif kind == 6:
            oled.text(words[rng.below(len(words))], rng.below(120), rng.below(70) - 3)
        elif kind == 7:
            oled.rect(rng.below(128), rng.below(64), rng.below(40), rng.below(20), 1, rng.below(2) == 1)
        elif kind == 8:
            oled.pixel(rng.below(128), rng.below(64))
            oled.hline(0, rng.below(64), 128, rng.below(2))
        else:
            oled.invert_row(rng.below(7))
        if rng.below(3):
            oled.show()
        else:
            while oled.pending():
                oled.show(most=1)
        assert not oled.pending()
        assert bytes(dev.ram) == bytes(oled.buffer), step
    # one changed row sends its two pages, an unchanged screen none, a bar moving down a
    # row the three pages of the two bars
    oled.lines(["menu", "Resign", "Sound", "Back"], invert=1)
    before = dev.data_bytes
    oled.lines(["menu", "Resign", "Sound", "Back"], invert=1)
    assert dev.data_bytes == before
    oled.lines(["menu", "Resign", "Sound", "Back"], invert=2)   # rows 1, 2: y 10..30
    assert dev.data_bytes - before == 3 * 128, dev.data_bytes - before
    oled.lines(["menu", "Resign", "Sound", "Back"])
    before = dev.data_bytes
    oled.lines(["menu", "Resign", "Sound", "Next"])             # row 3: y 33..40
    # its two pages (a byte diff sent one: the font's lowest pixel row, y 40 in page 5, is
    # blank in both words)
    assert dev.data_bytes - before == 2 * 128
    assert bytes(dev.ram) == bytes(oled.buffer)
    assert dev.text_rows(ROW_Y)[:4] == ["menu", "Resign", "Sound", "Next"]


def test_the_driver_holds_no_copy_of_the_display():
    """The frame buffer (1,024 bytes) and a few small objects: 2.5 KB of the 64-bit unix
    port's heap while a copy of what the display holds (1 KB, with a view per page) was
    kept for the page diff (issue 10's heap, the board in a seat)."""
    if sys.implementation.name != "micropython":
        return
    import gc
    fake_io.reset_fakes()
    bus = fake_io.I2C(0, scl=fake_io.Pin(5), sda=fake_io.Pin(4))
    gc.collect()
    before = gc.mem_alloc()
    oled = Oled(bus)
    gc.collect()
    held = gc.mem_alloc() - before
    assert oled.ok
    assert held <= 1900, held
