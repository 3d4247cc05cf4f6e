"""(Run by tests/test_app_grading.py under CPython and under MicroPython with a heap as full
as the Pico's, as seat_cases.py: not a test_ module, so that the 240 KB portable run does
not take it: the App and the engine together do not fit 240 KB on the 64-bit port.)

Grading at the board in the running App with the real engine (app/grading.py): a known
doubtful play graded doubtful and a blunder graded blunder, on the OLED, on the mover's
status LED and on serial; the next player's roll is taken before the grade's work is done;
cube decisions graded; the review at the end of a game and of the match, on the OLED (its
pages turned with the menu button) and on serial; grading off carries none of it."""
import json

from apprig import rig, run, oled_shows, oled_rows, led_index
from game.tutor import asked
from bg.position import Position
from game.phases import MOVING, PRE_ROLL, DOUBLED, GAME_OVER, MATCH_OVER

DOUBTFUL_RGB = (255, 110, 0)     # app/grading.py's GRADE_RGB
BLUNDER_RGB = (255, 0, 0)


def _events(lines, kind):
    out = []
    for l in lines:
        if l.startswith('{"t":"%s"' % kind):
            out.append(json.loads(l))
    return out


def _graded_app(length=0, lang=0):
    sc, app, lines = rig()
    t = app.table
    t.settings.grading = 1
    t.settings.lang = lang
    if length:
        t.settings.money = 0
        t.settings.length = length
        t.abandon()                       # the match settings: a new match
    sc.put(Position.start())
    run(app, 100)
    return sc, app, lines, t


def _opening(app, white, black):
    app.loaded = [white, black]
    app.press("p1_main")
    run(app, 30)
    app.press("p2_main")
    run(app, 30)


def _white_plays(sc, app, t, moves):
    """White moves her checkers (White's numbering) and commits."""
    pos = Position(bytearray(t.board.me), bytearray(t.board.opp))
    for f, to in moves:
        pos.me[f - 1] -= 1
        pos.me[to - 1] += 1
    sc.put(pos)
    run(app, 60)
    app.press("p1_main")                  # commit


def _finish(app, limit=4000):
    """Steps until the grader's work is done."""
    n = 0
    while app.grader.busy() and n < limit:
        Clock_step(app)
        n += 1
    assert not app.grader.busy()


def Clock_step(app):
    run(app, 10)


def _status_rgb(app, player):
    return app.d.leds.get(led_index(27 + player))    # the player's status LED on the strip


def test_a_doubtful_play_is_graded_doubtful_and_the_next_roll_is_not_delayed():
    sc, app, lines, t = _graded_app()
    assert app.grader, app.last_fault     # made at the first cycle with grading on
    _opening(app, 6, 5)                   # White plays 6-5
    assert t.phase == MOVING and t.on_roll == 0 and t.turn_dice == (6, 5)
    _white_plays(sc, app, t, [(24, 18), (13, 8)])     # the coach: 0.031 worse than 24/13
    assert t.on_roll == 1 and t.phase == PRE_ROLL, t.screen
    assert app.grader.busy()              # noted at the commit, not graded yet
    app.loaded = [4, 2]
    app.press("p2_main")                  # Black rolls at once
    run(app, 10)                          # one cycle: the roll, and one walk of grading
    assert t.phase == MOVING and t.on_roll == 1 and t.turn_dice == (4, 2), t.screen
    assert app.grader.busy()              # the grade's luck still to come: the roll did not wait
    graded = _events(lines, "grade")
    assert graded and graded[-1]["g"] == "doubtful" and graded[-1]["p"] == 0, lines[-5:]
    assert graded[-1]["a"] == "play" and graded[-1]["loss"] == 31
    assert oled_shows(app, ["White 24/18 13/8", "doubtful -0.031"]), oled_rows(app)
    run(app, 10)
    assert _status_rgb(app, 0) == DOUBTFUL_RGB
    assert app.thinking_scans > 0         # the scan ran inside the walks
    _finish(app)
    run(app, 3500)                        # the grade's time on the LED is over
    assert _status_rgb(app, 0) != DOUBTFUL_RGB
    assert app.grader.review.tally[0].doubtful == 1 and app.grader.review.tally[0].moves == 1
    assert app.grader.review.tally[0].rolls == 1     # its luck counted


