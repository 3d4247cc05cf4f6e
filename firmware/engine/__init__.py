"""The board's backgammon engine: a small integer neural net (net.py), the play chooser
that walks a roll's plays without listing them (search.py), the cube (cubeful.py, met.py),
PubEval for the easy level (pubeval.py) and the levels (player.py). See docs/engine.md."""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): a weights file's check.
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "filecheck",
))
del on_demand
