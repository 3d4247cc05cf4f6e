"""Bench: what `@micropython.viper` would buy the scanner's walk, against the same loop in
bytecode (issue 8: state the native factor). Not firmware: the firmware has no native code
(the tests and benches compile it with plain mpy-cross, which refuses native code; `flash`
passes -march=armv6m and could carry it).

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
    """(walk, calls, total) Pico ms of the fast-play mean scan, samples=3, as `bench scan`
    last wrote them, or None."""
    import re
    from host_tools.benchmd import read_section
    m = re.search(r"\| samples=3, fast play \(.*?mean \| \d+ \| ([\d.]+) \+ ([\d.]+) \+ .*?\*\*([\d.]+)\*\*",
                  read_section("scan"))
    return tuple(float(x) for x in m.groups()) if m else None


def viper_scan_ms():
    """The fast-play mean scan with its walk and calls replaced by a viper walk (Pico ms, an
    estimate), from this section and the scan section as last written; or None."""
    import re
    from host_tools.benchmd import read_section
    m = re.search(r"a viper walk is about ([\d.]+) ms", read_section("native"))
    parts = scan_parts()
    if not m or not parts:
        return None
    return parts[2] - parts[0] - parts[1] + float(m.group(1))


def run():
    m = measure()
    wb, wv = m["walk"]
    db, dv = m["deadband"]
    ms = PICO_FACTOR / 1000.0
    parts = scan_parts()
    viper_walk = wv * ms + N * ADC_US / 1000.0
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
        "walk is the ADC: %d conversions of %.0f us are %.2f ms a scan, so a viper walk is about "
        "%.2f ms (code + conversions) against the bytecode walk's %s ms (walk + calls, "
        "bench scan, fast play mean). A viper walk would not change the 13 power-up waits of 350 "
        "us (4.55 ms, the sensors' tON) nor the work hidden in them: the fast-play mean scan "
        "would be about %s ms." % (
            min(wb / wv, db / dv), max(wb / wv, db / dv), PICO_FACTOR, PICO_FACTOR, N, ADC_US,
            N * ADC_US / 1000.0, viper_walk,
            "%.1f + %.1f" % parts[:2] if parts else "(run bench scan)",
            "%.1f" % (parts[2] - parts[0] - parts[1] + viper_walk) if parts else "?"),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
