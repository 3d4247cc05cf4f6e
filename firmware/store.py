"""Power-cut-safe storage of one state blob per file on the Pico's flash (littlefs).

A save writes the whole new file next to the old one (`path + ".tmp"`), closes it, then
renames it over the old file. littlefs commits a rename in one metadata write, so after
a power cut the file is either the old state or the new one, never a mix. The header
carries a CRC32 so that a file damaged any other way is detected, not trusted.

File layout (13-byte header, then the payload):
  magic b"TBST" | format version (1 byte) | payload length (4 bytes LE) | CRC32 (4 bytes LE)
The CRC covers the version, the length and the payload.

`load()` raises StoreError with `.kind` one of:
  'missing'        no state was ever committed (or only a torn first write exists);
  'corrupt'        bad magic, short file or checksum mismatch: the file is moved aside
                   to `path + ".bad"` for inspection and the caller starts fresh;
  'newer_version'  written by a newer firmware: moved aside to `path + ".newer"` so
                   that this firmware's next save cannot destroy it.
"""

try:
    import binascii
    # some MicroPython builds leave binascii.crc32 out: crc32() then computes it in Python
    _crc32 = getattr(binascii, "crc32", None)
except ImportError:
    _crc32 = None

MAGIC = b"TBST"
FORMAT_VERSION = 1
HEADER_SIZE = 13
TMP_SUFFIX = ".tmp"
BAD_SUFFIX = ".bad"
NEWER_SUFFIX = ".newer"
# A state blob larger than this is a damaged length field, not a real state.
MAX_PAYLOAD = 64 * 1024


def crc32(data, crc=0):
    """CRC-32 (the zlib/PNG polynomial), identical to binascii.crc32."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    crc = ~crc & 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return ~crc & 0xFFFFFFFF


class StoreError(Exception):
    """A state that cannot be loaded; `kind` says why, `message` says it for a person."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message


class OsFiles:
    """The real filesystem: the few calls the store needs, through `os` and `open`."""

    def __init__(self):
        import os
        self._os = os

    def open(self, path, mode):
        return open(path, mode)

    def rename(self, src, dst):
        self._os.rename(src, dst)

    def remove(self, path):
        self._os.remove(path)


def _u32(n):
    return bytes((n & 0xFF, (n >> 8) & 0xFF, (n >> 16) & 0xFF, (n >> 24) & 0xFF))


def _read_u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def header(payload, version=FORMAT_VERSION):
    """The 13 header bytes for `payload`."""
    meta = bytes((version,)) + _u32(len(payload))
    return MAGIC + meta + _u32(crc32(payload, crc32(meta)))


def _replace(files, src, dst):
    """Rename src over dst. littlefs and POSIX replace atomically; FAT refuses an existing
    dst, so remove it first (load() then recovers a complete .tmp if the cut falls between)."""
    try:
        files.rename(src, dst)
    except OSError:
        try:
            files.remove(dst)
        except OSError:
            pass
        files.rename(src, dst)


def save(path, payload, files=None):
    """Commit `payload` (bytes) as the state at `path`: after this returns it survives a cut."""
    files = files or OsFiles()
    tmp = path + TMP_SUFFIX
    f = files.open(tmp, "wb")
    try:
        f.write(header(payload))
        f.write(payload)
    finally:
        f.close()
    _replace(files, tmp, path)


def _read(files, path):
    """The whole file's bytes, or None when it does not exist."""
    try:
        f = files.open(path, "rb")
    except OSError:
        return None
    try:
        return f.read()
    finally:
        f.close()


def decode(data):
    """(payload, None) for a sound file's bytes, else (None, (kind, reason))."""
    if len(data) < HEADER_SIZE:
        return None, ("corrupt", "file too short (%d bytes)" % len(data))
    if data[:4] != MAGIC:
        return None, ("corrupt", "not a state file (bad magic)")
    version = data[4]
    length = _read_u32(data, 5)
    if version > FORMAT_VERSION:
        return None, ("newer_version", "format %d from a newer firmware (this one reads %d)"
                      % (version, FORMAT_VERSION))
    if length > MAX_PAYLOAD or HEADER_SIZE + length != len(data):
        return None, ("corrupt", "length %d does not match the file (%d bytes)" % (length, len(data)))
    payload = data[HEADER_SIZE:]
    if crc32(payload, crc32(data[4:9])) != _read_u32(data, 9):
        return None, ("corrupt", "checksum mismatch")
    return bytes(payload), None


def load(path, files=None):
    """The last committed payload at `path`; raises StoreError (see the module doc)."""
    files = files or OsFiles()
    tmp = path + TMP_SUFFIX
    data = _read(files, path)
    if data is None:
        # Only a FAT-style replace cut between remove and rename leaves a complete .tmp alone.
        data = _read(files, tmp)
        if data is not None and decode(data)[1] is None:
            _replace(files, tmp, path)
            return decode(data)[0]
        raise StoreError("missing", "no saved state at %s" % path)
    payload, err = decode(data)
    if err is None:
        return payload
    kind, reason = err
    aside = path + (NEWER_SUFFIX if kind == "newer_version" else BAD_SUFFIX)
    try:
        _replace(files, path, aside)
        kept = "kept as %s" % aside
    except OSError:
        kept = "could not be moved aside"
    raise StoreError(kind, "saved state %s unusable: %s; %s; starting fresh" % (path, reason, kept))


def load_or_fresh(path, files=None):
    """(payload, None) or (None, message): never raises for a bad file, for the boot path."""
    try:
        return load(path, files), None
    except StoreError as e:
        return None, (None if e.kind == "missing" else e.message)
