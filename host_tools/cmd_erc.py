"""python -m host_tools erc [--check]: KiCad's own electrical rules check (ERC) on
hardware/kicad/{quadrant,bar,main}.kicad_sch, each report written to hardware/fab/NAME-erc.txt.

KiCad 6 has no command-line ERC (kicad-cli came with KiCad 7) and eeschema no Python API, so
this runs Debian's KiCad 6 eeschema itself on a virtual X display (Xvfb) and drives its
Electrical Rules Checker with xdotool: open the schematic (a copy, in a temporary directory,
with a fresh KiCad settings directory), open the ERC dialog, Run ERC, Save... the report.
Every step waits for its window with a timeout and the processes are ended at the end
(apt-get install kicad xvfb xdotool). eeschema sometimes exits at once with GTK's "Unable to
initialize GTK+" on a display that xdotool reaches (cause not found): it is started again,
up to 10 times, and a board's whole run is tried up to 3 times; a board whose ERC does not
run fails the command, never passes it.

Fails on any ERC error, and on any warning not waived in WAIVED below (each waiver with
its reason, also listed in hardware/README.md). --check writes the reports to a
temporary directory and also fails when the committed reports differ.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ("quadrant", "bar", "main")
TEMPLATE = "/usr/share/kicad/template"

# the warnings accepted: (board, rule, the message, why); hardware/README.md lists them too
WAIVED = [
    ("main", "lib_symbol_issues", "The current configuration does not include the library 'tablier'.",
     "the Raspberry Pi Pico symbol (KiCad 6 ships none) is drawn by the generator and embedded "
     "in the schematic, as every symbol is; no library 'tablier' is installed"),
    ("main", "lib_symbol_issues", "Symbol '74AHCT1G125' has been modified in library '74xGxx'.",
     "the generator shows the level shifter's hidden VCC and GND pins, so that they join "
     "their nets by their labels (VBUS, GND) and not KiCad's implicit global net 'VCC'"),
]

# the ERC dialog's buttons, in its own coordinates (KiCad 6.0.11, Debian's GTK theme)
RUN_ERC = (685, 379)
SAVE = (687, 325)
# the Schematic Editor's toolbar button "Perform electrical rules check" (window at 0,0)
ERC_TOOL = (1006, 41)


ATTEMPTS = 3


class ErcFailed(Exception):
    pass


def _xdo(env, *args):
    return subprocess.run(["xdotool"] + list(args), env=env, capture_output=True, text=True,
                          timeout=20).stdout


def _wait_window(env, name, timeout, alive=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ids = _xdo(env, "search", "--name", name).split()
        if ids:
            return ids[0]
        if alive is not None and alive.poll() is not None:
            raise ErcFailed("eeschema exited (%s) before the window %r" % (alive.returncode, name))
        time.sleep(0.25)
    raise ErcFailed("no window %r after %d s" % (name, timeout))


def _kill(proc):
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def run_erc(sch, report, timeout=120):
    """Runs eeschema's ERC on the schematic sch and saves its report to report (raw text)."""
    with tempfile.TemporaryDirectory(prefix="tablier-erc-") as tmp:
        name = os.path.splitext(os.path.basename(sch))[0]
        for ext in (".kicad_sch", ".kicad_pro"):
            src = os.path.splitext(sch)[0] + ext
            if os.path.exists(src):
                shutil.copy(src, os.path.join(tmp, name + ext))
        home = os.path.join(tmp, "home")
        conf = os.path.join(home, ".config", "kicad", "6.0")
        os.makedirs(conf)
        for t in ("sym-lib-table", "fp-lib-table"):
            if os.path.exists(os.path.join(TEMPLATE, t)):
                shutil.copy(os.path.join(TEMPLATE, t), conf)
        out = os.path.join(tmp, "erc.rpt")
        xvfb = ee = None
        try:
            r, w = os.pipe()
            xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1000x24",
                                     "-nolisten", "tcp"], pass_fds=(w,), start_new_session=True,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(w)
            with os.fdopen(r) as f:
                display = f.readline().strip()
            if not display:
                raise ErcFailed("Xvfb did not start")
            env = dict(os.environ, DISPLAY=":" + display, HOME=home,
                       XDG_CONFIG_HOME=os.path.join(home, ".config"),
                       XDG_CACHE_HOME=os.path.join(home, ".cache"),
                       XDG_DATA_HOME=os.path.join(home, ".local", "share"),
                       NO_AT_BRIDGE="1", GDK_BACKEND="x11", LC_ALL="C.UTF-8", LANG="C.UTF-8")
            end = time.monotonic() + 20         # the display answers before eeschema starts
            while subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True,
                                 timeout=20).returncode:
                if time.monotonic() > end or xvfb.poll() is not None:
                    raise ErcFailed("Xvfb :%s does not answer" % display)
                time.sleep(0.25)
            time.sleep(1)
            log = open(os.path.join(tmp, "eeschema.log"), "w")
            starts = 0

            def start():
                return subprocess.Popen(["eeschema", os.path.join(tmp, name + ".kicad_sch")],
                                        env=env, cwd=tmp, start_new_session=True,
                                        stdout=log, stderr=log)
            ee = start()
            # first start with a fresh settings directory: "Start with default settings", OK
            end = time.monotonic() + timeout
            main = None
            while main is None:
                if time.monotonic() > end:
                    raise ErcFailed("eeschema did not open %s" % sch)
                if ee.poll() is not None:
                    # GTK sometimes fails to open a display that has just started: once more
                    if starts < 10:
                        starts += 1
                        print("erc: eeschema could not open the display, started again",
                              file=sys.stderr)
                        time.sleep(1)
                        ee = start()
                        continue
                    raise ErcFailed("eeschema exited (%s) on :%s" % (ee.returncode, display))
                welcome = _xdo(env, "search", "--name", "Configure KiCad Settings Path").split()
                if welcome:
                    _xdo(env, "mousemove", "--window", welcome[0], "10", "10")
                    _xdo(env, "key", "Return")
                    time.sleep(1)
                ids = _xdo(env, "search", "--name", "Schematic Editor").split()
                if ids:
                    main = ids[0]
                time.sleep(0.25)
            time.sleep(3)                       # the sheet is drawn once the window is up
            dlg = None
            for _ in range(6):                  # a click before the toolbar is ready is lost
                _xdo(env, "mousemove", str(ERC_TOOL[0]), str(ERC_TOOL[1]), "click", "1")
                try:
                    dlg = _wait_window(env, "^Electrical Rules Checker$", 5, ee)
                    break
                except ErcFailed:
                    if ee.poll() is not None:
                        raise
            if dlg is None:
                raise ErcFailed("the Electrical Rules Checker did not open")
            time.sleep(1)
            _xdo(env, "mousemove", "--window", dlg, str(RUN_ERC[0]), str(RUN_ERC[1]), "click", "1")
            time.sleep(2)
            # the dialog runs the check before it handles this click
            _xdo(env, "mousemove", "--window", dlg, str(SAVE[0]), str(SAVE[1]), "click", "1")
            fd = _wait_window(env, "^Save Report to File$", 60, ee)
            time.sleep(1)
            _xdo(env, "mousemove", "--window", fd, "500", "300")
            _xdo(env, "key", "ctrl+a")
            _xdo(env, "type", "--delay", "5", out)
            time.sleep(0.5)
            _xdo(env, "key", "Return")
            end = time.monotonic() + 30
            while not (os.path.exists(out) and "** ERC messages" in open(out).read()):
                if time.monotonic() > end:
                    raise ErcFailed("eeschema saved no ERC report for %s" % sch)
                time.sleep(0.25)
            shutil.copy(out, report)
        except ErcFailed as e:
            with open(os.path.join(tmp, "eeschema.log")) as f:
                tail = f.read()[-600:]
            raise ErcFailed("%s; eeschema's output: %s" % (e, tail.strip() or "none"))
        finally:
            _kill(ee)
            _kill(xvfb)
    with open(report) as f:
        return f.read()


