"""The check of a weights file's contents (issue 26: a leaf net cut short by an interrupted
copy was used without a word and the strong level played 6-1 as 24/23 24/18): its last 4
bytes are the first 4 of the SHA-256 of everything before them (host_tools/train writes
them). Read through once when the engine is made (MicroPython's hashlib, in C), in a small
buffer; forgotten with the module that reads the file (engine/weights.py, engine/deepleaf_make.py).
"""


def check_file(path, size=None):
    """ValueError in words unless the file at `path` holds `size` bytes (None: any) and
    the check that follows them; OSError when it cannot be read. Returns the SHA-256 of the
    whole file (base/inflash.py finds its blocks on the flash by it: the file read once)."""
    import hashlib
    with open(path, "rb") as f:
        n = f.seek(0, 2) - 4
        if n < 0 or (size is not None and n != size):
            raise ValueError("%s is cut short or not this version: %d bytes, %s expected"
                             % (path, n + 4, "more" if size is None else size + 4))
        f.seek(0)
        h = hashlib.sha256()
        whole = hashlib.sha256()
        buf = bytearray(512)
        view = memoryview(buf)
        left = n
        while left:
            k = f.readinto(view[:left] if left < 512 else view)
            if not k:
                raise ValueError("%s is cut short" % path)
            h.update(view[:k])
            whole.update(view[:k])
            left -= k
        tail = f.read(4)
    if h.digest()[:4] != tail:
        raise ValueError("%s is cut short or damaged: its check fails" % path)
    whole.update(tail)
    return whole.digest()
