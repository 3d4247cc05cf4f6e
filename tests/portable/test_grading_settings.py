"""Grading as a setting (issue 12, docs/coach.md): off by default, "Grading off/on" in the
Settings menu, saved with the match (snapshot version 4) and read back after a power cut;
the snapshots of earlier firmware (versions 1 to 3, without it) still resume, grading off.
Runs under CPython and MicroPython."""
import game.snapshot as snapshot
from game.settings import Settings, SPEC
from game.table import Table
from tablekit import Rig


def _to_grading(r):
    r.press("menu")
    r.press("menu")                       # the cursor on Settings
    r.press("p1_main")
    for _ in range([n for n, v, d in SPEC].index("grading")):
        r.press("menu")
    return r.t.screen[-1]


def test_grading_is_off_by_default_and_the_menu_turns_it_on_and_saves_it():
    assert Settings().grading == 0
    r = Rig()
    r.setup()
    assert _to_grading(r).startswith(">Grading") and r.t.screen[-1].endswith("off")
    saves = len(r.saves)
    r.press("p1_main")
    assert r.t.settings.grading == 1 and r.t.screen[-1].endswith("on"), r.t.screen
    assert len(r.saves) > saves or r.saves            # saved at once
    after = Table(saved=r.saves[-1])                   # a power cut: still on
    assert after.settings.grading == 1
    r.press("p1_main")                                 # the tutor at blunders (issue 28)
    assert r.t.settings.grading == 2 and r.t.screen[-1].endswith("tut.080"), r.t.screen
    assert Table(saved=r.saves[-1]).settings.grading == 2
    r.press("p1_main")                                 # ... and at doubtful plays
    assert r.t.settings.grading == 3 and r.t.screen[-1].endswith("tut.020"), r.t.screen
    r.press("p1_main")
    assert r.t.settings.grading == 0
    assert Table(saved=r.saves[-1]).settings.grading == 0


def test_the_french_menu_names_it():
    r = Rig(Settings(lang=1))
    r.setup()
    assert _to_grading(r).startswith(">Notes") and r.t.screen[-1].endswith("non"), r.t.screen


def _older(data, version, end):
    body = bytearray(data[:end])
    body[2] = version
    return bytes(body) + snapshot.fletcher16(body).to_bytes(2, "little")


def test_older_snapshots_resume_with_grading_off_and_everything_else_kept():
    r = Rig(Settings(length=5, brightness=25, lang=1, grading=1))
    r.setup()
    r.opening(5, 2)
    data = snapshot.to_bytes(r.t)
    assert data[2] == 4 and len(data) == snapshot.SIZE
    t4 = Table(saved=data)
    assert t4.settings.grading == 1 and snapshot.to_bytes(t4) == data
    for version, end in ((3, snapshot._MORE), (2, snapshot._SEATS), (1, snapshot._SEQ)):
        old = _older(data, version, end)
        assert len(old) == snapshot.SIZES[version]
        t = Table(saved=old)
        s = t.settings
        assert s.grading == 0, version
        assert (s.length, s.brightness, s.lang, s.money) == (5, 25, 1, 0), version
        assert t.board == r.t.board and t.turn_dice == r.t.turn_dice and t.phase == r.t.phase
        again = snapshot.to_bytes(t)                  # saved again: the new layout
        assert again[2] == 4 and Table(saved=again).settings.grading == 0


def test_a_bad_grading_byte_is_refused_in_words():
    data = bytearray(snapshot.to_bytes(Rig().t))
    assert snapshot._SUM - snapshot._MORE == len(SPEC) - snapshot.OLD_SETTINGS == 1
    data[snapshot._MORE] = 7
    data[snapshot._SUM:] = snapshot.fletcher16(data[:snapshot._SUM]).to_bytes(2, "little")
    try:
        Table(saved=bytes(data))
        assert False, "a grading byte 7 accepted"
    except ValueError as e:
        assert "grading" in str(e)
