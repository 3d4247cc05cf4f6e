"""What each firmware module keeps in the Pico's heap once imported (issue 9: "measure what
still loads on demand"; issue 25: 32-bit figures, not conversions): every module of the
firmware as `make flash` compiles it, imported alone on MicroPython's WebAssembly port (a
32-bit build: objects have the chip's sizes; bench heap32's instrument, docs/heap.md), after
the modules it imports.

Each module is measured in two steps: the unix port imports it and lists what came with it
(its imports); then a fresh WebAssembly interpreter imports those first, then the module
itself, each reading taken after bench heap32's scrub, so that the figure is the module's
own: its code (bytecode, constants), the objects its top level makes (tables, classes) and
the names it interns (MicroPython interns every name a module uses, in pools that are never
freed; the count of new names is given, and a pool allocated during the import is left out
of the figure, since which module pays for the next pool depends only on the order of
loading). The modules the board keeps over the demo match are those bench app's replay has
loaded at its end (bench heap's "mods", the same list). The viper modules (`*_vp`) do not
load on this port (no native emitter): their Thumb code is bench heap32's.
"""
import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from host_tools.benches import bench_app as B
from host_tools.benches import bench_heap32 as H
from host_tools import cmd_flash, cmd_web

LIST_HEAP = "1M"     # the unix port's run that only lists a module's imports

LIST = r"""
import sys
sys.path.insert(0, FW)
sys.path.append(FAKES)
try:
    __import__(MOD)
    ok = "ok"
except Exception as e:
    ok = "%s: %s" % (type(e).__name__, e)
print("|m|%s|" % ok + " ".join(k for k in sys.modules))
"""

MEASURE = r"""
already = MOD in sys.modules
for d in DEPS:
    try:
        __import__(d)
    except Exception:
        pass
looped = MOD in sys.modules
"""


def _deps(fw, fakes, mod):
    """(what importing mod alone says, the modules it brought) under the unix port."""
    text = "FW = %r\nFAKES = %r\nMOD = %r\n%s" % (fw, fakes, mod, LIST)
    proc = subprocess.run([B.MICROPYTHON, "-X", "heapsize=" + LIST_HEAP, "-c", text],
                          capture_output=True, text=True, timeout=120, cwd=tempfile.mkdtemp())
    for line in proc.stdout.splitlines():
        if line.startswith("|m|"):
            ok, mods = line[3:].split("|", 1)
            return ok, mods.split()
    return "did not run", []


def _qinfo(name):
    return "import micropython\nprint('|q|%s', end=' ')\nmicropython.qstr_info()" % name


def _own(site, work, mod, deps):
    """{heap, names, looped, ok} of mod on the 32-bit port, its imports loaded first."""
    steps = [("prelude", H.PRELUDE),
             ("deps", "MOD = %r\nDEPS = %r\n%s" % (mod, deps, MEASURE)),
             ("scrub", "scrub()"),
             ("before", "a = gc.mem_alloc()\n" + _qinfo("before")),
             ("import", "try:\n    __import__(MOD)\n    ok = 'ok'\nexcept Exception as e:\n"
                        "    ok = '%s: %s' % (type(e).__name__, e)"),
             ("scrub", "scrub()"),
             ("after", "R('heap', gc.mem_alloc() - a)\nR('looped', int(looped))\n"
                       "R('already', int(already))\n"
                       "print('|ok|' + ok)\n" + _qinfo("after"))]
    path = os.path.join(work, "steps-%s.json" % mod)
    with open(path, "w") as fh:
        json.dump(steps, fh)
    proc = subprocess.run(["node", H.DRIVER, site, path], capture_output=True, text=True,
                          cwd=H.ROOT, timeout=300)
    out = {"q": {}}
    for line in proc.stdout.splitlines():
        if line.startswith("HEAP32 "):
            _, k, v = line.split(" ", 2)
            out[k] = int(v)
        elif line.startswith("|ok|"):
            out["ok"] = line[4:]
        elif line.startswith("|q|"):
            name, rest = line[3:].split(" ", 1)
            f = dict(kv.split("=") for kv in rest.split(":", 1)[1].replace(",", " ").split())
            out["q"][name] = {k: int(v) for k, v in f.items()}
    return out


def _modules(fw):
    mods = []
    for d, _, files in os.walk(fw):
        for f in files:
            if f.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(d, f), fw)[:-4].replace(os.sep, ".")
                mods.append(rel[:-9] if rel.endswith(".__init__") else rel)
    return sorted(mods)


def _mpy(fw, mod):
    path = os.path.join(fw, *mod.split("."))
    for f in (path + ".mpy", os.path.join(path, "__init__.mpy")):
        if os.path.exists(f):
            return os.path.getsize(f)
    return 0


