"""Bench: one full scan of all 152 hall sensors (+ self-test channels) under the MicroPython
unix port with the Pico's heap, the estimated Pico time with its breakdown, for both
sampling modes, and the time from a checker coming to rest to its reading.

How the Pico time is estimated (every part printed in the section):
  walk      the raw pass (bank switching with the select lines, select steps, one read per
            channel, rail/2 reads, self-test channels) on null stand-ins whose calls are
            single C calls (an array as the register file, an array iterator replaying
            recorded ADC answers of a healthy empty board); its host time minus those
            calls' own time, x PICO_FACTOR.
  calls     what the hardware calls cost on the RP2040, call included (hardware-brief 2.1,
            estimates): ADC.read_u16 6 us, one machine.mem32 write 2 us (upper ends; the
            lower ends 4 and 1 us are given too). Reads: the null pass's plus the extra
            samples the simulated board needs (rail/2 and confirm medians); writes: plus the
            confirm pass's.
  power-up  350 us per bank power-up (DRV5055 tON, hardware-brief 2.1), and per bank the
            confirm pass powers again; a wait is lengthened where the work done during it
            is longer (deadband test of the bank just walked, health watch, self-test checks,
            classification): per simulated scan, wait by wait, from what each wait did
            and the measured cost of each kind of work x PICO_FACTOR.
  after     the last bank's deadband test and classification (no wait to hide in), and the
            confirm pass's bytecode and classification (samples=3).
  compose   rebuilding the Sensed board: only on a scan where a slot changed.
"""
import os
import subprocess
import sys

from host_tools.benchmd import PICO_FACTOR
from host_tools.cmd_flash import compile_tree, tool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY_DIR = os.path.join(ROOT, "build", "bench-scan-mpy")
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
READ_US_PICO = 6.0      # ADC.read_u16 on the RP2040 with its call (hardware-brief 2.1: 4-6 us, est.)
MEM32_US_PICO = 2.0     # one machine.mem32[addr] = v with its bytecode (brief 2.1: 2 writes 2-4 us, est.)
READ_US_LOW = 4.0       # the same, at the low end of the brief's estimates
MEM32_US_LOW = 1.0
SETTLE_US = 350.0       # bank power-up wait (brief 2.1: DRV5055 tON 330 us worst)
TARGET_MS = 10.0        # issue 3: at least 100 full scans per second
try:
    # Pico us of one iteration of the viper walk's loop (hw/scanfast.py), from its Thumb
    # code (bench_native.viper_walk_cycles); None without mpy-cross -march or objdump
    from host_tools.benches.bench_native import viper_walk_cycles, PICO_MHZ
    VIPER_CYCLES = viper_walk_cycles()
    VIPER_US = VIPER_CYCLES[1] / float(PICO_MHZ) if VIPER_CYCLES else None
except (OSError, RuntimeError, ImportError, subprocess.SubprocessError, IndexError):
    VIPER_CYCLES = VIPER_US = None

