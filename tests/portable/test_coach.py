"""The coach (engine/coach.py) and the review (engine/review.py) on the board's interpreter:
grades and thresholds, hints that are the engine's own play, the luck of the rolls, cube
errors, and a match record reviewed. The integers asserted here are the same under
CPython and under MicroPython (viper): the board and the PC grade alike."""
from bg.play import Play
from bg.position import Position
from corepos import Lcg, played_positions, pos_from
from engine.coach import Coach, grade, milli, FINE, DOUBTFUL, BLUNDER
from engine.net import P_ONE
from engine.player import Engine, ROLLS
from engine.review import CubeState, review

_F = __file__
TESTS = _F[:_F.rfind("/")] if "/" in _F else "."
WEIGHTS = TESTS + "/../../firmware/engine/weights.bin"

_coach = []


def coach():
    if not _coach:
        # (without the leaf net: the hint and the coach rank by the board's net alone, the
        # normal level's play without the leaf net's file; with it, the normal level values
        # the board's net's best four again by the leaf net, docs/engine.md)
        _coach.append(Coach(Engine(WEIGHTS, None, False)))
    return _coach[0]


def test_grade_thresholds_are_galaxys():
    # 0.020 is 1310.72 units of 1/65536, 0.080 is 5242.88
    assert grade(0) == FINE and grade(1310) == FINE
    assert grade(1311) == DOUBTFUL and grade(5242) == DOUBTFUL
    assert grade(5243) == BLUNDER and grade(P_ONE) == BLUNDER
    assert milli(1311) == 20 and milli(-5243) == -80 and milli(0) == 0


def test_hint_is_the_normal_levels_play_then_the_next_best():
    c = coach()
    rng = Lcg(31)
    for pos in played_positions(404, 40):
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        n = c.hint(pos.me, pos.opp, d1, d2)
        chosen = c.engine.choose(pos.me, pos.opp, d1, d2, "normal")
        if chosen is None:
            assert n == 0
            continue
        best = c.top_play(0)
        assert Play(best[0]).apply(pos) == Play(chosen[0]).apply(pos), (pos, d1, d2)
        for k in range(1, n):
            assert c.top_play(k)[2] <= c.top_play(k - 1)[2]


def test_opening_31_graded():
    c = coach()
    p = Position.start()
    assert c.hint(p.me, p.opp, 3, 1) == 3
    moves, hits, value = c.top_play(0)
    assert moves == ((8, 5), (6, 5)) and value == 9190
    good = Play(moves).apply(p)
    g = c.grade_play(p.me, p.opp, 3, 1, good.me, good.opp)
    assert g.loss == 0 and g.grade == FINE and g.plays == 16
    split = Play(((24, 21), (24, 23))).apply(p)
    g = c.grade_play(p.me, p.opp, 3, 1, split.me, split.opp)
    assert (g.best, g.played, g.loss, g.grade) == (9190, -2928, 12118, BLUNDER)


def test_grading_and_a_hint_call_the_engines_tick_every_4_evaluations():
    """Grading runs while the next player rolls and moves, nobody waiting for it: the
    engine's tick (the board: a scan at each) comes every 4 evaluations, so the board reads
    the checkers nearly as often as idle. A hint ticks as often, and the App serves it once
    per app.loop.THINK_SLICE_MS of the chip's time (seat_cases)."""
    from engine.hint import Hints
    c = coach()
    e = c.engine
    ticks = []
    e.tick = lambda: ticks.append(e.ev.count)
    try:
        p = Position.start()
        played = Play("13/11 13/7").apply(p)        # 6-2: 13/5 is the engine's
        e.ev.count = 0
        g = c.grade_play(p.me, p.opp, 6, 2, played.me, played.opp)
        n = e.ev.count
        assert g.plays > 8 and n > 8 and ticks == list(range(0, n, 4)), (ticks, n)
        del ticks[:]
        e.ev.count = 0
        h = Hints(e)
        h.hint(p.me, p.opp, 6, 2)
        assert e.ev.count > 8 and ticks == list(range(0, e.ev.count, 4)), ticks
    finally:
        e.tick = None


def test_a_play_that_is_not_legal_is_refused():
    c = coach()
    p = Position.start()
    wrong = Play(((13, 7),)).apply(p)          # a 6 with 3-1
    try:
        c.grade_play(p.me, p.opp, 3, 1, wrong.me, wrong.opp)
    except ValueError as e:
        assert "not a legal play" in str(e)
    else:
        assert False, "an illegal play was graded"