def normalise(text, sch):
    """The report without its time stamp and temporary paths, so it is reproducible."""
    text = re.sub(r"^ERC report \(.*?, Encoding", "ERC report (KiCad 6 eeschema, %s, Encoding"
                  % os.path.relpath(sch, ROOT), text, count=1, flags=re.M)
    return text


def summary(text):
    """(errors, [(rule, line)] of warnings) from an ERC report."""
    errors = len(re.findall(r"; Severity: error", text))
    warnings = re.findall(r"^\[(\w+)\]: (.*)\n\s*; Severity: warning", text, flags=re.M)
    return errors, warnings


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m host_tools erc", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="write the reports to a temporary directory and "
                    "also fail when the committed ones differ")
    args = ap.parse_args(argv)
    check = args.check
    for tool in ("eeschema", "Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            print("erc: %s is missing: apt-get install kicad xvfb xdotool" % tool, file=sys.stderr)
            return 2
    fab = os.path.join(ROOT, "hardware", "fab")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name in BOARDS:
            sch = os.path.join(ROOT, "hardware", "kicad", name + ".kicad_sch")
            raw = os.path.join(tmp, name + ".rpt")
            text = None
            for attempt in range(ATTEMPTS):     # a GUI run can fail to start: once more
                try:
                    text = run_erc(sch, raw)
                    break
                except (ErcFailed, subprocess.TimeoutExpired) as e:
                    print("%-9s ERC did not run (attempt %d of %d): %s"
                          % (name, attempt + 1, ATTEMPTS, e))
            if text is None:
                ok = False
                continue
            text = normalise(text, sch)
            errors, warnings = summary(text)
            why = {(r, m): y for b, r, m, y in WAIVED if b == name}
            waived = [w for w in warnings if w in why]
            print("%-9s ERC %d errors %d warnings (%d waived)"
                  % (name, errors, len(warnings), len(waived)))
            for w in warnings:
                print("   warning [%s] %s%s" % (w[0], w[1],
                                                 " waived: " + why[w] if w in why else " NOT WAIVED"))
            ok = ok and errors == 0 and len(waived) == len(warnings)
            dest = os.path.join(fab, name + "-erc.txt")
            if check:
                if not os.path.exists(dest) or open(dest).read() != text:
                    print("stale: hardware/fab/%s-erc.txt (run python -m host_tools erc)" % name)
                    ok = False
            else:
                with open(dest, "w") as f:
                    f.write(text)
    return 0 if ok else 1
