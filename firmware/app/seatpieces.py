"""The board's think in pieces (app.think_piece set: the web page, whose pure Python must
not block a cycle for a whole walk): imported by app/seat.py's answer the first time, and
kept; the board itself (think_piece 0) never loads it.
"""


def think_on(app, e, view, d1, d2, level):
    """One piece of the board's think (app.think_piece results, Engine.piece): once it has
    ended, its play (e.result: None when no play is legal), None while there is more. A
    question that changed (another turn, level or dice) starts a think of its own."""
    k = app.thinking
    if k is None or k[0] is not view or k[1] != level or k[2] != d1 or k[3] != d2:
        e.piece = app.think_piece
        k = app.thinking = [view, level, d1, d2, e.think(view.me, view.opp, d1, d2, level)]
    try:
        next(k[4])
        return None
    except StopIteration:
        app.thinking = None
        return e.result