def measure(fw, fakes, site, mods):
    """{module: (own heap bytes on the 32-bit port, new interned names, .mpy bytes, note)}"""
    work = tempfile.mkdtemp(prefix="tablier-bench-modules-steps-")

    def one(mod):
        ok, brought = _deps(fw, fakes, mod)
        if ok != "ok":
            return mod, (None, 0, _mpy(fw, mod), ok)
        deps = [m for m in brought if m != mod and not mod.startswith(m + ".")
                and m not in ("micropython",)]
        own = _own(site, work, mod, deps)
        if own.get("already"):
            return mod, (None, 0, _mpy(fw, mod), "loaded by the port's board model "
                         "(host_tools/physboard.py) before any measure")
        if own.get("ok") != "ok" or "heap" not in own:
            return mod, (None, 0, _mpy(fw, mod), own.get("ok", "did not run on the 32-bit port"))
        q0, q1 = own["q"]["before"], own["q"]["after"]
        pool_step = 0
        if q1["n_pool"] > q0["n_pool"]:
            # the pool allocated for the next names, whoever loads them: not this module's
            pool_step = (q1["n_total_bytes"] - q1["n_str_data_bytes"]) - (q0["n_total_bytes"] - q0["n_str_data_bytes"])
        note = "imported by one of its imports (a loop)" if own.get("looped") else ""
        return mod, (own["heap"] - pool_step, q1["n_qstr"] - q0["n_qstr"], _mpy(fw, mod), note)
    with ThreadPoolExecutor(2) as pool:
        return dict(pool.map(one, mods))


def resident_modules(fw, trace, site, every):
    """The modules the board keeps: those loaded after the real power-up on the 32-bit port
    (app/tasks.py's power_up, with the real hall scanner), and those bench app's replay of
    the demo match has loaded at its end (its board reads a stand-in for the scanner)."""
    rows, _ = B._replay(trace, fw, "364K", False)
    kept = set(rows["mods"][0].split())
    work = tempfile.mkdtemp(prefix="tablier-bench-modules-up-")
    path = os.path.join(work, "steps.json")
    with open(path, "w") as fh:
        json.dump([("prelude", H.PRELUDE),
                   ("power_up", "from app import tasks\nA = tasks.power_up()[0]\n"
                                "print('|up|' + ' '.join(sys.modules))")], fh)
    proc = subprocess.run(["node", H.DRIVER, site, path], capture_output=True, text=True,
                          cwd=H.ROOT, timeout=300)
    up = [line[4:].split() for line in proc.stdout.splitlines() if line.startswith("|up|")]
    if not up:
        raise SystemExit("bench modules: the power-up on the 32-bit port failed:\n" + proc.stdout[-1000:] + proc.stderr[-1000:])
    kept |= set(up[0])
    return sorted(m for m in kept if m in every)


def run():
    work = tempfile.mkdtemp(prefix="tablier-bench-modules-")
    fw = os.path.join(work, "fw")
    cmd_flash.compile_tree(fw, march=None)
    site = os.path.join(work, "site")
    cmd_web.build(site)                 # the same tree for the 32-bit port, its fakes beside
    fakes = B._compile_fakes(os.path.join(work, "fakes"))
    # the fake machine module (source) beside the compiled neopixel: the drivers import it
    for f in ("machine.py", "framebuf.py", "fake_adc.py", "fake_io.py"):
        src = os.path.join(B.ROOT, "host_tools", "fakes", f)
        if os.path.exists(src):
            subprocess.run([B.MPY_CROSS, "-o", os.path.join(fakes, f[:-3] + ".mpy"), src],
                           check=True, capture_output=True)
    trace = os.path.join(work, "trace.txt")
    B.record_trace(trace)
    every = [m for m in _modules(fw) if not m.endswith("_vp")]
    kept = resident_modules(fw, trace, site, every)
    res = measure(fw, fakes, site, every)
    kb = 1024.0

    def line(mod):
        heap, names, mpy, note = res[mod]
        if heap is None:
            return "| %s | %.1f | | | not measured here: %s |" % (mod, mpy / kb, note[:80])
        return "| %s | %.1f | %.1f | %d | %s |" % (mod, mpy / kb, heap / kb, names, note)
    kept_rows = sorted((m for m in kept if m in res), key=lambda m: -(res[m][0] or 0))
    rare = sorted((m for m in every if m not in kept and m in res), key=lambda m: -(res[m][0] or 0))
    tot_heap = sum(res[m][0] or 0 for m in kept_rows)
    tot_mpy = sum(res[m][2] for m in kept_rows)
    head = ["| module | .mpy KB | own heap, 32-bit KB | new names | |",
            "|---|---:|---:|---:|---|"]
    out = ["Each firmware module's own heap once imported (`python -m host_tools bench modules`), "
           "measured on the 32-bit MicroPython WebAssembly port (bench heap32's instrument: objects "
           "have the Pico's sizes; no conversion): each module imported alone in a fresh "
           "interpreter after the modules it imports, gc.mem_alloc() after a collection and a "
           "scrub before and after: its code, its constants, the objects its top level makes and "
           "the names it interns (counted in the heap figure; a new pool of names allocated during "
           "the import is left out: which module pays for it depends on the order of loading). "
           "Objects made at run time (the Table, the App, the drivers' buffers) are not here: "
           "bench heap32 counts the whole board. The viper modules (`*_vp`) do not load on this "
           "port: their Thumb code is in bench heap32.",
           "",
           "Kept by the board: loaded after the real power-up on the 32-bit port, or at the end of "
           "bench app's replay of the demo match, "
           "largest first: %.1f KB on the 32-bit port (.mpy files %.1f KB)." % (tot_heap / kb, tot_mpy / kb),
           ""] + head + [line(m) for m in kept_rows] + [
           "",
           "Loaded on demand (a package's rare parts through base/rare.py, the menu, the board's "
           "seat, the hint, power-up, the self-test) or not at all in the demo match: what each "
           "would weigh while loaded.",
           ""] + head + [line(m) for m in rare]
    return "\n".join(out)


if __name__ == "__main__":
    print(run())
