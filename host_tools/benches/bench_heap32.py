"""The board's live heap and its allocations on a 32-bit MicroPython (issue 25's instrument):
MicroPython's WebAssembly port from npm, whose objects have the Pico's sizes, its GC heap
exactly the Pico's 245,888 bytes. No 64-bit figure is converted.

    python -m host_tools bench heap32        # prints the table, writes bench:heap32

The real power-up runs (app/start.py's power_up(): board_config, the real drivers over the
fake `machine`, the hall scanner reading host_tools/physboard.py's model, the calibration
file, the saved match resumed or a new one), then the board in a seat as app/seat.py makes
its engine, then the engine's thinks. Each step is its own call from JavaScript
(host_tools/benches/heap32.mjs): this port collects only between calls, so the live heap a
step reads is what the steps before it kept (../shared/pico-measured.md: within 1-1.5 % of
the emulated RP2040 at every point), and the growth of gc.mem_alloc() inside one step is
what that step allocated (bytes, at the chip's object sizes).

What this port cannot show (../shared/pico-measured.md): the heap's layout (it grows its
heap instead of collecting inside a call), a think's peak, a MemoryError. Those are made
true by construction (docs/heap.md) and decided by the emulated RP2040.

The port has no native emitter: the evaluator runs its pure-Python path (engine/net_py.py),
which holds decoded copies of the weights and its own module that the chip does not load.
Both are measured here (the copies made again and weighed, net_py's module imported alone
before the engine) and taken out of the engine's figure; the chip holds instead the viper
functions' Thumb code (counted from mpy-cross -march=armv6m by bench heap's thumb_bytes).
"""
import json
import os
import subprocess
import tempfile

from host_tools import cmd_web
from host_tools.benches import bench_heap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "heap32.mjs")
WIDEST = "AAAAKCWllFIAAA"      # the widest 1-1: 2,226 distinct plays (bench core)
START = "4HPwATDgc/ABMA"
PICO_HEAP = 245888             # the Pico's GC heap (../shared/pico-measured.md)
PICO_FREE_AT_REPL = 241584     # free at a fresh REPL on the chip: 4,304 bytes used before us
SCANS = 40

# Each step: (name, code). R(name, value) prints one figure; steps read in the next call.
# sys.path as the Pico's ('' first, the working directory /): the modules' __file__ are then
# the names the chip interns ("game/table.mpy", not "//game/table.mpy").
# scrub(): this port's collection between two calls scans its stack conservatively, and a
# stale word there kept up to 3.4 KB of garbage alive at a reading (a step that made and
# dropped 50 bytearrays read 2.4 KB more "live"; the firmware's 6ed0a49 read 3.1 KB more
# with no object more). Every step is preceded by scrub(), whose 600 small allocations
# overwrite those words: a reading after it repeats to within 50 bytes.
PRELUDE = r"""
import gc, sys, os
os.chdir('/')
sys.path[:] = ['', '/host', '.frozen', '/lib']
import fake_io, physboard
BOARD = physboard.PhysicalBoard(seed=1).install()
def R(name, value):
    print('HEAP32 %s %s' % (name, value))
def scrub():
    [bytearray(8) for _ in range(600)]
"""


