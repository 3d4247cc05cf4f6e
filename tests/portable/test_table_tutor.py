"""The tutor's flow at the Table (issue 28: Settings > Grading 2 "tutor", 3 "tutor .020"):
main on a person's complete play asks the app for its loss first (the Table's tutor[0]); the app's
answer (tutor.tutor(table, loss), here given by hand: app/grading.py computes it, grading_cases.py)
commits it, or warns and waits for main again, which plays it and records the warning (an
`L` record line before the play). Off by default."""
from game.settings import Settings
from game.phases import PRE_ROLL, DOUBLED
from tablekit import Rig
from game.tutor import asked
import game.tutor as tutor

PLAY = [(8, 5), (6, 5)]         # White's 3-1


def _ready(grading):
    r = Rig(Settings(grading=grading))
    r.setup()
    r.opening(3, 1)
    r.move(0, PLAY)
    return r


def _units(milli):
    return milli * 65536 // 1000 + 1


def test_off_by_default_and_plain_grading_commit_at_once():
    assert Settings().grading == 0
    for grading in (0, 1):
        r = _ready(grading)
        r.press("p1_main")
        assert r.t.on_roll == 1 and asked(r.t) is None


def test_a_play_below_the_threshold_is_committed_on_the_verdict():
    r = _ready(2)
    r.press("p1_main")
    assert r.t.on_roll == 0 and asked(r.t) is not None      # asked, not committed
    assert not any(x.startswith("P0") for x in r.records)
    tutor.tutor(r.t, _units(79))
    r.collect()
    assert r.t.on_roll == 1 and r.records[-1].startswith("P0")
    assert not any(x.startswith("L0") for x in r.records)


def test_a_blunder_is_said_and_played_at_the_next_press_with_its_record_line():
    r = _ready(2)
    r.press("p1_main")
    tutor.tutor(r.t, _units(123))
    r.collect()
    assert r.t.on_roll == 0 and r.t.tutor[1] is not None
    assert "Blunder -0.123" in r.text() and "Main: play it" in r.text(), r.text()
    r.press("p1_main")
    assert r.t.on_roll == 1
    assert r.records[-2] == "L0 123" and r.records[-1].startswith("P0"), r.records[-3:]


def test_doubtful_plays_with_the_doubtful_setting():
    r = _ready(3)
    r.press("p1_main")
    tutor.tutor(r.t, _units(30))
    r.collect()
    assert r.t.on_roll == 0 and "Doubtful -0.030" in r.text(), r.text()
    r = _ready(2)
    r.press("p1_main")
    tutor.tutor(r.t, _units(30))
    r.collect()
    assert r.t.on_roll == 1


def test_main_again_before_the_verdict_plays_it():
    # no engine to answer (grading could not start): the player is never stuck
    r = _ready(2)
    r.press("p1_main")
    r.press("p1_main")
    assert r.t.on_roll == 1 and asked(r.t) is None


def test_another_play_after_a_warning_is_asked_again():
    r = _ready(2)
    r.press("p1_main")
    tutor.tutor(r.t, _units(100))
    r.collect()
    r.move(0, [(5, 8), (5, 6)])            # taken back
    r.move(0, [(24, 23), (24, 21)])
    r.press("p1_main")
    assert r.t.on_roll == 0 and asked(r.t) is not None
    tutor.tutor(r.t, 0)
    r.collect()
    assert r.t.on_roll == 1 and not any(x.startswith("L0") for x in r.records)


def test_the_menu_names_the_tutor_settings():
    from game.menu import _value_text
    r = _ready(2)
    assert _value_text(r.t, "grading") == "tut.080"
    r.t.settings.grading = 3
    assert _value_text(r.t, "grading") == "tut.020"


def _black_to_double(grading):
    r = _ready(grading)
    r.press("p1_main")
    tutor.tutor(r.t, 0)                  # White's 3-1 is fine: played
    r.collect()
    assert r.t.on_roll == 1 and r.t.phase == PRE_ROLL
    return r


def test_a_double_is_judged_first_and_a_wrong_one_made_at_the_second_press():
    r = _black_to_double(2)
    r.press("p2_cube")
    assert r.t.phase == PRE_ROLL and asked(r.t) == ("double", 1)
    tutor.tutor(r.t, _units(150))
    r.collect()
    assert r.t.phase == PRE_ROLL and "Blunder -0.150" in r.text(), r.text()
    r.press("p2_cube")
    assert r.t.phase == DOUBLED
    assert r.records[-2] == "L1 150" and r.records[-1] == "D1 2", r.records[-3:]


def test_a_take_below_the_threshold_is_made_on_the_verdict_and_a_pass_warned():
    r = _black_to_double(2)
    r.press("p2_cube")
    tutor.tutor(r.t, 0)                  # a right double: made on the verdict
    r.collect()
    assert r.t.phase == DOUBLED and r.records[-1] == "D1 2", r.records[-2:]
    r.press("p1_cube", "long")            # White passes
    assert r.t.phase == DOUBLED and asked(r.t) == ("pass", 0)
    tutor.tutor(r.t, _units(300))
    r.collect()
    assert r.t.phase == DOUBLED and "Blunder -0.300" in r.text(), r.text()
    r.press("p1_main")                    # she takes instead: judged in its turn
    assert asked(r.t) == ("take", 0)
    tutor.tutor(r.t, 0)
    r.collect()
    assert r.t.phase == PRE_ROLL and r.records[-1] == "T0", r.records[-2:]
    assert not any(x.startswith("L") for x in r.records)
