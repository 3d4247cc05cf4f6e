"""The Table: the game as played on the board (layer 2 of design.md), pure and event-driven."""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): a save and its
# restore, a new match, the IDs screen, the kinds of resignation, the cube's and
# resignations' flows, the seats' flows, the tutor, the screens between games, the
# choices a position left unsure, a texts file opened (game/i18n.py).
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "snapshot bg.matchsave",
    "gnubg_ids bg.ids bg.matchsave",
    "flows game.resigning",
    "resigning",
    "ending",
    "seatflows",
    "tutor",
    "screens_between",
    "unsure",
    "textfiles",
))
del on_demand