def test_luck_averages_to_zero_over_the_36_rolls():
    c = coach()
    p = Position.start()
    assert c.luck(p.me, p.opp, 6, 6) == 19737          # the best opening roll for the net
    assert c.luck(p.me, p.opp, 2, 1) == -5543
    total = 0
    for a, b in ROLLS:
        v = c.luck(p.me, p.opp, a, b)
        total += v if a == b else 2 * v
    assert -36 < total <= 0                            # only the floor division's rounding


def _money():
    s = CubeState()
    return s


def test_cube_errors_missed_double_wrong_take_and_right_pass():
    c = coach()
    lead = pos_from({1: 3, 2: 3}, {5: 4, 6: 4})        # far ahead in a race: double, pass
    missed = c.grade_double(lead.me, lead.opp, _money(), False)
    assert missed.right == "double" and missed.loss > 0 and missed.close
    right = c.grade_double(lead.me, lead.opp, _money(), True)
    assert right.loss == 0
    take = c.grade_answer(lead.me, lead.opp, _money(), True)
    assert take.right == "pass" and take.grade == BLUNDER
    drop = c.grade_answer(lead.me, lead.opp, _money(), False)
    assert drop.loss == 0
    start = Position.start()
    early = c.grade_double(start.me, start.opp, _money(), True)
    assert early.right == "no double" and early.loss > 0
    quiet = c.grade_double(start.me, start.opp, _money(), False)
    assert quiet.loss == 0 and quiet.grade == FINE


