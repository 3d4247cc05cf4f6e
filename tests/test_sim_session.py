"""Issue 11 item 12: the simulator's commands speak the numbering the user typed, keep one
numbering rule (the mover's, kept while a checker is in the hand; White's while setting up
or putting back, as the OLED), restore checkers by hand after `clear`, and say "no point"
for a point that does not exist."""
from boardrig.whole import BoardRig
from simui.session import Session
from simui.hands import WHITE, BLACK


def _session(tmp_path):
    rig = BoardRig(seed=1, dice_seed=1, workdir=str(tmp_path), quiet_scans=3)
    s = Session(rig)
    return s


def _run(s, *lines):
    for line in lines:
        s.execute(line)
    return s.messages[-1]


def test_lift_under_the_movers_own_checker_names_the_point_as_typed(tmp_path):
    s = _session(tmp_path)
    _run(s, "setup", "dice 6 1", "press p1", "press p2", "13/7 8/7")
    assert s.view() == WHITE
    assert _run(s, "lift 7 b") == "? the checker on top of point 7 is White's"
    assert _run(s, "lift 30") == "? no point 30 (points are 1..24, bar, off)"
    assert _run(s, "lift 0") == "? no point 0 (points are 1..24, bar, off)"


def test_setting_up_is_in_whites_numbering_and_a_held_checker_keeps_the_numbering(tmp_path):
    s = _session(tmp_path)
    _run(s, "setup", "dice 5 3", "press p1", "press p2", "8/3 6/3", "r")
    assert s.view() == BLACK                          # Black to play: Black's numbering
    _run(s, "lift 13")                                # Black's 13 (White's 12)
    assert s.hands.hand == [BLACK]
    s.rig.idle(150000)                                # Black thinks too long: out of time
    assert s.rig.table.phase == 7 and s.view() == BLACK   # still the numbering it lifted in
    _run(s, "place 13")
    assert s.hands.on(BLACK, 13) == 5
    _run(s, "press p1")                               # the next game: setting up
    assert s.rig.table.phase == 0 and s.view() == WHITE


def test_after_clear_checkers_go_back_by_hand_from_the_trays(tmp_path):
    s = _session(tmp_path)
    _run(s, "setup", "clear")
    assert s.hands.off == {WHITE: 15, BLACK: 15}
    assert "took a White checker from the tray" in _run(s, "lift off w")
    _run(s, "place 6")
    assert s.hands.on(WHITE, 6) == 1 and s.hands.off[WHITE] == 14
    _run(s, "lift off b")
    _run(s, "place 19")                               # White's numbering while setting up
    assert s.hands.on(BLACK, 6) == 1
    assert _run(s, "lift off q").startswith("? a colour is w")
    for _ in range(14):
        _run(s, "lift off w")
    assert _run(s, "lift off w") == "? no White checker in the tray"


def test_the_shorthand_takes_a_move_back(tmp_path):
    """Issue 26: `7/13` (a checker moved back) was refused, though the README says taking a
    move back is moving the checker back."""
    s = _session(tmp_path)
    _run(s, "setup", "dice 6 1", "press p1", "press p2", "13/7")
    assert s.hands.on(WHITE, 13) == 4
    assert not _run(s, "7/13").startswith("?")
    assert s.hands.on(WHITE, 13) == 5 and s.hands.on(WHITE, 7) == 0
    _run(s, "13/7 8/7", "r")
    assert s.rig.table.on_roll == 1, s.rig.screen_rows()
