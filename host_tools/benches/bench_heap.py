"""The whole board's heap over the demo match, this tree against a base commit (issue 9:
"heap no worse"): peak live heap and the largest free block, measured by bench_app's replay
(the App, the Table and the real drivers on null wires, firmware as .mpy) under the
MicroPython unix port.

The Pico's heap is 245,888 bytes and the board's modules weigh 1.48 times more on this
64-bit port (111.5 KB against 75.3 KB, issue 9): the replay runs with a heap of 245,888 x
1.48 = 364 KB, so that the heap is as full as the Pico's. The largest free block is found by
bisection (the largest bytearray that can be allocated) after a collection at every event;
the Pico estimate divides it by 1.48. Peak live: bench_app's rule, Pico = mpy + (64-bit -
mpy) / 2. The unix port's allocator fragments less than the Pico's (the emulated RP2040
showed 11 KB largest free after power-up): these figures compare two trees, they do not
predict the Pico's block.
"""
import os
import subprocess
import tempfile

from host_tools.benches import bench_app as B
from host_tools import cmd_flash

BASE = os.environ.get("TABLIER_HEAP_BASE", "a1c0502")   # the tree before issue 9's restructuring
HEAP = "364K"
RATIO = 1.48


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
    return {"boot": boot, "live": live, "mpy": mpy, "pico_live": mpy + (live - mpy) / 2.0,
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
    and the largest free block, 64-bit, and the Pico estimate by the same rules."""
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


def seat_figures(eng):
    """(with the engine made, at the think's peak) by the rule below, Pico est. bytes."""
    seat, think = pico_of(eng)
    extra = eng["weights"] / 2.0 + eng["typed"][2] / 2.0 + sum(eng["thumb"])
    return seat + extra, think + extra + eng.get("leaf_extra", 0)


def strong_thinks(trace, work):
    """The strong level's thinks in the same heap (its candidates' buffers, made at its
    first strong think, and the opponent's replies walked for each of them): the widest 1-1
    and the starting position's 1-1, a markdown paragraph."""
    kb = 1024.0
    parts = []
    worst = 0
    for pid, what in ((HARDEST, "the widest 1-1"), (OPENING, "the starting position's 1-1")):
        eng, why = with_engine(trace, work, "strong", pid)
        if not eng:
            parts.append("%s: not measured (%s)" % (what, why))
            continue
        seat, think = seat_figures(eng)
        worst = max(worst, think)
        parts.append("%s (%s): %.1f KB at the think's peak, %s" % (
            what, pid, think / kb,
            "a MemoryError (%s)" % eng["think_error"] if "think_error" in eng else
            "no MemoryError, %d scans meanwhile" % eng["think_scans"]))
    return ("The board in a seat at the strong level, by the same rule (a new engine each, so "
            "its first strong think makes the candidates' buffers): %s. Issue 10's 170 KB at a "
            "strong think: %s." % ("; ".join(parts), "met" if 0 < worst <= 170 * 1024 else
                                   "not met" if worst else "not measured"))


def pico_of(f):
    """bench app's rule on a seat's figures: the .mpy code at its size, the rest halved."""
    return f["mpy"] + (f["live"] - f["mpy"]) / 2.0, f["mpy"] + (f["think"] - f["mpy"]) / 2.0


def run():
    work = tempfile.mkdtemp(prefix="tablier-bench-heap-")
    trace = os.path.join(work, "trace.txt")
    B.record_trace(trace)
    now = measure(None, trace, work)
    lines = measure(None, trace, work, ())       # `flash --lines`: with the line numbers
    try:
        before = measure(BASE, trace, work)
    except (subprocess.CalledProcessError, RuntimeError) as e:
        before = None
        print("base %s not measured: %s" % (BASE, e))
    kb = 1024.0

    def row(label, f):
        return "| %s | %.1f | %.1f | **%.0f** | %.0f / %.0f | %.0f / %.0f |" % (
            label, f["boot"] / kb, f["live"] / kb, f["pico_live"] / kb, f["free_boot"] / kb,
            f["free_min"] / kb, f["free_boot"] / RATIO / kb, f["free_min"] / RATIO / kb)
    out = ["Heap of the whole board over the demo's 3-point match (`python -m host_tools bench heap`, "
           "bench_app's replay with the real drivers, unix port `-X heapsize=%s`: the Pico's "
           "245,888-byte heap x %.2f, the 64-bit port's weight of the same modules; final score "
           "%s-%s). Pico peak live = mpy + (64-bit - mpy) / 2 (bench app's rule); Pico largest "
           "free block = unix-port block / %.2f." % (HEAP, RATIO, now["score"][0], now["score"][1], RATIO),
           "",
           "| tree | after power-up, 64-bit KB | peak live, 64-bit KB | peak live, Pico est. KB | "
           "largest free block after power-up / smallest over the match, 64-bit KB | the same, Pico est. KB |",
           "|---|---:|---:|---:|---:|---:|"]
    if before:
        out.append(row("before issue 9 (commit %s)" % BASE, before))
    out.append(row("this tree", now))
    out.append(row("this tree with the line numbers (`flash --lines`, mpy-cross without -O3: not the firmware's build)", lines))
    eng, why = with_engine(trace, work)
    if eng:
        seat, think = pico_of(eng)
        w = eng["weights"]
        # the weights are byte buffers, as large on the Pico as here: at their size; the
        # native code is in the Pico's heap, not in this port's
        thumb = sum(eng["thumb"])
        typed = eng["typed"][2]      # every typed buffer the board holds, at its size too
        seat_w, think_w = seat_figures(eng)     # (a normal think: no leaf net's extra)
        thought = ("a MemoryError (%s)" % eng["think_error"] if "think_error" in eng else
                   "no MemoryError, %d scans meanwhile" % eng["think_scans"])
        out += ["",
                "The board in a seat (issue 10's target: the whole board with the engine loaded, "
                "app, scanner, engine, weights, at most 170 KB, and no MemoryError for the widest "
                "enumeration inside the running board): the replay's board after power-up with "
                "the real hall scanner (hw/scanner.py by make_scanner, its ADC reading "
                "host_tools/physboard.py's model of an empty, healthy board: %d faults named; its "
                "calibration at the defaults, then dropped as app/start.py does: %.1f KB on this "
                "port with its buffers), then a "
                "seat's engine and weights made (app/seat.py), then the engine thinking the widest "
                "1-1 (%s, 2,226 plays) as the seat asks it, the live heap taken after a collection "
                "at each of its ticks (every 32 evaluations: %s). Live on this port: %.1f KB "
                "with the engine made, %.1f KB at the think's peak; the .mpy code of the modules "
                "then loaded %.1f KB, the weights %.1f KB; largest free block with the engine made "
                "%.0f KB (Pico est. %.0f KB). **Pico estimate: %.0f KB with the engine made, %.0f KB "
                "at the think's peak** (rule: the .mpy code, the weights and every other typed "
                "buffer the board holds (bytearrays and arrays, found from the App's objects: "
                "%.1f KB, the engine's %.1f and the scanner's %.1f of them), as many bytes on both "
                "ports, at their size, the rest halved, and the native code of the viper functions "
                "the board compiles, which the Pico's heap holds and this port's does not (it "
                "maps its native code outside the collected heap): their Thumb by mpy-cross "
                "-march=armv6m, the engine's %.1f KB and the scanner's walk %.1f KB; halving the "
                "weights and the typed buffers too gives %.0f / %.0f KB; without the native "
                "code, %.0f / %.0f KB). Issue 10's 170 KB: %s. "
                "Won for it (this figure at the think's peak, each step measured by this bench "
                "before and after it; commit 04eb5a2 before them: 183 / 186 KB, 177 / 179 without "
                "the native code): the viper functions' source text moved to engine/net_vp.py, "
                "compiled at engine.net's import and forgotten (-6.7 KB: as net.mpy's string "
                "constants it stayed in the heap as long as net.py did); their Thumb code 6.2 -> "
                "4.3 KB (the outputs' sigmoids, a point's four inputs and a whole position's "
                "inputs as loops, active_vp folded into delta_vp: -2.1 KB); the walker's set of "
                "distinct results for non-doubles only (a double never reaches a result twice: "
                "5.5 -> 1.2 KB of buffers, -2.2 KB by this rule, which halves them); the cube's "
                "answers and the web page's think in pieces out of app/seat.py (app/seatcube.py "
                "loaded for a cube question, app/seatpieces.py never on the board: -0.9 KB); the "
                "race net at 16 hidden units instead of 32 (retrained, the contact net byte for "
                "byte the same, normal strength unchanged within the noise: docs/engine.md; "
                "-3.7 KB); then, by this rule with the typed buffers at their size (176 KB at the "
                "think's peak when it was first applied; 171 the rule before): the empty board "
                "read as a healthy one (the mid-scale wires made 13 mux faults: -1.0 KB), "
                "hw/calibration.py forgotten after power-up, the scanner keeping the "
                "calibration's gain and baseline arrays (sc.gain, sc.cal_base) and its own R_ONE "
                "(-1.6 KB), engine/net.py's pure-Python path in engine/net_py.py's PyPath and "
                "back_vp, copy_out_vp gone (-0.8 KB), the walker's set in 128 slots (-0.6 KB), "
                "the evaluator's scratch for 64 changed inputs (-0.2 KB), bg/walk.py's _probe "
                "and _visit_all wrappers gone (one frame less at the think's deepest point: "
                "-0.2 KB); then (170.2 KB at the think's peak in the run before them, 170.6 in "
                "the one published) the strong level's candidate buffers made at its first "
                "strong think and the 21 rolls no table of tuples in engine/player.py (-0.6 KB), "
                "the OLED's pages to send kept as a bit per page drawn on instead of a 1 KB copy "
                "of what the display holds with a view per page (hw/oled.py: -1.3 KB), and "
                "bg/walk.py's walk a loop over the depth instead of a recursion (a 1-1's 4 "
                "frames of 24 locals on the heap at the think's deepest point: -0.4 KB); then (168.3 KB at "
                "the normal think's peak and 168.7 at the starting position's strong 1-1 in the "
                "quick rig's run before them, one heap each) the code neither a think nor a turn "
                "runs out of the resident modules, loaded for its call (base/rare.py): the "
                "drivers' construction (then hw/made.py, loaded with app/build.py at power-up; "
                "back in each driver's class since issue 27) and the "
                "OLED's initialisation (hw/oled_init.py), the engine given up or its seats handed "
                "back for want of heap (app/unseat.py), the engine's walk in pieces (the web "
                "page's: engine/pieces.py), a hardware fault's serial words (with its screen, "
                "game/screens_between.py), a reading's repr (base/reading_repr.py), the engine's "
                "making in Evaluator.__init__ and at engine/net.py's top level (.mpy held 82.1 -> "
                "79.8 KB: -3.3 KB at the normal think's peak, -3.2 at the strong ones). "
                "What would win more: the firmware frozen into the image "
                "(firmware/manifest.py: bytecode and constants from flash, none of the .mpy code "
                "above in the heap), or the weights frozen as a bytes constant (-21 KB; both "
                "need a custom firmware), or one net for both phases (-3.4 KB now, retrained on "
                "both; the contact net scores races at 0.129 equity error); within this firmware "
                "(not measured): fewer frames over 11 words between the seat's "
                "call and the evaluation (with the think's, %.1f KB between the engine made and "
                "the think's peak)." % (
                    eng["faults"], eng["scanner"] / kb, HARDEST, thought, eng["live"] / kb, eng["think"] / kb,
                    eng["mpy"] / kb, w / kb, eng["free"] / kb, eng["free"] / RATIO / kb,
                    seat_w / kb, think_w / kb, typed / kb, eng["typed"][0] / kb, eng["typed"][1] / kb,
                    eng["thumb"][0] / kb, eng["thumb"][1] / kb,
                    (seat + thumb) / kb, (think + thumb) / kb, (seat_w - thumb) / kb,
                    (think_w - thumb) / kb,
                    ("met: %.1f KB with the engine made, %.1f at the think's peak" % (seat_w / kb, think_w / kb)
                     if think_w <= 170 * 1024 else
                     "met with the engine made (%.1f KB), not at the think's peak: %.1f KB, over by %.1f"
                     % (seat_w / kb, think_w / kb, (think_w - 170 * 1024) / kb)
                     if seat_w <= 170 * 1024 else
                     "not met: %.1f KB with the engine made, %.1f at the think's peak" % (seat_w / kb, think_w / kb))
                    + " (run to run these move by about 0.5 KB)", (think_w - seat_w) / kb)]
        out += ["", strong_thinks(trace, work)]
    else:
        out += ["", "With the board in a seat: not measured (%s)." % why]
    out += ["",
            "Peak live: the board keeps the modules a turn needs (bench modules: each module's "
            "own heap, game/table.py 14 KB of the Pico's estimate, bg/judge.py 9, app/loop.py 8) "
            "and the names they intern; what a match does a few times at most is loaded for the "
            "call and forgotten (base/rare.py): the cube's and resignations' flows, a new "
            "match, the snapshots with the match's saved bytes (bg/matchsave.py), the notation, "
            "the IDs, the screens of the opening, a double, a resignation, a game's end and a "
            "hardware fault (game/screens_between.py), the texts of those moments "
            "(game/i18n_rare.py), the menu and its texts, the seat's engine, the hint, the dice "
            "menu and pad, the serial commands, the LED map, the opening roll's rules, each "
            "record line's sealing (record/record_writer.py), the clock's saved bytes; board_config is "
            "not kept after power-up (app/start.py's AFTER_POWER_UP: the scanner keeps its "
            "tables, hw/scanner.py's ScanTables). **Issue 9's target, peak live no worse: %s.** "
            "Where the 6 KB had gone (bench modules' measure run on both trees, each module's "
            "own heap, Pico est., before this was won back: the resident modules together "
            "+6.0 KB): game/table.py +5.1 KB (the Table readable in one file, issue 9's item 2: "
            "11.5 KB of .mpy against 7.6), the new leaves base/reading.py +2.2 (for hw/sensed.py's "
            "-2.3), bg/steps.py +1.6 (the one step rule) and game/phases.py +1.1, lazy.py +1.9 "
            "(its table of rare names; each package's table now, base/rare.py), app/loop.py +0.5, bg/cube.py +0.5; against bg/match.py "
            "-2.9 (its saved bytes now bg/matchsave.py, loaded for a save), game/moving.py -1.2, "
            "game/i18n.py -0.6, game/screens.py -0.4, bg/judge.py -0.3; then the names interned "
            "by the rare modules a match loads (+157 names, 1.9 KB of name text on this port, "
            "kept for good: micropython.qstr_info()). Won back (Pico est., this bench before and "
            "after each, one run): board_config not kept -4.4 KB, record_writer loaded for each "
            "line -1.3, lazy's table one line per module -0.65, the event lines' reader apart from "
            "base/events.py (host_tools/events_read.py now) -0.55, bg/opening.py loaded for the opening -0.5, the "
            "clock's saved bytes in game/snapshot.py -0.5, the LED map made by app/build.py at "
            "power-up -0.3, the ghost's 2 minutes in game/seatflows.py -0.3, the buzzer's tunes "
            "as bytes -0.1. Measured and not kept: the settings' spec as a text read at import "
            "(+0.4: a .mpy's constants live as long as its module) and the engine's work behind "
            "a module of its own (-0.2, but as much more in a seat). "
            "What more loading on demand costs: each rare call loads its module besides the "
            "running board, so the heap must hold both for that moment; on this port a new pool "
            "of names (14 KB, below) must also find its block then, and the MicroPython runs of "
            "the tests at 240 KB (tests/test_micropython.py) failed on it as soon as the table "
            "of rare names or the fault's words were loaded on demand too. The firmware's "
            "build is mpy-cross -O3 (host_tools/cmd_flash.py's BUILD_FLAGS, since session 11): "
            "no line numbers in any function, and a fault's traceback on the board names its "
            "file and function but not its line (faults.log); with the line numbers (row "
            "above, `flash --lines`) the peak is %.1f KB more." % (
                "not compared (the base tree could not be replayed)" if before is None else
                "met" if now["pico_live"] <= before["pico_live"] else
                "not met, by %.1f KB of the Pico's estimate" % ((now["pico_live"] - before["pico_live"]) / kb),
                (lines["pico_live"] - now["pico_live"]) / kb),
            "",
            "**The largest free block, no worse: %s.** What had split it after power-up "
            "(micropython.mem_info(1)'s heap map and qstr_info() at each step of this replay's "
            "power-up): the rare modules power-up loads for a call and forgets (game.ending "
            "twice for the new match, record_writer for the first record lines and the "
            "header codes, game.seatflows, game.screens_between, app.build's LED map: "
            "base/rare.py) were each loaded before the previous one's dead code was "
            "collected, so each landed higher, and the objects power-up keeps that were made "
            "meanwhile (the Table's and the App's, and the 7th pool of interned names, 15.6 KB "
            "on this port, never freed, opened while game.ending loads its names) were left "
            "above those holes; store, loaded with app.boot, lay below the Table and the "
            "pool too. Now power-up collects before and after each rare module it loads "
            "(rare.tidy, set by app/boot.py's start_app on MicroPython: about 19 collections, "
            "each 60-90 us on this host) and forgets store before it makes a fresh Table, so "
            "each rare module reuses the block the previous one left and the kept objects "
            "pack low: what power-up frees is one region (tests/portable/test_power_up_heap.py "
            "checks that the largest free block loses no more than power-up keeps). This replay "
            "starts a fresh match; resuming a saved one keeps store loaded while the Table is "
            "rebuilt (its retries need it), so there only the collections help (not measured "
            "here)." % (
                "not compared" if before is None else
                "met after power-up and over the match" if now["free_boot"] >= before["free_boot"]
                and now["free_min"] >= before["free_min"] else
                "after power-up %s (%.0f against %.0f KB Pico est.); over the match %s (the "
                "smallest %.0f against %.0f KB) in this run" % (
                    "met" if now["free_boot"] >= before["free_boot"] else "not met",
                    now["free_boot"] / RATIO / kb, before["free_boot"] / RATIO / kb,
                    "met" if now["free_min"] >= before["free_min"] else "not met",
                    now["free_min"] / RATIO / kb, before["free_min"] / RATIO / kb)),
            "",
            "The largest free block moves by several KB from run to run and tree to tree (the "
            "collector scans the stack conservatively, so a stale pointer can keep a forgotten "
            "module alive until the next collection): compare the peak live figures, and read "
            "the blocks as the unix port's, not the Pico's (the emulated RP2040 showed 11 KB "
            "after power-up and 4.3 KB at the end, issue 9)."]
    return "\n".join(out)


def quick(leaf=None):
    """The board in a seat's figures alone (no demo match, no base tree; about a minute):
    with the engine made and at the normal think's peak (the widest 1-1), at the strong
    think's (the widest and the starting position's 1-1) without the leaf net's file, then
    the strong ones again with it (`leaf`, else the shipped engine/leafnet.bin), each in its
    own compiled copy of the tree: one line each, Pico est. KB by seat_figures()."""
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
            seat, think = seat_figures(eng)
            print("%-7s %-6s %s: %.1f KB with the engine made, %.1f at the think's peak%s" % (
                "leaf" if with_leaf else "no leaf", level, pid, seat / kb, think / kb,
                " (a MemoryError)" if "think_error" in eng else ""), flush=True)


if __name__ == "__main__":
    import sys
    if sys.argv[1:2] == ["quick"]:      # python -m host_tools.benches.bench_heap quick [LEAFFILE]
        quick(sys.argv[2] if len(sys.argv) > 2 else None)
    else:
        print(run())
