"""(Run by tests/test_app_seat.py under CPython and under MicroPython with a heap as full as
the Pico's: not a test_ module, so that the 240 KB portable run does not take it.)

The board in a seat inside the running App, with the real engine (app/seat.py,
engine/player.py, firmware/engine/weights.bin): it rolls its own dice, its engine's play is
legal and shown, a person makes it and the turn passes; its cube answer goes through the
Table's flow; the scan runs while it thinks; a seat handed back frees the engine."""
from apprig import rig, run, oled_shows, oled_rows
from bg.movegen import legal_plays
from bg.play import Play
from bg.position import Position
from game.table import MOVING, PRE_ROLL, DOUBLED


def _white_13_7_8_7():
    """The start after White's opening 6-1 played 13/7 8/7."""
    pos = Position.start()
    pos.me[12] -= 1
    pos.me[6] += 1
    pos.me[7] -= 1
    pos.me[6] += 1
    return pos


def _board_black(dice, level="normal"):
    """An App whose Black seat is the board (normal, or strong), set up; dice: the opening
    dice to come, the board's (Black's) first: it rolls as soon as the board is set up."""
    sc, app, lines = rig()
    t = app.table
    t.cycle_seat(1)
    t.cycle_seat(1)                       # Black: the board, normal
    if level == "strong":
        t.cycle_seat(1)                   # ... strong
    app.loaded = list(dice)
    sc.put(Position.start())
    run(app, 100)
    return sc, app, lines, t


def test_the_board_rolls_thinks_shows_a_legal_play_and_the_turn_passes():
    sc, app, lines, t = _board_black([6, 1])     # the board's opening die, then White's
    app.press("p1_main")
    run(app, 100)
    assert t.phase == MOVING and t.on_roll == 1 and t.turn_dice == (6, 1)
    play = t.shown_play
    assert play is not None, (t.screen, app.last_fault)
    legal = legal_plays(t.view, 6, 1)
    results = [p.apply(t.view) for p in legal]
    assert play.apply(t.view) in results            # the engine's play is legal
    # a short think (the rig's clock counts THINK_CALL_MS a tick: the opening 6-1's few
    # evaluations and its best plays' leaves, about 80 ms): a few scans in it (one begun each
    # app.loop.THINK_SCAN_MS)
    assert app.thinking_scans <= 8, app.thinking_scans
    assert any("plays" in row for row in t.screen), t.screen
    assert [l for l in lines if '"board_play"' in l]
    # a person makes the board's play: committed, White to roll
    end = t.target
    sc.put(end.swapped())
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0, t.screen


# The heap under MicroPython (64-bit unix port, BOARD_HEAP), from White's first move (no
# engine yet) to the board's answer to her double: the engine made (its weights, buffers and
# code), the board's think and its two cube decisions: measured 46,720 bytes; 51,680 with
# the cube's code (app/seatcube.py's engine/cubeful.py: 4,960 bytes) kept after its answers.
# Session 20: 48,768 to 49,120 (the names of base/inflash.py and of the leaf net's places,
# interned once when the engine looks for its files on the flash, which this port has not;
# the nets' heads' three words), about 53,900 with the cube's code kept.
ENGINE_AND_ANSWER_MAX = 51000
# From before the board is seated to its seat handed back (the engine and its code gone):
# measured 7,968 bytes: the game's own (the opening roll, the lines), the names the engine's
# modules interned (3 KB) and bg/walk.py (2.5 KB, the rules core's walk, loaded by the
# engine's search and kept). 11,168 with engine/deepleaf.py kept (app/unseat.py's release
# forgot it until session 19), 19,136 with engine/player.py kept, 20,928 with app/seat.py kept.
SEAT_LEFT_MAX = 10000


