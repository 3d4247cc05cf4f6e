"""The portable tests, run again under the real MicroPython interpreter with the Pico's heap,
on the firmware as `make flash` installs it (precompiled by mpy-cross)."""
import os
import re

import pytest

from tools import ROOT, run_micropython, firmware_mpy

PORTABLE = os.path.join(ROOT, "tests", "portable")


def _targets():
    """One run per module; for the modules that build the whole simulated board (scanner,
    physical model, App), one run per test, each in a fresh 240 KB heap as after a power-up:
    in one long-lived heap their order decides whether fragmentation leaves a block big
    enough, which would make the result depend on the test order rather than the code."""
    out = []
    for f in sorted(os.listdir(PORTABLE)):
        if not (f.startswith("test_") and f.endswith(".py")):
            continue
        name = f[:-3]
        text = open(os.path.join(PORTABLE, f)).read()
        if "scanrig" in text or "apprig" in text or "ONE_HEAP_PER_TEST" in text:
            out += ["%s::%s" % (name, t) for t in re.findall(r"^def (test_\w+)", text, re.M)]
        else:
            out.append(name)
    return out


MODULES = _targets()


@pytest.mark.parametrize("module", MODULES)
def test_module_under_micropython(module):
    proc = run_micropython(["tests/mp_run.py", "--mpy=" + firmware_mpy(), module])
    out = proc.stdout + proc.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", proc.stdout, re.M)
    assert m, out[-3000:]
    assert int(m.group(2)) == 0 and proc.returncode == 0, out[-3000:]
    assert int(m.group(1)) > 0, "no test ran: " + out[-1000:]
