"""Hard positions for the rules-core benches: (position ID, die 1, die 2, what it is).

Position IDs are GNU Backgammon's with the side on roll to move. The play counts were
checked with gnubg.findbestmoves (distinct resulting positions) and equal ours.

The widest ones were found by simulated annealing with gnubg's count as the objective:
15 checkers spread one per point (adjacent checkers make equal results, so gaps help),
the opponent reduced to one checker on its bar so that nothing is blocked. GNU
Backgammon's bound, 3,060, is the number of ways to share four steps among fifteen
checkers; it cannot be reached on 24 points.
"""

START_ID = "4HPwATDgc/ABMA"

HARD_POSITIONS = (
    ("AAAAUUpKKaUAAA", 1, 1, 2226, "widest found: 1-1, 15 checkers spread"),
    ("AAAAQRVVVKoAAA", 2, 2, 2138, "widest found for 2-2"),
    ("AAAAAVWVpKoAAA", 3, 3, 2052, "widest found for 3-3"),
    ("hEhCSUqikpRKAQ", 1, 1, 1748, "contact: many blots on both sides"),
    ("RAgSqoJKqlRKAQ", 2, 1, 218, "contact, widest non-double found"),
    ("5wAAwKmkKCpBAA", 2, 2, 292, "bar entries against a strong board, then free moves"),
    ("ssQAAN7tkgAAAA", 1, 1, 162, "bear-off with doubles against contact"),
    ("27YBADjgc/ABYA", 3, 1, 0, "two on the bar against a closed board: no move"),
)
