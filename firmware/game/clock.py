"""The players' clocks (seed 003): a reserve per player plus a fresh allowance every turn.

Standard: 2-minute reserve, 20 s per turn; blitz: 30 s and 10 s. A turn's time comes
out of its allowance first; only the excess is taken from the reserve, so a player who
keeps within the allowance never loses reserve. When the reserve is empty the player has
run out of time (`flagged`).

Seed 003, to the letter: "as long as he needs no more than 20 seconds for his turn, he
receives 20 seconds again for the next turn; if moving the checkers takes more than 20
seconds, he receives no extra time for his next turn". So a turn that took longer than
the allowance (its allowance spent and reserve used, or, with no allowance, more than
the allowance's length of reserve) makes the player's next turn start with no allowance
(`slow`): all of it comes from the reserve; a turn within the allowance's length brings
the allowance back. "The clock starts as soon as a player starts to play": nobody is
charged before the opening roll is decided; then the first player's 2 minutes run.
A double's answer is the answerer's turn in this count (it starts with `start_turn`); a
resignation's answer has its own allowance and changes nothing of it.

Who is charged: the player who must act (the Table's `acting()`: the player on roll
before the roll and while moving, the doubled player while a double waits, the opponent
while a resignation waits for an answer). A resignation's answer has its own allowance
(`start_answer`); the resigner's allowance is kept aside and goes on where it stopped if
the resignation is declined, so offering one refreshes nothing.

When it pauses (`paused`, set by the Table, docs/table.md "Clocks"): only while the board
waits on something the acting player cannot fix: a play the board shows (its seat, the
ghost, the computer on USB) until hands make it, the board put back after a power cut
(until a reading matches the saved position) and a hardware fault of the sensors. An
illegal board, checkers in a hand, an uncertain count, a disturbed board between turns
and an open menu do not pause it: the acting player can always put things right, and a
pause there would let them stop their own clock. Nobody is charged while no game is in
progress (setting up, the opening roll, a game over).

Time is counted from tick to tick (`tick(now_ms)`, ticks_ms values, wrap-safe through
base/ticks.py). A gap between two ticks longer than MAX_TICK_MS is a stall of the
board itself (a flash write, a serial flood, a blocked loop): only MAX_TICK_MS of it is
charged, the rest belongs to nobody. A tick earlier than the previous one is not charged.
"""
from base import ticks
from game.settings import CLOCK_STANDARD, CLOCK_BLITZ

NOBODY = -1
_MODES = {CLOCK_STANDARD: (120000, 20000), CLOCK_BLITZ: (30000, 10000)}
# The most one tick may charge. The board ticks every 20 ms (app/tasks.py) and its longest
# normal step (judging a board with bounded counts, a save, an OLED update) stays near 100
# ms on the Pico: a longer gap is the board stalling, not a player thinking.
MAX_TICK_MS = 250


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
        self.answering = False              # running answers a resignation (answer_left)
        self.answer_left = 0                # ms left of that answer's own allowance
        self.slow = [False, False]          # the player's last turn took longer than turn_ms
        self.given = turn                   # the allowance the running turn started with
        self.over_ms = 0                    # reserve used by the running turn
        self._last = None                   # ticks_ms of the previous tick

    def enabled(self):
        return self.mode in _MODES

    def start_turn(self, player):
        """`player` must act now: a fresh allowance, or none after a turn that took longer
        than the allowance (seed 003)."""
        self._end_turn()
        self.running = player
        self.given = 0 if self.slow[player] else self.turn_ms
        self.turn_left = self.given
        self.over_ms = 0
        self.answering = False

    def _end_turn(self):
        """Whether the turn that ends took longer than the allowance's length."""
        p = self.running
        if p != NOBODY and not self.answering and self.enabled():
            self.slow[p] = (self.given - self.turn_left) + self.over_ms > self.turn_ms

    def start_answer(self, player):
        """`player` must answer a resignation: a fresh allowance of its own; the turn's
        allowance (turn_left, the resigner's) waits untouched."""
        self.running = player
        self.answering = True
        self.answer_left = self.turn_ms

    def end_answer(self, player):
        """A declined resignation: `player` (the resigner) goes on with the allowance left."""
        self.running = player
        self.answering = False

    def stop(self):
        self._end_turn()
        self.running = NOBODY
        self.answering = False

    def tick(self, now_ms):
        """Count the time since the last tick. Returns the player who just ran out, or NOBODY."""
        last = self._last
        self._last = now_ms
        if last is None or not self.enabled() or self.running == NOBODY or self.paused:
            return NOBODY
        if self.flagged != NOBODY:
            return NOBODY
        dt = ticks.diff(now_ms, last)
        if dt <= 0:
            return NOBODY
        if dt > MAX_TICK_MS:
            dt = MAX_TICK_MS                # a stall of the board: not the player's time
        if self.answering:
            use = min(dt, self.answer_left)
            self.answer_left -= use
        else:
            use = min(dt, self.turn_left)
            self.turn_left -= use
        dt -= use
        if dt:
            if not self.answering:
                self.over_ms += dt
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
        turn = (self._allowance() + 999) // 1000  # <= 20: 5 bits
        return r0 << 15 | r1 << 8 | turn << 2 | (self.running + 1)

    def text(self, player):
        """'1:52' (reserve) for the OLED."""
        s = (self.reserve[player] + 999) // 1000
        return "%d:%02d" % (s // 60, s % 60)

    def turn_text(self):
        return "%d" % ((self._allowance() + 999) // 1000)

    def _allowance(self):
        """ms left of the allowance running now (a resignation's answer has its own)."""
        return self.answer_left if self.answering else self.turn_left
