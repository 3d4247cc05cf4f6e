"""The App with the provably fair dice (app.fair, as app/start.py sets it on the board): the
commitment on the OLED and over serial at the match's start, the opening roll drawn from
the seed and recorded after the `F` line, and after a power cut the next roll number.
Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
import gc

from apprig import rig, run, flush, oled_rows, clean, RECORD, TMP
from bg.position import Position
from dice.fairroll import FairRoll
from dice.fairdice import FairDice

SEED = bytes(range(7, 39))
DICE = TMP + "-dice.bin"


def _fair():
    return FairRoll(DICE, seed_source=lambda: SEED)


def _remove():
    import os
    for p in (DICE, DICE + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass


def test_the_app_rolls_the_fair_dice_and_a_power_cut_goes_on_from_the_next_roll():
    _remove()
    sc, app, lines = rig()
    app.fair = _fair()
    fd = FairDice(SEED)
    h = fd.commitment()
    run(app, 50)
    assert ('{"t":"dice_commit","hash":"%s"}' % h) in lines, lines
    assert oled_rows(app)[:3] == ["FAIR DICE", "commitment:", h[:16]], oled_rows(app)
    sc.put(Position.start())
    run(app, 100)
    for name in ("p1_main", "p2_main"):
        app.press(name)
        run(app, 30)
    w, b = fd.roll(0)
    k = 1
    while w == b:                           # a tie: both roll again, on the next number
        for name in ("p1_main", "p2_main"):
            app.press(name)
            run(app, 30)
        w, b = fd.roll(k)
        k += 1
    flush(app)                     # the record as a computer reads it (app/tasks.py)
    rec = [l[:l.rfind(" @")] for l in open(RECORD).read().split("\n") if l]
    roll = "R%d %d %d" % (0 if w > b else 1, max(w, b), min(w, b))
    assert rec[-2:] == ["F %s - 0" % h, roll], rec
    # power cut: the board comes up again on the state and the dice file saved (the board
    # before the cut is gone: its heap too)
    sc = app = None
    gc.collect()
    sc2, app2, lines2 = rig(fresh=False)
    app2.fair = _fair()
    run(app2, 50)
    assert app2.fair.k == k and app2.fair.seed == SEED, (app2.fair.k, k, app2.fair.fault)
    assert not [l for l in lines2 if "dice_commit" in l]     # the same match: no new seed
    clean()
    _remove()


def test_a_fair_dice_fault_is_said_and_the_boards_own_dice_roll():
    _remove()
    sc, app, lines = rig()

    def no_entropy():
        raise OSError(5, "urandom failed")
    app.fair = FairRoll(DICE, seed_source=no_entropy)
    run(app, 50)
    assert oled_rows(app)[0] == "FAIR DICE FAULT", oled_rows(app)
    errors = [l for l in lines if '"fair_dice"' in l]
    assert len(errors) == 1 and "urandom failed" in errors[0], lines
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")
    run(app, 30)
    assert app.table.opening[0] in (1, 2, 3, 4, 5, 6)       # rolled by hw/dice.py
    assert app.faults == 0 and len([l for l in lines if '"fair_dice"' in l]) == 1
    clean()
    _remove()


def test_a_record_started_again_gets_the_commitment_again():
    """The record deleted while the match goes on (the board is told to free space that
    way): the header is written again (record_open.py) and, with the next roll, the `F` line
    with the roll number the record goes on from, so verify-dice can check what follows."""
    import os
    _remove()
    sc, app, lines = rig()
    app.fair = _fair()
    app.table.settings.reroll = 1            # the opening winner may roll again: no move needed
    run(app, 50)
    sc.put(Position.start())
    run(app, 100)
    while app.table.phase == 1:
        for name in ("p1_main", "p2_main"):
            app.press(name)
            run(app, 30)
    assert app.table.phase == 2, app.table.screen
    winner = app.table.on_roll
    k = app.fair.k
    os.remove(RECORD)
    sc = app = None                           # a power cut: the board before it is gone (heap)
    gc.collect()
    sc2, app2, lines2 = rig(fresh=False)      # the record is gone
    app2.fair = _fair()
    sc2.put(Position.start())
    run(app2, 100)
    assert app2.fair.k == k
    app2.press("p%d_cube" % (winner + 1))     # roll again
    run(app2, 30)
    assert app2.record_failed is None, app2.record_failed
    flush(app2)                    # the record as a computer reads it (app/tasks.py)
    rec = [l[:l.rfind(" @")] for l in open(RECORD).read().split("\n") if l]
    h = FairDice(SEED).commitment()
    assert rec[-2:] == ["F %s - %d" % (h, k), "R%d %d %d" % ((winner,) + FairDice(SEED).roll(k))], rec
    assert rec[1][0] == "M" and rec[-3][0] == "W", rec
    clean()
    _remove()


def test_physical_dice_entered_on_the_buttons():
    """The setting on: the players roll their own dice and key them in (main +, cube -,
    menu confirms); the OLED shows the entry, the record says the dice were entered."""
    _remove()
    sc, app, lines = rig()
    app.fair = _fair()
    app.fair.set_manual(True)
    run(app, 50)
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")                     # White rolls the opening die: 4
    run(app, 30)
    assert app.table.want_roll == 1 and app.fair.pad is not None
    for name in ("p1_main", "p1_main", "p2_main", "p1_cube", "p1_main"):
        app.press(name)
    run(app, 30)
    rows = oled_rows(app)
    assert app.d.oled.ok and rows[0] == "ENTER THE DICE" and rows[2] == " [4]", rows
    app.press("menu")
    run(app, 30)
    assert app.table.opening[0] == 4 and app.fair.pad is None
    app.press("p2_main")                     # Black: 2
    run(app, 30)
    app.press("p2_cube")                     # 1 -> 6
    app.press("p2_main")                     # 6 -> 1
    app.press("p2_main")                     # 1 -> 2
    app.press("menu")
    run(app, 30)
    assert app.table.turn_dice == (4, 2) and app.table.on_roll == 0
    flush(app)                      # the record as a computer reads it (app/tasks.py)
    rec = [l[:l.rfind(" @")] for l in open(RECORD).read().split("\n") if l]
    assert rec[-2:] == ["U 1", "R0 4 2"], rec
    assert app.fair.k == 0                   # no roll number drawn from the seed
    # a power cut: the setting stays on
    sc2, app2, lines2 = rig(fresh=False)
    app2.fair = _fair()
    assert app2.fair.manual and app2.fair.entered == 1
    clean()
    _remove()


def test_the_menus_dice_page_checks_the_dice_and_sets_own_dice():
    _remove()
    sc, app, lines = rig()
    app.fair = _fair()
    app.table.fair = app.fair                 # as app/start.py does
    run(app, 50)
    sc.put(Position.start())
    run(app, 100)
    for name in ("p1_main", "p2_main"):       # the opening roll, from the seed
        app.press(name)
        run(app, 30)
    for _ in range(7):                        # open the menu, down to Dice (after Shots, Hint)
        app.press("menu")
    app.press("p1_main")
    run(app, 4100)                            # (the commitment's notice is over)
    assert oled_rows(app)[:2] == ["DICE", ">Check dice"], oled_rows(app)
    app.press("p1_main")
    run(app, 30)
    assert oled_rows(app)[:2] == ["DICE CHECK", "%d rolls" % app.fair.k], oled_rows(app)
    app.press("undo")
    app.press("menu")
    app.press("menu")
    app.press("p1_main")                      # Own dice: on
    run(app, 30)
    assert app.fair.manual and oled_rows(app)[3] == ">Own dice on", oled_rows(app)
    app.press("undo")                         # back to the menu
    run(app, 30)
    assert app.table.menu is not None and app.table.menu.level == "main"
    app.press("undo")                         # and out
    assert app.table.menu is None
    clean()
    _remove()


def test_in_french_the_commitment_is_said_in_french():
    """Issue 26 item 18: a French board's fair-dice notice has no English."""
    _remove()
    sc, app, lines = rig()
    app.table.settings.lang = 1
    app.fair = _fair()
    h = FairDice(SEED).commitment()
    run(app, 50)
    assert oled_rows(app)[:3] == ["DÉS SÛRS", "engagement:", h[:16]], oled_rows(app)
    clean()
    _remove()


