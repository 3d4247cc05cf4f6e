"""Code the board needs only now and then, loaded for the moment and dropped after.

An .mpy module's code lives in the Pico's heap from its import until it is forgotten:
`call("game.cubeflow", "take", t, player)` imports, runs one function and forgets the
module, so rare code (cube actions, game ends, setup screens, power-up) takes heap only
while it runs. Loading costs a few ms from flash; use it only for what is rare.
"""
import sys


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


def call(module, function, *args):
    """module.function(*args), the module loaded for this call only."""
    loaded = module in sys.modules
    try:
        return getattr(__import__(module, None, None, (function,)), function)(*args)
    finally:
        if not loaded:
            forget(module)
