"""The LED palette: Table.leds holds one colour code per LED role, RGB[code] is its colour.

Codes are small ints so that a whole LED frame is one bytearray. Colours are at full scale:
the LED driver (hw/leds.py) applies the brightness cap. See docs/table.md for what each
colour means on the board.
"""

OFF = 0
SETUP = 1          # this point does not hold what it should yet (setting up, put back)
DEST = 2           # a lifted checker may legally go here
ILLEGAL = 3        # a point involved in an illegal move
LIFTED = 4         # the point a checker was lifted from
LAST_FROM = 5      # where the last committed move started
LAST_TO = 6        # where the last committed move ended
UNCERTAIN = 7      # the sensors cannot count this point yet
TURN_WHITE = 8     # status LED: White (p1) to act
TURN_BLACK = 9     # status LED: Black (p2) to act
CUBE_OWNED = 10    # status LED: this side owns the cube
CUBE_CENTRED = 11  # status LEDs, both: the cube is centred and in play
CUBE_OFFERED = 12  # status LED: this side must answer a double (or a resignation)
WIN = 13           # game over: the winner's side

RGB = (
    (0, 0, 0),        # OFF
    (255, 80, 0),     # SETUP: orange
    (0, 255, 0),      # DEST: green
    (255, 0, 0),      # ILLEGAL: red
    (0, 160, 255),    # LIFTED: sky blue
    (60, 0, 90),      # LAST_FROM: dim violet
    (170, 0, 255),    # LAST_TO: violet
    (255, 200, 0),    # UNCERTAIN: amber
    (255, 200, 150),  # TURN_WHITE: warm white
    (0, 60, 255),     # TURN_BLACK: blue
    (255, 0, 140),    # CUBE_OWNED: pink
    (50, 0, 30),      # CUBE_CENTRED: dim pink
    (255, 255, 0),    # CUBE_OFFERED: yellow
    (0, 255, 120),    # WIN: spring green
)

# the codes' names (for the simulator and tools) are in game/colour_names.py: not on the
# board's heap

# LED roles in Table.leds (index 0 unused; points 1..24 in White's numbering)
LED_WHITE_BAR = 25
LED_BLACK_BAR = 26
LED_TURN_P1 = 27
LED_TURN_P2 = 28
LED_CUBE_P1 = 29
LED_CUBE_P2 = 30
LED_COUNT = 31


def led_of(point, player):
    """The LED index of `point` in `player`'s numbering (25 = bar, 0 = off: no LED)."""
    if point == 0:
        return 0
    if point == 25:
        return LED_WHITE_BAR + player
    return point if player == 0 else 25 - point