def test_the_board_answers_a_double_with_its_engine():
    from heapuse import held, grew
    sc, app, lines, t = _board_black([1, 6])     # White wins the opening (6-1)
    app.press("p1_main")
    run(app, 100)
    assert t.phase == MOVING and t.on_roll == 0
    before = held()
    pos = _white_13_7_8_7()
    sc.put(pos)
    run(app, 100)
    app.press("p1_main")                  # commit
    run(app, 100)
    # the board on roll: its engine said no double (a small lead is none), it rolled itself
    assert t.on_roll == 1 and t.phase == MOVING and t.match.cube.value == 1, t.screen
    assert t.shown_play is not None
    sc.put(t.target.swapped())            # a person makes the board's play
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0
    app.press("p1_cube")                  # White doubles: the board answers with its engine
    run(app, 50)
    answers = [l for l in lines if '"cube"' in l and ('"take"' in l or '"drop"' in l)]
    assert len(answers) == 1, lines[-5:]
    assert t.phase == (PRE_ROLL if '"take"' in answers[0] else t.phase) and t.phase != DOUBLED
    # the cube's code was loaded for each answer (the board's own no double, then its take
    # or pass) and has left the heap again: it is not there while the board, still seated,
    # thinks its next play
    assert app.engine is not None
    used = grew(before)
    assert used is None or used <= ENGINE_AND_ANSWER_MAX, used


def test_a_seat_handed_back_frees_the_engine():
    from heapuse import held, grew
    sc, app, lines = rig()
    t = app.table
    before = held()
    t.cycle_seat(1)
    t.cycle_seat(1)                       # Black: the board, normal
    app.loaded = [6, 1]                   # the board's opening die, then White's
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    assert app.engine is not None and t.phase == MOVING and t.on_roll == 1
    assert t.shown_play is not None       # the board thought and shows its play
    t.cycle_seat(1)                       # normal -> strong
    t.cycle_seat(1)                       # strong -> the computer on USB
    t.cycle_seat(1)                       # -> a player online
    t.cycle_seat(1)                       # -> a person
    run(app, 50)
    assert app.engine is None and t.shown_play is None
    left = grew(before)                   # the engine's code leaves the heap with it
    assert left is None or left <= SEAT_LEFT_MAX, left


def test_the_board_thinks_in_pieces_across_cycles_and_plays_what_it_plays_at_once():
    """app.think_piece (the web page): the play is thought a piece per App cycle, the
    cycle's other parts (buttons, clock, display) running between; it ends with the play
    the board chooses at once. A seat changed in the middle drops the think."""
    sc, app, lines, t = _board_black([6, 1])
    app.press("p1_main")
    run(app, 100)
    at_once = str(t.shown_play)
    assert t.phase == MOVING and t.on_roll == 1 and t.shown_play is not None
    sc, app, lines, t = _board_black([6, 1])
    app.think_piece = 2                   # 6-1 from the start: 7 results, 4 pieces
    app.press("p1_main")
    run(app, 20)
    assert t.want_play == "normal" and app.thinking is not None, (t.screen, app.last_fault)
    assert any("thinks" in row for row in t.screen), t.screen
    cycles = 0
    while t.want_play is not None and cycles < 50:
        run(app, 10)
        cycles += 1
    assert t.shown_play is not None and str(t.shown_play) == at_once, (t.screen, app.last_fault)
    assert cycles >= 2 and app.thinking is None
    assert not [l for l in lines if '"error"' in l], lines
    # again, the seat handed to a person mid-think: the think is dropped, nothing shown
    sc.put(t.target.swapped())
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0
    app.loaded = [5, 2]
    app.press("p1_main")                  # White rolls 5-2 and plays 13/8 13/11
    run(app, 30)
    sc.put(Play("13/8 13/11").apply(t.view))
    run(app, 100)
    app.loaded = [4, 4]
    app.press("p1_main")
    run(app, 40)                          # the board rolls 4-4 and starts thinking
    assert t.on_roll == 1 and app.thinking is not None, (t.screen, app.last_fault)
    t.cycle_seat(1)                       # normal -> strong: the think starts again
    t.cycle_seat(1)                       # strong -> the computer on USB
    t.cycle_seat(1)                       # -> a player online
    t.cycle_seat(1)                       # -> a person
    run(app, 30)
    assert app.thinking is None and t.want_play is None and t.shown_play is None
    assert app.last_fault is None


