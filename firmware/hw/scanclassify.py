"""Classification of hw/scanner.py's queued slots (split out so that each module compiles
within the Pico's heap): readings -> ratiometric r -> layers, colour, band and
out-of-range code with hysteresis (hardware-brief 3.3) -> debounced slot states.

    classify_chunk(scanner, start)   # work[start:nwork]; returns nwork
"""
R_ONE = 4096          # r fixed-point unit (hw.scanner.R_ONE)
UNKNOWN = 255         # slot state: cannot be read (hw.scanner.UNKNOWN)
FORCE = -(1 << 20)    # a deadband floor no reading is near (hw.scanner.FORCE)


def classify_chunk(sc, start):
    """Raw readings -> debounced slot states for work[start:nwork]; returns nwork.

    Only the slots on the work list are looked at: those whose reading left the deadband
    (the raw pass queues them), those with a change pending (held at FORCE, so their next
    reading queues them), and whole banks whose rail or sc-test changed. A slot within
    `deadband` of its last classified reading, with nothing pending, cannot change state.
    Every slot of a bank is queued before the bank's chunk runs, so the neighbours'
    crosstalk uses this scan's readings."""
    # one tuple unpacked (no allocation): far fewer lookups than one attribute per name
    (raw, refs, r, base, on1, off1, on2, off2, over, st, pend, cnt, band, oor, bank_of,
     bank_fault, unk, held, work, queued, nb, gd, grp_of) = sc._ctx
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
            r[i] = d
            unk[i] = 1 if (d if d >= 0 else -d) > over[i] else 0
    xt = sc._xt
    npend = sc._npend
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
            cand = (b << 4) + (u << 5)
            if n:
                cand += (4 if (d < 0) == white_neg else 8) + n
        s = st[i]
        if s == UNKNOWN:
            s = 128 + oor[i]
        else:
            s += band[i] << 4
            if oor[i] == 3:
                s += 32
        if cand != s:
            if cand == pend[i]:
                c = cnt[i] + 1
            else:
                pend[i] = cand
                c = 1
            if c >= deb:
                if cand >= 128:
                    st[i] = UNKNOWN
                    band[i] = 0
                    o = cand - 128
                else:
                    st[i] = cand & 15
                    band[i] = (cand >> 4) & 1
                    o = 3 if cand & 32 else 0
                if o != oor[i]:
                    oor[i] = o
                    sc._faults_changed = True
                gd[grp_of[i]] = 1
                c = 0
                sc._dirty = True
            else:
                held[i] = FORCE          # looked at again next scan, moved or not
                npend += 1
            cnt[i] = c
        else:
            cnt[i] = 0
            pend[i] = cand
    sc._npend = npend
    return nw
