"""The whole-match fuzzer's seeded driver for the real MicroPython (issue 26, item e): hypothesis
does not run there, so a seeded random walk (an LCG) over the same kinds of actions as
tests/fuzz_match.py drives the App on apprig's drivers (its buttons, its dice, its scanner
stand-in, its files): players who play (legal plays at random, wrong ones, the board's plays
made by hand), any button at any moment, seats cycled (the board at each level thinking with
its real engine, the computer on USB answering its questions well and badly, to the question
asked or a stale one: `seat Q ANSWER`, the ghost leaving and coming back), grading switched on
and off, lines from the USB side, the clock's time, the fair dice on odd seeds (fairroll.py as
app/start.py makes them: salts from the line, dice entered by hand on the pads), and power cuts
at any write (builtins.open's files count the writes; the power goes before a write or in its
middle, and the board powers up again on what its files hold).

Invariants after each step (an AssertionError ends the run): while a program on USB holds a
seat, no `press` or `dice` line from the line changes the game, and a `seat` answer changes it
only when it answers the question asked for the seat that must act; a roll the record holds
never changes; no fault. It prints the board's score and where its record is; the host
(tests/test_fuzz_match.py) checks that record by the fuzzer's end invariants (exported,
imported and replayed by GNU Backgammon to that score; verify-dice's verdict and counts).

Usage: micropython -X heapsize=364K tests/mp_fuzz.py --mpy=DIR SEED STEPS
"""
import sys
import builtins
import gc

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for p in (HERE + "/portable", HERE + "/../host_tools", HERE + "/../firmware", HERE + "/../host_tools/fakes"):
    if p not in sys.path:
        sys.path.insert(0, p)
for a in list(sys.argv):
    if a.startswith("--mpy="):
        sys.path.insert(0, a[6:])
        sys.argv.remove(a)

import apprig as ar  # noqa: E402
from bg.movegen import legal_plays  # noqa: E402
from bg.position import Position  # noqa: E402

BUTTONS = ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo")
KINDS = ("press", "press", "press", "long", "double")
LINES = ("press p1_main", "press p1_cube long", "press p2_main", "press menu", "press undo",
         "dice own on", "dice own off", "state", "ids", "seat 3 play 13/7 8/7", "dice",
         "dice salt 7", "dice salt 31415926", "dice salt", "dice check")
SEAT_USB = 4
DICE = ar.TMP + "-dice.bin"
_open = builtins.open


class PowerCut(BaseException):
    """The power goes: no handler of the board catches it (not an Exception)."""