def test_checkers_moved_while_the_board_thinks_in_pieces_wait_for_its_play():
    """A complete legal play made on the board while it thinks in pieces, and main pressed,
    is not committed for the board: the reading waits (as through a whole think, when the
    buttons are not read either) and is then judged against the play shown ("Not my
    play"); the board's own play then commits."""
    sc, app, lines, t = _board_black([6, 1])
    t.cycle_seat(1)                                   # Black: the board, strong (many pieces)
    app.think_piece = 16
    app.press("p1_main")
    run(app, 20)
    assert app.thinking is not None
    other = Play("24/18 6/5").apply(t.view)           # legal, not the board's (13/7 8/7)
    sc.put(other.swapped())
    run(app, 60)                                      # the reading settles meanwhile
    assert app.thinking is not None
    app.press("p2_main")                              # "done", for the board's seat
    cycles = 0
    while t.want_play is not None and cycles < 1000:
        run(app, 10)
        cycles += 1
        assert not [l for l in lines if '"t":"play"' in l], lines[-3:]
    assert t.shown_play is not None and t.target != other, (t.screen, cycles, app.last_fault)
    run(app, 100)
    assert t.phase == MOVING and t.on_roll == 1
    assert [l for l in lines if '"not_board_play"' in l], t.screen
    sc.put(t.target.swapped())
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0, t.screen
    plays = [l for l in lines if '"t":"play"' in l]
    assert len(plays) == 1 and str(t.shown_play) not in ("", "24/18 6/5"), plays


def test_no_heap_for_the_engine_hands_the_boards_seat_back_in_words():
    # app/seat.py's answer when the engine cannot be made (app/unseat.py's seats_back): the
    # seat is a person's again, said on serial and the OLED, and the game goes on
    from app import seat
    real = seat.engine_of

    def no_heap(app):
        raise MemoryError("memory allocation failed, allocating 2048 bytes")
    seat.engine_of = no_heap
    try:
        sc, app, lines, t = _board_black([6, 1])     # the board's opening die: it starts, 6-1
        app.press("p1_main")
        run(app, 100)
    finally:
        seat.engine_of = real
    assert t.seats[0] == 0 and t.seats[1] == 0, t.seats
    assert app.engine is None and app.faults == 0, app.last_fault
    assert [l for l in lines if '"board_seat"' in l and "no memory" in l], lines[-3:]
    assert oled_shows(app, ["BOARD CANNOT", "PLAY: no memory", "seats back to", "persons"]), oled_rows(app)
    assert t.phase == MOVING and t.on_roll == 1 and t.shown_play is None   # a person moves Black


def _thinking_board(dice):
    """The board (Black, normal) about to think its first play; the engine made, its tick
    every evaluation (an opening's think is short); the App's think_tick reading a virtual
    clock a round of service (app.loop.THINK_SLICE_MS) on at each call: each tick is one
    where the players are served."""
    from app import seat
    sc, app, lines, t = _board_black(dice)
    e = seat.engine_of(app)
    app.clock = _rounds_clock(app)
    return sc, app, lines, t, e


# The garbage on the heap at the first tick of the board's first think (MicroPython, 64-bit
# unix port, the firmware as flashed): measured 64 bytes with the leaf net made before the
# think begins (its making's garbage collected by think_begins), 20,576 with it made inside
# the think (the firmware before session 22).
LEAF_GARBAGE_MAX = 2048
# what a strong think holds above its start besides the garbage its threshold allows, at
# most (bytes, 64-bit; 1 KB measured): its candidates' buffers and results, the leaf file's
# buffer on this rig (without loop.THINK_GC_THRESHOLD: 100,960 bytes, this rig's heap
# collected only when full; the board's, at start.RUN_THRESHOLD, up to 16 KB more)
THINK_KEEPS_MAX = 4 * 1024


