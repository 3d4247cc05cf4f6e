"""The demo's two players: they use the board only as people do, with hands and buttons.

Each action() looks at the Table's phase, presses a button or moves checkers on the
physical board one at a time (so the real scanner, sensing and judge see every step),
and returns a short text of what it did. Plays come from bg.movegen, scored greedily:
pips gained on the opponent (hits) minus blots left in reach. Cube: a player doubles when
it leads the race by DOUBLE_LEAD of its pips; the opponent takes while it trails by at
most TAKE_LIMIT, else passes (a long press of its cube button, docs/table.md).

Reads the Table's phase, on_roll, opening, turn_dice, match, choices and view (game.table,
docs/table.md) to know what is asked: the same things the OLED and LEDs tell a player.
"""
import random

from bg.position import Position, pip_count
from bg.movegen import legal_plays
from bg.counting import blots
from game import table as T
from simui.hands import WHITE, BLACK, START, white_point

DOUBLE_LEAD = 0.10
TAKE_LIMIT = 0.20
MAIN = ("p1_main", "p2_main")
CUBE = ("p1_cube", "p2_cube")
COLOUR = (WHITE, BLACK)


class BotError(Exception):
    """The board did not do what a correct board must (the demo stops and says why)."""


class Bot:
    def __init__(self, session, seed=1):
        self.s = session
        self.rig = session.rig
        self.t = session.rig.table
        self.rng = random.Random(seed)
        self.actions = 0

    def press(self, name, kind="press"):
        self.s._press(name, kind)

    def _pips(self, player):
        me, opp = self.s.hands.position_of(COLOUR[player])
        return pip_count(me), pip_count(opp)

    def _at_start(self):
        h = self.s.hands
        for p in range(1, 25):
            if h.on(WHITE, p) != START.get(p, 0) or h.on(BLACK, p) != START.get(p, 0):
                return False
        return not (h.hand or h.bar(WHITE) or h.bar(BLACK))

    # ------------------------------------------------------------ one decision
    def action(self):
        """Do the next thing the game asks for; returns its description, or None at the end."""
        t = self.t
        self.actions += 1
        phase = t.phase
        if phase == T.MATCH_OVER:
            return None
        if phase == T.SETUP:
            if self._at_start():
                raise BotError("the board holds the start position but the Table still sets up: %r"
                               % (self.rig.screen_rows(),))
            self.s.hands.set_start()
            self.s.act()
            return "sets up the board"
        if phase == T.OPENING:
            for p in (0, 1):
                if not t.opening[p]:
                    self.press(MAIN[p])
                    return "%s rolls one die for the opening" % _name(p)
            raise BotError("opening roll: both dice rolled but no turn began")
        if phase == T.OPENING_REROLL:
            self.press(MAIN[t.on_roll])
            return "%s keeps the opening dice" % _name(t.on_roll)
        if phase == T.PRE_ROLL:
            p = t.on_roll
            if self._wants_double(p):
                self.press(CUBE[p])
                return "%s doubles" % _name(p)
            self.press(MAIN[p])
            return "%s rolls" % _name(p)
        if phase == T.DOUBLED:
            p = t.acting()
            mine, theirs = self._pips(p)
            if mine <= theirs * (1 + TAKE_LIMIT):
                self.press(MAIN[p])
                return "%s takes" % _name(p)
            self.press(CUBE[p], "long")
            return "%s passes" % _name(p)
        if phase == T.MOVING:
            return self._move()
        if phase == T.NO_MOVE:
            p = t.on_roll
            self.press(MAIN[p])
            return "%s cannot move and says so" % _name(p)
        if phase == T.GAME_OVER:
            self.press(MAIN[0])
            return "next game"
        raise BotError("unknown phase %r" % (phase,))

    def _wants_double(self, p):
        m = self.t.match
        if m.cube.refusal_to_double(p, p, False) is not None:
            return False
        mine, theirs = self._pips(p)
        return mine < theirs * (1 - DOUBLE_LEAD)

    # ------------------------------------------------------------ moving
    def _move(self):
        t = self.t
        p = t.on_roll
        colour = COLOUR[p]
        d1, d2 = t.turn_dice
        me, opp = self.s.hands.position_of(colour)
        pos = Position(me, opp)
        plays = legal_plays(pos, d1, d2)
        if not len(plays):
            raise BotError("%s has no legal play with %d-%d but the Table waits for one" % (_name(p), d1, d2))
        best, best_score = None, None
        for play in plays:
            end = play.apply(pos)
            score = (pip_count(end.opp) - pip_count(end.me) - 8 * len(_exposed(end))
                     + self.rng.random())
            if best_score is None or score > best_score:
                best, best_score = play, score
        game = t.match.game_number
        for frm, to in best.moves:
            self.s.hands.lift(colour, frm)
            self.s.act()
            if self.s.hands.hit_if_blot(colour, to):
                self.s.act()
            self.s.hands.place(colour, to, colour)
            self.s.act()
        self.press(MAIN[p])
        if t.choices:
            # a pile the sensors cannot count fits several plays: show ours, then commit it
            want = best.apply(pos)
            for _ in range(len(t.choices)):
                if t.choices[t.choice].apply(t.view) == want:
                    break
                self.press(CUBE[p])
            self.press(MAIN[p])
        if t.phase == T.MOVING and t.on_roll == p and t.match.game_number == game:
            raise BotError("%s played %s (%d-%d) but the board did not commit it: %r"
                           % (_name(p), best.notation(), d1, d2, self.rig.screen_rows()))
        return "%s plays %d-%d: %s" % (_name(p), d1, d2, best.notation())


def _exposed(pos):
    """The mover's blots an opposing checker could still reach (in front of one)."""
    back = 0
    for i in range(24, -1, -1):
        if pos.opp[i]:
            back = 25 - (i + 1)   # the opponent's rearmost checker, in the mover's numbering
            break
    return [b for b in blots(pos) if b > back]


def _name(p):
    return "White" if p == 0 else "Black"


def colour_point(player, p):
    return white_point(COLOUR[player], p)