class Power:
    """Counts the writes to files (write points); cuts at point `cut_at`, before its write
    or (`torn`) after half of it."""
    points = 0
    cut_at = -1
    torn = False
    cuts = 0

    @classmethod
    def point(cls, f, data):
        k = cls.points
        cls.points += 1
        if k == cls.cut_at:
            cls.cut_at = -1
            cls.cuts += 1
            if cls.torn and len(data) > 1:
                f.write(data[:len(data) // 2])
            f.close()
            raise PowerCut()


class CutFile:
    """A real file opened for writing whose writes are write points."""

    def __init__(self, f):
        self.f = f

    def write(self, data):
        Power.point(self.f, data)
        return self.f.write(data)

    def seek(self, *a):
        return self.f.seek(*a)

    def read(self, *a):
        return self.f.read(*a)

    def flush(self):
        return self.f.flush()

    def close(self):
        return self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def cut_open(path, mode="r"):
    f = _open(path, mode)
    if path.startswith(ar.FAULTS):
        return f                  # (the fault log's traceback: sys.print_exception wants a stream)
    return CutFile(f) if ("w" in mode or "a" in mode) else f


class Lcg:
    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def _snapshot(t):
    import game.snapshot as snapshot
    return bytes(snapshot.to_bytes(t))


def _remove(*paths):
    import os
    for path in paths:
        try:
            os.remove(path)
        except OSError:
            pass


class Run:
    """The board under test, powered up again after each cut."""

    def __init__(self, seed):
        self.rng = Lcg(seed)
        self.fair = seed % 2 == 1
        self.seeds = 0
        self.rec_size = -1           # the record read so far (rolls_never_change)
        self.read_to = 0
        self.last = None
        self.kept = [0] * 800       # the numbers of the record's roll lines (None: outside the count)
        self.texts = [None] * 800   # their text (None: a line outside the count)
        self.nk = 0
        self.nrolls = 0
        self.seen = [None] * 600    # every roll the record held, in order: never changed
        self.nseen = 0
        self.entered = False         # rolls entered by the players (`U 1`): theirs to enter again
        self.counts = [0, 0, 0, 0, 0]   # steps, plays made, USB answers taken, refused, power-ups
        self.sc = self.app = self.lines = None
        _remove(DICE, DICE + ".tmp")
        self.power_up(True)

    def seed_source(self):
        """The fair dice's seeds: the same at each run of a seed."""
        import hashlib
        self.seeds += 1
        return hashlib.sha256(b"mp fuzz %d %d" % (self.rng.s, self.seeds)).digest()

    def power_up(self, fresh=False):
        self.sc = self.app = self.lines = None      # the board before the cut is gone (heap)
        gc.collect()
        self.sc, self.app, self.lines = ar.rig(fresh=fresh)
        if self.fair:
            from dice.fairroll import FairRoll
            self.app.fair = FairRoll(DICE, seed_source=self.seed_source)
            self.app.table.fair = self.app.fair
        t = self.app.table
        self.physical = t.board.copy() if t.phase else Position.start()   # put back as saved
        self.sc.put(self.physical)
        ar.run(self.app, 100)
        self.counts[4] += 1

    def step(self):
        """One random action, and the clock's time after it."""
        app, sc, rng = self.app, self.sc, self.rng
        t = app.table
        k = rng.next(46)
        p = t.on_roll
        if k == 0:
            app.press(BUTTONS[rng.next(6)], KINDS[rng.next(5)])
        elif k == 1:
            t.cycle_seat(rng.next(2))
        elif k == 2:
            who = rng.next(2)
            if rng.next(2):
                t.leave(who)
            else:
                t.come_back(who)
        elif k == 3:
            self.usb_line(LINES[rng.next(len(LINES))])
        elif k == 4:
            t.settings.grading = rng.next(4)
        elif k == 5 and t.phase == 5:
            self.wrong_move(t, p)
        elif k == 6:
            Power.cut_at = Power.points + rng.next(30)   # the power goes at a write to come
            Power.torn = rng.next(2) == 1
        elif k in (7, 8):
            self.usb_answers(t)
        elif t.menu is not None:
            app.press("menu", "long")                     # the menu closed
        elif self.fair and app.fair.pad is not None:
            app.press(BUTTONS[rng.next(6)])              # the dice (or salt) keyed in
        elif t.phase == 0:
            self.physical = Position.start()
            sc.put(self.physical)
        elif t.want_roll and (t.seats[0] == 5 or t.seats[1] == 5):
            from app import commands                      # a seat online: the server's dice
            d = "%d" % (1 + rng.next(6)) if t.want_roll == 1 else "%d %d" % (1 + rng.next(6), 1 + rng.next(6))
            from app import online                        # (its question's q)
            commands.answer(app, "seat dice %d %s" % (online.dice_q(t), d))
        elif t.seats[t.acting()] >= SEAT_USB if t.acting() >= 0 else False:
            self.usb_answers(t, good=True)
        elif t.phase == 5 and t.shown_play is not None:
            end = t.target if p == 0 else t.target.swapped()
            self.physical = end.copy()
            sc.put(self.physical)
        elif t.phase == 5 and t.want_play is None and not t.seats[p]:
            view = t.board if p == 0 else t.board.swapped()
            plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
            if plays:
                end = plays[rng.next(len(plays))].apply(view)
                self.physical = end if p == 0 else end.swapped()
                sc.put(self.physical)
                ar.run(app, 100)
                self.counts[1] += 1
            app.press("p%d_main" % (p + 1))
        elif t.phase == 4:
            q = 1 - t.match.cube.offered_by
            app.press("p%d_main" % (q + 1) if rng.next(4) else "p%d_cube" % (q + 1))
        elif t.phase == 3 and t.may_double(p) and rng.next(10) == 0:
            app.press("p%d_cube" % (p + 1))
        elif t.phase in (1, 2):
            app.press("p1_main" if not t.opening[0] else "p2_main")
        elif t.phase == 7:
            app.press("p1_main")
        elif t.phase == 5 and t.seats[p] and t.want_play is None:
            pass                                          # the board thinks (app.step)
        else:
            app.press("p%d_main" % (p + 1))
        ar.run(app, 60 + 20 * rng.next(10))
        del self.lines[:]                                 # (the serial lines: not kept)
        if t.phase != 5 and t.phase != 0 and t.board != self.physical and t.shown_play is None:
            self.physical = t.board.copy()                # the checkers as the Table has them
            sc.put(self.physical)
            ar.run(app, 60)

    def wrong_move(self, t, p):
        """A checker moved wrong, then put back (committed wrong now and then: refused)."""
        wrong = self.physical.copy()
        side = wrong.me if p == 0 else wrong.opp
        frm = [i for i in range(24) if side[i]]
        if frm:
            i = frm[self.rng.next(len(frm))]
            side[i] -= 1
            side[self.rng.next(24)] += 1
            self.sc.put(wrong)
            ar.run(self.app, 100 + 100 * self.rng.next(3))
            if self.rng.next(2):
                self.app.press("p%d_main" % (p + 1))
            self.sc.put(self.physical)

    def usb_line(self, line):
        """A line from the USB side: with a program holding a seat, no `press` and no `dice`
        line changes the game (issue 26 items 1 and 2)."""
        from app import commands
        t = self.app.table
        usb = t.seats[0] >= SEAT_USB or t.seats[1] >= SEAT_USB   # (a seat online: the relay's line)
        before = _snapshot(t) if usb else None
        commands.answer(self.app, line)
        if usb and line.split(" ")[0] in ("press", "dice"):
            assert _snapshot(t) == before, "a line from USB changed the game: " + line

    def usb_answers(self, t, good=None):
        """The computer on USB answers `seat Q ANSWER`: the question asked or a stale one,
        well or badly; a refused answer changes nothing (issue 26 item 11)."""
        from app import commands
        rng = self.rng
        stale = good is None and rng.next(3) == 0
        if good is None:
            good = rng.next(2) == 1
        q = t.rec_seq - (1 + rng.next(5) if stale else 0)
        p = t.acting()
        asked = None
        if p >= 0 and t.seats[p] >= SEAT_USB:             # the computer on USB, the online relay
            if t.want_play is not None and t.phase == 5:
                asked = "play"
            elif t.want_cube is not None:
                asked = "cube" if t.phase == 3 else "take" if t.phase == 4 else None
        if asked == "play":
            try:
                plays = legal_plays(t.view, t.turn_dice[0], t.turn_dice[1])
            except MemoryError:
                # the driver's own list of every play (a wide double) found no room beside
                # the board in this heap (seed 53): a bad answer this time, the board's
                # refusal checked as any other
                plays = None
                good = False
            answer = "play " + (plays[rng.next(len(plays))].notation() if plays and good else "24/1")
        elif asked == "cube":
            answer = ("double", "roll")[rng.next(2)] if good else "take"
        elif asked == "take":
            answer = ("take", "pass")[rng.next(2)] if good else "double"
        else:
            answer = ("double", "take", "roll", "play 13/7 8/7")[rng.next(4)]
        before = _snapshot(t)
        said = commands.answer(self.app, "seat %d %s" % (q, answer))
        taken = said is not None and '"seat_ok"' in said
        self.counts[2 if taken else 3] += 1
        if asked is None or stale or not good:
            assert not taken and _snapshot(t) == before, ("a refused USB answer changed the game",
                                                          asked, q, answer, said)

    def rolls_never_change(self):
        """A roll the record holds never changes (issue 26 item 7), even once a cut voided it
        (a torn line, a line the saved state was behind): played again, it is the same with
        the fair dice (its roll number is the same). The board's own dice (no fair dice) may
        roll a voided roll again differently, and players entering their own dice (`U 1`)
        may key in others: the OLED never showed it as rolled (the display follows the save
        that the cut stopped). The
        record is read as record.read_lines reads it (a `W n` line voids the lines after n,
        a line numbered at or below the last voids those from it), a line at a time as it
        grows, into lists made at the start: the whole events would not fit beside the board
        in its heap."""
        import os
        try:
            size = os.stat(ar.RECORD)[6]
        except OSError:
            return
        if size == self.rec_size:
            return
        self.rec_size = size
        from record.record_open import unseal
        f = _open(ar.RECORD, "rb")
        try:
            f.seek(self.read_to)
            for raw in f:
                if raw[-1:] != b"\n":
                    break                                 # being written: read it when ended
                self.read_to += len(raw)
                if raw[:3] == b"TBR":
                    continue                              # a header
                try:
                    line, seq = unseal(raw.decode().strip())
                except (ValueError, UnicodeError):
                    continue                              # torn or damaged: skipped
                code = line[:1]
                if code == "W":
                    self._void(int(line.split(" ")[1]))
                    continue
                if seq is None:
                    self._keep(None, None)
                    continue
                if not (code == "M" and seq == 1) and self.last is not None and seq <= self.last:
                    self._void(seq - 1)
                self.last = seq
                if code == "U":
                    self.entered = line[2:3] != "0"       # the players' own dice (or the server's)
                if code == "R":
                    self._keep(seq, ("U " if self.entered else "") + line)
        finally:
            f.close()

    def _void(self, n):
        self.last = n
        k = self.kept
        while self.nk and k[self.nk - 1] is not None and k[self.nk - 1] > n:
            self.nk -= 1
            if self.texts[self.nk] is not None:
                self.nrolls -= 1

    def _keep(self, seq, text):
        if self.nk >= len(self.kept):
            return                                        # (beyond the lists: not checked)
        self.kept[self.nk] = seq
        self.texts[self.nk] = text
        self.nk += 1
        if text is None:
            return
        i = self.nrolls
        self.nrolls += 1
        if i < self.nseen and self.fair and text[0] == "R" and self.seen[i][0] == "R":
            assert self.seen[i] == text, ("a roll changed", i, self.seen[i], text)
        elif i < len(self.seen):
            self.seen[i] = text
            self.nseen = i + 1


def main(seed, steps):
    builtins.open = cut_open
    r = Run(seed)
    for _ in range(steps):
        if r.app.table.phase == 8:
            break
        r.counts[0] += 1
        try:
            r.step()
        except PowerCut:
            r.power_up()
        assert r.app.faults == 0, r.app.last_fault
        r.rolls_never_change()
    t = r.app.table
    Power.cut_at = -1
    print("SCORE %d %d PHASE %d STEPS %d PLAYS %d FAULTS %d" % (
        t.match.score[0], t.match.score[1], t.phase, r.counts[0], r.counts[1], r.app.faults))
    print("CUTS %d USB_TAKEN %d USB_REFUSED %d POWER_UPS %d FAIR %d" % (
        Power.cuts, r.counts[2], r.counts[3], r.counts[4], r.fair))
    print("RECORD " + ar.RECORD)


main(int(sys.argv[1]), int(sys.argv[2]))
