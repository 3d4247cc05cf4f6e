"""The fair dice's rare work (fairroll.py keeps the state): the file, a match's seed drawn
and revealed, a roll handed over, the pads of dice and salt keyed in, the dice check.
Each function takes the FairRoll `f`; fairroll.py calls it by its real name (dice/__init__.py lists it rare)
(fair_roll, ...), which loads this module for one call and forgets it after, so its code is
in the heap a few times a turn only.

The file `dice.bin` (store.py's atomic save), payload: b"FD", version 1, flags (1 a match's
seed, 2 a roll handed over and not yet resolved, 4 it was the opening's first die, 8
physical dice on, 16 the record says dice are entered, 32 a roll was handed over with
this salt: it is fixed even if a cut voids the `F` line, 64 the record says the online
server rolls: `U 2`, app/online.py), the seed (32 bytes), the next roll
number, the Table's line count at the last roll, the `F` line's number (4 bytes each,
little endian), the stamp's phase and opening dice (3 bytes), the last `U` line's number
(4 bytes), the salt's length, the salt.
"""
from base import events
from base import rare
from dice.fairdice import FairDice, check_salt, SEED_BYTES

_MAGIC = b"FD"
_VERSION = 1
from game.phases import OPENING
_SALT = 56                  # the file's fixed part; the salt follows (its length just before)
_KEYS = ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo")


def _stamp(t):
    o = t.opening
    return (t.rec_seq, t.phase, o[0], o[1])


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


# ---------------------------------------------------------------- the file
def load(f):
    from hw import store
    payload, message = store.load_or_fresh(f.path, f.files)
    if message:
        f.problem = message
    if not payload:
        return
    b = payload
    if len(b) < _SALT or b[0:2] != _MAGIC or b[2] != _VERSION or len(b) != _SALT + b[_SALT - 1]:
        f.problem = "dice file not understood: a new seed"
        return
    f.manual = bool(b[3] & 8)
    f.entered = 2 if b[3] & 64 else 1 if b[3] & 16 else 0
    f.u_seq = _u32(b, 51)
    if not b[3] & 1:
        return                                   # between matches
    f.seed = bytes(b[4:36])
    f.fixed = bool(b[3] & 32)
    f.k = _u32(b, 36)
    f.base = _u32(b, 40)
    f.f_seq = _u32(b, 44)
    if b[3] & 2:
        f.pending = ((f.base, b[48], b[49], b[50]), bool(b[3] & 4))
    f.salt = bytes(b[_SALT:]).decode()


def save(f):
    """Write the match's seed, roll number and stamp; False (f.problem says why) when the
    flash refused: the game goes on."""
    salt = f.salt.encode() if f.seed is not None else b""
    b = bytearray(_SALT + len(salt))
    b[0:2] = _MAGIC
    b[2] = _VERSION
    b[3] = (8 if f.manual else 0) | (16 if f.entered == 1 else 64 if f.entered == 2 else 0)
    b[51:55] = f.u_seq.to_bytes(4, "little")
    if f.seed is not None:
        p = f.pending
        b[3] |= 1 | (2 if p else 0) | (4 if p and p[1] else 0) | (32 if f.fixed else 0)
        b[4:36] = f.seed
        b[36:40] = f.k.to_bytes(4, "little")
        b[40:44] = f.base.to_bytes(4, "little")
        b[44:48] = f.f_seq.to_bytes(4, "little")
        if p:
            b[48], b[49], b[50] = p[0][1], p[0][2], p[0][3]
        b[_SALT - 1] = len(salt)
        b[_SALT:] = salt
    try:
        from hw import store
        store.save(f.path, bytes(b), f.files)
        f.problem = None
    except (OSError, MemoryError) as e:
        # only a power cut before the next good save could then change a roll
        from hw import store
        f.problem = "dice not saved: " + store.why(e)
        return False
    return True


# ---------------------------------------------------------------- the match
def resolve(f, t):
    """After a power-up: has the resumed Table had the roll last handed over?"""
    p = f.pending
    if p is None:
        return
    f.pending = None
    if _had_roll(t, p):
        f.k += 1
    if f.f_seq > t.rec_seq:
        f.f_seq = 0               # the `F` line was voided with the roll: written again


def _had_roll(t, pending):
    stamp, first = pending
    if t.rec_seq < stamp[0] or _stamp(t) == stamp:
        return False              # the Table stands before the roll
    return not first              # the opening's first die is half a roll number


def watch(f, app, now_ms):
    t = app.table
    if f.pending is not None:
        resolve(f, t)
    phase = t.phase
    ended = f.seed_ended(t)
    if f.seed is None:
        if not ended:
            _begin(f, app, now_ms)
        return
    if ended:
        if f.f_seq:
            _reveal(f, app, now_ms)
        return
    if phase <= OPENING and t.match.game_number == 1 and t.rec_seq > f.base \
            and not (t.opening[0] or t.opening[1]):
        # a new match (abandoned, or begun after the last): rolls drawn are revealed; not a
        # line written between the two opening dice (a seat changed: issue 26's fuzzer)
        if f.f_seq:
            _reveal(f, app, now_ms)
            _begin(f, app, now_ms)
        else:
            f.base = t.rec_seq    # not a roll drawn: the seed shown serves this match