SCRIPT = r"""
import sys, gc, time
from array import array
# the null pass's recorded ADC answers, allocated first: the heap is the Pico's, and once
# the modules are loaded there may be no free block this large
LOG = array("H", bytes(2 * 300 * 10))
# the firmware precompiled by mpy-cross, as flashed (and the board model, the fakes, this
# script): loaded as bytecode, not compiled on the 200 KB heap
sys.path[:0] = [MPY_DIR, 'tests/portable', 'firmware', 'host_tools/fakes', 'host_tools']
from scanrig import rig, settle, WHITE, BLACK, cfg
from hw.scanner import Scanner

def per_call_us(fn, n):
    # the best of 10 runs: the host is shared, the minimum is the code's own cost
    best = None
    for _ in range(10):
        gc.collect()
        t = time.ticks_us()
        for _ in range(n // 10):
            fn()
        us = time.ticks_diff(time.ticks_us(), t) / (n // 10)
        if best is None or us < best:
            best = us
    return best

import hw.scanner as scanner_mod
class Waits:
    # stands in for the scanner's _hidden (the classification in the power-up wait before
    # position j, -1 after the last bank), its check_values and its _confirm_pass, and
    # records what each call did: per scan
    #   W tag changed j:slots ... K:p ... [C:banks:slots]
    # j:slots: slots classified; K:p: the self-test readings of position p checked (in the
    # first wait after p); C: the confirm pass after the last bank (banks powered again,
    # slots read as medians)
    def __init__(self, sc):
        self.sc = sc
        self.fn = sc._hidden
        self.check = scanner_mod.check_values
        self.confirm = sc._confirm_pass
        self.recs = []
    def __call__(self, j):
        sc = self.sc
        d0 = sc._done
        self.fn(j)
        self.recs.append("%d:%d" % (j, sc._done - d0))
    def check_values(self, sc, p):
        self.recs.append("K:%d" % p)
        self.check(sc, p)
    def confirm_pass(self):
        sc = self.sc
        banks = len([k for k in range(len(sc._extra)) if sc._extra[k] & 8])
        self.recs.append("C:%d:%d" % (banks, sc._ntent))
        self.confirm()
    def flush(self, tag, changed):
        print("W", tag, changed, " ".join(self.recs))
        self.recs = []

# ---- the simulated board: real readings (1 LSB rms noise), the opening position
N = 200
def move(k):
    # a game in progress, fast: a checker placed or lifted on some point every 10th scan
    if k % 10:
        return
    p = 1 + (k * 7) % 24
    if k % 20:
        board.lift(p)
    else:
        board.place(p, WHITE if board.counts(p)[1] == 0 else BLACK)

def hidden(tag, scans, before=None):
    ws = Waits(sc)
    sc._hidden = ws
    sc._confirm_pass = ws.confirm_pass
    scanner_mod.check_values = ws.check_values
    c0 = sc.last_change
    for k in range(scans):
        if before:
            before(k)
        sc.scan()
        ws.flush(tag, 1 if sc.last_change != c0 else 0)
        c0 = sc.last_change
    del sc._hidden
    del sc._confirm_pass
    scanner_mod.check_values = ws.check

# (paired first: the last rig, unpaired samples=1, is the one the part costs below use)
for samples, pair in ((3, True), (3, False), (1, False)):
    board = sc = None
    gc.collect()
    board, sc = rig(seed=1, samples=samples, pair_halves=pair)
    st = ("p%d" if pair else "s%d") % samples     # the simulation's tag
    w = [0] * 26; b = [0] * 26
    for p, k in ((24, 2), (13, 5), (8, 3), (6, 5)):
        w[p] = k; b[25 - p] = k
    board.set_position_counts(w, b)
    sc.quiet_scans = 30
    settle(sc)
    print("second_wait" + ("_p" if pair else ""), sc._second)
    print("WAITS" + ("_p" if pair else ""), " ".join(str(j) for j in range(len(sc._plan)) if sc._plan[j][4]))
    def sim_scan():
        sc.scan()
    print("sim_scan_us_" + st, per_call_us(sim_scan, N))
    gc.collect(); free = gc.mem_free()
    for _ in range(50):
        sc.scan()
    print("alloc_per_scan_bytes_" + st, (free - gc.mem_free()) / 50)
    # reads per scan on the quiet board (confirm reads of slots that left the deadband included)
    r0 = board.reads
    for _ in range(100):
        sc.scan()
    print("sim_reads_quiet_" + st, (board.reads - r0) / 100)
    hidden("quiet_" + st, 100)
    r0 = board.reads
    hidden("busy_" + st, 200, move)
    print("sim_reads_busy_" + st, (board.reads - r0) / 200)
settle(sc)
# cost of one chunk: c0 per call + cs per slot (every slot of the board queued at once),
# called as the scanner's pass (_passes) calls it
def empty_chunk():
    sc._done = sc._nwork = 0
    sc._hidden(-1)
def full_chunk():
    sc._done = 0
    sc._nwork = sc.n
    sc._hidden(-1)
for i in range(sc.n):
    sc._work[i] = i
c0 = per_call_us(empty_chunk, N)
print("chunk_call_us", c0, "chunk_slot_us", (per_call_us(full_chunk, N) - c0) / sc.n)
sc._nwork = 0
settle(sc)
def chk():
    scanner_mod.check_values(sc, 0)
print("check_values_us", per_call_us(chk, N))
def compose_one():
    sc._gdirty[5] = 1
    scanner_mod.compose(sc)
print("compose_us", per_call_us(compose_one, N))
# the health watch of one scan, as _hidden calls it: a slice of the sensors for the frozen
# watch (and its verdicts) in the first wait, for the drift tracker in the second
hs = [1000]
def frozen():
    hs[0] += 1
    sc.scans = hs[0]
    scanner_mod.frozen(sc)
print("frozen_us", per_call_us(frozen, N))
def drift():
    hs[0] += 1
    sc.scans = hs[0]
    scanner_mod.drift(sc)
print("drift_us", per_call_us(drift, N))

# ---- null stand-ins: the scanner's own bytecode for the raw pass. The register file is an
# array (small addresses in a copy of the board configuration: a store is one C call, like
# machine.mem32's); the ADC answers are replayed by array.pop (one C call, like read_u16),
# recorded first from a stand-in that decodes the lines like a healthy empty board.
from array import array
from hw.scanbuild import set_reads    # (kept loaded here: the plan is rebuilt per replay)
real_check = scanner_mod.check_values
def skip_check(sc, j):
    pass
class Cfg:
    pass
ncfg = Cfg()
for name in dir(cfg):
    if not name.startswith("__"):
        setattr(ncfg, name, getattr(cfg, name))
ncfg.SIO_OUT_SET, ncfg.SIO_OUT_CLR = 0, 1            # XOR: 2
LINES = cfg.MUX_SEL + cfg.BANK_SEL
LO = LINES[0]
assert list(LINES) == list(range(LO, LO + 7)), "bench assumes S0..S3, A0..A2 on contiguous GPIOs"
ANSWER = []
for word in range(128):
    ch, bk = word & 15, word >> 4
    if bk == 7:
        ANSWER.append(32768)                      # the 4051's 3.3 V / 2 input
    elif ch == 14:
        ANSWER.append(0)                          # GND channel
    elif ch in (12, 13) or (bk == 6 and 8 <= ch <= 13):
        ANSWER.append(65535)                      # unused: the pull-up
    else:
        ANSWER.append(32000)
class RecMem:
    # SIO semantics on the small addresses, counting writes
    def __init__(self):
        self.out = 0
        self.writes = 0
    def __setitem__(self, addr, v):
        self.writes += 1
        if addr == 2:
            self.out ^= v
        elif addr == 0:
            self.out |= v
        else:
            self.out &= ~v
class RecADC:
    # the log is preallocated (a growing array would need ever larger free blocks)
    def __init__(self, mem, log, at):
        self.mem = mem
        self.log = log
        self.at = at
    def read_u16(self):
        v = ANSWER[(self.mem.out >> LO) & 127]
        self.log[self.at[0]] = v
        self.at[0] += 1
        return v
BATCH = 10
board = sc = None
for tag, kw in (("s3", {"samples": 3, "pair_halves": False}), ("s1", {"samples": 1, "pair_halves": False}),
                ("pair", {"samples": 3, "pair_halves": True})):
    nsc = None
    gc.collect()                       # one null scanner at a time: the heap is the Pico's
    for worst in (False, True):
        # record: BATCH scans from a fixed start (the self-test pattern follows the scan count)
        rmem = RecMem()
        at = [0]
        nsc = Scanner(rmem, [RecADC(rmem, LOG, at), RecADC(rmem, LOG, at)], None, ncfg, settle_us=0, **kw)
        for _ in range(3):
            nsc.scan()
        start = 10 * 1000 if worst else 10 * 1000 + 1
        if worst:
            def one():                # the worst scan of the cycle, again and again
                nsc.scans = start
                nsc.read_all()
        else:
            def one():                # consecutive scans: about 1.3 banks' self-test each
                nsc.scans += 1
                nsc.read_all()
        nsc.scans = start - (0 if worst else 1)
        at[0] = 0
        rmem.writes = 0
        for _ in range(BATCH):
            one()
        sfx = "_worst" if worst else ""
        print("reads_%s%s" % (tag, sfx), at[0] / BATCH, "writes_%s%s" % (tag, sfx), rmem.writes / BATCH)
        # replay on the cheap stand-ins, same start, same answers; the self-test values' check
        # runs inside a power-up wait on the Pico: timed apart (check_values_us)
        answers = LOG
        scanner_mod.check_values = skip_check
        regs = array("i", [0, 0, 0, 0])
        nsc.mem = regs
        best = None
        for _ in range(20):
            nxt = iter(answers).__next__
            set_reads(nsc, [nxt, nxt])
            nsc.scans = start - (0 if worst else 1)
            gc.collect()
            t = time.ticks_us()
            for _ in range(BATCH):
                one()
            us = time.ticks_diff(time.ticks_us(), t) / BATCH
            if best is None or us < best:
                best = us
        print("walk_us_%s%s" % (tag, sfx), best)
        # the same replay with the walk's loop in bytecode (fast_walk=False), for comparison
        fast = nsc._fast, nsc._deadband
        nsc._fast, nsc._deadband = None, scanner_mod.deadband_bytecode
        best = None
        for _ in range(20):
            nxt = iter(answers).__next__
            set_reads(nsc, [nxt, nxt])
            nsc.scans = start - (0 if worst else 1)
            gc.collect()
            t = time.ticks_us()
            for _ in range(BATCH):
                one()
            us = time.ticks_diff(time.ticks_us(), t) / BATCH
            if best is None or us < best:
                best = us
        nsc._fast, nsc._deadband = fast
        print("walkbc_us_%s%s" % (tag, sfx), best, "fast_walk", 1 if fast[0] else 0,
              "walk_sensors", sum(len(p[1]) for p in nsc._plan))
        scanner_mod.check_values = real_check
        if tag == "s3" and not worst:
            # the deadband tests in the waits and after the last bank: a classifying pass
            # minus the raw pass alone, on the null stand-ins (every reading in its deadband:
            # nothing to classify), self-test and health watch off; per bank
            real_watch = (scanner_mod.frozen, scanner_mod.drift)
            scanner_mod.frozen = scanner_mod.drift = lambda sc: None
            nsc.selftest_every = 0
            for q in range(len(LOG)):
                LOG[q] = 32000                  # (a healthy empty board's sensor and rail/2)
            for classify in (True, False):
                best = None
                for _ in range(20):
                    nxt = iter(LOG).__next__
                    set_reads(nsc, [nxt, nxt])
                    gc.collect()
                    t = time.ticks_us()
                    nsc._classify = classify        # (a pass of the walk, as scan() runs it)
                    nsc._split = False
                    for _ in range(BATCH):
                        while not nsc._run():
                            pass
                    nsc._classify = True
                    us = time.ticks_diff(time.ticks_us(), t) / BATCH
                    if best is None or us < best:
                        best = us
                print("pass_classify_us_%d" % classify, best)
            print("banks_tested", len(nsc._order))
            scanner_mod.frozen, scanner_mod.drift = real_watch
            nsc.selftest_every = cfg.SELFTEST_EVERY_N_SCANS
            # the confirm pass after the last bank: m slots of one bank read as medians
            # (the classification stubbed: it is counted as a chunk)
            real_chunk = scanner_mod.classify_chunk
            scanner_mod.classify_chunk = lambda sc, start: sc._nwork
            first_bank = nsc._plan[0][1]
            for m in (1, 4):
                # (the stand-in calls: a dummy and 3 reads per slot; 4 register writes for
                # the bank, one per slot, one to switch it off: subtracted below)
                nxt = iter(LOG).__next__       # (13 reads a call at most: 2600 of 3000)
                set_reads(nsc, [nxt, nxt])
                def one_confirm():
                    for i in first_bank[:m]:
                        nsc._sus[i] = 3
                    nsc._extra[nsc._order[0]] |= 8
                    nsc._ntent = m
                    nsc._confirm_pass()
                print("confirm_us_%d" % m, per_call_us(one_confirm, N))
            scanner_mod.classify_chunk = real_chunk
        nsc = None
        gc.collect()
# the stand-ins' own calls, as the scanner makes them (bound method, local register file)
zeros = array("H", bytes(2000))
regs = array("i", [0, 0, 0, 0])
def calls_w():
    m = regs
    x = 2
    for _ in range(1000):
        m[x] = 0
def calls_r():
    r = iter(zeros).__next__
    for _ in range(1000):
        r()
def loop_only():
    for _ in range(1000):
        pass
def bestof(fn):
    b = None
    for _ in range(20):
        t = time.ticks_us()
        fn()
        us = time.ticks_diff(time.ticks_us(), t)
        if b is None or us < b:
            b = us
    return b
e = bestof(loop_only)
print("null_write_us", (bestof(calls_w) - e) / 1000, "null_read_us", (bestof(calls_r) - e) / 1000)
# the viper walk's loop alone, per sensor, with the same null calls (hw/scanfast.py)
import hw.scanfast as scanfast
vwalk = (scanfast.load(array("H", [0])) or (None,))[0]
if vwalk:
    sens_all = bytes(range(250))
    vraw = array("H", bytes(500))
    vstep = array("H", bytes(500))
    vrefs = array("H", [0])
    vfloor = array("i", [0])
    # (the rail/2 reading and its test after the loop: in both, so not in the difference)
    def vcalls():
        for _ in range(40):
            vwalk(sens_all, vraw, vstep, regs, 2, iter(zeros).__next__, vrefs, vfloor, 0, 6)
    def vnone():
        for _ in range(40):
            vwalk(b"", vraw, vstep, regs, 2, iter(zeros).__next__, vrefs, vfloor, 0, 6)
    print("vloop_us", (bestof(vcalls) - bestof(vnone)) / (40 * 250))

# ---- rest -> reading: scans from a checker placed until its slot changes, and until settled
board, sc = rig(seed=1)
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


def _compile():
    """The firmware as `flash` installs it (bytecode for this host), the board model and the
    fakes, and this bench's script, into MPY_DIR: MicroPython loads them as the Pico loads
    the flashed firmware (see tests/tools.py firmware_mpy)."""
    compile_tree(MPY_DIR, march=None)
    world = [os.path.join(ROOT, "host_tools", "physboard.py")]
    fakes = os.path.join(ROOT, "host_tools", "fakes")
    world += [os.path.join(fakes, f) for f in sorted(os.listdir(fakes)) if f.endswith(".py")]
    script = os.path.join(MPY_DIR, "bench_scan_run.py")
    with open(script, "w") as f:
        f.write(SCRIPT.replace("MPY_DIR", repr(MPY_DIR)))
    for src in world + [script]:
        dest = os.path.join(MPY_DIR, os.path.basename(src)[:-3] + ".mpy")
        subprocess.run([tool("mpy-cross"), "-o", dest, src], check=True, capture_output=True)
    os.remove(script)


def _measure():
    _compile()
    run = "import sys; sys.path.insert(0, %r); import bench_scan_run" % MPY_DIR
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=200K", "-c", run], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError("bench_scan failed under MicroPython:\n" + proc.stdout + proc.stderr)
    vals = {"W": {}}
    for line in proc.stdout.splitlines():
        toks = line.split()
        if toks and toks[0] in ("WAITS", "WAITS_p"):
            vals[toks[0]] = [int(t) for t in toks[1:]]
            continue
        if toks and toks[0] == "W":
            # per scan: changed, per _hidden call (j, checks, banks tested, slots), and the
            # confirm pass (banks, slots) if there was one
            waits = [tuple(int(x) for x in t.split(":")) for t in toks[3:] if t[0] not in "CK"]
            checks = [int(t[2:]) for t in toks[3:] if t[0] == "K"]
            confirm = [tuple(int(x) for x in t.split(":")[1:]) for t in toks[3:] if t[0] == "C"]
            vals["W"].setdefault(toks[1], []).append(
                (int(toks[2]), waits, checks, confirm[0] if confirm else (0, 0)))
            continue
        for i in range(0, len(toks) - 1, 2):
            vals[toks[i]] = float(toks[i + 1])
    return vals


def _load():
    try:
        return "%.1f" % os.getloadavg()[0]
    except (AttributeError, OSError):
        return "?"


def _chunk_pico_us(v, slots):
    """Pico us of one classification chunk of `slots` slots."""
    return (v["chunk_call_us"] + v["chunk_slot_us"] * slots) * PICO_FACTOR if slots else 0.0


def _deadband_bank_us(v):
    """Host us of the deadband test of one bank in a wait (a classifying pass minus the raw
    pass alone, on the null stand-ins, per bank; what else the difference holds is counted
    with it)."""
    return max(v["pass_classify_us_1"] - v["pass_classify_us_0"], 0.0) / v["banks_tested"]


def _confirm_costs(v):
    """Host us of the confirm pass's own bytecode: per bank powered again, per slot read."""
    own = {}
    for m in (1, 4):
        own[m] = v["confirm_us_%d" % m] - (1 + 3 * m) * v["null_read_us"] - (5 + m) * v["null_write_us"]
    slot = max((own[4] - own[1]) / 3.0, 0.0)
    return max(own[1] - slot, 0.0), slot


