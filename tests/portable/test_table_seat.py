"""The board in a seat (issue 10, "At the board"): it rolls its own dice, asks for its play
and its cube decisions (want_play, want_cube: the app's engine answers, app/seat.py), shows
its play on the LEDs and in notation, commits it once a person has made it on the board,
names a different execution, and goes through the same cube flows as a person. The plays
and decisions are fed here as the dice are: they are the engine's input to the Table."""
from bg.play import Play
from game import colours as C
from game.table import Table, MOVING, PRE_ROLL, DOUBLED, GAME_OVER, S_ILLEGAL, ASK_DOUBLE, \
    ASK_TAKE
import game.snapshot as snapshot
from tablekit import Rig, rig_at, pos_of


def _board_in_black_seat(level_presses=2):
    """A rig whose Black seat is the board (normal: two presses of the seat setting),
    set up and past the opening roll, the board (Black) winning it 6-1."""
    r = Rig()
    for _ in range(level_presses):
        r.t.cycle_seat(1)
    r.collect()
    r.setup()
    # the board rolls its own opening die at once; White presses for theirs
    assert r.t.want_roll == 1 and r.t.roller == 1, r.text()
    r.give_dice(6)
    r.press("p1_main")
    assert r.t.want_roll == 1 and r.t.roller == 0
    r.give_dice(1)
    return r


def test_the_board_rolls_its_own_die_asks_for_its_play_and_shows_it():
    r = _board_in_black_seat()
    t = r.t
    assert t.phase == MOVING and t.on_roll == 1 and t.turn_dice == (6, 1)
    assert t.want_play == "normal"
    assert "Black thinks" in r.text(), r.text()
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.collect()
    assert t.want_play is None
    assert "Black plays 13/7 8/7" in r.text(), r.text()
    # Black's 13, 8 (White's 12, 17): where its checkers go from; Black's 7 (White's 18): to
    assert t.leds[12] == C.LIFTED and t.leds[17] == C.LIFTED and t.leds[18] == C.DEST
    assert [e for e in r.events if '"board_play"' in e and "13/7 8/7" in e], r.events


def test_the_play_made_as_shown_is_committed_and_the_turn_passes():
    r = _board_in_black_seat()
    r.t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(1, [(13, 7), (8, 7)])          # a person moves the board's checkers
    assert r.t.phase == PRE_ROLL and r.t.on_roll == 0, r.text()
    assert "P1 13 7 8 7" in r.records, r.records


def test_a_wrong_execution_is_named_and_not_committed():
    r = _board_in_black_seat()
    r.t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(1, [(24, 18), (6, 5)])         # complete and legal, but not the board's play
    t = r.t
    assert t.phase == MOVING and t.state == S_ILLEGAL, r.text()
    assert "Not my play 13/7 8/7" in r.text() and "24 18 13 8" in r.text(), r.text()
    assert not [x for x in r.records if x.startswith("P1")]
    # put right: the board's play stands, and is committed
    r.move(1, [(18, 24), (5, 6)])
    assert t.phase == MOVING and t.state != S_ILLEGAL, r.text()
    r.move(1, [(13, 7), (8, 7)])
    assert t.phase == PRE_ROLL and t.on_roll == 0
    assert "P1 13 7 8 7" in r.records


def test_the_board_answers_a_double_through_the_take_flow():
    r = _board_in_black_seat()
    r.t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(1, [(13, 7), (8, 7)])
    r.press("p1_cube")                    # White (a person) doubles
    t = r.t
    assert t.phase == DOUBLED and t.want_cube == ASK_TAKE
    t.board_cube(True)
    r.collect()
    assert t.phase == PRE_ROLL and t.match.cube.value == 2 and "T1" in r.records, r.records
    assert "Black takes" in r.text()


def test_the_board_passes_a_double_through_the_same_flow():
    r = _board_in_black_seat()
    r.t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(1, [(13, 7), (8, 7)])
    r.press("p1_cube")
    r.t.board_cube(False)
    r.collect()
    assert r.t.phase == GAME_OVER and "K1" in r.records and r.won == [1, 0]


def test_the_board_on_roll_decides_its_double_then_rolls_its_own_dice():
    board = pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    s = None
    r = rig_at(board, 1, s)
    r.t.cycle_seat(1)
    r.collect()
    t = r.t
    assert t.want_cube == ASK_DOUBLE
    t.board_cube(False)                   # no double: the board rolls
    r.collect()
    assert t.want_roll == 2 and t.roller == 1
    r.give_dice(3, 1)
    assert t.phase == MOVING and t.want_play == "easy"

    r2 = rig_at(board, 1, s)
    r2.t.cycle_seat(1)
    r2.t.board_cube(True)                 # double: through the same flow as a cube press
    r2.collect()
    assert r2.t.phase == DOUBLED and "D1 2" in r2.records, r2.records
    r2.press("p1_main")                   # White takes
    assert r2.t.phase == PRE_ROLL and r2.t.want_cube is None     # the cube is White's now
    assert r2.t.want_roll == 2 and r2.t.roller == 1


