"""The cube at the board: take, pass, beaver, redoubles, its maximum, Crawford and after."""
from game.settings import Settings
from game import colours as C
from tablekit import Rig


def _to_black_on_roll(r):
    """Set up, White wins the opening with 3-1 and plays 8/5 6/5: Black is on roll."""
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    assert r.t.on_roll == 1


def test_double_take_redouble_take_and_the_leds():
    r = Rig(Settings(money=0, length=9))
    _to_black_on_roll(r)
    assert r.t.leds[C.LED_CUBE_P1] == C.CUBE_CENTRED == r.t.leds[C.LED_CUBE_P2]
    assert "Cube: double" in r.text()
    r.press("p1_cube")                      # not White's turn: nothing
    assert r.records[-1] == "P0 8 5 6 5"
    r.press("p2_cube")
    assert r.records[-1] == "D1 2" and "Black doubles 2" in r.text()
    assert r.t.leds[C.LED_CUBE_P1] == C.CUBE_OFFERED and r.t.leds[C.LED_TURN_P1] == C.TURN_WHITE
    r.press("p2_main")                      # the doubler cannot answer
    assert r.t.match.cube.value == 1
    r.press("p1_main")                      # White takes
    assert r.records[-1] == "T0" and r.t.match.cube.value == 2 and r.t.match.cube.owner == 0
    assert r.t.leds[C.LED_CUBE_P1] == C.CUBE_OWNED and r.t.leds[C.LED_CUBE_P2] == C.OFF
    assert r.t.screen[0].endswith("x2W")
    r.press("p2_cube")                      # Black no longer owns the cube
    assert "Opponent has cube" in r.text()
    r.play(1, 6, 4, [(24, 18), (18, 14)])
    r.press("p1_cube")                      # White redoubles
    assert r.records[-1] == "D0 4"
    r.press("p2_main")
    assert r.t.match.cube.value == 4 and r.t.match.cube.owner == 1
    assert '"a":"take","v":4' in r.events[-1]


def test_pass_ends_the_game_at_the_cube_before_the_double():
    r = Rig(Settings(money=0, length=5))
    _to_black_on_roll(r)
    r.press("p2_cube")
    r.press("p1_cube", "long")              # White passes
    assert r.records[-2:] == ["K0", "E1 1"]
    assert r.t.match.score == [0, 1] and "double passed" in r.text()


def test_beaver_money_play_then_take_and_pass():
    r = Rig(Settings(money=1, beavers=1))
    _to_black_on_roll(r)
    r.press("p2_cube")
    assert "Cube: beaver" in r.text()
    r.press("p1_cube")                      # White beavers: cube 4, White keeps it
    assert r.records[-1] == "B0 4" and "White beavers 4" in r.text()
    assert r.t.leds[C.LED_CUBE_P2] == C.CUBE_OFFERED
    r.press("p1_main")                      # White cannot answer its own beaver
    r.press("p2_main")                      # Black takes the beaver
    assert r.t.match.cube.value == 4 and r.t.match.cube.owner == 0
    assert r.t.phase == 3 and r.t.on_roll == 1      # Black rolls now
    # a second game: Black passes a beaver, losing 2
    r2 = Rig(Settings(money=1, beavers=1))
    _to_black_on_roll(r2)
    r2.press("p2_cube")
    r2.press("p1_cube")
    r2.press("p2_cube", "long")
    assert r2.t.match.score == [2, 0] and r2.records[-1] == "E0 2"


def test_no_beaver_in_a_match_the_cube_press_says_how_to_answer():
    r = Rig(Settings(money=0, length=5, beavers=1))
    _to_black_on_roll(r)
    r.press("p2_cube")
    r.press("p1_cube")
    assert r.t.match.cube.offered_by == 1 and "Hold Cube: pass" in r.text()


def test_maximum_cube_refuses_the_next_double():
    r = Rig(Settings(money=1, cube_max=2))
    _to_black_on_roll(r)
    r.press("p2_cube")
    r.press("p1_main")
    r.play(1, 6, 4, [(24, 18), (18, 14)])
    r.press("p1_cube")
    assert "Cube at maximum" in r.text() and r.t.match.cube.value == 2
    assert r.t.leds[C.LED_CUBE_P1] == C.CUBE_OWNED


def _game_won_by_pass(r, doubler):
    """Set up and play until `doubler` doubles and the other passes."""
    r.press("p1_main")                       # next game
    _to_black_on_roll(r)
    if doubler == 0:
        r.play(1, 6, 4, [(24, 18), (18, 14)])
        r.press("p1_cube")
        r.press("p2_cube", "long")
    else:
        r.press("p2_cube")
        r.press("p1_cube", "long")


