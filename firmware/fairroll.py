"""The provably fair dice at the board: one secret seed a match, its rolls numbered, the
commitment before the first roll and the seed revealed at the end (docs/dice.md).

    fair = FairRoll(path="dice.bin")   # resumes the seed and roll number saved
    fair.watch(app, now_ms)            # from App.tick: a match begun (new seed), ended (reveal)
    fair.roll(app, now_ms)             # instead of the dice driver: the roll the Table wants
    fair.set_salt("1234")              # the players' salt, before the first roll
    fair.enter_salt()                  # ... keyed in on the buttons (dicepad.SaltPad)
    fair.check()                       # dicecheck.DiceCount of the match's rolls so far

`app` is the App (app/loop.py): its table, drain(now_ms) and notice(rows, now_ms).

What is shown and written:
  - at a match's start: the seed drawn (fairdice.new_seed), a `dice_commit` serial event
    and the commitment on the OLED (its first 32 hex digits);
  - with the match's first roll: the record line `F hash salt k` (k: the roll number the
    record goes on from, 0 but for a record started again);
  - at the match's end (or when it is abandoned after a roll): `V seed` in the record, a
    `dice_reveal` serial event, the seed on the OLED. Money play has no match end: there
    each game has its seed, revealed at the game's end.
Record lines are numbered by the Table's count (its record effect) and saved with its
state (its save effect), so that a power cut voids them or keeps them with the Table's own lines.

A power cut must not change the rolls to come. The roll number cannot simply be saved
after the roll (a cut between the Table's save and ours would give the last roll again) nor
before (a cut would give a new one): before handing over a roll, the file holds the roll
number and a stamp of the Table (its line count, phase and opening dice). At power-up the
Table resumed is compared with the stamp: the same Table (or an earlier one) has not had the
roll, which is drawn again with the same number; a changed one has, and the count moves on.
The opening's first die is half of its roll number (White's die, then Black's): it never
moves the count.
"""
import events
from lazy import call
from fairdice import FairDice, new_seed, check_salt, SEED_BYTES

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

DICE_PATH = "dice.bin"
_MAGIC = b"FD"
_VERSION = 1
_SETUP, _OPENING, _GAME_OVER, _MATCH_OVER = 0, 1, 7, 8      # game/table.py's phases
_SALT = 56                  # the file's fixed part; the salt follows (its length just before)


def _effect(t, name, *args):
    """The Table's effect `name` (record, event, save: game/table.py puts it in its outbox);
    `_record` and the like on the Table before issue 12's restructure made them public."""
    f = getattr(t, name, None)
    if f is None:
        f = getattr(t, "_" + name)
    return f(*args)


def _stamp(t):
    o = t.opening
    return (t.rec_seq, t.phase, o[0], o[1])


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


