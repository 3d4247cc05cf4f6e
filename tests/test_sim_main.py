"""firmware/main.py itself, booted as on the Pico but on the fake machine and the simulated
board (CPython, asyncio): boot messages, the serial command line answering, a bad command
answered, the tasks running (the settled board reaches the Table), no traceback."""
import json
import os
import select
import subprocess
import sys
import time

from host_tools.paths import python_env

BOOT = """
import sys
import host_tools    # the board's code and the fakes on sys.path (host_tools/paths.py)
import physboard
board = physboard.PhysicalBoard(seed=1).install()
import main
main.main()
"""


def _read_until(proc, marker):
    """What the board printed until `marker` (or its output ended, or 120 s: a bound on a
    hang, not a speed)."""
    buf = b""
    end = time.monotonic() + 120
    while time.monotonic() < end and marker not in buf:
        r, _, _ = select.select([proc.stdout], [], [], 0.1)
        if r:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            buf += chunk
    return buf


def test_main_boots_and_answers_on_serial(tmp_path):
    proc = subprocess.Popen([sys.executable, "-S", "-c", BOOT], cwd=str(tmp_path), env=python_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    got = []
    try:
        proc.stdin.write(b"help\nsensed\nfrobnicate\n")
        proc.stdin.flush()
        buf = _read_until(proc, b"frobnicate")
        got = [json.loads(l) for l in buf.decode().splitlines() if l.startswith("{")]
    finally:
        proc.kill()
        err = proc.communicate()[1].decode()
    kinds = [e["t"] for e in got]
    assert "Traceback" not in err, err[-3000:]
    assert "hello" in kinds and "help" in kinds, got
    # no calibration file yet: the board says so and uses the defaults
    assert any(e["t"] == "error" and e["code"] == "calibration" for e in got), got
    sensed = [e for e in got if e["t"] == "sensed"][0]
    assert sensed["points"] == [] and sensed["faults"] == []     # the empty board, read
    bad = [e for e in got if e["t"] == "error" and e["code"] == "bad_command"]
    assert bad and "frobnicate" in bad[0]["msg"]


def test_ctrl_c_appends_the_record_lines_the_state_carries(tmp_path):
    """A computer takes the board's REPL with Ctrl-C (mpremote, the companion page reading
    the record): main.py's tasks stop, and the lines of play that rode in the state save
    (app/loop.py) are appended to the record first (app/tasks.py, app/carried.py). (The
    lines the resumed state carried reach the record at power-up, with its `W` line.)"""
    import shutil
    import signal
    import apprig
    from host_tools import record_read
    from test_app_record import commit_first_play
    sc, app, lines = apprig.rig()
    apprig.opening_roll(app, sc, 5, 3)
    commit_first_play(app, sc)                     # White's play rides in the state save
    shutil.copy(apprig.STATE, str(tmp_path / "state.bin"))
    shutil.copy(apprig.RECORD, str(tmp_path / "match.rec"))
    apprig.clean()
    kinds = [e[0] for e in record_read.read_file(str(tmp_path / "match.rec"))[0]]
    assert kinds == ["match", "game", "roll"], kinds
    # the checkers as the state says; Black rolls at the running board: that line rides
    from bg.ids import position_id
    boot = BOOT.replace("board = physboard.PhysicalBoard(seed=1).install()",
                        "board = physboard.PhysicalBoard(seed=1).install()\n"
                        "from bg.ids import position_from_id\n"
                        "board.set_position(position_from_id(%r))" % position_id(app.table.board))
    # Ctrl-C as a person's terminal sends it: the board's process must not inherit this
    # one's disposition (inside the whole suite a test runner's process can have SIGINT
    # ignored, which a child keeps across exec: the board then ran on and the test waited)
    proc = subprocess.Popen([sys.executable, "-S", "-c", boot], cwd=str(tmp_path), env=python_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        proc.stdin.write(b"press p2_main\nhelp\n")   # Black rolls; help: answered after it
        proc.stdin.flush()
        buf = _read_until(proc, b'"t":"help"')
        assert b'"t":"help"' in buf, buf[-2000:]
        proc.send_signal(signal.SIGINT)            # Ctrl-C: KeyboardInterrupt in the tasks
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert b"KeyboardInterrupt" in err and b"run_until_complete" in err, err[-2000:]   # (in the tasks)
    events, problems = record_read.read_file(str(tmp_path / "match.rec"))
    kinds = [e[0] for e in events if e[0] != "commit"]    # (the fair dice' commitment: F)
    assert problems == [] and kinds == ["match", "game", "roll", "play", "roll"], (events, problems)
    assert events[-1][:2] == ("roll", 1)