def test_crawford_game_then_post_crawford_in_a_3_point_match():
    r = Rig(Settings(money=0, length=3))
    _to_black_on_roll(r)
    r.press("p2_cube")
    r.press("p1_cube", "long")               # 0-1
    _game_won_by_pass(r, 1)                  # 0-2: Black is 1 away
    assert r.t.match.score == [0, 2]
    r.press("p1_main")
    assert r.records[-1] == "G 0 2 C"
    _to_black_on_roll(r)
    assert r.t.screen[0].endswith("CRAW") and "Crawford" in r.text()
    assert r.t.leds[C.LED_CUBE_P1] == C.OFF == r.t.leds[C.LED_CUBE_P2]
    assert "Cube: double" not in r.text()
    r.press("p2_cube")
    assert "No cube: Crawford" in r.text()
    # White wins the Crawford game by Black's resignation (menu)
    r.press("menu")
    r.press("menu")
    r.press("menu")
    r.press("p2_main")                       # Black selects Resign
    r.press("p2_main")                       # ... a single game
    r.press("p2_main")                       # yes
    r.press("p1_main")                       # White accepts
    assert r.t.match.score == [1, 2]
    r.press("p1_main")
    assert r.records[-1] == "G 1 2"
    _to_black_on_roll(r)
    assert "post-Cra" in r.text()
    r.press("p2_cube")                       # Black's cube is dead (1 away)
    assert "Cube is dead" in r.text()
    r.play(1, 6, 4, [(24, 18), (18, 14)])
    r.press("p1_cube")                       # White at 2 away may double post-Crawford
    assert r.records[-1] == "D0 2"
    r.press("p2_cube", "long")
    assert r.t.match.score == [2, 2] and r.t.phase == 7
    r.press("p2_main")
    assert r.records[-1] == "G 2 2"
    _to_black_on_roll(r)
    r.press("p2_cube")
    assert "Cube is dead" in r.text()
    r.press("menu")
    r.press("menu")
    r.press("menu")
    r.press("p2_main")                       # Resign
    r.press("p2_main")                       # a single game (a gammon needs 60 pips behind)
    r.press("p2_main")                       # yes
    assert r.records[-1] == "S1 1" and "Black resigns a single game?" in r.text()
    r.press("p1_main")
    assert r.t.match.score == [3, 2] and r.t.phase == 8
    assert "White wins match!" in r.text() and "Crawford" not in r.text()
    assert any('"t":"match_end"' in e for e in r.events)
    r.press("p2_main")                       # a new match
    assert r.t.match.score == [0, 0] and r.t.screen[0] == "Set up the board"
    assert r.records[-2:] == ["M 3 C -", "G 0 0"]


def test_cube_leds_show_only_a_live_cube():
    # issue 8 item 14: post-Crawford the leader's cube is dead: its LED is off while the
    # trailer's shows the centred cube
    r = Rig(Settings(length=3))
    _to_black_on_roll(r)
    r.press("p2_cube")
    r.press("p1_cube", "long")               # 0-1
    _game_won_by_pass(r, 1)                  # 0-2: Black is 1 away, next game Crawford
    r.press("p1_main")
    _to_black_on_roll(r)
    r.press("menu")
    r.press("menu")
    r.press("menu")                          # the cursor on "Resign"
    r.press("p2_main")
    r.press("p2_main")                       # a single
    r.press("p2_main")                       # yes: offer it
    r.press("p1_main")                       # 1-2, post-Crawford next
    r.press("p1_main")
    _to_black_on_roll(r)
    assert "post-Cra" in r.text()
    r.press("p2_cube")
    assert "Cube is dead" in r.text()
    assert r.t.leds[C.LED_CUBE_P2] == C.OFF, r.t.leds[C.LED_CUBE_P2]       # the leader's: dead
    assert r.t.leds[C.LED_CUBE_P1] == C.CUBE_CENTRED                       # the trailer's: live
    r.play(1, 6, 4, [(24, 18), (18, 14)])
    r.press("p1_cube")                       # White doubles to 2, Black takes
    r.press("p2_main")
    assert r.t.match.cube.owner == 1         # owned: shown as owned, the other LED off
    assert r.t.leds[C.LED_CUBE_P2] == C.CUBE_OWNED and r.t.leds[C.LED_CUBE_P1] == C.OFF

