"""Hall-sensor scanner: drives the multiplexers and the ADC, turns readings into a Sensed board.

Wiring (hardware-brief 1.7, tables in board_config): per half a 74HC4051 + 74HC138 select
bank b (A0..A2) and power only that bank (EN active low); every CD74HC4067 channel is picked
by S0..S3. Each bank's ch15 reads its own sensor rail / 2, so a sensor's ratiometric value
r = raw / ch15 - 1 does not depend on the rail (hardware-brief 3.1). Everything below runs
on integers: r and the per-sensor thresholds are in units of 1/4096 (R_ONE).

Per slot (hardware-brief 3.3): layers 0..2 from |r - base| against calibrated thresholds
with hysteresis, colour by the sign; state, band (between a leave and an enter threshold:
the range widens) and out-of-range code change only after `debounce` scans agree. A second
layer may hide a third: "at most 15". Neighbours' crosstalk is added back (brief 3.2.4).
Self-test channels (GND, unused = pull-up) of each bank every `selftest_every` scans,
spread over the scans; a suspicious one is confirmed by medians next scan ('mux' fault).

Speed (BENCHMARKS.md, scan): lines written through the SIO registers (`mem32`, one XOR mask
per step, Gray order; a bank switch sets the select lines too); one reading per channel, the
walk's loop as viper machine code where the port can compile it (hw/scanfast.py). The next
bank's power-up wait tests the readings against their slot's `deadband` and classifies the
slots that left it (the last bank's, after it), and runs the health watch (frozen readings,
baseline drift) and the self-test checks. samples=3: a slot whose single reading asks for a
change is read again as a median of 3 after the last bank (its bank powered once more,
_confirm_pass) and the change counts only if the median shows it, so a spike never
unsettles the board; a slot with a change pending is read as a median in every walk.
samples=1: single readings only, spikes left to the debounce. No allocation per scan.

One driver: the Scanner owns its arrays (allocated once, by hw/scanbuild.py); this module
holds everything a scan runs, the class and, below it, the functions of the scan's parts
(the classification, `candidate` pure: testable without pins; the health checks; the Sensed
board). Loaded for the moment and forgotten (base/rare.py), because their code would
otherwise stay in the heap while the board plays: hw/scanbuild.py (construction,
calibration), hw/scanwalk.py (the wire tables, for scanbuild), hw/scanfast.py (the viper
walk, compiled at power-up), hw/scanfaults.py (the fault list, when a fault appears or
clears).

    sc = make_scanner(cal)    # or Scanner(machine.mem32, adcs, cal)
    sensed = sc.scan()        # one full scan; the same Sensed object every time
    if sc.settled: ...        # no change for quiet_scans scans and nothing pending
"""
from array import array
import time

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

from base.reading import Sensed, WHITE, BLACK, MIXED, WEAK, FAULT

try:
    _sleep_us = time.sleep_us  # type: ignore[attr-defined]
    _ticks_us = time.ticks_us  # type: ignore[attr-defined]
    _ticks_diff = time.ticks_diff  # type: ignore[attr-defined]
except AttributeError:  # CPython
    def _sleep_us(us):
        time.sleep(us / 1000000)

    def _ticks_us():
        return int(time.perf_counter() * 1000000)  # type: ignore[attr-defined]

    def _ticks_diff(a, b):
        return a - b

# the r fixed-point unit (R_ONE, 1/4096) and the deadband floor that looks again (FORCE)
from hw.scanunits import R_ONE, FORCE  # noqa: E402
UNKNOWN = const(255)        # slot state: cannot be read (dead sensor, bad bank)
# per bank, the work of its walk beyond the sensors (Scanner._extra): its self-test channels
# are read this scan; its confirmed self-test (medians) runs in every walk until it passes;
# samples >= 3: slots with a change pending are read as medians in the next walk; slots
# whose single reading asked for a change are read as medians after the last bank
# (_confirm_pass)
SELFTEST = const(1)
RECHECK = const(2)
MEDIAN_WALK = const(4)
MEDIAN_NOW = const(8)


def make_scanner(cal=None, cfg=None, **kw):
    """A Scanner on the pins named in board_config, or `cfg` (imports machine only here)."""
    if cfg is None:
        import board_config as cfg
    from hw import scanbuild
    return scanbuild.make_scanner(Scanner, cal, cfg, kw)


# What the scan reads of the board configuration while it runs: copied into the Scanner
# (ScanTables) so that the configuration's module (board_config, 8 KB of the 64-bit port's
# heap) need not stay in the heap after power-up (app/start.py forgets it); a calibration's
# thresholds are read from the whole configuration again (Scanner.config).
SCAN_TABLES = ("SCAN_BANKS", "SCAN_CHANNELS", "SCAN_SENSORS", "REF_CHANNEL", "GND_CHANNEL",
               "UNUSED_CHANNELS", "HALVES", "HALF_REF_INPUT", "WHITE_SIGN", "N_POINTS",
               "SLOTS_PER_POINT", "N_POINT_SENSORS", "BAR_SLOTS")


class ScanTables:
    """The scan's share of a board configuration (SCAN_TABLES), as attributes of the same
    names: Scanner.cfg."""
    SCAN_BANKS: Any                 # (for the type checker: set from SCAN_TABLES below)
    SCAN_CHANNELS: Any
    SCAN_SENSORS: Any
    REF_CHANNEL: Any
    GND_CHANNEL: Any
    UNUSED_CHANNELS: Any
    HALVES: int
    HALF_REF_INPUT: int
    WHITE_SIGN: int
    N_POINTS: int
    SLOTS_PER_POINT: int
    N_POINT_SENSORS: int
    BAR_SLOTS: int

    def __init__(self, cfg):
        for name in SCAN_TABLES:
            setattr(self, name, getattr(cfg, name, None))


