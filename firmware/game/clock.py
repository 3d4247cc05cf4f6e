"""The players' clocks (seed 003): a reserve per player plus a fresh allowance every turn.

Standard: 2-minute reserve, 20 s per turn; blitz: 30 s and 10 s. A turn's time comes
out of its allowance first; only the excess is taken from the reserve, so a player who
keeps within the allowance never loses reserve. When the reserve is empty the player has
run out of time (`flagged`). The Table decides who runs and when the clock is paused (a
disputed board, a menu, no game in progress): time only counts between `run` calls'
ticks while `running` is a player.
"""
from game.settings import CLOCK_STANDARD, CLOCK_BLITZ

NOBODY = -1
_MODES = {CLOCK_STANDARD: (120000, 20000), CLOCK_BLITZ: (30000, 10000)}


class Clock:
    def __init__(self, mode=0):
        self.mode = mode
        reserve, turn = _MODES.get(mode, (0, 0))
        self.turn_ms = turn
        self.reserve = [reserve, reserve]   # ms left in each player's reserve
        self.turn_left = turn               # ms left of the allowance of the turn running
        self.running = NOBODY               # whose time is counting, or NOBODY
        self.paused = False
        self.flagged = NOBODY               # the player whose reserve ran out
        self._last = None                   # ms of the previous tick

    def enabled(self):
        return self.mode in _MODES

    def start_turn(self, player):
        """`player` must act now, with a fresh allowance."""
        self.running = player
        self.turn_left = self.turn_ms

    def stop(self):
        self.running = NOBODY

    def tick(self, now_ms):
        """Count the time since the last tick. Returns the player who just ran out, or NOBODY."""
        last = self._last
        self._last = now_ms
        if last is None or not self.enabled() or self.running == NOBODY or self.paused:
            return NOBODY
        if self.flagged != NOBODY:
            return NOBODY
        dt = now_ms - last
        if dt <= 0:
            return NOBODY
        use = min(dt, self.turn_left)
        self.turn_left -= use
        dt -= use
        if dt:
            p = self.running
            self.reserve[p] = max(0, self.reserve[p] - dt)
            if self.reserve[p] == 0:
                self.flagged = p
                self.running = NOBODY
                return p
        return NOBODY

    def shown(self):
        """What the OLED shows of the clocks, as one small int (changes once a second at most)."""
        if not self.enabled():
            return 0
        r0 = (self.reserve[0] + 999) // 1000      # <= 120: 7 bits
        r1 = (self.reserve[1] + 999) // 1000
        turn = (self.turn_left + 999) // 1000     # <= 20: 5 bits
        return r0 << 15 | r1 << 8 | turn << 2 | (self.running + 1)

    def text(self, player):
        """'1:52' (reserve) for the OLED."""
        s = (self.reserve[player] + 999) // 1000
        return "%d:%02d" % (s // 60, s % 60)

    def turn_text(self):
        return "%d" % ((self.turn_left + 999) // 1000)

    def to_bytes(self):
        b = bytearray(13)
        b[0] = self.mode
        b[1:5] = self.reserve[0].to_bytes(4, "little")
        b[5:9] = self.reserve[1].to_bytes(4, "little")
        b[9:13] = self.turn_left.to_bytes(4, "little")
        return bytes(b)

    @classmethod
    def from_bytes(cls, data, running):
        if len(data) != 13 or data[0] > 2:
            raise ValueError("clock: bad data")
        c = cls(data[0])
        c.reserve = [int.from_bytes(data[1:5], "little"), int.from_bytes(data[5:9], "little")]
        c.turn_left = int.from_bytes(data[9:13], "little")
        if c.turn_left > c.turn_ms or max(c.reserve) > 120000:
            raise ValueError("clock: times out of range")
        c.running = running
        return c
