"""An OSError or MemoryError in words, for the OLED and the serial line (never an errno
number alone): `words(exc)` -> "no space left", "flash read or write error", ...

MicroPython's errno values are Linux's (littlefs errors come back as these too), so one
table serves the board and the host. Loaded only when something failed.
"""
_WORDS = (
    (28, "no space left"),                  # ENOSPC
    (5, "flash read or write error"),       # EIO
    (2, "no such file or folder"),          # ENOENT
    (30, "flash is read-only"),             # EROFS
    (12, "no memory"),                      # ENOMEM
    (36, "file name too long"),             # ENAMETOOLONG
    (17, "file already exists"),            # EEXIST
    (21, "is a folder"),                    # EISDIR
    (20, "not a folder"),                   # ENOTDIR
    (39, "folder not empty"),               # ENOTEMPTY
    (22, "invalid argument"),               # EINVAL
    (13, "access refused"),                 # EACCES
    (19, "no such device"),                 # ENODEV
    (9, "file not open"),                   # EBADF
    (84, "damaged data"),                   # EILSEQ (littlefs: corrupt)
    (27, "file too large"),                 # EFBIG
    (110, "timed out"),                     # ETIMEDOUT
)


def errno_of(exc):
    """The errno of an OSError (MicroPython puts it in args[0]), or None."""
    n = getattr(exc, "errno", None)
    if n is None and exc.args and isinstance(exc.args[0], int):
        n = exc.args[0]
    return n if isinstance(n, int) else None


def words(exc):
    """What went wrong, in a few words."""
    if isinstance(exc, MemoryError):
        return "no memory"
    n = errno_of(exc)
    if n is not None:
        for code, text in _WORDS:
            if code == n:
                return text
        return "system error %d" % n       # an errno this table does not know: still say so
    text = str(exc)
    return text if text else type(exc).__name__
