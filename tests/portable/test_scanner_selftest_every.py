"""The self-test channels (each bank's GND, unused inputs and rail/2, each half's reference)
are read every SELFTEST_EVERY_N_SCANS scans, spread over the scans (a bank's in one scan of
N, the halves' in another), not in every scan (hw/scanner.py: about 0.7 ms a scan saved, the
brief's 2.2). A fault on one of them is still found within N + 1 scans, whatever the scan it
appears in: read in the bank's next self-test scan (at most N scans later), confirmed by a
median in the bank's next walk (one scan more)."""
from scanrig import rig, settle, cfg
import physboard

N = cfg.SELFTEST_EVERY_N_SCANS
BOUND = N + 1


def _scans_to_find(sc, seen):
    """Scans until seen() holds (at most BOUND + 2 tried)."""
    for k in range(1, BOUND + 3):
        sc.scan()
        if seen():
            return k
    return None


def _bank_fault_found(board, sc, k, ch, level):
    """Scans from the fault on channel ch of bank k (scan order) to the scanner naming it, and
    the bank's verdict; the fault is then repaired and the bank must pass again."""
    half, bank = cfg.SCAN_BANKS[k]
    board.fault_channel(half, bank, ch, level)
    n = _scans_to_find(sc, lambda: sc.bank_fault[k] != 0)
    code = sc.bank_fault[k]
    names = [f for f in sc.sensed.faults if f[0] != "too_many"]
    board.fault_channel(half, bank, ch, None)
    healed = _scans_to_find(sc, lambda: sc.bank_fault[k] == 0)
    assert healed is not None, (k, ch)
    settle(sc)
    return n, code, names


def test_a_fault_on_each_kind_of_self_test_channel_is_found_within_n_scans():
    board, sc = rig(seed=51)
    settle(sc)
    worst = 0
    last = len(cfg.SCAN_BANKS) - 1
    for k in (0, 3, 6, 7, last):        # each half's first and last bank, one between
        # the worst moment: the scan right after the bank's self-test scan (the next one is
        # N scans away)
        while (sc.scans + k) % N != 0:
            sc.scan()
        kinds = [(cfg.GND_CHANNEL[k], physboard.PULLUP, 1)]                  # GND open
        if k in (0, last):          # (the other self-test channels: first and last bank)
            kinds.append((cfg.UNUSED_CHANNELS[k][0], 0, 3))                  # pull-up shorted
        if k == 0:
            kinds.append((cfg.REF_CHANNEL[k], 6000, 2))                      # rail/2 far off
        for ch, level, code in kinds:
            n, got, names = _bank_fault_found(board, sc, k, ch, level)
            assert n is not None and n <= BOUND, (k, ch, n)
            assert got == code, (k, ch, got)
            assert names, (k, ch)                  # the Sensed board names a fault
            worst = max(worst, n)
            while (sc.scans + k) % N != 0:
                sc.scan()
    assert worst > 1          # (the spreading is real: not every fault is seen at once)


def test_a_gnd_fault_at_any_phase_is_found_within_n_scans():
    board, sc = rig(seed=52)
    settle(sc)
    k = 7                                          # the right half's first bank
    found = []
    for phase in range(N):
        while sc.scans % N != phase:
            sc.scan()
        n, got, _ = _bank_fault_found(board, sc, k, cfg.GND_CHANNEL[k], physboard.PULLUP)
        assert n is not None and n <= BOUND and got == 1, (phase, n, got)
        found.append(n)
    assert max(found) > min(found), found          # the phase matters, the bound holds


def test_a_half_reference_fault_is_found_within_n_scans():
    board, sc = rig(seed=53)
    settle(sc)
    for h in range(cfg.HALVES):
        for phase in (0, 1, N - 1):
            while sc.scans % N != phase:
                sc.scan()
            board.fault_channel(h, cfg.HALF_REF_INPUT, 0, 1000)   # the 4051's input 7 off
            n = _scans_to_find(sc, lambda: sc.half_fault[h] != 0)
            assert n is not None and n <= BOUND, (h, phase, n)
            board.fault_channel(h, cfg.HALF_REF_INPUT, 0, None)
            assert _scans_to_find(sc, lambda: sc.half_fault[h] == 0) is not None
            settle(sc)
