"""The cube's bear-off table (firmware/engine/bearoff.bin) is what its generator makes
(`python -m host_tools train bearoff`), and the board reads it to the generator's chances."""
import os
import sys

from tools import ROOT

sys.path.insert(0, os.path.join(ROOT, "firmware"))


def test_the_shipped_table_is_the_generators():
    from host_tools.train import bearoff as gen
    with open(os.path.join(ROOT, "firmware", "engine", "bearoff.bin"), "rb") as f:
        shipped = f.read()
    assert gen.build() == shipped, "run `python -m host_tools train bearoff`"


def test_the_board_reads_every_position_as_the_generator_computed_it():
    # every small position against the one on the ace alone: the board's win chance (its
    # file, binary search, 1/65535) against the generator's chances in double precision
    from engine import bearoff
    from host_tools.train import bearoff as gen
    got, rolls = gen.table()
    path = os.path.join(ROOT, "firmware", "engine", "bearoff.bin")
    ace = bytearray(25)
    ace[0] = 1                      # needs exactly one roll
    for counts, dist in got.items():
        if not sum(counts):
            continue
        me = bytearray(25)
        me[:6] = bytes(counts)
        p = bearoff.probabilities(me, ace, path)[0]
        assert abs(p - dist[1]) < 1e-4, (counts, p, dist[1])     # only by bearing off now
        # and the other way round: the ace on roll wins at once
        assert bearoff.probabilities(ace, me, path)[0] == 1.0
    assert len(got) == 496 and rolls == 7
