"""`python -m host_tools web [--port N] [--build-only]`: Tablier in a browser, on localhost.

Builds build/web: the firmware compiled by mpy-cross exactly as `make flash` installs it
(cmd_flash.compile_tree, -march=armv6m: bytecode only, which the WebAssembly port loads),
the web rig (web/py and host_tools/boardrig: the fake `machine`, the physical board
model, the demo's players; compiled the same way), the pages (web/*.html, *.js, *.css) and MicroPython's WebAssembly
port from web/node_modules (`make web` runs `npm ci` first; nothing is fetched at run time).
Then serves it with http.server on 127.0.0.1 and prints the URL.
"""
import argparse
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys

from host_tools.cmd_flash import compile_tree, tool
from host_tools.paths import python_env

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
MP_PACKAGE = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
MP_FILES = ("micropython.mjs", "micropython.wasm")
CAL_FILE = "calibration.bin"
PAGE_EXT = (".html", ".js", ".mjs", ".css", ".svg")
# the rig's Python beside the firmware: (source, path under host/)
HOST = os.path.join(ROOT, "host_tools")
RIG_SOURCES = (
    (os.path.join(HOST, "fakes", "machine.py"), "machine.py"),
    (os.path.join(HOST, "fakes", "fake_io.py"), "fake_io.py"),
    (os.path.join(HOST, "fakes", "fake_adc.py"), "fake_adc.py"),
    (os.path.join(HOST, "fakes", "fake_ssd1306.py"), "fake_ssd1306.py"),
    (os.path.join(HOST, "fakes", "neopixel.py"), "neopixel.py"),
    (os.path.join(HOST, "physboard.py"), "physboard.py"),
    (os.path.join(HOST, "simui", "__init__.py"), "simui/__init__.py"),
    (os.path.join(HOST, "simui", "hands.py"), "simui/hands.py"),
    (os.path.join(HOST, "simui", "bot.py"), "simui/bot.py"),
    (os.path.join(HOST, "boardrig", "__init__.py"), "boardrig/__init__.py"),
    (os.path.join(HOST, "boardrig", "whole.py"), "boardrig/whole.py"),
    (os.path.join(WEB, "py", "webrig.py"), "webrig.py"),
    (os.path.join(WEB, "py", "webdemo.py"), "webdemo.py"),
    # the companion page's online play (issue 29): the relay's state as the command's
    (os.path.join(HOST, "online_bridge.py"), "online_bridge.py"),
    (os.path.join(HOST, "bgmap.py"), "bgmap.py"),
)


def mpy_cross(src, dest, march="armv6m"):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    cmd = [tool("mpy-cross"), "-march=" + march, "-o", dest, src]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("mpy-cross failed on %s:\n%s" % (src, proc.stderr))


def save_calibration(path, seed=1):
    """The maker's calibration of the page's board (physical model `seed`), run once here
    by host_tools/boardrig/whole.py under CPython on the fakes: the page loads it instead of
    spending 1.6 s of its start on the routine. A subprocess: the fakes' `machine` stays out
    of this process."""
    code = ("import host_tools, boardrig.whole; cal = boardrig.whole.save_calibration(%r, %d); "
            "assert cal.stack_ok" % (path, seed))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=os.path.dirname(path), env=python_env())
    if proc.returncode != 0:
        raise SystemExit("web: calibrating the page's board failed:\n" + proc.stderr)


def build(out=OUT):
    """Lay out the static site in `out`; returns the manifest (the files the worker loads)."""
    if not os.path.isdir(MP_PACKAGE):
        raise SystemExit("web: %s is missing: run `make web` (it runs npm ci in web/)"
                         % os.path.relpath(MP_PACKAGE, ROOT))
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    fw = ["fw/" + f for f in compile_tree(os.path.join(out, "fw"))]
    host = []
    for src, rel in RIG_SOURCES:
        dest = "host/" + rel[:-3] + ".mpy"
        mpy_cross(src, os.path.join(out, dest))
        host.append(dest)
    os.makedirs(os.path.join(out, "mp"))
    for f in MP_FILES:
        shutil.copy(os.path.join(MP_PACKAGE, f), os.path.join(out, "mp", f))
    for f in sorted(os.listdir(WEB)):
        if f.endswith(PAGE_EXT):
            shutil.copy(os.path.join(WEB, f), os.path.join(out, f))
    with open(os.path.join(MP_PACKAGE, "package.json")) as fh:
        mp_version = json.load(fh)["version"]
    save_calibration(os.path.join(out, CAL_FILE))
    manifest = {"files": sorted(fw) + host, "micropython": mp_version, "calibration": CAL_FILE}
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    return manifest


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".mpy": "application/octet-stream"})

    def log_message(self, fmt, *args):
        pass                               # quiet: the URL is what the user needs

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")   # a rebuilt site is seen at once
        super().end_headers()

    def list_directory(self, path):
        """No listing of the site's folders (issue 26: `GET /sub/` listed them): 404."""
        self.send_error(404, "Not found")
        return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server(port=0, root=OUT):
    """An HTTPServer on 127.0.0.1:port (0: a free one) serving `root`."""
    def handler(*a, **kw):
        return Handler(*a, directory=root, **kw)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port or free_port()), handler)


def port_number(text):
    """A TCP port 0..65535 (0: a free one), for argparse: a clear error, not a traceback."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("not a port number: %r (0 to 65535)" % text)
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError("port %d is out of range (0 to 65535)" % n)
    return n


def main(argv):
    ap = argparse.ArgumentParser(prog="host_tools web", description=__doc__.split("\n")[0])
    # $PORT through the same check as --port (issue 26: PORT=abc gave a traceback)
    ap.add_argument("--port", type=port_number, default=os.environ.get("PORT") or "0",
                    help="port on 127.0.0.1 (default: $PORT, else a free one)")
    ap.add_argument("--build-only", action="store_true", help="build build/web, do not serve")
    args = ap.parse_args(argv)
    manifest = build()
    print("built %s: %d Python files, MicroPython WebAssembly %s"
          % (os.path.relpath(OUT, ROOT), len(manifest["files"]), manifest["micropython"]))
    if args.build_only:
        return 0
    httpd = server(args.port)
    host, port = httpd.server_address[:2]
    print("Tablier in a browser: http://%s:%d/   (companion for a real board: "
          "http://%s:%d/companion.html; Ctrl-C stops)" % (host, port, host, port))
    sys.stdout.flush()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
