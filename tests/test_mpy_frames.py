"""The functions the board calls at every evaluation of a think and at every tick keep their
frame on the C stack: MicroPython allocates a bytecode function's frame on the heap, at
every call, when its state passes 11 words (py/objfun.c), and on the chip's cut heap each
of those allocations walks its holes. Read from the .mpy files mpy-cross makes, as `make
flash` installs them (host_tools/benches/mpy_frames.py)."""
from host_tools.benches import mpy_frames
from tools import firmware_mpy

# called at every evaluation of a think (engine/player.py's walk visitors and its value of
# a result, engine/oneply.py's visit of the strong level's replies) or at every tick of one
# (app/loop.py: at every evaluation)
HOT = [("engine/player.mpy", "_after"), ("engine/player.mpy", "_top"),
       ("engine/oneply.mpy", "reply"), ("engine/search.mpy", "_leaf"),
       ("app/loop.mpy", "think_tick")]


def test_the_hot_functions_of_a_think_keep_their_frame_off_the_heap():
    frames = mpy_frames.heap_frames(firmware_mpy())
    assert [h for h in HOT if h in frames] == [], [(h, frames[h]) for h in HOT if h in frames]
    # the reading itself: a function known to be over the bound is seen over it (the
    # scanner's classification: dozens of locals), and the tick's round, which does the
    # work the tick leaves it, too
    assert ("hw/scanner.mpy", "classify_chunk") in frames
    assert ("app/loop.mpy", "_think_round") in frames


def test_the_prelude_reader_on_functions_of_known_size(tmp_path):
    import subprocess
    from host_tools.cmd_flash import tool
    src = tmp_path / "t.py"
    src.write_text("def small(a, b, c):\n    x = a + b\n    return x * c\n\n\n"
                   "def wide(a, b, c, d, e, f, g, h, i, j, k, l):\n    return a\n\n\n"
                   "def guarded():\n    try:\n        return 1\n    except ValueError:\n        return 2\n")
    subprocess.run([tool("mpy-cross"), str(src)], check=True)
    got = {name: (s, e) for name, s, e, depth in mpy_frames.functions(str(tmp_path / "t.mpy")) if depth}
    assert got["small"][1] == 0 and got["small"][0] <= 8
    assert got["wide"] == (13, 0)          # 12 arguments and the value stack's one
    assert got["guarded"][1] == 1          # a try: one exception stack entry
    assert not mpy_frames.on_heap(*got["small"]) and mpy_frames.on_heap(*got["wide"])
