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
  - at a match's start: the seed drawn (new_seed: os.urandom), a `dice_commit` serial event
    and the commitment on the OLED (its first 32 hex digits);
  - with the match's first roll: the record line `F hash salt k` (k: the roll number the
    record goes on from, 0 but for a record started again);
  - at the match's end (or when it is abandoned after a roll): `V seed` in the record, a
    `dice_reveal` serial event, the seed on the OLED. Money play has no match end: there
    each game has its seed, revealed at the game's end.
Record lines are numbered by the Table's count (its record effect) and saved with its
state (its save effect), so that a power cut voids them or keeps them with the Table's own lines.

Only the state and the checks made every cycle stay in the heap (about 2 KB); the rest
(the file, the seed's commitment and reveal, a roll, the pads, the check) is in
fairroll_ops.py, loaded for each call and forgotten after (dice/__init__.py's rare parts):
a few times a turn.

A power cut must not change the rolls to come. The roll number cannot simply be saved
after the roll (a cut between the Table's save and ours would give the last roll again) nor
before (a cut would give a new one): before handing over a roll, the file holds the roll
number and a stamp of the Table (its line count, phase and opening dice). At power-up the
Table resumed is compared with the stamp: the same Table (or an earlier one) has not had the
roll, which is drawn again with the same number; a changed one has, and the count moves on.
The opening's first die is half of its roll number (White's die, then Black's): it never
moves the count.
"""
from base import events

try:
    from typing import Any  # noqa: F401 (the type checker reads it in `# type:` comments; MicroPython has no typing)
except ImportError:
    pass

DICE_PATH = "dice.bin"
from game.phases import OPENING, GAME_OVER, MATCH_OVER


def new_seed():
    """32 bytes of hardware randomness (the RP2040's ring oscillator through os.urandom)."""
    import os
    return os.urandom(32)


class FairRoll:
    def __init__(self, path=DICE_PATH, files=None, seed_source=new_seed):
        self.path = path
        self.files = files
        self.seed_source = seed_source
        self.seed = None          # the match's secret seed (32 bytes), None between matches
        self.salt = ""            # the players' salt (fairdice.py)
        self.k = 0                # the next roll number
        self.base = 0             # the Table's line count at the last roll (or the seed drawn)
        self.f_seq = 0            # the number of the `F` line, 0 before it is written
        self.fixed = False        # a roll was handed over with this salt: it never changes
        self.pending = None  # type: Any  # (stamp, first die) of the roll handed over last, unresolved
        self.problem = None       # what went wrong, in words (None: fine)
        self.broken = False       # no seed could be drawn: the board's own dice roll
        self._floor = None        # the App's record floor seen last (app/loop.py, record_open.py)
        self.manual = False       # the setting: players roll their own dice and enter them
        self.entered = 0          # what the record says last: 1 dice entered (`U 1`), 0 the board's
        self.u_seq = 0            # the number of that `U` line
        self.pad = None  # type: Any  # dicepad.DicePad or SaltPad being keyed in, or None
        self.revealed = None      # the last seed revealed (hex), for the menu's Dice page
        from dice import fairroll_ops
        fairroll_ops.load(self)

    def commitment(self):
        """SHA-256 of the match's seed in hex (None between matches)."""
        if self.seed is None:
            return None
        import hashlib
        from binascii import hexlify
        return hexlify(hashlib.sha256(self.seed).digest()).decode()

    # ------------------------------------------------------------ every cycle
    def seed_ended(self, t):
        """The seed's time is over: the match's end; in money play (no match end) each game's."""
        return t.phase == MATCH_OVER or (t.phase == GAME_OVER and not t.match.length)

    def watch(self, app, now_ms=None):
        """A match begun gets its seed; a match ended (or abandoned after a roll) its reveal.
        A failure is said once (OLED and serial) and never stops the App's clock step."""
        if self.broken:
            return
        t = app.table
        if self.pending is None:
            phase = t.phase
            ended = self.seed_ended(t)
            if self.seed is None:
                if ended:
                    return
            elif ended:
                if not self.f_seq:
                    return
            elif not (phase <= OPENING and t.match.game_number == 1 and t.rec_seq > self.base):
                return                   # nothing begins, nothing ends: the usual cycle
        try:
            from dice import fairroll_ops
            fairroll_ops.watch(self, app, now_ms)
        except Exception as e:
            self.fault(app, e, now_ms)
            if self.seed is None:
                self.broken = True       # (not drawn again every cycle: said once)

    def fault(self, app, exc, now_ms):
        words = "%s: %s" % (type(exc).__name__, exc)
        if self.problem != words:
            self.problem = words
            app.write_line(events.error("fair_dice", "fair dice fault, the board's own dice roll: "
                                        + words))
            from base.textrows import wrap
            app.notice(["FAIR DICE FAULT"] + wrap(words, 16)[:4], now_ms)

    def roll(self, app, now_ms=None):
        """Hand the Table the roll (or opening die) it wants, from the match's seed. False
        when it could not (the fault said): the App's dice driver rolls instead."""
        if self.broken:
            return False
        if self.pad is not None:
            return True                  # being keyed in (button())
        try:
            from dice import fairroll_ops
            fairroll_ops.roll(self, app, now_ms)
        except Exception as e:
            self.fault(app, e, now_ms)
            return not app.table.want_roll       # handed over before the fault: done
        return True

    def button(self, app, name, kind="press", now_ms=None):
        """A button while a roll or the salt is keyed in (dicepad.py): True when taken here."""
        if self.pad is None:
            return False
        from dice import fairroll_ops
        return fairroll_ops.button(self, app, name, kind, now_ms)

    # ------------------------------------------------------------ the menu's (dicemenu.py)
    def resolve(self, t):
        """After a power-up: has the resumed Table had the roll last handed over?"""
        from dice import fairroll_ops
        fairroll_ops.resolve(self, t)

    def save(self):
        from dice import fairroll_ops
        return fairroll_ops.save(self)

    def set_salt(self, salt):
        """The players' salt, mixed into every roll (fairdice.py); only before the first."""
        from dice import fairroll_ops
        fairroll_ops.set_salt(self, salt)

    def enter_salt(self):
        """Key in the salt on the buttons (dicepad.SaltPad); False when it is too late."""
        from dice import fairroll_ops
        return fairroll_ops.enter_salt(self)

    def set_manual(self, on):
        """The setting: the players roll their own dice and enter them on the buttons."""
        from dice import fairroll_ops
        fairroll_ops.set_manual(self, on)

    def check(self):
        """dicecheck.DiceCount of every roll drawn in the match so far (None between)."""
        from dice import fairroll_ops
        return fairroll_ops.check(self)
