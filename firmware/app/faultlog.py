"""faults.log: each fault the App caught, with its traceback, for whoever opens the board.

Bounded: past MAX_BYTES the log becomes faults.log.old and starts again, so a part that
keeps failing cannot fill the flash (the App also logs a repeated fault once per 5 s).
"""
MAX_BYTES = 4096


def append(path, part, exc, now_ms):
    import os
    try:
        if os.stat(path)[6] > MAX_BYTES:
            os.rename(path, path + ".old")
    except OSError:
        pass                      # no log yet
    with open(path, "a") as f:
        f.write("%d %s\n" % (now_ms, part))
        _print_exception(exc, f)


def _print_exception(exc, f):
    import sys
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        pe(exc, f)                # MicroPython
    else:
        import traceback  # type: ignore[import-not-found]  # CPython (the simulator)
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=f)
