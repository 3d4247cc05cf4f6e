"""Found by the whole-match fuzzer's verify-dice check (issue 26): a seat switched online and
back in a match left the record saying the server rolled the rest of the match (one `U 2`
line, no `U 0`): the fair dice's later rolls were never checked; and a seat online again
after a `U 0` must say `U 2` again, or the server's dice would be checked against the seed.
Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
from apprig import rig, run, flush, Position, RECORD, TMP
from onlinekit import seat_dice
from app import commands
from dice.fairroll import FairRoll

DICE = TMP + "-online-dice.bin"


def _codes(app=None):
    """The record's U and R lines, without their seals (read a line at a time: the test's
    reading needs no block as large as the file in the Pico-sized heap), as a computer
    reads it (the App's lines that ride in its state appended first: app/tasks.py)."""
    if app is not None:
        flush(app)
    with open(RECORD) as f:
        f.readline()                        # the header
        return [line.split(" @")[0] for line in f if line[0] in "UR"]


def test_the_fair_dice_say_u0_after_a_seat_online_and_u2_when_it_is_again():
    import os
    for p in (DICE, DICE + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass
    sc, app, lines = rig()
    app.fair = FairRoll(DICE, seed_source=lambda: bytes(range(3, 35)))
    app.table.fair = app.fair
    t = app.table
    for _ in range(5):
        t.cycle_seat(1)                     # Black online
    sc.put(Position.start())
    run(app, 100)
    seat_dice(app, "5")     # Black's opening die, the server's
    run(app, 20)
    app.press("p1_main")
    run(app, 20)
    seat_dice(app, "3")     # White's: the server's too
    run(app, 50)
    assert t.on_roll == 1 and _codes(app) == ["U 2", "R1 5 3"], (t.screen, _codes(app))
    t.cycle_seat(1)                         # Black a person again: the board's fair dice
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    from bg.movegen import legal_plays
    end = legal_plays(view, t.turn_dice[0], t.turn_dice[1])[0].apply(view)
    sc.put(end if p == 0 else end.swapped())
    run(app, 100)
    app.press("p%d_main" % (p + 1))
    run(app, 50)
    app.press("p%d_main" % (2 - p))         # the other player rolls: the fair dice
    run(app, 50)
    codes = _codes(app)
    assert codes[-2] == "U 0" and codes[-1][:2] == "R%d" % (1 - p), codes
    for _ in range(5):
        t.cycle_seat(1)                     # Black online again
    assert t.seats[1] == 5, t.seats
    view = t.board
    end = legal_plays(view, t.turn_dice[0], t.turn_dice[1])[0].apply(view)
    sc.put(end)                             # White plays its 4-1
    run(app, 100)
    app.press("p1_main")
    run(app, 50)
    commands.answer(app, "seat %d roll" % t.rec_seq)   # Black's cube question: no double
    run(app, 50)
    seat_dice(app, "6 2")   # Black's roll: the server's again
    run(app, 50)
    assert _codes(app)[-2:] == ["U 2", "R1 6 2"], _codes(app)


def test_a_power_cut_after_the_servers_dice_keeps_the_u0_of_the_boards_next_roll():
    # found by make fuzz: the fair dice's file kept "the record says dice are entered" (U 1)
    # and not "the server rolls" (U 2); after a power cut the board's own next roll said no
    # `U 0`, and verify-dice checked the board's rolls against the seed at the wrong place
    import os
    for p in (DICE, DICE + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass
    sc, app, lines = rig()
    app.fair = FairRoll(DICE, seed_source=lambda: bytes(range(3, 35)))
    app.table.fair = app.fair
    t = app.table
    for _ in range(5):
        t.cycle_seat(1)                     # Black online
    sc.put(Position.start())
    run(app, 100)
    seat_dice(app, "5")
    run(app, 20)
    app.press("p1_main")
    run(app, 20)
    seat_dice(app, "3")
    run(app, 50)
    assert _codes(app) == ["U 2", "R1 5 3"], _codes(app)
    # the power cut: the board powered up again on its files, its fair dice from dice.bin
    # (the first App let go before: the Pico-sized heap holds one)
    sc = app = lines = t = None
    sc, app, lines = rig(fresh=False)
    app.fair = FairRoll(DICE, seed_source=lambda: bytes(range(3, 35)))
    app.table.fair = app.fair
    t = app.table
    assert app.fair.entered == 2            # what the record says last
    while t.seats[1] != 0:
        t.cycle_seat(1)                     # Black a person again: the board's fair dice
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    from bg.movegen import legal_plays
    end = legal_plays(view, t.turn_dice[0], t.turn_dice[1])[0].apply(view)
    sc.put(end if p == 0 else end.swapped())
    run(app, 100)
    app.press("p%d_main" % (p + 1))
    run(app, 50)
    app.press("p%d_main" % (2 - p))         # the other player rolls: the fair dice
    run(app, 50)
    codes = _codes(app)
    assert codes[-2] == "U 0" and codes[-1][:2] == "R%d" % (1 - p), codes
