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
per step, Gray order; a bank switch sets the select lines too); one reading per channel.
The next bank's power-up wait tests the readings against their slot's `deadband` and
classifies the slots that left it (the last bank's, after it), and runs the health watch
(frozen readings, baseline drift) and the self-test checks. samples=3: a slot whose single
reading asks for a change is read again as a median of 3 after the last bank (its bank
powered once more, _confirm_pass) and the change counts only if the median shows it, so a
spike never unsettles the board; a slot with a change pending is read as a median in every
walk. samples=1: single readings only, spikes left to the debounce. No allocation per
scan.

Parts, each small enough to compile within the Pico's heap. Kept loaded while the board
plays: this module, hw/scanclassify.py (classification, medians), scanhealth.py (self-test
checks, health watch), scanboard.py (the Sensed board). Loaded for the moment and forgotten
(firmware/lazy.py), so that their code leaves the heap: scanbuild.py (construction,
calibration), scanwalk.py (the wire tables, for scanbuild), scanfaults.py (the fault list,
when a fault appears or clears).

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

import board_config as _cfg
import lazy
from reading import Sensed
from hw.scanboard import compose
from hw.scanhealth import check_bank, check_halves, check_values, frozen, drift
from hw.scanclassify import classify_chunk, medians, confirm_pass

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

R_ONE = 4096          # r fixed-point unit
UNKNOWN = 255         # slot state: cannot be read (dead sensor, bad bank)
FORCE = -(1 << 20)    # a deadband floor no ADC value is near: the slot is looked at next scan
# per bank, the work of its walk beyond the sensors (Scanner._extra; hw/scanclassify.py and
# hw/scanhealth.py set them too): its self-test channels are read this scan; its confirmed
# self-test (medians) runs in every walk until it passes; samples >= 3: slots with a change
# pending are read as medians in the next walk; slots whose single reading asked for a change
# are read as medians after the last bank (_confirm_pass)
SELFTEST = const(1)
RECHECK = const(2)
MEDIAN_WALK = const(4)
MEDIAN_NOW = const(8)


def make_scanner(cal=None, cfg=_cfg, **kw):
    """A Scanner on the pins named in board_config (imports machine only here)."""
    return lazy.call("hw.scanbuild", "make_scanner", cal, cfg, kw)


class Scanner:
    """The 152 slots of the board. mem: machine.mem32 (the lines S0..S3, A0..A2 and the half
    enables named in cfg are outputs already, see make_scanner); adcs one machine.ADC per
    half; cal a hw.calibration.Calibration (defaults if None). Options default to
    board_config: settle_us (bank power-up wait), samples (1: one reading per channel,
    spikes left to the debounce; 3: a change counts only once a median of three readings
    shows it), deadband (u16, rounded to a power of two), debounce (scans), quiet_scans (for
    `settled`), selftest_every (scans); pair_halves powers the same bank of both halves at
    once (twice the sensor current: charger profile only, hardware/power.md).

    Built by hw/scanbuild.py, loaded for the constructor only (its code leaves the heap);
    its state is listed below: arrays per sensor unless said, * per position of the bank
    order."""
    # options (see above; and cfg, mem) and the results
    settle_us: int
    samples: int
    debounce: int
    quiet_scans: int
    selftest_every: int
    stuck_scans: int
    stuck_stride: int
    track_every: int
    deadband: int                   # u16, a power of two (1 << _db_shift - 1)
    _db_shift: int
    n: int
    sensed: Sensed                  # the board, refilled in place (hw/scanboard.py)
    scans: int
    last_change: int                # the scan of the last change of `sensed`
    settled: bool                   # no change for quiet_scans scans, nothing pending
    cal: object                     # the Calibration: its gain is read in place
    stack_reading: bool
    # readings and slot states
    raw: array                      # u16 reading
    r: array                        # int16 ratiometric r - base, R_ONE units (hw/scanclassify.py)
    refs: array                     # per bank: ch15 (rail / 2), a median when it moves
    base: array                     # int16 empty-board r, drift-tracked (hw/scanhealth.py)
    state: bytearray                # stable: colour * 4 + layers, + 16 when the reading is
                                    # between a leave and an enter threshold (the band: a
                                    # checker half on its slot); or UNKNOWN
    _cnt: bytearray                 # the count of the candidate state being debounced
    _unk: bytearray                 # this scan's reading usable or why not (scanclassify)
    _sus: bytearray                 # samples >= 3: 1 median next walk, 3 median after the
                                    # last bank, 2 this reading is that median
    _ctx: tuple                     # what classify_chunk unpacks in one go (hw/scanbuild.py),
                                    # with the state only it keeps: per slot the candidate
                                    # state being debounced, its neighbours
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
    # health (hw/scanhealth.py) and faults (hw/scanfaults.py)
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
    _gdirty: bytearray              # ... and 1 if one of its slots changed (hw/scanboard.py)
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

    def __init__(self, mem, adcs, cal=None, cfg=_cfg, settle_us=None,
                 samples=None, debounce=None, quiet_scans=None, selftest_every=None,
                 stuck_scans=512, stuck_stride=16, track_every=64, deadband=64, pair_halves=False):
        self.cfg = cfg
        self.mem = mem
        lazy.call("hw.scanbuild", "build", self, mem, adcs, cal, cfg, settle_us, samples, debounce,
                  quiet_scans, selftest_every, stuck_scans, stuck_stride, track_every, deadband,
                  pair_halves)

    def set_calibration(self, cal):
        """Per-sensor thresholds from a Calibration (or the built-in defaults if None); call
        it again after changing the calibration (the scanner reads its gain in place)."""
        lazy.call("hw.scanbuild", "set_calibration", self, cal)

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
        (calibration uses it; scan() classifies as it goes)."""
        self._pass(False)

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

    def _pass(self, classify):
        """Every bank in turn: power it, do the work that does not need it while it powers
        up (the deadband test and classification of the banks already walked, the health
        watch, the self-test checks), walk its sensor channels with one reading each, read its
        rail/2 channel, then the bank's extra work (self-test channels, samples >= 3: medians of
        the slots with a change pending). After the last bank, samples >= 3: the slots whose
        single reading asked for a change are read again as medians (_confirm_pass). (Long
        on purpose: a method call costs more on the Pico than a read; per bank the bytecode
        here is a few dozen ops.)"""
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
            nw = lazy.call("hw.scanbuild", "restart", self, classify)   # (rare: calibration)
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
                            for i in plan[t][1]:
                                if (raw[i] - held[i]) >> sh and not queued[i]:
                                    queued[i] = 1
                                    work[nw] = i
                                    nw += 1
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
                        left = settle - _ticks_diff(_ticks_us(), t0)
                        if left > 0:
                            _sleep_us(left)
                elif dummy:
                    rd()
            else:
                mem[xor] = w                 # the other half of a pair: powered already
                if dummy:
                    rd()                     # the ADC input mux just moved: drop one sample
            # one reading per channel: the deadband test runs in the next wait
            for i in sens:
                raw[i] = rd()
                mem[xor] = step[i]
            # the bank's rail/2 (the last step led here): a move out of its deadband
            # (confirmed) moves every r of the bank
            a = rd()
            if (a - rfloor[k]) >> sh:
                self._nwork = nw
                self._ref_moved(k, rd, a)
                nw = self._nwork
            else:
                refs[k] = a
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
                for i in plan[t][1]:
                    if (raw[i] - held[i]) >> sh and not queued[i]:
                        queued[i] = 1
                        work[nw] = i
                        nw += 1
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
        powered once more, and classified now (hw/scanmedian.py). A change counts only
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
        """One full scan; returns the (reused) Sensed object."""
        self.scans += 1
        self._pass(True)
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

