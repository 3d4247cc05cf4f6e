"""A point holding 7 or more checkers reads as a range (the sensors cannot see a third
layer): bearing off beside such a pile leaves the board with more than one legal reading.
The mover's main press settles it when exactly one reading is a complete legal play; when
several are, the board shows them one by one and the mover picks (cube: next, main: this
one); with none, nothing is committed."""
from game import colours as C
from game.table import MOVING
from tablekit import Rig, rig_at, pos_of

ONE_HEAP_PER_TEST = True    # (tests/test_micropython.py: each test in a fresh heap: the IDs'
#                             code met for the first time in test_ids_of_the_game_on_the_board)

# White: 8 on its 2-point (two layers: 8..15 to the sensors), the rest low; Black far away
PILE = pos_of({1: 1, 2: 8, 3: 3, 4: 2, 8: 1}, {1: 5, 2: 5, 3: 5})


def pile_range(r, point):
    """What the scanner reports for a two-layer point: at least its count, at most what
    the 15 checkers leave when the other points are exact."""
    me = r.board.me
    others = sum(me) - me[point - 1]
    return {point: (me[point - 1], 15 - others)}


def test_bearing_off_beside_a_tall_pile_commits_the_one_complete_reading():
    r = rig_at(PILE, 0)
    r.roll(0, 6, 3)
    r.move(0, [(8, 5), (5, 0)])          # 8/off: the pile on 2 does not change
    # 8 on the 2-point (8/off, complete) or 9 (8/2, legal so far) both fit the reading
    r.feed(pile_range(r, 2))
    # shown: the probable reading (no checker hidden on the pile), the pile in amber; the
    # commit still takes the one complete reading among all (game/unsure.py)
    assert "Main: done" in r.text() and r.t.leds[2] == C.UNCERTAIN, r.text()
    r.press("p1_main")
    assert r.records[-1] == "P0 8 5 5 0", r.records[-3:]
    assert r.t.on_roll == 1 and r.t.board.me[1] == 8 and sum(r.t.board.me) == 14
    assert '"t":"play"' in r.events[-1] and "8/off" in r.events[-1]


def test_tall_pile_for_black_in_its_own_numbering():
    r = rig_at(PILE.swapped(), 1)
    r.roll(1, 6, 3)
    r.move(1, [(8, 5), (5, 0)])
    r.feed(pile_range_black(r, 2))
    assert "Main: done" in r.text() and r.t.leds[23] == C.UNCERTAIN
    r.press("p2_main")
    assert r.records[-1] == "P1 8 5 5 0", r.records[-3:]
    assert r.t.on_roll == 0


def pile_range_black(r, point):
    opp = r.board.opp
    others = sum(opp) - opp[point - 1]
    return {25 - point: (opp[point - 1], 15 - others)}


def test_several_complete_readings_let_the_mover_choose():
    # 6-5 with a pile on the 1-point: 6/off 5/off and 6/1 5/off end alike but for the pile
    board = pos_of({1: 8, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}, {1: 5, 2: 5, 3: 5})
    r = rig_at(board, 0)
    r.roll(0, 6, 5)
    r.move(0, [(6, 0), (5, 0)])
    r.feed(pile_range(r, 1))
    assert "Main: done" in r.text() and r.t.leds[1] == C.UNCERTAIN
    r.press("p1_main")
    assert r.t.on_roll == 0               # nothing committed: two plays fit
    first = r.text()
    assert "Which play?" in first and ("6/off 5/off" in first or "6/1 5/off" in first), first
    r.press("p1_cube")                    # the next one
    second = r.text()
    assert "Which play?" in second and second != first, second
    r.press("p1_cube")                    # and round again
    assert r.text() == first
    r.press("p1_cube")
    r.press("p1_main")                    # this one
    assert r.t.on_roll == 1
    if "6/off 5/off" in second:
        assert r.records[-1] == "P0 6 0 5 0" and r.t.board.me[0] == 8, r.records[-1]
    else:
        assert r.records[-1] == "P0 6 1 5 0" and r.t.board.me[0] == 9, r.records[-1]


