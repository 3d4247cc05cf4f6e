"""Classification of hw/scanner.py's queued slots (split out so that each module compiles
within the Pico's heap): readings -> ratiometric r -> layers, colour, band and
out-of-range code with hysteresis (hardware-brief 3.3) -> debounced slot states. With
samples >= 3 a state changes only on medians of 3: a single reading that asks for a change
marks its slot for a median after the last bank, its bank powered once more
(confirm_pass), a pending change takes a median in every walk (medians, from the
scanner's _bank_extra); _sus marks the slots, MEDIAN_NOW / MEDIAN_WALK their banks in
Scanner._extra.

    classify_chunk(scanner, start)   # work[start:nwork]; returns nwork
    medians(sc, k, mark)             # bank k (routed): its slots at _sus == mark
    confirm_pass(sc)                 # after the last bank: the slots at _sus 3, then classify them
"""
R_ONE = 4096          # r fixed-point unit (hw.scanner.R_ONE)
UNKNOWN = 255         # slot state: cannot be read (hw.scanner.UNKNOWN)
FORCE = -(1 << 20)    # a deadband floor no reading is near (hw.scanner.FORCE)
MEDIAN_WALK = 4       # per bank: medians of its pending slots in the next walk (hw.scanner)
MEDIAN_NOW = 8        # ... medians of the slots at _sus 3 after the last bank (hw.scanner)


def _group(cfg, i):
    """Sensor i's slot group: its point - 1, or N_POINTS + its bar strip."""
    if i < cfg.N_POINT_SENSORS:
        return i // cfg.SLOTS_PER_POINT
    return cfg.N_POINTS + (i - cfg.N_POINT_SENSORS) // cfg.BAR_SLOTS


def classify_chunk(sc, start):
    """Raw readings -> debounced slot states for work[start:nwork]; returns nwork.

    Only the slots on the work list are looked at: those whose reading left the deadband
    (the deadband test in the power-up waits queues them), those with a change pending
    (held at FORCE, so their next reading queues them), and whole banks whose rail or
    self-test changed. A slot within
    `deadband` of its last classified reading, with nothing pending, cannot change state.
    Every slot of a bank is queued before the bank's chunk runs, so the neighbours'
    crosstalk uses this scan's readings."""
    # one tuple unpacked (no allocation): far fewer lookups than one attribute per name
    # thresholds: |r| against gain * factor / R_ONE (one checker's signal: gain), compared
    # as |r| << 12 against gain * factor (hw.scanbuild.set_calibration)
    (pend, nb, raw, refs, r, base, gain, on1, off1, full1, keep1, on2, off2, over, st, cnt, oor,
     bank_of, bank_fault, unk, held, work, queued, xt, gd, sus, extra) = sc._ctx
    raw_lo = sc._raw_lo
    raw_hi = sc._raw_hi
    white_neg = sc.cfg.WHITE_SIGN < 0
    deb = sc.debounce
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
    npend = sc._npend
    median = sc.samples >= 3
    for j in range(start, nw):
        i = work[j]
        queued[i] = 0
        # the candidate: colour * 4 + layers, + 16 in the band, + 32 past the overrange;
        # an unusable reading 128 + its out-of-range code. All of it is debounced: a
        # spike neither moves a checker nor widens a range nor reports a fault.
        u = unk[i]
        if u >= 2:
            cand = 126 + u
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
            a = (d if d >= 0 else -d) << 12
            g = gain[i]
            L = st[i] & 3
            # band: held by hysteresis only (a checker half on its slot, a lifting hand)
            if a >= g * on2 or (L >= 2 and a >= g * off2):
                n = 2
                b = 1 if a < g * on2 else 0
            elif a >= g * on1 or (L >= 1 and a >= g * off1):
                n = 1
                # a field weaker than a placed checker's (one held a few mm above the
                # board, half on its slot) is in the band too: counted as "maybe", never
                # as a checker. A placed one (>= full1) stays sure down to keep1.
                b = 0 if a >= g * full1 or (L >= 1 and not st[i] & 16 and a >= g * keep1) else 1
            else:
                n = 0
                b = 1 if a >= g * off1 else 0
            cand = (b << 4) + (u << 5)
            if n:
                cand += (4 if (d < 0) == white_neg else 8) + n
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
