"""The computer on USB in a seat (app/usbseat.py, issue 10): in the running App, the board
asks on serial (a "seat_turn" event, again until answered), takes a `seat` command as the
answer, shows the play and lets a person make it, as for its own seat; refuses in words
whatever is not a legal answer to what it asked, and asks again; the seat goes back to a
person from the settings; the seat survives a power cut."""
import json

from apprig import run, oled_rows
from app import commands
from game.table import MOVING, PRE_ROLL
from usbkit import usb_black, turns, screen, seat


def test_the_board_asks_for_its_play_shows_the_answer_and_a_person_makes_it():
    sc, app, lines, t = usb_black([6, 1])
    assert t.phase == MOVING and t.on_roll == 1 and t.turn_dice == (6, 1)
    asked = turns(lines)
    assert len(asked) == 1, lines[-5:]
    q = asked[0]
    assert q["p"] == 1 and q["ask"] == "play" and q["dice"] == [6, 1]
    assert (q["pos"], q["match"]) == t.ids()        # GNU Backgammon's IDs of this turn
    assert "Black thinks" in screen(app), t.screen
    assert t.shown_play is None
    ok = seat(app, lines, "play 13/7 8/7")
    assert ok["t"] == "seat_ok" and ok["answer"] == "13/7 8/7", ok
    run(app, 50)
    assert "Black plays 13/7 8/7" in screen(app), t.screen
    assert [l for l in lines if '"board_play"' in l and "13/7 8/7" in l]
    assert len(turns(lines)) == 1                  # answered: not asked again
    sc.put(t.target.swapped())                      # a person makes the play shown
    run(app, 100)
    assert t.phase == PRE_ROLL and t.on_roll == 0, t.screen
    assert [l for l in lines if '"t":"play"' in l and '"p":1' in l], lines[-5:]


def test_illegal_and_malformed_answers_are_refused_in_words_and_asked_again():
    sc, app, lines, t = usb_black([6, 1])
    q = turns(lines)[-1]["q"]
    cases = (
        ("seat %d play 13/7 8/6" % q, "illegal"),       # a 2 with 6-1
        ("seat %d play 13/7" % q, "still to play"),     # half the roll
        ("seat %d play 13/x" % q, "not a play"),
        ("seat %d play" % q, "no play given"),
        ("seat %d play 5/4 8/2" % q, "no checker on 5"),
        ("seat %d double" % q, "answer seat %d play" % q),   # not what was asked
        ("seat %d" % q, "answer seat %d play" % q),
        ("seat play 13/7 8/7", "name the question: seat %d play" % q),
        ("seat", "name the question"),
        ("seat %d play 13/7 8/7" % (q - 1), "question %d is not asked now" % (q - 1)),
    )
    for text, words in cases:
        before = len(turns(lines))
        ans = json.loads(commands.answer(app, text))
        assert ans["t"] == "error" and ans["code"] == "seat_refused", (text, ans)
        assert words in ans["msg"], (text, ans)
        run(app, 20)
        assert t.shown_play is None and t.phase == MOVING and t.want_play == "usb"
        assert len(turns(lines)) == before + 1, (text, lines[-3:])   # asked again at once
    assert "REFUSED" in " ".join(oled_rows(app)), oled_rows(app)
    ok = seat(app, lines, "play 8/7 13/7")         # any order of writing
    assert ok["t"] == "seat_ok" and ok["answer"] == "13/7 8/7"