def test_a_press_made_and_released_inside_a_walk_of_grading_is_not_lost():
    # the buttons are read inside the grader's walks (App.think_tick, once a slice of the
    # chip's time) and the press handled once the walk is over: Black's roll, pressed and
    # released while a walk went on (up to about 2 s of the Pico's), is made after it
    from engine import player
    sc, app, lines, t = _graded_app()
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 18), (13, 8)])
    assert t.on_roll == 1 and t.phase == PRE_ROLL and app.grader.busy(), t.screen
    e = app.engine
    pin = app.d.buttons.pins[app.d.buttons.names.index("p2_main")]
    at = [app.clock()]
    seen = [0, -1]                        # ticks of this walk, the phase after its release

    def clock():
        at[0] += app.think_slice_ms       # each reading a round of service
        return at[0]

    def tick():
        seen[0] += 1
        app.think_tick()
        if seen[0] == 2:
            pin.value(0)                  # Black's main goes down inside the walk...
        elif seen[0] == 5:
            pin.value(1)                  # ... and up 3 rounds later, still inside it
            seen[1] = t.phase
    every = player.TICK_EVERY
    player.TICK_EVERY = 1
    saved = app.clock
    app.clock = clock
    app.loaded = [4, 2]
    try:
        app.step(at[0])                   # the grader's first walk (2 evaluations)
        e.tick = tick
        app.step(at[0])                   # its second: 11 (this play, this grader)
    finally:
        player.TICK_EVERY = every
        e.tick = app.think_tick
        app.clock = saved
    assert seen[0] > 5, seen              # (the press and its release inside one walk)
    assert seen[1] == PRE_ROLL            # not handled inside the walk
    run(app, 500)
    assert t.phase == MOVING and t.on_roll == 1 and t.turn_dice == (4, 2), t.screen


def test_a_blunder_is_graded_blunder_on_the_oled_the_led_and_serial():
    sc, app, lines, t = _graded_app()
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(13, 8), (13, 7)])      # 0.090 worse than 24/13
    run(app, 10)
    graded = _events(lines, "grade")
    assert graded and graded[-1]["g"] == "blunder" and graded[-1]["loss"] == 90, lines[-5:]
    assert oled_shows(app, ["White 13/8 13/7", "blunder -0.090"]), oled_rows(app)
    assert _status_rgb(app, 0) == BLUNDER_RGB


def test_cube_decisions_are_graded_and_a_pass_ends_the_game_with_its_review():
    sc, app, lines, t = _graded_app()
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])              # the best 6-5: fine
    run(app, 10)
    assert _events(lines, "grade")[-1]["g"] == "fine"
    app.press("p2_cube")                  # Black doubles in an even position: wrong
    run(app, 10)
    doubles = [g for g in _events(lines, "grade") if g["a"] == "double"]
    assert doubles and doubles[-1]["p"] == 1 and doubles[-1]["g"] != "fine", lines[-6:]
    assert oled_rows(app)[:2] == ["Black wrong", "double"], oled_rows(app)
    app.press("p1_cube", "long")          # White passes a double she should take: wrong
    run(app, 10)
    answers = [g for g in _events(lines, "grade") if g["a"] == "answer"]
    assert answers and answers[-1]["p"] == 0 and answers[-1]["g"] == "blunder", lines[-6:]
    assert t.phase in (GAME_OVER, MATCH_OVER) or t.phase == PRE_ROLL
    _finish(app)
    run(app, 20)
    reviews = _events(lines, "review")
    assert reviews and reviews[-1]["of"] == "game", lines[-6:]
    rv = reviews[-1]
    assert rv["blunders"][0] == 1 and rv["dec"][0] == 2       # the play and the pass
    assert rv["dec"][1] == 1                                  # the double (close, counted)
    # the review screen is up, in the end-of-game flow: the menu button closes its last page
    rows = app.grader.rows()
    assert rows[0].startswith("game 1") and rows[-1] == "Menu: close", rows
    assert oled_rows(app)[0] == "White wrong pass", oled_rows(app)   # the pass's grade over it first
    app.press("menu")
    assert not app.grader.pages and t.menu is None        # taken by the review, not the menu


