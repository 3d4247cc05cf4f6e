"""The wires of hw/scanner.py as tables (loaded by hw/scanbuild.py to build the scanner and
forgotten: its code does not stay in the heap while the board plays): SIO register addresses, the masks that put a channel on S0..S3 or a bank on
A0..A2, and the walk of every bank's channels as one XOR mask per sensor (Gray order).

    tables = wire_tables(cfg, n, pair_halves)   # for the Scanner's constructor (see below)
"""
from array import array


def _mask(gpios, value):
    """SIO bit mask that puts `value` (bit j -> gpios[j]) on the lines `gpios`."""
    m = 0
    for j in range(len(gpios)):
        if value >> j & 1:
            m |= 1 << gpios[j]
    return m


def wire_tables(cfg, n, pair_halves):
    """The slot maps, the bank order, the register addresses, masks and walk tables for a
    scanner of n sensors. Returns (bank_of, nb, order, fresh, lines, xor, chm, walk,
    st_steps, st_off):
      bank_of[i]: sensor i's bank; nb[i]: its neighbours on the same point or bar strip (bit
        0 the slot below, bit 1 the slot above);
      order: the banks in visiting order; fresh[j]: mask of halves to power before position
        j (0: already on). pair_halves powers bank b of both halves at once: one 350 us wait
        for two banks, twice the sensor current (USB charger profile only, hardware/power.md);
      lines = (set, clr, bankm, bank_lines, en_bit, en_all, en_off_reg, en_on_reg): what a
        bank switch writes; chm[ch]: the select lines' mask for channel ch;
      walk = (sens, step, first, pos_off, pos_on, ref_ch, pos_half, pos_dummy), per position
        j: the sensors in walk order, per sensor the XOR mask to the next channel (the last
        sensor's to the bank's rail/2 channel, read after the sensors), the step from the
        previous position's rail/2 channel to the first sensor (only where the bank is on
        already), the two bank-switch words (pos_off[j] to en_off_reg: every decoder off,
        the address and select bits that go to the off level; pos_on[j] to en_on_reg: the
        other address and select bits and the decoders to power, 0 if the bank is already
        on: the select lines land on the first sensor channel), the rail/2 channel, the
        half, 1 where the ADC input changes half;
      st_steps: the self-test walks, one after the other (one array: fewer objects); position
        j's starts at st_off[j] + j and leads from its rail/2 channel through GND and the
        unused channels back to the rail/2 channel (one XOR mask per step, one step more
        than readings); st_off[j]: where its readings go in the scanner's self-test values."""
    nbk = len(cfg.SCAN_BANKS)
    npt, spp, nbar = cfg.N_POINT_SENSORS, cfg.SLOTS_PER_POINT, cfg.BAR_SLOTS
    bank_of, nb = bytearray(n), bytearray(n)
    for i in range(n):
        if i < npt:
            s, top = i % spp, spp - 1
        else:
            s, top = (i - npt) % nbar, nbar - 1
        nb[i] = (1 if s > 0 else 0) | (2 if s < top else 0)
    for k in range(nbk):
        for i in cfg.SCAN_SENSORS[k]:
            bank_of[i] = k
    order_l, fresh_l = [], []
    for k in range(nbk):
        if k in order_l:
            continue
        h, b = cfg.SCAN_BANKS[k]
        mates = [m for m in range(nbk) if pair_halves and m != k and cfg.SCAN_BANKS[m][1] == b]
        mask = 1 << h
        for m in mates:
            mask |= 1 << cfg.SCAN_BANKS[m][0]
        order_l.append(k)
        fresh_l.append(mask)
        for m in mates:
            order_l.append(m)
            fresh_l.append(0)
    order, fresh = bytes(order_l), bytes(fresh_l)
    set_ = cfg.SIO_OUT_SET
    clr = cfg.SIO_OUT_CLR
    # GPIO_OUT_XOR: the pin map names SET and CLR; XOR follows CLR by the same stride on
    # the RP2040 (0x14, 0x18, 0x1C) and the RP2350 (0x18, 0x20, 0x28)
    xor = getattr(cfg, "SIO_OUT_XOR", clr + (clr - set_))
    chm = array("i", [_mask(cfg.MUX_SEL, c) for c in range(cfg.MUX_CHANNELS)])
    bankm = array("i", [_mask(cfg.BANK_SEL, b) for b in range(8)])
    en_bit = array("i", [1 << g for g in cfg.HALF_EN])
    en_all = _mask(cfg.HALF_EN, (1 << len(cfg.HALF_EN)) - 1)
    low = cfg.HALF_EN_ACTIVE_LOW
    # per position j of the order: the sensor channels in Gray-code order (most steps move
    # one select line) and the sensors read there; per sensor the XOR mask to the next
    # channel (each sensor is read once per scan, at one place in the walk); the last
    # sensor's step leads to the bank's rail/2 channel, read after the sensors
    gray = bytes(g ^ (g >> 1) for g in range(cfg.MUX_CHANNELS))
    npos = len(order)
    sens_t = []
    # masks of the select lines: 16 bits are enough when they sit below GP16
    step = array("H", bytes(2 * n)) if chm[len(chm) - 1] < 65536 else array("i", bytes(4 * n))
    first = array("i", bytes(4 * npos))     # previous rail/2 channel -> first sensor channel
    pos_off = array("i", bytes(4 * npos))
    pos_on = array("i", bytes(4 * npos))
    lines = bankm[7]
    sel_all = chm[cfg.MUX_CHANNELS - 1]
    ref_ch = bytes(cfg.REF_CHANNEL[order[j]] for j in range(npos))
    st_off = bytearray(npos + 1)
    for j in range(npos):
        k = order[j]
        st_off[j + 1] = st_off[j] + 1 + len(cfg.UNUSED_CHANNELS[k])
    m = st_off[npos] + npos
    st_steps = array("H", bytes(2 * m)) if chm[len(chm) - 1] < 65536 else array("i", bytes(4 * m))
    for j in range(npos):
        k = order[j]
        ref = ref_ch[j]
        tc = bytes([cfg.GND_CHANNEL[k]]) + bytes(cfg.UNUSED_CHANNELS[k])
        p = st_off[j] + j
        prev = ref
        for t in range(len(tc)):
            st_steps[p + t] = chm[prev] ^ chm[tc[t]]
            prev = tc[t]
        st_steps[p + len(tc)] = chm[prev] ^ chm[ref]
        pairs = dict(zip(cfg.SCAN_CHANNELS[k], cfg.SCAN_SENSORS[k]))
        chs = bytes(c for c in gray if c in pairs)
        sens = bytes(pairs[c] for c in chs)
        sens_t.append(sens)
        for jj in range(len(chs)):
            to = chs[jj + 1] if jj + 1 < len(chs) else ref
            step[sens[jj]] = chm[chs[jj]] ^ chm[to]
        bm = bankm[cfg.SCAN_BANKS[k][1]]
        on = 0
        for h in range(len(en_bit)):
            if fresh[j] >> h & 1:
                on |= en_bit[h]
        if on:
            # the decoders switch on in the same write as the last address bits: a glitch of
            # a few ns on a wrong P-MOSFET gate at most, far too short to power a bank; the
            # select lines go to the first sensor channel in the same two writes (their
            # high bits with the SET write, their low bits with the CLR write)
            up, down = chm[chs[0]], sel_all ^ chm[chs[0]]
            pos_off[j] = en_all | (bm | up if low else (lines ^ bm) | down)
            pos_on[j] = ((lines ^ bm) | down if low else bm | up) | on
        else:
            # the bank is on already (the other half of a pair): step from the last rail/2
            first[j] = chm[ref_ch[j - 1]] ^ chm[chs[0]]
    pos_half = bytes(cfg.SCAN_BANKS[k][0] for k in order)
    pos_dummy = bytes(1 if j == 0 or pos_half[j] != pos_half[j - 1] else 0 for j in range(npos))
    lines = (set_, clr, bankm, bankm[7], en_bit, en_all, set_ if low else clr, clr if low else set_)
    walk = (sens_t, step, first, pos_off, pos_on, ref_ch, pos_half, pos_dummy)
    return bank_of, nb, order, fresh, lines, xor, chm, walk, st_steps, st_off
