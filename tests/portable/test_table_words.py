"""Issue 11 items 6, 10 and 11: the borne-off counts on the OLED, proper French, lists
sorted and never cut, notes cleared once out of date, results in words."""
from game.settings import Settings
from tablekit import Rig, rig_at, pos_of


def test_destinations_sorted_on_a_row_of_their_own():
    r = Rig()
    r.setup()
    r.opening(5, 2)                   # White 5-2: from 13 to 11, 8 and 6
    r.lift(0, 13)
    assert r.t.screen[-2:] == ["From 13", "to 11 8 6"]
    r = Rig(Settings(lang=1))
    r.setup()
    r.opening(5, 2)
    r.lift(0, 13)
    assert r.t.screen[-2:] == ["De 13", "vers 11 8 6"]


def test_dice_left_on_one_row_and_the_note_goes_when_a_checker_moves():
    r = Rig()
    r.setup()
    r.opening(5, 2)
    r.press("p1_main")
    assert "To play: 5 2" in r.t.screen
    r.move(0, [(13, 8)])
    assert "To play: 5 2" not in r.t.screen
    r.press("p1_main")
    assert "To play: 2" in r.t.screen
    r.move(0, [(8, 13)])              # taken back: the note is out of date
    assert not any(row.startswith("To play") for row in r.t.screen)


def test_a_take_note_goes_with_the_next_roll_and_next_match_with_a_new_match():
    r = Rig()
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    r.press("p2_cube")
    r.press("p1_main")
    assert "White takes" in r.t.screen
    r.roll(1, 6, 5)
    assert "White takes" not in r.t.screen
    r.press("menu")
    r.press("menu")
    r.press("p2_main")                # settings: Mode
    r.press("p2_main")
    r.press("undo")
    r.press("menu")
    r.press("menu")
    r.press("menu")
    r.press("p2_main")
    r.press("p2_main")                # abandon: a new match starts
    r.press("undo")
    assert r.t.note is None and "(next match)" not in r.text()


def test_borne_off_counts_of_both_players_on_the_oled():
    race = pos_of({1: 3, 2: 2}, {1: 5, 6: 4})     # White 10 off, Black 6 off
    for lang, word in ((0, "Off"), (1, "Sorties")):
        r = rig_at(race, 0, Settings(lang=lang, clock=0))
        assert any(row.startswith(word) and row.endswith("10 6") for row in r.t.screen), r.t.screen
    r = Rig()
    r.setup()
    r.opening(3, 1)
    assert not any(row.startswith("Off") for row in r.t.screen)


def test_french_says_one_player_with_a_singular_verb():
    r = Rig(Settings(lang=1))
    r.setup()
    r.opening(3, 1)
    assert "Blanc joue" in r.t.screen and r.t.screen[0].startswith("Blanc 3-1")
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    assert "À Noir de jouer" in r.t.screen
    r.press("p2_cube")
    assert "Noir double à 2" in r.t.screen
    r.press("p1_main")
    assert "Blanc prend" in r.t.screen
    text = r.text()
    for wrong in ("Blancs", "Noirs", " a jouer"):
        assert wrong not in text


def test_a_single_game_result_names_the_kind_and_the_cube():
    near = pos_of({1: 1, 2: 1}, {1: 13, 13: 1})     # Black has one off
    r = rig_at(near, 0, Settings())
    r.press("p1_cube")
    r.press("p2_main")
    r.roll(0, 2, 1)
    r.move(0, [(2, 0), (1, 0)])
    r.press("p1_main")
    assert r.t.screen[-4:] == ["White wins 2", "a single game", "cube at 2", "Main: next game"]


def test_the_dice_are_said_higher_first_for_both_players():
    """Issue 26: "White 5-2" but "Black 1-3": the roll in the order drawn."""
    from tablekit import Rig
    r = Rig()
    r.setup()
    r.opening(6, 1)                       # White starts 6-1
    r.move(0, [(13, 7), (8, 7)])
    r.press("p1_main")
    r.roll(1, 1, 3)                       # Black's 1 and 3
    assert "Black 3-1" in r.text() and "1-3" not in r.text(), r.text()
