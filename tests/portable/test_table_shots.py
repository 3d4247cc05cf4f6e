"""Issue 11 item 7: the menu's Shots shows, for the player who asks, the rolls of 36 that
hit each of their blots (seed 004's table on an open board)."""
from game.settings import Settings
from tablekit import rig_at, pos_of

SHEET = (11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)   # distances 1 to 12, seed 004


def _open_shots(r, main):
    r.press("menu")
    for _ in range(4):
        r.press("menu")                   # Position ID, Settings, Resign, Abandon, Shots
    r.press(main)


def test_the_sheets_table_on_an_open_board_for_each_distance():
    for d in range(1, 13):
        board = pos_of({14: 1, 1: 14}, {11 + d: 1, 1: 14})   # one hitter d points behind
        r = rig_at(board, 0, Settings())
        _open_shots(r, "p1_main")
        n = SHEET[d - 1]
        assert r.t.screen == ["Shots at White", "on 14: %d/36 %d%%" % (n, (n * 100 + 18) // 36),
                              "Main: back"], (d, r.t.screen)
        r.press("p1_main")                # back to the menu
        assert r.t.menu.level == "main"


def test_shots_for_the_player_who_asks_in_their_numbering_and_in_french():
    # Black's blot on its own 10-point (White's 15), White's checker on 21: 6 points apart,
    # each a blot the other hits with 17 rolls
    board = pos_of({21: 1, 6: 14}, {10: 1, 1: 14})
    r = rig_at(board, 0, Settings(lang=1))
    _open_shots(r, "p2_main")
    assert r.t.screen == ["Blots de Noir", "en 10: 17/36 47%", "Bouton: retour"]
    r.press("undo")                       # back to the menu
    r.press("undo")                       # closed
    _open_shots(r, "p1_main")
    assert r.t.screen == ["Blots de Blanc", "en 21: 17/36 47%", "Bouton: retour"]
    r.press("undo")
    r.press("undo")
    r = rig_at(pos_of({6: 15}, {10: 1, 1: 14}), 0, Settings(lang=1))
    _open_shots(r, "p1_main")
    assert r.t.screen == ["Blots de Blanc", "Aucun blot", "Bouton: retour"]


def test_many_blots_far_ones_first():
    board = pos_of({24: 1, 20: 1, 16: 1, 12: 1, 8: 1, 2: 10}, {2: 15})
    r = rig_at(board, 0, Settings(clock=0))
    _open_shots(r, "p1_main")
    rows = r.t.screen
    assert rows[0] == "Shots at White" and rows[1].startswith("on 24:") and rows[2].startswith("on 20:")
    assert rows[4] == "+2 more points" and rows[5] == "Main: back" and len(rows) == 6
