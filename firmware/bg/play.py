"""A play: the checker steps of one turn, and applying them (rule 3: a landing on a blot hits).

Kept apart from the move generator so that judging a board on the Pico does not load it.
Points are GNU Backgammon's, from the mover's view: 1..24, 25 = bar, 0 = off.
"""
from bg.steps import apply_step  # the one step (bg.play.apply_step for the host tools too)


def _text(play):
    # bg.notation is imported where text is wanted, not at the top: the running board
    # judges plays at every reading and prints one only at a commit (its heap is tight).
    # No loop either way: bg.notation imports only bg.steps.
    from bg.notation import format_play
    return format_play(play.moves, play.hits)


class Play:
    """One play: `moves` is a tuple of (from, to) checker steps in playing order, `hits` a
    tuple of booleans (did that step hit a blot). `Play("24/14*/10")` reads notation
    (bg.notation.parse_marked: the hit marks too; "" is the empty play of a turn with no
    legal move); str() and repr() give it back, canonical (`Play('24/14*/10')`).
    Equal plays have the same steps; whether a play is legal is the PlayList's business
    (bg.movegen.legal_plays, bg.notation.find_play)."""

    def __init__(self, moves, hits=None):
        if isinstance(moves, str):
            from bg.notation import parse_marked
            moves, hits = parse_marked(moves) if moves.strip() else ((), ())
        self.moves = tuple(moves)
        self.hits = tuple(hits) if hits is not None else (False,) * len(self.moves)

    def apply(self, pos):
        """The position after this play, still from the mover's view."""
        out = pos.copy()
        for frm, to in self.moves:
            apply_step(out.me, out.opp, frm, to)
        return out

    def notation(self):
        return _text(self)

    def __str__(self):
        return _text(self)

    def __repr__(self):
        return "Play(%r)" % (_text(self),)

    def __eq__(self, other):
        return isinstance(other, Play) and self.moves == other.moves

    def __hash__(self):
        return hash(self.moves)
