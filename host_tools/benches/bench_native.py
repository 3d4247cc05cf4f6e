"""Bench: what `@micropython.viper` on the ADC and SIO registers themselves would buy the
scanner's walk, against the same loop in bytecode (issue 8: state the native factor), and
the Thumb cycle model of the viper loop the firmware does carry (hw/scanfast.py, which
calls read_u16 and mem32 like the bytecode: viper_walk_cycles, used by bench scan). The
register walk is not firmware: it would bypass the fake pins the tests run the scanner on.

The two loops, under the MicroPython unix port (`-X heapsize=200K`), the script compiled by
the port itself (viper needs its native emitter):
  walk      per sensor: one ADC reading into raw[i], the XOR mask to the next channel written.
            Bytecode as hw/scanner.py's walk, on null stand-ins (an array for the register
            file, an iterator's __next__ for read_u16; their own C time is left in, see below);
            viper on register stand-ins (ptr32 on arrays): the SIO XOR register written, the
            ADC's CS.START_ONCE set, CS.READY polled, RESULT read and scaled as read_u16 does.
  deadband  per sensor: raw[i] - held[i] shifted by the deadband, counted (the test the
            scanner runs in the power-up waits).
Pico estimate: bytecode x PICO_FACTOR (measured on an emulated RP2040 for bytecode); for
viper the same factor is an assumption (the host's advantage on plain machine code is of the
same order, unmeasured here: no Pico, no emulator with this firmware on this machine), and
the ADC conversion itself (2 us a reading, 96 ADC clocks at 48 MHz, datasheet) is hardware
time that no code shortens.
"""
import os
import subprocess
import sys
import tempfile

from host_tools.benchmd import PICO_FACTOR

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
N = 172            # readings per scan (bench scan: 152 sensors, 13 rail/2, self-test)
ADC_US = 2.0       # one RP2040 ADC conversion (datasheet: 500 ksps)

SCRIPT = r"""
import time, micropython
from array import array
N = %d
sens = bytes(range(N))
raw = array("H", bytes(2 * N))
step = array("H", [(i * 7) & 0xffff for i in range(N)])
held = array("h", [100] * N)
regs = array("i", bytes(64))
answers = array("H", [1000 + i for i in range(N)])
adcreg = array("i", [0x100, 2000])

def walk_bytecode(sens, raw, step, mem, rd):
    xor = 7
    for i in sens:
        raw[i] = rd()
        mem[xor] = step[i]

@micropython.viper
def walk_viper(sens, raw, step, sio, adc, n: int):
    s = ptr8(sens)
    r = ptr16(raw)
    st = ptr16(step)
    io = ptr32(sio)
    a = ptr32(adc)
    j = 0
    while j < n:
        i = s[j]
        a[0] = a[0] | 4
        while not (a[0] & 0x100):
            pass
        v = a[1] & 0xfff
        r[i] = (v << 4) | (v >> 8)
        io[7] = st[i]
        j += 1

def deadband_bytecode(sens, raw, held, sh):
    c = 0
    for i in sens:
        if (raw[i] - held[i]) >> sh:
            c += 1
    return c

@micropython.viper
def deadband_viper(sens, raw, held, sh: int, n: int) -> int:
    s = ptr8(sens)
    r = ptr16(raw)
    h = ptr16(held)
    c = 0
    j = 0
    while j < n:
        i = s[j]
        if (r[i] - int(h[i])) >> sh:
            c += 1
        j += 1
    return c

def best(fn, reps=1000):
    b = None
    for _ in range(10):
        t = time.ticks_us()
        for _ in range(reps):
            fn()
        us = time.ticks_diff(time.ticks_us(), t) / reps
        b = us if b is None or us < b else b
    return b

def null():
    pass
base = best(null)
it = best(lambda: iter(answers).__next__) - base
print("walk|%%.3f|%%.3f" %% (best(lambda: walk_bytecode(sens, raw, step, regs, iter(answers).__next__)) - base - it,
                           best(lambda: walk_viper(sens, raw, step, regs, adcreg, N)) - base))
print("deadband|%%.3f|%%.3f" %% (best(lambda: deadband_bytecode(sens, raw, held, 6)) - base,
                               best(lambda: deadband_viper(sens, raw, held, 6, N)) - base))
""" % N


# The viper factor of the walk's loop, modelled as bench_engine models the net's (docs/
# engine.md): hw/scanfast.py's viper source compiled by `mpy-cross -march=armv6m`, the loop
# disassembled with arm-none-eabi-objdump and its Thumb instructions priced at Cortex-M0+
# cycles (1 per ALU op, 2 per load, store and branch taken, 2 per blx, push/pop 1 + regs);
# each runtime helper the loop calls (blx: the read's call, the int conversions, the register
# store) HELPER_CYCLES more for its own entry and exit. The read_u16 and mem32 store
# themselves stay priced by bench scan's call costs (6 us, 2 us, call included): counted twice.
PICO_MHZ = 125
HELPER_CYCLES = 30


