"""Training the engine's nets on the host: gendata.py (positions labelled by GNU
Backgammon 0-ply), fit.py (numpy MLP, then integer weights). Recipe: docs/engine.md."""
