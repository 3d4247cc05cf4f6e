"""Hall-sensor scanner: drives the multiplexers and the ADC, turns readings into a Sensed board.

Wiring (hardware-brief 1.7, tables in board_config): per half a 74HC4051 + 74HC138 select
bank b (A0..A2) and power only that bank (EN active low); every CD74HC4067 channel is picked
by S0..S3. Each bank's ch15 reads its own sensor rail / 2, so a sensor's ratiometric value
r = raw / ch15 - 1 does not depend on the rail (hardware-brief 3.1). Everything below runs
on integers: r and the per-sensor thresholds are in units of 1/4096 (R_ONE).

Per slot (hardware-brief 3.3): layers n in 0..2 from |r - base| against the calibrated
thresholds with hysteresis (enter on1/on2, leave below off1/off2), colour by the sign;
a new state counts only after `debounce` consecutive scans agree. A reading between a
leave and an enter threshold (a checker half on its slot, a hovering hand) keeps the state
but widens the point's range. The third layer is physically unreadable (+9 % against a
+-8 % spread): a point with a second layer reports "at most 15" (narrowed by the 15
checkers of its colour). Self-test channels (GND, rail/2, the 4051's 3.3 V/2, unused
inputs that read the pull-up) are checked every `selftest_every` scans: a bank that fails
them is a 'mux' fault and its points become unknown ranges.

Before the thresholds each slot gets back what its neighbours' fields take away (XTALK,
hardware-brief 3.2.4). A slot whose reading stayed within `deadband` of the one it was last
classified at is skipped (most slots, most scans). Health watches: frozen readings ('stuck',
a slice of the sensors per scan), the empty-board baseline followed slowly (EMA, alpha 1/64)
and reported as 'drift' past DRIFT_LIMIT_MT.

    sc = make_scanner(cal)    # or Scanner(sel_pins, bank_pins, en_pins, adcs, cal)
    sensed = sc.scan()        # one full scan; the same Sensed object every time
    if sc.settled: ...        # no change for quiet_scans scans and nothing pending
"""
from array import array
import time

import board_config as _cfg
from hw.sensed import Sensed, WHITE, BLACK, MIXED
from hw.calibration import Calibration

try:
    _sleep_us = time.sleep_us  # type: ignore[attr-defined]
except AttributeError:  # CPython
    def _sleep_us(us):
        time.sleep(us / 1000000)

try:
    # machine code for the two hot loops (about 3x faster on MicroPython); plain on CPython
    from micropython import native
except ImportError:
    def native(f):
        return f

R_ONE = 4096          # r fixed-point unit
UNKNOWN = 255         # slot state: cannot be read (dead sensor, bad bank)
REF_SLOT = 255        # in a bank's walk: the rail/2 channel, not a sensor


def make_scanner(cal=None, cfg=_cfg, **kw):
    """A Scanner on the pins named in board_config (imports machine only here)."""
    from machine import Pin, ADC
    sel = [Pin(n, Pin.OUT, value=0) for n in cfg.MUX_SEL]
    bank = [Pin(n, Pin.OUT, value=0) for n in cfg.BANK_SEL]
    off = 1 if cfg.HALF_EN_ACTIVE_LOW else 0
    en = [Pin(n, Pin.OUT, value=off) for n in cfg.HALF_EN]
    adcs = [ADC(n) for n in cfg.ADC_PINS]
    return Scanner(sel, bank, en, adcs, cal, cfg, **kw)


