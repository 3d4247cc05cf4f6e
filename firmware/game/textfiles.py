"""A texts file of game/i18n.py opened: found where it lies on the flash, or kept open where
there is no mapping, and its index of line starts made. Run once per file (the menu's when
the menu first shows), so a rare part of the game package: loaded for the call and
forgotten, its code not kept in the heap."""


def _index(data):
    """The offsets of data's lines (a bytearray of uint16, little-endian), then its length
    plus one. data: bytes, or an open file, read through in small pieces."""
    buf = None
    if hasattr(data, "readinto"):
        buf = bytearray(64)
    n = 0
    b = 10
    for b in data if buf is None else _bytes(data, buf):
        if b == 10:
            n += 1
    last = b != 10                  # (a last line without its newline)
    starts = bytearray(2 * (n + last) + 2)
    k = 2
    i = 0
    for b in data if buf is None else _bytes(data, buf):
        i += 1
        if b == 10:
            starts[k] = i & 255
            starts[k + 1] = i >> 8
            k += 2
    if last:
        starts[k] = (i + 1) & 255
        starts[k + 1] = (i + 1) >> 8
    return starts


def _bytes(data, buf):
    # an open file's bytes one by one, read through buf
    data.seek(0)
    while True:
        k = data.readinto(buf)
        if not k:
            return
        for i in range(k):
            yield buf[i]


def in_place(path, flash=None):
    """The bytes of the file at `path` where they lie on the flash (a memoryview of its
    mapping, when the file is one run of it), or None. flash: base/inflash.py's (None: the
    Pico's)."""
    import sys
    if flash is None and sys.platform != "rp2" and "rp2" not in sys.modules:
        # no flash mapping on this port (the Pico's, or a stand-in the host loaded first:
        # bench heap32's): base/inflash.py not even loaded
        return None
    kept = "base.inflash" in sys.modules
    segs = None
    try:
        from base.inflash import segments
        segs = segments(path, flash)
    except Exception:
        pass        # (the search failed: no heap for it, a read refused) the file as it is
    finally:
        if not kept:
            from base.rare import forget
            forget("base.inflash")
    return segs[0][1] if segs is not None and len(segs) == 1 else None


def opened(path, flash=None):
    """(data, line starts) of the texts file at `path`: data its bytes in place, or the
    file itself, kept open (where there is no mapping: a line's bytes are read when it is
    looked at, so that the texts never take the heap). flash False: never in place."""
    data = None if flash is False else in_place(path, flash)
    if data is None:
        data = open(path, "rb")
    return data, _index(data)
