"""The Sensed board from the scanner's slot states: count and colour per point, the bar,
ranges where the physics cannot count (hardware-brief 1.5), the 15-checker conservation
that narrows them, and the fault list. Split from hw/scanner.py (the scan itself) so that
each module compiles within the Pico's heap.

    compose(scanner)    # fills scanner.sensed from scanner.state and the faults
"""
import lazy
from reading import WHITE, BLACK, MIXED, WEAK, FAULT

UNKNOWN = 255         # slot state: cannot be read (hw.scanner.UNKNOWN)


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
        lazy.call("hw.scanfaults", "hardware_faults", sc)
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
    first = cfg.N_POINT_SENSORS
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
