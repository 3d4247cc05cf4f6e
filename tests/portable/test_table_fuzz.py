"""Nonsense in, never a crash: random readings (odd counts, bounds, both colours), random
buttons, dice and ticks; the screen always fits the OLED and every LED has a colour."""
from base.reading import Sensed
from game import colours as C
from game.table import Table, SAVE, ASK_CUBE
from tablekit import sensed_of, Lcg
from bg.movegen import legal_plays

BUTTONS = ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo", "bogus")
KINDS = ("press", "long", "double")


def _check(t):
    assert 1 <= len(t.screen) <= 6 and all(len(row) <= 16 for row in t.screen), t.screen
    assert max(t.leds) < len(C.RGB)
    for kind, payload in t.take_outbox():
        assert 0 <= kind <= ASK_CUBE, kind
        if kind == SAVE:
            Table(saved=payload)          # every snapshot the Table gives resumes


def test_random_events_never_crash_the_table():
    rng = Lcg(99)
    t = Table()
    now = 0
    phases = set()
    for step in range(900):
        k = rng.next(12)
        if k < 3:
            board = t.board.copy()           # the position with random damage
            for _ in range(1 + rng.next(3)):
                side = board.me if rng.next(2) else board.opp
                i = rng.next(25)
                if rng.next(2) and side[i]:
                    side[i] -= 1
                elif sum(side) < 15:
                    side[i] += 1
            ranges = None
            if rng.next(4) == 0:
                p = 1 + rng.next(24)
                ranges = {p: (rng.next(3), rng.next(5))}   # sometimes lo > hi: nonsense
            t.sensed(sensed_of(board, ranges))
        elif k < 5:
            if t.phase == 5 and rng.next(2):    # a legal play, as players mostly make
                p = t.on_roll
                view = t.board if p == 0 else t.board.swapped()
                plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
                end = plays[rng.next(len(plays))].apply(view)
                t.sensed(sensed_of(end if p == 0 else end.swapped()))
            else:
                t.sensed(sensed_of(t.board))
        elif k < 9:
            t.button(BUTTONS[rng.next(len(BUTTONS))], KINDS[rng.next(3)])
        elif k < 10:
            now += rng.next(5000)
            t.tick(now)
        else:
            want = t.want_roll
            t.dice(rng.next(8), rng.next(8))               # 0 and 7 are not dice
            if want:
                t.dice(1 + rng.next(6), 1 + rng.next(6))
        phases.add(t.phase)
        _check(t)
    assert len(phases) >= 5 and 5 in phases and 7 in phases, phases   # it got to play
    s = Sensed()
    s.colour[3] = 9                                      # a colour code that does not exist
    s.lo[3] = 200
    t.sensed(s)
    _check(t)