def steps():
    s = [("prelude", PRELUDE),
         # the texts' flash (power-up's first text reads them in place: game/i18n.py),
         # loaded before the base is read, so that no figure counts it
         ("texts_pre", "pre = gc.mem_alloc()"),
         ("texts_flash", "import rp2\nrp2.load('/host/texts.img')\nrp2.Flash()"),
         ("read_texts", "R('texts_image', gc.mem_alloc() - pre)"),
         ("base", "base = gc.mem_alloc()"),
         ("power_up", "from app import tasks\nA = tasks.power_up()[0]\ndel tasks"),
         ("read_power_up", "R('power_up', gc.mem_alloc() - base)\nup = gc.mem_alloc()"),
         # a scan as the scan task runs it (the reading unchanged: nothing fed to the Table)
         ("scan_warm", "A.scan(0)"),
         ("scan", "a = gc.mem_alloc()\nfor i in range(%d):\n    A.d.scanner.scan()\n"
                  "R('scan_alloc', (gc.mem_alloc() - a) // %d)" % (SCANS, SCANS)),
         ("read_scans", "R('after_scans', gc.mem_alloc() - base)"),
         # the chip's flash (host_tools/fakes/rp2.py's image, where the engine reads its
         # files in place): loaded after power-up, and what it keeps in this port's heap is
         # added to `base`, so that no later figure counts it (on the chip it is flash)
         ("flash_load", "pre = gc.mem_alloc()\nimport rp2\nrp2.load('/host/flash.img')\nrp2.Flash()"),
         ("read_flash", "R('flash_image', gc.mem_alloc() - pre)\nbase += gc.mem_alloc() - pre"),
         # the pure-Python net's module alone (the chip never loads it)
         ("net_py", "pre = gc.mem_alloc()\nimport engine.net_py"),
         ("read_net_py", "R('net_py_module', gc.mem_alloc() - pre)\npre = gc.mem_alloc()"),
         # the leaf net's bytecode twins, which this port runs and the chip never loads (its
         # viper modules instead: leaf_thumb), imported alone before the engine
         # (engine/leaffeat.py, the hand-made inputs in bytecode, the chip loads too: with the
         # leaf net, until the strong level's first think puts their viper twin in)
         ("leaf_py", "import engine.deepleaf_py\npre2 = gc.mem_alloc()\nimport engine.leaffeat"),
         ("read_leaf_py", "R('leaf_py_modules', gc.mem_alloc() - pre)\n"
                          "R('leaffeat_module', gc.mem_alloc() - pre2)\npre = gc.mem_alloc()"),
         ("engine", "from app import seat\nE = seat.engine_of(A)\ndel seat"),
         ("read_engine", "R('engine', gc.mem_alloc() - pre)\nR('seat', gc.mem_alloc() - base)"),
         ("pycopies", "pre2 = gc.mem_alloc()\nfrom engine import net as N\n"
                      "from engine.net_py import PyNet\n"
                      "fmt = (N.NIN, N.NOUT, 257, 1024, N.P_ONE)\n"
                      "COPIES = [PyNet(E.ev.sig, E.ev.contact, fmt), PyNet(E.ev.sig, E.ev.race, fmt)]"),
         ("read_pycopies", "R('py_copies', gc.mem_alloc() - pre2)\ndel COPIES, fmt, PyNet, N\n"
                           "from bg.ids import position_from_id\n"
                           "W = position_from_id('%s')\nS = position_from_id('%s')" % (WIDEST, START)),
         ("judge", "from bg.judge import Judge\nfrom bg.movegen import legal_plays, apply_step\n"
                   "worst = 0\nn = 0\n"
                   "for d1, d2 in ((3, 1), (6, 5), (1, 1)):\n"
                   "    J = Judge(S, d1, d2)\n"
                   "    for p in legal_plays(S, d1, d2):\n"
                   "        mid = S.copy()\n"
                   "        for frm, to in p.moves:\n"
                   "            apply_step(mid.me, mid.opp, frm, to)\n"
                   "        a = gc.mem_alloc()\n"
                   "        J.forget_boards()\n"
                   "        J.judge(mid)\n"
                   "        a = gc.mem_alloc() - a\n"
                   "        n += 1\n"
                   "        worst = a if a > worst else worst\n"
                   "R('judge_worst_alloc', worst)\nR('judged', n)\n"
                   "del J, mid, p, Judge, legal_plays, apply_step"),
         ("seat_again", "seat_live = gc.mem_alloc()"),
         # each think as a seat's (app/seat.py): its question set, so that think_tick serves
         # the players once a slice of the think clock, not at every tick
         ("think_normal", "c0 = E.ev.count\nA.think_begins((A.table.view, A.table.want_play, A.table.turn_dice, False))\n"
                          "a = gc.mem_alloc()\n"
                          "E.choose(W.me, W.opp, 1, 1, 'normal')\n"
                          "A.think_ends()\n"
                          "R('think_normal_alloc', gc.mem_alloc() - a)\n"
                          "R('think_normal_evals', E.ev.count - c0)\n"
                          "R('leaf_at_normal', int(E.leaf is not None))"),
         ("read_normal", "R('after_normal', gc.mem_alloc() - base)\n"
                         "R('kept_normal', gc.mem_alloc() - seat_live)\nseat_live = gc.mem_alloc()"),
         # the leaf net's two objects that only its pure path makes (engine/deepleaf_make.py:
         # the sigmoid table as a list, a scratch of its own; the viper path the chip runs
         # uses the evaluator's), weighed as this port allocates them
         ("leaf_pure", "a = gc.mem_alloc()\n"
                       "x = (list(E.leaf.sig), bytearray(len(E.leaf.work))) "
                       "if E.leaf is not None and isinstance(E.leaf.sig, list) else ()\n"
                       "R('leaf_pure_objects', gc.mem_alloc() - a - (16 if x else 0))\ndel x"),
         ("think_strong", "c0 = E.ev.count\nA.think_begins((A.table.view, A.table.want_play, A.table.turn_dice, False))\n"
                          "a = gc.mem_alloc()\n"
                          "E.choose(S.me, S.opp, 1, 1, 'strong')\n"
                          "A.think_ends()\n"
                          "R('think_strong_alloc', gc.mem_alloc() - a)\n"
                          "R('think_strong_evals', E.ev.count - c0)\n"
                          "R('leaf_loaded', int(E.leaf is not None))\n"
                          "R('deep_fault', repr(E.deep_fault).replace(' ', '_'))"),
         ("read_strong", "R('after_strong', gc.mem_alloc() - base)\n"
                         "R('kept_strong', gc.mem_alloc() - seat_live)\n"
                         "R('grown', int(gc.mem_alloc() + gc.mem_free() > %d))" % PICO_HEAP),
         # French chosen: its two texts files opened (read in place: game/i18n.py)
         ("french", "from game import i18n\npre = gc.mem_alloc()\ni18n.tr(1, 'white')\ni18n.tr(1, 'm_title')\n"
                    "R('french_in_place', int(all(isinstance(d[0], memoryview) for d in i18n._open[1])))\n"
                    "del i18n"),
         ("read_french", "R('french', gc.mem_alloc() - pre)"),
         # every firmware module loaded once and forgotten, as a long session loads its rare
         # code (cube actions, game ends, menus, the review...): what stays is the names
         # MicroPython interned for them, in pools that double (qstr.c), never freed
         ("names", "pre = gc.mem_alloc()\nfor m in %r:\n"
                   "    if m in sys.modules:\n"
                   "        continue\n"
                   "    had = set(sys.modules)\n"
                   "    try:\n"
                   "        __import__(m)\n"
                   "    except Exception as e:\n"
                   "        print('HEAP32 import_failed_' + m, repr(e).replace(' ', '_'))\n"
                   "    for k in [k for k in sys.modules if k not in had]:\n"
                   "        del sys.modules[k]\n"
                   "        d = k.rfind('.')\n"
                   "        if d > 0 and k[:d] in sys.modules and k[d + 1:] in sys.modules[k[:d]].__dict__:\n"
                   "            delattr(sys.modules[k[:d]], k[d + 1:])\n"
                   "del had, m\n" % (firmware_modules(),)),
         ("read_names", "R('names_kept', gc.mem_alloc() - pre)"),
         ]
    out = s[:1]
    for step in s[1:]:
        out += [("scrub", "scrub()"), step]
    return out


