"""What power-up frees is one region of the heap (BENCHMARKS.md, bench:heap, issue 9's
largest free block after power-up): the rare code power-up loads and forgets (the match's
rules, the first record lines, the LED map, store) must not leave holes under the objects
the board keeps, or the largest allocation the running board can make shrinks by more than
what it keeps. The property is MicroPython's (its heap does not move; CPython's has no
blocks to split): under CPython the test only checks that power-up runs."""
import gc
import sys
from apprig import rig
from heapprobe import largest_free   # host_tools/fakes: bench heap's own probe

MICROPYTHON = sys.implementation.name == "micropython"


def test_the_largest_free_block_loses_little_more_than_power_up_keeps():
    if not MICROPYTHON:
        sc, app, lines = rig()
        assert app.table.match.score == [0, 0]         # a fresh match
        return
    gc.collect()
    free_before = gc.mem_free()
    block_before = largest_free()
    sc, app, lines = rig()
    assert app.table.match.score == [0, 0]             # a fresh match
    gc.collect()
    kept = free_before - gc.mem_free()                 # what power-up keeps (App, Table, names)
    lost = block_before - largest_free()
    # holes under what is kept would make `lost` larger than `kept` by their size: a few
    # KB of slack for the bisection's own small objects and the names' pool's growth
    print("power-up keeps %d bytes, the largest free block lost %d" % (kept, lost))
    assert lost <= kept + 4096, (kept, lost)