def test_the_first_think_begins_with_the_leaf_net_made_and_its_garbage_collected():
    # The leaf net is made at the first question of the normal level (engine/player.py's
    # leaf_net), before its think begins (app/seat.py): think_begins' collection takes the
    # garbage of its making (its file read and checked, its maker loaded and forgotten),
    # which a think would otherwise carry through its walk (the chip collects again only
    # after app/start.py's RUN_THRESHOLD bytes more, and a think allocates little)
    import gc
    from app import seat
    sc, app, lines, t = _board_black([6, 1])
    e = seat.engine_of(app)
    assert e.leaf is None and not e.leaf_tried
    begins = app.think_begins
    made = []

    def think_begins(question):
        made.append(e.leaf is not None)
        begins(question)
    app.think_begins = think_begins
    carried = []

    def tick():
        if not carried and hasattr(gc, "mem_alloc"):
            a = gc.mem_alloc()
            gc.collect()
            carried.append(a - gc.mem_alloc())
        app.think_tick()
    e.tick = tick
    app.press("p1_main")                      # the board rolls and thinks
    run(app, 30)
    assert made == [True], made
    assert t.shown_play is not None
    if carried:                               # (MicroPython: its heap's figures)
        assert carried[0] <= LEAF_GARBAGE_MAX, carried


def test_the_strong_levels_first_think_loads_its_code_before_the_think_begins():
    # The strong level's own code (engine/oneply.py) and its leaf inputs' viper twin
    # (LeafNet.fast_inputs) are loaded before its first think begins (app/seat.py's
    # _leaf_first), as the leaf net is: loaded between two of the think's ticks, the
    # garbage of their loading (their files read) would ride on the heap through the think
    import sys
    from app import seat
    from base.rare import forget
    forget("engine.oneply")
    sc, app, lines, t = _board_black([6, 1], "strong")
    e = seat.engine_of(app)
    begins = app.think_begins
    loaded = []

    def think_begins(question):
        loaded.append(("engine.oneply" in sys.modules,
                       e.leaf is not None and e.leaf.viper_inputs == e.ev.viper))
        begins(question)
    app.think_begins = think_begins
    app.press("p1_main")                      # the board rolls and thinks
    run(app, 60)
    assert t.shown_play is not None
    assert loaded and loaded[0] == (True, True), loaded


def test_the_garbage_of_a_think_stays_within_a_few_kb_of_what_it_keeps():
    # While a think runs the heap is collected every loop.THINK_GC_THRESHOLD bytes
    # allocated, not every start.RUN_THRESHOLD (16 KB): the players' rounds inside the think
    # redraw the display at each second of a clock (5 KB of this port's a redraw), and that
    # garbage piled up on the think's heap until 16 KB more. A strong think whose ticks are
    # 10 ms of the chip's apart: over 15 s, a redraw each second. What the heap holds at
    # each tick, garbage included, against what it held when the think began.
    import gc
    from app import loop, seat
    sc, app, lines, t = _board_black([6, 1], "strong")
    e = seat.engine_of(app)
    at = [0]

    def clock():
        at[0] += 10
        return at[0]
    app.clock = clock
    begins = app.think_begins
    seen = [None, 0, 0]                   # the heap at the think's start; the most above it; ticks

    def think_begins(question):
        begins(question)
        if hasattr(gc, "mem_alloc"):
            seen[0] = gc.mem_alloc()
    app.think_begins = think_begins

    def tick():
        if seen[0] is not None:
            d = gc.mem_alloc() - seen[0]
            if d > seen[1]:
                seen[1] = d
        seen[2] += 1
        app.think_tick()
    e.tick = tick
    app.press("p1_main")                      # the board rolls and thinks
    run(app, 60)
    assert t.shown_play is not None
    assert seen[2] > 1000, seen               # (15 s of ticks: 15 redraws at least)
    if seen[0] is not None:                   # (MicroPython: its heap's figures)
        assert seen[1] <= loop.THINK_GC_THRESHOLD + THINK_KEEPS_MAX, seen


