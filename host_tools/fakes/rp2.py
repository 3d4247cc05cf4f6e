"""The Pico's `rp2` module, as far as the firmware uses it: `rp2.Flash()`, the flash storage
as a block device whose buffer is the flash's mapping, read-only (base/inflash.py reads the
engine's weights in place there).

The storage's bytes are a littlefs image the host made (bench heap32: littlefs-python, the
same C library as the firmware's, with the weights file on it): load(path) reads it once.
Without an image Flash() raises OSError, as on a port without the storage, and the firmware
reads its weights into the heap.
"""
BLOCK = 4096                    # the rp2 port's flash block (an erase sector)


class _Storage(bytearray):
    """The image; its buffer stands for the flash's mapping."""

    def ioctl(self, op, arg):
        if op == 4:
            return len(self) // BLOCK
        if op == 5:
            return BLOCK
        return 0


_storage = None


def load(path):
    """The storage's bytes from the image file at `path` (once, before what is measured)."""
    global _storage
    with open(path, "rb") as f:
        _storage = _Storage(f.read())


def Flash():
    if _storage is None:
        raise OSError(19)       # ENODEV: no storage image here
    return _storage
