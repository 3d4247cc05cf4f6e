"""hw/scanfast_vp.py's walk16 for a step table of 32-bit masks (hw/scanwalk.py: "i", a pin
map whose select lines are GPIO 16 or above): the same loop, each step read as 32 bits.
Compiled ahead by mpy-cross with the board's architecture; hw/scanfast.py loads it only for
such a pin map."""
import micropython


@micropython.viper
def walk32(sens, raw, step, mem, xor, rd, refs, floor, k: int, sh: int) -> int:
    s = ptr8(sens)
    r = ptr16(raw)
    st = ptr32(step)
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
