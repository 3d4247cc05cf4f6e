"""The board's engine given up: nobody needs it any more (no seat is the board's, no menu
is open, grading is off: app/loop.py's engine_work). A few times a session at most, so
loaded for the call and forgotten (firmware/lazy.py: lazy.release_engine), not kept with
app/seat.py while the board thinks.
"""
from lazy import forget


def release(app):
    """The engine and the code that used it leave the heap (the weights with it)."""
    app.engine = None
    forget("app.seat", "app.seatpieces", "app.hints", "engine.hint", "engine.coach", "engine.coach_text",
           "engine.player", "engine.pieces", "engine.net", "engine.search", "engine.pubeval",
           "engine.cubeful", "engine.met")