class Scanner:
    """The 152 slots of the board. mem: machine.mem32 (the lines S0..S3, A0..A2 and the half
    enables named in cfg are outputs already, see make_scanner); adcs one machine.ADC per
    half; cal a hw.calibration.Calibration (defaults if None). Options default to
    board_config: settle_us (bank power-up wait), samples (1: one reading per channel,
    spikes left to the debounce; 3: a change counts only once a median of three readings
    shows it), deadband (u16, rounded to a power of two; 128 = 8 LSB: a reading's noise
    against the held reading, 1 LSB rms each, almost never leaves it; BENCHMARKS.md scan), debounce (scans), quiet_scans (for
    `settled`), selftest_every (scans); pair_halves powers the same bank of both halves at
    once (7 power-up waits a scan instead of 13, twice the sensor current; None: as the
    power profile allows, cfg.POWER_PROFILE in cfg.PAIR_HALVES_PROFILES, the USB charger
    profile only, hardware/power.md); fast_walk
    (default True) walks the sensor channels and runs the deadband test with hw/scanfast.py's
    machine code where the port can compile it (False: the bytecode loops, same reads,
    writes and results).

    Built by hw/scanbuild.py, loaded for the constructor only (its code leaves the heap);
    its state is listed below: arrays per sensor unless said, * per position of the bank
    order."""
    # options (see above; and cfg, mem) and the results
    settle_us: int
    samples: int
    debounce: int
    quiet_scans: int
    selftest_every: int
    pair_halves: bool               # both halves' bank b powered together (7 waits a scan)
    stuck_scans: int
    stuck_stride: int
    track_every: int
    deadband: int                   # u16, a power of two (1 << _db_shift - 1)
    _db_shift: int
    n: int
    sensed: Sensed                  # the board, refilled in place (compose, below)
    scans: int
    last_change: int                # the scan of the last change of `sensed`
    settled: bool                   # no change for quiet_scans scans, nothing pending
    cal: object                     # the Calibration; None after power-up (app/start.py:
                                    # hw/calibration.py leaves the heap; a recalibration sets it)
    gain: array                     # cal.gain, read in place (uint16, R_ONE units)
    cal_base: array                 # cal.base, the calibrated baseline (the drift watch's anchor)
    stack_reading: bool
    # readings and slot states
    raw: array                      # u16 reading
    r: array                        # int16 ratiometric r - base, R_ONE units (classify_chunk)
    refs: array                     # per bank: ch15 (rail / 2), a median when it moves
    base: array                     # int16 empty-board r, drift-tracked (drift)
    state: bytearray                # stable: colour * 4 + layers, + 16 when the reading is
                                    # between a leave and an enter threshold (the band: a
                                    # checker half on its slot); or UNKNOWN
    _cnt: bytearray                 # the count of the candidate state being debounced
    _unk: bytearray                 # this scan's reading usable or why not (classify_chunk)
    _sus: bytearray                 # samples >= 3: 1 median next walk, 3 median after the
                                    # last bank, 2 this reading is that median
    _pend: bytearray                # the candidate state being debounced (classify_chunk)
    _nbrs: bytes                    # its neighbours on the point or strip: bit 0 below, 1 above
    _th: tuple                      # the thresholds, factors of each sensor's gain (R_ONE
                                    # units): on1 off1 full1 keep1 on2 off2 (candidate), the
                                    # overrange, the crosstalk (hw.scanbuild.set_calibration)
    # the deadband test and the work list
    _held: array                    # the floor of the slot's deadband (FORCE: look next scan)
    _ref_floor: array               # per bank, the same for its rail/2
    _work: bytearray                # the slots to classify this scan, _nwork of them
    _queued: bytearray              # 1: on the work list
    _nwork: int
    _done: int                      # work list entries classified this scan
    _npend: int                     # slots with a change pending this scan
    _ntent: int                     # slots at _sus 3 this scan
    _force: bool                    # every slot looked at next scan (a new calibration)
    # health (check_bank, frozen, drift) and faults (hw/scanfaults.py)
    _prev: array                    # u16 reading at the frozen watch's last look, ...
    _health: bytearray              # ... bit 0: it moved since; bit 1: frozen for a window;
                                    # bit 2: its baseline drifted past DRIFT_LIMIT_MT
    _oor: bytearray                 # 1 below GND margin, 2 above the rail, 3 field
    bank_fault: bytearray           # per bank: 0 ok, else a reason (hw.scanfaults.BANK_FAULTS)
    half_fault: bytearray           # per half: 1 its 4051 reference is wrong
    _bad_bank: bytearray            # per bank: it or its half failed the self-test
    _hw_faults: list                # the hardware part of sensed.faults
    _faults_changed: bool
    _dirty: bool                    # a slot changed: compose
    _grp: bytearray                 # per slot group (24 points, 2 bar strips): 5 bytes
    _gdirty: bytearray              # ... and 1 if one of its slots changed (compose)
    # the wires (hw/scanwalk.py)
    _bank_of: bytearray
    _bank_half: bytes               # per bank
    _order: bytes                   # the banks in walk order
    _lines: tuple                   # what a bank switch writes (hw.scanwalk.wire_tables)
    _xor: int                       # the GPIO_OUT_XOR register
    _chm: array                     # per channel, the select lines' mask
    _cur: int                       # the channel S0..S3 select now
    _step: array                    # the XOR mask to the next channel
    _plan: tuple                    # * (rd, the sensors in walk order, bank, w, on, dummy):
                                    # hw.scanbuild.build
    _rd: list                       # per half, its ADC's read_u16
    _fast: Any                      # the walk's inner loop in viper (hw/scanfast.py) or None
    _deadband: Any                  # the deadband test: in viper (hw/scanfast.py) or deadband_bytecode
    _extra: bytearray               # per bank: SELFTEST | RECHECK | MEDIAN_*
    # the self-test channels
    _st: tuple                      # (the walks through them (hw.scanwalk.wire_tables), *
                                    # where their readings go, the readings, the positions
                                    # whose readings wait for a check)
    _st_lim: tuple                  # u16 limits: GND, 4051 rail/2 low, high, bank rail/2 low, high
    _second: int                    # the position of the second power-up wait (drift watch)
    _raw_lo: int                    # u16 rail margins
    _raw_hi: int
    _drift_lim: int                 # r units

    def __init__(self, mem, adcs, cal=None, cfg=None, settle_us=None,
                 samples=None, debounce=None, quiet_scans=None, selftest_every=None,
                 stuck_scans=512, stuck_stride=16, track_every=64, deadband=128, pair_halves=None,
                 fast_walk=True):
        if cfg is None:
            import board_config as cfg
        self.cfg = ScanTables(cfg)     # what the scan reads (the whole: config())
        # another configuration than the board's own module (a test's, a bench's): kept
        self._source = None if getattr(cfg, "__name__", None) == "board_config" else cfg
        self.mem = mem
        from hw import scanbuild
        scanbuild.build(self, mem, adcs, cal, cfg, settle_us, samples, debounce,
                  quiet_scans, selftest_every, stuck_scans, stuck_stride, track_every, deadband,
                  pair_halves)
        # the walk's inner loop as machine code where this port can make it (hw/scanfast.py)
        from hw import scanfast
        fast = scanfast.load(self._step) if fast_walk else None
        self._fast, self._deadband = fast or (None, deadband_bytecode)
        # the banks' walk, one generator made here for the scanner's life (_passes): scan()
        # runs a pass of it to its end, scan_step() a part; mid: a pass is begun and not ended
        self.mid = False
        self._classify = True
        self._split = False
        self._walks = self._passes()

    def config(self):
        """The whole board configuration this scanner was built on (a calibration's
        thresholds, hw/scanbuild.py): board_config imported again when it is the board's
        own, which app/start.py does not keep in the heap after power-up."""
        if self._source is not None:
            return self._source
        import board_config
        return board_config

    def set_calibration(self, cal):
        """Per-sensor thresholds from a Calibration (or the built-in defaults if None); call
        it again after changing the calibration (the scanner reads its gain in place)."""
        from hw import scanbuild
        scanbuild.set_calibration(self, cal)

    # ------------------------------------------------------------ the wires
    def _set_bank(self, half, bank):
        """Power and route `bank` of `half`, every other bank off: decoders off, address,
        the half's decoder on (four register writes)."""
        m = self.mem
        set_, clr, bankm, bank_lines, en_bit, en_all, en_off_reg, en_on_reg = self._lines
        bm = bankm[bank]
        m[en_off_reg] = en_all
        m[clr] = bank_lines ^ bm
        m[set_] = bm
        m[en_on_reg] = en_bit[half]

    def _all_off(self):
        self.mem[self._lines[6]] = self._lines[5]     # every half's decoder off

    def _select(self, ch):
        chm = self._chm
        if ch != self._cur:
            self.mem[self._xor] = chm[self._cur] ^ chm[ch]
            self._cur = ch

    def _read_channel(self, half, ch):
        """The median of three readings of channel ch of the routed bank (self-test, rail/2)."""
        self._select(ch)
        rd = self._rd[half]
        a = rd()
        b = rd()
        c = rd()
        if a > b:
            a, b = b, a
        if b > c:
            b = c
        return b if b > a else a

    def read_all(self):
        """The raw pass alone: every sensor's reading into self.raw, ch15 into self.refs
        (calibration uses it; scan() classifies as it goes). A scan begun by scan_step is
        ended first."""
        if self.mid:
            self.scan()
        self._classify = False
        try:
            self._run()
        finally:
            self._classify = True

    def _run(self):
        """The walk (_passes) up to the end of a pass, or, while self._split, of a part of
        it; True when a pass ended. An exception ends the generator: a new one is made (the
        pass is abandoned, as a scan that raised always was) and the exception goes on."""
        try:
            return next(self._walks)
        except BaseException:
            self._walks = self._passes()
            self.mid = False
            raise

    def _ref_moved(self, k, rd, a):
        """ch15 of bank k read `a`, outside its deadband: confirm with a median of 3; if it
        did move, every r of the bank moves with it (the bank is queued)."""
        b = rd()
        c = rd()
        if a > b:
            a, b = b, a
        if b > c:
            b = c
        if b > a:
            a = b
        fl = self._ref_floor[k]
        if fl == FORCE or (a - fl) >> self._db_shift:
            self._ref_floor[k] = a - self.deadband
            self._queue_bank(k)
        self.refs[k] = a

    def _hidden(self, j):
        """The classification of the slots queued so far, in the power-up wait before
        position j (-1: after the last bank)."""
        self._done = classify_chunk(self, self._done)

    def _passes(self):
        """The walk of every bank, pass after pass: one generator for the scanner's life (made
        in __init__: a generator made for each scan would allocate), each pass yielding True
        at its end; while self._split (scan_step), False at each bank's power-up wait too, the
        bank powered, so that the caller's work runs in the wait instead of a sleep.
        A pass: every bank in turn: power it, do the work that does not need it while it powers
        up (the deadband test and classification of the banks already walked, the health
        watch, the self-test checks), walk its sensor channels with one reading each, read its
        rail/2 channel, then the bank's extra work (self-test channels, samples >= 3: medians of
        the slots with a change pending). After the last bank, samples >= 3: the slots whose
        single reading asked for a change are read again as medians (_confirm_pass).
        self._classify False: the raw pass alone (read_all). (Long on purpose: a method call
        costs more on the Pico than a read; per bank the bytecode here is a few dozen ops.)"""
        while True:
            self.mid = True
            classify = self._classify
            if classify:
                self.scans += 1
            # the names of the inner loops first: the first 16 locals load and store in one byte
            raw = self.raw
            step = self._step
            mem = self.mem
            xor = self._xor
            rd = self._rd[0]
            i = 0
            k = 0                                # (the bank: used a few times per bank)
            held = self._held
            sh = self._db_shift
            queued = self._queued
            work = self._work
            nw = self._nwork
            if self._force or (classify and nw):
                from hw import scanbuild
                nw = scanbuild.restart(self, classify)   # (rare: calibration)
            # this scan's counts: classified slots, slots pending, slots wanting a median now
            done = 0
            self._done = 0
            self._npend = 0
            self._ntent = 0
            # the banks that read their self-test channels this scan (bank k when
            # (scans + k) % every == 0: about nb / every a scan; the walk clears the mark);
            # the halves' self-test
            extra = self._extra
            every = self.selftest_every
            if every:
                r = self.scans % every
                k = (every - r) % every
                nb = len(extra)
                while k < nb:
                    extra[k] |= SELFTEST
                    k += every
                if not r:
                    check_halves(self)
            fast = self._fast
            deadband = self._deadband
            en_off = self._lines[6]
            en_on = self._lines[7]
            refs = self.refs
            rfloor = self._ref_floor
            plan = self._plan
            second = self._second
            sts, st_off, st_val, stq = self._st
            settle = self.settle_us
            wait = settle or classify
            nq = 0
            t = 0                                # positions deadband-tested so far
            j = -1                               # the position in the bank order
            for rd, sens, k, w, on, dummy in plan:
                j += 1
                if on:
                    # decoders off, then the address and the half's decoder on; the select
                    # lines land on the first sensor channel in the same two writes
                    mem[en_off] = w
                    mem[en_on] = on
                    if wait:
                        # the power-up wait: the ADC input settles (a dummy read where it changes
                        # half), the work that does not need the bank runs
                        t0 = _ticks_us()
                        if dummy:
                            rd()
                        while nq:
                            nq -= 1
                            check_values(self, stq[nq])     # the self-test readings taken
                        if classify:
                            # the deadband test of the positions walked since the last wait: a
                            # reading out of the deadband of its slot's held value queues it
                            while t < j:
                                nw = deadband(plan[t][1], raw, held, queued, work, nw, sh)
                                t += 1
                            if j == 0:
                                frozen(self)     # the health watch: frozen readings
                            elif j == second:
                                drift(self)      # ... and baseline drift
                            if done < nw:
                                self._nwork = nw
                                self._hidden(j)
                                done = self._done
                        if settle:
                            if self._split:
                                # scan_step: the caller's work (a think) runs while the bank powers
                                # up; what is left of the wait, if any, after it
                                yield False
                            left = settle - _ticks_diff(_ticks_us(), t0)
                            if left > 0:
                                _sleep_us(left)
                    elif dummy:
                        rd()
                else:
                    mem[xor] = w                 # the other half of a pair: powered already
                    if dummy:
                        rd()                     # the ADC input mux just moved: drop one sample
                # one reading per channel: the deadband test runs in the next wait; then the
                # bank's rail/2 (the last step led here): a move out of its deadband (confirmed)
                # moves every r of the bank. a: 0 in the deadband, else the reading + 1
                if fast:
                    a = fast(sens, raw, step, mem, xor, rd, refs, rfloor, k, sh)   # machine code
                else:
                    for i in sens:
                        raw[i] = rd()
                        mem[xor] = step[i]
                    a = rd()
                    if (a - rfloor[k]) >> sh:
                        a += 1
                    else:
                        refs[k] = a
                        a = 0
                if a:
                    self._nwork = nw
                    self._ref_moved(k, rd, a - 1)
                    nw = self._nwork
                x = extra[k]
                if x:
                    if x & SELFTEST:
                        # the self-test channels (GND, unused): read now, checked in the next wait
                        extra[k] = x ^ SELFTEST
                        end = st_off[j + 1]      # (position j's steps start at st_off[j] + j)
                        for q in range(st_off[j], end):
                            mem[xor] = sts[q + j]
                            st_val[q] = rd()
                        mem[xor] = sts[end + j]  # back to the rail/2 channel
                        stq[nq] = j
                        nq += 1
                    if x & (RECHECK | MEDIAN_WALK):
                        self._nwork = nw
                        self._bank_extra(k, x if classify else x & RECHECK)
                        nw = self._nwork
            self._cur = self.cfg.REF_CHANNEL[k]  # (the last bank's)
            mem[en_off] = self._lines[5]
            if classify:
                # after the last bank: its deadband test (no wait to hide in)
                while t < len(plan):
                    nw = deadband(plan[t][1], raw, held, queued, work, nw, sh)
                    t += 1
            while nq:
                nq -= 1
                check_values(self, stq[nq])
            self._nwork = nw
            if classify and done < nw:
                self._hidden(-1)
            if classify:
                if self._ntent:
                    self._confirm_pass()
                self._nwork = 0
            self.mid = False
            yield True

    def _bank_extra(self, k, x):
        """Bank k, routed now, the select lines on its rail/2 channel: its confirmed
        self-test (medians: a failed bank is checked every scan); samples >= 3: its slots
        with a change pending read as medians and queued (MEDIAN_WALK: only in a scan that
        classifies them)."""
        back = self.cfg.REF_CHANNEL[k]
        self._cur = back
        if x & RECHECK:
            check_bank(self, k, self._bank_half[k])
        if x & MEDIAN_WALK:
            self._extra[k] &= ~MEDIAN_WALK
            medians(self, k, 1)
        self._select(back)

    def _power_up(self, k):
        """Route and power bank k alone and wait its power-up time (the walk does this
        inline, with work in the wait; the confirm pass calls this)."""
        half = self._bank_half[k]
        self._set_bank(half, self.cfg.SCAN_BANKS[k][1])
        t0 = _ticks_us()
        self._rd[half]()                     # the ADC input may have moved: drop one sample
        left = self.settle_us - _ticks_diff(_ticks_us(), t0)
        if left > 0:
            _sleep_us(left)

    def _confirm_pass(self):
        """samples >= 3, after the last bank: the slots whose single reading asked for a
        change (a checker placed, or a spike) read again as medians of 3, their banks
        powered once more (confirm_pass, below), and classified now. A change counts only
        once a median shows it, so a spike never unsettles the board."""
        self._nwork = self._done = 0             # (everything queued so far is classified)
        confirm_pass(self)
        self._ntent = 0
        self._done = classify_chunk(self, 0)

    # ------------------------------------------------------------ classification
    def _queue_bank(self, k):
        """Classify every sensor of bank k in this scan (its context changed)."""
        work, queued = self._work, self._queued
        nw = self._nwork
        for i in self.cfg.SCAN_SENSORS[k]:
            if not queued[i]:
                queued[i] = 1
                work[nw] = i
                nw += 1
        self._nwork = nw

    # ------------------------------------------------------------ the board
    def scan(self):
        """One full scan (the rest of one that scan_step began); returns the (reused) Sensed
        object."""
        self._split = False
        while not self._run():
            pass
        return self._scanned()

    def scan_step(self):
        """A part of a scan, for a caller with work to do while the banks power up (the
        board's think: app.loop's think_tick): from where the last part stopped up to the next
        bank's power-up wait, the bank powered, or to the scan's end. Call it again at least
        settle_us later, or what is left of the wait is slept then. A scan in parts reads,
        classifies and debounces exactly as scan() does, with the power-up waits given to the
        caller's work (7 of them a scan, 2.5 ms of the Pico's, in the charger profile);
        scan() ends a scan begun here. Returns the Sensed object when the scan ended, else
        None."""
        self._split = True
        try:
            if not self._run():
                return None
        finally:
            self._split = False
        return self._scanned()

    def _scanned(self):
        """A pass of the banks ended: the board composed again if a slot changed, `settled`."""
        if self._faults_changed:
            self._dirty = True
        if self._dirty:
            compose(self)
            self._dirty = False
            self.last_change = self.scans
        # True when nothing changed for quiet_scans scans and no slot is about to change. A
        # plain attribute, not a property: a class with a property makes every attribute
        # store on its instances look the class up first (about 10x slower in MicroPython)
        self.settled = self._npend == 0 and self.scans - self.last_change >= self.quiet_scans
        return self.sensed