def test_the_seat_is_handed_back_in_the_boards_turn():
    r = _board_in_black_seat(level_presses=3)          # strong
    t = r.t
    assert t.want_play == "strong"
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    t.cycle_seat(1)                        # strong -> the computer on USB
    t.cycle_seat(1)                        # -> a player online
    t.cycle_seat(1)                        # -> a person: Black plays for itself
    r.collect()
    assert t.level_of(1) is None and t.want_play is None and t.shown_play is None
    r.move(1, [(24, 18), (6, 5)])          # their own play, not the board's
    r.press("p2_main")
    assert t.phase == PRE_ROLL and "P1 24 18 6 5" in r.records, r.records


def test_the_record_and_the_match_event_name_the_boards_seat():
    r = Rig()
    r.t.cycle_seat(0)
    r.t.cycle_seat(0)
    r.collect()
    assert "N0 Tablier (normal)" in r.records, r.records
    r.t.abandon()                          # a new match: its opening lines name the seat
    r.collect()
    assert r.records[-3:-1] == ["M 0 - -", "N0 Tablier (normal)"], r.records
    assert [e for e in r.events if '"match"' in e and "Tablier (normal)" in e], r.events


def test_the_seats_survive_a_power_cut_and_older_snapshots_read_as_persons():
    t = Table()
    t.cycle_seat(1)
    t.cycle_seat(1)
    data = snapshot.to_bytes(t)
    assert Table(saved=data).seats == bytearray((0, 2))
    # a version 2 snapshot (no seats): two persons
    body = bytearray(data[:snapshot._SEATS])
    body[2] = 2
    v2 = bytes(body) + snapshot.fletcher16(body).to_bytes(2, "little")
    assert Table(saved=v2).seats == bytearray(2)
    bad = bytearray(data)
    bad[snapshot._SEATS] = 4
    bad[snapshot._SUM:] = snapshot.fletcher16(bad[:snapshot._SUM]).to_bytes(2, "little")
    try:
        Table(saved=bytes(bad))
        assert False, "a seat 4 accepted"
    except ValueError as e:
        assert "seat" in str(e)


def test_the_computer_on_usb_seat_is_saved_in_bit_4_of_the_seat_byte():
    t = Table()
    for _ in range(4):
        t.cycle_seat(1)                    # person -> easy -> normal -> strong -> USB
    assert t.seats[1] == 4 and t.level_of(1) == "usb"
    data = snapshot.to_bytes(t)
    assert data[snapshot._SEATS + 1] == 16 and len(data) == snapshot.SIZE   # same layout
    assert Table(saved=data).seats == bytearray((0, 4))
    for byte in (16 | 2, 16 | 3, 32):      # USB and a level at once; an unknown bit
        bad = bytearray(data)
        bad[snapshot._SEATS + 1] = byte
        bad[snapshot._SUM:] = snapshot.fletcher16(bad[:snapshot._SUM]).to_bytes(2, "little")
        try:
            Table(saved=bytes(bad))
            assert False, "seat byte %d accepted" % byte
        except ValueError as e:
            assert "seat" in str(e)
    t.cycle_seat(1)                        # USB -> a player online (issue 29): bits 4 and 0
    assert t.seats[1] == 5 and t.level_of(1) == "online" and t.seat_name(1) == "Online"
    data = snapshot.to_bytes(t)
    assert data[snapshot._SEATS + 1] == 17 and Table(saved=data).seats == bytearray((0, 5))
    t.cycle_seat(1)                        # online -> a person
    assert t.seats[1] == 0


def test_the_settings_menu_lists_the_seats_in_both_languages():
    from game.settings import Settings
    for lang, words in ((0, ("White", "normal", "Black", "person")),
                        (1, ("Blanc", "normal", "Noir", "joueur"))):
        r = Rig(Settings(lang=lang))
        r.t.cycle_seat(0)
        r.t.cycle_seat(0)
        r.press("menu")                    # the menu opens on Position ID
        r.press("menu")                    # the cursor on Settings
        r.press("p1_main")
        assert r.t.menu.level == "settings"
        # walk down to the seats, the last two items
        while r.t.menu.level == "settings" and r.t.menu.cursor < len(r.t.menu.items()) - 2:
            r.press("menu")
        assert words[0] in r.t.screen[-1] and words[1] in r.t.screen[-1], (lang, r.t.screen)
        r.press("menu")                    # Black's seat, the last item
        assert words[2] in r.t.screen[-1] and words[3] in r.t.screen[-1], (lang, r.t.screen)
        assert all(len(row) <= 16 for row in r.t.screen)
        r.press("menu")                    # round to the first setting, then down to White's seat
        while r.t.menu.cursor < len(r.t.menu.items()) - 2:
            r.press("menu")
        r.press("p1_main")                 # White's seat: normal -> strong, at once
        assert r.t.level_of(0) == "strong"


