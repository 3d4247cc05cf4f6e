"""The scan in parts (hw.scanner's scan_step), as a think runs it (app.loop's think_tick):
from one bank's power-up wait to the next, the caller's work in the waits. It must read,
classify and debounce exactly as a whole scan, end cleanly when a whole scan or a raw pass
comes in the middle, survive a part that raises, and allocate nothing."""
import gc

import fake_adc
from scanrig import rig, settle, WHITE, BLACK

SETTLE_US = 350        # the pin map's bank power-up wait (the rig's scanner has none)


def _in_parts(sc):
    """One scan in parts; (the Sensed, how many parts stopped at a power-up wait)."""
    waits = 0
    while True:
        s = sc.scan_step()
        if s is not None:
            return s, waits
        assert sc.mid
        waits += 1


def _reading(sc, s):
    return (bytes(s.colour), bytes(s.lo), bytes(s.hi), bytes(s.bar_lo), bytes(s.bar_hi),
            bytes(sc.state), sc.settled, sc.scans, tuple(s.faults))


def test_a_scan_in_parts_reads_what_a_whole_scan_reads():
    readings = []
    for parts in (False, True):
        board, sc = rig(seed=5)
        sc.settle_us = SETTLE_US
        seen = []
        moves = {3: (3, WHITE, 2), 9: (17, BLACK, 1), 14: (3, WHITE, 3), 20: (17, BLACK, 0)}
        for i in range(30):
            if i in moves:
                p, colour, n = moves[i]
                board.set_point(p, colour, n)
            if parts:
                s, waits = _in_parts(sc)
                assert waits == (7 if sc.pair_halves else 13), waits   # one part a power-up wait
                assert not sc.mid
            else:
                s = sc.scan()
            seen.append(_reading(sc, s))
        readings.append(seen)
    whole, parts = readings
    assert whole == parts
    # and the reading followed the board (so the comparison compared something)
    last = whole[-1]
    assert last[6] and last[1][3] == last[2][3] == 3 and last[1][17] == 0, last[:3]


def test_a_whole_scan_ends_a_scan_begun_in_parts():
    board, sc = rig(seed=6)
    sc.settle_us = SETTLE_US
    board.set_point(8, WHITE, 2)
    settle(sc)
    n = sc.scans
    assert sc.scan_step() is None and sc.scan_step() is None and sc.mid
    s = sc.scan()                              # the loop's scan after a think: the same scan ended
    assert not sc.mid and sc.scans == n + 1
    assert s.lo[8] == s.hi[8] == 2 and s.colour[8] == WHITE
    s, waits = _in_parts(sc)                   # and the next scan in parts starts from its start
    assert sc.scans == n + 2 and waits > 2


def test_a_raw_pass_in_the_middle_of_a_scan_in_parts_ends_the_scan_first():
    board, sc = rig(seed=7)
    sc.settle_us = SETTLE_US
    settle(sc)
    n = sc.scans
    sc.scan_step()
    sc.scan_step()
    board.set_point(12, BLACK, 1)
    sc.read_all()                              # calibration's raw pass
    assert not sc.mid and sc.scans == n + 1    # the scan ended, the raw pass counted no scan
    s = settle(sc)
    assert s.lo[12] == 1 and s.colour[12] == BLACK


def test_a_part_that_raises_leaves_the_scanner_whole():
    board, sc = rig(seed=8)
    sc.settle_us = SETTLE_US
    board.set_point(4, WHITE, 1)
    settle(sc)
    assert sc.scan_step() is None
    fake_adc.install(None)                     # the ADC fails in the middle of the scan
    try:
        sc.scan_step()
        raise AssertionError("the part did not raise")
    except RuntimeError:
        pass
    assert not sc.mid
    board.install()                            # the ADC back: scans go on, from a bank's start
    s, waits = _in_parts(sc)
    assert waits > 2
    s = settle(sc)
    assert s.lo[4] == 1 and s.colour[4] == WHITE


def test_scans_in_parts_allocate_nothing():
    try:
        alloc = gc.mem_alloc
    except AttributeError:
        return                                 # CPython: no heap figure (the reading is tested above)
    board, sc = rig(seed=9)
    sc.settle_us = SETTLE_US
    settle(sc)
    _in_parts(sc)
    gc.collect()
    gc.disable()
    try:
        a = alloc()
        for _ in range(20):
            while sc.scan_step() is None:
                pass
        used = alloc() - a
    finally:
        gc.enable()
    assert used == 0, used
