"""The Table's effects through the real persistence modules: every snapshot stored with
firmware/store.py resumes to the same state, the record lines read back with
firmware/record.py without a problem, every event line decodes with firmware/events.py."""
from host_tools import events_read
from host_tools import record_read as record
import hw.store as store
import game.snapshot as snapshot
from game.settings import Settings
from game.table import Table, SAVE, RECORD, EVENT
from tablekit import Rig


def test_a_game_through_store_record_and_events(tmp_path):
    rig = Rig(Settings(money=0, length=3, clock=1))
    # the match and game lines of the new Table (the rig keeps their text: sealed again)
    lines = [record.seal(l, i + 1) for i, l in enumerate(rig.records)]
    kinds = set()
    path = str(tmp_path / "state.bin")
    resumed = 0

    def drain():
        nonlocal resumed
        for kind, payload in rig.t.take_outbox():
            if kind == RECORD:
                lines.append(payload)
            elif kind == EVENT:
                kinds.add(events_read.decode(payload)["t"])
            elif kind == SAVE:
                store.save(path, payload)
                t2 = Table(saved=store.load(path))
                assert snapshot.to_bytes(t2) == payload
                resumed += 1

    rig.collect = drain
    rig.setup()
    rig.opening(4, 2)
    rig.move(0, [(8, 4), (6, 4)])
    rig.press("p1_main")
    rig.press("p2_cube")
    rig.press("p1_main")
    rig.roll(1, 6, 5)
    rig.move(1, [(24, 13)])
    rig.press("p2_main")
    for _ in range(3):
        rig.press("menu")                 # the cursor on Resign
    rig.press("p1_main")
    rig.press("p1_main")
    rig.press("p1_main")                  # White confirms: a single game at cube 2
    rig.press("p2_main")
    assert rig.t.match.score == [0, 2]
    events_back, problems = record.read_lines([record.HEADER] + lines)
    assert problems == [] and len(events_back) == len(lines)
    assert [e[0] for e in events_back] == ["match", "game", "roll", "play", "double", "take",
                                           "roll", "play", "resign", "accept", "end"]
    assert {"roll", "play", "cube", "resign", "game_end"} <= kinds
    assert resumed >= 6


def test_a_corrupt_state_file_is_refused_by_store_and_by_the_table(tmp_path):
    t = Table()
    path = str(tmp_path / "state.bin")
    data = snapshot.to_bytes(t)
    store.save(path, data)
    raw = bytearray(open(path, "rb").read())
    raw[-5] ^= 0xFF
    open(path, "wb").write(bytes(raw))
    payload, msg = store.load_or_fresh(path)
    assert payload is None and "checksum" in msg
    bad = bytearray(data)
    bad[12] = 77                          # a board count no position has
    try:
        Table(saved=bytes(bad))
    except ValueError as e:
        assert "saved game" in str(e)
    else:
        raise AssertionError("corrupt snapshot accepted")


def test_a_version_1_snapshot_still_resumes_with_no_record_count():
    rig = Rig(Settings(length=3))
    rig.setup()
    rig.opening(4, 2)
    t = rig.t
    assert t.rec_seq == 3                         # match, game, roll
    v2 = snapshot.to_bytes(t)
    body = bytearray(v2[:snapshot._SEQ])          # version 1: no line count before the sum
    body[2] = 1
    v1 = bytes(body) + snapshot.fletcher16(body).to_bytes(2, "little")
    assert len(v1) == snapshot.SIZES[1]
    t1 = Table(saved=v1)
    assert t1.rec_seq == 0 and t1.turn_dice == t.turn_dice and t1.board == t.board
    t2 = Table(saved=v2)
    assert t2.rec_seq == 3 and snapshot.to_bytes(t2) == v2
