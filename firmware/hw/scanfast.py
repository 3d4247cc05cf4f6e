"""The walk's inner loop (one reading per sensor channel, then the select step to the next
channel; then the bank's rail/2 reading and its deadband test) and the deadband test of
the sensors walked (run in the next power-up wait) as machine code, for hw/scanner.py: on
the Pico they were most of a scan's bytecode.

    walk, deadband = load(step) or (None, None)    # @micropython.viper functions
    moved = walk(sens, raw, step, mem, xor, rd, refs, floor, k, sh)   # == walk_bytecode(...)
    # 0: the rail/2 reading is in its deadband (stored in refs[k]); else that reading + 1
    nw = deadband(sens, raw, held, queued, work, nw, sh)      # == hw.scanner.deadband_bytecode(...)

The viper functions are hw/scanfast_vp.py's, compiled ahead by mpy-cross with the board's
architecture (host_tools/cmd_flash.compile_tree): power-up compiles nothing. Where native
code cannot load (CPython, the WebAssembly port) load() gives None and the scanner walks in
bytecode, with the same reads and writes in the same order
(tests/portable/test_scanner_fast.py checks they agree).

The loop keeps the hardware behind the same calls as the bytecode walk: `rd` (the half's
ADC read_u16, or the fake board's) and `mem[xor] = mask` (machine.mem32, or the fake pins),
so the tests run the code the Pico runs; only the loop itself (its indexing, the array
stores, the iteration, the deadband test) leaves bytecode. No allocation: the sensor
indices, readings and masks are small integers, `xor` stays an object (an address above the
small-int range would be boxed again at every store if it were typed int). The deadband
test runs on 32-bit ints: readings are 16-bit, floors at least FORCE (-2**20), no overflow.
"""

why_not = ""      # why load() gave None (no native emitter, ...), for the benches and the log


def walk_bytecode(sens, raw, step, mem, xor, rd, refs, floor, k, sh):
    """What the viper walk does, in bytecode (hw/scanner.py inlines the same loop)."""
    for i in sens:
        raw[i] = rd()
        mem[xor] = step[i]
    a = rd()
    if (a - floor[k]) >> sh:
        return a + 1
    refs[k] = a
    return 0


def load(step):
    """The viper walk for a step table of step's item size and the viper deadband test:
    (walk, deadband); None where this interpreter cannot load native code (why_not says
    why). Their module is forgotten once they are taken."""
    global why_not
    size = len(bytes(step[:1]))
    import sys
    if getattr(sys.implementation, "_mpy", 0) >> 10 == 0:   # (its bits 10+: the native arch)
        why_not = "no native code on %s" % sys.implementation.name
        return None
    try:
        from hw.scanfast_vp import walk16, deadband
        walk = walk16
        if size == 4:
            from hw.scanfast32_vp import walk32
            walk = walk32
    except Exception as e:   # no native code here, or of another architecture
        why_not = "%s: %s" % (type(e).__name__, e)
        return None
    finally:
        from base import rare
        rare.forget("hw.scanfast_vp", "hw.scanfast32_vp")
    why_not = ""
    return walk, deadband