def test_a_seat_changed_between_the_opening_dice_keeps_the_seed():
    """Found by the MicroPython fuzzer's verify-dice check (issue 26): a record line between
    the two opening dice (here Black's seat cycled) was taken for a new match: the seed was
    revealed and a new one drawn, White's die shown stayed the old seed's, Black's came from
    the new one, and verify-dice failed the board's honest record."""
    _remove()
    sc, app, lines = rig()
    app.fair = _fair()
    fd = FairDice(SEED)
    run(app, 50)
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")                    # White's opening die
    run(app, 30)
    app.table.cycle_seat(1)                 # Black: the board (easy), between the two dice
    run(app, 30)
    app.table.cycle_seat(1)
    run(app, 30)
    k = 0
    w, b = fd.roll(k)
    while True:
        app.press("p2_main")                # Black's die (after a tie: both again)
        run(app, 30)
        if w != b:
            break
        app.press("p1_main")
        run(app, 30)
        k += 1
        w, b = fd.roll(k)
    rec = [l[:l.rfind(" @")] for l in open(RECORD).read().split("\n") if l]
    assert not [l for l in rec if l[:1] == "V"], rec         # the seed is not revealed
    assert [l for l in rec if l[:1] == "F"] == ["F %s - 0" % fd.commitment()], rec
    roll = "R%d %d %d" % (0 if w > b else 1, max(w, b), min(w, b))
    assert [l for l in rec if l[:1] == "R"] == [roll], rec
    clean()
    _remove()