def _rounds_clock(app):
    """A virtual clock THINK_SLICE_MS on at each reading: every think_tick serves."""
    from apprig import Clock
    at = [Clock.now]

    def clock():
        at[0] += app.think_slice_ms
        return at[0]
    return clock


def _ticking_often(case):
    """case() with the engine's tick at every evaluation (then as it was)."""
    # (the engine's module as loaded now: a seat handed back earlier forgot the one an
    # import at the top of this file would hold)
    from engine import player
    every = player.TICK_EVERY
    player.TICK_EVERY = 1
    try:
        case()
    finally:
        player.TICK_EVERY = every


def test_a_button_pressed_in_the_middle_of_a_think_is_handled_before_it_ends():
    _ticking_often(_a_button_pressed_in_the_middle_of_a_think)


def _a_button_pressed_in_the_middle_of_a_think():
    sc, app, lines, t, e = _thinking_board([6, 1])
    menu_pin = app.d.buttons.pins[app.d.buttons.names.index("menu")]
    seen = []

    def tick():
        n = len(seen)
        if n == 1:
            menu_pin.value(0)                 # the menu button goes down mid-think...
        elif n == 5:
            menu_pin.value(1)                 # ... and up 4 rounds later (a press is its release)
        app.think_tick()
        seen.append(t.menu is not None)
    e.tick = tick
    app.press("p1_main")                      # the board rolls and thinks
    run(app, 30)
    # the menu opened inside the think, at the first tick past the release's 20 ms debounce
    # (on the virtual clock), while the engine went on thinking; its play then shown
    assert True in seen, seen
    assert seen.index(True) <= 8 and seen.index(True) < len(seen) - 1, seen
    assert t.menu is not None
    assert t.shown_play is not None


def test_a_think_is_served_once_a_slice_of_the_chips_time_however_often_it_ticks():
    # the engine ticks every few evaluations; the players are served (the buttons, the
    # clock, the display, the watchdog) once per THINK_SLICE_MS of the think clock, and a
    # scan is begun once per app.loop.THINK_SCAN_MS (this rig's scanner ends it in its first
    # part: tests/portable/test_scan_in_parts.py has the real one); the rest return at once.
    # Grading's walks (no question: a person plays meanwhile) get the same scans and the
    # watchdog (at every tick, whole scans took most of the Pico's time)
    from app.loop import THINK_SCAN_MS
    sc, app, lines, t = _board_black([6, 1])
    at = [0]
    app.clock = lambda: at[0]
    polls = [0]
    poll = app.poll_buttons

    def counted(now):
        polls[0] += 1
        return poll(now)
    app.poll_buttons = counted
    app.wdt = Watchdog()
    app.think_begins((t.view, None, t.turn_dice, False))
    app.thinking_scans = 0
    slice_ms = app.think_slice_ms
    assert slice_ms <= 40                     # a button answered well within 100 ms
    for _ in range(200):
        at[0] += 3                            # a tick of 3 ms of the chip's time
        app.think_tick()
    per_round = (slice_ms + 2) // 3           # ticks to a round: the first at or past the slice
    per_scan = (THINK_SCAN_MS + 2) // 3
    assert polls[0] == app.wdt.feeds == 200 // per_round, (polls, app.wdt.feeds, slice_ms)
    assert app.thinking_scans == 200 // per_scan, (app.thinking_scans, THINK_SCAN_MS)
    app.think_ends()                          # a walk of grading's
    app.thinking_scans = 0
    app.wdt.feeds = polls[0] = 0
    for _ in range(200):
        at[0] += 3
        app.think_tick()
    assert app.wdt.feeds == 200 // per_round and polls[0] == 0, (app.wdt.feeds, polls)
    assert app.thinking_scans == 200 // per_scan, (app.thinking_scans, THINK_SCAN_MS)
    # ticks 7 ms apart (a slower clock, longer evaluations): a scan is still begun once per
    # THINK_SCAN_MS on average, each when it was due, not THINK_SCAN_MS after the tick that
    # began the last (which made every period a tick longer: 21 ms here); a tick a whole
    # period late starts afresh, with no burst of scans to catch up
    app.thinking_scans = 0
    start = at[0]
    for _ in range(200):
        at[0] += 7
        app.think_tick()
    due = (at[0] - start) // THINK_SCAN_MS
    assert due - 1 <= app.thinking_scans <= due + 1, (app.thinking_scans, due)
    app.thinking_scans = 0
    at[0] += 100                              # a long leaf: six periods late
    app.think_tick()
    app.think_tick()
    assert app.thinking_scans == 1, app.thinking_scans


