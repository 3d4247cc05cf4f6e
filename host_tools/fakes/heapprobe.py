"""Probes of MicroPython's heap blocks, for the benches and the portable tests (not a fake
of a board part: it lives here because this directory is on the path of both, the tests'
through tests/mp_run.py and conftest, the benches' replay as text, bench_app.SCRIPT).

Both ask what the running board could still allocate in one piece: the heap never moves a
block, so the free total says little once it is fragmented (BENCHMARKS.md, bench:heap)."""
import gc


def fits(n):
    """Whether one allocation of n bytes (a bytearray's buffer) succeeds now."""
    try:
        bytearray(n)
        return True
    except MemoryError:
        return False


def largest_free():
    """The largest single allocation that succeeds now, by bisection. A last small one
    overwrites the stack slot that held the big one (the collector scans the stack
    conservatively)."""
    lo, hi = 0, gc.mem_free()
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    fits(16)
    gc.collect()
    return lo
