"""The dice: provably fair rolls (fairdice.py: the seed, its commitment, the rolls; fairroll.py:
the state at the board), their check (dicecheck.py), physical dice entered on the buttons
(dicepad.py), the menu's Dice page (dicemenu.py) and the serial line's `dice` command."""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): the fair dice's file, a
# match's seed, a roll, the check; the serial `dice` command.
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "fairroll_ops dice.dicecheck dice.fairdice",
    "dicecmd",
))
del on_demand