def _per_scan(v, sim, second, paired=False):
    """Per simulated scan: Pico us that the work hidden in the power-up waits adds to them (a
    wait ends when both the 350 us and its work are done), Pico us of the work after the
    last bank (its deadband test and classification, the confirm pass's bytecode and
    classification), of compose if the board changed; the confirm pass's banks and slots."""
    bank_us, slot_us = _confirm_costs(v)
    deadband = _deadband_bank_us(v) * PICO_FACTOR
    at = v["WAITS_p" if paired else "WAITS"]  # the positions with a power-up wait
    npos = int(v["banks_tested"])
    out = []
    for changed, waits, checks, (cbanks, cslots) in v["W"][sim]:
        work = dict((j, _chunk_pico_us(v, slots)) for j, slots in waits)
        for p in checks:
            # a position's self-test readings are checked in the first wait after it
            j = min([q for q in at if q > p] or [-1])
            work[j] = work.get(j, 0.0) + v["check_values_us"] * PICO_FACTOR
        work[0] = work.get(0, 0.0) + v["frozen_us"] * PICO_FACTOR
        work[second] = work.get(second, 0.0) + v["drift_us"] * PICO_FACTOR
        over = 0.0
        for q in range(len(at)):
            # each wait deadband-tests the positions walked since the last one
            us = deadband * (at[q] - at[q - 1] if q else 0) + work.get(at[q], 0.0)
            over += max(us - SETTLE_US, 0.0)
        after = deadband * (npos - at[-1]) + work.get(-1, 0.0)
        if cbanks:
            after += (cbanks * bank_us + cslots * slot_us) * PICO_FACTOR + _chunk_pico_us(v, cslots)
        compose = v["compose_us"] * PICO_FACTOR if changed else 0.0
        out.append((over, after, compose, cbanks, cslots))
    return out


