"""The menu's Hint (docs/coach.md): the app answers the menu's want_hint with the coach's
k-th best play of the roll for the player on roll, at the engine's normal level (0-ply):
its notation and equity on the OLED, its from and to points on the LEDs, and a "hint"
event on serial. Loaded with the first hint; the engine is the app's (app.engine, made
by app/seat.py when no seat made it: the weights are allocated once, docs/engine.md).
"""
from engine.hint import Hints     # the walk of the best plays only, not the grading's code
from engine.coach_text import hint_rows, hint_event, HINT_WORDS
from game import colours
from app.seat import engine_of   # the one engine of the app, its weights made once


def answer(app):
    """Fill the open menu's hint: rows, LED pairs, how many plays there are to show."""
    t = app.table
    m = t.menu
    m.want_hint = False
    try:
        e = engine_of(app)
    except MemoryError:
        # the engine's weights do not fit beside the board's heap (docs/engine.md: its
        # budget): said in words, the game goes on
        app.engine = None
        from base import events
        t.event(events.error("hint", "no memory for the engine: no hint"))
        m.hint_rows = (t.tr("c_nomem").split("\n") if t.settings.lang
                       else ["Hint", "no memory for", "the engine"])
        m.hint_count = 0
        t.refresh_screen(True)
        return
    view = t.view
    d1, d2 = t.turn_dice
    c = Hints(e)
    # the players are served while the hint is thought (App.think_tick); a menu closed or a
    # turn changed meanwhile ends the think: nothing to fill
    app.think_begins((view, m, t.turn_dice, app.THINK_HINT))
    try:
        n = c.hint(view.me, view.opp, d1, d2)
    except app.Withdrawn:
        return
    finally:
        app.think_ends()
    p = t.on_roll
    # the French words on a French board (issue 26), the English defaults otherwise
    words = (t.tr("c_hint"), t.tr("c_nolegal"), t.tr("c_equity")) if t.settings.lang else HINT_WORDS
    if n == 0:
        m.hint_rows = hint_rows(1, "", 0, words)
        m.hint_count = 1
        m.hint_leds = b""
    else:
        k = m.hint_k % n
        moves, hits, value = c.top_play(k)
        from bg import notation
        text = notation.format_play(moves, hits)
        m.hint_rows = hint_rows(k + 1, text, value, words)
        m.hint_count = n
        leds = bytearray()
        for f, to in moves:
            leds.append(colours.led_of(f, p))
            leds.append(colours.led_of(to, p))
        m.hint_leds = bytes(leds)
        t.event(hint_event(p, k + 1, moves, text, value))
    t.refresh_screen(True)
