"""A walk of the engine in pieces (Engine.piece set: the web page, whose pure Python must
not block a cycle for a whole walk): imported by engine/player.py's think the first time a
walk is cut in pieces, and kept; the board itself (piece 0) never loads it.
"""


class _Pause(Exception):
    """A walk stopped after its piece: walk_pieces walks it again later and skips the
    results already visited. Raised as the class, a new instance each time: one instance
    raised again and again keeps every traceback (MicroPython: the heap ran out)."""


def walk_pieces(e, me, opp, d1, d2, visit):
    """e.walker.walk(me, opp, d1, d2, visit), its answer in e.walked, yielding after every
    e.piece results visited: each piece walks again from the start (a walk without
    evaluating costs little beside the evaluations) and stops at the first result past its
    own. The walk's order never changes, so every result is visited once. Nothing else may
    walk or set the evaluator's root between the pieces (the App thinks nothing else
    meanwhile: app/loop.py)."""
    at = [0, 0, 0]      # the results seen in this walk, the first of this piece, the first past it

    def counted(w):
        k = at[0]
        at[0] = k + 1
        if k < at[1]:
            return                # visited in an earlier piece
        if k >= at[2]:
            raise _Pause
        visit(w)
    while True:
        at[0] = 0
        at[2] = at[1] + e.piece
        try:
            e.walked = e.walker.walk(me, opp, d1, d2, counted)
            return
        except _Pause:
            pass
        at[1] = at[2]
        yield None
