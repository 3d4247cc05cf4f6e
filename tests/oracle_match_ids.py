"""gnubg's match IDs, one per line of JSON fields on stdin (tests/oracle.py's match_ids).

Run as its own process so that gnubg's matchid() sees an engine no other test has driven."""
import json
import sys

import gnubg as g


def main():
    ids = []
    for line in sys.stdin:
        if not line.strip():
            continue
        (cube_value, cube_owner, on_roll, crawford, game_state, turn, resigned, doubled,
         dice, length, score, jacoby) = json.loads(line)
        ci = dict(g.cubeinfo(cube_value, cube_owner, on_roll, length, tuple(score),
                             1 if crawford else 0, 0))
        ci["jacoby"] = 1 if jacoby else 0
        pi = g.posinfo(turn, resigned, 1 if doubled else 0, game_state, tuple(dice))
        ids.append(g.matchid(ci, pi))
    sys.stdout.write("\n".join(ids) + "\n")


if __name__ == "__main__":
    main()