def test_the_match_review_at_the_match_end_and_its_pages():
    sc, app, lines, t = _graded_app(length=1)
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(13, 8), (13, 7)])      # a blunder
    t.resign(1, 1)                        # Black resigns a single game
    app.drain()
    app.press("p1_main")                  # White accepts: she wins the 1-point match
    run(app, 20)
    assert t.phase == MATCH_OVER, t.screen
    _finish(app)
    run(app, 20)
    reviews = _events(lines, "review")
    assert [r["of"] for r in reviews[-2:]] == ["game", "match"], lines[-6:]
    assert reviews[-1]["blunders"] == [1, 0] and reviews[-1]["er"][0] == 905, reviews[-1]   # 90.5 x 10
    pages = app.grader.pages
    assert len(pages) == 2 and pages[0][-1] == "Menu: next" and pages[1][-1] == "Menu: close"
    assert pages[0][:2] == ["game 1 Whit Blac", "rate   90.5  0.0"], pages[0]
    assert pages[1][0] == "match  Whit Blac" and pages[1][3] == "blund     1    0", pages[1]
    run(app, 4500)                        # the last grade's notice is over: the page shows
    assert oled_shows(app, pages[0]), (oled_rows(app), pages[0])
    app.press("menu")
    run(app, 10)
    assert oled_shows(app, pages[1]), oled_rows(app)
    app.press("menu")
    run(app, 10)
    assert not app.grader.pages and oled_shows(app, t.screen), oled_rows(app)


# The heap under MicroPython (64-bit unix port, BOARD_HEAP) from the board powered up with
# grading off to the same board set up after grading was on (its Grader and the engine made)
# and was switched off: measured 8,800 bytes (the set-up board, the names grading's modules
# interned); 29,952 with engine/review.py kept, 67,200 with the Grader held.
GRADING_LEFT_MAX = 12000
# From Black's double to the game's end, grading off (the pass, its record lines, the end's
# screen): measured 896 bytes; 1,600 with app/noreview.py (where a review comes from) kept.
# (A narrow bound: the module is small.)
NO_REVIEW_LEFT_MAX = 1250


def test_grading_off_loads_nothing_and_switched_off_drops_its_code():
    from heapuse import held, grew
    sc, app, lines = rig()
    t = app.table
    before = held()
    t.settings.grading = 1
    sc.put(Position.start())
    run(app, 100)
    assert app.grader and app.engine is not None, app.last_fault
    t.settings.grading = 0
    run(app, 20)
    assert app.grader is None and app.engine is None
    left = grew(before)
    assert left is None or left <= GRADING_LEFT_MAX, left
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(13, 8), (13, 7)])
    run(app, 50)
    assert not _events(lines, "grade") and app.engine is None
    before = held()
    app.press("p2_cube")                  # Black doubles, White passes: the game is over
    run(app, 10)
    app.press("p1_cube", "long")
    run(app, 10)
    assert t.phase == GAME_OVER, t.screen
    # no review without grading: the OLED says where one comes from, and nothing of it is
    # kept (issue 26: it said a developer's command line, `host_tools review RECORD`)
    assert oled_shows(app, ["No review here:", "grading is off.", "To have one:",
                            "Menu > Settings", "> Grading: on"]), oled_rows(app)
    assert not _events(lines, "review")
    left = grew(before)
    assert left is None or left <= NO_REVIEW_LEFT_MAX, left


def test_grading_switched_on_mid_game_grades_from_the_board_on():
    sc, app, lines, t = _graded_app()
    t.settings.grading = 0
    run(app, 20)
    _opening(app, 6, 5)
    assert app.grader is None and t.phase == MOVING
    t.settings.grading = 1                # on, White to move her 6-5
    run(app, 20)
    assert app.grader and app.grader.review.live, app.last_fault
    _white_plays(sc, app, t, [(13, 8), (13, 7)])
    run(app, 10)
    graded = _events(lines, "grade")
    assert graded and graded[-1]["g"] == "blunder" and graded[-1]["loss"] == 90, lines[-4:]


