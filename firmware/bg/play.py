"""A play: the checker steps of one turn, and applying them (rule 3: a landing on a blot hits).

Kept apart from the move generator so that judging a board on the Pico does not load it.
Points are GNU Backgammon's, from the mover's view: 1..24, 25 = bar, 0 = off.
"""
from bg.steps import apply_step  # noqa: F401  (the one step; re-exported for callers)


class Play:
    """One legal play: `moves` is a tuple of (from, to) checker steps in playing order,
    `hits` a tuple of booleans (did that step hit a blot)."""

    def __init__(self, moves, hits=None):
        self.moves = tuple(moves)
        self.hits = tuple(hits) if hits is not None else (False,) * len(self.moves)

    def apply(self, pos):
        """The position after this play, still from the mover's view."""
        out = pos.copy()
        for frm, to in self.moves:
            apply_step(out.me, out.opp, frm, to)
        return out

    def notation(self):
        from bg.notation import format_play
        return format_play(self.moves, self.hits)

    def __repr__(self):
        return "Play(%r)" % (self.moves,)

    def __eq__(self, other):
        return isinstance(other, Play) and self.moves == other.moves

    def __hash__(self):
        return hash(self.moves)
