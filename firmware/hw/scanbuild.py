"""What hw/scanner.py needs only to be built or recalibrated, loaded for that moment and
forgotten (base/rare.py): its code does not stay in the heap while the board plays.
The state it makes is listed, with what each part holds, in hw.scanner.Scanner.

    build(sc, mem, adcs, cal, cfg, ...)   # Scanner.__init__
    set_calibration(sc, cal)              # Scanner.set_calibration
    set_reads(sc, rds)                    # each half's ADC read, and the walk plan holding them
    restart(sc, classify)                 # Scanner._pass, after a calibration or a raw pass
"""
from array import array

from base.reading import Sensed
from hw.scanunits import FORCE, R_ONE

NEVER = 1 << 16       # a threshold factor no reading reaches (16 checkers' signal)


def make_scanner(Scanner, cal, cfg, kw):
    """hw.scanner.make_scanner: the pins set up, a Scanner (the class, hw.scanner's) on them."""
    from machine import Pin, ADC, mem32
    for n in cfg.MUX_SEL + cfg.BANK_SEL:
        Pin(n, Pin.OUT, value=0)
    off = 1 if cfg.HALF_EN_ACTIVE_LOW else 0
    for n in cfg.HALF_EN:
        Pin(n, Pin.OUT, value=off)
    return Scanner(mem32, [ADC(n) for n in cfg.ADC_PINS], cal, cfg, **kw)