def estimate(v, tag, samples, banks, sim, worst=False):
    """Pico ms of a scan (the mean over the simulated scans, or the worst one) and its parts:
    walk (bytecode of the raw pass), calls (reads and register writes), power-up (waits,
    lengthened where the work hidden in them is longer; the confirm pass's), after (the
    work after the last bank), compose (Sensed rebuilt, on changing scans)."""
    sfx = "_worst" if worst else ""
    paired = tag == "pair"
    sim = "%s_%s%d" % (sim, "p" if paired else "s", samples)
    reads0 = v["reads_%s%s" % (tag, sfx)]
    writes0 = v["writes_%s%s" % (tag, sfx)]
    # the walk's bytecode: the replay minus the null calls' own time and, where the walk's
    # loop ran as viper, minus that loop's host time (priced below by its Thumb cycles)
    nsens = v.get("walk_sensors", 0.0) if v.get("fast_walk") and "vloop_us" in v and VIPER_US else 0.0
    own = max(v["walk_us_%s%s" % (tag, sfx)] - reads0 * v["null_read_us"] - writes0 * v["null_write_us"]
              - nsens * (v.get("vloop_us", 0.0) - v["null_read_us"] - v["null_write_us"]), 0.0)
    own_bc = max(v["walkbc_us_%s%s" % (tag, sfx)] - reads0 * v["null_read_us"] - writes0 * v["null_write_us"], 0.0)
    viper_us = nsens * (VIPER_US or 0.0)
    scans = _per_scan(v, sim, int(v["second_wait_p" if paired else "second_wait"]), paired)

    def confirm_calls(t):
        # the confirm pass: a dummy and 3 reads per slot; 4 writes per bank, 1 per slot, 1 off
        cbanks, cslots = t[3], t[4]
        return cbanks + 3 * cslots, (4 * cbanks + cslots + 1) if cbanks else 0

    # the simulated board's extra samples (rail/2 confirms, the confirm pass) on top of the
    # null pass's; their mean share of the confirm pass is replaced by the scan's own below
    extra = max(v["sim_reads_" + sim] - v["reads_" + tag], 0.0)
    extra -= sum(confirm_calls(t)[0] for t in scans) / len(scans)

    def total(t):
        cr, cw = confirm_calls(t)
        calls = (reads0 + extra + cr) * READ_US_PICO + (writes0 + cw) * MEM32_US_PICO
        return calls + t[3] * SETTLE_US + t[0] + t[1] + t[2]

    if worst:
        pick = [max(scans, key=total)]
    else:
        pick = scans
    n = float(len(pick))
    reads = reads0 + extra + sum(confirm_calls(t)[0] for t in pick) / n
    writes = writes0 + sum(confirm_calls(t)[1] for t in pick) / n
    over = sum(t[0] + t[3] * SETTLE_US for t in pick) / n
    after = sum(t[1] for t in pick) / n
    compose = sum(t[2] for t in pick) / n
    calls = reads * READ_US_PICO + writes * MEM32_US_PICO
    power = banks * SETTLE_US + over
    total_us = own * PICO_FACTOR + viper_us + calls + power + after + compose
    return {"own": own, "walk": (own * PICO_FACTOR + viper_us) / 1000, "calls": calls / 1000, "power": power / 1000,
            "walk_bytecode": own_bc * PICO_FACTOR / 1000, "own_bc": own_bc,
            "total_bytecode": (total_us - own * PICO_FACTOR - viper_us + own_bc * PICO_FACTOR) / 1000,
            "after": after / 1000, "compose": compose / 1000, "total": total_us / 1000,
            "reads": reads, "writes": writes,
            "confirms": sum(1 for t in pick if t[3]) / n}