def test_after_a_power_cut_grading_goes_on_from_the_saved_game():
    sc, app, lines, t = _graded_app()
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])
    app.loaded = [6, 5]
    app.press("p2_main")
    run(app, 20)
    assert t.phase == MOVING and t.on_roll == 1
    board = Position(bytearray(t.board.me), bytearray(t.board.opp))
    del app, t
    sc, app, lines = rig(fresh=False)     # power back: the saved match, grading still on
    t = app.table
    sc.put(board)
    run(app, 100)
    assert t.settings.grading == 1 and t.phase == MOVING and t.on_roll == 1, t.screen
    assert app.grader and app.grader.review.live, app.last_fault
    board.opp[23] -= 1                    # Black 24/13 (his numbering): the best 6-5
    board.opp[12] += 1
    sc.put(board)
    run(app, 60)
    app.press("p2_main")
    run(app, 10)
    graded = _events(lines, "grade")
    assert graded and graded[-1]["p"] == 1 and graded[-1]["g"] == "fine", lines[-4:]


def test_the_boards_tasks_run_the_grading():
    # on the Pico the asyncio tasks (app/tasks.py) run the App, not App.step: their clock
    # round runs the engine's work (App.engine_work) too
    try:
        import asyncio
    except ImportError:
        import uasyncio as asyncio
    from app import tasks
    import board_config as cfg
    sc, app, lines = rig()
    app.table.settings.grading = 1

    async def main():
        asyncio.create_task(tasks.run(app, None, cfg, serial=False))
        await asyncio.sleep(0.3)

    asyncio.run(main())
    assert app.grader, (app.last_fault, lines[-3:])


def test_without_its_engine_grading_says_so_in_words_and_the_game_goes_on():
    from app import seat
    real = seat.weights_path
    seat.weights_path = lambda: "no-such-dir/weights.bin"     # the weights file missing
    try:
        sc, app, lines = rig()
        t = app.table
        t.settings.grading = 1
        sc.put(Position.start())
        run(app, 100)
    finally:
        seat.weights_path = real
    assert app.grader == 0 and app.engine is None
    errors = [l for l in lines if '"grading"' in l]
    assert errors and "no grading" in errors[-1], lines[-3:]
    rows = oled_rows(app)
    assert rows[0] == "Grading:" and rows[1], rows
    assert "Errno" not in " ".join(rows)               # in words, not a number
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])
    run(app, 20)
    assert t.on_roll == 1 and t.phase == PRE_ROLL and not _events(lines, "grade")
    t.settings.grading = 0                # off, then on: it tries again
    run(app, 10)
    assert app.grader is None


def test_the_tutor_warns_before_a_blunder_is_committed_and_records_it():
    # Settings > Grading: tutor (2). 6-5: 13/8 13/7 loses 0.090 (a blunder): main holds it
    # with the warning, main again plays it; 24/18 13/8 (0.031, doubtful) is played at once
    sc, app, lines, t = _graded_app()
    t.settings.grading = 2
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(13, 8), (13, 7)])
    run(app, 10)                          # the tutor's walk, then its verdict
    assert t.phase == MOVING and t.on_roll == 0, t.screen
    assert asked(t) is None and t.tutor[1] is not None, t.screen
    shown = " ".join(t.screen)
    assert "Blunder -0.090" in shown and "Main: play it" in shown, t.screen
    app.press("p1_main")                  # played anyway
    run(app, 10)
    assert t.on_roll == 1 and t.phase == PRE_ROLL, t.screen
    graded = _events(lines, "grade")
    assert graded and graded[-1]["g"] == "blunder" and graded[-1]["loss"] == 90, lines[-5:]
    from host_tools import record_read as record
    from apprig import RECORD, flush
    flush(app)                   # the record as a computer reads it (app/tasks.py)
    events, _ = record.read_file(RECORD)
    i = events.index(("tutor", 0, 90))          # the warning, then the play made anyway
    assert events[i + 1][:2] == ("play", 0), events[i:]
    assert sorted(events[i + 1][2]) == [(13, 7), (13, 8)], events[i:]