class Watchdog:
    feeds = 0

    def feed(self):
        self.feeds += 1


def test_a_seat_handed_back_in_the_middle_of_a_think_ends_the_think():
    _ticking_often(_a_seat_handed_back_in_the_middle_of_a_think)


def _a_seat_handed_back_in_the_middle_of_a_think():
    sc, app, lines, t, e = _thinking_board([6, 1])
    seen = []

    def tick():
        seen.append(e.ev.count)
        if len(seen) == 2:
            while t.seats[1] != 0:
                t.cycle_seat(1)               # the menu's seat: Black a person again
        app.think_tick()
    e.tick = tick
    app.press("p1_main")
    run(app, 30)
    assert len(seen) == 2, seen               # the think ended at the tick after the change
    assert t.shown_play is None               # nothing played for the person now seated
    assert t.seats[1] == 0


def _doubled_by_white(e):
    """The board (Black, normal) after White's opening 6-1 played and the board's own turn
    made, White on roll: the engine made, the App's think clock a round of service at each
    reading (as _thinking_board)."""
    sc, app, lines, t = _board_black([1, 6])
    app.press("p1_main")
    run(app, 100)
    sc.put(_white_13_7_8_7())
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    sc.put(t.target.swapped())            # a person makes the board's play
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0, t.screen
    app.clock = _rounds_clock(app)
    return sc, app, lines, t


def test_the_boards_cube_answer_is_a_think_that_serves_the_players():
    _ticking_often(_the_boards_cube_answer_is_a_think_that_serves_the_players)


def _the_boards_cube_answer_is_a_think_that_serves_the_players():
    # app/seat.py: the board's take or pass is thought as its plays are (App.think_begins):
    # its look ahead walks the 21 rolls, and a button pressed meanwhile is handled before
    # the answer. (The cube looks ahead only when the answer is close: app/seatcube.py's
    # CLOSE_W made wide for this question, so that it looks ahead here, in the opening.)
    from app import seat
    from app.loop import App
    THINK_CUBE = App.THINK_CUBE
    # loaded and held here: the App's call uses it (base/rare.py)
    cube = __import__("app.seatcube", None, None, ("CLOSE_W",))
    close = cube.CLOSE_W
    cube.CLOSE_W = 2.0
    try:
        _cube_think(seat, THINK_CUBE)
    finally:
        cube.CLOSE_W = close


def test_a_seat_handed_back_in_the_middle_of_its_cube_think_ends_it():
    from app import seat
    cube = __import__("app.seatcube", None, None, ("CLOSE_W",))   # (held here: base/rare.py)
    close = cube.CLOSE_W
    cube.CLOSE_W = 2.0                    # the look ahead, in the opening (as above)
    try:
        sc, app, lines, t = _doubled_by_white(None)
        e = seat.engine_of(app)
        seen = [0]

        def tick():
            seen[0] += 1
            if seen[0] == 2:
                while t.seats[1] != 0:
                    t.cycle_seat(1)       # the menu's seat: Black a person again
            app.think_tick()
        e.tick = tick
        app.press("p1_cube")              # White doubles: the board thinks its answer...
        run(app, 50)
    finally:
        cube.CLOSE_W = close
    assert seen[0] == 2, seen             # ... and stops at the tick after the seat changed
    answers = [l for l in lines if '"cube"' in l and ('"take"' in l or '"drop"' in l)]
    assert not answers and t.seats[1] == 0 and t.phase == DOUBLED, (answers, t.phase)


