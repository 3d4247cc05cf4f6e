"""The whole board's heap over the demo match on the 64-bit unix port, this tree against a
base commit (issue 9: "heap no worse"): peak live heap and the largest free block, measured
by bench_app's replay (the App, the Table and the real drivers on null wires, firmware as
.mpy), and the board in a seat (its engine made, the widest 1-1 thought in that heap).

These figures compare two trees on one port; they are not the Pico's and are not converted
to it (issue 25: a rule that halved the 64-bit objects was wrong by more than the targets'
margin on the emulated RP2040). The Pico's live heap is bench heap32's, on a 32-bit
MicroPython. The replay runs with a heap of 364 KB (the Pico's 245,888 bytes x 1.48, the
64-bit port's weight of the same modules) so that it is about as full as the Pico's. The
largest free block is found by bisection (the largest bytearray that can be allocated) after
a collection at every event.
"""
import os
import subprocess
import tempfile

from host_tools.benches import bench_app as B
from host_tools import cmd_flash

# a tree to compare with (a git revision whose packages today's replay can drive), if any
BASE = os.environ.get("TABLIER_HEAP_BASE")
HEAP = "364K"


def _fw_of(rev, work, flags=None):
    """The firmware of git revision `rev` (None: this tree), compiled for the host (flags:
    cmd_flash.compile_tree's, None for the firmware's build)."""
    fw = os.path.join(work, "fw-" + (rev or "tree") + ("" if flags is None else "-lines" if not flags else "".join(flags)))
    if rev is None:
        cmd_flash.compile_tree(fw, march=None, flags=flags)
        return fw
    src = os.path.join(work, "src-" + rev)
    os.makedirs(src)
    arch = subprocess.run(["git", "-C", B.ROOT, "archive", rev, "firmware"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", src], input=arch.stdout, check=True)
    saved = cmd_flash.FIRMWARE
    cmd_flash.FIRMWARE = os.path.join(src, "firmware")
    try:
        cmd_flash.compile_tree(fw, march=None)
    finally:
        cmd_flash.FIRMWARE = saved
    return fw


def measure(rev=None, trace=None, work=None, flags=None):
    work = work or tempfile.mkdtemp(prefix="tablier-bench-heap-")
    if trace is None:
        trace = os.path.join(work, "trace.txt")
        B.record_trace(trace)
    fw = _fw_of(rev, work, flags)
    script = B.SCRIPT
    B.SCRIPT = "PROBE = True\n" + script
    try:
        rows, _ = B._replay(trace, fw, HEAP, False)
    finally:
        B.SCRIPT = script
    base = int(rows["base"][0])
    mpy = B._mpy_size(fw, rows["mods"])
    live = int(rows["peak_live"][0]) - base
    boot = int(rows["boot"][0]) - base
    free_boot, free_min = (int(x) for x in rows["free_block"])
    return {"boot": boot, "live": live, "mpy": mpy,
            "free_boot": free_boot, "free_min": free_min, "score": rows["score"]}


HARDEST = "AAAAKCWllFIAAA"     # the widest 1-1: 2,226 distinct plays (bench_core)


def _machine_fakes(dest):
    """host_tools/fakes' machine (Pin, ADC, mem32) compiled beside neopixel, for the real
    scanner, and host_tools/physboard.py, the wooden board's model its ADC reads (an empty,
    healthy board: wires that read mid-scale on every channel, the self-test's ground
    channels too, made the scanner keep 13 mux faults, 1 KB of the Pico's estimate);
    imported before the replay's base heap, so not counted."""
    for f in ("fakes/machine.py", "fakes/fake_adc.py", "fakes/fake_io.py", "fakes/fake_ssd1306.py",
              "physboard.py"):
        subprocess.run([B.MPY_CROSS, "-o", os.path.join(dest, os.path.basename(f)[:-3] + ".mpy"),
                        os.path.join(B.ROOT, "host_tools", f)], check=True, capture_output=True)


def thumb_bytes(work):
    """The native code the Pico keeps in its heap: the unix port puts what its emitter makes
    outside the collected heap (mmap'd executable memory), the rp2 port inside it. The viper
    functions the board compiles from text (the engine's, engine/net_vp.py; the scanner's
    walk, hw/scanfast.py) by mpy-cross -march=armv6m, as the Pico's own emitter makes them:
    (engine, scanner) .mpy bytes."""
    out = []
    for name, text in (("engine", cmd_flash.viper_text("engine/net_vp.py")),
                       ("scanfast", cmd_flash.viper_text("hw/scanfast_vp.py"))):
        out.append(B.native_bytes(text, os.path.join(work, "thumb-" + name + ".py"), "armv6m"))
    return tuple(out)


def leaf_thumbs(work, fw):
    """The Thumb (.mpy by mpy-cross -march=armv6m) of the leaf net's two viper modules:
    (engine/deepleaf_vp.py's, held from the leaf net's making; engine/leaffeat_vp.py's, held
    from the strong level's first think: engine/deepleaf.py's fast_inputs). (0, 0) without
    the leaf net's file."""
    if not os.path.exists(os.path.join(fw, "engine", "leafnet.bin")):
        return 0, 0
    return tuple(B.native_bytes(cmd_flash.viper_text("engine/%s.py" % m), os.path.join(work, "thumb-%s.py" % m), "armv6m")
                 for m in ("deepleaf_vp", "leaffeat_vp"))


def leaf_extra(work, fw):
    """What a strong think with the leaf net (engine/leafnet.bin in the tree, shipped since
    session 11) holds on the Pico and not on this port: its viper code's Thumb (compiled from
    engine/deepleaf_vp.py's and engine/leaffeat_vp.py's texts) and littlefs's cache of its open file (the rp2 port's
    VfsLfs2 with progsize 256: 4 x 256 bytes a file). 0 without the file."""
    if not os.path.exists(os.path.join(fw, "engine", "leafnet.bin")):
        return 0
    text = cmd_flash.viper_text("engine/deepleaf_vp.py") + cmd_flash.viper_text("engine/leaffeat_vp.py")
    return B.native_bytes(text, os.path.join(work, "thumb-deepleaf.py"), "armv6m") + 1024


OPENING = "4HPwATDgc/ABMA"    # the starting position: its 1-1 has contact and four strong candidates


def with_engine(trace, work, level="normal", pid=None):
    """The board after power-up with the real scanner and its engine made (a seat the
    board's), then the engine thinking the widest 1-1 at `level` in that heap: live heaps
    and the largest free block, 64-bit."""
    from bg.ids import position_from_id
    pos = position_from_id(pid or HARDEST)
    think = (bytes(pos.me).hex(), bytes(pos.opp).hex())
    fw = os.path.join(work, "fw-tree")
    if not os.path.isdir(fw):
        fw = _fw_of(None, work)
    fakes = B._compile_fakes(os.path.join(os.path.dirname(fw), "fakes"))
    _machine_fakes(fakes)
    tmp = tempfile.mkdtemp(prefix="tablier-bench-heap-engine-") + "/"
    # the typed buffers the board holds (bytearrays and arrays: their bytes are as many on
    # the Pico as here, so the rule keeps them at their size, as it does the weights)
    typed = r"""def TYPED(app):
    import array
    e = app.engine
    weights = [id(e.ev.sig)]
    for net in (e.ev.contact, e.ev.race):
        weights += [id(net.head)] + [id(c) for c in net.chunks]
    seen = {}
    def walk(o, depth, found):
        if id(o) in seen or depth > 6:
            return
        seen[id(o)] = 1
        if isinstance(o, (bytearray, array.array)):
            if id(o) not in weights:
                found[id(o)] = o
            return
        if isinstance(o, (list, tuple)):
            for v in o:
                walk(v, depth + 1, found)
        elif isinstance(o, dict):
            for v in o.values():
                walk(v, depth + 1, found)
        elif not isinstance(o, (type, type(sys))) and hasattr(o, '__dict__'):
            for v in o.__dict__.values():
                walk(v, depth + 1, found)
    def own(found):
        # a view made by uctypes.bytearray_at over another buffer (the leaf net's over the
        # walker's set) holds no memory of its own: counted once, as the buffer it is in
        import uctypes
        at = set((uctypes.addressof(o), len(bytes(o))) for o in found.values())
        return sum(n for a, n in at if not any(b <= a and a + n <= b + m and (b, m) != (a, n) for b, m in at))
    eng = {}
    walk(e, 0, eng)
    seen.clear()
    scan = {}
    walk(app.d.scanner, 0, scan)
    seen.clear()
    every = {}
    walk(app, 0, every)
    print('typed|%d|%d|%d' % (own(eng), own(scan), own(every)))
    print('faults|%d' % len(app.d.scanner.sensed.faults))
"""
    # the board's model: empty, every sensor and channel as specified (no spread, no noise:
    # nothing for the scanner to name)
    text = ("import sys\nsys.path.append(%r)\nsys.path.insert(0, %r)\nimport machine, physboard\n"
            "physboard.PhysicalBoard(noise_lsb=0, magnet_spread=0, offset_mt=0, gain_spread=0).install()\n"
            "sys.path.pop(0)\nPROBE = True\nENGINE = True\n"
            "THINK = %r\nTHINK_LEVEL = %r\nFW = %r\nFAKES = %r\nTRACE = %r\nTMP = %r\nPAUSE_GC = False\n"
            "MEASURE_AT = 400\n%s%s%s" % (fakes, "", think, level, "", fakes, trace, tmp, typed, B.start_list(fw), B.SCRIPT))
    # run in the firmware's tree, imported from "" as the board imports from its flash's
    # root: each module's __file__ ("game/table.mpy", a name the heap keeps) as short as
    # on the board (bench_app's note before _replay)
    proc = subprocess.run([B.MICROPYTHON, "-X", "heapsize=" + HEAP, "-c", text], cwd=fw,
                          capture_output=True, text=True, timeout=900)
    rows = {}
    for line in proc.stdout.splitlines():
        f = line.split("|")
        rows[f[0]] = f[1:]
    if "engine" not in rows or "think" not in rows:
        return None, (proc.stdout + proc.stderr)[-500:]
    live = int(rows["engine"][0])
    mpy = B._mpy_size(fw, rows["enginemods"])
    weights = os.path.getsize(os.path.join(fw, "engine", "weights.bin"))
    th = rows["think"]
    out = {"live": live, "mpy": mpy, "free": int(rows["engine"][1]), "weights": weights,
           "scanner": int(rows["scanner"][0]), "thumb": thumb_bytes(work),
           "leaf_extra": leaf_extra(work, fw) if level == "strong" else 0,
           "typed": tuple(int(x) for x in rows["typed"]) if "typed" in rows else (0, 0, 0),
           "faults": int(rows["faults"][0]) if "faults" in rows else -1}
    if th[0] == "MemoryError":
        out["think_error"] = th[1]
        out["think"] = int(th[2])
    else:
        out["think"] = int(th[0])
        out["think_scans"] = int(th[2])
    return out, None


def strong_thinks(trace, work):
    """The strong level's thinks in the same heap (its candidates' buffers, made at its
    first strong think, and the opponent's replies walked for each of them): the widest 1-1
    and the starting position's 1-1, a markdown paragraph (64-bit)."""
    kb = 1024.0
    parts = []
    for pid, what in ((HARDEST, "the widest 1-1"), (OPENING, "the starting position's 1-1")):
        eng, why = with_engine(trace, work, "strong", pid)
        if not eng:
            parts.append("%s: not measured (%s)" % (what, why))
            continue
        parts.append("%s (%s): %.1f KB at the think's peak, %s" % (
            what, pid, eng["think"] / kb,
            "a MemoryError (%s)" % eng["think_error"] if "think_error" in eng else
            "no MemoryError, %d scans meanwhile" % eng["think_scans"]))
    return ("The board in a seat at the strong level, on the same port (a new engine each, so "
            "its first strong think makes the candidates' buffers): %s." % "; ".join(parts))


def run():
    work = tempfile.mkdtemp(prefix="tablier-bench-heap-")
    trace = os.path.join(work, "trace.txt")
    B.record_trace(trace)
    now = measure(None, trace, work)
    lines = measure(None, trace, work, ())       # `flash --lines`: with the line numbers
    before = None
    if BASE:
        try:
            before = measure(BASE, trace, work)
        except (subprocess.CalledProcessError, RuntimeError) as e:
            print("base %s not measured: %s" % (BASE, e))
    kb = 1024.0

    def row(label, f):
        return "| %s | %.1f | %.1f | %.0f / %.0f |" % (
            label, f["boot"] / kb, f["live"] / kb, f["free_boot"] / kb, f["free_min"] / kb)
    out = ["Heap of the whole board over the demo's 3-point match on the 64-bit unix port "
           "(`python -m host_tools bench heap`: bench_app's replay with the real drivers, "
           "`-X heapsize=%s`; final score %s-%s), to compare trees. Not the Pico's figures and "
           "not converted to them: the chip's live heap is bench heap32's (32-bit), and the "
           "emulated RP2040 decides (docs/heap.md). Earlier runs of this bench, with the "
           "conversions they printed then: docs/benchmarks-by-hand.md." % (
               HEAP, now["score"][0], now["score"][1]),
           "",
           "| tree | after power-up, 64-bit KB | peak live, 64-bit KB | largest free block after "
           "power-up / smallest over the match, 64-bit KB |",
           "|---|---:|---:|---:|"]
    if before:
        out.append(row("commit %s (TABLIER_HEAP_BASE)" % BASE, before))
    out.append(row("this tree", now))
    out.append(row("this tree with the line numbers (`flash --lines`, mpy-cross without -O3: "
                   "not the firmware's build)", lines))
    out += ["",
            "The firmware's build is mpy-cross -O3 (no line numbers: a fault's traceback names its "
            "file and function); with the line numbers the peak is %.1f KB more on this port. (Issue "
            "9's comparison with the tree before its restructuring, commit a1c0502, can no longer "
            "be replayed: the replay drives today's packages.)" % ((lines["live"] - now["live"]) / kb)]
    eng, why = with_engine(trace, work)
    if eng:
        thought = ("a MemoryError (%s)" % eng["think_error"] if "think_error" in eng else
                   "no MemoryError, %d scans meanwhile" % eng["think_scans"])
        out += ["",
                "The board in a seat on the same port: the replay's board after power-up with the "
                "real hall scanner (its ADC reading host_tools/physboard.py's model of an empty, "
                "healthy board: %d faults named), then a seat's engine made (app/seat.py), then "
                "the widest 1-1 (%s, 2,226 plays) thought as the seat asks it, the live heap taken "
                "after a collection at each of its ticks: %s. Live: %.1f KB with the engine made, "
                "%.1f KB at the think's peak; the .mpy code of the modules then loaded %.1f KB, the "
                "weights %.1f KB; largest free block with the engine made %.0f KB. This port maps "
                "its native code outside the collected heap (the chip holds the viper functions' "
                "Thumb in it: %.1f KB, bench heap32)." % (
                    eng["faults"], HARDEST, thought, eng["live"] / kb, eng["think"] / kb,
                    eng["mpy"] / kb, eng["weights"] / kb, eng["free"] / kb, sum(eng["thumb"]) / kb)]
        out += ["", strong_thinks(trace, work)]
    else:
        out += ["", "With the board in a seat: not measured (%s)." % why]
    return "\n".join(out)


def quick(leaf=None):
    """The board in a seat's figures alone (no demo match, no base tree; about a minute):
    with the engine made and at the normal think's peak (the widest 1-1), at the strong
    think's (the widest and the starting position's 1-1) without the leaf net's file, then
    the strong ones again with it (`leaf`, else the shipped engine/leafnet.bin), each in its
    own compiled copy of the tree: one line each, 64-bit KB."""
    import shutil
    kb = 1024.0
    leaf = leaf or os.path.join(B.ROOT, "firmware", "engine", "leafnet.bin")
    root = tempfile.mkdtemp(prefix="tablier-bench-heap-quick-")
    trace = os.path.join(root, "trace.txt")
    B.record_trace(trace)
    for with_leaf in (False, True):
        work = os.path.join(root, "leaf" if with_leaf else "none")
        os.makedirs(work)
        fw = _fw_of(None, work)
        dest = os.path.join(fw, "engine", "leafnet.bin")
        if os.path.exists(dest):
            os.remove(dest)
        if with_leaf:
            shutil.copy(leaf, dest)
        runs = [("strong", HARDEST), ("strong", OPENING)]
        if not with_leaf:
            runs.insert(0, ("normal", HARDEST))
        for level, pid in runs:
            eng, why = with_engine(trace, work, level, pid)
            if not eng:
                print("%s %s %s: not measured (%s)" % ("leaf" if with_leaf else "no leaf", level, pid, why))
                continue
            print("%-7s %-6s %s: %.1f KB with the engine made, %.1f at the think's peak%s" % (
                "leaf" if with_leaf else "no leaf", level, pid, eng["live"] / kb, eng["think"] / kb,
                " (a MemoryError)" if "think_error" in eng else ""), flush=True)


if __name__ == "__main__":
    import sys
    if sys.argv[1:2] == ["quick"]:      # python -m host_tools.benches.bench_heap quick [LEAFFILE]
        quick(sys.argv[2] if len(sys.argv) > 2 else None)
    else:
        print(run())
