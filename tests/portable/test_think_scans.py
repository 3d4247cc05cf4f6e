"""The board's scans while it thinks, on the real scanner (the simulated hall board): the
App's think_tick begins a scan every THINK_SCAN_MS of the chip's clock and runs a part of it
at each tick (hw.scanner's scan_step), so that the think works in the banks' power-up waits;
when the ticks come too far apart (a strong think's leaves), a scan still going
THINK_SCAN_LATE_MS after it began is ended at once."""
from apprig import rig
from app.loop import THINK_SCAN_MS, THINK_SCAN_LATE_MS
import scanrig


def _thinking_on_the_real_scanner(seed):
    sc, app, lines = rig()
    board, real = scanrig.rig(seed=seed)
    real.settle_us = 350               # the pin map's power-up wait (the scanner rig has none)
    app.d.scanner = real
    at = [0]
    app.clock = lambda: at[0]
    app.think_begins(None)             # (no question: the scans and the watchdog only)
    app.thinking_scans = 0
    return app, real, at


def test_ticks_close_together_scan_in_parts_one_begun_every_think_scan_ms():
    app, real, at = _thinking_on_the_real_scanner(3)
    parts = []
    step = real.scan_step

    def counted():
        parts.append(at[0])
        return step()
    real.scan_step = counted
    n = real.scans
    for _ in range(300):               # 300 ms of thinking, a tick every millisecond
        at[0] += 1
        app.think_tick()
    assert app.thinking_scans == real.scans - n - real.mid     # (a pass counts from its start)
    # a scan begun every THINK_SCAN_MS: 8 parts (7 power-up waits) of one tick each fit in it
    assert 300 // (THINK_SCAN_MS + 1) <= app.thinking_scans <= 300 // THINK_SCAN_MS, app.thinking_scans
    assert len(parts) == app.thinking_scans * (7 if real.pair_halves else 13) + app.thinking_scans \
        or real.mid, (len(parts), app.thinking_scans)


def test_ticks_far_apart_end_a_late_scan_at_once():
    app, real, at = _thinking_on_the_real_scanner(4)
    n = real.scans
    for _ in range(60):                # 300 ms of thinking, a tick every 5 ms (long leaves)
        at[0] += 5
        app.think_tick()
    done = real.scans - n - real.mid
    assert app.thinking_scans == done
    # each scan: begun at a tick, parts at the next ticks, ended at the first tick at or past
    # THINK_SCAN_LATE_MS; the next begun at a later tick, THINK_SCAN_MS after the last began
    per_scan = max(5 * ((THINK_SCAN_LATE_MS + 4) // 5) + 5, 5 * ((THINK_SCAN_MS + 4) // 5))
    assert done >= (300 - THINK_SCAN_MS) // per_scan, (done, per_scan)
    # without the late end, 8 parts at 5 ms would make a scan every 40 ms: 7 in 300 ms
    assert done > 300 // (8 * 5), done