# ------------------------------------------------------------ classification
def deadband_bytecode(sens, raw, held, queued, work, nw, sh):
    """The deadband test in bytecode, where the viper one (hw/scanfast.py) cannot load:
    each sensor of `sens` whose reading left its deadband (held: the floor) is queued on the
    work list once; returns the list's new length."""
    for i in sens:
        if (raw[i] - held[i]) >> sh and not queued[i]:
            queued[i] = 1
            work[nw] = i
            nw += 1
    return nw


def _group(cfg, i):
    """Sensor i's slot group: its point - 1, or N_POINTS + its bar strip."""
    if i < cfg.N_POINT_SENSORS:
        return i // cfg.SLOTS_PER_POINT
    return cfg.N_POINTS + (i - cfg.N_POINT_SENSORS) // cfg.BAR_SLOTS


def candidate(d, g, held, u, th, white_neg):
    """The state a reading asks for, from the reading alone (pure: no pins, no scanner).

    d: the slot's r - base with the neighbours' crosstalk added back (R_ONE units); g: its
    gain (one centred checker's |r|); held: its debounced state (colour * 4 + layers, + 16
    in the band); u: the reading's usability (0 usable, 1 usable but past the overrange,
    2 the bank or its rail unusable, 3 below the GND margin, 4 above the rail margin); th:
    the thresholds (Scanner._th), white_neg: White's field is negative.

    Returns colour * 4 + layers, + 16 in the band, + 32 past the overrange; an unusable
    reading 128 + its code (126 + u). Hysteresis (hardware-brief 3.3): a layer appears at
    its `on` threshold and goes at its `off` one; between them the band (a checker half on
    its slot, a lifting hand). A field weaker than a placed checker's (one held a few mm
    above the board) is in the band too: counted as "maybe", never as a checker; a placed
    one (>= full1) stays sure down to keep1."""
    if u >= 2:
        return 126 + u
    a = (d if d >= 0 else -d) << 12
    on1 = th[0]
    off1 = th[1]
    on2 = th[4]
    L = held & 3
    if a >= g * on2 or (L >= 2 and a >= g * th[5]):
        n = 2
        b = 1 if a < g * on2 else 0
    elif a >= g * on1 or (L >= 1 and a >= g * off1):
        n = 1
        b = 0 if a >= g * th[2] or (L >= 1 and not held & 16 and a >= g * th[3]) else 1
    else:
        n = 0
        b = 1 if a >= g * off1 else 0
    cand = (b << 4) + (u << 5)
    if n:
        cand += (4 if (d < 0) == white_neg else 8) + n
    return cand