# ---------------------------------------------------------------- seed 003's ghost
def _white_leaves():
    """White wins the opening 6-1, then leaves through the menu ("I'll be back")."""
    r = Rig()
    r.setup()
    r.opening(6, 1)
    assert r.t.on_roll == 0 and r.t.phase == MOVING
    r.press("menu")
    while r.t.menu.items()[r.t.menu.cursor] != "m_away":
        r.press("menu")
    assert "I'll be back" in r.text(), r.t.screen
    r.press("p1_main")
    return r


def test_the_ghost_plays_for_an_absent_player_and_gives_the_seat_back():
    r = _white_leaves()
    t = r.t
    assert t.menu is None and t.away[0] and t.level_of(0) == "normal"
    assert t.want_play == "normal" and "White away: I play" in r.text(), r.text()
    assert "N0 White ghost (normal)" in r.records
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(0, [(13, 7), (8, 7)])          # the opponent (or anyone) moves the ghost's checkers
    assert t.phase == PRE_ROLL and t.on_roll == 1
    # White is back: the menu's item now says so, and the seat is White's again
    r.press("menu")
    while r.t.menu.items()[r.t.menu.cursor] != "m_away":
        r.press("menu")
    assert "I'm back" in r.text(), r.t.screen
    r.press("p1_main")
    assert not t.away[0] and t.level_of(0) is None and "White is back" in r.text()
    assert r.records[-1] == "N0 White" or "N0 White" in r.records


def test_seed_003_a_game_the_ghost_won_counts_nothing():
    r = _white_leaves()
    t = r.t
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(0, [(13, 7), (8, 7)])
    r.roll(1, 3, 1)
    t.resign(1, 1)                         # Black resigns to the ghost: it accepts
    r.collect()
    assert t.phase == GAME_OVER and t.match.score == [0, 0], t.match
    assert "E0 0" in r.records, r.records  # the record says: won, no points


def test_seed_003_a_player_back_before_the_end_gets_their_points():
    """Issue 26: once the ghost had played one turn for White, White's own win after "I'm
    back" counted 0. Seed 003 takes the points of a game the ghost won (finished in the
    seat) only."""
    r = _white_leaves()
    t = r.t
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(0, [(13, 7), (8, 7)])          # the ghost's turn, made
    t.come_back(0)                        # White is back
    r.collect()
    r.roll(1, 3, 1)
    t.resign(1, 1)                         # Black resigns to White herself
    r.press("p1_main")                     # White accepts
    r.collect()
    assert t.phase == GAME_OVER and t.match.score == [1, 0], (t.match.score, r.records[-3:])
    assert "E0 1" in r.records, r.records


def test_seed_003_the_opponent_who_beats_the_ghost_gets_the_points():
    r = _white_leaves()
    t = r.t
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(0, [(13, 7), (8, 7)])
    r.press("p2_cube")                     # Black doubles the ghost
    assert t.want_cube == ASK_TAKE
    t.board_cube(False)                    # the ghost passes: Black wins 1
    r.collect()
    assert t.phase == GAME_OVER and t.match.score == [0, 1] and "E1 1" in r.records


def test_seed_003_two_minutes_to_come_back_after_the_ghosts_game():
    r = _white_leaves()
    t = r.t
    t.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r.move(0, [(13, 7), (8, 7)])
    r.press("p2_cube")
    t.board_cube(False)
    r.collect()
    r.press("p2_main")                     # the opponent may not start the next game alone
    assert t.phase == GAME_OVER and "Waiting for White" in r.text(), r.text()
    r.wait(60000)
    r.press("p1_main")                     # within 2 minutes: White's main, the seed's "continue"
    assert not t.away[0] and t.phase != GAME_OVER and t.match.score == [0, 1]

    r2 = _white_leaves()
    t2 = r2.t
    t2.board_play(Play(((13, 7), (8, 7)), (False, False)))
    r2.move(0, [(13, 7), (8, 7)])
    r2.press("p2_cube")
    t2.board_cube(False)
    r2.collect()
    r2.wait(119000)
    assert t2.phase == GAME_OVER and t2.away[0]
    r2.wait(2000)                          # 2 minutes passed: the match stops, a new one starts
    assert t2.match.score == [0, 0] and not t2.away[0] and t2.level_of(0) is None
    assert t2.note[0] == "White not back: match stopped", t2.note   # (the setup screen's rows)
    assert [e for e in r2.events if '"match_stopped"' in e and "2 minutes" in e], r2.events


def test_the_ghosts_level_changes_in_settings_and_a_person_there_means_back():
    r = _white_leaves()
    t = r.t
    t.cycle_seat(0)                        # normal -> strong: the ghost plays stronger
    assert t.away[0] and t.level_of(0) == "strong" and t.want_play == "strong"
    t.cycle_seat(0)                        # strong -> the computer on USB: still the ghost
    assert t.away[0] and t.level_of(0) == "usb" and t.seat_name(0) == "White ghost (usb)"
    t.cycle_seat(0)                        # -> online (issue 29): still the ghost
    assert t.away[0] and t.level_of(0) == "online"
    t.cycle_seat(0)                        # -> a person: White is back
    assert not t.away[0] and t.level_of(0) is None
    assert Table(saved=snapshot.to_bytes(t)).away == bytearray(2)   # a state it can resume
