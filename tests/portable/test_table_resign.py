"""Resignations and abandoning a match through the menu."""
from game.settings import Settings
from tablekit import Rig, rig_at, pos_of

# White far ahead: Black 97 pips behind, none in its home board, two on White's 1-point
FAR = pos_of({6: 5, 5: 5, 4: 5}, {24: 2, 13: 5, 8: 3, 7: 5})


def _far_black_on_roll(settings):
    r = rig_at(FAR, 1, settings)
    assert r.t.phase == 3 and r.t.board.opp_pips() - r.t.board.pips() == 97
    return r


def _black_on_roll(settings):
    r = Rig(settings)
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    return r


def _resign(r, player, kind):
    main = "p%d_main" % (player + 1)
    r.press("menu")
    r.press("menu")
    r.press("menu")                       # the cursor on "Resign"
    r.press(main)
    for _ in range(kind - 1):
        r.press("menu")
    r.press(main)                         # the kind
    r.press(main)                         # yes: offer it


def test_resign_gammon_accepted_at_cube_two():
    r = _far_black_on_roll(Settings(money=0, length=7))
    r.press("p2_cube")
    r.press("p1_main")                    # cube 2, White owns it
    _resign(r, 1, 2)                      # Black resigns a gammon
    assert r.records[-1] == "S1 2" and "Black resigns a gammon?" in r.text()
    n = len(r.saves)
    r.press("p2_main")                    # the resigner cannot accept
    assert r.t.match.resigned_by == 1
    r.press("p1_main")                    # White accepts: 2 x 2
    assert r.records[-2:] == ["A0", "E0 4"] and r.t.match.score == [4, 0]
    assert len(r.saves) > n and "by resignation a gammon" in r.text()


def test_resign_declined_play_goes_on_and_backgammon_scores_three():
    r = _far_black_on_roll(Settings(money=0, length=7))
    _resign(r, 1, 1)
    r.press("p1_cube")                    # White declines
    assert r.records[-1] == "X0" and "Resign declined" in r.text()
    r.roll(1, 1, 1)                       # Black plays on
    _resign(r, 1, 3)
    r.press("p1_main")
    assert r.t.match.score == [3, 0]


def test_white_resigns_in_its_own_turn():
    r = Rig(Settings(money=1))
    r.setup()
    r.opening(3, 1)
    _resign(r, 0, 1)
    r.press("p2_main")
    assert r.t.match.score == [0, 1] and r.records[-1] == "E1 1"


def test_abandon_match_asks_twice_then_starts_a_new_match():
    r = _black_on_roll(Settings(money=0, length=3))
    r.press("p2_cube")
    r.press("p1_cube", "long")            # 0-1
    assert r.t.match.score == [0, 1]
    r.press("menu")
    for _ in range(3):
        r.press("menu")                   # cursor on "Abandon match"
    assert r.t.screen[4] == ">Abandon match"
    r.press("p1_main")
    assert ">Sure? again" in r.t.screen
    r.press("p1_main")
    assert r.t.menu is None and r.t.match.score == [0, 0]
    assert r.t.screen[0] == "Set up the board" and r.records[-2:] == ["M 3 C -", "G 0 0"]


def test_undo_leaves_the_menu_and_nothing_changes():
    r = _black_on_roll(Settings())
    r.press("menu")
    r.press("menu")
    r.press("menu")
    r.press("p2_main")                    # into Resign
    r.press("undo")                       # back to the menu
    assert r.t.screen[0].startswith("MENU")
    r.press("undo")
    assert r.t.menu is None and r.t.match.resigned_by == -1


# ---------------------------------------------------------------- issue 8.12: no accidents

def _to_resign(r, main):
    for _ in range(3):
        r.press("menu")                   # open, then the cursor down to "Resign"
    assert r.t.screen[3] in (">Resign", ">Abandonner"), r.t.screen
    r.press(main)


def test_main_pressed_twice_in_a_fresh_menu_resigns_nothing():
    r = Rig(Settings())
    r.setup()
    r.opening(3, 1)
    r.press("menu")
    r.press("p1_main")                    # the first item: the position ID
    r.press("p1_main")                    # back to the menu
    r.press("p2_main")
    r.press("undo")
    r.press("p2_main")                    # the opponent's main outside the menu
    assert r.t.match.resigned_by == -1 and r.t.phase == 5 and r.t.match.score == [0, 0]
    assert not [x for x in r.records if x.startswith("S")]


