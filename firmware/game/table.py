"""The Table: the whole game as played at the board, fed with events, giving effects.

SKELETON (the contract API; the game itself is being filled in):
    t = Table(settings=None, saved=None)
    t.sensed(sensed); t.button(name, kind); t.tick(now_ms); t.dice(d1, d2=0)
    outputs: t.want_roll, t.leds (bytearray, codes of game.colours), t.screen (<= 6 x 16),
             t.take_outbox() -> [(kind, payload)]: ('record', line), ('event', json_line),
             ('save', bytes), ('beep', name)
"""
from bg.position import Position
from game import colours


class Table:
    def __init__(self, settings=None, saved=None):
        self.want_roll = None
        self.leds = bytearray(colours.LED_COUNT)
        self.screen = ["Set up the board"]
        self._outbox = []
        self.target = Position.start()

    def take_outbox(self):
        out = self._outbox
        self._outbox = []
        return out

    def sensed(self, sensed):
        leds = self.leds
        wrong = 0
        for p in range(1, 25):
            w = self.target.me[p - 1]
            b = self.target.opp[24 - p]
            want_colour = 1 if w else (2 if b else 0)
            want = w or b
            ok = sensed.lo[p] == sensed.hi[p] == want and (want == 0 or sensed.colour[p] == want_colour)
            leds[p] = colours.OFF if ok else colours.SETUP
            wrong += not ok
        self.screen = ["Set up the board", "%d points wrong" % wrong] if wrong else ["Board ready"]

    def button(self, name, kind="press"):
        pass

    def tick(self, now_ms):
        pass

    def dice(self, d1, d2=0):
        self.want_roll = None
