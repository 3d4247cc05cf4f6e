"""Issue 26 item 19: an idle `make sim` used 16 % of a core. The terminal's real-time loop
scanned the sensors and built its frame 100 times a second while nobody typed; between
keys it now wakes 10 times a second, scans every 500 ms of board time and keeps the
board's time running. Counted, not timed: the loop runs on a real pty and the real
firmware, with a virtual wall clock that the wait for a key advances."""
import io
import os

from boardrig.whole import BoardRig, STEP_MS, IDLE_SCAN_MS
from simui.session import Session
from simui import terminal

IDLE_S = 10.0


def test_an_idle_terminal_scans_and_draws_a_few_times_a_second(tmp_path, monkeypatch):
    rig = BoardRig(seed=1, dice_seed=1, workdir=str(tmp_path))
    session = Session(rig)
    session.execute("setup")
    work = {"steps": 0, "scans": 0, "frames": 0, "waits": 0}
    app_step = rig.app.step

    def counted_step(now, scan=True):
        work["steps"] += 1
        work["scans"] += bool(scan)
        return app_step(now, scan)
    rig.app.step = counted_step
    real_frame = terminal.frame

    def counted_frame(*a, **k):
        work["frames"] += 1
        return real_frame(*a, **k)
    monkeypatch.setattr(terminal, "frame", counted_frame)

    master, slave = os.openpty()
    wall = [1000.0]

    def wait_key(fd, timeout):
        # nobody types for IDLE_S seconds of wall time, then "quit"
        work["waits"] += 1
        wall[0] += timeout
        if wall[0] - 1000.0 >= IDLE_S:
            os.write(master, b"quit\n")
            return True
        return False

    start_now = rig.now
    try:
        assert terminal.run_tty(session, False, fd_in=slave, out=io.StringIO(),
                                clock=lambda: wall[0], wait_key=wait_key) == 0
    finally:
        os.close(master)
        os.close(slave)
    ticks = IDLE_S / terminal.TICK_S
    assert work["waits"] <= ticks + 1
    # the board's time ran with the wall clock (but the last tick's, which read "quit"):
    # its clocks and blinking go on
    ran_ms = IDLE_S * 1000 - terminal.TICK_S * 1000 - 2 * STEP_MS
    assert rig.now - start_now >= ran_ms
    assert work["steps"] >= ran_ms / STEP_MS
    # a scan every 500 ms of board time (it was one every 10 ms: 1,000), a frame a tick
    assert work["scans"] <= IDLE_S * 1000 / IDLE_SCAN_MS + 2, work
    assert work["frames"] <= ticks + 3, work