class FairRoll:
    def __init__(self, path=DICE_PATH, files=None, seed_source=new_seed):
        self.path = path
        self.files = files
        self.seed_source = seed_source
        self.fd = None  # type: Any  # the match's FairDice, None between matches
        self.k = 0                # the next roll number
        self.base = 0             # the Table's line count at the last roll (or the seed drawn)
        self.f_seq = 0            # the number of the `F` line, 0 before it is written
        self.pending = None  # type: Any  # (stamp, first die) of the roll handed over last, unresolved
        self.problem = None       # what went wrong with the file, in words (None: fine)
        self._floor = None        # the App's record floor seen last (app/loop.py, record_open.py)
        self.manual = False       # the setting: players roll their own dice and enter them
        self.entered = 0          # what the record says last: 1 dice entered (`U 1`), 0 the board's
        self.u_seq = 0            # the number of that `U` line
        self.pad = None  # type: Any  # dicepad.DicePad of the roll being entered, or None
        self.revealed = None      # the last seed revealed (hex), for the menu's Dice page
        self.load()

    # ------------------------------------------------------------ the file
    def load(self):
        payload, message = call("store", "load_or_fresh", self.path, self.files)
        if message:
            self.problem = message
        if not payload:
            return
        b = payload
        if len(b) < _SALT or b[0:2] != _MAGIC or b[2] != _VERSION or len(b) != _SALT + b[_SALT - 1]:
            self.problem = "dice file not understood: a new seed"
            return
        self.manual = bool(b[3] & 8)
        self.entered = 1 if b[3] & 16 else 0
        self.u_seq = _u32(b, 51)
        if not b[3] & 1:
            return                                   # between matches
        seed = bytes(b[4:36])
        self.k = _u32(b, 36)
        self.base = _u32(b, 40)
        self.f_seq = _u32(b, 44)
        if b[3] & 2:
            self.pending = ((self.base, b[48], b[49], b[50]), bool(b[3] & 4))
        self.fd = FairDice(seed, bytes(b[_SALT:]).decode())

    def save(self):
        """Write the match's seed, roll number and stamp (store.py's atomic save)."""
        fd = self.fd
        salt = fd.salt.encode() if fd else b""
        b = bytearray(_SALT + len(salt))
        b[0:2] = _MAGIC
        b[2] = _VERSION
        b[3] = (8 if self.manual else 0) | (16 if self.entered == 1 else 0)
        b[51:55] = self.u_seq.to_bytes(4, "little")
        if fd is not None:
            p = self.pending
            b[3] |= 1 | (2 if p else 0) | (4 if p and p[1] else 0)
            b[4:36] = fd.seed
            b[36:40] = self.k.to_bytes(4, "little")
            b[40:44] = self.base.to_bytes(4, "little")
            b[44:48] = self.f_seq.to_bytes(4, "little")
            if p:
                b[48], b[49], b[50] = p[0][1], p[0][2], p[0][3]
            b[_SALT - 1] = len(salt)
            b[_SALT:] = salt
        try:
            call("store", "save", self.path, bytes(b), self.files)   # (store.py: loaded for the save)
            self.problem = None
        except (OSError, MemoryError) as e:
            # the game goes on; only a power cut before the next save could change a roll
            self.problem = "dice not saved: " + call("store", "why", e)
            return False
        return True

    # ------------------------------------------------------------ the match
    def resolve(self, t):
        """After a power-up: has the resumed Table had the roll last handed over?"""
        p = self.pending
        if p is None:
            return
        self.pending = None
        if self._had_roll(t, p):
            self.k += 1
        if self.f_seq > t.rec_seq:
            self.f_seq = 0               # the `F` line was voided with the roll: write it again

    def _had_roll(self, t, pending):
        stamp, first = pending
        if t.rec_seq < stamp[0] or _stamp(t) == stamp:
            return False                 # the Table stands before the roll
        return not first                 # the opening's first die is half a roll number

    def watch(self, app, now_ms=None):
        """A match begun gets its seed; a match ended (or abandoned after a roll) its reveal.
        A failure is said once (OLED and serial) and never stops the App's clock step."""
        try:
            self._watch(app, now_ms)
        except Exception as e:
            self._fault(app, e, now_ms)

    def _fault(self, app, exc, now_ms):
        words = "%s: %s" % (type(exc).__name__, exc)
        if self.problem != words:
            self.problem = words
            app.write_line(events.error("fair_dice", "fair dice fault, the board's own dice roll: "
                                        + words))
            app.notice(["FAIR DICE FAULT"] + [words[i:i + 16] for i in range(0, 64, 16)], now_ms)

    def _watch(self, app, now_ms):
        t = app.table
        if self.pending is not None:
            self.resolve(t)
        phase = t.phase
        # the seed's end: the match's; in money play (no match end) each game's
        ended = phase == _MATCH_OVER or (phase == _GAME_OVER and not t.match.length)
        if self.fd is None:
            if not ended:
                self._begin(app, now_ms)
            return
        if ended:
            if self.f_seq:
                self._reveal(app, now_ms)
            return
        if phase <= _OPENING and t.match.game_number == 1 and t.rec_seq > self.base:
            # a new match (abandoned, or begun after the last): rolls drawn are revealed
            if self.f_seq:
                self._reveal(app, now_ms)
                self._begin(app, now_ms)
            else:
                self.base = t.rec_seq    # not a roll drawn: the seed shown serves this match

    def _begin(self, app, now_ms):
        t = app.table
        seed = self.seed_source()
        if len(seed) != SEED_BYTES:
            raise ValueError("the seed source gave %d bytes" % len(seed))
        self.fd = FairDice(seed)
        self.k = 0
        self.f_seq = 0
        self.base = t.rec_seq
        self.pending = None
        self.save()
        h = self.fd.commitment()
        _effect(t, "event", events.line("dice_commit", (("hash", h),)))
        app.drain(now_ms)
        # after the notice up now, if any (the last match's seed revealed, a power-up message)
        app.notice(["FAIR DICE", "commitment:", h[0:16], h[16:32]], now_ms, True)

    def _reveal(self, app, now_ms):
        t = app.table
        fd = self.fd
        seed = fd.seed_hex()
        self.revealed = seed
        _effect(t, "record", ("reveal", seed))
        _effect(t, "event", events.line("dice_reveal", (("seed", seed), ("hash", fd.commitment()),
                                             ("rolls", self.k))))
        _effect(t, "save")
        app.drain(now_ms)
        self.fd = None
        self.f_seq = 0
        self.save()
        app.notice(["DICE SEED", seed[0:16], seed[16:32], seed[32:48], seed[48:64],
                    "check: verify"], now_ms)

    def set_salt(self, salt):
        """The players' salt, mixed into every roll (fairdice.py); only before the first."""
        if self.fd is None or self.f_seq:
            raise ValueError("the salt is entered before the match's first roll")
        self.fd = FairDice(self.fd.seed, check_salt(salt))
        self.save()

    # ------------------------------------------------------------ dice entered by hand
    def set_manual(self, on):
        """The setting: the players roll their own dice and enter them on the buttons."""
        self.manual = bool(on)
        if not on:
            self.pad = None
        self.save()

    def enter_salt(self):
        """Key in the players' salt on the buttons (dicepad.SaltPad); only before the first
        roll. False when it is too late."""
        if self.fd is None or self.f_seq:
            return False
        from dicepad import SaltPad
        self.pad = SaltPad()
        return True

    def button(self, app, name, kind="press", now_ms=None):
        """A button while a roll or the salt is entered (dicepad.py): True when it was taken
        here."""
        pad = self.pad
        if pad is None:
            return False
        t = app.table
        if hasattr(pad, "salt"):
            if name not in ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo"):
                return False
            if pad.button(name, kind):
                self.pad = None
                salt = pad.salt()
                self.set_salt(salt)
                app.notice(["DICE SALT", salt, "mixed into", "every roll"], now_ms)
            return True
        if not t.want_roll or t.want_roll != pad.n:
            self.pad = None              # the roll is no longer wanted
            return False
        if name not in ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo"):
            return False
        if pad.button(name, kind):
            self.pad = None
            self._say_entered(t, 1)
            self.save()                  # before the Table has it (the `U` line's number)
            v = pad.values
            app.last_roll = list(v)
            if pad.n == 1:
                t.dice(v[0])
            else:
                t.dice(v[0], v[1])
            app.drain(now_ms)
        return True

    def _say_entered(self, t, entered):
        """The record says when the dice start or stop being entered by hand (`U 1`, `U 0`):
        written with the roll, numbered by the Table (a cut voids it with the roll)."""
        if self.entered == entered and not self.u_seq > t.rec_seq:
            return                       # (a `U` line voided by a cut: written again)
        _effect(t, "record", ("entered", entered))
        self.entered = entered
        self.u_seq = t.rec_seq

    def check(self):
        """The dice check of the match in play (dicecheck.py): every roll drawn so far,
        recomputed from the seed (an opening's two dice, ties too: each a fair roll), in a
        few dozen bytes of heap. None between matches."""
        if self.fd is None:
            return None
        from dicecheck import DiceCount
        c = DiceCount()
        for n in range(self.k):
            d1, d2 = self.fd.roll(n)
            c.add(d1, d2)
        return c

    # ------------------------------------------------------------ a roll
    def roll(self, app, now_ms=None):
        """Hand the Table the roll (or opening die) it wants, from the match's seed. False
        when it could not (the fault said): the App's dice driver rolls instead."""
        try:
            self._roll(app, now_ms)
        except Exception as e:
            self._fault(app, e, now_ms)
            return not app.table.want_roll       # handed over before the fault: done
        return True

    def _roll(self, app, now_ms):
        t = app.table
        n = t.want_roll
        if not n:
            return
        if self.manual:
            if self.pad is None:
                from dicepad import DicePad
                self.pad = DicePad(n, t.roller if n == 1 else t.on_roll)
            return                       # the players enter it (button())
        self._say_entered(t, 0)
        if self.pending is not None or self.fd is None:
            self._watch(app, now_ms)
        fd = self.fd
        # a record started again (deleted, lost lines: record_open.header_again) lacks the
        # `F` line: it is written again, with the roll number the record goes on from
        floor = getattr(app, "_record_floor", 0)
        if floor != (self._floor if self._floor is not None else 0):
            self.f_seq = 0
        self._floor = floor
        if self.f_seq == 0 or self.f_seq > t.rec_seq:
            _effect(t, "record", ("commit", fd.commitment(), fd.salt, self.k))
            self.f_seq = t.rec_seq
        first = n == 1 and not (t.opening[0] or t.opening[1])
        pending = (_stamp(t), first)
        self.pending = pending
        self.base = t.rec_seq
        self.save()                      # before the Table has it: a cut draws it again
        d1, d2 = fd.roll(self.k)
        if n == 1:
            die = d1 if t.roller == 0 else d2
            app.last_roll = [die]
            t.dice(die)
        else:
            app.last_roll = [d1, d2]
            t.dice(d1, d2)
        app.drain(now_ms)
        self.pending = None
        if self._had_roll(t, pending):
            self.k += 1
        if self.problem:
            app.notice(["DICE NOT SAVED"] + [self.problem[i:i + 16] for i in range(0, 48, 16)], now_ms)
