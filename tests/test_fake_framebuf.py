"""The pure-Python framebuf (host_tools/fakes/framebuf.py) draws exactly what MicroPython's does.

The same drawing script runs under the MicroPython unix port (its built-in framebuf) and
here under CPython (the fake); the buffers must be byte-identical.
"""
import importlib.util
import os

from tools import ROOT, run_micropython

SCENE = r'''
import framebuf
W, H = 128, 64
buf = bytearray(W * H // 8)
fb = framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB)
out = []
def snap():
    out.append(bytes(buf).hex() if hasattr(bytes, "hex") else "".join("%02x" % b for b in buf))
fb.fill(0)
fb.text("Tablier 0123456789 !?", 0, 0, 1)
fb.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", -5, 9)
fb.text("abcdefghijklmnopqrstuvwxyz{|}~", 3, 18, 1)
fb.text("caf\u00e9 \u00ab\u00bb", 100, 59, 1)
fb.text("x", 125, -3, 1)
snap()
fb.fill(0)
for (x1, y1, x2, y2) in ((0, 0, 127, 63), (127, 0, 0, 63), (5, 60, 120, 2), (64, 0, 64, 63),
                         (0, 32, 127, 32), (10, 10, 20, 50), (20, 50, 10, 10), (-20, -5, 140, 70),
                         (3, 3, 3, 3), (90, 5, 60, 8)):
    fb.line(x1, y1, x2, y2, 1)
snap()
fb.fill(1)
fb.rect(-3, -3, 20, 20, 0)
fb.rect(10, 10, 30, 15, 0, True)
fb.fill_rect(100, 50, 50, 50, 0)
fb.hline(0, 63, 200, 0)
fb.vline(127, -10, 30, 0)
fb.pixel(64, 32, 0)
fb.pixel(200, 200, 0)
out.append(str(fb.pixel(64, 32)) + str(fb.pixel(65, 32)) + str(fb.pixel(500, 1)))
snap()
fb.fill(0)
fb.text("scroll me", 10, 20, 1)
fb.rect(0, 0, 128, 64, 1)
fb.fill_rect(100, 40, 28, 24, 1)
fb.line(0, 63, 127, 0, 1)
fb.scroll(5, 3)
fb.scroll(-7, -1)
fb.scroll(200, 0)
snap()
small = bytearray(8 * 2)
sfb = framebuf.FrameBuffer(small, 16, 8, framebuf.MONO_VLSB)
sfb.fill(0)
sfb.text("ok", 0, 0, 1)
fb.fill(0)
fb.fill_rect(0, 0, 64, 64, 1)
fb.blit(sfb, 60, 28)
fb.blit(sfb, -4, -2, 0)
fb.blit(sfb, 120, 60, 1)
snap()
for line in out:
    print(line)
'''


def _fake_framebuf():
    spec = importlib.util.spec_from_file_location(
        "fake_framebuf", os.path.join(ROOT, "host_tools", "fakes", "framebuf.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_fake_framebuf_matches_micropython(tmp_path, capsys):
    script = tmp_path / "scene.py"
    script.write_text(SCENE)
    proc = run_micropython([str(script)])
    assert proc.returncode == 0, proc.stderr
    real = proc.stdout.split()
    import sys
    saved = sys.modules.get("framebuf")
    sys.modules["framebuf"] = _fake_framebuf()
    try:
        exec(compile(SCENE, "scene", "exec"), {})
    finally:
        if saved is None:
            del sys.modules["framebuf"]
        else:
            sys.modules["framebuf"] = saved
    fake = capsys.readouterr().out.split()
    assert len(real) == len(fake) == 6
    for i, (r, f) in enumerate(zip(real, fake)):
        assert r == f, "scene %d differs" % i


def test_fake_framebuf_refuses_other_formats():
    fb = _fake_framebuf()
    try:
        fb.FrameBuffer(bytearray(1024), 128, 64, fb.MONO_HLSB)
        assert False, "MONO_HLSB accepted"
    except ValueError as e:
        assert "MONO_VLSB" in str(e)
