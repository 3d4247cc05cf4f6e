"""English words for the rules core's reason codes: the judge's illegal-board reasons and
the cube's and the match's refusals. For the host tools and tests (`host_tools judge`, the
rules CLI); the board itself words them through game/i18n (English and French), so this
module is never loaded on the Pico and its text takes none of its heap."""
from bg import judge as J

JUDGE = {
    J.MIXED: "two colours on one point",
    J.BLOT_NOT_HIT: "hit blot: put it on the bar",
    J.HIT_NOT_ON_BAR: "hit checker goes on the bar",
    J.NOT_HIT: "that checker was not hit",
    J.OPPONENT_MOVED: "opponent's checkers moved",
    J.CHECKERS_APPEARED: "extra checkers on the board",
    J.CHECKERS_MISSING: "checkers missing",
    J.WRONG_DIRECTION: "wrong direction",
    J.BAR_FIRST: "enter from the bar first",
    J.CLOSED_POINT: "point is closed",
    J.NO_SUCH_DIE: "no die for that move",
    J.TOO_MANY_MOVES: "moved more than the dice",
    J.BEAROFF_NOT_ALLOWED: "bear-off not yet allowed",
    J.BEAROFF_HIGHER: "move from a higher point first",
    J.MUST_PLAY_ALL: "all dice must be played",
    J.PLAY_LARGER: "play the larger die",
}

CUBE = {
    "bad_player": "unknown player",
    "cube_off": "the cube is not used in this game",
    "game_over": "the game is over",
    "double_pending": "a double is waiting for an answer",
    "not_on_roll": "only the player on roll may double",
    "already_rolled": "double before rolling the dice",
    "crawford": "no doubling in the Crawford game",
    "not_your_cube": "your opponent owns the cube",
    "cube_max": "the cube is at its maximum",
    "dead_cube": "you already win the match at this stake",
    "no_double": "no double to answer",
    "not_your_answer": "the doubled player answers",
    "no_beaver_in_match": "beavers are for money play only",
    "beavers_off": "beavers are switched off",
    "no_raccoon": "a beaver cannot be beavered",
}

MATCH = {
    "match_over": "the match is over",
    "bad_resignation": "resign a single game, a gammon or a backgammon",
    "resignation_pending": "a resignation is waiting for an answer",
    "no_resignation": "no resignation to answer",
    "game_not_over": "the game is not over",
}
