"""Health of the sensing hardware, for hw/scanner.py (split out so that each module
compiles within the Pico's heap): the self-test channels of a bank and of each half
(hardware-brief 3.5), frozen readings and the slow drift of the empty baseline.

    check_bank(sc, k, half)   # bank k (routed now): GND ~0 V, ch15 ~rail/2, unused = pull-up
    check_values(sc, j)       # the same on the readings the walk took (asks for check_bank)
    check_halves(sc)          # each 74HC4051's input 7 = 3.3 V / 2
    frozen(sc), drift(sc)     # a slice of the sensors: frozen watch and verdicts, drift tracking
"""
R_ONE = 4096          # r fixed-point unit (hw.scanner.R_ONE)
FORCE = -(1 << 20)    # a deadband floor no reading is near (hw.scanner.FORCE)


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
    # a failed bank is checked in every walk (RECHECK = 2, hw.scanner) until it passes
    sc._extra[k] = (sc._extra[k] & ~2) | (2 if code else 0)
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
        sc._extra[k] |= 2                   # RECHECK (hw.scanner)


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
        cbase = sc.cal.base
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
