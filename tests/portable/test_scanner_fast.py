"""hw/scanfast.py: the walk's inner loop as viper machine code gives exactly what the
bytecode walk gives (the same readings stored, the same register writes in the same order),
and the scanner built with it reads the simulated board as the bytecode scanner does.

Under CPython there is no native emitter: load() gives None and the scanner keeps the
bytecode loop. Under the MicroPython unix port (tests/test_micropython.py) the viper walk is
compiled and used, as on the Pico: these tests then compare the two.
"""
import sys
from array import array

import hw.scanfast as scanfast
import hw.scanner as scanner
from scanrig import rig, settle, WHITE, BLACK

MICROPYTHON = sys.implementation.name == "micropython"


class _Regs:
    """A register file that logs every write (address, value)."""

    def __init__(self):
        self.log = []

    def __setitem__(self, addr, value):
        self.log.append((addr, value))


def _reader(values):
    it = iter(values)
    return lambda: next(it)


def _walk_both(typecode, floor_value, k=1):
    """Each walk over the same sensors, answers and tables: (raw, register writes, refs,
    what it returned)."""
    sens = bytes([5, 0, 3, 7, 1])
    big = 0x20000000 if typecode == "i" else 0x8000    # GPIO 29's line, the 16th line
    step = array(typecode, [0x3, 0x1, 0x2, big, 0x7, 0xc, 0x5, 0x1ff])
    answers = [65535, 0, 32768, 1234, 40000, 30000]    # the sensors, then the rail/2
    got = []
    for fn in ((scanfast.load(step) or (scanfast.walk_bytecode,))[0], scanfast.walk_bytecode):
        raw = array("H", bytes(16))
        refs = array("H", [7, 7, 7])
        floor = array("i", [0, floor_value, 0])
        regs = _Regs()
        xor = 0xd000001c                 # an address above the small-int range, as on the Pico
        moved = fn(sens, raw, step, regs, xor, _reader(answers), refs, floor, k, 6)
        got.append((list(raw), regs.log, list(refs), moved))
    return got


def test_the_fast_walk_stores_and_writes_what_the_bytecode_walk_does_16_bit_steps():
    fast, slow = _walk_both("H", 30000 - 32)
    assert fast == slow
    assert slow[0][5] == 65535 and slow[0][1] == 40000 and len(slow[1]) == 5
    assert slow[2] == [7, 30000, 7] and slow[3] == 0         # rail/2 in its deadband: kept


def test_the_fast_walk_stores_and_writes_what_the_bytecode_walk_does_32_bit_steps():
    fast, slow = _walk_both("i", 30000 - 32)
    assert fast == slow
    assert (0xd000001c, 0x20000000) in slow[1]


def test_a_rail_reading_out_of_its_deadband_is_handed_back_in_both_walks():
    for floor_value in (30000 - 200, 30000 + 10, -(1 << 20)):    # below, above, FORCE
        fast, slow = _walk_both("H", floor_value)
        assert fast == slow, floor_value
        assert slow[3] == 30001 and slow[2] == [7, 7, 7], floor_value


def test_the_fast_deadband_test_queues_what_the_bytecode_one_does():
    """Readings in and out of their deadband (floor FORCE: out), some slots queued already:
    the same work list, the same queue marks, the same length."""
    raw = array("H", [100, 200, 300, 400, 500, 600])
    held = array("i", [100 - 10, 200 - 64, 300 + 1, -(1 << 20), 500 - 63, 600 - 200])
    sens = bytes([0, 1, 2, 3, 4, 5])
    got = []
    fast = (scanfast.load(array("H", [1])) or (None, scanner.deadband_bytecode))[1]
    for fn in (fast, scanner.deadband_bytecode):
        queued = bytearray([0, 0, 0, 0, 0, 1])
        work = bytearray(8)
        work[0] = 7                                # one slot on the list already
        nw = fn(sens, raw, held, queued, work, 1, 6)
        got.append((nw, bytes(work), bytes(queued)))
    assert got[0] == got[1]
    assert got[1][0] == 4 and got[1][1][:4] == bytes([7, 1, 2, 3])   # 5 was queued already


def test_the_fast_walk_is_machine_code_where_the_port_can_make_it():
    fast = scanfast.load(array("H", [1]))
    if MICROPYTHON and sys.platform != "webassembly":
        assert fast is not None, scanfast.why_not
        assert fast[0] is not scanfast.walk_bytecode and fast[1] is not scanner.deadband_bytecode
    else:
        assert fast is None and scanfast.why_not


def test_the_scanner_reads_the_same_board_with_either_walk():
    """A move sequence read by a scanner on each walk: the same reading after every scan
    and the same number of ADC reads (the same sampling path)."""
    seen = []
    for fast in (True, False):
        board, sc = rig(seed=3, fast_walk=fast)
        assert (sc._fast is not None) == (fast and MICROPYTHON)
        settle(sc)
        trace = []
        for k in range(30):
            if k == 2:
                board.set_point(6, WHITE, 3)
            elif k == 9:
                board.set_point(19, BLACK, 2)
            elif k == 15:
                board.set_point(6, WHITE, 2)
            s = sc.scan()
            trace.append(repr(s))
        trace.append(board.reads)
        seen.append(trace)
        board = sc = None
    assert seen[0] == seen[1]
    assert "6:w3" in seen[0][10] and "19:b2" in seen[0][14]
