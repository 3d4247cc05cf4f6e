"""`host_tools calibrate` reads a calibration made on the simulated board and names the
sensors a maker must look at."""
import io
import subprocess
import sys

from scanrig import rig, calibrate
from hw.calibration import Calibration
from host_tools import cmd_calibrate

from tools import ROOT


def _saved(tmp_path, kill=None):
    board, sc = rig(seed=31, calibrated=False)
    if kill is not None:
        board.kill(kill, "open")
    cal, dead = calibrate(board, sc)
    path = str(tmp_path / "calibration.bin")
    cal.save(path)
    return path


def test_a_sound_calibration_passes(tmp_path):
    out = io.StringIO()
    assert cmd_calibrate.report(Calibration.load(_saved(tmp_path)), out) == 0
    text = out.getvalue()
    assert "all sensors look sound" in text and "point 24:" in text


def test_a_dead_sensor_is_named(tmp_path):
    out = io.StringIO()
    code = cmd_calibrate.report(Calibration.load(_saved(tmp_path, kill=40)), out)
    assert code == 1
    assert "CHECK sensor 40 (point 7 slot 5): reads the rail" in out.getvalue(), out.getvalue()


def test_corrupt_file_and_no_board(tmp_path):
    bad = tmp_path / "calibration.bin"
    bad.write_bytes(b"nonsense")
    run = lambda *a: subprocess.run([sys.executable, "-m", "host_tools", "calibrate"] + list(a),
                                    cwd=ROOT, capture_output=True, text=True, timeout=60)
    p = run(str(bad))
    assert p.returncode == 1 and "not usable" in p.stdout
    p = run("--port", "/dev/does-not-exist")
    assert p.returncode == 1 and "no MicroPython board" in p.stderr
