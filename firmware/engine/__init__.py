"""The board's backgammon engine: a small integer neural net (net.py), the play chooser
that walks a roll's plays without listing them (search.py), the cube (cubeful.py, met.py),
PubEval for the easy level (pubeval.py) and the levels (player.py). See docs/engine.md."""
