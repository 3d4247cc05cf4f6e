"""Issue 11 items 1 and 2: seed 003's modes (single game by default, blitz, match) and the
cube's settings (off, a maximum, no limit), chosen at the board's menu."""
from game.settings import Settings, MODE_SINGLE, MODE_BLITZ, MODE_MATCH, CLOCK_STANDARD, \
    CLOCK_BLITZ, CUBE_OFF, CUBE_NO_LIMIT
from tablekit import Rig


def _to_black_on_roll(r):
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    assert r.t.on_roll == 1


def _settings_item(r, name):
    """Open the menu's settings with the cursor on `name`."""
    from game.settings import NAMES
    r.press("menu")
    r.press("menu")
    r.press("p1_main")
    for _ in range(NAMES.index(name)):
        r.press("menu")


def test_the_default_is_the_single_game_with_the_cube_and_the_standard_clock():
    s = Settings()
    assert s.mode() == MODE_SINGLE and s.clock == CLOCK_STANDARD and s.cube_enabled()
    r = Rig()
    _to_black_on_roll(r)
    m = r.t.match
    assert m.length == 0 and m.cube.enabled
    r.press("p2_cube")                      # the cube works in the single game
    r.press("p1_main")
    assert m.cube.value == 2
    r.press("p2_main")
    r.give_dice(6, 5)
    assert r.t.screen[1] == "Single game  0-0"      # the mode by name while moving
    r.t.resign(1, 1)                        # Black gives up a single game at cube 2
    r.press("p1_main")
    assert m.score == [2, 0] and r.t.phase == 7   # a game over, not a match over
    r.press("p1_main")                      # the next game: the score counts on
    r.setup()
    assert r.t.match is m and m.game_number == 2 and r.t.screen[1].endswith("2-0")


def test_the_menu_offers_the_modes_as_the_sheet_names_them():
    r = Rig()
    r.setup()
    _settings_item(r, "money")
    assert r.t.screen[1] == ">Mode     single"
    r.press("p1_main")
    assert r.t.settings.mode() == MODE_BLITZ and r.t.settings.clock == CLOCK_BLITZ
    assert r.t.screen[1].endswith("blitz")
    r.press("p1_main")
    assert r.t.settings.mode() == MODE_MATCH and r.t.settings.clock == CLOCK_STANDARD
    assert r.t.screen[1].endswith("match")
    r.press("p1_main")
    assert r.t.settings.mode() == MODE_SINGLE
    r2 = Rig(Settings(lang=1))
    r2.setup()
    _settings_item(r2, "money")
    assert r2.t.screen[1].endswith("unique")
    r2.press("p1_main")
    assert r2.t.screen[1].endswith("éclair")


def test_a_blitz_game_runs_the_30_s_clock_and_a_match_has_the_crawford_rule():
    s = Settings()
    s.cycle_mode()
    r = Rig(s)
    _to_black_on_roll(r)
    assert r.t.clock.reserve == [30000, 30000] and r.t.clock.turn_ms == 10000
    r.roll(1, 6, 5)
    assert r.t.screen[1] == "Blitz        0-0"
    s = Settings()
    s.cycle_mode()
    s.cycle_mode()
    s.length = 3
    r = Rig(s)
    _to_black_on_roll(r)
    assert r.t.match.length == 3 and r.t.match.crawford_rule and r.t.screen[1].startswith("0-0 /3")


def test_no_cube_setting_disables_doubling():
    r = Rig(Settings(cube_max=CUBE_OFF))
    _to_black_on_roll(r)
    assert not r.t.match.cube.enabled
    assert "Cube: double" not in r.text()
    r.press("p2_cube")
    assert r.t.phase == 3 and "No cube" in r.text()
    assert not r.t.screen[0].endswith("x1")


def test_no_limit_cube_goes_past_64_and_the_ids_carry_it():
    r = Rig(Settings(cube_max=CUBE_NO_LIMIT))
    _to_black_on_roll(r)
    assert r.t.match.cube.max_value == CUBE_NO_LIMIT
    r.t.match.cube.value = 64
    r.t.match.cube.owner = 1
    r.press("p2_cube")
    assert r.t.phase == 4 and r.records[-1] == "D1 128"
    r.press("p1_main")
    assert r.t.match.cube.value == 128
    pid, mid = r.t.ids()
    assert len(mid) == 12
    from bg import ids
    assert ids.match_from_id(mid).cube_value == 128


def test_cube_menu_values_in_words():
    r = Rig()
    r.setup()
    _settings_item(r, "cube_max")
    assert r.t.screen[-1].endswith(" 64") or any(x.endswith(" 64") for x in r.t.screen)
    r.press("p1_main")
    assert any(x.startswith(">Cube") and x.endswith("no limit") for x in r.t.screen)
    r.press("p1_main")
    assert any(x.startswith(">Cube") and x.endswith("off") for x in r.t.screen)
    assert r.t.settings.cube_max == CUBE_OFF
    r.press("p1_main")
    assert r.t.settings.cube_max == 2


def test_saved_bytes_of_before_keep_their_meaning():
    # the new values are appended: an old byte (index) decodes as it did
    old = Settings(money=0, cube_max=64).to_bytes()
    assert old[0] == 0 and old[2] == 5
    assert Settings.from_bytes(old).cube_max == 64 and Settings.from_bytes(old).mode() == MODE_MATCH
