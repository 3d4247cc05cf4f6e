"""A board whose power can be cut at any write point, for the record-and-state proofs
(tests/test_powercut_match.py). CPython only.

The real Table and the real App (its record and save methods, record_open.py, store.py)
on a real directory, powered up by the one rig's boardrig.start (app.boot.start_app, the
board's own power-up) with no drivers: the checkers are given to the Table and the buttons
pressed by tablekit's rig. Write points are each state save (store.save opening its new
file, through the App's files: atomic, its own cuts are proven by test_store_faults.py and
test_store_littlefs.py) and each write() of the record file (the App writes a line, then its
newline; record_open.py writes its header lines in one write). A cut at point k stops the
board just before point k, or, `torn`, in the middle of it (half of the text written,
harsher than littlefs, which keeps an unclosed file's old contents). Power-up after a cut
is what the board does: the saved match resumed (or a fresh one), a new App on the same
files, the checkers put back as the state says.
"""
import io
import os

import hw.store as store
import record.record_open as record_open
import tablekit
from app import loop
from app.loop import Drivers
from boardrig import start
from bg.movegen import legal_plays
from game.table import Table


class PowerCut(BaseException):
    """The power goes: no handler of the board catches it (not an Exception)."""


class Power:
    """Counts write points; cuts at point `cut_at` (None: never)."""

    def __init__(self, cut_at=None, torn=False):
        self.points = 0
        self.cut_at = cut_at
        self.torn = torn

    def point(self, write=None, text=""):
        k = self.points
        self.points += 1
        if k == self.cut_at:
            if self.torn and write is not None and len(text) > 1:
                write(text[:len(text) // 2])
            raise PowerCut()


class FullFlash(Power):
    """No cut; the record's writes from point `start` to `start + span` are refused with
    ENOSPC (a full flash; the App's close fails the same way on littlefs), then the flash
    has room again (the player deleted old records)."""

    def __init__(self, start, span):
        Power.__init__(self)
        self.start = start
        self.span = span
        self.refused = 0

    def point(self, write=None, text=None):
        k = self.points
        self.points += 1
        if text is not None and self.start <= k < self.start + self.span:
            self.refused += 1
            raise OSError(28, "No space left on device")


class Recorder(Power):
    """No cut: keeps, for every write point, what the flash holds just before it (the
    record's bytes, the state file's bytes) and the text the point writes (None: a save)."""

    def __init__(self, folder):
        Power.__init__(self)
        self.folder = folder
        self.images = []

    def point(self, write=None, text=None):
        self.images.append((_read(os.path.join(self.folder, "match.rec")),
                            _read(os.path.join(self.folder, "state.bin")), text))
        Power.point(self, write, text)


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def lay_out(folder, image, torn):
    """Put a recorded flash image in `folder`: the cut before that point, or, torn, in the
    middle of its write."""
    rec, state, text = image
    for name, data in (("match.rec", rec), ("state.bin", state)):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            os.remove(path)
        if data is not None:
            with open(path, "wb") as f:
                f.write(data)
    if torn:
        with open(os.path.join(folder, "match.rec"), "ab") as f:
            f.write(text[:len(text) // 2].encode())


class _File:
    """A real file whose writes are write points."""

    def __init__(self, f, power):
        self.f = f
        self.power = power

    def write(self, text):
        self.power.point(self._write_now, text)
        return self.f.write(text)

    def _write_now(self, text):
        self.f.write(text)
        self.f.flush()

    def seek(self, *a):
        return self.f.seek(*a)

    def read(self, *a):
        return self.f.read(*a)

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def __iter__(self):
        return iter(self.f)


class CutFiles(store.OsFiles):
    """The real filesystem, for the App's state saves: opening the new state file is a
    write point (the power may go just before the save)."""

    def __init__(self, power):
        store.OsFiles.__init__(self)
        self.power = power

    def open(self, path, mode):
        if "w" in mode:
            self.power.point()
        return store.OsFiles.open(self, path, mode)


class Board:
    """Table + App + files in `folder`, with `power` deciding where the power goes."""

    def __init__(self, folder, settings, power, lines=None):
        self.folder = folder
        self.power = power
        self.state_path = os.path.join(folder, "state.bin")
        self.record_path = os.path.join(folder, "match.rec")
        self.lines = lines if lines is not None else []
        said = len(self.lines)
        had = os.path.exists(self.state_path)
        self.app = start(Drivers(), folder + "/", self.lines.append, settings=settings,
                         files=CutFiles(power), fault_log=None)
        resumed = had and not [x for x in self.lines[said:] if '"state_lost"' in x]
        self.rig = BoardRig(table=self.app.table)
        self.rig.app = self.app
        self.rig.board = self.rig.t.board.copy()      # the checkers put back as saved
        self._patch()
        self.app.drain()                              # what the Table asked at power-up
        if resumed:
            self.rig.feed()

    def _patch(self):
        power = self.power

        def cut_open(path, mode="r"):
            f = open(path, mode)
            return _File(f, power) if "a" in mode or "w" in mode else f
        loop.open = cut_open
        record_open.open = cut_open

    @staticmethod
    def unpatch():
        for m in (loop, record_open):
            if "open" in m.__dict__:
                del m.open


class BoardRig(tablekit.Rig):
    """The test rig's Table and physical board, its effects carried out by the App."""
    app = None

    def collect(self):
        if self.app is not None:
            self.app.drain()


def play(board, rng, max_actions=10 ** 6):
    """Play on as test_table_match.play_match's players do (legal plays at random, some
    cube actions), for at most `max_actions` actions or to the match's end."""
    r = board.rig
    t = r.t
    for _ in range(max_actions):
        phase = t.phase
        if phase == 8:
            return True
        a = t.acting()
        if a >= 0 and t.seats[a] and (t.want_cube is not None or t.want_play is not None):
            # the board's seat (no engine here): its questions answered as the App's engine
            # does, never by its buttons (they act for nobody: game/table.py)
            if t.want_cube is not None:
                t.board_cube(rng.next(4) == 0)
                r.collect()
            else:
                view = t.board if a == 0 else t.board.swapped()
                plays = legal_plays(view, *t.turn_dice)
                play = plays[rng.next(len(plays))]
                t.board_play(play)
                r.collect()
                r.move(a, play.moves)          # made by hands: the board commits it
            if t.want_roll == 2:
                r.give_dice(1 + rng.next(6), 1 + rng.next(6))
            continue
        if phase == 0:
            r.setup()
        elif phase == 1:
            r.opening(1 + rng.next(6), 1 + rng.next(6))
        elif phase == 2:
            r.roll(t.on_roll, 1 + rng.next(6), 1 + rng.next(6))
        elif phase == 3:
            p = t.on_roll
            if t.may_double(p) and rng.next(6) == 0:
                r.press("p%d_cube" % (p + 1))
                if rng.next(4):
                    r.press("p%d_main" % (2 - p))
                else:
                    r.press("p%d_cube" % (2 - p), "long")
                continue
            r.roll(p, 1 + rng.next(6), 1 + rng.next(6))
        elif phase == 4:
            p = 1 - t.match.cube.offered_by
            r.press("p%d_main" % (p + 1))
        elif phase == 6:
            r.press("p%d_main" % (t.on_roll + 1))
        elif phase == 5:
            p = t.on_roll
            d1, d2 = t.turn_dice
            view = t.board if p == 0 else t.board.swapped()
            plays = legal_plays(view, d1, d2)
            r.move(p, plays[rng.next(len(plays))].moves)
            r.press("p%d_main" % (p + 1))
        elif phase == 7:
            r.press("p1_main")
    return t.phase == 8


def export_and_import(record_path, out_dir, engine, check=True):
    """Export the record in-process (host_tools export; check: its replay through the rules
    core too); every .mat written is imported by GNU Backgammon. Returns (exit code,
    messages, [gnubg matches], [.mat paths])."""
    from host_tools import cmd_export
    import gnubg
    err = io.StringIO()
    out = os.path.join(out_dir, "m.mat")
    for f in os.listdir(out_dir):
        if f.endswith(".mat"):
            os.remove(os.path.join(out_dir, f))
    code = cmd_export.export_record(record_path, out, check, err)
    mats = sorted((f for f in os.listdir(out_dir) if f.endswith(".mat")),
                  key=lambda f: int(f[2:-4]) if f[2:-4].isdigit() else 0)
    got = []
    for f in mats:
        text = engine('import mat "%s"' % os.path.join(out_dir, f))
        assert "WARNING" not in text and "nvalid" not in text and "Unrecognised" not in text, text[-2000:]
        got.append(gnubg.match(boards=0))
    return code, err.getvalue(), got, mats


def gnubg_score(m):
    """The score GNU Backgammon replays a match to."""
    last = m["games"][-1]["info"]
    score = [last["score-X"], last["score-O"]]
    if last.get("winner") in ("X", "O"):
        score[{"X": 0, "O": 1}[last["winner"]]] += last["points-won"]
    return score


def resumed_table_of(folder):
    try:
        return Table(saved=store.load(os.path.join(folder, "state.bin")))
    except store.StoreError:
        return None