def build(sc, mem, adcs, cal, cfg, settle_us, samples, debounce, quiet_scans, selftest_every,
          stuck_scans, stuck_stride, track_every, deadband, pair_halves):
    """Scanner.__init__ (the arguments are documented there; cfg and mem are set)."""
    sc.settle_us = cfg.BANK_SETTLE_US if settle_us is None else settle_us
    sc.samples = cfg.SAMPLES_PER_CHANNEL if samples is None else samples
    sc.debounce = cfg.SLOT_DEBOUNCE_SCANS if debounce is None else debounce
    sc.quiet_scans = (cfg.BOARD_QUIET_MS // cfg.SCAN_PERIOD_MS) if quiet_scans is None else quiet_scans
    sc.selftest_every = cfg.SELFTEST_EVERY_N_SCANS if selftest_every is None else selftest_every
    if pair_halves is None:
        # both halves' bank b powered together where the profile's budget holds twice the
        # sensor current (hardware/power.md: the charger's 441 of 450 mA, not a computer port's)
        pair_halves = getattr(cfg, "POWER_PROFILE", None) in getattr(cfg, "PAIR_HALVES_PROFILES", ())
    sc.pair_halves = pair_halves
    sc.stuck_scans = stuck_scans
    sc.stuck_stride = stuck_stride
    sc.track_every = track_every
    n = cfg.N_SENSORS
    nb = len(cfg.SCAN_BANKS)
    sc.n = n
    sc.raw = array("H", bytes(2 * n))
    sc.r = array("h", bytes(2 * n))
    sc.refs = array("H", bytes(2 * nb))
    sc.state = bytearray(n)
    sc._cnt = bytearray(n)
    sc._prev = array("H", bytes(2 * n))
    sc._held = array("i", [FORCE] * n)
    sc._work = bytearray(n)
    sc._nwork = 0
    sc._queued = bytearray(n)
    sc._npend = 0
    sc._ref_floor = array("i", [FORCE] * nb)
    sc._force = True
    # deadband as a power of two: the |a - held| test is one shift, (a - floor) >> sh
    p, sh = 2, 1
    while p < 2 * deadband:
        p <<= 1
        sh += 1
    sc.deadband = p >> 1
    sc._db_shift = sh
    sc._health = bytearray(n)
    sc._oor = bytearray(n)
    sc.bank_fault = bytearray(nb)
    sc.half_fault = bytearray(cfg.HALVES)
    sc._unk = bytearray(n)
    sc._bank_half = bytes(h for h, b in cfg.SCAN_BANKS)
    sc._bad_bank = bytearray(nb)
    sc._grp = bytearray(5 * (cfg.N_POINTS + 2))
    sc._gdirty = bytearray(b"\x01" * (cfg.N_POINTS + 2))
    from hw import scanwalk
    (sc._bank_of, nbrs, sc._order, fresh, sc._lines, sc._xor, sc._chm, walk, st_steps,
     st_off) = scanwalk.wire_tables(cfg, n, pair_halves)
    sens, step, first, off, on, _, _, dummy = walk
    sc._step = step
    # known line states: select ch0, address 0, every half off
    lines = sc._lines
    mem[lines[1]] = sc._chm[cfg.MUX_CHANNELS - 1] | lines[3]
    mem[lines[6]] = lines[5]
    sc._cur = 0
    npos = len(sc._order)
    sc._extra = bytearray(nb)
    sc._sus = bytearray(n)
    sc._ntent = 0
    sc._st = (st_steps, st_off, array("H", bytes(2 * st_off[npos])), bytearray(npos))
    sc._done = 0
    sc._second = [j for j in range(npos) if fresh[j]][1]
    # rail limits in u16: a sensor output within RAIL_MARGIN_V of a rail is open or shorted
    vcc = cfg.SENSOR_VCC
    sc._raw_lo = int(cfg.RAIL_MARGIN_V / vcc * 65535)
    sc._raw_hi = int((vcc - cfg.RAIL_MARGIN_V) / vcc * 65535)
    # the self-test's: GND, a 4051's rail/2 (REF_HALF_TOL), a bank's rail/2 (10 % wider)
    ref_lo = int((0.5 - cfg.REF_HALF_TOL) * 65535)
    ref_hi = int((0.5 + cfg.REF_HALF_TOL) * 65535)
    sc._st_lim = (int(cfg.GND_MAX_V / vcc * 65535), ref_lo, ref_hi, ref_lo * 9 // 10, ref_hi * 11 // 10)
    # the walk plan, per position: (rd, sensors, bank, w, on, dummy): where the bank is
    # powered there, w and on are the two bank-switch words, else w is the step from the
    # last rail/2 channel to the first sensor and on is 0; dummy 1 where the ADC input
    # changes half (a sample dropped). Six items: a tuple of two heap blocks
    order = sc._order
    sc._plan = tuple((None, sens[j], order[j], off[j] if on[j] else first[j], on[j], dummy[j])
                     for j in range(npos))
    set_reads(sc, [a.read_u16 for a in adcs])
    sc.sensed = Sensed(cfg.N_POINTS)
    sc.scans = 0
    sc.last_change = 0
    sc.settled = sc.quiet_scans <= 0
    sc._dirty = True
    sc._faults_changed = True
    sc._hw_faults = []
    sc.base = array("h", bytes(2 * n))
    # per slot: the candidate state being debounced; its neighbours on the same point or
    # bar strip (bit 0 the slot below, bit 1 the slot above)
    sc._pend = bytearray(n)
    sc._nbrs = nbrs
    set_calibration(sc, cal)


def set_calibration(sc, cal):
    """Scanner.set_calibration: the baseline copied (the drift watch moves it), the
    thresholds as factors of each sensor's gain, read from cal.gain itself."""
    if cal is None:
        from hw.calibration import Calibration
        cal = Calibration(sc.config())
    c = sc.config()
    sc.cal = cal
    sc.gain = cal.gain             # what the scan reads of it: kept when sc.cal is dropped
    sc.cal_base = cal.base
    sc.stack_reading = bool(c.STACK_READING_ENABLED and cal.stack_ok)
    d2, d3 = cal.delta2, cal.delta3
    base = sc.base
    for i in range(sc.n):
        base[i] = cal.base[i]
    # |r| against gain * factor / R_ONE: one checker's share, R_ONE units
    on2 = off2 = NEVER
    if sc.stack_reading:
        on2 = int((1 + c.L2_ON_FRAC * d2) * R_ONE)
        off2 = int((1 + c.L2_OFF_FRAC * d2) * R_ONE)
    sc._th = (int(c.OCC_ON * R_ONE), int(c.OCC_OFF * R_ONE), int(c.OCC_FULL_ON * R_ONE),
              int(c.OCC_FULL_OFF * R_ONE), on2, off2, int((1 + d2 + 2 * d3 + c.OVERRANGE) * R_ONE),
              int(-c.XTALK * R_ONE))
    sc._force = True
    # drift bound in r units: DRIFT_LIMIT_MT at the sensor's sensitivity
    sc._drift_lim = int(c.DRIFT_LIMIT_MT * c.SENSITIVITY_MV_PER_MT / 1000.0 / (c.SENSOR_VCC / 2) * R_ONE)
    sc._dirty = True


def set_reads(sc, rds):
    """The read of each half's ADC (bound methods, made once) and the walk plan that holds
    them (one tuple unpacked per bank instead of a lookup per table)."""
    sc._rd = rds
    half = sc._bank_half
    sc._plan = tuple((rds[half[k]], sens, k, w, on, dummy) for _, sens, k, w, on, dummy in sc._plan)


def restart(sc, classify):
    """Before the banks, when asked (Scanner._pass): leftovers of a raw pass alone (read
    before this scan) read again, every slot looked at (FORCE) after a calibration change.
    Returns the work list's length."""
    work, queued, held = sc._work, sc._queued, sc._held
    if classify:
        for j in range(sc._nwork):
            i = work[j]
            queued[i] = 0
            held[i] = FORCE
        sc._nwork = 0
    if sc._force:
        for i in range(sc.n):
            held[i] = FORCE
        sc._force = False
    return sc._nwork