def classify_chunk(sc, start):
    """Raw readings -> debounced slot states for work[start:nwork]; returns nwork.

    Only the slots on the work list are looked at: those whose reading left the deadband
    (the deadband test in the power-up waits queues them), those with a change pending
    (held at FORCE, so their next reading queues them), and whole banks whose rail or
    self-test changed. A slot within
    `deadband` of its last classified reading, with nothing pending, cannot change state.
    Every slot of a bank is queued before the bank's chunk runs, so the neighbours'
    crosstalk uses this scan's readings."""
    # thresholds: |r| against gain * factor / R_ONE (one checker's signal: gain), compared
    # as |r| << 12 against gain * factor (hw.scanbuild.set_calibration)
    th = sc._th
    over = th[6]
    xt = th[7]
    gain = sc.gain
    raw = sc.raw
    refs = sc.refs
    r = sc.r
    base = sc.base
    unk = sc._unk
    held = sc._held
    work = sc._work
    bank_of = sc._bank_of
    bank_fault = sc.bank_fault
    raw_lo = sc._raw_lo
    raw_hi = sc._raw_hi
    dz = sc.deadband
    nw = sc._nwork
    for j in range(start, nw):
        i = work[j]
        v = raw[i]
        held[i] = v - dz             # the floor of the slot's deadband
        k = bank_of[i]
        ref = refs[k]
        # unk: 0 usable, 1 usable but past the overrange ('field'), 2 unusable (bank or
        # its rail), 3 below the GND margin, 4 above the rail margin
        if bank_fault[k] or ref < raw_lo:
            unk[i] = 2
            r[i] = 0
        elif v <= raw_lo or v >= raw_hi:
            unk[i] = 3 if v <= raw_lo else 4
            r[i] = 0
        else:
            d = (v - ref) * R_ONE // ref - base[i]
            if d > 32767:            # (a sagging rail: r is int16)
                d = 32767
            elif d < -32767:
                d = -32767
            r[i] = d
            unk[i] = 1 if (d if d >= 0 else -d) << 12 > gain[i] * over else 0
    st = sc.state
    cnt = sc._cnt
    oor = sc._oor
    pend = sc._pend
    nb = sc._nbrs
    queued = sc._queued
    gd = sc._gdirty
    sus = sc._sus
    extra = sc._extra
    white_neg = sc.cfg.WHITE_SIGN < 0
    deb = sc.debounce
    npend = sc._npend
    median = sc.samples >= 3
    for j in range(start, nw):
        i = work[j]
        queued[i] = 0
        # the candidate; all of it is debounced: a spike neither moves a checker nor
        # widens a range nor reports a fault. Neighbours on the same point pull the field
        # the other way (xtalk): added back
        d = r[i]
        m = nb[i]
        if m:
            x = 0
            if m & 1:
                x = r[i - 1]
            if m & 2:
                x += r[i + 1]
            d += (x * xt) >> 12
        cand = candidate(d, gain[i], st[i], unk[i], th, white_neg)
        s = st[i]
        if s == UNKNOWN:
            s = 128 + oor[i]
        elif oor[i] == 3:
            s += 32
        if cand != s:
            if median and sus[i] != 2:
                # samples >= 3 and one reading asks for a change: it counts only once a
                # median of 3 shows it too, read after the last bank (a spike never
                # unsettles the board)
                if sus[i] != 3:
                    sus[i] = 3
                    extra[bank_of[i]] |= MEDIAN_NOW
                    sc._ntent += 1
                continue
            if cand == pend[i]:
                c = cnt[i] + 1
            else:
                pend[i] = cand
                c = 1
            if c >= deb:
                if cand >= 128:
                    st[i] = UNKNOWN
                    o = cand - 128
                else:
                    st[i] = cand & 31            # colour, layers, band
                    o = 3 if cand & 32 else 0
                if o != oor[i]:
                    oor[i] = o
                    sc._faults_changed = True
                gd[_group(sc.cfg, i)] = 1
                c = 0
                sc._dirty = True
                sus[i] = 0
            else:
                held[i] = FORCE          # looked at again next scan, moved or not
                npend += 1
                if median:
                    sus[i] = 1           # ... as a median, in the next walk
                    extra[bank_of[i]] |= MEDIAN_WALK
            cnt[i] = c
        else:
            cnt[i] = 0
            pend[i] = cand
            sus[i] = 0
    sc._npend = npend
    return nw


