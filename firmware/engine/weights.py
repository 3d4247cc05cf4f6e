"""The engine's weights file, read once into one bytearray (about 24 KB).

One block that size needs a whole heap: at power-up the Pico's heap is one free run, but
once the board has imported its modules and started (and net.py has compiled its viper
code) the largest free block is 4 to 11 KB. So the board calls preload() first, before
any other import; Evaluator() then takes the buffer read here (load() reads the file
itself when nothing was preloaded: on the host, in tests). This module imports nothing
that allocates much, so that it can run first.
"""
MAGIC = b"TBN2"
PATH = "engine/weights.bin"     # on the board's flash, beside the compiled modules

_loaded = {}  # type: dict


def read(path):
    """A new bytearray holding the whole file (ValueError in words when it is not one of
    ours or is cut short)."""
    import os
    size = os.stat(path)[6]
    if size < 536:
        raise ValueError("weights file cut short: " + path)
    w = bytearray(size)            # the one large block
    with open(path, "rb") as f:
        got = f.readinto(w)
    if got != size:
        raise ValueError("weights file cut short: " + path)
    if w[0:4] != MAGIC:
        raise ValueError("not a Tablier weights file (no TBN2 header): " + path)
    return w


def preload(path=PATH):
    """Read the weights now (power-up, the heap still whole); later loads of the same path
    share this buffer."""
    if path not in _loaded:
        _loaded[path] = read(path)
    return _loaded[path]


def load(path):
    """The preloaded buffer of `path`, else a fresh read."""
    w = _loaded.get(path)
    return w if w is not None else read(path)
