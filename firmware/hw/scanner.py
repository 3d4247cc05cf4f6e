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
scan. Parts: hw/scanclassify.py, scanmedian.py, scanhealth.py, scanboard.py, scanwalk.py
(each module must compile within the Pico's heap).

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
from hw.sensed import Sensed
from hw.calibration import Calibration
from hw.scanboard import compose, BANK_FAULTS
from hw.scanhealth import check_bank, check_halves, check_values, frozen, drift
from hw.scanclassify import classify_chunk
from hw.scanmedian import medians, confirm_pass

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
    from machine import Pin, ADC, mem32
    for n in cfg.MUX_SEL + cfg.BANK_SEL:
        Pin(n, Pin.OUT, value=0)
    off = 1 if cfg.HALF_EN_ACTIVE_LOW else 0
    for n in cfg.HALF_EN:
        Pin(n, Pin.OUT, value=off)
    adcs = [ADC(n) for n in cfg.ADC_PINS]
    return Scanner(mem32, adcs, cal, cfg, **kw)


class Scanner:
    """The 152 slots of the board. mem: machine.mem32 (the lines S0..S3, A0..A2 and the half
    enables named in cfg are outputs already, see make_scanner); adcs one machine.ADC per
    half; cal a hw.calibration.Calibration (defaults if None). Options default to
    board_config: settle_us (bank power-up wait), samples (1: one reading per channel,
    spikes left to the debounce; 3: a change counts only once a median of three readings
    shows it), deadband (u16, rounded to a power of two), debounce (scans), quiet_scans (for
    `settled`), selftest_every (scans); pair_halves powers the same bank of both halves at
    once (twice the sensor current: charger profile only, hardware/power.md)."""

    def __init__(self, mem, adcs, cal=None, cfg=_cfg, settle_us=None,
                 samples=None, debounce=None, quiet_scans=None, selftest_every=None,
                 stuck_scans=512, stuck_stride=16, track_every=64, deadband=64, pair_halves=False):
        self.cfg = cfg
        self.mem = mem
        self.adcs = adcs
        self._rd = [a.read_u16 for a in adcs]   # bound once: no allocation per bank
        self.settle_us = cfg.BANK_SETTLE_US if settle_us is None else settle_us
        self.samples = cfg.SAMPLES_PER_CHANNEL if samples is None else samples
        self.debounce = cfg.SLOT_DEBOUNCE_SCANS if debounce is None else debounce
        self.quiet_scans = (cfg.BOARD_QUIET_MS // cfg.SCAN_PERIOD_MS) if quiet_scans is None else quiet_scans
        self.selftest_every = cfg.SELFTEST_EVERY_N_SCANS if selftest_every is None else selftest_every
        self.stuck_scans = stuck_scans
        self.pair_halves = pair_halves
        self.track_every = track_every
        n = cfg.N_SENSORS
        nb = len(cfg.SCAN_BANKS)
        self.n = n
        self.raw = array("H", bytes(2 * n))       # reading per sensor, u16
        self.r = array("i", bytes(4 * n))         # ratiometric r - base per sensor, R_ONE units
        self.refs = array("H", bytes(2 * nb))     # ch15 (rail / 2) per bank (a median when it moves)
        self.state = bytearray(n)                 # stable: colour * 4 + layers, or UNKNOWN
        self._pend = bytearray(n)
        self._cnt = bytearray(n)
        self._band = bytearray(n)                 # 1: reading between leave and enter thresholds
        self._prev = array("H", bytes(2 * n))
        # per slot the floor of its deadband: the reading at its last classification minus
        # deadband/2 (FORCE: look at it next scan); moved = (a - floor) >> shift != 0
        self._held = array("i", [FORCE] * n)
        self._work = bytearray(n)                 # sensors to classify this scan
        self._nwork = 0
        self._queued = bytearray(n)               # 1: already on the work list
        self._npend = 0
        # per bank the floor of its rail/2 deadband (FORCE: classify the whole bank next scan)
        self._ref_floor = array("i", [FORCE] * nb)
        self._force = True                        # classify every slot on the next scan
        # deadband as a power of two: the |a - held| test is one shift, (a - floor) >> sh
        p, sh = 2, 1
        while p < 2 * deadband:
            p <<= 1
            sh += 1
        self.deadband = p >> 1
        self._db_shift = sh
        self.stuck_stride = stuck_stride
        self._moved = bytearray(n)
        self._stuck = bytearray(n)
        self._oor = bytearray(n)                  # 1 below GND margin, 2 above the rail, 3 field
        self.bank_fault = bytearray(nb)           # 0 ok, else a reason code (see _BANK_FAULTS)
        self.half_fault = bytearray(cfg.HALVES)
        self._drifted = bytearray(n)
        self._unk = bytearray(n)                  # this scan's reading: see hw/scanclassify.py
        self._xt = int(-cfg.XTALK * R_ONE)        # crosstalk share, R_ONE units (hardware-brief 3.2.4)
        self._bank_half = bytes(h for h, b in cfg.SCAN_BANKS)
        self._bad_bank = bytearray(nb)            # bank or its half failed the self-test
        # per slot group (24 points, 2 bar strips): layers and ranges (hw.scanboard._groups),
        # and 1 if a slot of the group changed since the last compose
        self._grp = bytearray(5 * (cfg.N_POINTS + 2))
        self._gdirty = bytearray(b"\x01" * (cfg.N_POINTS + 2))
        # slot maps, bank order, register masks and walk tables: hw/scanwalk.py, loaded for
        # this call only (its code leaves the heap); grouped in tuples to keep the
        # instance's attribute table small
        (self._bank_of, self._nb, self._grp_of, self._order, self._fresh, self._lines, self._xor,
         self._chm, self._walk, self._st_steps,
         self._st_off) = lazy.call("hw.scanwalk", "wire_tables", cfg, n, pair_halves)
        # known line states: select ch0, address 0, every half off
        set_, clr, bankm, bank_lines, en_bit, en_all, en_off_reg, en_on_reg = self._lines
        mem[clr] = self._chm[cfg.MUX_CHANNELS - 1] | bank_lines
        mem[en_off_reg] = en_all
        self._cur = 0                               # the channel S0..S3 select
        self._step = self._walk[1]
        self._npos = len(self._order)
        self._ch_of = bytearray(n)                  # the mux channel of each sensor
        for k in range(nb):
            for c, i in zip(cfg.SCAN_CHANNELS[k], cfg.SCAN_SENSORS[k]):
                self._ch_of[i] = c
        self._st_val = array("H", bytes(2 * self._st_off[len(self._order)]))  # self-test readings
        self._extra = bytearray(nb)                 # per bank: SELFTEST | RECHECK | MEDIAN_*
        # samples >= 3, per slot: 1 read as a median in the next walk (a change pending), 3
        # read as a median after the last bank (its single reading asked for a change), 2 its
        # reading this scan is that median (hw/scanclassify.py)
        self._sus = bytearray(n)
        self._ntent = 0                             # slots at 3 this scan
        self._st_q = bytearray(len(self._order))   # positions whose readings wait for a check
        self._done = 0                              # work list entries classified this scan
        # the position of the second power-up wait (the drift watch runs there)
        self._second = [j for j in range(len(self._fresh)) if self._fresh[j]][1]
        self._due = b""                             # the banks due a self-test this scan
        self._due_list = tuple([b""])               # ... per scan % selftest_every (_due_banks)
        self._due_every = 0
        # rail limits in u16: a sensor output within RAIL_MARGIN_V of a rail is open or shorted
        vcc = cfg.SENSOR_VCC
        self._raw_lo = int(cfg.RAIL_MARGIN_V / vcc * 65535)
        self._raw_hi = int((vcc - cfg.RAIL_MARGIN_V) / vcc * 65535)
        self._gnd_max = int(cfg.GND_MAX_V / vcc * 65535)
        self._ref_lo = int((0.5 - cfg.REF_HALF_TOL) * 65535)
        self._ref_hi = int((0.5 + cfg.REF_HALF_TOL) * 65535)
        self._set_reads(self._rd)
        self.sensed = Sensed(cfg.N_POINTS)
        self.scans = 0
        self.last_change = 0
        self._pending = 0
        self.settled = self.quiet_scans <= 0       # (see scan())
        self._dirty = True
        self._faults_changed = True
        self._hw_faults = []                      # the hardware part of sensed.faults (compose)
        self.base = array("i", bytes(4 * n))      # empty-board r per sensor (drift-tracked)
        self._on1 = array("H", bytes(2 * n))      # thresholds, R_ONE units (set_calibration)
        self._off1 = array("H", bytes(2 * n))
        self._on2 = array("H", bytes(2 * n))
        self._off2 = array("H", bytes(2 * n))
        self._over = array("H", bytes(2 * n))
        self.set_calibration(cal)

    # ------------------------------------------------------------ calibration
    def set_calibration(self, cal):
        """Per-sensor thresholds from a Calibration (or the built-in defaults if None)."""
        if cal is None:
            cal = Calibration(self.cfg)
        c, n = self.cfg, self.n
        self.cal = cal
        self.stack_reading = bool(c.STACK_READING_ENABLED and cal.stack_ok)
        d2, d3 = cal.delta2, cal.delta3
        # filled in place (allocated once in __init__: no heap churn on recalibration);
        # thresholds are |r| values in R_ONE units, 0..65535 (65535: never reached)
        base, on1, off1 = self.base, self._on1, self._off1
        on2, off2, over = self._on2, self._off2, self._over
        top = 65535
        for i in range(n):
            base[i] = cal.base[i]
            g = cal.gain[i]
            on1[i] = min(int(c.OCC_ON * g), top)
            off1[i] = min(int(c.OCC_OFF * g), top)
            if self.stack_reading:
                on2[i] = min(int((1 + c.L2_ON_FRAC * d2) * g), top)
                off2[i] = min(int((1 + c.L2_OFF_FRAC * d2) * g), top)
            else:
                on2[i] = off2[i] = top
            over[i] = min(int((1 + d2 + 2 * d3 + c.OVERRANGE) * g), top)
        # drift bound in r units: DRIFT_LIMIT_MT at the sensor's sensitivity
        self._ctx = (self.raw, self.refs, self.r, self.base, self._on1, self._off1, self._on2,
                     self._off2, self._over, self.state, self._pend, self._cnt, self._band,
                     self._oor, self._bank_of, self.bank_fault, self._unk, self._held,
                     self._work, self._queued, self._nb, self._gdirty, self._grp_of, self._sus,
                     self._extra)
        self._force = True
        self._drift_lim = int(c.DRIFT_LIMIT_MT * c.SENSITIVITY_MV_PER_MT / 1000.0 / (c.SENSOR_VCC / 2) * R_ONE)
        self._dirty = True

    # ------------------------------------------------------------ the wires
    def _set_bank(self, half, bank, halves=0):
        """Power and route `bank` of `half` (or of every half in the bit mask `halves`);
        every other bank off: decoders off, address, decoders on (four register writes)."""
        if not halves:
            halves = 1 << half
        m = self.mem
        set_, clr, bankm, bank_lines, en_bit, en_all, en_off_reg, en_on_reg = self._lines
        bm = bankm[bank]
        m[en_off_reg] = en_all
        m[clr] = bank_lines ^ bm
        m[set_] = bm
        on = 0
        for h in range(len(en_bit)):
            if halves >> h & 1:
                on |= en_bit[h]
        m[en_on_reg] = on

    def _all_off(self):
        self.mem[self._lines[6]] = self._lines[5]     # every half's decoder off

    def _set_reads(self, rds):
        """The read of each half's ADC (bound methods, made once) and the walk plan that holds
        them: per position of the bank order (rd, sensors in walk order, position, bank,
        the two bank-switch words, the step from the last rail/2 channel, the dummy-read flag;
        see hw/scanwalk.py). One tuple unpacked per bank instead of a lookup per table."""
        self._rd = rds
        sens, step, first, off, on, ref, half, dummy = self._walk
        order = self._order
        self._plan = tuple((rds[half[j]], sens[j], j, order[j], off[j], on[j], first[j], dummy[j])
                           for j in range(len(order)))

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

    def _restart(self, classify):
        """Before the banks, when asked: leftovers of a raw pass alone (read before this scan)
        read again, every slot looked at (FORCE) after a calibration change."""
        work, queued, held = self._work, self._queued, self._held
        if classify:
            for j in range(self._nwork):
                i = work[j]
                queued[i] = 0
                held[i] = FORCE
            self._nwork = 0
        if self._force:
            for i in range(self.n):
                held[i] = FORCE
            self._force = False
        return self._nwork

    def _due_banks(self, every):
        """Per scan s % every: the banks that read their self-test channels (bank k when
        (s + k) % every == 0, about nb / every banks per scan)."""
        nb = len(self._extra)
        self._due_list = tuple(bytes(k for k in range(nb) if (r + k) % every == 0) for r in range(every))
        self._due_every = every

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
        held = self._held
        sh = self._db_shift
        queued = self._queued
        work = self._work
        nw = self._nwork
        if self._force or (classify and nw):
            nw = self._restart(classify)
        # this scan's counts: classified slots, slots pending, slots wanting a median now
        done = 0
        self._done = 0
        self._npend = 0
        self._ntent = 0
        # the banks that read their self-test channels this scan; the halves' self-test
        extra = self._extra
        for k in self._due:
            extra[k] &= ~SELFTEST
        every = self.selftest_every
        if every:
            if every != self._due_every:
                self._due_banks(every)
            r = self.scans % every
            self._due = self._due_list[r]
            for k in self._due:
                extra[k] |= SELFTEST
            if not r:
                self._check_halves()
        else:
            self._due = b""
        en_off = self._lines[6]
        en_on = self._lines[7]
        refs = self.refs
        rfloor = self._ref_floor
        sens_at = self._walk[0]
        second = self._second
        stq = self._st_q
        settle = self.settle_us
        wait = settle or classify
        nq = 0
        t = 0                                # positions deadband-tested so far
        for rd, sens, j, k, off, on, first, dummy in self._plan:
            if on:
                # decoders off, then the address and the half's decoder on; the select
                # lines land on the first sensor channel in the same two writes
                mem[en_off] = off
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
                            for i in sens_at[t]:
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
                mem[xor] = first             # the other half of a pair: powered already
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
                    sts = self._st_steps[j]
                    v = self._st_val
                    q = self._st_off[j]
                    last = len(sts) - 1
                    for u in range(last):
                        mem[xor] = sts[u]
                        v[q + u] = rd()
                    mem[xor] = sts[last]     # back to the rail/2 channel
                    stq[nq] = j
                    nq += 1
                if x & (RECHECK | MEDIAN_WALK):
                    self._nwork = nw
                    self._bank_extra(j, k, x if classify else x & RECHECK)
                    nw = self._nwork
        self._cur = self._walk[5][self._npos - 1]
        mem[en_off] = self._lines[5]
        if classify:
            # after the last bank: its deadband test (no wait to hide in)
            while t < self._npos:
                for i in sens_at[t]:
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
            self._pending = self._npend
            self._nwork = 0

    def _bank_extra(self, j, k, x):
        """Bank k, routed at position j, the select lines on its rail/2 channel: its
        confirmed self-test (medians: a failed bank is checked every scan); samples >= 3:
        its slots with a change pending read as medians and queued (MEDIAN_WALK: only in a
        scan that classifies them)."""
        back = self._walk[5][j]
        self._cur = back
        if x & RECHECK:
            self._check_bank(k, self._bank_half[k])
        if x & MEDIAN_WALK:
            self._extra[k] &= ~MEDIAN_WALK
            medians(self, j, k, 1)
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

    def _check_bank(self, k, half):
        check_bank(self, k, half)

    def _check_halves(self):
        check_halves(self)

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
            self._compose()
            self._dirty = False
            self.last_change = self.scans
        # True when nothing changed for quiet_scans scans and no slot is about to change. A
        # plain attribute, not a property: a class with a property makes every attribute
        # store on its instances look the class up first (about 10x slower in MicroPython)
        self.settled = self._pending == 0 and self.scans - self.last_change >= self.quiet_scans
        return self.sensed

    def stable_for(self):
        """Scans since the last change of the sensed board."""
        return self.scans - self.last_change

    def _bank_unknown(self, i):
        """True if sensor i's bank or half failed its self-test (its reading means nothing)."""
        return self._bad_bank[self._bank_of[i]]

    def _update_bad_banks(self):
        bad, half = self._bad_bank, self._bank_half
        for k in range(len(bad)):
            bad[k] = 1 if self.bank_fault[k] or self.half_fault[half[k]] else 0

    def _compose(self):
        compose(self)

    _BANK_FAULTS = BANK_FAULTS


def sensor_name(i, cfg=_cfg):
    """'P06s3' for point 6 slot 3, 'BWs2' / 'BBs1' for the white / black bar strip."""
    spp = cfg.SLOTS_PER_POINT
    if i < cfg.N_POINT_SENSORS:
        return "P%02ds%d" % (i // spp + 1, i % spp + 1)
    j = i - cfg.N_POINT_SENSORS
    return "B%ss%d" % ("WB"[j // cfg.BAR_SLOTS], j % cfg.BAR_SLOTS + 1)