def _cycles(mnemonic, operands):
    m = mnemonic.split(".")[0]
    if m in ("push", "pop"):
        return 1 + operands.count(",") + 1
    if m.startswith("ld") or m.startswith("st"):
        return 2
    if m in ("blx", "bl") or m[0] == "b":
        return 2 + (HELPER_CYCLES if m == "blx" else 0)
    return 1


def viper_walk_cycles():
    """(Thumb instructions, Cortex-M0+ cycles, helper calls) of one iteration of
    hw/scanfast.py's loop (16-bit steps, the pin map's), or None without the tools."""
    import re
    import shutil
    from host_tools.cmd_flash import tool
    objdump = shutil.which("arm-none-eabi-objdump")
    if not objdump:
        return None
    from host_tools.cmd_flash import viper_text
    work = tempfile.mkdtemp(prefix="tablier-bench-native-")
    src = os.path.join(work, "walk.py")
    with open(src, "w") as f:
        # the 16-bit walk alone (the module's first function; the deadband test follows it)
        walk_src = viper_text("hw/scanfast_vp.py").split("@micropython.viper\ndef deadband")[0]
        f.write(walk_src)
    subprocess.run([tool("mpy-cross"), "-march=armv6m", "walk.py"], cwd=work, check=True,
                   capture_output=True)
    for skip in (0, 1):
        # the machine code sits at an even or an odd offset of the .mpy (its header's length)
        dis = subprocess.run([objdump, "-D", "-b", "binary", "-m", "arm", "-M", "force-thumb",
                              "--start-address=%d" % skip, os.path.join(work, "walk.mpy")],
                             check=True, capture_output=True, text=True).stdout
        ins = []
        for line in dis.splitlines():
            m = re.match(r"\s*([0-9a-f]+):\s+[0-9a-f]{4}(?: [0-9a-f]{4})?\s+(\S+)\s*(.*)", line)
            if m:
                ins.append((int(m.group(1), 16), m.group(2), m.group(3)))
        # the loop: the last backward conditional branch (`while j < n`) to a target that
        # follows a branch into the test (the loop's entry), as mpy-cross lays it out
        back = [(a, int(re.match(r"0x([0-9a-f]+)", ops).group(1), 16)) for a, mn, ops in ins
                if re.match(r"b(ne|eq|lt|ge|gt|le)\.n", mn) and re.match(r"0x[0-9a-f]+", ops)
                and int(re.match(r"0x([0-9a-f]+)", ops).group(1), 16) < a]
        if back and sum(1 for a, mn, _ in ins if back[-1][1] <= a <= back[-1][0] and mn == "blx") == 4:
            break
    else:
        return None
    end, start = back[-1]
    body = [(mn, ops) for a, mn, ops in ins if start <= a <= end and mn != "nop"]
    return (len(body), sum(_cycles(mn, ops) for mn, ops in body),
            sum(1 for mn, _ in body if mn == "blx"))


def viper_walk_us_per_sensor():
    """Pico us of one iteration of the viper walk's loop (the model above), or None."""
    c = viper_walk_cycles()
    return c[1] / float(PICO_MHZ) if c else None


def measure():
    """{loop: (bytecode host us, viper host us)} per scan's worth (N sensors)."""
    path = os.path.join(tempfile.mkdtemp(prefix="tablier-bench-native-"), "native_run.py")
    with open(path, "w") as f:
        f.write(SCRIPT)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=200K", path], capture_output=True,
                          text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError("bench_native failed:\n" + proc.stdout + proc.stderr)
    out = {}
    for line in proc.stdout.splitlines():
        f = line.split("|")
        out[f[0]] = (float(f[1]), float(f[2]))
    return out


def scan_parts():
    """(walk, calls, total, reads, writes) of the fast-play mean scan, samples=3, as `bench
    scan` last wrote them (Pico ms; reads and mem32 writes per scan), or None."""
    import re
    from host_tools.benchmd import read_section
    m = re.search(r"\| samples=3, fast play \(.*?mean \| \d+ \| ([\d.]+) \+ ([\d.]+) \+ .*?\*\*([\d.]+)\*\* "
                  r"\| (\d+) / (\d+) \|", read_section("scan"))
    return tuple(float(x) for x in m.groups()) if m else None


SENSORS = 152      # the sensors the walk's loop reads (the rest of the reads: rail/2, self-test)
READ_US, WRITE_US = 6.0, 2.0     # bench scan's call prices, call included


