"""What each firmware module keeps in the heap once imported (issue 9: "measure what still
loads on demand"): every module of the mpy-cross tree imported alone under the MicroPython
unix port, after the modules it imports, with gc.mem_alloc() before and after.

Each module is measured in two fresh interpreters: the first imports it and lists what came
with it (its imports), the second imports those first, then the module itself, so that the
figure is the module's own: its code (bytecode, constants), the objects its top level makes
(tables, classes) and the names it interns (MicroPython interns every name a module uses,
in pools that are never freed; the count of new names is given, and a pool allocated during
the import is left out of the figure, since which module pays for the next pool depends only
on the order of loading). The modules the board keeps over the demo match are those bench
app's replay has loaded at its end (bench heap's "mods", the same list).
"""
import os
import subprocess
import tempfile

from host_tools.benches import bench_app as B
from host_tools import cmd_flash

HEAP = "1M"          # room: no collection pressure, the figures are what stays after a collection

PROBE = r"""
import sys, gc, micropython
sys.path.insert(0, FW)
sys.path.append(FAKES)
def qinfo():
    micropython.qstr_info()
for d in DEPS:
    try:
        __import__(d)
    except Exception as e:
        pass
looped = MOD in sys.modules
gc.collect()
print("|q|before")
qinfo()
a = gc.mem_alloc()
try:
    __import__(MOD)
    ok = "ok"
except Exception as e:
    ok = "%s: %s" % (type(e).__name__, e)
gc.collect()
b = gc.mem_alloc()
qinfo()
print("|r|%d|%s|%d" % (b - a, ok, looped))
print("|m|" + " ".join(k for k in sys.modules))
"""


def _run(fw, fakes, mod, deps):
    text = "FW = %r\nFAKES = %r\nMOD = %r\nDEPS = %r\n%s" % (fw, fakes, mod, deps, PROBE)
    proc = subprocess.run([B.MICROPYTHON, "-X", "heapsize=" + HEAP, "-c", text],
                          capture_output=True, text=True, timeout=120, cwd=tempfile.mkdtemp())
    out = {"q": []}
    for line in proc.stdout.splitlines():
        if line.startswith("qstr pool:"):
            f = dict(kv.split("=") for kv in line.split(":", 1)[1].replace(",", " ").split())
            out["q"].append({k: int(v) for k, v in f.items()})
        elif line.startswith("|r|"):
            f = line.split("|")
            out["heap"], out["ok"], out["looped"] = int(f[2]), f[3], f[4] == "1"
        elif line.startswith("|m|"):
            out["mods"] = line[3:].split()
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


def measure(fw, fakes, mods):
    """{module: (own heap bytes, new interned names, .mpy bytes, note)}"""
    res = {}
    for mod in mods:
        first = _run(fw, fakes, mod, [])
        if "heap" not in first or first["ok"] != "ok":
            res[mod] = (None, 0, _mpy(fw, mod), first.get("ok", "did not run"))
            continue
        deps = [m for m in first.get("mods", []) if m != mod and not mod.startswith(m + ".")
                and m not in ("micropython",)]
        own = _run(fw, fakes, mod, deps)
        q0, q1 = own["q"][0], own["q"][1]
        pool_step = 0
        if q1["n_pool"] > q0["n_pool"]:
            # the pool allocated for the next names, whoever loads them: not this module's
            pool_step = (q1["n_total_bytes"] - q1["n_str_data_bytes"]) - (q0["n_total_bytes"] - q0["n_str_data_bytes"])
        note = "imported by one of its imports (a loop)" if own["looped"] else ""
        res[mod] = (own["heap"] - pool_step, q1["n_qstr"] - q0["n_qstr"], _mpy(fw, mod), note)
    return res


def resident_modules(fw, trace):
    rows, _ = B._replay(trace, fw, "364K", False)
    return [m for m in rows["mods"][0].split() if m not in ("asyncio", "asyncio.core")]


def run():
    work = tempfile.mkdtemp(prefix="tablier-bench-modules-")
    fw = os.path.join(work, "fw")
    cmd_flash.compile_tree(fw, march=None)
    fakes = B._compile_fakes(os.path.join(work, "fakes"))
    # the fake machine module (source) beside the compiled neopixel: the drivers import it
    for f in ("machine.py", "framebuf.py", "fake_adc.py", "fake_io.py"):
        src = os.path.join(B.ROOT, "host_tools", "fakes", f)
        if os.path.exists(src):
            subprocess.run([B.MPY_CROSS, "-o", os.path.join(fakes, f[:-3] + ".mpy"), src],
                           check=True, capture_output=True)
    trace = os.path.join(work, "trace.txt")
    B.record_trace(trace)
    kept = resident_modules(fw, trace)
    every = _modules(fw)
    res = measure(fw, fakes, every)
    kb = 1024.0

    def pico(heap, mpy):
        return mpy + (heap - mpy) / 2.0

    def line(mod):
        heap, names, mpy, note = res[mod]
        if heap is None:
            return "| %s | %.1f | | | | not importable alone here: %s |" % (mod, mpy / kb, note[:60])
        return "| %s | %.1f | %.1f | %d | %.1f | %s |" % (mod, mpy / kb, heap / kb, names,
                                                        pico(heap, mpy) / kb, note)
    kept_rows = sorted((m for m in kept if m in res), key=lambda m: -(res[m][0] or 0))
    rare = sorted((m for m in every if m not in kept and m in res), key=lambda m: -(res[m][0] or 0))
    tot_heap = sum(res[m][0] or 0 for m in kept_rows)
    tot_mpy = sum(res[m][2] for m in kept_rows)
    head = ["| module | .mpy KB | own heap, 64-bit KB | new names | Pico est. KB | |",
            "|---|---:|---:|---:|---:|---|"]
    out = ["Each firmware module's own heap once imported (`python -m host_tools bench modules`): the "
           "mpy-cross tree under the MicroPython unix port (`-X heapsize=%s`), each module imported "
           "alone in a fresh interpreter after the modules it imports, gc.mem_alloc() after a "
           "collection before and after: its code, its constants, the objects its top level makes "
           "and the names it interns (counted in the heap figure; a new pool of names allocated "
           "during the import is left out: which module pays for it depends on the order of "
           "loading). Pico estimate by bench app's rule: .mpy + (64-bit - .mpy) / 2. Objects "
           "made at run time (the Table, the App, the drivers' buffers) are not here: bench "
           "heap counts them." % HEAP,
           "",
           "Kept by the board over the demo match (bench heap's list: loaded at the replay's end), "
           "largest first: %.1f KB on this port, .mpy %.1f KB, Pico est. %.1f KB." % (
               tot_heap / kb, tot_mpy / kb, pico(tot_heap, tot_mpy) / kb),
           ""] + head + [line(m) for m in kept_rows] + [
           "",
           "Loaded on demand (base/rare.py, the menu, the board's seat, the hint, power-up, "
           "the self-test) or not at all in the demo match: what each would weigh if kept.",
           ""] + head + [line(m) for m in rare]
    return "\n".join(out)


if __name__ == "__main__":
    print(run())
