"""Sessions at the Table with the provably fair dice (fairroll.py) handing over every roll:
a Table rig standing in for the App (its table, drain and notice), the whole sealed record
kept, and random but legal play (opening ties and rerolls, abandoned matches, match ends).

    r, fair = fair_rig(Settings(length=1, reroll=1), path)
    play(r, fair, Lcg(5), 300)          # r.lines: the record's lines; r.given: every roll
"""
import scratch
from bg.movegen import legal_plays
from tablekit import Rig
from game.table import SAVE, RECORD, EVENT
from dice.fairroll import FairRoll
import record.record_writer as record_writer

TMP = scratch.path("test-fair")
DICE = TMP + "-dice.bin"
SEED = bytes(range(100, 132))


class FairRig(Rig):
    """The tablekit rig as the App FairRoll drives: every record line kept, sealed."""

    def __init__(self, settings=None, saved=None, board=None):
        self.lines = []
        self.notes = []
        self.last_roll = []
        self.last_save = None
        self.given = []          # (want_roll, dice handed over)
        self.kept_events = []
        Rig.__init__(self, settings, saved, board)

    @property
    def table(self):
        return self.t

    def collect(self):
        for kind, payload in self.t.take_outbox():
            if kind == RECORD:
                self.lines.append(payload)
            elif kind == SAVE:
                self.last_save = payload
            elif kind == EVENT and '"dice_' in payload:
                self.kept_events.append(payload)

    def drain(self, now_ms=None):
        self.collect()

    def write_line(self, text):
        self.kept_events.append(text)

    def notice(self, rows, now_ms=None, then=False):
        self.notes.append(rows)
        if len(self.notes) > 4:
            self.notes.pop(0)

    def text(self):
        return "\n".join([record_writer.HEADER] + self.lines) + "\n"


def remove(path):
    import os
    for p in (path, path + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass


def fair_rig(settings, path=DICE, seed=SEED):
    remove(path)
    seeds = [seed]

    def source():
        s = seeds[0]
        seeds[0] = bytes((b + 1) & 255 for b in s)   # each match its own seed, repeatably
        return s
    r = FairRig(settings)
    return r, FairRoll(path, seed_source=source)


def press(r, fair, name, kind="press", around=None):
    """Press `name`; a roll wanted is handed over by `fair` (around(r, fair, name, kind)
    runs the roll instead, for the power-cut checks)."""
    r.press(name, kind)
    if r.t.want_roll:
        n = r.t.want_roll
        if around is not None:
            around(r, fair, name, kind)
        else:
            fair.roll(r)
        pad = fair.pad
        if pad is not None:                    # physical dice: keyed in (dicepad.py)
            for i in range(pad.n):
                for _ in range((len(r.given) * 5 + i * 3) % 6):
                    fair.button(r, "p1_main")
                fair.button(r, "menu")
        r.given.append((n, tuple(r.last_roll)))


def play(r, fair, rng, steps, around=None, abandon=True, until=None):
    t = r.t
    for _ in range(steps):
        fair.watch(r)
        phase = t.phase
        if phase == until:
            break
        p = t.on_roll
        if abandon and phase in (3, 5) and rng.next(150) == 0:
            t.abandon()
            r.collect()
            continue
        if phase == 0:
            r.setup()
        elif phase == 1:
            who = 0 if not t.opening[0] else 1
            press(r, fair, "p%d_main" % (who + 1), around=around)
        elif phase == 2:
            press(r, fair, "p%d_%s" % (p + 1, "main" if rng.next(2) else "cube"), around=around)
        elif phase == 3:
            press(r, fair, "p%d_main" % (p + 1), around=around)
        elif phase == 5:
            d1, d2 = t.turn_dice
            view = t.board if p == 0 else t.board.swapped()
            plays = legal_plays(view, d1, d2)
            r.board = t.board.copy()
            r.move(p, plays[rng.next(len(plays))].moves)
            r.press("p%d_main" % (p + 1))
        elif phase == 6:
            r.press("p%d_main" % (p + 1))
        else:
            r.press("p1_main")                 # the next game, or a new match
            r.board = t.board.copy()
    fair.watch(r)
    return r


def resign_match(r, fair, rng):
    """Play on to a moment a resignation can be offered, then end the game by one accepted
    (a 1-point match: the match ends)."""
    t = r.t
    while t.phase not in (3, 5, 6):
        play(r, fair, rng, 1, abandon=False)
    p = t.on_roll
    t.resign(p, 1)
    r.collect()
    r.press("p%d_main" % (2 - p))          # the opponent accepts
    fair.watch(r)
