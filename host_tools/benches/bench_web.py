"""The board in a browser (docs/web.md): how soon the page is usable, and the engine in a
seat there. `python -m host_tools bench web` (needs node, web/node_modules, Chromium).

(a) the page, in Debian's headless Chromium (web/tests/drive.mjs, scenario "seat"): from
navigation to the first picture and to the board ready for its first move; then the board
seated for the opening's winner (normal, then strong): how long it thinks and the longest
timer turn of the worker meanwhile, from the seat's choice to the play shown (the page is
frozen that long; turns under 100 ms are not reported by the worker).
(b) the engine on the page's own interpreter (the WebAssembly port, in node: pure Python,
the port has no viper) against the same think under the MicroPython unix port with its
pure-Python evaluator (viper=False), in the same run: per think, its time, evaluations,
and in pieces of webrig.THINK_PIECE results (app.think_piece) the number of pieces and the
longest one."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARDEST = "AAAAKCWllFIAAA"     # 2,226 distinct plays of 1-1 (bench_core)

THINKS = r"""
import sys, time
sys.path[:0] = [FW]
from engine.player import Engine
from bg.position import Position
from bg.ids import position_from_id
e = Engine(FW + "/engine/weights.bin", False)
start = Position.start()
hard = position_from_id(HARDEST)
CASES = (("start", start, 3, 1), ("start", start, 6, 5), ("start", start, 2, 2),
         ("hardest", hard, 1, 1))
for level in ("easy", "normal", "strong"):
    for name, pos, d1, d2 in CASES:
        if level == "strong" and name == "hardest":
            continue
        for piece in (0, PIECE):
            e.piece = piece
            c0 = e.ev.count
            t0 = last = time.ticks_ms()
            n = 0
            longest = 0
            for _ in e.think(pos.me, pos.opp, d1, d2, level):
                now = time.ticks_ms()
                longest = max(longest, time.ticks_diff(now, last))
                last = now
                n += 1
            now = time.ticks_ms()
            longest = max(longest, time.ticks_diff(now, last))
            print("think|%s|%s %d-%d|%d|%d|%d|%d|%d" % (level, name, d1, d2, piece,
                  time.ticks_diff(now, t0), e.ev.count - c0, n + 1, longest))
"""


def _rows(text):
    out = {}
    for line in text.splitlines():
        f = line.split("|")
        if f[0] == "think":
            out[(f[1], f[2], int(f[3]))] = tuple(int(x) for x in f[4:])
    return out


def _drive(url, outdir, level):
    env = dict(os.environ, SEAT_LEVEL=level, CHROMIUM=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    proc = subprocess.run(["node", os.path.join(ROOT, "web", "tests", "drive.mjs"), url, outdir, "seat"],
                          capture_output=True, text=True, timeout=300, env=env,
                          cwd=os.path.join(ROOT, "web"))
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if out.get("error"):
        raise RuntimeError(out["error"])
    return out["seat"]


def missing():
    from host_tools import cmd_web
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(chromium):
        return "Chromium is not installed (apt-get install chromium chromium-driver)"
    if not shutil.which("node"):
        return "node is not installed"
    if not os.path.isdir(cmd_web.MP_PACKAGE):
        return "web/node_modules is missing (make web-deps)"
    return None


def run():
    from host_tools import cmd_web
    from host_tools.cmd_flash import compile_tree
    why = missing()
    if why:
        return "Not run: %s.\n" % why
    tmp = tempfile.mkdtemp(prefix="bench-web-")
    try:
        site = os.path.join(tmp, "site")
        cmd_web.build(site)
        with open(os.path.join(ROOT, "web", "py", "webrig.py")) as f:
            piece = int([l for l in f if l.startswith("THINK_PIECE =")][0].split("=")[1].split("#")[0])
        # (b) the engine: the port in node, and the unix port (same run: the load is shared)
        script = os.path.join(tmp, "thinks.py")
        with open(script, "w") as f:
            f.write("FW = '/fw'\nHARDEST = %r\nPIECE = %d\n%s" % (HARDEST, piece, THINKS))
        wasm = subprocess.run(["node", os.path.join(ROOT, "web", "tests", "mprun.mjs"), site, script],
                              capture_output=True, text=True, timeout=1200)
        if wasm.returncode != 0:
            return "bench failed:\n\n```\n%s\n```\n" % (wasm.stdout + wasm.stderr)[-2000:]
        tree = os.path.join(tmp, "mpy")
        compile_tree(tree, march=None)
        uscript = os.path.join(tmp, "thinks_unix.py")
        with open(uscript, "w") as f:
            f.write("FW = %r\nHARDEST = %r\nPIECE = %d\n%s" % (tree, HARDEST, piece, THINKS))
        micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
        unix = subprocess.run([micropython, "-X", "heapsize=400K", uscript], capture_output=True,
                              text=True, timeout=1200)
        if unix.returncode != 0:
            return "bench failed:\n\n```\n%s\n```\n" % (unix.stdout + unix.stderr)[-2000:]
        w, u = _rows(wasm.stdout), _rows(unix.stdout)
        # (a) the page
        httpd = cmd_web.server(0, site)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        host, port = httpd.server_address[:2]
        url = "http://%s:%d/" % (host, port)
        shots = os.path.join(tmp, "shots")
        os.makedirs(shots)
        try:
            pages = [(_drive(url, shots, "normal"), "normal") for _ in range(3)]
            pages.append((_drive(url, shots, "strong"), "strong"))
        finally:
            httpd.shutdown()
            httpd.server_close()
    finally:
        shutil.rmtree(tmp, True)
    load = os.getloadavg()[0]
    lines = ["Measured with the load average at %.1f (this 2-core machine is shared: figures are "
             "inflated; compare within a row). Engine.piece for the page: webrig.THINK_PIECE = %d "
             "results." % (load, piece), "",
             "**(a) The page** (headless Chromium, a fresh page each run, ms from navigation):", "",
             "| run | first picture | ready for the first move | worker's start | board seated: "
             "level | thinks | longest worker turn meanwhile |",
             "|---|---|---|---|---|---|---|"]
    for k, (s, level) in enumerate(pages):
        slow = [x["ms"] for x in s["after"]["slow"][s["slowBefore"]:]]   # from the seat on
        lines.append("| %d | %d | %d | %d | %s | %d | %s |" % (
            k + 1, s["firstRenderMs"], s["readyMs"], s["bootMs"], level, s["thinkWallMs"],
            ("%d" % max(slow)) if slow else "< 100"))
    lines += ["", "**(b) One think** (ms; `evals`: positions the net evaluated, PubEval's are not "
              "counted; in pieces of %d results: the total, how many, the longest):" % piece, "",
              "| level | roll | wasm (page) | unix port, pure Python | evals | wasm / unix | "
              "wasm in pieces: total | pieces | longest piece |",
              "|---|---|---|---|---|---|---|---|---|"]
    for key in sorted(w, key=lambda k: (("easy", "normal", "strong").index(k[0]), k[1])):
        level, case, p = key
        if p:
            continue
        t, evals, _, _ = w[key]
        tu = u.get(key, (0,))[0]
        tp, _, n, longest = w[(level, case, piece)]
        lines.append("| %s | %s | %d | %d | %d | %s | %d | %d | %d |" % (
            level, case, t, tu, evals, ("%.1f" % (t / tu)) if tu else "-", tp, n, longest))
    return "\n".join(lines) + "\n"
