"""Power-cut-safe storage of one state blob per file on the Pico's flash (littlefs).

On littlefs (the rp2 port's flash filesystem) a save writes the file in place: littlefs
commits a file's new contents when it is closed, all or nothing (copy on write), so after a
power cut the file is either the old state or the new one, never a mix. That is one metadata
commit a save; the way of other filesystems below took three (a file made, written, renamed)
and cost the Pico a 4 KB erase (45 ms of its CPU) about every second save instead of one in
ten to twenty (`bench flash`). Elsewhere (FAT, a PC's disk), where a write in place is not atomic, a save
writes the whole new file next to the old one (`path + ".tmp"`), closes it, then renames it
over the old file. The header carries a CRC32 so that a file damaged any other way is
detected, not trusted.

File layout (13-byte header, then the body):
  magic b"TBST" | format version (1 byte) | body length (4 bytes LE) | CRC32 (4 bytes LE)
The CRC covers the version, the length and the body. Format 1: the body is the payload.
Format 2 (a save given `carry`): the payload's length (2 bytes LE), the payload, then the
carried bytes (the App's record lines not yet appended to the record: app/loop.py), which
load() hands back in its `carry` list. A file without carry is written as format 1, which
the firmware before format 2 reads.

`load()` raises StoreError with `.kind` one of:
  'missing'        no state was ever committed (or only a torn first write exists);
  'corrupt'        bad magic, short file or checksum mismatch: the file is moved aside
                   to `path + ".bad"` for inspection and the caller starts fresh;
  'newer_version'  written by a newer firmware: moved aside to `path + ".newer"` so
                   that this firmware's next save cannot destroy it;
  'unreadable'     the file exists but opening or reading it failed (a read error, no
                   memory) READ_TRIES times in a row: it may well hold a good match, so it is
                   moved aside to `path + ".unread"`, or, if even that fails, left in place
                   with `.held` set: the caller must then not save over it.
Only "file does not exist" (ENOENT) means "no saved state": any other failure is retried.
A file moved aside never replaces an earlier one: `.bad`, then `.bad2`, ... (set_aside).

A save never removes the last good state before its successor is safe: the old file is
removed only when the rename refused because the target exists (FAT), and a save first
puts back a complete `.tmp` that such a save left alone (a cut or a refused rename between
the remove and the rename) instead of overwriting it.
"""

try:
    import binascii
    # some MicroPython builds leave binascii.crc32 out: crc32() then computes it in Python
    _crc32 = getattr(binascii, "crc32", None)
except ImportError:
    _crc32 = None

MAGIC = b"TBST"
FORMAT_VERSION = 2
HEADER_SIZE = 13
TMP_SUFFIX = ".tmp"
BAD_SUFFIX = ".bad"
NEWER_SUFFIX = ".newer"
UNREAD_SUFFIX = ".unread"
ASIDE_NAMES = 9           # .bad, .bad2 ... .bad9: an older file set aside is never replaced
READ_TRIES = 4            # a read error at power-up is tried this many times...
READ_PAUSE_MS = 50        # ...this far apart, before the file counts as unreadable
import sys

try:
    import errno as _errno
except ImportError:  # a port without errno: Linux's numbers, as MicroPython's littlefs uses
    _errno = None  # type: ignore[assignment]
ENOENT = getattr(_errno, "ENOENT", 2)
EEXIST = getattr(_errno, "EEXIST", 17)
# The WebAssembly port's filesystem is Emscripten's, whose numbers are not Linux's (44 is
# "no such file", 20 "file exists") while its errno module keeps MicroPython's: both count.
_WASM = sys.platform == "webassembly"
_NOT_THERE = (ENOENT, 44 if _WASM else ENOENT)
_THERE = (EEXIST, 20 if _WASM else EEXIST)
# errno values as littlefs, FAT and the unix port raise them, in words for the OLED and serial
_WORDS = {2: "file not found", 5: "flash read/write error", 12: "no memory",
          13: "access refused", 17: "file already exists", 19: "no filesystem",
          22: "invalid request", 24: "too many open files", 28: "flash full",
          30: "read-only flash", 36: "name too long", 84: "flash data corrupt",
          110: "flash timed out"}
# A state blob larger than this is a damaged length field, not a real state.
MAX_PAYLOAD = 64 * 1024

_MICROPYTHON = sys.implementation.name == "micropython"   # CPython's heap needs no help
try:
    from micropython import kbd_intr   # Ctrl-C's KeyboardInterrupt, held off by an in-place save
