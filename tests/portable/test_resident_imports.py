"""board_config is power-up's alone (app/start.py imports it and forgets it): the modules
the board keeps loaded while it plays take its values from power-up (the LED cap from the
Leds driver it built, the scan period as app.tasks.run's argument) and do not import it
themselves. Imported with them, it sat among the resident code, and once forgotten it left
small holes there that every later allocation of more than one block (most function calls'
frames among them) walked past: the settled -> LED path was 2-3 ms slower (BENCHMARKS.md,
bench:app)."""
import sys

RESIDENT = ("app.loop", "app.tasks")


def _drop(name):
    """Take a module out of sys.modules and its package; (module, package) to put back."""
    mod = sys.modules.pop(name, None)
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    if parent is not None and name[dot + 1:] in parent.__dict__:
        delattr(parent, name[dot + 1:])
    return mod, parent


def test_the_modules_the_board_keeps_load_no_board_config():
    import app  # noqa: F401 (the package stays; its modules are imported afresh below)
    saved = {}
    for name in ("board_config",) + RESIDENT:
        saved[name] = _drop(name)
    try:
        for name in RESIDENT:
            __import__(name)
        assert "board_config" not in sys.modules, "imported by " + " or ".join(RESIDENT)
    finally:
        for name in ("board_config",) + RESIDENT:
            _drop(name)
            mod, parent = saved[name]
            if mod is not None:
                sys.modules[name] = mod
                if parent is not None:
                    setattr(parent, name[name.rfind(".") + 1:], mod)