def medians(sc, k, mark):
    """Every slot of bank k (routed now) whose _sus is `mark`: read again as the median of
    3, marked 2 (this reading counts) and queued for classification."""
    sus, raw = sc._sus, sc.raw
    work, queued = sc._work, sc._queued
    chs = sc.cfg.SCAN_CHANNELS[k]
    sens = sc.cfg.SCAN_SENSORS[k]
    half = sc._bank_half[k]
    nw = sc._nwork
    for q in range(len(sens)):
        i = sens[q]
        if sus[i] == mark:
            sus[i] = 2
            raw[i] = sc._read_channel(half, chs[q])
            if not queued[i]:
                queued[i] = 1
                work[nw] = i
                nw += 1
    sc._nwork = nw


def confirm_pass(sc):
    """After the last bank: each bank marked MEDIAN_NOW powered again (its power-up wait
    included) and its slots at _sus 3 read as medians and queued; every bank off after."""
    extra = sc._extra
    for k in sc._order:
        if extra[k] & MEDIAN_NOW:
            extra[k] &= ~MEDIAN_NOW
            sc._power_up(k)
            medians(sc, k, 3)
    sc._all_off()


# ------------------------------------------------------------ health
def check_bank(sc, k, half):
    """GND must read ~0 V, ch15 ~rail/2, unused channels the pull-up. One reading each; one
    that looks wrong is read again as a median of 3 (a spike is not a fault)."""
    cfg = sc.cfg
    ref = sc.refs[k]
    mem, xor = sc.mem, sc._xor
    chm, rd = sc._chm, sc._rd[half]
    gnd_max, _, _, bank_lo, bank_hi = sc._st_lim
    code = 0
    ch = cfg.GND_CHANNEL[k]
    mem[xor] = chm[sc._cur] ^ chm[ch]
    sc._cur = ch
    if rd() > gnd_max and sc._read_channel(half, ch) > gnd_max:
        code = 1
    elif not (bank_lo <= ref <= bank_hi):
        code = 2
    else:
        hi = sc._raw_hi
        for ch in cfg.UNUSED_CHANNELS[k]:
            mem[xor] = chm[sc._cur] ^ chm[ch]
            sc._cur = ch
            if rd() < hi and sc._read_channel(half, ch) < hi:
                code = 3
                break
    # a failed bank is checked in every walk until it passes
    sc._extra[k] = (sc._extra[k] & ~RECHECK) | (RECHECK if code else 0)
    if code != sc.bank_fault[k]:
        sc.bank_fault[k] = code
        sc._faults_changed = True
        sc._queue_bank(k)