def test_the_tutor_lets_a_doubtful_play_through_at_its_blunder_setting():
    sc, app, lines, t = _graded_app()
    t.settings.grading = 2
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 18), (13, 8)])     # 0.031: doubtful, not a blunder
    run(app, 10)
    assert t.on_roll == 1 and t.phase == PRE_ROLL, t.screen
    assert t.tutor[1] is None


def test_the_tutor_warns_before_a_wrong_pass():
    sc, app, lines, t = _graded_app()
    t.settings.grading = 2
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])              # the best 6-5: played on the verdict
    run(app, 10)
    assert t.on_roll == 1 and t.phase == PRE_ROLL, t.screen
    app.press("p2_cube")                  # Black doubles in an even position
    run(app, 10)
    if t.tutor[1] is not None:        # a wrong double: made at the second press
        app.press("p2_cube")
        run(app, 10)
    assert t.phase == DOUBLED, t.screen
    app.press("p1_cube", "long")          # White passes a double she should take
    run(app, 10)
    assert t.phase == DOUBLED and t.tutor[1] == ("pass", 0), t.screen
    assert "Blunder -" in " ".join(t.screen), t.screen
    app.press("p1_cube", "long")          # passed anyway
    run(app, 10)
    assert t.phase in (GAME_OVER, MATCH_OVER), t.screen
    from host_tools import record_read as record
    from apprig import RECORD, flush
    flush(app)                   # the record as a computer reads it (app/tasks.py)
    events, _ = record.read_file(RECORD)
    i = events.index(("drop", 0))
    assert events[i - 1][:2] == ("tutor", 0) and events[i - 1][2] >= 80, events[i - 2:]


def test_after_a_power_cut_the_match_review_says_from_which_game_it_counts():
    """Issue 26: after a power cut the end-of-match review left the earlier games out
    without a word (the tally starts again at power-up). The match's page (here "so far",
    at the end of game 2) says from which game it counts."""
    sc, app, lines, t = _graded_app(length=3)
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])
    t.resign(1, 1)                        # Black resigns game 1: 1-0
    app.drain()
    app.press("p1_main")
    run(app, 20)
    _finish(app)
    app.press("p1_main")                  # the next game
    run(app, 20)
    sc.put(Position.start())
    run(app, 100)
    _opening(app, 6, 5)
    assert t.match.game_number == 2 and t.phase == MOVING, t.screen
    board = Position(bytearray(t.board.me), bytearray(t.board.opp))
    del app, t
    sc, app, lines = rig(fresh=False)     # a power cut in game 2
    t = app.table
    sc.put(board)
    run(app, 100)
    _white_plays(sc, app, t, [(24, 13)])
    t.resign(1, 1)                        # Black resigns game 2: 2-0
    app.drain()
    app.press("p1_main")
    run(app, 20)
    assert t.phase == GAME_OVER and t.match.score == [2, 0], t.screen
    _finish(app)
    run(app, 20)
    pages = app.grader.pages
    assert len(pages) == 2 and pages[1][0].startswith("g2 on"), pages


def test_the_persons_grade_stays_up_before_the_boards_answer():
    """Issue 26 item 16: the board answers a double at once; its grade ("White take / fine")
    hid the person's ("Black wrong double"), which only serial said. The person's grade
    keeps its time on the OLED and the LED; the board's comes after it."""
    sc, app, lines, t = _graded_app()
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])              # the best 6-5: fine
    run(app, 10)
    t.cycle_seat(0)                       # White: the board (easy), from Black's turn on
    app.drain()
    run(app, 10)
    assert t.seats[0] and not t.seats[1] and t.on_roll == 1 and t.phase == PRE_ROLL, t.screen
    app.press("p2_cube")                  # Black doubles in an even position: wrong
    run(app, 10)
    mine = oled_rows(app)
    assert mine[:2] == ["Black wrong", "double"], mine
    n = 0
    while not [g for g in _events(lines, "grade") if g["a"] == "answer"] and n < 2000:
        run(app, 10)                      # the board thinks and answers
        n += 1
    answer = [g for g in _events(lines, "grade") if g["a"] == "answer"]
    assert answer and answer[-1]["p"] == 0, lines[-6:]
    run(app, 20)
    assert oled_rows(app) == mine, (oled_rows(app), mine)         # the person's grade stays up
    assert _status_rgb(app, 1) in (DOUBTFUL_RGB, BLUNDER_RGB)    # Black's LED: her grade
    run(app, 4500)                        # her grade's time is over: the board's grade
    assert oled_rows(app)[0].startswith("White"), oled_rows(app)
    assert app.grader.shown[0] == 0 and app.grader.lit == 0