def test_a_changed_reading_drops_the_choice():
    board = pos_of({1: 8, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}, {1: 5, 2: 5, 3: 5})
    r = rig_at(board, 0)
    r.roll(0, 6, 5)
    r.move(0, [(6, 0), (5, 0)])
    r.feed(pile_range(r, 1))
    r.press("p1_main")
    assert "Which play?" in r.text()
    r.put(0, 5)                           # the checker comes back: a new reading
    assert "Which play?" not in r.text()
    r.press("p1_cube")                    # the cube button has no role while moving
    assert r.t.on_roll == 0


def test_no_complete_reading_commits_nothing_and_says_why():
    r = Rig()
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5)])                  # only the 3 played: 8/5
    # 5 read 0..1 and 8 read 2..3: 8/5 and nothing moved yet are both legal so far,
    # neither is complete (and a missing checker cannot be borne off here)
    r.feed({5: (0, 1), 8: (2, 3)})
    assert "Can't count 5 8" in r.text()
    r.press("p1_main")
    assert r.t.on_roll == 0 and r.t.phase == MOVING
    assert "No full play fits" in r.text() and "Can't count 5 8" in r.text()


def test_ids_of_the_game_on_the_board():
    # Table.ids(): gnubg's IDs from the view of the player on roll, the dice once rolled
    # (MicroPython, 64-bit unix port: the IDs and the names the first call interned left
    # 704 bytes; 7,776 with bg/ids.py kept: its code is loaded for the call only)
    from heapuse import held, grew
    r = Rig()
    r.setup()
    before = held()
    pid, mid = r.t.ids()
    left = grew(before)
    assert pid == "4HPwATDgc/ABMA" and len(mid) == 12, (pid, mid)
    assert left is None or left <= IDS_LEFT_MAX, left
    r.opening(3, 1)
    pid2, mid2 = r.t.ids()
    assert pid2 == pid and mid2 != mid          # same start, the 3-1 now in the match ID


IDS_LEFT_MAX = 2000


def _two_piles():
    # White: 7 on its 1-point and 7 on its 2-point (two layers each), one on 13
    r = rig_at(pos_of({1: 7, 2: 7, 13: 1}, {1: 5, 2: 5, 3: 5}), 0)
    r.roll(0, 3, 1)
    return r


def piles(r):
    """What the scanner reports: each point of 7 or more as "at least, at most"."""
    me = r.board.me
    out = {}
    for q in range(1, 25):
        if me[q - 1] >= 7:
            out[q] = (me[q - 1], 15 - (sum(me) - me[q - 1]))
    return out


def test_two_tall_piles_a_checker_lifted_elsewhere_lights_its_destinations():
    # issue 8 item 13: the lifted checker was read as "Can't count 1 2"
    r = _two_piles()
    r.lift(0, 13, False)
    r.feed(piles(r))
    assert "From 13 to 12 10 9" in r.text(), r.text()
    assert r.t.leds[13] == C.LIFTED and [p for p in (9, 10, 12) if r.t.leds[p] == C.DEST] == [9, 10, 12]
    r.put(0, 10, False)
    r.feed(piles(r))
    assert "White to move" in r.text()
    r.move(0, [(10, 9)], False)
    r.feed(piles(r))
    assert "Main: done" in r.text()
    r.press("p1_main")
    assert r.records[-1] == "P0 13 10 10 9", r.records[-1]


def test_a_checker_lifted_from_a_tall_pile_shows_where_it_may_go():
    # issue 8 item 13: lifted from the pile it was read as moved onto the other pile
    r = _two_piles()
    r.lift(0, 2, False)
    r.feed(piles(r))
    assert "From 2 to 1" in r.text() and r.t.leds[2] == C.LIFTED and r.t.leds[1] == C.DEST, r.text()
    r.press("p1_main")                    # in a hand: not a complete play
    assert r.t.on_roll == 0


def test_an_illegal_move_beside_tall_piles_is_explained():
    r = _two_piles()
    r.move(0, [(13, 11)], False)          # no 2 to play
    r.feed(piles(r))
    r.wait(4500)
    text = r.text()
    assert r.t.leds[11] == C.ILLEGAL or r.t.leds[13] == C.ILLEGAL, (text, list(r.t.leds))
    assert "Can't count" not in text, text
