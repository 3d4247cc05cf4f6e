"""app/start.py's main() loads the code the board keeps (the App, the Table, the tasks)
before the board_config it builds the drivers from: power-up forgets board_config, and
loaded below the resident code it left small holes there once forgotten, which most
allocations of a settled reading walk past on MicroPython (its allocator is first fit):
2-3 ms of the settled -> LED path (docs/benchmarks-by-hand.md, beside bench app). Booted as
tests/test_sim_main.py boots main.py (CPython, the fake machine), the imports recorded."""
import json
import subprocess
import sys

from host_tools.paths import python_env

BOOT = """
import sys, json, builtins
import host_tools    # the board's code and the fakes on sys.path (host_tools/paths.py)
import physboard
board = physboard.PhysicalBoard(seed=1).install()
loads = []
_import = builtins.__import__
def _recorded(name, *a, **k):
    new = [m for m in (name, "board_config", "game.table", "app.tasks", "app.loop")
           if m not in sys.modules]
    mod = _import(name, *a, **k)
    loads.extend(m for m in new if m in sys.modules)
    return mod
builtins.__import__ = _recorded
import asyncio
def _stop(coro):
    coro.close()
    print("LOADS " + json.dumps(loads))
    sys.stdout.flush()
    raise SystemExit(0)
asyncio.run = _stop
import main
main.main()
"""


def test_power_up_loads_the_resident_code_before_the_board_config_it_builds_from(tmp_path):
    proc = subprocess.run([sys.executable, "-S", "-c", BOOT], cwd=str(tmp_path), env=python_env(),
                          capture_output=True, text=True, timeout=120)
    lines = [l for l in proc.stdout.splitlines() if l.startswith("LOADS ")]
    assert lines, proc.stdout[-2000:] + proc.stderr[-3000:]
    loads = json.loads(lines[0][6:])
    # (-1: loaded before the resident code only, by main() or before it, and never again)
    last_cfg = max([i for i, m in enumerate(loads) if m == "board_config"], default=-1)
    for resident in ("game.table", "app.loop", "app.tasks"):
        assert loads.index(resident) < last_cfg, loads
