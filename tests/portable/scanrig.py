"""Test rig for the scanner tests: the simulated wooden board wired to the real scanner.

Works under pytest (CPython) and tests/mp_run.py (MicroPython): both put host_tools/ and its
fakes on sys.path (conftest.py through host_tools/paths.py; mp_run.py itself).
"""
import gc

import fake_io
import fake_adc
import physboard
from physboard import WHITE, BLACK  # noqa: F401
from hw.scanner import make_scanner
from hw import calibration
import board_config as cfg


def calibrate(board, sc, scans=8):
    """The routine a maker runs (hardware-brief 3.2): empty board, one checker on every
    other slot (two passes, so no neighbour crosstalk), then two-high stacks."""
    cal = calibration.Calibration()
    board.clear()
    dead = calibration.calibrate_empty(sc, cal, scans * 2)
    for parity in (0, 1):
        group = [i for i in range(cfg.N_SENSORS) if _slot(i) % 2 == parity]
        board.clear()
        for i in group:
            board.put_on_sensor(i, WHITE if i % 3 else BLACK)
        calibration.calibrate_gain(sc, cal, group, scans)
    board.clear()
    group = [i for i in range(cfg.N_SENSORS) if _slot(i) % 2 == 0]
    for i in group:
        board.put_on_sensor(i, BLACK, 2)
    calibration.calibrate_stack(sc, cal, group, scans)
    board.clear()
    return cal, dead


def _slot(i):
    if i < cfg.N_POINT_SENSORS:
        return i % cfg.SLOTS_PER_POINT
    return (i - cfg.N_POINT_SENSORS) % cfg.BAR_SLOTS


def rig(seed=1, noise_lsb=1.0, debounce=None, quiet=4, calibrated=True, **kw):
    """(board, scanner): a fresh simulated board, the scanner on the fake pins, calibrated
    (debounce None: the pin map's slot_debounce_scans, as on the board)."""
    fake_io.reset_fakes()
    fake_adc.install(None)      # drop the last test's board before building the next one
    gc.collect()
    board = physboard.PhysicalBoard(seed=seed, noise_lsb=noise_lsb).install()
    sc = make_scanner(settle_us=0, debounce=debounce, quiet_scans=quiet, **kw)
    if calibrated:
        cal, dead = calibrate(board, sc)
        assert not dead, dead
        assert cal.stack_ok, cal.delta2
    gc.collect()
    return board, sc


def settle(sc, limit=60):
    """Scan until the reading is settled; returns the Sensed (fails if it never settles)."""
    for _ in range(limit):
        s = sc.scan()
        if sc.settled:
            return s
    raise AssertionError("no settled reading after %d scans: %r" % (limit, sc.sensed))