def _cube_think(seat, THINK_CUBE):
    sc, app, lines, t = _doubled_by_white(None)
    e = seat.engine_of(app)
    menu_pin = app.d.buttons.pins[app.d.buttons.names.index("menu")]
    seen = [0, 0, -1, 0]          # ticks, ticks inside the cube's think, the first with the
                                  # menu open, ticks after it (counts: the heap stays small)

    def tick():
        n = seen[0]
        if n == 1:
            menu_pin.value(0)             # the menu button goes down in the look ahead...
        elif n == 5:
            menu_pin.value(1)             # ... and up 4 rounds later
        q = app.question
        app.think_tick()
        seen[0] += 1
        if q is not None and q[3] == THINK_CUBE:
            seen[1] += 1
        if t.menu is not None:
            if seen[2] < 0:
                seen[2] = n
            else:
                seen[3] += 1
    e.tick = tick
    app.press("p1_cube")                  # White doubles: the board thinks its answer
    run(app, 50)
    answers = [l for l in lines if '"cube"' in l and ('"take"' in l or '"drop"' in l)]
    assert len(answers) == 1, lines[-5:]
    assert seen[0] > 21 and seen[1] == seen[0], seen     # (21 walks: the look ahead ran)
    assert 0 <= seen[2] <= 8 and seen[3] > 0, seen       # the menu opened inside the think
    assert t.menu is not None and app.question is None


def _says_without_its_leaf_net(level):
    import apprig
    from app import seat
    sc, app, lines, t = _board_black([6, 1])   # Black: the board, normal
    if level == "strong":
        t.cycle_seat(1)                       # Black: the board, strong
    e = seat.engine_of(app)
    damaged = apprig.TMP + "-leafnet.bin"
    with open(damaged, "wb") as f:
        f.write(b"TBL1" + bytes(20))          # a copy cut short
    e.leaf_path = damaged
    try:
        app.press("p1_main")
        run(app, 100)
    finally:
        import os
        os.remove(damaged)
    assert t.shown_play is not None           # the level still plays...
    said = [l for l in lines if '"%s_level"' % level in l]
    assert len(said) == 1, lines[-6:]         # ... and says once what it plays without
    assert "the %s level plays without its leaf net" % level in said[0] and "leaf net" in said[0]
    assert apprig.oled_shows(app, [level.upper() + " LEVEL", "plays without", "its leaf net:",
                                   said[0].split("(leaf net: ")[1][:16]]), t.screen


def test_the_strong_level_says_when_it_plays_without_its_leaf_net():
    _says_without_its_leaf_net("strong")


def test_the_normal_level_says_when_it_plays_without_its_leaf_net():
    # (its file damaged; a board without the file says nothing: the normal level as before)
    _says_without_its_leaf_net("normal")


def test_a_hint_asked_then_the_menu_closed_in_the_middle_of_its_think():
    from engine.hint import Hints
    every = Hints.tick_every
    Hints.tick_every = 1                          # a tick at every evaluation of the hint
    try:
        _a_hint_withdrawn()
    finally:
        Hints.tick_every = every


def _a_hint_withdrawn():
    from app import seat
    sc, app, lines, t = _board_black([1, 6])     # White wins the opening (6-1)
    app.press("p1_main")
    run(app, 100)
    assert t.phase == MOVING and t.on_roll == 0
    e = seat.engine_of(app)
    seen = []

    def tick():
        seen.append(t.menu is not None)
        if len(seen) == 2:
            app.press("menu", "long")             # the menu closed while the hint thinks
        app.think_tick()
    e.tick = tick
    app.clock = _rounds_clock(app)                # (every tick a round of service)
    app.press("menu")
    for _ in range(5):
        app.press("menu")                         # ... Shots, Hint
    app.press("p1_main")                          # White asks for a hint
    run(app, 30)
    assert seen[:2] == [True, True], seen
    assert len(seen) == 2, seen                   # the hint's think ended there
    assert t.menu is None
    assert t.phase == MOVING and t.on_roll == 0   # White still to play, nothing else changed
    assert not [l for l in lines if '"hint"' in l]
