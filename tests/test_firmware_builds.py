"""Everything under firmware/ must compile with mpy-cross and type-check against the rp2 stubs."""
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

from tools import MPY_CROSS, ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
SOURCES = sorted(
    os.path.relpath(os.path.join(d, f), ROOT)
    for d, _, fs in os.walk(FIRMWARE) for f in fs if f.endswith(".py")
)


@pytest.mark.parametrize("path", SOURCES)
def test_compiles_with_mpy_cross(path, tmp_path):
    from host_tools.cmd_flash import is_native
    out = tmp_path / "x.mpy"
    # the Pico's architecture for the modules of viper functions (native code), as `make
    # flash` compiles them; bytecode for the rest, which any MicroPython port loads
    march = ["-march=armv6m"] if is_native(os.path.join(ROOT, path)) else []
    proc = subprocess.run([MPY_CROSS] + march + ["-o", str(out), path], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0


def _stub_dir():
    """The rp2 stubs install as loose .pyi files in site-packages; copy them apart for MYPYPATH."""
    import sysconfig
    sp = sysconfig.get_paths()["purelib"]
    dest = tempfile.mkdtemp(prefix="rp2stubs-")
    for name in os.listdir(sp):
        src = os.path.join(sp, name)
        if name.endswith(".pyi") or (os.path.isdir(src) and name in ("rp2", "_mpy_shed", "asyncio", "lib")):
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(dest, name))
            else:
                shutil.copy(src, dest)
    return sp, dest


def test_firmware_type_checks_against_rp2_stubs():
    sp, stubs = _stub_dir()
    # firmware/ is the import root on the Pico (`import bg.position`), so it is on the path too
    env = dict(os.environ, MYPYPATH=os.pathsep.join([stubs, FIRMWARE]))
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--custom-typeshed-dir", sp, "--no-site-packages",
         "--explicit-package-bases", "--follow-imports=silent", "--check-untyped-defs",
         "--no-error-summary", "--cache-dir", os.path.join(stubs, ".cache"),
         # manifest.py is read by MicroPython's freezing tool, not run on the board
         "--exclude", "^manifest\\.py$", "."],
        cwd=FIRMWARE, env=env, capture_output=True, text=True)
    ours = [l for l in proc.stdout.splitlines() if not l.startswith(stubs)]
    assert not ours, "\n".join(ours[:50])
    # mypy must have actually run: a crash or a usage error is not a pass
    assert "error: " not in proc.stderr, proc.stderr[-2000:]


def test_the_flash_tree_carries_the_engines_weights(tmp_path):
    # make flash installs what compile_tree builds: the weights file the engine loads at
    # power-up must be in it, byte for byte, beside the compiled modules
    from host_tools.cmd_flash import compile_tree
    out = str(tmp_path / "flash")
    made = compile_tree(out)
    assert os.path.join("engine", "weights.bin") in made
    with open(os.path.join(FIRMWARE, "engine", "weights.bin"), "rb") as a, \
            open(os.path.join(out, "engine", "weights.bin"), "rb") as b:
        assert a.read() == b.read()
    assert "main.py" in made and os.path.join("bg", "movegen.mpy") in made


def test_a_module_of_the_built_tree_gives_its_traceback_the_name_of_its_file_on_the_board():
    """make flash's .mpy carries its path on the board as its source name, the very name the
    board's import gives the module's __file__: MicroPython interns one name a module, not
    two (names are never freed: docs/heap.md), and a fault's traceback names the file that is
    on the flash."""
    from tools import MICROPYTHON, firmware_mpy
    fw = firmware_mpy()          # the tree as make flash compiles it, for this host
    # a rules error raised inside bg/notation.py's parser, imported from the tree's root as the
    # board imports from its flash's
    code = ("import sys, micropython\nimport bg.notation as n\nprint('FILE', n.__file__)\n"
            "try:\n    n.parse_play('not a play')\nexcept Exception as e:\n    sys.print_exception(e)\n")
    proc = subprocess.run([MICROPYTHON, "-c", code], cwd=str(fw), capture_output=True, text=True, timeout=60)
    assert "FILE bg/notation.mpy" in proc.stdout, proc.stdout + proc.stderr
    assert 'File "bg/notation.mpy"' in proc.stdout, proc.stdout + proc.stderr
    assert 'notation.py"' not in proc.stdout
