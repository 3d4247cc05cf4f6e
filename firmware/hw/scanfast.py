"""The walk's inner loop (one reading per sensor channel, then the select step to the next
channel; then the bank's rail/2 reading and its deadband test) and the deadband test of
the sensors walked (run in the next power-up wait) as machine code, for hw/scanner.py: on
the Pico they were most of a scan's bytecode.

    walk, deadband = load(step) or (None, None)    # @micropython.viper functions
    moved = walk(sens, raw, step, mem, xor, rd, refs, floor, k, sh)   # == walk_bytecode(...)
    # 0: the rail/2 reading is in its deadband (stored in refs[k]); else that reading + 1
    nw = deadband(sens, raw, held, queued, work, nw, sh)      # == deadband_bytecode(...)

Why the source is text compiled here: plain mpy-cross (the build the tests, the benches and
the browser load) refuses native code, so the viper function cannot live in an .mpy file
of its own. The board's own compiler makes it once, at power-up, where the port has a native
emitter (the Pico's Thumb emitter, the unix port's x64 one); where it has none (CPython,
the WebAssembly port) load() gives None and the scanner walks in bytecode, with the same
reads and writes in the same order (tests/portable/test_scanner_fast.py checks they agree).

The loop keeps the hardware behind the same calls as the bytecode walk: `rd` (the half's
ADC read_u16, or the fake board's) and `mem[xor] = mask` (machine.mem32, or the fake pins),
so the tests run the code the Pico runs; only the loop itself (its indexing, the array
stores, the iteration, the deadband test) leaves bytecode. No allocation: the sensor
indices, readings and masks are small integers, `xor` stays an object (an address above the
small-int range would be boxed again at every store if it were typed int). The deadband
test runs on 32-bit ints: readings are 16-bit, floors at least FORCE (-2**20), no overflow.
"""

# {P}: ptr16 or ptr32, the step table's item size (hw/scanwalk.py: "H" or "i")
_SOURCE = """
@micropython.viper
def walk(sens, raw, step, mem, xor, rd, refs, floor, k: int, sh: int) -> int:
    s = ptr8(sens)
    r = ptr16(raw)
    st = {P}(step)
    n = int(len(sens))
    j = 0
    while j < n:
        i = s[j]
        r[i] = int(rd())
        mem[xor] = st[i]
        j += 1
    a = int(rd())
    f = ptr32(floor)
    if (a - f[k]) >> sh:
        return a + 1
    ptr16(refs)[k] = a
    return 0

@micropython.viper
def deadband(sens, raw, held, queued, work, nw: int, sh: int) -> int:
    s = ptr8(sens)
    r = ptr16(raw)
    h = ptr32(held)
    q = ptr8(queued)
    w = ptr8(work)
    n = int(len(sens))
    j = 0
    while j < n:
        i = s[j]
        if (r[i] - h[i]) >> sh:
            if not q[i]:
                q[i] = 1
                w[nw] = i
                nw += 1
        j += 1
    return nw
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


def deadband_bytecode(sens, raw, held, queued, work, nw, sh):
    """What the viper deadband test does, in bytecode (hw/scanner.py inlines the same loop):
    each sensor whose reading left its deadband (held: the floor) is queued on the work
    list once; returns the list's new length."""
    for i in sens:
        if (raw[i] - held[i]) >> sh and not queued[i]:
            queued[i] = 1
            work[nw] = i
            nw += 1
    return nw


def load(step):
    """The viper walk for a step table of step's item size and the viper deadband test,
    compiled now: (walk, deadband); None where this interpreter cannot make native code
    (why_not says why)."""
    global why_not
    try:
        import micropython
    except ImportError:
        why_not = "not MicroPython"
        return None
    size = len(bytes(step[:1]))
    g = {"micropython": micropython}
    try:
        exec(_SOURCE.replace("{P}", "ptr32" if size == 4 else "ptr16"), g)
    except Exception as e:    # no native emitter on this port (SyntaxError, ValueError...)
        why_not = "%s: %s" % (type(e).__name__, e)
        return None
    why_not = ""
    return g["walk"], g["deadband"]