def test_only_the_resigner_goes_on_and_a_last_screen_says_what_will_happen():
    r = _far_black_on_roll(Settings(money=0, length=7))
    r.press("p2_cube")
    r.press("p1_main")                    # cube 2, White owns it
    _to_resign(r, "p2_main")              # Black chose Resign
    assert r.t.screen[0] == "Black resigns"
    r.press("p1_main")                    # White's main: nothing
    assert r.t.screen[0] == "Black resigns" and r.t.menu.level == "resign"
    r.press("menu")                       # gammon
    r.press("p2_main")
    assert r.t.screen == ["Black: really", "resign a gammon?", "White wins 4", "if accepted",
                          "Main: yes", "Undo: no"]
    r.press("p1_main")                    # White cannot confirm for Black
    assert r.t.menu is not None and r.t.match.resigned_by == -1
    r.press("undo")                       # back to the kinds, gammon still chosen
    assert r.t.screen[2] == ">a gammon"
    r.press("p2_main")
    r.press("p2_main")                    # yes
    assert r.t.menu is None and r.records[-1] == "S1 2" and r.t.match.resigned_by == 1


def test_the_confirmation_fits_the_oled_in_french():
    r = _far_black_on_roll(Settings(lang=1))
    _to_resign(r, "p2_main")
    assert r.t.screen[0] == "Noir abandonne"
    r.press("menu")
    r.press("menu")
    r.press("p2_main")
    assert r.t.screen == ["Noir abandonne", "un backgammon ?", "Blanc gagne 3", "s'il accepte",
                          "Bouton: oui", "Annuler: non"]
    assert all(len(row) <= 16 for row in r.t.screen)
    r.press("undo")                       # back to the kinds
    r.press("menu")
    r.press("menu")                       # gammon: the sheet's question, in its words
    r.press("p2_main")
    assert r.t.screen == ["Noir: vraiment", "abandonner un", "gammon ?", "Blanc gagne 2",
                          "Bouton: oui", "Annuler: non"]


def test_resign_is_refused_at_once_when_no_resignation_may_be_offered():
    r = _black_on_roll(Settings())
    r.press("p2_cube")                    # a double waits for White's answer
    _to_resign(r, "p1_main")
    assert r.t.menu is None and "Not now" in r.text() and r.t.match.resigned_by == -1


def test_the_clock_runs_with_the_menu_open_and_its_top_row_shows_it():
    # opening the menu is no way to stop one's own clock (game/clock.py)
    r = Rig(Settings())
    r.setup()
    r.opening(3, 1)
    r.press("menu")
    assert r.t.screen[0] == "MENU   W2:00 +20"
    r.wait(25000)
    assert r.t.clock.reserve == [115000, 120000] and r.t.screen[0] == "MENU    W1:55 +0"


def test_a_checker_moved_closes_a_menu_the_other_player_opened():
    r = Rig(Settings())
    r.setup()
    r.opening(3, 1)
    r.press("menu")                       # whoever opened it, White plays on
    r.press("menu")
    r.move(0, [(8, 5), (6, 5)])
    assert r.t.menu is None and "Main: done" in r.text()
    r.press("p1_main")
    assert r.records[-1] == "P0 8 5 6 5"


def test_a_gammon_is_refused_near_the_start_and_with_a_checker_home_in_words():
    # issue 11.3: a gammon was resigned at 163 to 167 pips
    r = _black_on_roll(Settings())
    _to_resign(r, "p2_main")
    r.press("menu")
    r.press("p2_main")                    # gammon: not allowed, and the screen says why
    assert r.t.menu.level == "resign" and r.t.screen == [
        "Black resigns", "Gammon only if", "60 pips behind,", "none in home"]
    r.press("menu")                       # the kinds again, the warning gone
    assert r.t.screen[3] == ">a backgammon"
    r.press("p2_main")
    assert r.t.menu.level == "resign" and "Gammon only if" in r.text()
    r.t.resign(1, 2)                      # no way around the menu either
    assert r.t.match.resigned_by == -1 and "60 pips behind" in r.t.note[0]
    home = FAR.copy()
    home.opp[23] -= 1
    home.opp[0] += 1                      # one Black checker on its own 1-point
    r = rig_at(home, 1, Settings())
    r.t.resign(1, 2)
    assert r.t.match.resigned_by == -1
    r.t.resign(1, 1)                      # a single game is always offered
    assert r.t.match.resigned_by == 1


def test_a_backgammon_needs_a_checker_on_the_bar_or_in_the_winners_home():
    clear = pos_of({6: 5, 5: 5, 4: 5}, {18: 2, 13: 5, 8: 3, 7: 5})   # 85 pips behind
    r = rig_at(clear, 1, Settings(lang=1))
    r.t.resign(1, 3)
    assert r.t.match.resigned_by == -1 and "Backgammon: une dame à la barre" in r.t.note[0]
    r.t.resign(1, 2)
    r.collect()
    assert r.t.match.resigned_by == 1 and r.records[-1] == "S1 2"
    r.press("p1_main")
    assert r.t.match.score == [2, 0]
