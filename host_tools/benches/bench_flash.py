"""What the board writes to its flash over a match, and what that costs the Pico's CPU
(issue 25: on the emulated RP2040 each 4 KB erase held the CPU about 45 ms, and the saves of
11 plays took 8.7 s of 50.6).

    python -m host_tools bench flash        # prints the table, writes bench:flash

The board as main.py powers it up (web/py/webrig.py's WebRig(power_up=True)) in a folder of
the real littlefs (the MicroPython unix port's os.VfsLfs2, the C code the Pico runs, with
the rp2 port's 256-byte programs) over a RAM flash of the Pico's 352 blocks
(host_tools/fakes/ramflash.py), its calibration file there as a maker leaves it; the page's
demo players play with their hands on the board model. Counted: every block erase and every
256-byte page programmed, the state saves and the record lines. The CPU time is the
emulated RP2040's per operation (../shared/pico-measured.md: 45 ms an erase, 0.4 ms a page):
counted work, not host time.
"""
import os
import re
import subprocess
import tempfile

from host_tools import cmd_flash, cmd_web

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ERASE_MS = 45.0
PAGE_MS = 0.4
ACTIONS = 400
HEAP = "3M"       # the RAM flash (1.4 MB) lives in this heap too

SCRIPT = r"""
import gc, os, sys
sys.path[:0] = [%(fw)r, %(fakes)r, %(web)r, %(host)r]
from ramflash import Flash
dev = Flash(352)
os.VfsLfs2.mkfs(dev, progsize=256)
os.mount(os.VfsLfs2(dev, progsize=256), "/fl")
with open(%(cal)r, "rb") as f:
    cal = f.read()
with open("/fl/calibration.bin", "wb") as f:
    f.write(cal)
dev.erased = [0] * 352
dev.programs = 0
import webrig, webdemo
rig = webrig.WebRig(workdir="/fl", power_up=True)


class ChipFiles:
    # hw/store.py's OsFiles as it is on the rp2 port, whose flash is littlefs: a file is
    # committed at its close (atomic_close), so the state is saved in place (this port's
    # OsFiles, on a PC's disk, takes the .tmp and the rename; ATOMIC False: that way)
    atomic_close = %(atomic)r
    def open(self, path, mode):
        return open(path, mode)
    def rename(self, src, dst):
        os.rename(src, dst)
    def remove(self, path):
        os.remove(path)


rig.app.files = ChipFiles()
if rig.app.fair is not None:
    rig.app.fair.files = rig.app.files   # the dice file (dice/fairroll_ops.py) the same way
# the erases inside the state saves and inside the record's appends, apart
split = [0, 0]
def counted(method, k):
    def wrapped(self, *a, **kw):
        e = sum(dev.erased)
        try:
            return method(self, *a, **kw)
        finally:
            split[k] += sum(dev.erased) - e
    return wrapped
App = type(rig.app)
App.save, App.write_records = counted(App.save, 0), counted(App.write_records, 1)
up_erases, up_programs = sum(dev.erased), dev.programs
bot = webdemo.demo(rig, 1)
t = rig.table
for i in range(%(actions)d):
    bot.action()
lines = 0
with open("/fl/match.rec") as f:
    for line in f:
        lines += 1
print("FLASH power_up_erases=%%d power_up_programs=%%d erases=%%d programs=%%d saves=%%d "
      "lines=%%d blocks=%%d score=%%s in_saves=%%d in_lines=%%d" %% (up_erases, up_programs,
      sum(dev.erased) - up_erases, dev.programs - up_programs, rig.app.saves, lines,
      sum(1 for c in dev.erased if c), "-".join(str(x) for x in t.match.score), split[0], split[1]))
"""


def measure(actions=ACTIONS, atomic=True):
    work = tempfile.mkdtemp(prefix="tablier-flash-")
    fw = os.path.join(work, "fw")
    cmd_flash.compile_tree(fw, march=None)
    cal = os.path.join(work, "calibration.bin")
    cmd_web.save_calibration(cal)
    script = os.path.join(work, "flash.py")
    with open(script, "w") as fh:
        fh.write(SCRIPT % {"fw": fw, "fakes": os.path.join(ROOT, "host_tools", "fakes"),
                           "web": os.path.join(ROOT, "web", "py"),
                           "host": os.path.join(ROOT, "host_tools"), "cal": cal,
                           "actions": actions, "atomic": atomic})
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    proc = subprocess.run([mp, "-X", "heapsize=" + HEAP, script], capture_output=True, text=True,
                          timeout=1200)
    m = re.search(r"^FLASH (.*)$", proc.stdout, re.M)
    if proc.returncode != 0 or not m:
        raise SystemExit("bench flash failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    return dict(kv.split("=") for kv in m.group(1).split())


def run():
    f = measure()
    before = measure(atomic=False)
    erases, programs = int(f["erases"]), int(f["programs"])
    saves, lines = int(f["saves"]), int(f["lines"])
    busy = erases * ERASE_MS + programs * PAGE_MS
    rows = [
        "| figure | count | the Pico's CPU held (45 ms an erase, 0.4 ms a page) |",
        "|---|---:|---:|",
        "| power-up in a fresh filesystem: erases / pages | %s / %s | %.0f ms |" % (
            f["power_up_erases"], f["power_up_programs"],
            int(f["power_up_erases"]) * ERASE_MS + int(f["power_up_programs"]) * PAGE_MS),
        "| %d actions of the demo's players (score %s): state saves / record lines | %d / %d | - |" % (
            ACTIONS, f["score"], saves, lines),
        "| ... block erases / pages programmed | %d / %d | %.1f s |" % (erases, programs, busy / 1000),
        "| ... per state save and record line together | %.2f erases | %.0f ms |" % (
            erases / float(saves + lines), busy / (saves + lines)),
        "| ... erases in the state saves (in place: littlefs commits a file at its close) | %s | %.1f s |" % (
            f["in_saves"], int(f["in_saves"]) * ERASE_MS / 1000),
        "| ... erases in the record's appends (littlefs copies a file's last block to append) | %s | %.1f s |" % (
            f["in_lines"], int(f["in_lines"]) * ERASE_MS / 1000),
        "| the same match, the state saved through a .tmp and a rename (as on other filesystems): erases in the saves / in all | %s / %s | %.1f s |" % (
            before["in_saves"], before["erases"], int(before["erases"]) * ERASE_MS / 1000),
    ]
    return ("What the board writes to flash over a match (`python -m host_tools bench flash`): the "
            "board as main.py powers it up, on the real littlefs (the unix port's VfsLfs2, the rp2 "
            "port's 256-byte programs) over a RAM flash of the Pico's 352 blocks, the page's demo "
            "players with their hands on the board model (the lines of play ride in the state saves and "
            "reach the record a few at a time: app/loop.py, docs/persistence.md); the CPU time is counted work at the "
            "emulated RP2040's cost per operation.\n\n" + "\n".join(rows) + "\n\n"
            "%d blocks of the 352 were written. An erase holds the Pico's CPU for 45 ms: a save "
            "that erases delays the next scan by that much." % int(f["blocks"]))


if __name__ == "__main__":
    print(run())
