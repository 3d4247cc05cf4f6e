"""The engine made in a fragmented heap (issue 10): a player who powers up and then gives
a seat to the board, asks a hint or turns grading on makes the Engine in the running
board's heap, whose largest free block is 4 to 11 KB on the Pico (an emulated RP2040).
Here the heap is fragmented on purpose (holes of about 4 KB between held blocks, the
rest of the heap filled), then the Engine is made and plays the widest roll (the 2,226
plays of a 1-1): no MemoryError, and the play it chooses in a whole heap.

MicroPython only (CPython's heap has no such blocks): run by tests/test_micropython.py in
the usual heap, a module of its own so that its process starts with a whole heap."""
import gc
import sys

from bg.ids import position_from_id
from heapprobe import fits   # host_tools/fakes: bench heap's probe of one block

TESTS = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
WEIGHTS = TESTS + "/../../firmware/engine/weights.bin"
HARDEST = "AAAAKCWllFIAAA"     # 2,226 distinct plays of 1-1 (docs/engine.md)
HOLE = 4000                    # the largest free block: about the Pico's at the end of a match


def _hardest():
    """The widest roll's position (HARDEST, with 1-1): its two sides as bytes."""
    pos = position_from_id(HARDEST)
    return bytes(pos.me), bytes(pos.opp)


def _fragment():
    """Fill the heap with HOLE-byte blocks, fill what is left with small pins, then free
    every other HOLE block: the free heap is holes of about HOLE bytes, each between two
    blocks still held. Returns (what is held, for the caller to keep; how many holes).
    The blocks are kept in a list made first, not chained: a stale pointer to a chain
    would keep all of them."""
    blocks = [None] * 96
    n = 0
    try:
        while n < len(blocks):
            blocks[n] = bytearray(HOLE)
            n += 1
    except MemoryError:
        pass
    pins = None
    for size in (1024, 256, 64, 16):
        try:
            while True:
                pins = [pins, bytearray(size)]
        except MemoryError:
            pass
    for k in range(0, n, 2):
        blocks[k] = None
    gc.collect()
    return (blocks, pins), (n + 1) // 2


def test_engine_made_in_a_fragmented_heap_plays_the_widest_roll_as_in_a_whole_heap():
    if sys.implementation.name != "micropython":
        return
    from engine.player import Engine       # the engine's code first (not what is tested)
    me, opp = _hardest()
    gc.collect()
    whole = Engine(WEIGHTS).choose(me, opp, 1, 1, "normal")    # in the whole heap
    gc.collect()
    pins, holes = _fragment()
    assert holes >= 12, holes               # room for the engine, in pieces
    assert fits(HOLE - 200) and not fits(HOLE + 512), "the heap is not fragmented as meant"
    e = Engine(WEIGHTS)                     # MemoryError here when a block is over ~4 KB
    got = e.choose(me, opp, 1, 1, "normal")
    assert got == whole, (got, whole)
    assert len(got[0]) == 4
    del pins


# The heap engine.net holds once imported (its code, constants and compiled viper functions),
# measured on a second import so that the names it interns (kept for good) are not counted:
# 2.7 KB on the 64-bit unix port today (3.4 KB when this bound was set); 3.7 KB while its
# layout's constants were names in its dict (now _NAME = const(): inlined); 4.1 KB while the pure-Python path was engine.net's own
# code and back_vp and copy_out_vp were compiled (now engine/net_py.py's PyPath, loaded off
# the board only, back_py and a bytecode copy of the outputs); 11.7 KB while the viper
# functions' 9 KB of source text were string constants of engine.net itself (a .mpy's
# constants live as long as its module).
NET_HEAP_MAX = 3500


def test_the_evaluator_keeps_its_compiled_code_not_the_source_text_it_was_compiled_from():
    if sys.implementation.name != "micropython":
        return
    from base import rare
    import engine.net                  # the first import interns the module's names
    if not engine.net._VIPER:
        return                         # a build without the native emitter: nothing compiled
    # the evaluator and its viper and pure paths out of the heap, whoever loaded them: in
    # `held` below, whichever of them the import keeps (the pure path kept: 6,368 bytes; the
    # viper loader's module kept costs nothing, its functions are engine.net's anyway)
    rare.forget("engine.net", "engine.net_vp", "engine.net_py")
    gc.collect()
    before = gc.mem_alloc()
    import engine.net
    gc.collect()
    held = gc.mem_alloc() - before
    assert engine.net._VIPER           # compiled again
    assert held <= NET_HEAP_MAX, held