def check_values(sc, j):
    """The self-test readings the walk took at position j (GND, then the unused channels):
    one that looks wrong asks for the confirmed check_bank on the bank's next read."""
    k = sc._order[j]
    _, st_off, v, _ = sc._st
    q = st_off[j]
    end = st_off[j + 1]
    ref = sc.refs[k]
    gnd_max, _, _, bank_lo, bank_hi = sc._st_lim
    bad = v[q] > gnd_max or not (bank_lo <= ref <= bank_hi)
    hi = sc._raw_hi
    for t in range(q + 1, end):
        if v[t] < hi:
            bad = True
    if bad:
        sc._extra[k] |= RECHECK


def check_halves(sc):
    """Each 74HC4051's input 7 must read 3.3 V / 2 (before the banks: a change marks the
    half's banks for classification after their read)."""
    cfg = sc.cfg
    _, ref_lo, ref_hi, _, _ = sc._st_lim
    for h in range(cfg.HALVES):
        sc._set_bank(h, cfg.HALF_REF_INPUT)
        sc._rd[h]()                         # the ADC input may have moved
        v = sc._read_channel(h, sc._cur)    # the 4051 input ignores S0..S3
        code = 0 if ref_lo <= v <= ref_hi else 1
        if code != sc.half_fault[h]:
            sc.half_fault[h] = code
            sc._faults_changed = True
            for k in range(len(cfg.SCAN_BANKS)):
                if cfg.SCAN_BANKS[k][0] == h:
                    sc._ref_floor[k] = FORCE
    sc._all_off()


