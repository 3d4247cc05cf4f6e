"""The board's engine given up: nobody needs it any more (no seat is the board's, no menu
is open, grading is off: app/loop.py's engine_work), or no heap could make it for the
board's seat (app/seat.py's answer). A few times a session at most, so loaded for the call
and forgotten (base/rare.py: unseat.release, unseat.seats_back), not kept with
app/seat.py while the board thinks.
"""
from base.rare import forget


def release(app):
    """The engine and the code that used it leave the heap (the weights with it)."""
    app.engine = None
    forget("app.seat", "app.seatpieces", "app.hints", "engine.hint", "engine.coach", "engine.coach_text",
           "engine.player", "engine.pieces", "engine.net", "engine.search", "engine.pubeval",
           "engine.cubeful", "engine.met", "engine.deepleaf", "engine.leaffeat", "engine.oneply")


def seats_back(app, exc=None):
    """The board's engine cannot be made or cannot think (`exc`: no heap, a MemoryError; its
    weights file missing, OSError; cut short or not ours, ValueError): its seats are handed
    back to persons, said in words on serial and the OLED; the game goes on, nothing is
    played for them."""
    app.engine = None
    from base import events
    if exc is None or isinstance(exc, MemoryError):
        why, short = "no memory for the board's engine", "no memory"
    elif isinstance(exc, OSError):
        why, short = "the engine's weights file cannot be read (%s)" % (exc,), "no weights"
    else:
        why, short = "the engine's weights file cannot be used: %s" % (exc,), "bad weights"
    app.write_line(events.error("board_seat", why + ": its seats are handed back to persons"))
    app.notice(["BOARD CANNOT", "PLAY: " + short, "seats back to", "persons"])
    t = app.table
    for p in (0, 1):
        while t.seats[p]:
            t.cycle_seat(p)
