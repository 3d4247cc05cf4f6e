"""hw/scanfast.py's viper source is compiled by the board itself at power-up, so no build
step sees it: this test compiles it for the Pico's Cortex-M0+ (mpy-cross -march=armv6m, as
the RP2040's own native emitter would) for both step-table sizes, so that an edit the Thumb
emitter refuses fails here rather than silently falling back to bytecode on the board."""
import os
import subprocess
import sys

import pytest

from tools import ROOT, MPY_CROSS

sys.path.insert(0, os.path.join(ROOT, "firmware"))
from hw import scanfast  # noqa: E402


@pytest.mark.parametrize("ptr", ["ptr16", "ptr32"])
def test_the_viper_walk_compiles_for_the_pico(tmp_path, ptr):
    src = tmp_path / "walk.py"
    src.write_text("import micropython\n" + scanfast._SOURCE.replace("{P}", ptr))
    proc = subprocess.run([MPY_CROSS, "-march=armv6m", "walk.py"], cwd=str(tmp_path),
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "walk.mpy").stat().st_size > 0