def frozen(sc):
    """The frozen watch's slice of this scan (no scan pays for all the sensors): each sensor
    is sampled every stuck_stride scans and judged every stuck_scans scans."""
    now = sc.scans
    n = sc.n
    raw, prev, fr = sc.raw, sc._prev, sc._health
    i = now % sc.stuck_stride
    while i < n:                    # (a range with a variable step would allocate)
        v = raw[i]
        if v != prev[i]:
            prev[i] = v
            fr[i] |= 1              # moved
        i += sc.stuck_stride
    every = sc.stuck_scans
    if every and now >= every:      # after one whole window
        i = now % every
        while i < n:
            f = fr[i]
            s = 0 if f & 1 else 2   # stuck: it did not move in the window
            if s != f & 2:
                sc._faults_changed = True
            fr[i] = s | (f & 4)     # (the drift flag kept)
            i += every


def drift(sc):
    """The baseline tracker's slice of this scan: each sensor's empty baseline followed
    every track_every scans."""
    every = sc.track_every
    if every:
        now = sc.scans
        n = sc.n
        raw = sc.raw
        st = sc.state              # one name per line: 4+ names at once build a tuple
        cnt = sc._cnt
        unk = sc._unk
        refs = sc.refs
        bank_of = sc._bank_of
        base = sc.base
        cbase = sc.cal_base
        lim = sc._drift_lim
        hf = sc._health
        i = now % every
        while i < n:
            ref = refs[bank_of[i]]
            if st[i] == 0 and not cnt[i] and not unk[i] and ref:   # empty, out of the band
                # this scan's r (the slot may not have been classified since long)
                d = (raw[i] - ref) * R_ONE // ref - base[i]
                # EMA, alpha = 1/64 per step, at least one unit so that it converges
                b = base[i] + (d >> 6 if (d >= 64 or d <= -64) else (d > 0) - (d < 0))
                over = 0
                if b > cbase[i] + lim:
                    b, over = cbase[i] + lim, 1
                elif b < cbase[i] - lim:
                    b, over = cbase[i] - lim, 1
                base[i] = b
                f = hf[i]
                if over << 2 != f & 4:
                    hf[i] = f ^ 4
                    sc._faults_changed = True
            i += every


