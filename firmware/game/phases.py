"""The Table's phases, what the board shows while moving, and how a game ended: the
names game/table.py, its view (game/screens.py), the menu and the snapshot share. A leaf
module: it imports nothing, so that none of them imports the Table for its constants."""

# phases (docs/table.md, "Phases and buttons")
SETUP = 0
OPENING = 1
OPENING_REROLL = 2
PRE_ROLL = 3
DOUBLED = 4
MOVING = 5
NO_MOVE = 6
GAME_OVER = 7
MATCH_OVER = 8
PHASES = 9
# not a phase of its own: a resignation waiting for its answer, in whichever phase of play
# it was offered (before the roll, moving, no move); the buttons answer it (game/table.py)
RESIGNATION = 9

# what the board shows while moving (game/moving.py judges, game/table.py keeps)
S_NONE = 0
S_LEGAL = 1        # legal so far
S_COMPLETE = 2     # a complete legal play: may be committed
S_LIFTED = 3       # one checker lifted from a legal board
S_IN_HAND = 4      # checkers in a hand: calm for GRACE_MS
S_ILLEGAL = 5      # shown red with its reason
S_UNCERTAIN = 6    # the sensors cannot count some points
S_FAULT = 7        # a hardware fault leaves some points unreadable: the board waits

# how the last game ended
HOW_PLAY = 0
HOW_PASS = 1
HOW_RESIGN = 2
HOW_TIME = 3

# the seats (issue 10): a person, the board at a level (engine/player.py's levels), a
# computer on the USB line (app/usbseat.py: `host_tools play` and GNU Backgammon), or a
# player online (issue 29: app/online.py, `host_tools online` and bgammon.org)
SEAT_PERSON = 0
LEVELS = ("easy", "normal", "strong", "usb", "online")   # seats 1, 2, 3, 4, 5
SEAT_USB = 4
SEAT_ONLINE = 5
GHOST_LEVEL = 2           # seed 003's ghost plays at normal until Settings changes it
