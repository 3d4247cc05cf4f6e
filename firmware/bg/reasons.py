"""English words for the rules core's reason codes: the judge's illegal-board reasons and
the cube's and the match's refusals. For the host tools and tests (`host_tools judge`, the
rules CLI); the board itself words them through game/i18n (English and French), so this
module is never loaded on the Pico and its text takes none of its heap. The keys are the
reason constants of bg.judge, bg.cube and bg.match (bg.errors raises them typed)."""
from bg import judge as J
from bg import cube as C
from bg import match as M

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
    C.BAD_PLAYER: "unknown player",
    C.CUBE_OFF: "the cube is not used in this game",
    C.GAME_OVER: "the game is over",
    C.DOUBLE_PENDING: "a double is waiting for an answer",
    C.NOT_ON_ROLL: "only the player on roll may double",
    C.ALREADY_ROLLED: "double before rolling the dice",
    C.CRAWFORD: "no doubling in the Crawford game",
    C.NOT_YOUR_CUBE: "your opponent owns the cube",
    C.CUBE_MAX: "the cube is at its maximum",
    C.DEAD_CUBE: "you already win the match at this stake",
    C.NO_DOUBLE: "no double to answer",
    C.NOT_YOUR_ANSWER: "the doubled player answers",
    C.NO_BEAVER_IN_MATCH: "beavers are for money play only",
    C.BEAVERS_OFF: "beavers are switched off",
    C.NO_RACCOON: "a beaver cannot be beavered",
}

MATCH = {
    M.MATCH_OVER: "the match is over",
    M.BAD_RESIGNATION: "resign a single game, a gammon or a backgammon",
    M.RESIGNATION_PENDING: "a resignation is waiting for an answer",
    M.NO_RESIGNATION: "no resignation to answer",
    M.GAME_NOT_OVER: "the game is not over",
    M.BAD_POINTS: "points won cannot be negative",
}


def words(reason):
    """The English words of any reason constant of the judge, the cube or the match."""
    for table in (JUDGE, CUBE, MATCH):
        if reason in table:
            return table[reason]
    return str(reason)
