"""What judging costs on the settled -> LED path (issue 8): the demo match's settled readings
replayed as bench_app replays them (MicroPython unix port, the firmware as `flash` installs
it), with the rules core's judging timed inside each reading: Judge.judge (the candidate
readings ranked, the reading judged, destinations tried as boards), legal_destinations
(a lifted checker's green LEDs). Judge() is made at the roll, not on a reading.

The judge's timing wrappers are the bench's own code on the heap, so the replay runs with
a 1 MB heap (bench_app's "no collection pressure" row); each reading's figures are those
of its fastest of REPLAYS replays. Pico = host x PICO_FACTOR.
"""
import os
import subprocess
import tempfile

from host_tools.benchmd import PICO_FACTOR
from host_tools.benches import bench_app as B
from host_tools.cmd_flash import compile_tree

REPLAYS = 4
SHOWN = 5            # the slowest readings listed

TIMING = r'''
import bg.judge as _J
import game.moving as _GM
_acc = [0, 0, 0, 0]     # us in Judge.judge, its calls, us in Judge(), us in legal_destinations
_judge = _J.Judge.judge
def _timed_judge(self, end, explain=2):
    t0 = time.ticks_us()
    v = _judge(self, end, explain)
    _acc[0] += time.ticks_diff(time.ticks_us(), t0)
    _acc[1] += 1
    return v
_J.Judge.judge = _timed_judge
_init = _J.Judge.__init__
def _timed_init(self, *a):
    t0 = time.ticks_us()
    _init(self, *a)
    _acc[2] += time.ticks_diff(time.ticks_us(), t0)
_J.Judge.__init__ = _timed_init
_dests = _GM.legal_destinations
def _timed_dests(*a):
    t0 = time.ticks_us()
    r = _dests(*a)
    _acc[3] += time.ticks_diff(time.ticks_us(), t0)
    return r
_GM.legal_destinations = _timed_dests
'''


def _script():
    s = B.SCRIPT.replace("code_heap = gc.mem_alloc()\n", "code_heap = gc.mem_alloc()\n" + TIMING, 1)
    s = s.replace("            t0 = time.ticks_us()\n            app.step(now)",
                  "            _acc[0] = _acc[1] = _acc[2] = _acc[3] = 0\n"
                  "            t0 = time.ticks_us()\n            app.step(now)", 1)
    s = s.replace('print("lat|%d|%d|%d|%d|%d|%d" % (time.ticks_diff(end, t0), before,',
                  'print("lat|%d|%d|%d|%d|%d|%d|%d|%d|%d|%d" % (time.ticks_diff(end, t0), '
                  '_acc[0], _acc[1], _acc[2], _acc[3], before,', 1)
    assert s.count("_acc[0] = _acc[1]") == 1 and "_acc[3], before" in s, "bench_app's script changed"
    return s


def replay(trace, fw):
    """Per settled reading: (latency us, judge us, judge calls, Judge() us, destinations us),
    each reading's fastest of REPLAYS replays."""
    fakes = B._compile_fakes(os.path.join(os.path.dirname(fw), "fakes"))
    script = _script()
    best = None
    for _ in range(REPLAYS):
        tmp = tempfile.mkdtemp(prefix="tablier-bench-judging-") + "/"
        full = "FW = %r\nFAKES = %r\nTRACE = %r\nTMP = %r\nPAUSE_GC = False\nMEASURE_AT = 1 << 30\n%s" % (
            fw, fakes, trace, tmp, script)
        proc = subprocess.run([B.MICROPYTHON, "-X", "heapsize=1M", "-c", full],
                              capture_output=True, text=True, timeout=900)
        if proc.returncode != 0 or "score|" not in proc.stdout:
            raise RuntimeError("replay failed:\n" + (proc.stdout + proc.stderr)[-3000:])
        lat = [tuple(int(x) for x in line.split("|")[1:6])
               for line in proc.stdout.splitlines() if line.startswith("lat|")]
        best = lat if best is None else [a if a[0] <= b[0] else b for a, b in zip(best, lat)]
    return best


def run():
    work = tempfile.mkdtemp(prefix="tablier-bench-judging-")
    trace = os.path.join(work, "trace.txt")
    B.record_trace(trace)
    fw = os.path.join(work, "fw")
    compile_tree(fw, march=None)
    lat = replay(trace, fw)
    total = sum(x[0] for x in lat)
    judged = sum(x[1] for x in lat)
    dests = sum(x[4] for x in lat)
    pico = lambda us: us * PICO_FACTOR / 1000.0   # noqa: E731
    slow = sorted(lat, key=lambda x: -x[0])[:SHOWN]
    out = ["Judging on the settled -> LED path (`python -m host_tools bench judging`: the demo "
           "match's %d settled readings replayed as in the app section, 1 MB heap, judging timed "
           "inside each; Pico = host x %d)." % (len(lat), PICO_FACTOR),
           "",
           "| figure | host ms | Pico ms (est.) |",
           "|---|---:|---:|",
           "| Table.sensed -> LEDs, all readings | %.2f | %.0f |" % (total / 1000.0, pico(total)),
           "| in Judge.judge (%d calls; destinations tried as boards included) | %.2f | %.0f |" % (
               sum(x[2] for x in lat), judged / 1000.0, pico(judged)),
           "| in legal_destinations (a lifted checker's LEDs) | %.2f | %.0f |" % (dests / 1000.0, pico(dests)),
           "",
           "The %d slowest readings, Pico ms (est.): total, in Judge.judge (calls), in "
           "legal_destinations (which holds some of those calls): %s." % (SHOWN, "; ".join(
               "%.0f, %.0f (%d), %.0f" % (pico(x[0]), pico(x[1]), x[2], pico(x[4])) for x in slow))]
    return "\n".join(out)


if __name__ == "__main__":
    print(run())
