"""The online relay's line at random (app/online.py's `seat` lines: dice, position, score,
resign, name, link, answers to the play and cube questions, good, bad and stale), mixed with
the person's presses and plays, time passing and power cuts, against the real App (the
portable rig). After every step: no fault, no exception, and the state the board saved
resumes at power-up (found so: `seat position` at the opening roll saved a state power-up
refused, and the match was lost at the next cut). CPython; seeded, the same every run."""
import json
import os
import random

from apprig import rig, run, flush, Position, STATE
from app import commands
from app.boot import restore
from bg.movegen import legal_plays
from bg.ids import position_id
from bg import notation

POSITIONS = ["4HPwATDgc/ABMA", "sGfwATDg2+ABMA", "AAAAAAAAAAAAAA", "4HPwATDgc/ABMB", "zz",
             "2+4OAAAAAAAAAA", "AQAAAAAAAAAAAA", "/////////////w"]


class Walk:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.boot(True)
        for _ in range(5):
            self.t.cycle_seat(1)                 # Black online
        self.sc.put(Position.start())
        run(self.app, 100)

    def boot(self, fresh):
        self.sc, self.app, self.lines = rig(fresh=fresh)
        self.t = self.app.table

    def asked(self):
        turns = [json.loads(x) for x in self.lines[-30:] if '"seat_turn"' in x]
        return turns[-1]["q"] if turns else None

    def line(self):
        rng, t = self.rng, self.t
        k = rng.randrange(11)
        q = self.asked()
        # the dice's question named right most of the time, or a stale or wrong one
        right = 2 * t.rec_seq + (1 if t.opening[0] or t.opening[1] else 0)   # (app/online.py's dice_q)
        dq = right if rng.random() < 0.7 else rng.randint(0, right + 2)
        if k == 0:
            return "seat dice %d %d %d" % (dq, rng.randint(0, 7), rng.randint(0, 7))
        if k == 1:
            return "seat dice %d %d" % (dq, rng.randint(1, 6))
        if k == 2:
            return "seat resign %d" % rng.randint(0, 4)
        if k == 3:
            return "seat name %d %s" % (rng.randint(0, 2), rng.choice(["Zoë", "x" * 30, "a", "]["]))
        if k == 4:
            pid = rng.choice(POSITIONS + [position_id(t.board)])
            return "seat position %s %d %d %d" % ((pid, rng.randint(0, 1)) + rng.choice(
                [(0, 0), (3, 1), (6, 6), (2, 5)]))
        if k == 5:
            return "seat score %d %d" % (rng.randint(0, 1), rng.choice([0, 1, 2, 3, 4, 6, 9, 200, 10 ** 6]))
        if k == 6:
            return "seat link %s" % rng.choice(["lost", "playing", "differs", "x"])
        if k == 7 and q is not None:
            return "seat %d %s" % (q + rng.choice([0, 0, 0, -1]), rng.choice(["double", "roll", "take", "pass"]))
        if k == 8 and q is not None and t.phase == 5:
            view = t.board if t.on_roll == 0 else t.board.swapped()
            plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
            if plays:
                p = rng.choice(plays)
                return "seat %d play %s" % (q, notation.format_play(p.moves, p.hits))
        if k == 9:
            return rng.choice(["ids", "state", "dice", "press p1_main", "help"])
        return "seat %s" % rng.choice(["", "x", "1", "play"])

    def hands(self):
        """The checkers as the Table wants them: a legal play for the mover (the board's
        shown one), or the board as it stands."""
        t, rng = self.t, self.rng
        if t.phase == 5:
            view = t.board if t.on_roll == 0 else t.board.swapped()
            if t.shown_play is not None:
                end = t.target
            else:
                plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
                end = rng.choice(plays).apply(view) if plays else view
            self.sc.put(end if t.on_roll == 0 else end.swapped())
        else:
            self.sc.put(t.board)
        run(self.app, 300)
        if t.phase == 5 and t.on_roll == 0 and rng.random() < 0.7:
            self.app.press("p1_main")

    def step(self):
        r = self.rng.random()
        if r < 0.35:
            json.loads(commands.answer(self.app, self.line()))      # valid JSON, whatever it says
        elif r < 0.55:
            self.app.press(self.rng.choice(["p1_main", "p1_main", "p1_cube", "p2_main"]),
                           self.rng.choice(["press", "press", "long"]))
        elif r < 0.8:
            self.hands()
        elif r < 0.82:
            flush(self.app)                      # the power goes; the board powers up again
            self.boot(False)
            self.sc.put(self.t.board)
            run(self.app, 300)
        else:
            run(self.app, self.rng.choice([50, 500, 5000]))
        run(self.app, 30)


def test_random_online_lines_never_fault_and_every_saved_state_resumes():
    for seed in (5, 7, 8, 9):     # (each failed before take_position decided the opening)
        w = Walk(seed)
        for step in range(200):
            w.step()
            assert w.app.faults == 0, (seed, step, w.app.last_fault)
            msg = restore(STATE)[1]
            assert msg is None, (seed, step, msg)
            assert not os.path.exists(STATE + ".bad"), (seed, step)
