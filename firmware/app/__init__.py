"""The application on the Pico (layer 4): drivers wired to the Table, a loop around them.

  app.build   the drivers, made from board_config (imports `machine` only there)
  app.loop    App: one scan / buttons / clock / dice / outbox / display cycle per step()
  app.commands  the line protocol on USB serial (ids, state, help, ...)
  app.tasks   the asyncio tasks around an App, and the watchdog
"""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): power-up's parts
# check, drivers and LED map, grading's start, the game-end's words on its review, a notice in
# French, the computer on USB's answers, the board's cube answers, the engine given up, the
# record lines a state carried (taken at power-up, appended when the firmware stops).
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "parts hw.scanfaults",
    "build",
    "ledmap",
    "grading",
    "noreview",
    "notice_fr",
    "usbseat",
    "usbplay bg.notation",
    "seatcube engine.cubeful engine.bearoff engine.filecheck",
    "unseat",
    "carried",
))
del on_demand
