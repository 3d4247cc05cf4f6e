"""The names of the LED colour codes of game/colours.py, for the simulator and tools (the
board itself never loads this module: it needs only the codes)."""

NAMES = ("off", "setup", "dest", "illegal", "lifted", "last_from", "last_to", "uncertain",
         "turn_white", "turn_black", "cube_owned", "cube_centred", "cube_offered", "win")
