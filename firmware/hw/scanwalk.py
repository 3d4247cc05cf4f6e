"""The wires of hw/scanner.py as tables (split out so that each module compiles within the
Pico's heap): SIO register addresses, the masks that put a channel on S0..S3 or a bank on
A0..A2, and the walk of every bank's channels as one XOR mask per sensor (Gray order).

    wire_tables(scanner, cfg)   # sets scanner._set/_clr/_xor, _chm, _bankm, _step, _first, ...
"""
from array import array


def _mask(gpios, value):
    """SIO bit mask that puts `value` (bit j -> gpios[j]) on the lines `gpios`."""
    m = 0
    for j in range(len(gpios)):
        if value >> j & 1:
            m |= 1 << gpios[j]
    return m


def wire_tables(cfg, order, fresh, n):
    """The register addresses, masks and walk tables for a scanner visiting the banks in
    `order` (fresh[j]: mask of halves to power before position j), n sensors. Returns
    (set, clr, xor, chm, bankm, bank_lines, en_bit, en_all, en_off_reg, en_on_reg,
     sens, step, first, pos_bank, pos_on, ref_ch); see hw/scanner.py for their use."""
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
    # sensor's step leads to the next bank's rail/2 channel, which is read first
    gray = bytes(g ^ (g >> 1) for g in range(cfg.MUX_CHANNELS))
    npos = len(order)
    sens_t = []
    step = array("i", bytes(4 * n))
    first = array("i", bytes(4 * npos))     # rail/2 channel -> first sensor channel
    pos_bank = array("i", bytes(4 * npos))  # address lines of the bank
    pos_on = array("i", bytes(4 * npos))    # enable lines to turn on (0: already on)
    ref_ch = bytes(cfg.REF_CHANNEL[k] for k in order)
    for j in range(npos):
        k = order[j]
        pairs = dict(zip(cfg.SCAN_CHANNELS[k], cfg.SCAN_SENSORS[k]))
        chs = bytes(c for c in gray if c in pairs)
        sens = bytes(pairs[c] for c in chs)
        sens_t.append(sens)
        nxt = ref_ch[(j + 1) % npos]
        for jj in range(len(chs)):
            to = chs[jj + 1] if jj + 1 < len(chs) else nxt
            step[sens[jj]] = chm[chs[jj]] ^ chm[to]
        first[j] = chm[ref_ch[j]] ^ chm[chs[0]]
        pos_bank[j] = bankm[cfg.SCAN_BANKS[k][1]]
        for h in range(len(en_bit)):
            if fresh[j] >> h & 1:
                pos_on[j] |= en_bit[h]
    return (set_, clr, xor, chm, bankm, bankm[7], en_bit, en_all, set_ if low else clr,
            clr if low else set_, sens_t, step, first, pos_bank, pos_on, ref_ch)