def test_review_of_a_short_game_counts_decisions_per_player():
    # White opens 3-1 with a split (a blunder for the net), Black answers 6-4 and
    # White's 6-6 hits
    events = [("match", 0, "", ""), ("game", 0, 0, False),
              ("roll", 0, 3, 1), ("play", 0, ((24, 21), (24, 23))),
              ("roll", 1, 6, 4), ("play", 1, ((24, 18), (13, 9))),
              ("roll", 0, 6, 6), ("play", 0, ((13, 7), (13, 7), (8, 2), (8, 2))),
              ("end", 1, 1)]
    seen = []
    r = review(coach().engine, events, luck=False, listener=seen.append)
    w, b = r.tally
    assert w.plays == 2 and b.plays == 1
    assert w.blunders >= 1 and w.chequer_loss >= 10047
    # before White's second roll the cube was hers to turn: a doubling decision graded
    kinds = [n.kind for n in seen]
    assert kinds.count("play") == 3 and "double" in kinds
    assert w.error_rate_x10() == (w.loss() * 10000 + w.decisions() * P_ONE // 2) // (w.decisions() * P_ONE)


def test_review_stops_grading_a_game_at_an_impossible_play():
    events = [("match", 0, "", ""), ("game", 0, 0, False),
              ("roll", 0, 3, 1), ("play", 0, ((13, 7),)),            # not a 3-1 play
              ("roll", 1, 6, 4), ("play", 1, ((24, 18), (13, 9))),
              ("end", 1, 1)]
    r = review(coach().engine, events, luck=False)
    assert r.skipped == 1 and r.tally[0].plays == 0 and r.tally[1].plays == 0


def test_early_in_a_long_match_the_cube_is_judged_live():
    # 13-point match at 0-0, the opening position (about 52% for the side on roll): no
    # double, by the match model at the score (the live cube's cash points, Kazaross-XG2)
    # as by the money model (live_away 12). The dead-cube match model of before called not
    # doubling an error here.
    c = coach()
    start = Position.start()
    s = CubeState()
    s.length, s.away, s.opp_away = 13, 13, 13
    assert c.live_away == 0
    g = c.grade_double(start.me, start.opp, s, False)
    assert g.right == "no double" and g.loss == 0
    assert g.decision.dp < 1.0                          # a match winning chance
    saved = c.live_away
    c.live_away = 12
    try:
        money = c.grade_double(start.me, start.opp, s, False)
    finally:
        c.live_away = saved
    assert money.right == "no double" and money.loss == 0 and money.decision.dp == 1.0
    # after the Crawford game (the leader 1 away) the trailer doubles at once
    s.away, s.opp_away, s.crawford_done = 3, 1, True
    g = c.grade_double(start.me, start.opp, s, False)
    assert g.right == "double" and g.loss > 0 and g.decision.dp < 1.0


def test_what_the_oled_and_the_serial_line_show():
    from engine.coach_text import hint_rows, grade_rows, review_rows, review_event, signed, hint_event
    from host_tools.events_read import decode
    assert signed(9031) == "+0.138" and signed(-65536) == "-1.000" and signed(0) == "+0.000"
    rows = hint_rows(2, "bar/22* 13/9 9/4* 6/off", -5243)
    assert rows[0] == "hint 2" and rows[-1] == "equity -0.080"
    assert all(len(r) <= 16 for r in rows) and len(rows) <= 6
    assert " ".join(rows[1:-1]) == "bar/22* 13/9 9/4* 6/off"
    assert grade_rows("play", BLUNDER, 10047) == ["play: blunder", "lost 0.153"]
    assert grade_rows("double", FINE, 0) == ["double: fine"]
    events = [("match", 0, "", ""), ("game", 0, 0, False),
              ("roll", 0, 3, 1), ("play", 0, ((24, 21), (24, 23))),
              ("roll", 1, 6, 4), ("play", 1, ((24, 18), (13, 9))), ("end", 1, 1)]
    r = review(coach().engine, events)
    rows = review_rows(r.tally, ("Annabelle", "Bob"))
    assert len(rows) == 6 and all(len(x) <= 16 for x in rows), rows
    assert rows[0] == "review Anna  Bob", rows[0]
    assert rows[3].split()[1:] == [str(r.tally[0].blunders), str(r.tally[1].blunders)]
    ev = decode(review_event("game", r.tally))
    assert ev["t"] == "review" and ev["of"] == "game" and ev["blunders"] == [1, 1]
    assert ev["er"][0] == r.tally[0].error_rate_x10() and ev["dec"] == [r.tally[0].decisions(), r.tally[1].decisions()]
    h = decode(hint_event(0, 1, ((8, 5), (6, 5)), "8/5 6/5", 9031))
    assert h["m"] == [[8, 5], [6, 5]] and h["eq"] == 138


def test_a_game_joined_in_progress_is_graded_from_its_position():
    # the record started again in a game: its position (White on roll, 3-1 rolled) and then
    # the play; the start position's ID keeps the test short
    events = [("match", 0, "", ""), ("game", 0, 0, False),
              ("position", "4HPwATDgc/ABMA", "031"), ("play", 0, ((8, 5), (6, 5))),
              ("roll", 1, 6, 4), ("play", 1, ((24, 18), (13, 9))), ("end", 1, 1)]
    r = review(coach().engine, events, luck=False)
    assert r.skipped == 0 and r.tally[0].plays == 1 and r.tally[0].chequer_loss == 0
    assert r.tally[1].plays == 1


def test_deferred_review_steps_a_walk_at_a_time_to_the_same_figures():
    # the board's way: events fed at the commit cost no walk; step() does the work later
    events = [("match", 0, "", ""), ("game", 0, 0, False),
              ("roll", 0, 3, 1), ("play", 0, ((24, 21), (24, 23))),
              ("roll", 1, 6, 4), ("play", 1, ((24, 18), (13, 9))), ("end", 1, 1)]
    e = coach().engine
    now = review(e, events)
    from engine.review import Review
    later = Review(e, deferred=True)
    for ev in events:
        c0 = e.ev.count
        later.event(ev)
        if ev[0] == "play":
            assert e.ev.count == c0          # nothing evaluated at the commit
    steps = 0
    while later.step():
        steps += 1
    assert steps >= 2 * 21                  # the grading, then 21 luck walks (one reused)
    for a, b in zip(now.tally, later.tally):
        assert (a.moves, a.chequer_loss, a.luck, a.blunders, a.doubtful) == \
            (b.moves, b.chequer_loss, b.luck, b.blunders, b.doubtful)
    assert not later.queue and later.tally[0].luck != 0


def test_hints_on_the_widest_roll_are_three_different_plays():
    # 2,226 distinct results: past 768 the walker visits repeats again
    from bg.ids import position_from_id
    c = coach()
    pos = position_from_id("AAAAKCWllFIAAA")
    assert c.hint(pos.me, pos.opp, 1, 1) == 3
    results = []
    for k in range(3):
        r = Play(c.top_play(k)[0]).apply(pos)
        results.append(bytes(r.me) + bytes(r.opp))
    assert len(set(results)) == 3
    chosen = c.engine.choose(pos.me, pos.opp, 1, 1, "normal")
    assert Play(chosen[0]).apply(pos) == Play(c.top_play(0)[0]).apply(pos)


def test_the_reviews_rate_column_is_never_cut():
    """Issue 26: an error rate of 112.5 showed as "112." in the 4-column second player's
    column; one that does not fit with its tenth is rounded to a whole number."""
    from engine.coach_text import review_rows
    from engine.review import Tally
    a, b = Tally(), Tally()
    a.moves = b.moves = 2
    a.chequer_loss = int(0.0125 * 65536 * 2)      # 12.5
    b.chequer_loss = int(0.1125 * 65536 * 2) + 1  # 112.5
    rows = review_rows((a, b), ("Ann", "Bob"))
    assert rows[1] == "rate   12.5  113", rows
    b.chequer_loss = 65536 * 40                    # 20000.0: the most 4 columns hold
    assert review_rows((a, b), ("Ann", "Bob"))[1].endswith(" 9999"), rows
