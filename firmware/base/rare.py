"""Rare code reached by its real name, loaded for one call and forgotten after.

An .mpy module's code lives in the Pico's heap from its import until it is forgotten. What a
match needs only now and then (a save, a play's notation, a game's end, the setup screens,
the record file's preparation, power-up's construction) sits in its subject's package and is
listed in that package's table of rare parts; the package's `__getattr__` (made here, the
way micropython-async's `primitives/__init__.py` loads its classes on demand) answers its
name with a Rare, and each call through it imports the module, runs the function and forgets
the module again:

    from game import snapshot        # game/__init__.py lists snapshot as rare
    snapshot.to_bytes(table)          # game/snapshot.py loaded for this call only

so that the module's code takes heap only while it runs (docs/heap.md). A module that is
already loaded (imported with `import game.snapshot` by a caller that keeps it) is simply
called and kept. What the package returns is a small object made for that import; rare
parts are imported inside the function that calls them, so that nothing of them stays in
the heap between calls (a module that imported one at its top would hold the real module
if it happened to be loaded then).
"""
import gc
import sys

# True while the board powers up (app/boot.py's start_app), on MicroPython: a rare module
# loaded then is loaded into a collected heap and collected again once forgotten, so that the
# next one reuses its block and the long-lived objects power-up makes between them (the
# Table's, the App's, the names' pool) are not left above the holes: what power-up frees is
# one region (docs/heap.md). A match's rare calls do not collect: a few ms each on the Pico.
tidy = False


def forget(*names):
    """Drop modules from sys.modules and from their package: their code leaves the heap
    at the next collection, unless something still holds one of their functions."""
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and name[dot + 1:] in parent.__dict__:
            delattr(parent, name[dot + 1:])


def call(module, function, also, args):
    """module.function(*args), the module (and the modules in `also` that it loads with it,
    space-separated) imported for the call and forgotten after, unless already loaded."""
    loaded = module in sys.modules
    kept = [m for m in also.split() if m in sys.modules] if also else ()
    if tidy and not loaded:
        gc.collect()
    try:
        return getattr(__import__(module, None, None, (function,)), function)(*args)
    finally:
        if not loaded:
            forget(module)
        if also:
            for m in also.split():
                if m not in kept:
                    forget(m)
        if tidy and not loaded:
            gc.collect()


class Rare:
    """A rare module of a package, by its real name: `flows.double(t, p)` loads game/flows.py,
    calls its `double` and forgets it (see the module's docstring)."""

    def __init__(self, module, also):
        self.module = module
        self.also = also

    def __getattr__(self, function):
        module = self.module
        also = self.also

        def once(*args):
            return call(module, function, also, args)
        return once


def on_demand(package, parts):
    """The `__getattr__` of a package whose rare parts `parts` names, each "module" or
    "module then the modules it loads that leave with it", space-separated (a tuple of
    strings: less heap than a dict). Any other name is the package's submodule, imported
    and kept (MicroPython's `from package import module` asks here first once a package
    has a `__getattr__`)."""
    def __getattr__(name):
        n = len(name)
        for part in parts:
            if part.startswith(name) and (len(part) == n or part[n] == " "):
                # made for each import, not kept: the caller drops it after its call
                return Rare(package + "." + name, part[n + 1:])
        if name[:1] == "_":
            raise AttributeError(name)
        full = package + "." + name
        try:
            return __import__(full, None, None, (name,))
        except ImportError as e:
            # no such submodule: an attribute the package lacks (the error names the module
            # itself; an import failing inside that module is raised as it is)
            if full in str(e) and full not in sys.modules:
                raise AttributeError(name)
            raise
    return __getattr__
