"""Cortex-M0+ cycles of a viper loop, counted in the Thumb code the board runs: the module
compiled by `mpy-cross -march=armv6m` (as `make flash` compiles it), disassembled (LLVM's
llvm-objcopy and llvm-objdump, or GNU's arm-none-eabi-objdump), and one pass of the loop
followed along a path of conditions given as T/F, each instruction priced as the M0+ does
(bench_native._cycles: ALU and the single-cycle multiplier 1, load and store 2, a taken
branch 2, an untaken one 1, push and pop 1 + registers).

    loop_cycles("engine/net_vp.py", function=2, loop=0, path="TT")   # (instructions, cycles)

Viper compiles a comparison into 0 or 1 in r0 and then tests r0 (`cmp r0, #0` then `bne`
or `beq`): one condition of `path` decides both branches; a branch on any other comparison
is the condition itself. Conditions past the end of `path` are true. A model, not the chip:
no flash wait states (the code is in RAM, in the heap), no interrupts.
"""
import os
import re
import shutil
import subprocess
import tempfile

from host_tools.benches.bench_native import _cycles


def _tools():
    """('llvm', objcopy, objdump) or ('gnu', None, objdump) or None."""
    gnu = shutil.which("arm-none-eabi-objdump")
    if gnu:
        return "gnu", None, gnu
    objcopy, objdump = shutil.which("llvm-objcopy"), shutil.which("llvm-objdump")
    if objcopy and objdump:
        return "llvm", objcopy, objdump
    return None


def available():
    return _tools() is not None


def disassemble(rel):
    """Two listings [(address, mnemonic, operands)] of firmware/REL compiled for the Pico (the
    .mpy from its first byte and from its second: a function's code sits at an even or an odd
    offset of it, and only one listing is in step with it), or None without a disassembler."""
    from host_tools.cmd_flash import tool, viper_text
    tools = _tools()
    if tools is None:
        return None
    kind, objcopy, objdump = tools
    work = tempfile.mkdtemp(prefix="tablier-thumb-")
    src = os.path.join(work, "m.py")
    with open(src, "w") as f:
        f.write(viper_text(rel))
    subprocess.run([tool("mpy-cross"), "-march=armv6m", "m.py"], cwd=work, check=True, capture_output=True)
    data = open(os.path.join(work, "m.mpy"), "rb").read()
    listings = []
    for skip in (0, 1):
        binary = os.path.join(work, "code%d.bin" % skip)
        with open(binary, "wb") as f:
            f.write(data[skip:])
        if kind == "gnu":
            cmd = [objdump, "-D", "-b", "binary", "-m", "arm", "-M", "force-thumb", binary]
        else:
            obj = binary + ".o"
            subprocess.run([objcopy, "-I", "binary", "-O", "elf32-littlearm", binary, obj], check=True,
                           capture_output=True)
            cmd = [objdump, "-D", "--triple=thumbv6m-none-eabi", obj]
        text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        out = []
        for line in text.splitlines():
            # "  54:\tb5fe      \tpush\t{r1, lr}" (GNU) or "      54: fe b5   \tpush\t{r1, lr}" (LLVM)
            m = re.match(r"\s*([0-9a-f]+):\s*([0-9a-f ]+?)\s*\t(\S+)\s*(.*)", line)
            if m:
                out.append((int(m.group(1), 16), m.group(3), m.group(4).split("@")[0].split(";")[0].strip()))
        listings.append(out)
    return listings


def _target(ops):
    m = re.match(r"(?:0x)?([0-9a-f]+)\b", ops)
    return int(m.group(1), 16) if m else None


def functions(ins):
    """The start addresses of the module's viper functions (each opens with push {..., lr})."""
    return [a for a, mn, ops in ins if mn.startswith("push") and "lr" in ops]


def loops(ins, lo, hi):
    """[(start, end)] of the loops between addresses lo and hi, by their start: a backward
    branch at `end` to `start` (`while n:` ends in `bne`, `while j < nh:` in `b`)."""
    out = []
    for a, mn, ops in ins:
        if lo <= a < hi and mn.startswith("b") and mn.split(".")[0] not in ("bl", "blx", "bx"):
            t = _target(ops)
            if t is not None and lo <= t < a:
                out.append((t, a))
    return sorted(set(out))


def path_cycles(ins, start, path=""):
    """(instructions, cycles) of one pass from `start` back to it along `path`."""
    at = {a: k for k, (a, _, _) in enumerate(ins)}
    dec = [c == "T" for c in path]
    k = at[start]
    n = cyc = 0
    prev = None
    pending = None
    while n < 5000:
        a, mn, ops = ins[k]
        base = mn.split(".")[0]
        if base == "nop":
            k += 1
            continue
        t = _target(ops) if base.startswith("b") else None
        if base == "b" and t is not None:
            n, cyc = n + 1, cyc + 2
            if t == start:
                return n, cyc
            k, prev = at[t], (base, ops)
            continue
        if base.startswith("b") and base not in ("bl", "blx", "bx") and t is not None:
            r0test = prev is not None and prev[0] == "cmp" and prev[1].replace(" ", "") == "r0,#0"
            if r0test:
                d = pending if pending is not None else (dec.pop(0) if dec else True)
                pending = None
                taken = d if base == "bne" else not d
            else:
                d = dec.pop(0) if dec else True
                pending = d
                taken = d
            n += 1
            if taken:
                cyc += 2
                if t == start:
                    return n, cyc
                k = at[t]
            else:
                cyc += 1
                k += 1
            prev = (base, ops)
            continue
        n, cyc = n + 1, cyc + _cycles(mn, ops)
        prev = (base, ops)
        k += 1
    raise ValueError("no way back to the loop's start from 0x%x" % start)


def loop_cycles(rel, function, loop, path=""):
    """(instructions, cycles) of one pass of the loop-th loop (by start address) of the
    function-th viper function of firmware/REL, or None without a disassembler. The listing
    in step with the function is the one where it has its push, its loops and a way round."""
    listings = disassemble(rel)
    if listings is None:
        return None
    for ins in listings:
        starts = functions(ins)
        if len(starts) <= function:
            continue
        hi = starts[function + 1] if function + 1 < len(starts) else ins[-1][0] + 1
        found = loops(ins, starts[function], hi)
        if len(found) > loop:
            try:
                return path_cycles(ins, found[loop][0], path)
            except (KeyError, ValueError):
                continue
    raise ValueError("%s: no loop %d in viper function %d" % (rel, loop, function))
