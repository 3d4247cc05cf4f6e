"""Deterministic positions for the core's portable tests (no `random`: same on both interpreters)."""
from bg.position import Position
from bg.movegen import legal_plays

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))   # the 21 distinct rolls


class Lcg:
    """A tiny deterministic generator, identical on CPython and MicroPython."""

    def __init__(self, seed):
        self.x = seed & 0x7FFFFFFF

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def played_positions(seed, count, max_plies=80):
    """Yield `count` positions met in random games from the start (side on roll = me).

    A generator, not a list: positions kept alive across the tests' allocations would
    fragment the Pico-sized heap the tests run in."""
    rng = Lcg(seed)
    made = 0
    pos = Position.start()
    plies = 0
    while made < count:
        d1 = rng.below(6) + 1
        d2 = rng.below(6) + 1
        plays = legal_plays(pos, d1, d2)
        if len(plays):
            pos = plays[rng.below(len(plays))].apply(pos)
        plies += 1
        if pos.off() == 15 or plies > max_plies:
            pos = Position.start()
            plies = 0
            continue
        pos = pos.swapped()
        made += 1
        yield pos


def pos_from(me_points, opp_points, me_bar=0, opp_bar=0):
    """A Position from {point: count} dicts in each side's own numbering."""
    me = bytearray(25)
    opp = bytearray(25)
    for p in me_points:
        me[p - 1] = me_points[p]
    for p in opp_points:
        opp[p - 1] = opp_points[p]
    me[24] = me_bar
    opp[24] = opp_bar
    pos = Position(me, opp)
    assert pos.is_valid(), pos.validate()     # a test position must be a possible one
    return pos