def test_an_open_menu_shows_over_a_grade_and_takes_its_presses_in_view():
    """Issue 26 item 16: the grade's screen hid a menu opened under it, which still took the
    presses (a player chose "I'll be back" unseen). The open menu is shown over the grade."""
    sc, app, lines, t = _graded_app()
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(13, 8), (13, 7)])      # a blunder: its grade up for 4 s
    run(app, 10)
    grade = ["White 13/8 13/7", "blunder -0.090"]
    assert oled_shows(app, grade), oled_rows(app)
    app.press("menu")                     # Black opens the menu while the grade is up
    run(app, 10)
    assert t.menu is not None and oled_shows(app, t.screen), (oled_rows(app), t.screen)
    first = list(t.screen)
    app.press("menu")                     # the cursor moves: seen as it moves
    run(app, 10)
    assert oled_shows(app, t.screen) and t.screen != first, (first, t.screen)
    assert _status_rgb(app, 0) == BLUNDER_RGB                # the grade stays on the LED
    app.press("menu", "long")             # closed: the grade's time left shows
    run(app, 10)
    assert t.menu is None and oled_shows(app, grade), oled_rows(app)   # the grade's time ran on


def _french(rows):
    from french_words import english
    assert not english(rows), (english(rows), rows)
    assert all(len(r) <= 16 for r in rows), rows


def test_in_french_the_grades_and_the_reviews_say_no_english():
    """Issue 26 item 18: a French board's grades, cube grades and review pages in French."""
    sc, app, lines, t = _graded_app(length=1, lang=1)
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(13, 8), (13, 7)])      # a blunder
    run(app, 10)
    assert _events(lines, "grade")[-1]["g"] == "blunder"      # serial stays English (JSON)
    assert oled_shows(app, ["Blanc 13/8 13/7", "gaffe -0.090"]), oled_rows(app)
    _finish(app)
    app.loaded = [3, 1]
    app.press("p2_main")
    run(app, 20)
    t.resign(1, 1)
    app.drain()
    app.press("p1_main")
    run(app, 20)
    assert t.phase == MATCH_OVER, t.screen
    _finish(app)
    run(app, 20)
    pages = app.grader.pages
    assert len(pages) == 2, pages
    assert pages[0][:2] == ["jeu 1  Blan Noir", "taux   90.5  0.0"], pages[0]
    assert pages[0][-1] == "Menu: suivant" and pages[1][-1] == "Menu: fermer", pages
    assert pages[1][0] == "match  Blan Noir" and pages[1][3] == "gaffes    1    0", pages[1]
    assert pages[1][4].startswith("veine "), pages[1]
    for page in pages:
        _french(page)


def test_in_french_a_wrong_double_and_a_wrong_pass_are_said_in_french():
    sc, app, lines, t = _graded_app(lang=1)
    _opening(app, 6, 5)
    _white_plays(sc, app, t, [(24, 13)])              # fine
    run(app, 10)
    assert oled_shows(app, ["Blanc 24/13", "correct 0.000"]), oled_rows(app)
    app.press("p2_cube")                  # a wrong double
    run(app, 10)
    rows = oled_rows(app)
    assert rows[:2] == ["Noir double à", "tort"], rows
    _french(rows)
    app.press("p1_cube", "long")          # a wrong pass
    run(app, 10)
    rows = oled_rows(app)
    assert rows[:2] == ["Blanc refuse à", "tort"] and rows[2].startswith("gaffe -"), rows
    _french(rows)