except ImportError:
    kbd_intr = None  # type: ignore[assignment]


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

    def __init__(self, kind, message, reason=None, aside=None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.reason = reason or message   # what is wrong, short ("checksum mismatch")
        self.aside = aside     # where the file was set aside, or None
        self.held = None       # 'unreadable': the path left in place, not to be saved over


def errno_of(exc):
    """The errno of an OSError (MicroPython and CPython), or None."""
    n = getattr(exc, "errno", None)
    if n is None and exc.args and isinstance(exc.args[0], int):
        n = exc.args[0]
    return n


def why(exc):
    """A filesystem failure in words ("flash full"), never an errno number alone."""
    if isinstance(exc, MemoryError):
        return "no memory"
    n = errno_of(exc) if isinstance(exc, OSError) else None
    if n is not None:
        n = abs(n)
        words = _WORDS.get(n, "flash error %d" % n)
        if len(exc.args) > 1 and isinstance(exc.args[1], str):
            words += " (%s)" % exc.args[1]      # what the raiser said, as well
        return words
    return str(exc) or type(exc).__name__


def _pause(ms):
    import time
    if hasattr(time, "sleep_ms"):
        time.sleep_ms(ms)  # type: ignore[attr-defined]
    else:
        time.sleep(ms / 1000)


class OsFiles:
    """The real filesystem: the few calls the store needs, through `os` and `open`."""

    # the rp2 port's flash filesystem is littlefs v2 (its _boot.py mounts os.VfsLfs2): a file
    # is committed at its close, whole or not at all (a class attribute: the wear count of
    # tests/test_store_littlefs.py sets it to save as the chip does on the unix port)
    atomic_close = sys.platform == "rp2"

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


def header(payload, version=1):
    """The 13 header bytes for `payload`."""
    meta = bytes((version,)) + _u32(len(payload))
    return MAGIC + meta + _u32(crc32(payload, crc32(meta)))


def _replace(files, src, dst):
    """Rename src over dst. littlefs and POSIX replace atomically. FAT refuses an existing
    dst (EEXIST): only then is dst removed first (load() and save() recover a complete .tmp
    if the power or the rename fails between the two). Any other refusal (a full flash)
    leaves dst as it was: it is the last good state."""
    try:
        files.rename(src, dst)
    except OSError as e:
        if errno_of(e) not in _THERE:
            raise
        files.remove(dst)             # a failure here is the one to report
        files.rename(src, dst)


def _exists(files, path):
    """True unless opening `path` says it does not exist (ENOENT); an unreadable file
    exists."""
    try:
        files.open(path, "rb").close()
        return True
    except OSError as e:
        return errno_of(e) not in _NOT_THERE
    except MemoryError:
        return True


def _tmp_is_the_last_state(files, path):
    """True when `path`'s .tmp holds a complete state, `path` being missing (the caller
    knows): a FAT-style save removed the old file and then lost the power or had its rename
    refused. Writing the .tmp again would destroy the only good state, so save() first tries
    to put it back."""
    try:
        data = _read(files, path + TMP_SUFFIX)
    except (OSError, MemoryError):
        return True                  # unreadable: it might be the last state, keep it
    return data is not None and decode(data)[1] is None


def atomic_close(files):
    """True when `files` commits a file at its close, whole or not at all: littlefs (the
    board's flash, or a littlefs object itself, os.VfsLfs1 or os.VfsLfs2, as tests mount it)."""
    return bool(getattr(files, "atomic_close", False)) or type(files).__name__ in ("VfsLfs2", "VfsLfs1")


def save(path, payload, files=None, carry=None):
    """Commit `payload` (bytes) as the state at `path`, with `carry` (bytes, or None) beside
    it: after this returns it survives a cut. Raises OSError (or MemoryError) when it could
    not; the last good state is then still what load() returns."""
    files = files or OsFiles()
    version = 1
    if carry:
        version = 2
        payload = bytes((len(payload) & 255, len(payload) >> 8)) + payload + carry
    tmp = path + TMP_SUFFIX
    there = _exists(files, path)
    if not there and _tmp_is_the_last_state(files, path):
        try:
            files.rename(tmp, path)
        except OSError as e:
            raise OSError(errno_of(e) or 5, "the last good state is in %s and cannot be put back "
                          "(%s): not overwritten" % (tmp, why(e)))
        there = True
    if there and atomic_close(files):
        # in place: the whole file in one write, made before the file is opened (littlefs
        # commits at the close whatever was written, so nothing may fail between the open
        # and the write but the write itself; a write the flash refuses marks the file
        # failed and its close commits nothing: the old state stands). Not the first save:
        # littlefs commits a new file's name, empty, at its open (a cut then left a 0-byte
        # state, read as a damaged one)
        blob = header(payload, version) + payload
        # (Ctrl-C from USB, mpremote or the companion page taking the REPL, raised between
        # the open and the write, would commit an empty file at the close: held off until
        # the file is closed; the firmware leaves kbd_intr at its default, 3, elsewhere)
        intr = kbd_intr
        if intr is not None:
            intr(-1)
        try:
            f = files.open(path, "wb")
            try:
                f.write(blob)
            finally:
                f.close()
        finally:
            if intr is not None:
                intr(3)
        return
    f = files.open(tmp, "wb")
    try:
        f.write(header(payload, version))
        f.write(payload)
    finally:
        f.close()
    _replace(files, tmp, path)


def _read(files, path):
    """The whole file's bytes, or None when it does not exist (ENOENT only). Any other
    failure (a read error, no memory) is raised: it does not mean "no file"."""
    try:
        f = files.open(path, "rb")
    except OSError as e:
        if errno_of(e) in _NOT_THERE:
            return None
        raise
    try:
        return f.read()
    finally:
        f.close()


def _read_retrying(files, path, tries, pause_ms):
    """_read(), tried `tries` times over a read error or a MemoryError; the last error is
    raised when every try failed."""
    n = 0
    while True:
        n += 1
        try:
            return _read(files, path)
        except (OSError, MemoryError) as e:
            if n >= tries:
                raise
            if isinstance(e, MemoryError) and _MICROPYTHON:
                import gc
                gc.collect()          # a fragmented heap: room for the next try
        _pause(pause_ms)


def set_aside(path, suffix, files=None, src=None):
    """Rename `src` (default `path`) to the first free name of path+suffix,
    path+suffix+"2", ...: an earlier file set aside is never replaced. The new name, or
    None when it could not be moved."""
    files = files or OsFiles()
    for i in range(1, ASIDE_NAMES + 1):
        aside = path + suffix + ("" if i == 1 else str(i))
        if _exists(files, aside):
            continue
        try:
            files.rename(src or path, aside)
            return aside
        except OSError:
            return None
    return None


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
    if version == 2 and (length < 2 or 2 + (payload[0] | payload[1] << 8) > length):
        return None, ("corrupt", "length %d of the state does not fit its file" % (payload[0] | payload[1] << 8))
    return bytes(payload), None



def load(path, files=None, tries=READ_TRIES, pause_ms=READ_PAUSE_MS, carry=None):
    """The last committed payload at `path`; raises StoreError (see the module doc). The
    bytes a save carried beside it are appended to `carry` (a list) when one is given."""
    files = files or OsFiles()
    tmp = path + TMP_SUFFIX
    which = path
    try:
        data = _read_retrying(files, path, tries, pause_ms)
        if data is None:
            # Only a FAT-style replace cut between remove and rename leaves a complete .tmp alone.
            which = tmp
            data = _read_retrying(files, tmp, tries, pause_ms)
            if data is None or decode(data)[1] is not None:
                raise StoreError("missing", "no saved state at %s" % path)
            try:
                _replace(files, tmp, path)
            except OSError:
                pass              # resumed from the .tmp; save() puts it back before writing
    except (OSError, MemoryError) as e:
        raise _unreadable(files, path, which, e, tries)
    payload, err = decode(data)
    if err is None:
        if data[4] == 2:          # format 2: the payload's length, the payload, what it carried
            n = payload[0] | payload[1] << 8
            if carry is not None and len(payload) > 2 + n:
                carry.append(payload[2 + n:])
            payload = payload[2:2 + n]
        return payload
    kind, reason = err
    aside = set_aside(path, NEWER_SUFFIX if kind == "newer_version" else BAD_SUFFIX, files)
    kept = ("kept as %s" % aside) if aside else "could not be moved aside"
    raise StoreError(kind, "saved state %s unusable: %s; %s; starting fresh" % (path, reason, kept),
                     reason, aside)


def _unreadable(files, path, which, exc, tries):
    """The StoreError for a state file that exists but cannot be read: it is kept (set
    aside, or held in place), never treated as "no saved game"."""
    # (the state only in the .tmp is moved too: out of the way of the next save)
    aside = set_aside(path, UNREAD_SUFFIX, files, which)
    e = StoreError("unreadable", "saved match could not be read (%s, %d tries); %s; "
                   "starting a new match" % (why(exc), tries,
                                             ("kept as " + aside) if aside else
                                             "left in place and not overwritten"),
                   why(exc), aside)
    e.held = None if aside else which
    return e


def load_or_fresh(path, files=None, tries=READ_TRIES, pause_ms=READ_PAUSE_MS):
    """(payload, None) or (None, message): never raises for a bad file, for the boot path.
    load_held() also says whether an unreadable file was left in place."""
    payload, message, held = load_held(path, files, tries, pause_ms)
    return payload, message


def load_held(path, files=None, tries=READ_TRIES, pause_ms=READ_PAUSE_MS):
    """(payload, message, held): held is the path of an unreadable state file that could not
    be moved aside (the caller must not save over it), else None."""
    try:
        return load(path, files, tries, pause_ms), None, None
    except StoreError as e:
        return None, (None if e.kind == "missing" else e.message), getattr(e, "held", None)
