"""Bench: one full scan of all 152 hall sensors (+ self-test channels) under the MicroPython
unix port with the Pico's heap, and the time from a checker coming to rest to its reading.

How the fake's cost is removed: the scan is timed three ways in the same interpreter,
  (a) on the simulated board (fake pins + physical model behind the fake ADC),
  (b) on null stand-ins (a pin whose value() does nothing, an ADC returning a constant),
  (c) the null stand-ins' own calls alone, as many as one scan makes.
The scanner's own interpreter cost is (b) - (c). The Pico estimate is that x PICO_FACTOR,
plus what the hardware adds and the interpreter does not: read_u16 ~5 us and Pin.value
~3 us per call (hardware-brief 2.1, estimates), and the bank power-up waits (13 x 350 us).
"""
import os
import re
import subprocess
import sys

from host_tools.benchmd import PICO_FACTOR

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
READ_US_PICO = 5.0      # ADC.read_u16 on the RP2040, C side (hardware-brief 2.1, est.)
PIN_US_PICO = 3.0       # Pin.value(x) on the RP2040, C side (est.)

SCRIPT = r"""
import sys, gc, time
sys.path[:0] = ['tests/portable', 'firmware', 'host_tools/fakes', 'host_tools']
from scanrig import rig, settle, WHITE, BLACK, cfg
import fake_adc
from hw.scanner import Scanner

def per_scan_us(fn, n):
    # the best of 5 runs: the host is shared, the minimum is the code's own cost
    best = None
    for _ in range(5):
        gc.collect()
        t = time.ticks_us()
        for _ in range(n // 5):
            fn()
        us = time.ticks_diff(time.ticks_us(), t) / (n // 5)
        if best is None or us < best:
            best = us
    return best

board, sc = rig(seed=1)
w = [0] * 26; b = [0] * 26
for p, k in ((24, 2), (13, 5), (8, 3), (6, 5)):
    w[p] = k; b[25 - p] = k
board.set_position_counts(w, b)
settle(sc)
N = 200
sc.selftest_every = 0
print("sim_scan_us", per_scan_us(sc.scan, N))
sc.selftest_every = 10
print("sim_scan_selftest_us", per_scan_us(sc.scan, N))
print("sim_read_all_us", per_scan_us(sc.read_all, N))
print("sim_classify_us", per_scan_us(sc.classify, N))
print("compose_us", per_scan_us(sc._compose, N))
gc.collect(); free = gc.mem_free()
for _ in range(50):
    sc.scan()
print("alloc_per_scan_bytes", (free - gc.mem_free()) / 50)

class NullPin:
    calls = 0
    def value(self, v=None):
        NullPin.calls += 1
class NullADC:
    calls = 0
    def read_u16(self):
        NullADC.calls += 1
        return 30000
sel = [NullPin() for _ in range(4)]; bank = [NullPin() for _ in range(3)]; en = [NullPin() for _ in range(2)]
nsc = Scanner(sel, bank, en, [NullADC(), NullADC()], sc.cal, settle_us=0)
for k in (0, 10):
    nsc.selftest_every = k
    nsc.scan()
    nsc.scans = 9                      # the next scan is a self-test scan when k = 10
    NullPin.calls = NullADC.calls = 0
    nsc.scan()
    r, wr = NullADC.calls, NullPin.calls
    print("reads_%d" % k, r, "writes_%d" % k, wr)
    nsc.selftest_every = k and 1       # time the self-test scan itself
    print("null_scan_us_%d" % k, per_scan_us(nsc.scan, N))
    p = NullPin(); a = NullADC()
    def calls():
        for _ in range(wr):
            p.value(1)
        for _ in range(r):
            a.read_u16()
    def loop_only():
        for _ in range(wr):
            pass
        for _ in range(r):
            pass
    print("null_calls_us_%d" % k, per_scan_us(calls, 50) - per_scan_us(loop_only, 50))

# rest -> reading: scans from a checker placed until its slot changes, and until settled
sc.quiet_scans = cfg.BOARD_QUIET_MS // cfg.SCAN_PERIOD_MS
settle(sc)
board.place(3, WHITE)
n_slot = n_settled = 0
before = sc.sensed.lo[3]
for k in range(1, 200):
    s = sc.scan()
    if not n_slot and s.lo[3] != before:
        n_slot = k
    if n_slot and sc.settled:
        n_settled = k
        break
print("scans_to_slot", n_slot, "scans_to_settled", n_settled)
"""


