"""Issue 26: a French board's fault and notice screens (a failed save, a record line the
flash refused, a fault in a part, a refused USB answer) in French, accents and all, with no
English word; an English board's as they were. Runs under pytest and MicroPython with the
Pico's heap (see apprig)."""
from apprig import rig, opening_roll, oled_rows
from french_words import english
from test_app_save import FullFlash, NoHeap


def _french(files):
    sc, app, lines = rig()
    app.table.settings.lang = 1
    app.files = files
    opening_roll(app, sc, 6, 1)
    return app


def test_a_failed_save_is_said_in_french_on_a_french_board():
    app = _french(FullFlash())
    rows = oled_rows(app)                                  # what the OLED shows
    assert rows[:3] == ["ÉTAT NON SAUVÉ", "erreur de flash", "flash pleine"], rows
    assert not english(rows), rows
    assert app.table.turn_dice == (6, 1) and app.faults == 0


def test_a_save_out_of_memory_is_said_in_french():
    app = _french(NoHeap())
    assert oled_rows(app)[:2] == ["ÉTAT NON SAUVÉ", "plus de mémoire"], oled_rows(app)


def test_a_fault_in_a_part_names_the_part_in_french():
    sc, app, lines = rig()
    app.table.settings.lang = 1
    app.fault("display", ValueError("x"), 0)
    app.display(0)                                    # the App's display round, at once
    rows = oled_rows(app)
    assert rows[0] == "PANNE: écran", rows
    assert rows[1] == "ValueError: x", rows           # the exception's own text is kept


def test_a_reason_wrapped_over_rows_is_said_whole_in_french():
    from app.notice_fr import french
    rows = ["RECORD NOT SAVED", "kept, will retry", "flash read or", "write error"]
    out = french(rows)
    assert out == ["RELEVÉ NON SAUVÉ", "gardé, nouvel", "essai bientôt", "erreur de",
                   "lecture ou", "d'écriture"], out
    assert not english(out) and max(len(r) for r in out) <= 16
    # what the words do not know (a file name, a Python exception) is kept as it was
    assert french(["NEW RECORD FILE", "match-3.rec"])[-1] == "match-3.rec"
    mine = ["Notes:", "correct"]          # already French: the same list (grading knows it)
    assert french(mine) is mine


def test_a_refused_usb_answer_is_said_in_french():
    from app.notice_fr import french
    out = french(["USB ANSWER", "REFUSED:", "question 7 is not", "asked now:", "question 11 is"])
    assert out == ["RÉPONSE USB", "REFUSÉE:", "la question 7", "n'est pas posée:", "c'est la 11"], out


def test_an_english_board_keeps_its_english():
    sc, app, lines = rig()
    app.files = FullFlash()
    opening_roll(app, sc, 6, 1)
    assert oled_rows(app)[0] == "STATE NOT SAVED", oled_rows(app)


def test_the_dice_pads_speak_french_on_a_french_board():
    from dice.dicepad import DicePad, SaltPad
    pad = DicePad(2, 1)
    pad.lang = 1
    rows = pad.rows()
    assert rows[0] == "SAISIE DES DÉS" and rows[1] == "Noir a fait" and not english(rows), rows
    salt = SaltPad()
    salt.lang = 1
    assert salt.rows()[0] == "SEL DES DÉS" and not english(salt.rows()), salt.rows()
    assert DicePad(2, 0).rows()[0] == "ENTER THE DICE"


def test_a_reason_with_its_cause_in_brackets_is_said_whole():
    from app.notice_fr import say
    assert say("file too short (12 bytes)") == "fichier trop court (12 octets)"
    assert say("flash full (old match in state.bin not overwritten)") == \
        "flash pleine (l'ancien match state.bin est gardé)"


def test_the_dice_check_page_speaks_french_on_a_french_board():
    from dice.dicecheck import DiceCount
    c = DiceCount()
    rows = c.summary(True)
    assert rows[0] == "TEST DES DÉS" and rows[-1] == "peu de lancers" and not english(rows), rows
    assert c.summary()[0] == "DICE CHECK"