class Scanner:
    """The 152 slots of the board. Pins: sel_pins S0..S3, bank_pins A0..A2, en_pins one per
    half; adcs one machine.ADC per half; cal a hw.calibration.Calibration (defaults if None).
    Options default to board_config: settle_us (bank power-up wait), samples (1 or 3, median),
    debounce (scans), quiet_scans (for `settled`), selftest_every (scans); pair_halves powers
    the same bank of both halves at once (twice the sensor current: charger profile only)."""

    def __init__(self, sel_pins, bank_pins, en_pins, adcs, cal=None, cfg=_cfg, settle_us=None,
                 samples=None, debounce=None, quiet_scans=None, selftest_every=None,
                 stuck_scans=512, stuck_stride=8, track_every=64, deadband=48, pair_halves=False):
        self.cfg = cfg
        self.sel = sel_pins
        self.bank_pins = bank_pins
        self.en = en_pins
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
        self._en_on = 0 if cfg.HALF_EN_ACTIVE_LOW else 1
        n = cfg.N_SENSORS
        nb = len(cfg.SCAN_BANKS)
        self.n = n
        self.raw = array("H", bytes(2 * n))       # median reading per sensor, u16
        self.r = array("i", bytes(4 * n))         # ratiometric r - base per sensor, R_ONE units
        self.refs = array("H", bytes(2 * nb))     # ch15 (rail / 2) per bank
        self.state = bytearray(n)                 # stable: colour * 4 + layers, or UNKNOWN
        self._pend = bytearray(n)
        self._cnt = bytearray(n)
        self._band = bytearray(n)                 # 1: reading between leave and enter thresholds
        self._prev = array("H", bytes(2 * n))
        self._held = array("H", bytes(2 * n))     # raw value at the slot's last classification
        self._work = bytearray(n)                 # sensors to classify this scan
        self._nwork = 0
        self._queued = bytearray(n)               # 1: already on the work list
        self._pend_list = bytearray(n)            # sensors with a change pending
        self._npend = 0
        self._held_ref = array("H", bytes(2 * len(cfg.SCAN_BANKS)))
        self._force = True                        # classify every slot on the next scan
        self.deadband = deadband
        self.stuck_stride = stuck_stride
        self._moved = bytearray(n)
        self._stuck = bytearray(n)
        self._oor = bytearray(n)                  # 1 below GND margin, 2 above the rail, 3 field
        self._bank_of = bytearray(n)
        self.bank_fault = bytearray(nb)           # 0 ok, else a reason code (see _BANK_FAULTS)
        self.half_fault = bytearray(cfg.HALVES)
        self._drifted = bytearray(n)
        self._unk = bytearray(n)                  # 1: this scan's reading is unusable
        # neighbours on the same point / bar strip: bit 0 slot below, bit 1 slot above
        self._nb = bytearray(n)
        for i in range(n):
            if i < cfg.N_POINT_SENSORS:
                s, top = i % cfg.SLOTS_PER_POINT, cfg.SLOTS_PER_POINT - 1
            else:
                s, top = (i - cfg.N_POINT_SENSORS) % cfg.BAR_SLOTS, cfg.BAR_SLOTS - 1
            self._nb[i] = (1 if s > 0 else 0) | (2 if s < top else 0)
        self._xt = int(-cfg.XTALK * R_ONE)        # crosstalk share, R_ONE units (hardware-brief 3.2.4)
        # scan order per bank: channels in Gray-code order, so most steps move one select line
        self._chans, self._sens = [], []
        # (the rail/2 channel is read in its place in the walk, marked REF_SLOT)
        gray = bytes(g ^ (g >> 1) for g in range(cfg.MUX_CHANNELS))
        for k in range(nb):
            pairs = dict(zip(cfg.SCAN_CHANNELS[k], cfg.SCAN_SENSORS[k]))
            pairs[cfg.REF_CHANNEL[k]] = REF_SLOT
            chs = bytes(c for c in gray if c in pairs)
            self._chans.append(chs)
            self._sens.append(bytes(pairs[c] for c in chs))
            for i in cfg.SCAN_SENSORS[k]:
                self._bank_of[i] = k
        # known line states (only changed lines are written from here on)
        self._cur = 0
        self._bank_cur = 0
        self._en_mask = 0
        for p in sel_pins:
            p.value(0)
        for p in bank_pins:
            p.value(0)
        for p in en_pins:
            p.value(1 - self._en_on)
        self._bank_half = bytes(h for h, b in cfg.SCAN_BANKS)
        self._bank_no = bytes(b for h, b in cfg.SCAN_BANKS)
        self._bad_bank = bytearray(nb)            # bank or its half failed the self-test
        # bank visiting order; fresh[j] = mask of halves to power up before order[j] (0: already on).
        # pair_halves powers bank b of both halves at once: one 350 us wait for two banks, twice
        # the sensor current (hardware-brief 5.4: USB charger profile only)
        order, fresh = [], []
        for k in range(nb):
            if k in order:
                continue
            h, b = cfg.SCAN_BANKS[k]
            mates = [m for m in range(nb) if pair_halves and m != k and cfg.SCAN_BANKS[m][1] == b]
            mask = 1 << h
            for m in mates:
                mask |= 1 << cfg.SCAN_BANKS[m][0]
            order.append(k)
            fresh.append(mask)
            for m in mates:
                order.append(m)
                fresh.append(0)
        self._order = bytes(order)
        self._fresh = bytes(fresh)
        # rail limits in u16: a sensor output within RAIL_MARGIN_V of a rail is open or shorted
        vcc = cfg.SENSOR_VCC
        self._raw_lo = int(cfg.RAIL_MARGIN_V / vcc * 65535)
        self._raw_hi = int((vcc - cfg.RAIL_MARGIN_V) / vcc * 65535)
        self._gnd_max = int(cfg.GND_MAX_V / vcc * 65535)
        self._ref_lo = int((0.5 - cfg.REF_HALF_TOL) * 65535)
        self._ref_hi = int((0.5 + cfg.REF_HALF_TOL) * 65535)
        self.sensed = Sensed(cfg.N_POINTS)
        self.scans = 0
        self.last_change = 0
        self._pending = 0
        self._dirty = True
        self._faults_changed = True
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
        self.base = array("i", cal.base)
        self._on1, self._off1 = array("i", bytes(4 * n)), array("i", bytes(4 * n))
        self._on2, self._off2 = array("i", bytes(4 * n)), array("i", bytes(4 * n))
        self._over = array("i", bytes(4 * n))
        big = 1 << 28
        for i in range(n):
            g = cal.gain[i]
            self._on1[i] = int(c.OCC_ON * g)
            self._off1[i] = int(c.OCC_OFF * g)
            if self.stack_reading:
                self._on2[i] = int((1 + c.L2_ON_FRAC * d2) * g)
                self._off2[i] = int((1 + c.L2_OFF_FRAC * d2) * g)
            else:
                self._on2[i] = self._off2[i] = big
            self._over[i] = int((1 + d2 + 2 * d3 + c.OVERRANGE) * g)
        # drift bound in r units: DRIFT_LIMIT_MT at the sensor's sensitivity
        self._force = True
        self._drift_lim = int(c.DRIFT_LIMIT_MT * c.SENSITIVITY_MV_PER_MT / 1000.0 / (c.SENSOR_VCC / 2) * R_ONE)
        self._dirty = True

    # ------------------------------------------------------------ the wires
    def _set_bank(self, half, bank, halves=0):
        """Power and route `bank` of `half` (or of every half in the bit mask `halves`);
        every other bank off. Only the lines that change are written."""
        if not halves:
            halves = 1 << half
        on = self._en_on
        en = self.en
        m = self._en_mask
        for h in range(len(en)):
            if m >> h & 1:
                en[h].value(1 - on)       # the decoder off while its address moves
        d = self._bank_cur ^ bank
        bp = self.bank_pins
        for j in range(len(bp)):
            if d >> j & 1:
                bp[j].value((bank >> j) & 1)
        self._bank_cur = bank
        for h in range(len(en)):
            if halves >> h & 1:
                en[h].value(on)
        self._en_mask = halves

    def _all_off(self):
        m = self._en_mask
        for h in range(len(self.en)):
            if m >> h & 1:
                self.en[h].value(1 - self._en_on)
        self._en_mask = 0

    def _select(self, ch):
        d = self._cur ^ ch
        s = self.sel
        for j in range(4):
            if d >> j & 1:
                s[j].value((ch >> j) & 1)
        self._cur = ch

    def _read_channel(self, half, ch):
        """One median reading of channel ch of the routed bank (slow path: self-test)."""
        self._select(ch)
        rd = self._rd[half]
        a = rd()
        if self.samples < 3:
            return a
        b = rd()
        c = rd()
        if a > b:
            a, b = b, a
        if b > c:
            b = c
        return b if b > a else a

    @native
    def read_all(self):
        """The raw pass: every sensor's median reading into self.raw, ch15 into self.refs."""
        raw, refs = self.raw, self.refs
        sel = self.sel
        s0 = sel[0]
        s1 = sel[1]
        s2 = sel[2]
        s3 = sel[3]
        three = self.samples >= 3
        settle = self.settle_us
        selftest = self.selftest_every and self.scans % self.selftest_every == 0
        last_half = -1
        order, fresh = self._order, self._fresh
        cur = self._cur
        # readings that moved `deadband` or more from their last classification are queued
        held = self._held
        work = self._work
        queued = self._queued
        nw = self._nwork
        dz = 0 if self._force else self.deadband
        self._force = False
        for j in range(len(order)):
            k = order[j]
            half = self._bank_half[k]
            if fresh[j]:
                self._set_bank(half, self._bank_no[k], fresh[j])
                if settle:
                    _sleep_us(settle)
            rd = self._rd[half]
            if half != last_half:
                rd()                         # the ADC input mux just moved: drop one sample
                last_half = half
            chans, sens = self._chans[k], self._sens[k]
            for jj in range(len(chans)):
                ch = chans[jj]
                d = cur ^ ch
                if d & 1:
                    s0.value(ch & 1)
                if d & 2:
                    s1.value(ch & 2)
                if d & 4:
                    s2.value(ch & 4)
                if d & 8:
                    s3.value(ch & 8)
                cur = ch
                a = rd()
                if three:
                    b = rd()
                    c = rd()
                    if a > b:
                        a, b = b, a
                    if b > c:
                        b = c
                    if b > a:
                        a = b
                i = sens[jj]
                if i == REF_SLOT:
                    refs[k] = a
                else:
                    raw[i] = a
                    h = held[i]
                    if (a - h >= dz or h - a >= dz) and not queued[i]:
                        queued[i] = 1
                        work[nw] = i
                        nw += 1
            self._cur = cur
            if selftest or self.bank_fault[k]:
                self._nwork = nw
                self._check_bank(k, half)    # a failed bank is rechecked every scan
                nw = self._nwork
                cur = self._cur
        self._nwork = nw
        if selftest:
            self._check_halves()
        self._all_off()

    def _check_bank(self, k, half):
        """GND must read ~0 V, ch15 ~rail/2, unused channels the pull-up."""
        cfg = self.cfg
        ref = self.refs[k]
        code = 0
        g = self._read_channel(half, cfg.GND_CHANNEL[k])
        if g > self._gnd_max:
            code = 1
        elif not (self._ref_lo * 9 // 10 <= ref <= self._ref_hi * 11 // 10):
            code = 2
        else:
            for ch in cfg.UNUSED_CHANNELS[k]:
                if self._read_channel(half, ch) < self._raw_hi:
                    code = 3
                    break
        if code != self.bank_fault[k]:
            self.bank_fault[k] = code
            self._faults_changed = True
            self._queue_bank(k)

    def _check_halves(self):
        cfg = self.cfg
        for h in range(cfg.HALVES):
            self._set_bank(h, cfg.HALF_REF_INPUT)
            v = self._read_channel(h, self._cur)   # the 4051 input ignores S0..S3
            code = 0 if self._ref_lo <= v <= self._ref_hi else 1
            if code != self.half_fault[h]:
                self.half_fault[h] = code
                self._faults_changed = True
                for k in range(len(cfg.SCAN_BANKS)):
                    if cfg.SCAN_BANKS[k][0] == h:
                        self._queue_bank(k)

    # ------------------------------------------------------------ classification
    def _queue_bank(self, k):
        """Classify every sensor of bank k on the next classify() (its context changed)."""
        work, queued = self._work, self._queued
        nw = self._nwork
        for i in self._sens[k]:
            if i != REF_SLOT and not queued[i]:
                queued[i] = 1
                work[nw] = i
                nw += 1
        self._nwork = nw

    @native
    def classify(self):
        """Raw readings -> debounced slot states; returns True if any stable state changed.

        Only the slots on the work list are looked at: those whose reading left the deadband
        (read_all queues them), those with a change pending, and whole banks whose rail or
        self-test changed. A slot within `deadband` of its last classified reading, with
        nothing pending, cannot change state."""
        # one name per local: a long tuple assignment would allocate on every scan
        raw = self.raw
        refs = self.refs
        r = self.r
        base = self.base
        on1 = self._on1
        off1 = self._off1
        on2 = self._on2
        off2 = self._off2
        over = self._over
        st = self.state
        pend = self._pend
        cnt = self._cnt
        band = self._band
        oor = self._oor
        bank_of = self._bank_of
        bank_fault = self.bank_fault
        raw_lo = self._raw_lo
        raw_hi = self._raw_hi
        white_neg = self.cfg.WHITE_SIGN < 0
        deb = self.debounce
        changed = False
        unk = self._unk
        held = self._held
        work = self._work
        queued = self._queued
        hr = self._held_ref
        for k in range(len(hr)):
            e = refs[k] - hr[k]
            if e > 64 or e < -64:         # a sensor rail moved: every r of the bank moves with it
                hr[k] = refs[k]
                self._queue_bank(k)
        # slots with a change pending are looked at until it lands or dies
        pl = self._pend_list
        nw = self._nwork
        for j in range(self._npend):
            i = pl[j]
            if not queued[i]:
                queued[i] = 1
                work[nw] = i
                nw += 1
        for j in range(nw):
            i = work[j]
            v = raw[i]
            held[i] = v
            k = bank_of[i]
            ref = refs[k]
            bad = 0
            if bank_fault[k] or ref < raw_lo:
                unk[i] = 1
                r[i] = 0
            elif v <= raw_lo or v >= raw_hi:
                unk[i] = 1
                r[i] = 0
                bad = 1 if v <= raw_lo else 2
            else:
                unk[i] = 0
                d = (v - ref) * R_ONE // ref - base[i]
                r[i] = d
                if (d if d >= 0 else -d) > over[i]:
                    bad = 3
            if bad != oor[i]:
                oor[i] = bad
                self._faults_changed = True
        nb = self._nb
        xt = self._xt
        npend = 0
        for j in range(nw):
            i = work[j]
            queued[i] = 0
            if unk[i]:
                cand = UNKNOWN
            else:
                # neighbours on the same point pull the field the other way (xtalk): add it back
                d = r[i]
                m = nb[i]
                if m:
                    s = 0
                    if m & 1:
                        s = r[i - 1]
                    if m & 2:
                        s += r[i + 1]
                    d += (s * xt) >> 12
                a = d if d >= 0 else -d
                L = st[i] & 3
                # band: held by hysteresis only (a checker half on its slot, a lifting hand)
                if a >= on2[i] or (L >= 2 and a >= off2[i]):
                    n = 2
                    b = 1 if a < on2[i] else 0
                elif a >= on1[i] or (L >= 1 and a >= off1[i]):
                    n = 1
                    b = 1 if a < on1[i] else 0
                else:
                    n = 0
                    b = 1 if a >= off1[i] else 0
                if b != band[i]:
                    band[i] = b
                    self._dirty = True
                if n == 0:
                    cand = 0
                elif (d < 0) == white_neg:
                    cand = 4 + n
                else:
                    cand = 8 + n
            if cand != st[i]:
                if cand == pend[i]:
                    c = cnt[i] + 1
                else:
                    pend[i] = cand
                    c = 1
                if c >= deb:
                    st[i] = cand
                    c = 0
                    changed = True
                else:
                    pl[npend] = i
                    npend += 1
                cnt[i] = c
            else:
                cnt[i] = 0
                pend[i] = cand
        self._nwork = 0
        self._npend = npend
        self._pending = npend
        if changed:
            self._dirty = True
        return changed

    # ------------------------------------------------------------ health over time
    @native
    def _health(self):
        """Every stuck_scans: frozen readings; every track_every: follow a slow baseline drift."""
        sc = self.scans
        # frozen-reading watch: 1/stuck_stride of the sensors per scan (a healthy one shows noise)
        stride = self.stuck_stride
        raw, prev, moved = self.raw, self._prev, self._moved
        i = sc % stride
        n = self.n
        while i < n:                   # (a range with a variable step would allocate)
            v = raw[i]
            if v != prev[i]:
                prev[i] = v
                moved[i] = 1
            i += stride
        if self.stuck_scans and sc % self.stuck_scans == 0:
            moved, stuck = self._moved, self._stuck
            for i in range(self.n):
                s = 0 if moved[i] else 1
                if s != stuck[i]:
                    stuck[i] = s
                    self._faults_changed = True
                moved[i] = 0
        if self.track_every and sc % self.track_every == 0:
            st, band, r, base, cbase = self.state, self._band, self.r, self.base, self.cal.base
            lim = self._drift_lim
            for i in range(self.n):
                if st[i] == 0 and not band[i] and not self._cnt[i]:
                    d = r[i]
                    # EMA, alpha = 1/64 per step, at least one unit so that it converges
                    b = base[i] + (d >> 6 if (d >= 64 or d <= -64) else (d > 0) - (d < 0))
                    over = 0
                    if b > cbase[i] + lim:
                        b, over = cbase[i] + lim, 1
                    elif b < cbase[i] - lim:
                        b, over = cbase[i] - lim, 1
                    base[i] = b
                    if over != self._drifted[i]:
                        self._drifted[i] = over
                        self._faults_changed = True

    # ------------------------------------------------------------ the board
    def scan(self):
        """One full scan; returns the (reused) Sensed object."""
        self.scans += 1
        self.read_all()
        self.classify()
        self._health()
        if self._faults_changed:
            self._dirty = True
        if self._dirty:
            self._compose()
            self._dirty = False
            self.last_change = self.scans
        return self.sensed

    @property
    def settled(self):
        """True when nothing changed for quiet_scans scans and no slot is about to change."""
        return self._pending == 0 and self.scans - self.last_change >= self.quiet_scans

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

    @native
    def _group(self, first, nslots):
        """(white layers, black layers, white open, black open, unknown/band slots) of one slot group."""
        st = self.state
        band = self._band
        bad = self._bad_bank
        bank_of = self._bank_of
        w = b = wopen = bopen = extra = 0
        for i in range(first, first + nslots):
            s = st[i]
            if s == UNKNOWN or bad[bank_of[i]]:
                extra += 15
                continue
            n = s & 3
            deep = n >= 2               # a third layer could hide on a second one
            if band[i]:
                # held only by hysteresis: not sure of the top layer either way
                extra += 1
                if n:
                    n -= 1
            if s >> 2 == 1:
                w += n
                if deep:
                    wopen = 1
            elif s >> 2 == 2:
                b += n
                if deep:
                    bopen = 1
        return w, b, wopen, bopen, extra

    def _compose(self):
        self._update_bad_banks()
        cfg, se = self.cfg, self.sensed
        spp = cfg.SLOTS_PER_POINT
        faults = []
        tot = [0, 0, 0]
        for p in range(1, cfg.N_POINTS + 1):
            w, b, wopen, bopen, extra = self._group((p - 1) * spp, spp)
            full = 0
            if w and b:
                se.colour[p] = MIXED
                lo = w + b
                faults.append(("mixed", p))
            elif w:
                se.colour[p] = WHITE
                lo = w
                tot[WHITE] += w
                full = wopen
            elif b:
                se.colour[p] = BLACK
                lo = b
                tot[BLACK] += b
                full = bopen
            else:
                se.colour[p] = 0
                lo = 0
            # without stack reading a full floor may hide a second layer
            if not self.stack_reading and lo >= spp:
                full = 1
            hi = 15 if full else lo + extra
            se.lo[p] = min(lo, 255)
            se.hi[p] = min(max(hi, lo), 15) if lo <= 15 else lo
        first = cfg.N_POINT_SENSORS
        wl = bl = wh = bh = 0
        wo = bo = 0
        for strip in range(2):
            w, b, wopen, bopen, extra = self._group(first + strip * cfg.BAR_SLOTS, cfg.BAR_SLOTS)
            wl += w
            bl += b
            wh += w + extra
            bh += b + extra
            wo |= wopen
            bo |= bopen
        se.bar_lo[WHITE], se.bar_lo[BLACK] = min(wl, 15), min(bl, 15)
        se.bar_hi[WHITE] = 15 if wo else min(wh, 15)
        se.bar_hi[BLACK] = 15 if bo else min(bh, 15)
        tot[WHITE] += wl
        tot[BLACK] += bl
        # conservation: no colour has more than 15 checkers, which bounds every "at most"
        for c in (WHITE, BLACK):
            if tot[c] > 15:
                faults.append(("too_many", c))
            room = 15 - tot[c]
            if room < 0:
                continue    # already impossible: do not narrow anything from it
            for p in range(1, cfg.N_POINTS + 1):
                if se.colour[p] == c:
                    cap = se.lo[p] + room
                    if se.hi[p] > cap:
                        se.hi[p] = cap
            cap = se.bar_lo[c] + room
            if se.bar_hi[c] > cap:
                se.bar_hi[c] = cap
        room = 15 - min(tot[WHITE], tot[BLACK])
        for p in range(1, cfg.N_POINTS + 1):
            if se.colour[p] == 0 and se.hi[p] > max(room, 0):
                se.hi[p] = max(room, 0)
        self._hardware_faults(faults)
        se.faults = faults
        self._faults_changed = False

    _BANK_FAULTS = ("", "gnd channel not at 0 V", "rail/2 channel wrong (bank power)", "unused channel not at the pull-up")

    def _hardware_faults(self, faults):
        cfg = self.cfg
        for k in range(len(self.bank_fault)):
            if self.bank_fault[k]:
                h, b = cfg.SCAN_BANKS[k]
                faults.append(("mux", (h, b, self._BANK_FAULTS[self.bank_fault[k]])))
        for h in range(cfg.HALVES):
            if self.half_fault[h]:
                faults.append(("mux", (h, cfg.HALF_REF_INPUT, "half reference wrong (4051/138/ribbon)")))
        for i in range(self.n):
            if self._bank_unknown(i):
                continue
            o = self._oor[i]
            if o:
                faults.append(("out_of_range", (i, ("", "low", "high", "field")[o])))
            elif self._stuck[i]:
                faults.append(("stuck", i))
            if self._drifted[i]:
                faults.append(("drift", i))


def sensor_name(i, cfg=_cfg):
    """'P06s3' for point 6 slot 3, 'BWs2' / 'BBs1' for the white / black bar strip."""
    spp = cfg.SLOTS_PER_POINT
    if i < cfg.N_POINT_SENSORS:
        return "P%02ds%d" % (i // spp + 1, i % spp + 1)
    j = i - cfg.N_POINT_SENSORS
    return "B%ss%d" % ("WB"[j // cfg.BAR_SLOTS], j % cfg.BAR_SLOTS + 1)
