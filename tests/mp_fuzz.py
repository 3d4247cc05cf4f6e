"""The whole-match fuzzer's seeded driver for the real MicroPython (issue 26, item e): hypothesis
does not run there, so a seeded random walk (tablekit.Lcg) over the same kinds of actions as
tests/fuzz_match.py drives the App on apprig's drivers (its buttons, its dice, its scanner
stand-in, its files): players who play (legal plays at random, wrong ones, the board's plays
made by hand), any button at any moment, seats cycled (the board at each level thinking with
its real engine, the ghost leaving and coming back), grading switched on and off, lines from
the USB side, the clock's time. It prints the board's score and where its record is; the
host (tests/test_fuzz_match.py) checks that record by the fuzzer's end invariants (exported,
imported and replayed by GNU Backgammon to that score).

Usage: micropython -X heapsize=364K tests/mp_fuzz.py --mpy=DIR SEED STEPS
"""
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for p in (HERE + "/portable", HERE + "/../firmware", HERE + "/../host_tools/fakes"):
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
LINES = ("press p1_main", "press menu", "dice own on", "dice own off", "state", "ids",
         "seat play 13/7 8/7", "dice")


class Lcg:
    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def next(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


def main(seed, steps):
    sc, app, lines = ar.rig()
    t = app.table
    rng = Lcg(seed)
    physical = Position.start()
    sc.put(physical)
    ar.run(app, 100)
    counts = [0, 0, 0]        # steps, plays made, faults seen
    for _ in range(steps):
        if t.phase == 8:
            break
        counts[0] += 1
        del lines[:]
        k = rng.next(40)
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
            from app import commands
            commands.answer(app, LINES[rng.next(len(LINES))])
        elif k == 4:
            t.settings.grading = rng.next(4)
        elif k == 5 and t.phase == 5:
            wrong = physical.copy()                      # a checker moved wrong, then put back
            side = wrong.me if p == 0 else wrong.opp
            frm = [i for i in range(24) if side[i]]
            if frm:
                i = frm[rng.next(len(frm))]
                side[i] -= 1
                side[rng.next(24)] += 1
                sc.put(wrong)
                ar.run(app, 100 + 100 * rng.next(3))
                if rng.next(2):
                    app.press("p%d_main" % (p + 1))      # committed wrong: refused
                sc.put(physical)
        elif t.menu is not None:
            app.press("menu", "long")                     # the menu closed
        elif t.phase == 0:
            physical = Position.start()
            sc.put(physical)
        elif t.phase == 5 and t.shown_play is not None:
            end = t.target if p == 0 else t.target.swapped()
            physical = end.copy()
            sc.put(physical)
        elif t.phase == 5 and t.want_play is None and not t.seats[p]:
            view = t.board if p == 0 else t.board.swapped()
            plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
            if plays:
                end = plays[rng.next(len(plays))].apply(view)
                physical = end if p == 0 else end.swapped()
                sc.put(physical)
                ar.run(app, 100)
                counts[1] += 1
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
        del lines[:]                                      # (the serial lines: not kept)
        if t.phase != 5 and t.phase != 0 and t.board != physical and t.shown_play is None:
            physical = t.board.copy()                     # the checkers as the Table has them
            sc.put(physical)
            ar.run(app, 60)
    counts[2] = app.faults
    print("SCORE %d %d PHASE %d STEPS %d PLAYS %d FAULTS %d" % (
        t.match.score[0], t.match.score[1], t.phase, counts[0], counts[1], counts[2]))
    print("RECORD " + ar.RECORD)


main(int(sys.argv[1]), int(sys.argv[2]))
