"""Settings from the OLED menu, French texts, the screen's limits."""
from game.settings import Settings, SPEC
from game import i18n
from game.table import Table
from game import colours as C
from tablekit import Rig

# the accented letters the French texts may use: those the OLED draws (hw/oled.py)
ACCENTED = "àâçéèêëîïôùûÀÂÇÉÈÊÎÔÙÛ"


def _open_settings(r):
    r.press("menu")
    r.press("menu")                       # cursor on "Settings"
    r.press("p1_main")
    assert r.t.screen[0] == "Settings"


def test_language_switches_every_text_to_french():
    r = Rig()
    r.setup()
    _open_settings(r)
    for _ in range([n for n, v, d in SPEC].index("lang")):
        r.press("menu")                   # the cursor on the language
    assert r.t.screen[-1].startswith(">Language") and r.t.screen[-1].endswith("EN")
    r.press("p2_main")
    assert r.t.screen[0] == "Réglages" and r.t.screen[-1].endswith("FR")
    r.press("undo")
    r.press("undo")
    r.opening(3, 1)
    assert r.t.screen[0].startswith("Blanc 3-1")
    r.move(0, [(13, 11)])
    assert "Aucun dé pour ce coup" in r.text()


def test_every_setting_cycles_and_match_settings_wait_for_the_next_match():
    r = Rig()
    r.setup()
    _open_settings(r)
    r.press("p1_main")                    # Mode: single game -> blitz
    assert r.t.settings.money == 1 and r.t.settings.clock == 2 and r.t.match.length == 0
    assert r.saves
    r.press("menu")
    r.press("p1_main")                    # Length 5 -> 7
    assert r.t.settings.length == 7
    s = Settings()
    for name, values, default in SPEC:
        seen = [getattr(s, name)]
        for _ in range(len(values)):
            seen.append(s.cycle(name))
        assert sorted(set(seen)) == sorted(values) and seen[-1] == default


def test_settings_round_trip_and_bad_bytes():
    s = Settings(money=1, beavers=1, jacoby=1, clock=2, lang=1, brightness=25)
    assert Settings.from_bytes(s.to_bytes()) == s
    for bad in (b"", bytes([9] * len(SPEC))):
        try:
            Settings.from_bytes(bad)
        except ValueError:
            pass
        else:
            assert False
    try:
        Settings(money=0, length=4)
    except ValueError as e:
        assert "length" in str(e)
    else:
        assert False


def _keys(name):
    """The keys of the texts file `name` (game/en.txt ...), read a line at a time."""
    out = []
    with open(i18n._HERE + name, "rb") as f:
        for line in f:
            if b"=" in line:
                out.append(line[:line.find(b"=")].decode())
    return out


def test_both_languages_have_every_text():
    en_keys = sorted(_keys("en.txt") + _keys("en_menu.txt"))
    # French's own keys: the coach's words (c_...), whose English are the constants of
    # engine/coach_text.py and app/grading.py (issue 26: no English on a French screen)
    fr_keys = sorted(k for k in _keys("fr.txt") + _keys("fr_menu.txt") if not k.startswith("c_"))
    assert en_keys == fr_keys and len(en_keys) > 100
    # the menu's texts in the menu's files, in both languages
    assert sorted(_keys("en_menu.txt")) == sorted(_keys("fr_menu.txt"))
    for key in en_keys:
        en = i18n.lookup(0, key)
        fr = i18n.lookup(1, key)
        assert en and fr and en.count("%") == fr.count("%"), key
        assert all(ord(c) < 128 for c in en), key
        assert all(ord(c) < 128 or c in ACCENTED for c in fr), key   # the OLED draws them


def test_rows_fit_the_oled_in_both_languages():
    for lang in (0, 1):
        r = Rig(Settings(lang=lang, clock=1))
        r.setup()
        r.opening(3, 1)
        r.move(0, [(13, 11)])
        r.press("menu")
        screens = [r.t.screen]
        r.press("undo")
        screens.append(r.t.screen)
        for scr in screens:
            assert 1 <= len(scr) <= 6 and all(len(row) <= 16 for row in scr), scr


def test_palette_has_a_colour_for_every_code():
    from game.colour_names import NAMES
    assert len(C.RGB) == len(NAMES) == 14
    for rgb in C.RGB:
        assert len(rgb) == 3 and all(0 <= x <= 255 for x in rgb)
    t = Table()
    assert len(t.leds) == C.LED_COUNT == 31 and max(t.leds) < len(C.RGB)


def test_every_settings_row_fits_uncut_in_both_languages():
    from game import menu
    for lang in (0, 1):
        t = Table(Settings(lang=lang))
        for name, values, default in SPEC:
            for v in values:
                setattr(t.settings, name, v)
                assert len(t.tr("s_" + name)) + len(menu._value_text(t, name)) + 2 <= 16, (name, v)
            setattr(t.settings, name, default)


def test_every_judge_reason_has_words_in_both_languages():
    from bg import judge as J
    from game.screens import reason_text
    for lang in (0, 1):
        t = Table(Settings(lang=lang))
        t.turn_dice = (5, 3)
        for reason in J.REASONS:
            v = J.Verdict(J.ILLEGAL, reason=reason, points=(5, 3), die=5)
            text = reason_text(t, v)
            assert text and reason not in text and "%" not in text, (lang, reason, text)


def test_french_texts_are_spelt_with_their_accents_and_in_good_french():
    """Issue 26 item 18: the OLED now draws French accents, and the awkward sentences a
    French reader stumbled on are rewritten."""
    from french_words import words
    assert i18n.tr(1, "move_for_board") == "Jouez ce coup"             # "Deplacez-la svp"
    assert i18n.tr(1, "bar_first") == "Rentrez d'abord les dames de la barre"
    assert i18n.tr(1, "m_sure") == "Sûr ? Rappuyez"                    # "Sur? encore"
    assert i18n.tr(1, "no_such_die") == "Aucun dé pour ce coup"        # "Aucun de ..."
    unaccented = ("pret", "reflechit", "ecoule", "reglages", "deplacez", "svp", "egalite",
                  "eclair", "illimite", "materiel", "frappee", "deplacees", "fermee",
                  "interieur", "francais", "revoila", "surs", "debut", "etre", "joues", "arrete")
    for name in i18n.FILES[1]:
        with open(i18n._HERE + name, "rb") as f:
            for line in f:
                line = line.decode("utf-8")
                assert not [w for w in words(line) if w in unaccented], line
