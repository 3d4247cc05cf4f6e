"""The medians of hw/scanner.py with samples >= 3 (split out so that each module compiles
within the Pico's heap). The walk reads every channel once; a slot state changes only on a
median of 3 readings: a slot whose single reading asked for a change (a checker placed, or
a spike) is read again after the last bank, its bank powered once more (confirm_pass), and
a slot with a change pending is read as a median in every walk (medians from the scanner's
_bank_extra). hw/scanclassify.py marks the slots (Scanner._sus) and their banks.

    medians(sc, j, k, mark)   # bank k routed at position j: its slots at _sus == mark
    confirm_pass(sc)          # after the last bank: the slots at _sus 3, then classify them
"""
MEDIAN_NOW = 8        # per bank: slots at _sus 3 (hw.scanner.MEDIAN_NOW)


def medians(sc, j, k, mark):
    """Every slot of bank k (routed at position j) whose _sus is `mark`: read again as the
    median of 3, marked 2 (this reading counts) and queued for classification."""
    sus, raw = sc._sus, sc.raw
    work, queued = sc._work, sc._queued
    ch_of = sc._ch_of
    half = sc._bank_half[k]
    nw = sc._nwork
    for i in sc._walk[0][j]:
        if sus[i] == mark:
            sus[i] = 2
            raw[i] = sc._read_channel(half, ch_of[i])
            if not queued[i]:
                queued[i] = 1
                work[nw] = i
                nw += 1
    sc._nwork = nw


def confirm_pass(sc):
    """After the last bank: each bank marked MEDIAN_NOW powered again (its power-up wait
    included) and its slots at _sus 3 read as medians and queued; every bank off after."""
    extra = sc._extra
    order = sc._order
    for j in range(len(order)):
        k = order[j]
        if extra[k] & MEDIAN_NOW:
            extra[k] &= ~MEDIAN_NOW
            sc._power_up(k)
            medians(sc, j, k, 3)
    sc._all_off()
