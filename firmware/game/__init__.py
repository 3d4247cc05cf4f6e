"""The Table: the game as played on the board (layer 2 of design.md), pure and event-driven."""
