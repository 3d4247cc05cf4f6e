"""The heap in use, for the tests that bound what the board keeps: MicroPython's
gc.mem_alloc() after a collection. CPython has no such figure: held() is None there, and a
test that bounds the heap checks only the behaviour (a module of its own, imported only by
those tests: the portable run's 240 KB is at its edge)."""
import gc


def held():
    """Bytes in use after a collection (MicroPython); None under CPython."""
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else None


def grew(before):
    """Bytes in use now beyond `before` (held()'s figure), or None under CPython."""
    return None if before is None else held() - before
