"""Where the host's Python finds the board's code: host_tools/__init__.py imports this module,
so that every host tool (and the tests, through conftest.py) has on sys.path, set here and
nowhere else on the host's side: firmware/ (the Pico's import root: the tools run the
firmware's own modules by the names the board uses), host_tools/fakes (`machine`,
`neopixel`, `framebuf` for the board built on the host), host_tools/ itself (the board's
world, imported by the flat names the web page and the MicroPython runs use too: physboard,
boardrig, simui) and web/py (the page's own Python: webrig, webdemo). A Python subprocess
started elsewhere imports host_tools after python_env() put the repository on its
PYTHONPATH.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FAKES = os.path.join(ROOT, "host_tools", "fakes")
HOST = os.path.join(ROOT, "host_tools")
WEB_PY = os.path.join(ROOT, "web", "py")

for _p in (WEB_PY, HOST, FAKES, FIRMWARE):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def python_env():
    """This process's environment with the repository first on PYTHONPATH: a Python
    subprocess started in any folder imports host_tools (and so has the paths above)."""
    old = os.environ.get("PYTHONPATH")
    return dict(os.environ, PYTHONPATH=ROOT + (os.pathsep + old if old else ""))
