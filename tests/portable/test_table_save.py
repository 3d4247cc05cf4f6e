"""Saved state: a snapshot after every turn, cube action, resignation and game end; a resumed
Table continues exactly and first shows what must be put back; corrupt data is refused."""
from bg import ids
from game.settings import Settings
from game.table import Table
from game import colours as C
from tablekit import Rig


def _midgame():
    r = Rig(Settings(money=0, length=5, clock=1))
    r.setup()
    r.opening(3, 1)
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    r.press("p2_cube")
    r.press("p1_main")
    r.wait(30000)
    r.roll(1, 6, 4)
    return r


def test_resume_mid_turn_with_the_board_as_left():
    r = _midgame()
    r.move(1, [(24, 18)])                 # half a play on the board, then a power cut
    saved = r.saves[-1]
    r2 = Rig(saved=saved, board=r.board)
    t, t2 = r.t, r2.t
    assert r2.t.screen[:2] == ["Put back:", "Waiting..."]
    r2.wait(30000)                        # no reading yet: no time runs
    r2.feed()
    assert t2.board == t.board and t2.on_roll == 1 and t2.turn_dice == (6, 4)
    assert t2.match.to_bytes() == t.match.to_bytes() and t2.match.cube.value == 2
    assert t2.clock.reserve == t.clock.reserve == [120000, 110000]
    assert t2.settings == t.settings
    assert "Put back" not in r2.text()    # legal so far: play goes on
    r2.move(1, [(18, 14)])
    r2.press("p2_main")
    assert r2.records[-1] == "P1 24 18 18 14" and t2.on_roll == 0


def test_resume_shows_point_by_point_what_to_put_back():
    r = _midgame()
    saved = r.saves[-1]
    board = r.board.copy()
    board.me[12] -= 2                      # two White checkers knocked off the 13-point
    board.opp[5] -= 1                      # a Black one moved from its 6 to its 3
    board.opp[2] += 1
    r2 = Rig(saved=saved, board=board)
    r2.feed()
    assert r2.t.screen[0] == "Put back:"
    assert "13 W 3/5" in r2.t.screen and "19 B 4/5" in r2.t.screen and "22 B 1/0" in r2.t.screen
    assert [p for p in range(1, 27) if r2.t.leds[p] == C.SETUP] == [13, 19, 22]
    r2.wait(60000)
    assert r2.t.clock.reserve == [120000, 110000]   # no time runs meanwhile
    r2.press("p2_main")
    assert r2.records == []                          # nothing committed
    r2.board = r.board.copy()
    r2.feed()
    assert [p for p in range(1, 27) if r2.t.leds[p] == C.SETUP] == []
    r2.move(1, [(24, 18), (18, 14)])
    r2.press("p2_main")
    assert r2.records[-1] == "P1 24 18 18 14"


def test_every_snapshot_resumes_to_the_same_state():
    r = _midgame()
    r.move(1, [(24, 18), (18, 14)])
    r.press("p2_main")
    for data in r.saves:
        t = Table(saved=data)
        assert len(data) < 200
        import game.snapshot as snapshot
        assert snapshot.to_bytes(t) == data


def test_corrupt_snapshots_raise_value_error():
    data = bytearray(_midgame().saves[-1])
    bad = []
    for i in (0, 3, 20, 70, len(data) - 1):
        b = bytearray(data)
        b[i] ^= 0x41
        bad.append(bytes(b))
    bad.append(bytes(data[:-3]))
    bad.append(b"")
    bad.append(b"garbage" * 20)
    for b in bad:
        try:
            Table(saved=b)
        except ValueError as e:
            assert str(e).startswith("saved game") or "state" in str(e) or "settings" in str(e)
        else:
            assert False, "corrupt snapshot accepted"


def test_saves_after_turns_cube_actions_and_game_end():
    r = Rig(Settings(money=0, length=3))
    r.setup()
    n0 = len(r.saves)
    r.opening(3, 1)
    assert len(r.saves) == n0 + 2         # the first opening die, then the roll
    r.move(0, [(8, 5), (6, 5)])
    r.press("p1_main")
    assert len(r.saves) == n0 + 3         # the turn
    r.press("p2_cube")
    assert len(r.saves) == n0 + 4         # the double
    r.press("p1_cube", "long")
    assert len(r.saves) == n0 + 5         # the pass and the game end
    assert Table(saved=r.saves[-1]).match.score == [0, 1]


def test_position_and_match_id_from_the_menu():
    r = Rig(Settings(money=0, length=5))
    r.setup()
    r.opening(3, 1)
    r.press("menu")                       # the cursor on "Position ID"
    r.press("p1_main")
    assert r.t.screen[1] == "4HPwATDgc/ABMA"
    st = ids.match_from_id(r.t.screen[3])
    assert st.match_length == 5 and st.dice == (3, 1) and st.on_roll == 0
    assert r.events[-1] == '{"t":"ids","pos":"4HPwATDgc/ABMA","match":"%s"}' % r.t.screen[3]
    r.press("undo")
    r.press("undo")
    assert r.t.menu is None and "White 3-1" in r.t.screen[0]
