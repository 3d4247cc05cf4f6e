"""The provably fair dice (fairdice.py) and the dice check (dicecheck.py), under CPython and
MicroPython: HMAC-SHA256 against RFC 4231 and CPython's hmac, rejection of the bytes 252 to
255, the rolls fixed by seed, salt and roll number, and chi-squared p-values."""
import hashlib
from dice.fairdice import FairDice, Hmac256, hmac_sha256, outcome, sha256_hex, check_salt
from dice.dicecheck import DiceCount, p_value, kind_index
from binascii import hexlify

SEED = bytes(range(32))


def hx(b):
    return hexlify(b).decode()


def test_hmac_matches_rfc_4231():
    # RFC 4231 test cases 1, 2 and 6 (a key longer than the block: hashed first)
    assert hx(hmac_sha256(b"\x0b" * 20, b"Hi There")) == \
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    assert hx(hmac_sha256(b"Jefe", b"what do ya want for nothing?")) == \
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    assert hx(hmac_sha256(b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First")) == \
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    # (the value CPython's hmac gives for the dice's first roll of SEED)
    assert hx(hmac_sha256(SEED, b"0")) == "3a8b171143bc3fe5972827cf3a413e96e1b4573ae308ee4e2ee652100511049f"


def test_hmac_matches_cpythons_hmac_on_many_keys():
    try:
        import hmac
    except ImportError:
        return                           # MicroPython: the vectors above stand for it
    import os
    for n in (0, 1, 31, 32, 63, 64, 65, 200):
        key = os.urandom(n)
        mac = Hmac256(key)
        for m in (b"", b"0", b"salt:17", os.urandom(100)):
            assert mac.digest(m) == hmac.new(key, m, hashlib.sha256).digest()


def test_bytes_252_to_255_are_rejected_and_each_outcome_has_7_bytes():
    assert outcome(bytes([252, 253, 254, 255, 0])) == (1, 1)
    assert outcome(bytes([255, 35])) == (6, 6)
    assert outcome(bytes([251])) == (6, 6)        # 251 % 36 = 35
    assert outcome(bytes([6])) == (2, 1)          # outcome 6: d1 = 2, d2 = 1
    assert outcome(bytes([252] * 32)) is None
    per = [0] * 36
    for b in range(252):
        d1, d2 = outcome(bytes([b]))
        per[(d1 - 1) * 6 + d2 - 1] += 1
    assert per == [7] * 36


def test_rolls_are_fixed_by_seed_roll_number_and_salt():
    f = FairDice(SEED)
    assert f.commitment() == sha256_hex(SEED) == \
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    got = [f.roll(n) for n in range(12)]
    assert got == [(4, 5), (2, 6), (4, 3), (4, 5), (2, 6), (4, 1), (2, 6), (6, 2), (3, 6),
                   (2, 3), (6, 4), (2, 1)]
    assert [FairDice(SEED).roll(n) for n in range(12)] == got          # no hidden state
    assert [f.roll(n) for n in range(11, -1, -1)] == got[::-1]          # any order
    salted = [FairDice(SEED, "42").roll(n) for n in range(6)]
    assert salted == [(3, 2), (4, 1), (4, 6), (4, 5), (2, 2), (2, 1)]
    # how the salt is mixed in: roll n is HMAC(seed, "SALT:n"), without a salt HMAC(seed, "n")
    assert outcome(hmac_sha256(SEED, b"42:3")) == salted[3]
    assert outcome(hmac_sha256(SEED, b"3")) == got[3]
    other = FairDice(bytes(31) + b"\x01")
    assert [other.roll(n) for n in range(12)] != got


def test_a_salt_is_letters_and_digits():
    assert check_salt("Ab12") == "Ab12"
    for bad in ("a b", "x" * 17, "é", "1-2"):
        try:
            check_salt(bad)
        except ValueError:
            continue
        raise AssertionError(bad)
    try:
        FairDice(bytes(16))
    except ValueError:
        pass
    else:
        raise AssertionError("a 16-byte seed")


def test_fair_dice_sanity_chi_squared():
    f = FairDice(SEED)
    c = DiceCount()
    for n in range(2000):
        c.add(*f.roll(n))
    assert c.rolls == 2000 and sum(c.faces) == 4000 and sum(c.kinds) == 2000
    assert c.faces_test()[2] > 0.001 and c.kinds_test()[2] > 0.001


def test_p_values_match_the_chi_squared_tables():
    # the critical values of the tables: P = 0.05 and 0.001 for 5 and 20 degrees of freedom
    for x, df, p in ((11.0705, 5, 0.05), (20.515, 5, 0.001), (31.4104, 20, 0.05),
                     (45.315, 20, 0.001), (1.6103, 5, 0.90), (12.443, 20, 0.90)):
        assert abs(p_value(x, df) - p) < p * 1e-3, (x, df, p_value(x, df))
    assert p_value(0, 5) == 1.0
    assert p_value(200, 20) < 1e-20
    # df 2: P = exp(-x / 2) exactly
    import math
    for x in (0.5, 3.0, 9.0):
        assert abs(p_value(x, 2) - math.exp(-x / 2)) < 1e-12


def test_the_check_sees_loaded_dice():
    c = DiceCount()
    for i in range(600):
        # a die that shows 6 twice as often as 1
        d1 = (1, 2, 3, 4, 5, 6, 6)[i % 7]
        d2 = (1 + i * 5 // 7) % 6 + 1
        c.add(d1, d2)
    assert c.faces_test()[2] < 0.001
    assert c.summary()[-1] == "looks biased"
    assert all(len(row) <= 16 for row in c.summary())


def test_kind_index_covers_the_21_kinds_once():
    seen = set()
    for a in range(1, 7):
        for b in range(1, 7):
            assert kind_index(a, b) == kind_index(b, a)
            seen.add(kind_index(a, b))
    assert seen == set(range(21))
    assert kind_index(1, 1) == 0 and kind_index(6, 6) == 20