# ------------------------------------------------------------ the Sensed board
def _groups(sc, g):
    """For every slot group whose slots changed (sc._gdirty: 24 points, then the two bar
    strips), five bytes of g from 5 * group: white layers, black layers, white open, black
    open, unknown/band slots. The other groups keep last time's bytes."""
    st = sc.state
    bad = sc._bad_bank
    health = sc._health
    bank_of = sc._bank_of
    gd = sc._gdirty
    cfg = sc.cfg
    spp = cfg.SLOTS_PER_POINT
    npts = cfg.N_POINTS
    grp = gd.find(b"\x01")           # (found in C: usually one or two groups of 26)
    while grp >= 0:
        gd[grp] = 0
        if grp < npts:
            first, nslots = grp * spp, spp
        else:
            first, nslots = cfg.N_POINT_SENSORS + (grp - npts) * cfg.BAR_SLOTS, cfg.BAR_SLOTS
        w = b = wopen = bopen = extra = 0
        for i in range(first, first + nslots):
            s = st[i]
            if s == UNKNOWN or bad[bank_of[i]] or health[i] & 2:
                # cannot be read (a bad bank, out of range) or frozen ('stuck'): a hardware
                # fault, 15 at a time so that compose tells it from the band (< 15 a group)
                extra += 15
                continue
            n = s & 3
            deep = n >= 2               # a third layer could hide on a second one
            if s & 16:
                # in the band, held only by hysteresis: not sure of the top layer either
                # way. On the floor that is a weak field (a checker held over the slot,
                # half on it: compose marks the point WEAK); above a checker it is a
                # pile's top layer, bounded like any pile's (deep: its range is open)
                if n < 2:
                    extra += 1
                if n:
                    n -= 1
            s &= 12                     # the colour
            if s == 4:
                w += n
                if deep:
                    wopen = 1
            elif s == 8:
                b += n
                if deep:
                    bopen = 1
        q = 5 * grp
        g[q] = w
        g[q + 1] = b
        g[q + 2] = wopen
        g[q + 3] = bopen
        g[q + 4] = extra if extra < 255 else 255
        grp = gd.find(b"\x01", grp + 1)


def compose(sc):
    """Fill sc.sensed (points, bar, ranges, faults) from the scanner's debounced slot states."""
    hw_changed = sc._faults_changed
    if hw_changed:
        # bad banks and the hardware faults (rare: loaded for the moment); a bank's or a
        # half's health changes whole groups
        from hw import scanfaults
        scanfaults.hardware_faults(sc)
        gd = sc._gdirty
        for q in range(len(gd)):
            gd[q] = 1
    g = sc._grp
    cfg, se = sc.cfg, sc.sensed
    col, los, his = se.colour, se.lo, se.hi
    why = se.why
    spp = cfg.SLOTS_PER_POINT
    npts = cfg.N_POINTS
    stack = sc.stack_reading
    faults = []
    tot = [0, 0, 0]
    _groups(sc, g)
    unsure = 0                      # some count is a range: conservation may narrow it
    tw = tb = 0
    q = 0
    for p in range(1, npts + 1):
        w = g[q]
        b = g[q + 1]
        full = 0
        if w:
            if b:
                col[p] = MIXED
                lo = w + b
                faults.append(("mixed", p))
            else:
                col[p] = WHITE
                lo = w
                tw += w
                full = g[q + 2]
        elif b:
            col[p] = BLACK
            lo = b
            tb += b
            full = g[q + 3]
        else:
            col[p] = 0
            lo = 0
        # without stack reading a full floor may hide a second layer
        if lo >= spp and not stack:
            full = 1
        # (comparisons, not min/max: a builtin call costs more than the branches here)
        if lo > 15:
            hi = lo                 # mixed: two colours, more than one can have
        elif full:
            hi = 15
        else:
            hi = lo + g[q + 4]
            if hi > 15:
                hi = 15
        los[p] = lo
        his[p] = hi
        x = g[q + 4]
        why[p] = FAULT if x >= 15 else (WEAK if x else 0)
        if hi != lo:
            unsure = 1
        q += 5
    tot[WHITE] = tw
    tot[BLACK] = tb
    wl = bl = wh = bh = 0
    wo = bo = 0
    bw = 0
    for strip in range(2):
        q = 5 * (npts + strip)
        x = g[q + 4]
        if x >= 15:
            bw = FAULT
        elif x and not bw:
            bw = WEAK
        wl += g[q]
        bl += g[q + 1]
        wh += g[q] + g[q + 4]
        bh += g[q + 1] + g[q + 4]
        wo |= g[q + 2]
        bo |= g[q + 3]
    why[npts + 1] = why[npts + 2] = bw      # a strip's fault widens both colours' bar
    se.bar_lo[WHITE], se.bar_lo[BLACK] = min(wl, 15), min(bl, 15)
    se.bar_hi[WHITE] = 15 if wo else min(wh, 15)
    se.bar_hi[BLACK] = 15 if bo else min(bh, 15)
    tot[WHITE] += wl
    tot[BLACK] += bl
    if se.bar_hi[WHITE] != se.bar_lo[WHITE] or se.bar_hi[BLACK] != se.bar_lo[BLACK]:
        unsure = 1
    # conservation: no colour has more than 15 checkers, which bounds every "at most"
    for c in (WHITE, BLACK):
        if tot[c] > 15:
            faults.append(("too_many", c))
        room = 15 - tot[c]
        if room < 0 or not unsure:
            continue    # impossible already, or nothing to narrow
        for p in range(1, npts + 1):
            if col[p] == c:
                cap = los[p] + room
                if his[p] > cap:
                    his[p] = cap
        cap = se.bar_lo[c] + room
        if se.bar_hi[c] > cap:
            se.bar_hi[c] = cap
    if unsure:
        room = max(15 - min(tot[WHITE], tot[BLACK]), 0)
        for p in range(1, npts + 1):
            if his[p] > room and not col[p]:
                his[p] = room
    faults.extend(sc._hw_faults)    # unchanged since the last compose unless hw_changed
    se.faults = faults
    sc._faults_changed = False
