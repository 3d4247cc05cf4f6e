"""The board's backgammon engine: a small integer neural net (net.py), the play chooser
that walks a roll's plays without listing them (search.py), the cube (cubeful.py, met.py),
PubEval for the easy level (pubeval.py), the levels (player.py) and the strong level's
1-ply (oneply.py). See docs/engine.md.

The engine's rare parts (the weights file's reading and check, the viper code's modules, the
leaf net's construction) are imported where they run and forgotten once their work is kept
(base/rare.py's forget): each runs once, when the engine is made."""