def _chunk_stats(v, sim):
    """Classified slots: most in one wait, mean per scan in the waits and after the last
    bank; the share of scans that changed the board."""
    recs = v["W"][sim]
    hid = [w[1] for _, ws, _, _ in recs for w in ws if w[0] >= 0]
    fin = [w[1] for _, ws, _, _ in recs for w in ws if w[0] < 0]
    return (max(hid + [0]), sum(hid) / len(recs), sum(fin) / len(recs),
            sum(r[0] for r in recs) / len(recs))


def cfg_selftest_every():
    """board_config.SELFTEST_EVERY_N_SCANS, read from the firmware's source."""
    import re
    text = open(os.path.join(ROOT, "firmware", "board_config.py")).read()
    return int(re.search(r"^SELFTEST_EVERY_N_SCANS = (\d+)", text, re.M).group(1))


def run():
    load = _load()
    v = _measure()
    lines = []
    w = lines.append
    w("Full scan of 152 hall sensors + ch15 of 13 banks + the self-test channels, MicroPython unix")
    w("port `-X heapsize=200K` (`.venv/bin/python -m host_tools bench scan`; host load average %s" % load)
    w("while measuring: host figures are the best of 10 runs). Pico estimate per scan = walk +")
    w("calls + power-up + after + compose, explained below (PICO_FACTOR %d)." % PICO_FACTOR)
    w("")
    w("| scan | walk host us | Pico ms: walk + calls + power-up + after + compose = total | reads / mem32 writes | scans/s |")
    w("|---|---|---|---|---|")
    rows = (("samples=3 (pin map today), quiet board, mean", "s3", 3, 13, "quiet", False),
            ("samples=3, fast play (a checker placed or lifted every 10th scan), mean", "s3", 3, 13, "busy", False),
            ("samples=3, fast play, worst single scan (4051 refs, 2 banks' self-test, a change)", "s3", 3, 13, "busy", True),
            ("samples=1, quiet board, mean", "s1", 1, 13, "quiet", False),
            ("samples=1, fast play, mean", "s1", 1, 13, "busy", False),
            ("samples=1, fast play, worst single scan", "s1", 1, 13, "busy", True),
            ("samples=3, halves paired (charger profile: the firmware's), quiet, mean", "pair", 3, 7, "quiet", False),
            ("samples=3, halves paired, fast play, mean", "pair", 3, 7, "busy", False),
            ("samples=3, halves paired, fast play, worst single scan", "pair", 3, 7, "busy", True))
    est = {}
    for label, tag, samples, banks, sim, worst in rows:
        e = estimate(v, tag, samples, banks, sim, worst)
        est[label] = e
        w("| %s | %.0f | %.1f + %.1f + %.1f + %.1f + %.1f = **%.1f** | %.0f / %.0f | %.0f |"
          % (label, e["own"], e["walk"], e["calls"], e["power"], e["after"], e["compose"], e["total"],
             e["reads"], e["writes"], 1000.0 / e["total"]))
    q3, b3, w3 = est[rows[0][0]], est[rows[1][0]], est[rows[2][0]]
    q1, b1, w1 = est[rows[3][0]], est[rows[4][0]], est[rows[5][0]]
    cq = _chunk_stats(v, "quiet_s3")
    cb = _chunk_stats(v, "busy_s3")
    bank_us, slot_us = _confirm_costs(v)
    w("")
    w("How each part is obtained:")
    w("- **walk**: the raw pass (bank switching with the select lines, select steps, one read per")
    w("  channel, the rail/2 reads, the self-test channels) on null stand-ins: the register file is")
    w("  an array (one C store, like `mem32`), the ADC answers are replayed by an iterator's")
    w("  `__next__` (one C call, like `read_u16`), recorded from a stand-in that answers like a")
    w("  healthy empty board. The null calls' own host time (%.3f us per read, %.3f us per write,"
      % (v["null_read_us"], v["null_write_us"]))
    w("  timed alone) is subtracted; the rest x %d." % PICO_FACTOR)
    if VIPER_CYCLES and v.get("fast_walk"):
        w("  The walk's inner loop (a reading and a select step per sensor, %d sensors) runs as"
          % v["walk_sensors"])
        w("  viper machine code (hw/scanfast.py, compiled by the board at power-up): its host time")
        w("  (%.3f us per sensor with the null calls) is taken out of the replay and priced instead"
          % v["vloop_us"])
        w("  by its Thumb code: `mpy-cross -march=armv6m` + arm-none-eabi-objdump give %d"
          % VIPER_CYCLES[0])
        w("  instructions per iteration, %d Cortex-M0+ cycles (ALU 1, load/store 2, branch 2, %d"
          % (VIPER_CYCLES[1], VIPER_CYCLES[2]))
        w("  runtime helper calls at 2 + 30 cycles each: bench_native.viper_walk_cycles), %.2f us at"
          % VIPER_US)
        w("  125 MHz, on top of the calls below (which keep their bytecode price, call included).")
        w("  The viper factor: not a multiplier of host time here (the loop's own host time beyond")
        w("  its null calls, %.3f us per sensor, is within the timer's noise): the loop is priced by"
          % max(v["vloop_us"] - v["null_read_us"] - v["null_write_us"], 0.0))
        w("  its cycle count, as bench engine models its viper factor. With the loop in bytecode")
        w("  (fast_walk=False, the ports")
        w("  without a native emitter) the walk is %.1f Pico ms (%.0f host us) and the fast-play mean"
          % (est[rows[1][0]]["walk_bytecode"], est[rows[1][0]]["own_bc"]))
        w("  scan %.1f ms: the viper loop saves %.1f ms a scan."
          % (est[rows[1][0]]["total_bytecode"], est[rows[1][0]]["total_bytecode"] - est[rows[1][0]]["total"]))
    w("- **calls**: %g us per `ADC.read_u16` and %g us per `machine.mem32` write, call included"
      % (READ_US_PICO, MEM32_US_PICO))
    w("  (hardware-brief 2.1 estimates: read_u16 4-6 us, two mem32 writes 2-4 us): the null pass's,")
    w("  plus the extra reads the simulated board (1 LSB rms noise) needs (rail/2 and confirm")
    w("  medians) and the confirm pass's writes.")
    w("- **power-up**: 350 us per bank power-up (DRV5055 tON 330 us, brief 2.1), 13 waits (7 paired),")
    w("  and one more per bank the confirm pass powers again. The work that does not need the bank")
    w("  runs inside these waits: the deadband test of the bank just walked (%.0f Pico us per bank%s),"
      % (_deadband_bank_us(v) * PICO_FACTOR,
         ": viper, its host time x %d, an over-estimate" % PICO_FACTOR if v.get("fast_walk") else ""))
    w("  the health watch (frozen readings in the first wait, %.0f Pico us; baseline drift in the"
      % (v["frozen_us"] * PICO_FACTOR))
    w("  second, %.0f), the check of the self-test readings (%.0f each) and the classification of the"
      % (v["drift_us"] * PICO_FACTOR, v["check_values_us"] * PICO_FACTOR))
    w("  slots queued: %.0f + %.0f Pico us per slot; %.2f slots per scan quiet, %.2f in fast play,"
      % (v["chunk_call_us"] * PICO_FACTOR, v["chunk_slot_us"] * PICO_FACTOR, cq[1], cb[1]))
    w("  at most %d at once. What a wait's work takes beyond %g us is added to it (from the"
      % (cb[0], SETTLE_US))
    w("  simulated scans, wait by wait).")
    w("- **after**: the last bank's deadband test and classification, which have no wait to hide")
    w("  in, and with samples=3 the confirm pass (%.0f Pico us per bank powered again, %.0f per slot,"
      % (bank_us * PICO_FACTOR, slot_us * PICO_FACTOR))
    w("  and their classification): on %.0f %% of the scans in fast play, %.0f %% on the quiet board."
      % (100.0 * b3["confirms"], 100.0 * q3["confirms"]))
    w("- **compose**: rebuilding the Sensed board after a slot changed, %.0f host us (%.1f Pico ms;"
      % (v["compose_us"], v["compose_us"] * PICO_FACTOR / 1000.0))
    w("  only the changed slot groups are recounted), on %.0f %% of the scans in fast play."
      % (100.0 * cb[3]))
    w("- On the simulated board (fake pins and physical model included) a scan takes %.0f host us"
      % v["sim_scan_us_s3"])
    w("  (samples=3); heap allocated per steady scan: %.0f bytes (samples=3), %.0f (samples=1)."
      % (v["alloc_per_scan_bytes_s3"], v["alloc_per_scan_bytes_s1"]))
    w("")
    w("Sampling: the walk reads each channel once; the deadband test (+-128 u16 = 8 LSB of the")
    w("slot's held value, itself one reading: at +-64 the difference of two readings with 1 LSB")
    w("rms noise left it on 0.5 %% of the sensors, 0.38 slots classified a scan on a quiet board,")
    w("each about 0.3 ms beyond its wait; at +-128, %.2f; a checker moves a reading by hundreds"
      % cq[1])
    w("of LSB) runs in the next power-up wait. samples=3 (`timing.samples_per_channel`")
    w("in the pin map today): a slot state changes only on medians of 3. A slot whose single")
    w("reading asks for a change (a checker placed, a spike) is read again after the last bank, its")
    w("bank powered once more (the confirm pass), and the change counts only if that median shows")
    w("it too; while the change is pending the slot is read as a median in every walk. So a spike")
    w("never unsettles the board (test_scanner_faults: a spike on every 7th read, or on the same")
    w("read of every scan) while a quiet channel costs one read and one select step; the rail/2")
    w("channel is confirmed by a median when it moves, the self-test channels when they look")
    w("wrong. samples=1 classifies single readings: spikes are left to the 3-scan debounce (state,")
    w("band and out-of-range codes are all debounced), which a spike source in step with the scan")
    w("(LED refresh) can defeat: it unsettles the board; samples=1 trades that for the confirm")
    w("passes.")
    w("")
    w("Evaluated and not kept: the median taken in the walk itself for every reading out of its")
    w("deadband (this scanner until now) adds a subtraction, a shift and a test to every channel")
    w("of the walk: about 7 host us (1.2 Pico ms) per scan, measured before the change, against a")
    w("few tenths of a ms of waits and confirm passes here. The ADC through `mem32`")
    w("(CS.START_ONCE, poll READY, read RESULT) is three register accesses, about %g us, against"
      % (3 * MEM32_US_PICO))
    w("%g us for one `read_u16` call: no gain within bytecode. Pre-powering the next bank while"
      % READ_US_PICO)
    w("reading this one is impossible with this wiring: a half's 74HC138 powers exactly the bank")
    w("its 74HC4051 routes, and both halves share A0..A2; only the same bank of both halves can be")
    w("on together (paired rows, +120 mA worst: within the charger budget, 441 of 450 mA, not the")
    w("computer-port one, 361 of 250 mA, hardware/power.md). The viper walk on the ADC and SIO")
    w("registers themselves (bench native: 0.78 host us a scan) is not used: it would bypass the")
    w("fake pins every test runs the scanner on; the viper loop here calls `read_u16` and")
    w("`mem32` as the bytecode did, so the tests run the Pico's code. Earlier figures: 497 reads")
    w("and 254 Pin.value calls per scan, about 24 ms (41 scans/s); then 92 scans/s (samples=3)")
    w("and 98 (samples=1) with the median in the walk; 8.8 ms (fast-play mean) with the walk's")
    w("loop in bytecode.")
    w("")
    pb, pw = est[rows[7][0]], est[rows[8][0]]
    w("The firmware pairs the halves in the USB charger profile, the one it runs")
    w("(board_config.POWER_PROFILE in PAIR_HALVES_PROFILES, hw/scanbuild.py): 7 power-up waits a")
    w("scan instead of 13, %.1f ms in fast play (mean; worst single scan %.1f ms) against %.1f ms"
      % (pb["total"], pw["total"], b3["total"]))
    w("unpaired. The paired rows' simulated scans are the paired scanner's own (its waits, its")
    w("work in each). A computer-port profile would run unpaired (the rows above it).")
    w("")
    w("Self-test channels (each bank's GND and unused inputs, its rail/2 range, each half's")
    w("reference) every SELFTEST_EVERY_N_SCANS = %d scans, spread: bank k in the scans where"
      % cfg_selftest_every())
    w("(scans + k) %% N == 0, the halves in another; %.1f self-test reads a scan on average"
      % (b3["reads"] - 165 if b3["reads"] > 165 else 0.0))
    w("(152 sensors and 13 rail/2 reads are the rest). Read in every scan they would add about")
    w("13 banks x 5.4 reads and select steps, about 0.55 ms of calls, and 13 checks of 119 Pico us")
    w("to the waits (the brief's 2.2: about 0.7 ms). A fault on one of them is named within N + 1")
    w("scans whatever the scan it appears in (read in the bank's next self-test scan, confirmed by")
    w("a median in its next walk; tests/portable/test_scanner_selftest_every.py): %d scans, %.0f ms"
      % (cfg_selftest_every() + 1, (cfg_selftest_every() + 1) * pb["total"]))
    w("at the paired fast-play scan, %.0f ms unpaired. N = 20 would save about 0.03 ms more and"
      % ((cfg_selftest_every() + 1) * b3["total"]))
    w("double that. The sensors and the rail/2 channels are read every scan (a dead or")
    w("unpowered bank shows in its sensors' range at once).")
    w("")
    ok3 = q3["total"] <= TARGET_MS and b3["total"] <= TARGET_MS
    ok1 = q1["total"] <= TARGET_MS and b1["total"] <= TARGET_MS
    w("Target >= 100 full scans/s on the Pico, unpaired (computer-port profile), by this estimate:")
    w("samples=3 %s (%.0f/s quiet, %.0f/s in fast play, worst single scan %.1f ms); samples=1 %s"
      % ("**met**" if ok3 else "**not met**", 1000.0 / q3["total"], 1000.0 / b3["total"], w3["total"],
         "**met**" if ok1 else "**not met**"))
    w("(%.0f/s quiet, %.0f/s in fast play, worst %.1f ms). The power-up waits are %.0f %% of a quiet"
      % (1000.0 / q1["total"], 1000.0 / b1["total"], w1["total"], 100.0 * q3["power"] / q3["total"]))
    def lo(e):
        return e["total"] - (e["reads"] * (READ_US_PICO - READ_US_LOW)
                             + e["writes"] * (MEM32_US_PICO - MEM32_US_LOW)) / 1000.0
    w("scan. At the brief's lower call costs (%g us per read_u16, %g us per mem32 write) the quiet"
      % (READ_US_LOW, MEM32_US_LOW))
    w("mean is %.1f ms (samples=3) and %.1f ms (samples=1). The estimate is +-2x (PICO_FACTOR, call"
      % (lo(q3), lo(q1)))
    w("costs): measure on the first Pico (hardware-brief 2.6).")
    w("")
    import board_config as cfg
    # The scan task runs at a fixed rate (app/tasks.py `scan_task` sleeps what is left of
    # SCAN_PERIOD_MS), so a scan longer than the period sets the period.
    fixed = max(b3["total"], float(cfg.SCAN_PERIOD_MS))
    n_slot = v["scans_to_slot"]
    w("Rest -> LED: a checker placed at rest changes its slot after %d scans (the debounce); with"
      % n_slot)
    w("BOARD_QUIET_MS = %d the board is `settled` after %d scans, when no slot is pending. The scan"
      % (cfg.BOARD_QUIET_MS, v["scans_to_settled"]))
    w("task runs at a fixed rate (SCAN_PERIOD_MS = %d ms, or the scan's own %.1f ms in fast play),"
      % (cfg.SCAN_PERIOD_MS, b3["total"]))
    w("so the Table gets the reading %.0f ms after rest; App.scan then judges it and writes the"
      % (v["scans_to_settled"] * fixed))
    w("LEDs at once: the app section adds its settled -> LED figures to this for rest -> LED.")
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