def _measure():
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=200K", "-c", SCRIPT], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError("bench_scan failed under MicroPython:\n" + proc.stdout + proc.stderr)
    vals = {}
    for line in proc.stdout.splitlines():
        toks = line.split()
        for i in range(0, len(toks) - 1, 2):
            vals[toks[i]] = float(toks[i + 1])
    return vals


def run():
    v = _measure()
    lines = []
    w = lines.append
    settle_ms = 13 * 350 / 1000.0
    w("Full scan of 152 hall sensors + ch15 of 13 banks, 3 samples each (median), MicroPython")
    w("unix port `-X heapsize=200K` (command: `python -m host_tools bench scan`).")
    w("")
    w("| | host us / scan | Pico est. ms / scan | scans/s on the Pico |")
    w("|---|---|---|---|")
    for k, label in ((0, "normal scan"), (10, "with self-test channels (every 10th scan)")):
        own = v["null_scan_us_%d" % k] - v["null_calls_us_%d" % k]
        hw = v["reads_%d" % k] * READ_US_PICO + v["writes_%d" % k] * PIN_US_PICO
        pico_ms = (own * PICO_FACTOR + hw) / 1000.0 + settle_ms
        w("| %s: scanner's own code | %.0f | %.1f (= %.1f interp. + %.1f I/O + %.1f bank settle) | %.0f |"
          % (label, own, pico_ms, own * PICO_FACTOR / 1000.0, hw / 1000.0, settle_ms, 1000.0 / pico_ms))
    w("| on the simulated board (fake pins + physical model) | %.0f | (not meaningful) | |" % v["sim_scan_us"])
    w("")
    w("- Per scan: %d ADC reads and %d pin writes (%d / %d on self-test scans); the Gray-code"
      % (v["reads_0"], v["writes_0"], v["reads_10"], v["writes_10"]))
    w("  channel order moves one select line per channel on most steps.")
    w("- Host split on the simulated board: raw pass %.0f us (mostly the fake), classification %.0f us,"
      % (v["sim_read_all_us"], v["sim_classify_us"]))
    w("  rebuilding the Sensed board after a change %.0f us (only on scans where something changed)."
      % v["compose_us"])
    w("- Heap allocated per steady scan: %.0f bytes." % v["alloc_per_scan_bytes"])
    w("- Pico estimate = scanner's own unix-port time x %d + %g us per read_u16 + %g us per Pin.value"
      % (PICO_FACTOR, READ_US_PICO, PIN_US_PICO))
    w("  (C-side estimates, hardware-brief 2.1) + 13 x 350 us bank power-up. The scanner's own time is")
    w("  the scan on null pins/ADC minus the null calls themselves, measured in the same run.")
    own0 = v["null_scan_us_0"] - v["null_calls_us_0"]
    pico0 = (own0 * PICO_FACTOR + v["reads_0"] * READ_US_PICO + v["writes_0"] * PIN_US_PICO) / 1000.0 + settle_ms
    period = max(pico0, 10.0)
    w("- Target >= 100 full scans/s on the Pico: %s (est. %.0f/s with plain Pin/read_u16 calls; the"
      % ("met" if pico0 <= 10.0 else "NOT met", 1000.0 / pico0))
    w("  brief's mem32 select writes and a viper inner loop are the next steps if the board says otherwise).")
    w("- Rest -> reading: a placed checker changes its slot after %d scans (debounce) and the board is"
      % v["scans_to_slot"])
    w("  settled after %d scans (debounce + %d quiet scans). At a %.1f ms scan period: %.0f ms to the"
      % (v["scans_to_settled"], 300 // 10, period, v["scans_to_slot"] * period))
    w("  slot's LED feedback (target <= 100 ms), %.0f ms to a settled position for the move matcher."
      % (v["scans_to_settled"] * period))
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
