"""board_config is power-up's alone (app/start.py imports it and forgets it): the modules
the board keeps loaded while it plays take its values from power-up (the LED cap from the
Leds driver it built, the scan period as app.tasks.run's argument) and do not import it
themselves. Imported with them, it sat among the resident code, and once forgotten it left
small holes there that every later allocation of more than one block (most function calls'
frames among them) walked past: the settled -> LED path was 2-3 ms slower (BENCHMARKS.md,
bench:app). Held by one of them, it would never leave the heap at all.

Measured on the heap (MicroPython; CPython has no figure, heapuse.py): with the resident
modules loaded, board_config's heap is not among theirs (importing it then costs its whole
size) and forgetting it, as power-up does, gives that heap back."""
from heapuse import held, grew

# 64-bit unix port, the .mpy tree in 240K: board_config's module, its globals and its
# tables measured 8,288 bytes loaded after app.loop and app.tasks, 1,408 left once forgotten:
# the names it interns the first time, which stay for good (qstr_info: 1,282 bytes more).
# With `import board_config` at app/loop.py's top (tried on purpose), it cost 0 here and forgetting it freed 0.
BOARD_CONFIG_MIN = 4096
LEFT_MAX = 2048


def test_the_modules_the_board_keeps_leave_board_config_out_of_the_heap():
    import app.loop  # noqa: F401 (the resident modules, with all they import)
    import app.tasks  # noqa: F401
    from base.rare import forget
    before = held()
    import board_config
    loaded = grew(before)
    assert board_config.SCAN_PERIOD_MS > 0 and board_config.N_POINTS >= 24
    del board_config
    if loaded is None:
        return              # CPython: no heap figure, and its other tests keep board_config
    forget("board_config")
    left = grew(before)
    assert loaded >= BOARD_CONFIG_MIN, ("board_config already in the resident heap", loaded)
    assert left <= LEFT_MAX, ("board_config held after it was forgotten", left)
