"""The portable tests, run again under the real MicroPython interpreter with the Pico's heap."""
import os
import re

import pytest

from tools import ROOT, run_micropython

PORTABLE = os.path.join(ROOT, "tests", "portable")
MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE) if f.startswith("test_") and f.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_module_under_micropython(module):
    proc = run_micropython(["tests/mp_run.py", module])
    out = proc.stdout + proc.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", proc.stdout, re.M)
    assert m, out[-3000:]
    assert int(m.group(2)) == 0 and proc.returncode == 0, out[-3000:]
    assert int(m.group(1)) > 0, "no test ran: " + out[-1000:]
