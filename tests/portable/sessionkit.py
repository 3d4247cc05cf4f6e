"""Random but legal sessions at the Table, for the saved-state proofs: every kind of moment
a snapshot can be taken at (opening ties and rerolls, doubles, beavers, passes,
resignations offered, declined and accepted, timeouts, no-move passes, abandoned
matches, match ends), every snapshot kept.

    r = play_session(settings, seed, steps)   # r.saves: every snapshot, in order
"""
from bg.movegen import legal_plays
from game.table import Table, SAVE, RECORD  # noqa: F401
from tablekit import Rig, Lcg


class KeepAll(Rig):
    """The test rig, keeping every snapshot the Table asked to save, or handing each to
    `on_save` instead (the Pico's heap)."""

    def __init__(self, settings=None, saved=None, board=None, on_save=None):
        self.on_save = on_save
        Rig.__init__(self, settings, saved, board)

    def collect(self):
        # only the snapshots are kept whole: records stay short, events are dropped
        for kind, payload in self.t.take_outbox():
            if kind == SAVE:
                if self.on_save is not None:
                    self.on_save(payload)
                else:
                    self.saves.append(payload)
            elif kind == RECORD:
                self.records.append(payload)
                if len(self.records) > 12:
                    self.records.pop(0)


def play_session(settings, seed, steps=400, rig=None, abandon=True, until_phase=None):
    """Drive the Table through `steps` random actions of a session (abandoning the match
    now and then if `abandon`; stopping early at `until_phase`); returns the rig."""
    rng = Lcg(seed)
    r = rig or KeepAll(settings)
    t = r.t
    for _ in range(steps):
        phase = t.phase
        if phase == until_phase:
            break
        p = t.on_roll
        k = rng.next(40)
        if k == 0 and rng.next(4) == 0 and phase in (3, 5, 6) and t.match.resigned_by < 0 \
                and t.match.cube.offered_by < 0:
            t.resign(p if rng.next(2) else 1 - p, 1 + rng.next(3))     # a resignation offer
            r.collect()
            continue
        if k == 1:
            r.wait(rng.next(3) * 20000 + rng.next(9000))   # a slow player; sometimes out of time
            continue
        if k == 2 and abandon and rng.next(8) == 0:
            t.abandon()
            r.collect()
            continue
        m = t.match
        if m.resigned_by >= 0 and phase < 7:
            answer = 1 - m.resigned_by
            r.press("p%d_%s" % (answer + 1, "main" if rng.next(2) else "cube"))
            continue
        if phase == 0:
            r.setup()
        elif phase == 1:
            who = 0 if not t.opening[0] else 1
            r.press("p%d_main" % (who + 1))
            r.give_dice(1 + rng.next(6))
        elif phase == 2 or (phase == 3 and not (t.may_double(p) and rng.next(5) == 0)):
            r.press("p%d_main" % (p + 1))
            if t.want_roll == 2:
                r.give_dice(1 + rng.next(6), 1 + rng.next(6))
        elif phase == 3:
            r.press("p%d_cube" % (p + 1))              # a double
        elif phase == 4:
            taker = 1 - m.cube.offered_by
            c = rng.next(6)
            if c == 0:
                r.press("p%d_cube" % (taker + 1), "long")   # pass
            elif c == 1:
                r.press("p%d_cube" % (taker + 1))           # beaver, where allowed
            else:
                r.press("p%d_main" % (taker + 1))           # take
        elif phase == 5:
            d1, d2 = t.turn_dice
            view = t.board if p == 0 else t.board.swapped()
            plays = legal_plays(view, d1, d2)
            play = plays[rng.next(len(plays))]
            r.board = t.board.copy()
            r.move(p, play.moves)
            r.wait(rng.next(4) * 1500)
            r.press("p%d_main" % (p + 1))
        elif phase == 6:
            r.press("p%d_main" % (p + 1))
        else:
            r.press("p1_main")                               # next game, or a new match
            r.board = t.board.copy()
    return r