def _begin(f, app, now_ms):
    t = app.table
    seed = f.seed_source()
    if len(seed) != SEED_BYTES:
        raise ValueError("the seed source gave %d bytes" % len(seed))
    f.seed = bytes(seed)
    f.salt = ""
    f.fixed = False
    f.k = 0
    f.f_seq = 0
    f.base = t.rec_seq
    f.pending = None
    save(f)
    h = f.commitment()
    t.event(events.line("dice_commit", (("hash", h),)))
    app.drain(now_ms)
    # after the notice up now, if any (the last match's seed revealed, a power-up message)
    fr = t.settings.lang == 1       # (issue 26: no English on a French screen)
    app.notice(["DÉS SÛRS" if fr else "FAIR DICE", "engagement:" if fr else "commitment:",
                h[0:16], h[16:32]], now_ms, True)


def _reveal(f, app, now_ms):
    t = app.table
    fd = FairDice(f.seed, f.salt)
    seed = fd.seed_hex()
    f.revealed = seed
    t.record(("reveal", seed))
    t.event(events.line("dice_reveal", (("seed", seed), ("hash", fd.commitment()),
                                                    ("rolls", f.k))))
    t.save()
    app.drain(now_ms)
    f.seed = None
    f.salt = ""
    f.f_seq = 0
    f.fixed = False
    save(f)
    fr = t.settings.lang == 1
    app.notice(["GRAINE DES DÉS" if fr else "DICE SEED", seed[0:16], seed[16:32], seed[32:48],
                seed[48:64], "vérif: verify" if fr else "check: verify"], now_ms)


def set_salt(f, salt):
    # f.fixed: a cut after a roll was shown voids its `F` line with it, but a roll once
    # shown never changes (issue 26: the salt taken again redrew the first roll)
    if f.seed is None or f.f_seq or f.fixed:
        raise ValueError("the salt is entered before the match's first roll")
    f.salt = check_salt(salt)
    save(f)


def enter_salt(f):
    if f.seed is None or f.f_seq or f.fixed:
        return False
    from dice.dicepad import SaltPad
    f.pad = SaltPad()
    return True


def set_manual(f, on):
    f.manual = bool(on)
    if not on:
        _end_pad(f)
    save(f)


def check(f):
    """Every roll drawn so far, recomputed from the seed (an opening's two dice, ties too:
    each a fair roll of the 36)."""
    if f.seed is None:
        return None
    from dice.dicecheck import DiceCount
    fd = FairDice(f.seed, f.salt)
    c = DiceCount()
    for n in range(f.k):
        d1, d2 = fd.roll(n)
        c.add(d1, d2)
    return c


# ---------------------------------------------------------------- dice and salt keyed in
def _end_pad(f):
    f.pad = None
    rare.forget("dice.dicepad")


def button(f, app, name, kind, now_ms):
    pad = f.pad
    t = app.table
    if name not in _KEYS:
        return False
    if hasattr(pad, "salt"):
        if pad.button(name, kind):
            _end_pad(f)
            salt = pad.salt()
            set_salt(f, salt)
            app.notice(["SEL DES DÉS", salt, "mêlé à chaque", "lancer"] if t.settings.lang == 1
                       else ["DICE SALT", salt, "mixed into", "every roll"], now_ms)
        return True
    if not t.want_roll or t.want_roll != pad.n:
        _end_pad(f)               # the roll is no longer wanted
        return False
    if pad.button(name, kind):
        _end_pad(f)
        _say_entered(f, t, 1)
        save(f)                   # before the Table has it (the `U` line's number)
        v = pad.values
        app.last_roll = list(v)
        if pad.n == 1:
            t.dice(v[0])
        else:
            t.dice(v[0], v[1])
        app.drain(now_ms)
    return True


def _say_entered(f, t, entered):
    """The record says when the dice start or stop being entered by hand (`U 1`, `U 0`):
    written with the roll, numbered by the Table (a cut voids it with the roll)."""
    if f.entered == entered and not f.u_seq > t.rec_seq:
        return                    # (a `U` line voided by a cut: written again)
    t.record(("entered", entered))
    f.entered = entered
    f.u_seq = t.rec_seq


# ---------------------------------------------------------------- a roll
def roll(f, app, now_ms):
    t = app.table
    n = t.want_roll
    if not n:
        return
    if f.manual:
        from dice.dicepad import DicePad
        f.pad = DicePad(n, t.roller if n == 1 else t.on_roll)
        f.pad.lang = t.settings.lang     # its rows in the board's language
        return                    # the players key it in (button())
    _say_entered(f, t, 0)
    if f.pending is not None or f.seed is None:
        watch(f, app, now_ms)
    # a record started again (deleted, lost lines: record_open.header_again) lacks the
    # `F` line: it is written again, with the roll number the record goes on from
    floor = getattr(app, "_record_floor", 0)
    if floor != (f._floor if f._floor is not None else 0):
        f.f_seq = 0
    f._floor = floor
    fd = FairDice(f.seed, f.salt)
    if f.f_seq == 0 or f.f_seq > t.rec_seq:
        t.record(("commit", fd.commitment(), f.salt, f.k))
        f.f_seq = t.rec_seq
    first = n == 1 and not (t.opening[0] or t.opening[1])
    pending = (_stamp(t), first)
    f.pending = pending
    f.base = t.rec_seq
    f.fixed = True                # (kept even when this save is refused: in this power-on)
    save(f)                       # before the Table has it: a cut draws it again
    d1, d2 = fd.roll(f.k)
    if n == 1:
        die = d1 if t.roller == 0 else d2
        app.last_roll = [die]
        t.dice(die)
    else:
        app.last_roll = [d1, d2]
        t.dice(d1, d2)
    app.drain(now_ms)
    f.pending = None
    if _had_roll(t, pending):
        f.k += 1
    if f.problem:
        from base.textrows import wrap
        app.notice(["DICE NOT SAVED"] + wrap(f.problem, 16)[:3], now_ms)
