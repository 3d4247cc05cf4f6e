"""The page's demo: host_tools/simui/bot.py's two players, on the web rig.

The Bot uses its session's hands (simui.hands.Hands on the physical board), act() (let the
sensors settle) and _press(); this module gives it those on the WebRig. The one thing of
the Bot that the WebAssembly port lacks is random.Random (MicroPython's random has no
class): WebBot makes the same Bot with a small seeded generator instead.
"""
from simui.bot import Bot, BotError, _name  # noqa: F401 (BotError: the worker names it)
from game import table as T
from simui.hands import Hands
import board_config as cfg


class _Rng:
    """random.Random's random() on a 32-bit xorshift: the Bot's tie-breaker only."""

    def __init__(self, seed):
        self.x = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def random(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x / 4294967296.0


class WebHands(Hands):
    """Hands, with the bar lift in what MicroPython's bytearray has (no count(int), no
    bytes(reversed(...)).index(int)): the last checker of `colour` on a bar strip."""

    def lift(self, colour, p):
        if p != 25:
            return Hands.lift(self, colour, p)
        st = self.board._stacks
        for strip in (colour, 3 - colour):
            stack = st[cfg.N_POINTS - 1 + strip]
            for i in range(len(stack) - 1, -1, -1):
                if stack[i] == colour:
                    stack[i:i + 1] = b""
                    self.board._dirty = True
                    self.hand.append(colour)
                    return colour
        raise ValueError("no checker of that colour on the bar")


class DemoSession:
    """What simui.session.Session gives the Bot, on the WebRig."""

    def __init__(self, rig):
        self.rig = rig
        self.hands = WebHands(rig.board)
        self.hands.off = rig.off          # one tray count for the page and the players

    def act(self):
        self.rig.off = self.hands.off     # Hands.set_start makes a new tray dict
        if not self.rig.settle():
            raise BotError("the sensors did not settle: %r" % (self.rig.screen_rows(),))

    def _press(self, name, kind="press"):
        self.rig.press(name, kind)


class WebBot(Bot):
    """The demo's players, and a person's hands for a seat that is the board's: the board
    rolls, doubles, answers and thinks by itself; its shown play is made on the board as
    the page's "make the board's play" makes it (WebRig.board_play_hands)."""

    def __init__(self, session, seed=1):
        self.s = session
        self.rig = session.rig
        self.t = session.rig.table
        self.rng = _Rng(seed)
        self.actions = 0

    def action(self):
        t = self.t
        p = t.acting()
        if t.phase < T.GAME_OVER and p in (0, 1) and t.seats[p]:
            return self._for_the_board(p)
        return Bot.action(self)

    def _for_the_board(self, p):
        t = self.t
        self.actions += 1
        if t.phase != T.MOVING or not t.shown_play or t.want_play is not None:
            return "%s (the board) thinks" % _name(p) if t.want_play is not None \
                else "waits for the board"
        d1, d2 = t.turn_dice
        text = t.shown_text
        for kind, place, colour in self.rig.board_play_hands():
            if not self.rig.hand_action(kind, place, colour):
                raise BotError("the board's play %s: nothing to %s on %d" % (text, kind, place))
            self.s.act()
        if t.phase == T.MOVING and t.on_roll == p:
            raise BotError("the board's play %s was made but not committed: %r"
                           % (text, self.rig.screen_rows()))
        return "%s (the board) plays %d-%d: %s" % (_name(p), d1, d2, text)


def demo(rig, seed=1):
    """A WebBot on `rig` (the page calls .action() once per demo beat)."""
    rig.put_back()
    s = DemoSession(rig)
    return WebBot(s, seed)
