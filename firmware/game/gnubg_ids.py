"""GNU Backgammon's position and match IDs of a game at the board. Loaded for the IDs
screen or the serial `ids` command and forgotten after, with bg.ids (base/rare.py)."""
from bg import ids


def ids_of(view, match, player, dice):
    """(position ID, match ID): `view` from the side of `player`, who is on roll with `dice`
    ((0, 0) before the roll). ValueError when gnubg cannot encode the state."""
    state = match.match_state(player, dice)
    return ids.position_id(view), ids.match_id(state)
