"""The scan walk's inner loop and the deadband test as machine code (hw/scanfast.py says what
they do and loads them; its bytecode twins are the same reads and writes in the same
order). Compiled ahead by mpy-cross with the board's architecture (`-march=armv6m` for the
Pico: host_tools/cmd_flash.compile_tree), so power-up compiles nothing. walk16 is for a step
table of 16-bit masks (hw/scanwalk.py: "H", the Pico's pin map: its select lines are GPIO
10-13); hw/scanfast32_vp.py's walk32, the same loop for 32-bit masks ("i"), is a module of
its own so that a board holds only the walk its pin map needs (a viper function keeps its
whole module's code alive)."""
import micropython


@micropython.viper
def walk16(sens, raw, step, mem, xor, rd, refs, floor, k: int, sh: int) -> int:
    s = ptr8(sens)
    r = ptr16(raw)
    st = ptr16(step)
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