def register_walk_scan_ms(parts, loop_ms):
    """The fast-play mean scan with the walk's sensor loop on the registers (loop_ms for the
    152 sensors, ADC conversions included) instead of today's viper loop through read_u16
    and mem32: the loop's calls and its modelled cycles come out, the rest of the walk
    (bank switching, rail/2 and self-test reads, still through the calls) stays."""
    walk, calls, total, reads, writes = parts
    cyc = viper_walk_cycles()
    today_loop = SENSORS * (cyc[1] / float(PICO_MHZ) if cyc else 0.0) / 1000.0
    rest_calls = ((reads - SENSORS) * READ_US + (writes - SENSORS) * WRITE_US) / 1000.0
    return total - calls - today_loop + rest_calls + loop_ms


def viper_scan_ms():
    """register_walk_scan_ms from this section and the scan section as last written (Pico ms,
    an estimate), or None."""
    import re
    from host_tools.benchmd import read_section
    m = re.search(r"the sensor loop on the registers is about ([\d.]+) ms", read_section("native"))
    parts = scan_parts()
    if not m or not parts:
        return None
    return register_walk_scan_ms(parts, float(m.group(1)))


def run():
    m = measure()
    wb, wv = m["walk"]
    db, dv = m["deadband"]
    ms = PICO_FACTOR / 1000.0
    parts = scan_parts()
    viper_walk = wv * ms + N * ADC_US / 1000.0
    reg_loop = (wv * ms * SENSORS / N) + SENSORS * ADC_US / 1000.0
    lines = [
        "Viper against bytecode (`.venv/bin/python -m host_tools bench native`; "
        "host_tools/benches/bench_native.py): the scanner's inner loops for %d readings (one scan), "
        "MicroPython unix port, best of 10 x 1000 runs." % N,
        "",
        "| loop, one scan | bytecode host us | viper host us | bytecode / viper | Pico ms bytecode (x %d) | Pico ms viper (x %d, assumed) |" % (PICO_FACTOR, PICO_FACTOR),
        "|---|---:|---:|---:|---:|---:|",
        "| walk: reading + select step (viper on the ADC and SIO registers; bytecode with its C calls' host time) | %.2f | %.2f | %.0fx | %.2f | %.2f |" % (wb, wv, wb / wv, wb * ms, wv * ms),
        "| deadband test | %.2f | %.2f | %.0fx | %.2f | %.2f |" % (db, dv, db / dv, db * ms, dv * ms),
        "",
        "The native factor: viper runs these loops %.0f-%.0fx faster than bytecode on this host. On "
        "the Pico the same code would take host time x F; F is measured for bytecode (%d) and not "
        "for native code (no Pico or RP2040 emulator with this firmware here), so the viper column "
        "assumes %d too: a 2x error there moves a viper walk by under 0.2 ms. What bounds a viper "
        "walk is the ADC: %d conversions of %.0f us are %.2f ms a scan, so a viper walk of every "
        "reading would be about %.2f ms (code + conversions). Not in the firmware: it would bypass "
        "the fake pins every test runs the scanner on. Of a scan, only the sensor loop would move "
        "to the registers (the bank switching, the rail/2 and self-test reads are the scan's "
        "bytecode between its power-up waits): the sensor loop on the registers is about %.2f ms "
        "(%d conversions and their code), and with it the fast-play mean scan would be about %s ms "
        "(bench scan's %s ms, minus the loop's %d reads and writes through read_u16 and mem32 and "
        "the firmware's viper loop). It would not change the 13 power-up waits of 350 us (4.55 ms, "
        "the sensors' tON) nor the work hidden in them." % (
            min(wb / wv, db / dv), max(wb / wv, db / dv), PICO_FACTOR, PICO_FACTOR, N, ADC_US,
            N * ADC_US / 1000.0, viper_walk, reg_loop, SENSORS,
            "%.1f" % register_walk_scan_ms(parts, reg_loop) if parts else "?",
            "%.1f" % parts[2] if parts else "(run bench scan)", SENSORS),
    ]
    cyc = viper_walk_cycles()
    if cyc:
        lines += ["", "The firmware's viper loop (hw/scanfast.py: the same reading and select step, "
                  "through read_u16 and mem32 as the bytecode, so it runs on the fake pins too): "
                  "`mpy-cross -march=armv6m` and arm-none-eabi-objdump give %d Thumb instructions "
                  "an iteration, %d Cortex-M0+ cycles with its %d runtime helper calls at %d cycles "
                  "each for their entry and exit: %.2f us an iteration at %d MHz, on top of the read "
                  "and store calls that bench scan prices (%d sensors: %.2f ms a scan; this is the "
                  "model bench scan uses for that loop)." % (
                      cyc[0], cyc[1], cyc[2], HELPER_CYCLES, cyc[1] / float(PICO_MHZ), PICO_MHZ,
                      152, 152 * cyc[1] / float(PICO_MHZ) / 1000.0)]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