def _with_weights(content):
    """_board_black's board and its opening roll, the engine made from a weights file
    holding `content` (None: no file)."""
    import os
    from apprig import TMP
    from app import seat
    path = TMP + "-weights.bin"
    try:
        os.remove(path)
    except OSError:
        pass
    if content is not None:
        with open(path, "wb") as f:
            f.write(content)
    real = seat.weights_path
    seat.weights_path = lambda: path
    try:
        sc, app, lines, t = _board_black([6, 1])
        app.press("p1_main")
        run(app, 3000)                                # 3 s of the board's cycles
    finally:
        seat.weights_path = real
    return app, lines, t


def test_a_bad_weights_file_hands_the_seat_back_once_in_words():
    """Issue 26: a missing, empty, truncated or wrong engine/weights.bin faulted at every
    cycle (300 faults in 3 s), the seat kept, nothing played."""
    with open(seat_weights(), "rb") as f:
        head = f.read(4000)
    with open(seat_weights(), "rb") as f:
        whole = f.read()
    changed = whole[:3000] + bytes((whole[3000] ^ 1,)) + whole[3001:]
    for content, words in ((None, "cannot be read"), (b"", "cannot be used"), (head, "cut short"),
                           (b"TBN1" + whole[4:], "not a Tablier weights file"), (changed, "check fails")):
        app, lines, t = _with_weights(content)
        said = [l for l in lines if '"board_seat"' in l]
        assert len(said) == 1 and words in said[0], (content and content[:4], said)
        assert app.faults == 0 and app.engine is None, app.last_fault
        assert t.seats[1] == 0 and t.phase == MOVING and t.on_roll == 1 and t.shown_play is None
        assert oled_rows(app)[0] == "BOARD CANNOT", oled_rows(app)


def seat_weights():
    from app import seat
    return seat.weights_path()


def test_no_heap_to_think_hands_the_seat_back_once():
    """Issue 26: a MemoryError at every think faulted at every cycle, the seat kept."""
    from app import seat
    sc, app, lines, t = _board_black([1, 6])     # White wins the opening: no think yet
    e = seat.engine_of(app)

    def no_heap(*a):
        raise MemoryError("memory allocation failed, allocating 1280 bytes")
    e.choose = no_heap
    app.press("p1_main")
    run(app, 100)
    sc.put(_white_13_7_8_7())
    run(app, 100)
    app.press("p1_main")
    app.loaded = [3, 1]
    run(app, 2000)
    said = [l for l in lines if '"board_seat"' in l]
    assert len(said) == 1 and "no memory" in said[0], said
    assert app.faults == 0 and t.seats[1] == 0 and t.on_roll == 1 and t.shown_play is None, (
        app.last_fault, t.screen)
def test_the_strong_board_answers_a_double_one_roll_ahead():
    # app/seatcube.py's lookahead (21 walks) inside the seat's answer, in the board's heap
    sc, app, lines = rig()
    t = app.table
    for _ in range(3):
        t.cycle_seat(1)                   # Black: the board, strong
    assert t.level_of(1) == "strong"
    app.loaded = [1, 6]
    sc.put(Position.start())
    run(app, 100)
    app.press("p1_main")
    run(app, 100)
    assert t.phase == MOVING and t.on_roll == 0
    pos = _white_13_7_8_7()
    sc.put(pos)
    run(app, 100)
    app.press("p1_main")
    for _ in range(40):                   # the board's no double, its roll and its strong think
        run(app, 50)
        if t.shown_play is not None:
            break
    assert t.on_roll == 1 and t.match.cube.value == 1 and t.shown_play is not None, t.screen
    sc.put(t.target.swapped())
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0
    app.press("p1_cube")                  # White doubles: the strong board answers
    run(app, 50)
    answers = [l for l in lines if '"cube"' in l and ('"take"' in l or '"drop"' in l)]
    assert len(answers) == 1 and t.phase != DOUBLED, lines[-5:]