# The walker's buffers (its boards, path, dice and its set of distinct results) on the 64-bit
# unix port: 1,280 bytes; 1,952 with 256 slots in the set; 6,432 while doubles went through
# the set too (two 2 KB arrays of 1,024 slots and a 1.5 KB list of the slots taken): a double
# never reaches a result twice (engine/search.py; test_engine_legal checks every visit
# against legal_plays).
WALKER_HEAP_MAX = 1500


def test_the_walker_keeps_only_the_small_set_a_non_double_needs():
    if sys.implementation.name != "micropython":
        return
    from engine.search import Walker
    gc.collect()
    before = gc.mem_alloc()
    w = Walker()
    gc.collect()
    held = gc.mem_alloc() - before
    seen = []
    w.walk(*_hardest(), 1, 1, lambda wk: seen.append(1))
    assert len(seen) == 2226           # every distinct result of the widest double, once
    assert held <= WALKER_HEAP_MAX, held


# The strong level's candidate buffers (the results, plays, hits and 0-ply scores of its 4
# candidates: 240 bytes of bytearrays, 608 bytes of this port's heap with their objects and
# the scores' list) are made at its first think: without the leaf net's file, an engine
# that plays, hints or grades at the normal level never holds them (issue 10's heap: the
# board in a seat); with it, the normal level's first think makes them (it keeps its best 4
# there for the leaf net).
CANDIDATES_MIN = 240


def test_the_strong_levels_buffers_are_made_at_its_first_strong_think():
    if sys.implementation.name != "micropython":
        return
    from engine.player import Engine
    pos = position_from_id("4HPwATDgc/ABMA")     # the start: the 3-1 has several candidates
    me = bytes(pos.me)
    opp = bytes(pos.opp)
    e = Engine(WEIGHTS, None, False)
    normal = e.choose(me, opp, 3, 1, "normal")
    gc.collect()
    after_normal = gc.mem_alloc()
    strong = e.choose(me, opp, 3, 1, "strong")
    gc.collect()
    after_strong = gc.mem_alloc()
    assert normal == strong == (((8, 5), (6, 5)), (False, False)), (normal, strong)
    assert after_strong - after_normal >= CANDIDATES_MIN, after_strong - after_normal
    e.choose(me, opp, 3, 1, "strong")          # made once: a second strong think adds nothing
    gc.collect()
    assert gc.mem_alloc() - after_strong < CANDIDATES_MIN, gc.mem_alloc() - after_strong


# The heap engine.player holds once imported (its code and constants; measured on a second
# import, as engine.net's above): 4,320 bytes on the 64-bit unix port; 4,832 while ROLLS,
# the 21 rolls as a tuple of pairs, was a module constant (now made when asked: the strong
# level walks the rolls from two ranges).
PLAYER_HEAP_MAX = 4500


def test_the_player_module_keeps_no_table_of_the_rolls():
    if sys.implementation.name != "micropython":
        return
    from base import rare
    import engine.player               # the first import interns the module's names
    rare.forget(engine.player.__name__)
    gc.collect()
    before = gc.mem_alloc()
    import engine.player
    gc.collect()
    held = gc.mem_alloc() - before
    assert engine.player.ROLLS[0] == (1, 1) and len(engine.player.ROLLS) == 21
    assert held <= PLAYER_HEAP_MAX, held


# What the widest think holds besides the engine, at its deepest point (the frames of the
# calls down to the evaluation, as the board's tick sees them): 896 bytes on the 64-bit unix
# port; 1,952 while bg/walk.py's StepWalk walked by recursion (a MicroPython frame of more
# than about 11 words is allocated on the heap: 4 frames of _step deep in a 1-1, each with
# its 24 locals), the board in a seat's peak (issue 10).
THINK_HEAP_MAX = 1300


def test_the_widest_think_holds_little_beside_the_engine():
    if sys.implementation.name != "micropython":
        return
    from engine.player import Engine
    me, opp = _hardest()
    e = Engine(WEIGHTS)
    peak = [0, 0]

    def tick():
        gc.collect()
        peak[1] += 1
        a = gc.mem_alloc()
        if a > peak[0]:
            peak[0] = a
    e.tick = tick
    e.choose(me, opp, 1, 1, "normal")        # the code's first run (names interned) first
    gc.collect()
    before = gc.mem_alloc()
    peak[0] = 0
    got = e.choose(me, opp, 1, 1, "normal")
    assert len(got[0]) == 4 and peak[1] >= 2 * 2226 // 32
    assert peak[0] - before <= THINK_HEAP_MAX, peak[0] - before
