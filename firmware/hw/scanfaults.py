"""The hardware part of the scanner's fault list (hw.scanner.compose, when a fault
appeared or cleared: loaded for that moment and forgotten, base/rare.py).

    hardware_faults(sc)   # sc._bad_bank and sc._hw_faults from the health flags
"""
BANK_FAULTS = ("", "gnd channel not at 0 V", "rail/2 channel wrong (bank power)", "unused channel not at the pull-up")
OUT_OF_RANGE = ("", "low", "high", "field")


def hardware_faults(sc):
    """Which banks cannot be read (the bank or its half failed the self-test), and the
    faults: ('mux', (half, bank or the half's reference input, why)), then per sensor of a
    good bank ('out_of_range', (i, 'low' | 'high' | 'field')) or ('stuck', i), and
    ('drift', i)."""
    cfg = sc.cfg
    bad, half = sc._bad_bank, sc._bank_half
    for k in range(len(bad)):
        bad[k] = 1 if sc.bank_fault[k] or sc.half_fault[half[k]] else 0
    faults: list = []
    sc._hw_faults = faults
    for k in range(len(sc.bank_fault)):
        if sc.bank_fault[k]:
            h, b = cfg.SCAN_BANKS[k]
            faults.append(("mux", (h, b, BANK_FAULTS[sc.bank_fault[k]])))
    for h in range(cfg.HALVES):
        if sc.half_fault[h]:
            faults.append(("mux", (h, cfg.HALF_REF_INPUT, "half reference wrong (4051/138/ribbon)")))
    bank_of = sc._bank_of
    for i in range(sc.n):
        if bad[bank_of[i]]:
            continue
        o = sc._oor[i]
        if o:
            faults.append(("out_of_range", (i, OUT_OF_RANGE[o])))
        elif sc._health[i] & 2:
            faults.append(("stuck", i))
        if sc._health[i] & 4:
            faults.append(("drift", i))
