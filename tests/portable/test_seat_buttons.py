"""A seat held by the computer on USB (or the board, or a player online) answers for itself:
its buttons at the board act for nobody in a game in play. Found by attack: while the
computer on USB was asked whether to double, the person pressed Black's main and the board
rolled for it (the computer's cube decision made by its opponent); after White's double the
person held Black's cube button and the board recorded Black's pass: White won the game
the computer never passed. The buttons of a person's seat, and of a player away (the
ghost's), are unchanged."""
import json

from usbkit import usb_black, turns, seat
from apprig import run, Position
from game.phases import PRE_ROLL, DOUBLED, MOVING


def _black_asked_cube():
    """White 6-5 played 24/13; Black, the computer on USB, asked double or roll."""
    sc, app, lines, t = usb_black([5, 6])
    run(app, 100)
    pos = Position.start()
    pos.me[23] -= 1
    pos.me[12] += 1
    sc.put(pos)
    run(app, 200)
    app.press("p1_main")
    run(app, 200)
    assert t.phase == PRE_ROLL and t.on_roll == 1 and turns(lines)[-1]["ask"] == "cube", t.screen
    return sc, app, lines, t, pos


def test_the_persons_press_of_the_computers_buttons_rolls_doubles_or_passes_nothing():
    sc, app, lines, t, pos = _black_asked_cube()
    for kind in ("press", "long"):
        for button in ("p2_main", "p2_cube"):
            app.press(button, kind)
            run(app, 100)
            assert t.phase == PRE_ROLL and t.on_roll == 1 and t.match.cube.value == 1, (button, t.screen)
    assert "buttons are off" in " ".join(t.screen), t.screen
    assert seat(app, lines, "roll")["t"] == "seat_ok"          # the computer's own answer
    run(app, 100)
    assert t.phase == MOVING and t.on_roll == 1
    assert seat(app, lines, "play 8/5 6/5")["t"] == "seat_ok"
    run(app, 50)
    view = pos.swapped()
    view.me[7] -= 1
    view.me[5] -= 1
    view.me[4] += 2
    sc.put(view.swapped())                                     # its play made by hands
    run(app, 300)
    assert t.phase == PRE_ROLL and t.on_roll == 0, t.screen
    app.press("p1_cube")                                       # White doubles
    run(app, 100)
    assert t.phase == DOUBLED and turns(lines)[-1]["ask"] == "take", t.screen
    app.press("p2_cube", "long")                               # not Black's pass
    app.press("p2_main")                                       # nor its take
    run(app, 100)
    assert t.phase == DOUBLED and t.match.score == [0, 0], t.screen
    assert json.loads(json.dumps(seat(app, lines, "pass")))["t"] == "seat_ok"
    run(app, 100)
    assert t.match.score == [1, 0], t.screen


def test_a_persons_own_buttons_still_act():
    sc, app, lines, t, pos = _black_asked_cube()
    assert seat(app, lines, "double")["t"] == "seat_ok"        # Black doubles
    run(app, 100)
    assert t.phase == DOUBLED, t.screen
    app.press("p1_main")                                       # White, a person, takes
    run(app, 100)
    assert t.phase in (PRE_ROLL, MOVING) and t.match.cube.value == 2, t.screen


def test_the_menus_resign_chosen_with_the_computers_main_resigns_nothing():
    """Found with the above: the menu's Resign is the resignation of the player whose main
    selects it; selected with Black's main while Black was the computer on USB, Black
    resigned (recorded so) and White, the person, accepted: a game won by the opponent's
    hand. A person's own resignation through the menu is unchanged."""
    sc, app, lines, t, pos = _black_asked_cube()
    for _ in range(3):
        app.press("menu")                                      # the cursor on "Resign"
    app.press("p2_main")
    app.press("p2_main")                                       # a single game
    app.press("p2_main")                                       # yes
    run(app, 100)
    assert t.match.resigned_by < 0, t.screen
    assert "buttons are off" in " ".join(t.screen), t.screen
    app.press("undo")
    app.press("undo")
    run(app, 50)
    for _ in range(3):
        app.press("menu")
    app.press("p1_main")                                       # White resigns: hers to offer
    app.press("p1_main")
    app.press("p1_main")
    run(app, 100)
    assert t.match.score == [0, 1], t.screen                   # (the board accepts for Black)


def test_the_ghosts_buttons_act_for_nobody_until_its_player_is_back():
    """Seed 003's ghost plays for an absent player: the opponent who doubled it held the
    absent player's cube button and the board recorded the ghost's pass (the opponent
    winning the game the ghost never passed). The absent player's buttons act in play only
    once they are back (the menu's "I'm back"); their main still starts the next game (the
    seed's "continue")."""
    from tablekit import Rig
    from bg.play import Play
    from game.table import ASK_TAKE
    r = Rig()
    r.setup()
    r.opening(6, 1)
    r.press("menu")
    while r.t.menu.items()[r.t.menu.cursor] != "m_away":
        r.press("menu")
    r.press("p1_main")                                         # White leaves: the ghost
    t = r.t
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(0, [(13, 7), (8, 7)])
    r.press("p2_cube")                                         # Black doubles the ghost
    assert t.want_cube == ASK_TAKE, r.text()
    r.press("p1_cube", "long")                                 # not the ghost's pass
    r.press("p1_main")                                         # nor its take
    assert t.phase == DOUBLED and t.match.score == [0, 0], r.text()
    assert "buttons are off" in r.text(), r.text()
    t.board_cube(False)                                        # the ghost's own answer
    r.collect()
    assert t.match.score == [0, 1], r.text()