def firmware_modules():
    """Every module the board can load (the firmware's .py files but main.py, boot.py and
    the freezing manifest; the viper modules too: this port refuses their native code, the
    names their import would intern are not counted), as dotted names."""
    fw = os.path.join(ROOT, "firmware")
    out = []
    for d, _, files in sorted(os.walk(fw)):
        for f in sorted(files):
            if not f.endswith(".py") or f in ("main.py", "boot.py", "manifest.py") or f.endswith("_vp.py"):
                continue
            rel = os.path.relpath(os.path.join(d, f), fw)[:-3].replace(os.sep, ".")
            out.append(rel[:-len(".__init__")] if rel.endswith(".__init__") else rel)
    return out


TEXTS = ("en.txt", "en_menu.txt", "fr.txt", "fr_menu.txt")     # game/i18n.py's FILES


def _image(site, files, name):
    """A littlefs image of the firmware's `files` (paths under the board's root), made by
    littlefs-python (the firmware's littlefs, as a C library) with the rp2 port's geometry,
    each file written in pieces as mpremote does, into the site's host/NAME."""
    import littlefs
    data = {}
    for f in files:
        with open(os.path.join(site, "fw", f), "rb") as fh:
            data[f] = fh.read()
    fs = littlefs.LittleFS(block_size=4096, prog_size=256,
                           block_count=sum(len(d) // 4096 + 1 for d in data.values()) + 8)
    for f, d in data.items():
        fs.makedirs(f[:f.rfind("/")], exist_ok=True)
        with fs.open(f, "wb") as fh:
            for i in range(0, len(d), 1024):
                fh.write(d[i:i + 1024])
    with open(os.path.join(site, "host", name), "wb") as fh:
        fh.write(fs.context.buffer)


def flash_image(site):
    """The chip's flash storage for the steps (host_tools/fakes/rp2.py): littlefs images,
    so that the firmware reads its files in place as on the chip (base/inflash.py): the
    texts (game/i18n.py), loaded before the first reading, since power-up's first text maps
    them; the engine's weights file and the leaf net's, loaded after power-up (they are
    large, and in this port's heap, not in the flash: loaded before power-up, the Pico-sized
    heap would leave power-up no lid). What each keeps in the heap is added to the base: on
    the chip it is flash, not heap."""
    import shutil
    _image(site, ["game/" + f for f in TEXTS], "texts.img")
    _image(site, ["engine/weights.bin", "engine/leafnet.bin"] + ["game/" + f for f in TEXTS], "flash.img")
    shutil.copy(os.path.join(ROOT, "host_tools", "fakes", "rp2.py"), os.path.join(site, "host", "rp2.py"))
    man = os.path.join(site, "manifest.json")
    with open(man) as fh:
        m = json.load(fh)
    m["files"] += ["host/rp2.py", "host/texts.img", "host/flash.img"]
    with open(man, "w") as fh:
        json.dump(m, fh)


UNBOUNDED_HEAP = 16 * 1024 * 1024   # the cross-check's heapsize: power-up never fills it
RUNS = 3                            # runs of the steps on each heap: each live figure the least


def _run_steps(site, work, steps_list, heapsize=None):
    path = os.path.join(work, "steps-%s.json" % (heapsize or "pico"))
    with open(path, "w") as fh:
        json.dump(steps_list, fh)
    proc = subprocess.run(["node", DRIVER, site, path] + ([str(heapsize)] if heapsize else []),
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    figures = {}
    for line in proc.stdout.splitlines():
        if line.startswith("HEAP32 "):
            _, k, v = line.split(" ", 2)
            figures[k] = int(v) if v.lstrip("-").isdigit() else v
        elif line.startswith("{\"step\""):
            raise SystemExit("bench heap32: a step failed: " + line)
    return proc, figures


def measure(work=None):
    """The figures, a dict (bytes), from one run on a freshly built site."""
    work = work or tempfile.mkdtemp(prefix="tablier-heap32-")
    site = os.path.join(work, "site")
    cmd_web.build(site)
    flash_image(site)
    proc, figures = _run_steps(site, work, steps())
    if proc.returncode != 0 or "names_kept" not in figures:
        raise SystemExit("bench heap32 failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    # the same steps again: the same firmware read up to 2.4 KB apart after a strong think
    # from one run to the next (a stale word on this port's stack keeps garbage; it can only
    # add), so each live figure is the least of RUNS runs (table)
    figures["again"] = []
    for _ in range(RUNS - 1):
        p, f = _run_steps(site, work, steps())
        if p.returncode == 0 and "names_kept" in f:
            figures["again"].append(f)
    # the cross-check: power-up alone on a heap it never fills. Inside one call this port
    # grows its heap instead of collecting, and power-up's garbage fills the Pico's 245,888
    # bytes: where the objects made after a growth land moves with every allocation before
    # it, and the live figure with it (a call of a function that does nothing at the start
    # of app/build.py's build_drivers moved it by 2.3 KB; by 0.2 KB on this heap)
    figures["unbounded"] = []
    for _ in range(RUNS):
        proc2, f2 = _run_steps(site, work, steps(), UNBOUNDED_HEAP)
        if proc2.returncode == 0 and "names_kept" in f2:
            figures["unbounded"].append(f2)
    # what the chip holds instead of the pure path: the viper functions' Thumb code
    # (bench heap reads their texts from the firmware's modules, under CPython)
    figures["thumb"] = sum(bench_heap.thumb_bytes(work))
    figures["leaf_thumb"], figures["leaffeat_thumb"] = bench_heap.leaf_thumbs(work, os.path.join(site, "fw"))
    return figures


def chip_of(f):
    """The figures as the chip holds them: the pure path's copies and module out, the
    viper code's Thumb in (the engine's at the seat; the leaf net's too from the think that
    made it: the normal level's first when its file is there, engine/player.py). The leaf
    net's hand-made inputs: engine/leaffeat.py's bytecode until the strong level's first
    think, engine/leaffeat_vp.py's Thumb from then on (engine/deepleaf.py's fast_inputs)."""
    pure = f["py_copies"] + f["net_py_module"]
    seat = f["seat"] - pure - f["leaf_py_modules"] + f["thumb"]
    at_normal = f.get("leaf_at_normal", 0)
    # the leaf net as made: deepleaf_vp's Thumb and leaffeat's bytecode in, the pure path's
    # objects out; then at a strong think the inputs' Thumb in place of their bytecode
    leaf = f["leaf_thumb"] + f["leaffeat_module"] - f.get("leaf_pure_objects", 0)
    fast = f["leaffeat_thumb"] - f["leaffeat_module"]
    normal = seat + f["kept_normal"] + (leaf if at_normal else 0)
    strong = normal + f["kept_strong"] + ((fast + (0 if at_normal else leaf)) if f["leaf_loaded"] else 0)
    return {"power_up": f["power_up"], "engine": f["engine"] - pure + f["thumb"], "seat": seat,
            "after_normal": normal, "after_strong": strong, "all_names": strong + f["names_kept"]}


def _least(runs, f):
    """Each figure of chip_of, the least over the runs (each run's Thumb is f's)."""
    out = None
    for g in runs:
        g = dict(g)
        g["thumb"], g["leaf_thumb"], g["leaffeat_thumb"] = f["thumb"], f["leaf_thumb"], f["leaffeat_thumb"]
        c = chip_of(g)
        out = c if out is None else dict((k, min(v, c[k])) for k, v in out.items())
    return out


def table(f):
    kb = 1024.0
    c = _least([f] + f.get("again", []), f)
    u = _least(f.get("unbounded", []), f) if f.get("unbounded") else None

    def live(name, label):
        cross = " %.1f |" % (u[name] / kb) if u is not None else " - |"
        return "| %s | %d | %.1f |%s" % (label, c[name], c[name] / kb, cross)
    rows = [
        "| figure | bytes | KB | KB, the cross-check: a heap of 16 MB, which this port never grows (below) |",
        "|---|---:|---:|---:|",
        live("power_up", "live after power-up (app/tasks.py's power_up, as main.py runs it)"),
        live("engine", "the engine made (app/seat.py), as the chip holds it"),
        live("seat", "the board in a seat, live"),
        live("after_normal", "the board in a seat after the widest 1-1 at normal (%s): what the think kept added%s" % (
            WIDEST, " (its best 4 candidates' buffers, the leaf net)" if f.get("leaf_at_normal") else "")),
        live("after_strong", "... then after a strong think, starting position 1-1%s" % (
            "" if f.get("leaf_at_normal") else " (its candidates' buffers, the leaf net)")),
        live("all_names", "... then every firmware module loaded once and forgotten (a long session's rare "
                          "code): the names MicroPython keeps for them, %d B more" % f["names_kept"]),
        "| a French board: what its texts add once French is chosen (%s; the French module kept 6.0 KB before session 21) | %d | %.1f | |" % (
            "read in place" if f.get("french_in_place") else "NOT in place", f.get("french", 0), f.get("french", 0) / kb),
        "| allocated by one scan, this port's bytecode path (hall scanner, unchanged reading) | %d | - | |" % f["scan_alloc"],
        "| allocated by one judgement, worst of %d (opening 3-1, 6-5, 1-1) | %d | - | |" % (f["judged"], f["judge_worst_alloc"]),
        "| allocated by the widest 1-1's think at normal, the pure-Python net (%d evaluations) | %d | %.1f | |" % (
            f["think_normal_evals"], f["think_normal_alloc"], f["think_normal_alloc"] / kb),
        "| allocated by a strong think, the pure-Python nets (%d evaluations) | %d | %.1f | |" % (
            f["think_strong_evals"], f["think_strong_alloc"], f["think_strong_alloc"] / kb),
    ]
    notes = ("This port has no native emitter: the scan and the thinks run their bytecode twins "
             "here, which allocate where the viper code the chip runs does not (under the unix port "
             "with viper, a normal think of the widest 1-1 allocates under 1 KB: bench heap). "
             "Taken out of the port's figures (the chip never holds them): the pure-Python net's "
             "decoded copies %d B and its module %d B, the leaf net's bytecode twins (engine/deepleaf_py.py, "
             "engine/leaffeat.py) %d B and the objects only its pure path makes (its sigmoid table as a list, "
             "its own scratch) %d B; put in: the viper functions' Thumb code %d B "
             "(the .mpy of their modules by mpy-cross -march=armv6m; the leaf net's %d B more once it "
             "is made, with its hand-made inputs' bytecode, engine/leaffeat.py, %d B, which the chip runs "
             "until the strong level's first think puts their viper twin in: %d B of Thumb in its place). The engine's weights are read in place from the flash, as on the chip "
             "(base/inflash.py): the steps' `rp2` (host_tools/fakes/rp2.py) maps a littlefs image holding "
             "the weights file and the leaf net's, made by littlefs-python (the firmware's littlefs, as a C library) and "
             "loaded after power-up, what it keeps in this port's heap (%d B) taken out of every figure after "
             "it (on the chip it is flash, not heap); the texts (game/i18n.py's files) are read in place the "
             "same way, from an image of their own loaded before power-up (%d B of this port's heap, "
             "taken out of every figure). "
             "The leaf net %s on this port%s. MicroPython never frees an "
             "interned name, and keeps them in pools each twice the size of the last (qstr.c): the "
             "last row is what a session that has loaded all its rare code keeps for their names "
             "alone, and a new pool is one block of several KB asked for when a name overflows the "
             "last (the chip's pools end elsewhere: this port's host fakes intern about 400 names "
             "the chip never sees). Figures move by about 2 KB when a change crosses a pool's end. "
             "Each live figure is the least of %d runs of the steps on its heap: the same firmware read "
             "up to 2.4 KB apart after a strong think from one run to the next (a stale word on this port's "
             "stack keeps garbage alive; it can only add). "
             "The last column is a cross-check: the same steps on a heap of 16 MB. Inside one call "
             "this port grows its heap instead of collecting, and power-up's garbage fills the Pico's "
             "245,888 bytes, so where the objects made after a growth land moves with every allocation "
             "before them, and the live figure by up to about 4 KB with it (a call of a function that "
             "does nothing added to power-up moved the first column by 2.3 KB, the last by 0.2 KB): a "
             "change is judged on both." % (
                 f["py_copies"], f["net_py_module"], f["leaf_py_modules"], f.get("leaf_pure_objects", 0),
                 f["thumb"], f["leaf_thumb"], f["leaffeat_module"], f["leaffeat_thumb"],
                 f.get("flash_image", 0), f.get("texts_image", 0),
                 ("loaded at the normal think" if f.get("leaf_at_normal") else "loaded at the strong think")
                 if f["leaf_loaded"] else "did not load",
                 "" if f["deep_fault"] in (None, "None") else " (%s)" % f["deep_fault"], RUNS))
    return "\n".join(rows), notes


def run():
    """The section's text (cmd_bench writes it into BENCHMARKS.md)."""
    f = measure()
    rows, notes = table(f)
    text = ("The board's live heap and allocations on the 32-bit MicroPython WebAssembly port "
            "(`python -m host_tools bench heap32`; the Pico's 245,888-byte GC heap, each step its own "
            "call from JavaScript, method in docs/heap.md). Free at a fresh REPL on the chip: "
            "241,584 B.\n\n" + rows + "\n\n" + notes)
    return text


if __name__ == "__main__":
    print(run())
