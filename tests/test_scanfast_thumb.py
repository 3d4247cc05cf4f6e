"""hw/scanfast_vp.py's viper functions are native code compiled ahead for the board: this
test compiles the module for the Pico's Cortex-M0+ (mpy-cross -march=armv6m, as `make flash`
does through cmd_flash.compile_tree), and checks that the tree the board gets holds it as
native code and the tree the host's MicroPython gets holds it in the host's architecture
(or leaves it out where mpy-cross has none), so that an edit the Thumb emitter refuses fails
here rather than silently falling back to bytecode on the board."""
import os
import subprocess

from tools import ROOT, MPY_CROSS

NATIVE = ("engine/net_vp.py", "engine/deepleaf_vp.py", "engine/leaffeat_vp.py", "hw/scanfast_vp.py",
          "hw/scanfast32_vp.py")


def test_the_viper_modules_compile_for_the_pico(tmp_path):
    for rel in NATIVE:
        out = tmp_path / (os.path.basename(rel)[:-3] + ".mpy")
        proc = subprocess.run([MPY_CROSS, "-march=armv6m", "-o", str(out), os.path.join(ROOT, "firmware", rel)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, (rel, proc.stderr)
        assert out.stat().st_size > 0


def test_the_trees_hold_the_viper_modules_in_their_architecture(tmp_path):
    from host_tools.cmd_flash import compile_tree, host_march, is_native
    board = compile_tree(str(tmp_path / "board"))                 # make flash's: armv6m
    host = compile_tree(str(tmp_path / "host"), march=None)       # the tests' and benches'
    for rel in NATIVE:
        assert is_native(os.path.join(ROOT, "firmware", rel))
        mpy = rel[:-3] + ".mpy"
        assert mpy in board
        # a .mpy of native code says so in its header: byte 2's high bits, the architecture
        # (MP_NATIVE_ARCH: armv6m 4, x64 2); bytecode alone leaves them 0
        head = (tmp_path / "board" / mpy).read_bytes()[:4]
        assert head[:2] == b"M\x06" and head[2] >> 2 == 4, (rel, head)
        if host_march() == "x64":
            assert mpy in host and (tmp_path / "host" / mpy).read_bytes()[2] >> 2 == 2, rel
        else:
            assert mpy not in host, rel
    # and every other module stays bytecode: no architecture in the host's tree
    others = [m for m in host if m.endswith(".mpy") and m.replace(".mpy", ".py") not in NATIVE]
    assert others and all((tmp_path / "host" / m).read_bytes()[2] >> 2 == 0 for m in others)
