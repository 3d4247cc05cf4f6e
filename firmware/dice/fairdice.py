"""Provably fair dice: every roll derived from a secret seed committed to before the match.

    fd = FairDice(seed, salt="")      # seed: 32 bytes from os.urandom at the match's start
                                      # (fairroll.new_seed)
    fd.commitment()                   # SHA-256 of the seed, 64 hex digits: shown and recorded first
    fd.roll(n)                        # roll number n (0, 1, ...): (d1, d2), each 1..6

Roll n is HMAC-SHA256(seed, message) with message the roll number in ASCII decimal ("0",
"1", ...), or "SALT:n" when the players entered a salt: the salt is chosen after the
commitment is shown, so the board cannot pick a seed to suit it, and the seed is secret, so
the players cannot pick a salt to suit it. The 32 bytes of the HMAC are read in order; a
byte below 252 (= 7 x 36) gives outcome b % 36, d1 = outcome // 6 + 1, d2 = outcome % 6 + 1;
a byte of 252..255 is thrown away (rejection: 252 is a multiple of 36, so each of the 36
outcomes has exactly 7 bytes of 256 and no outcome is favoured). Should all 32 bytes be
thrown away (probability 2**-192), the next block is HMAC(seed, message + ".1"), then ".2".

The opening roll uses one roll number for both players' dice: d1 is White's die, d2
Black's; a tie takes the next roll number. A verifier recomputes every roll from the seed
revealed at the match's end (host_tools verify-dice).

MicroPython has hashlib.sha256 but no hmac module: HMAC (RFC 2104) is built here on it,
checked against CPython's hmac in tests/portable/test_fairdice.py.
"""
import hashlib
from binascii import hexlify

SEED_BYTES = 32
_BLOCK = 64                 # SHA-256's block size: the HMAC key is padded to it
_LIMIT = 252                # 7 * 36: bytes at or above it are rejected
SALT_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
SALT_MAX = 16


def sha256_hex(data):
    return hexlify(hashlib.sha256(data).digest()).decode()


class Hmac256:
    """HMAC-SHA256 with one key: the padded keys made once, a digest per call."""

    def __init__(self, key):
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = bytes(key) + bytes(_BLOCK - len(key))
        self._inner = bytes(b ^ 0x36 for b in key)
        self._outer = bytes(b ^ 0x5C for b in key)

    def digest(self, msg):
        h = hashlib.sha256(self._inner)
        h.update(msg)
        inner = h.digest()
        h = hashlib.sha256(self._outer)
        h.update(inner)
        return h.digest()


def hmac_sha256(key, msg):
    return Hmac256(key).digest(msg)


def check_salt(salt):
    """The salt as recorded (letters and digits, at most SALT_MAX); ValueError otherwise."""
    if len(salt) > SALT_MAX or any(c not in SALT_CHARS for c in salt):
        raise ValueError("a salt is up to %d letters and digits" % SALT_MAX)
    return salt


def outcome(digest):
    """The first accepted byte's (d1, d2), or None when all are rejected."""
    for b in digest:
        if b < _LIMIT:
            o = b % 36
            return (o // 6 + 1, o % 6 + 1)
    return None


class FairDice:
    def __init__(self, seed, salt=""):
        if len(seed) != SEED_BYTES:
            raise ValueError("a dice seed is %d bytes" % SEED_BYTES)
        self.seed = bytes(seed)
        self.salt = check_salt(salt)
        self._mac = Hmac256(self.seed)
        self._prefix = salt + ":" if salt else ""

    def commitment(self):
        """SHA-256 of the seed in hex: published before the first roll."""
        return sha256_hex(self.seed)

    def seed_hex(self):
        return hexlify(self.seed).decode()

    def roll(self, n):
        """Roll number n: (d1, d2)."""
        msg = self._prefix + str(n)
        d = outcome(self._mac.digest(msg.encode()))
        j = 0
        while d is None:
            j += 1
            d = outcome(self._mac.digest(("%s.%d" % (msg, j)).encode()))
        return d


def from_hex(text):
    """The bytes of a hex string; ValueError when it is not one."""
    from binascii import unhexlify
    try:
        return unhexlify(text)
    except Exception:
        raise ValueError("not a hex string")
