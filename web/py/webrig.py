"""The board in a browser: host_tools/boardrig.py's whole board (the real firmware on the fake
`machine`, reading the physical board model through the real hall scanner), run by
MicroPython's WebAssembly port in a Web Worker (web/worker.js), with what the page adds: a
person's hands, the page's clock, the picture it draws and the seats' controls.

    rig = WebRig(seed=1, workdir="/state")   # calibrated as a maker would, then booted
    rig.run_to(wall_ms)                      # steps the App every 10 ms up to wall_ms
    rig.lift(13); rig.place(7)               # hands on the wooden board (White's numbering)
    rig.button(name, True/False)             # a button pin held down / released
    rig.state()                              # JSON text: checkers, LEDs, OLED RAM
    rig.seat(1, "normal")                    # the Settings' seat: Black is the board (normal)
    rig.make_board_play()                    # a person's hands make the play the board shows

Time: virtual ms = wall ms (the page's clock), plus whatever the demo's players spend in a
synchronous settle (self.ahead, never taken back).
"""
import json
import sys

import board_config as cfg
import fake_io
import neopixel
from app.ledmap import led_index
from app import commands  # noqa: F401 (the serial console's: loaded with the page, as always)
from game import colours
from game.table import MOVING
from boardrig.whole import BoardRig, WHITE, BLACK, STEP_MS, save_calibration  # noqa: F401 (the page's names)

MAX_CATCH_UP = 25            # steps per run_to at most: a slow frame never freezes the page
# the board's think in pieces of this many results, one piece per App cycle and per timer
# turn of the page (app.think_piece): pure Python under WebAssembly evaluates 250-1000
# positions a second here (BENCHMARKS.md, web), so a piece is 25-160 ms where a whole strong
# think blocked the page 5-10 s
THINK_PIECE = 24
HAND_MS = 150                # a hand making the board's play: one lift or put-down at most this often
SEATS = ("person", "easy", "normal", "strong")   # Table.seats: 0 a person, 1..3 the board's level
BAR = 25                     # the places a hand takes from or puts on, besides 1..24
OFF = 0


class WebRig(BoardRig):
    """cal_path: the maker's calibration of this board (same seed), made by `make web` on the
    host (save_calibration): running the routine here would cost 1.6 s of the page's start.
    power_up: the board as the Pico powers it up (BoardRig's), thinking at once as on the
    Pico (no think_piece)."""
    think_piece = THINK_PIECE

    def __init__(self, seed=1, workdir="/state", write_line=None, dice_seed=None, cal_path=None,
                 power_up=False):
        self.ahead = 0                     # virtual ms the demo ran ahead of the wall clock
        self.off = {WHITE: 0, BLACK: 0}    # borne off: the trays have no sensors
        self.hand = 0                      # colour of the checker held (0: none)
        self.hand_from = None              # where it came from (a point, BAR or OFF)
        self._held = {}                    # button -> virtual ms at which to release it
        self.scanning = True               # the sensors are read until the reading is fed
        self._todo = []                    # the hands' next actions (make_board_play)
        self._hand_at = 0                  # virtual ms of the hands' last action
        BoardRig.__init__(self, seed, workdir, write_line, dice_seed, cal_path, power_up=power_up)

    # ------------------------------------------------------------ time
    def step(self, n=1, scan=True):
        """n cycles of the App. A scan of the model costs ~6 ms of the WebAssembly port's
        time (152 sensors through the real mux code): the sensors are read from a change of
        the checkers until the Table got the settled reading, and not while nothing moved
        (as BoardRig.press skips them during a press)."""
        for _ in range(n):
            self.now += STEP_MS
            self.app.step(self.now, scan and self.scanning)
            if self.scanning and self.fed():
                self.scanning = False
            if self._held:
                self._release_due()
            if self._todo and not self.scanning and self.now - self._hand_at >= HAND_MS:
                self._hand_next()

    def moved(self):
        """The checkers changed: read the sensors until the new reading settles."""
        self.scanning = True

    def run_to(self, wall_ms):
        """Step the App until its clock reaches wall_ms (+ the demo's lead); returns steps."""
        target = int(wall_ms) + self.ahead
        n = 0
        while self.now + STEP_MS <= target and n < MAX_CATCH_UP:
            self.step()
            n += 1
            if self.app.thinking is not None:
                break                      # one piece of the board's think per timer turn
        if self.now + STEP_MS <= target:
            self.ahead -= (target - self.now) // STEP_MS * STEP_MS   # drop what cannot be caught up
        return n

    def settle(self, limit_ms=5000):
        """Run until the sensors settled and the reading reached the Table (the demo's
        players: the time it takes is run ahead of the page's clock)."""
        start = self.now
        self.moved()
        ok = BoardRig.settle(self, limit_ms)
        self.ahead += self.now - start
        return ok

    # ------------------------------------------------------------ buttons
    def button(self, name, down, hold_ms=0):
        """The player's finger on a button: down=True holds it, False lets go; hold_ms > 0
        holds it that long from now (a shift-click: a long press)."""
        BoardRig.button(self, name, down)
        if down and hold_ms:
            self._held[name] = self.now + hold_ms
        elif not down:
            self._held.pop(name, None)

    def _release_due(self):
        for name in list(self._held):
            if self.now - self._held[name] >= 0:
                self.button(name, False)

    def press(self, name, kind="press"):
        """A whole press, run synchronously (the demo's players)."""
        start = self.now
        BoardRig.press(self, name, kind)
        self.ahead += self.now - start

    # ------------------------------------------------------------ hands (White's numbering)
    def _stack(self, place, colour=0):
        st = self.board._stacks
        if place == BAR:
            return st[cfg.N_POINTS - 1 + colour]
        return st[place - 1]

    def lift(self, place, colour=0):
        """Take a checker into the hand: from a point (the top one), from the bar (colour's
        strip, else the other one) or from colour's off tray. Returns its colour, 0 if none."""
        if self.hand:
            return 0
        place = int(place)
        colour = int(colour)
        c = 0
        if 1 <= place <= cfg.N_POINTS:
            c = self.board.lift(place)
        elif place == BAR:
            for strip in (colour or WHITE, BLACK if (colour or WHITE) == WHITE else WHITE):
                if self._stack(BAR, strip):
                    c = self.board.lift_bar(strip)
                    break
        elif place == OFF and colour in (WHITE, BLACK) and self.off[colour]:
            self.off[colour] -= 1
            c = colour
        if c:
            self.hand = c
            self.hand_from = place
            self.moved()
        return c

    def place(self, place):
        """Put the held checker down on a point, the bar (its own strip) or off (its tray)."""
        c = self.hand
        if not c:
            return 0
        place = int(place)
        if 1 <= place <= cfg.N_POINTS:
            self.board.place(place, c)
        elif place == BAR:
            self.board.place_bar(c, c)
        else:
            self.off[c] += 1
        self.hand = 0
        self.hand_from = None
        self.moved()
        return c

    def put_back(self):
        """The checker in hand goes back where it was lifted from (the demo takes over)."""
        if self.hand:
            self.place(self.hand_from if self.hand_from is not None else OFF)

    def set_start(self):
        """Both sides' start position, hands and trays emptied (the page's "set up")."""
        white = [0] * 26
        black = [0] * 26
        for p, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
            white[p] = n
            black[25 - p] = n
        self.board.set_position_counts(white, black)
        self.off = {WHITE: 0, BLACK: 0}
        self.hand = 0
        self.hand_from = None
        self.moved()

    # ------------------------------------------------------------ the board in a seat
    def seat(self, player, level):
        """The seat of `player` (0 White, 1 Black): "person" or the board at "easy", "normal",
        "strong". What the Settings menu's seat item does (Table.cycle_seat: at once, in the
        game in progress, recorded), as many times as it takes. Returns the level."""
        want = SEATS.index(level)
        t = self.table
        self._todo = []                    # the hands stop making a play the seat may drop
        for _ in range(len(SEATS)):
            if t.seats[player] == want:
                break
            t.cycle_seat(int(player))
        self.app.drain(self.now)
        return SEATS[t.seats[player]]

    def board_play_hands(self):
        """The hands' actions that make the play the board shows (Table.shown_play, in the
        mover's numbering), in the page's places (White's numbering): ("lift", place, colour),
        ("place", place, 0), ("hit", place, colour) (the blot of that colour there to its bar
        strip). [] while there is none."""
        t = self.table
        play = t.shown_play
        if play is None or t.want_play is not None or t.on_roll not in (0, 1):
            return []
        black = t.on_roll == 1
        colour = BLACK if black else WHITE

        def place_of(q):
            if q == 25:
                return BAR
            if q == 0:
                return OFF
            return 25 - q if black else q

        # as a person moves: one checker's steps in one movement (13/8/5 from 13 straight to
        # 5), stopping where it hits; a hit checker put on the blot, then the blot taken from
        # under it to the bar (the judge reads both as a hand at work, docs/table.md); the
        # checkers borne off last. In a bear-off a checker in the hand reads as one borne off,
        # so 6/off 4/3 begun with 6/off, or 4/2* with the blot on the bar and the hitter still
        # in the hand, would read as another play for a moment.
        moves = []                         # [from, to, hits at to]
        for i in range(len(play.moves)):
            frm, to = play.moves[i]
            if moves and moves[-1][1] == frm and not moves[-1][2]:
                moves[-1][1] = to              # the same checker goes on
                moves[-1][2] = play.hits[i]
            else:
                moves.append([frm, to, play.hits[i]])
        out = []
        for off in (False, True):
            for frm, to, hit in moves:
                if (to == 0) != off:
                    continue
                out.append(("lift", place_of(frm), colour))
                out.append(("place", place_of(to), 0))
                if hit:
                    out.append(("hit", place_of(to), WHITE if black else BLACK))
        return out

    def make_board_play(self):
        """The page's "make the board's play": a person's hands move the checkers as the
        board shows, from where they stand (the turn's start; checkers already moved by hand
        make another result, which the firmware names), one lift or put-down per HAND_MS
        once the sensors settled, so the firmware reads every step and judges the result as
        on a real board (it commits the play only if the checkers end where it said).
        Returns the number of actions."""
        self.put_back()
        self._todo = self.board_play_hands()
        self._hand_at = self.now - HAND_MS
        return len(self._todo)

    def _hand_next(self):
        kind, place, colour = self._todo.pop(0)
        self._hand_at = self.now
        if not self.hand_action(kind, place, colour):
            self._todo = []                # the checker is not there: the hands stop

    def hand_action(self, kind, place, colour):
        """One of board_play_hands' actions; False if the checker was not there."""
        if kind == "lift":
            return bool(self.lift(place, colour))
        if kind == "hit":
            stack = self._stack(place)
            for i in range(len(stack)):
                if stack[i] == colour:
                    stack[i:i + 1] = b""       # the blot, from under the hitter
                    self.board._dirty = True
                    self.board.place_bar(colour, colour)
                    self.moved()
                    return True
            return False
        return bool(self.place(place))

    def state(self, with_text=False):
        """Everything the page draws, as JSON text: the checkers (White's numbering), the
        LED strip's frame per role (what the LEDs show, after the brightness cap) and the
        palette code it decodes to, the OLED's display RAM and mode (drawn by the page as a
        viewer sees the panel), the Table's own screen rows; the player on roll (0 White,
        1 Black, -1 nobody), the turn's dice, the match's score, length and cube."""
        st = self.board._stacks
        pts = []
        for q in range(1, cfg.N_POINTS + 1):
            s = st[q - 1]
            pts.append([c for c in s if c])
        bar = {"w": 0, "b": 0}
        for strip in (WHITE, BLACK):
            for c in st[cfg.N_POINTS - 1 + strip]:
                if c:
                    bar["w" if c == WHITE else "b"] += 1
        frame = neopixel.last_frame(cfg.LED_PIN)
        rgb = []
        for role in range(colours.LED_COUNT):
            i = led_index(role) if role else -1
            rgb.append(list(frame[i]) if frame is not None and 0 <= i < len(frame) else [0, 0, 0])
        dev = fake_io.oled_device(cfg.OLED_ADDR)
        t = self.table
        out = {
            "now": self.now,
            "points": pts,
            "bar": bar,
            "off": {"w": self.off[WHITE], "b": self.off[BLACK]},
            "hand": self.hand,
            "hand_from": self.hand_from,
            "leds": rgb,
            "codes": list(self.led_codes()),
            "oled": {"ram": "".join("%02x" % b for b in dev.ram),
                     "on": bool(dev.display_on and dev.charge_pump), "inverse": dev.inverse,
                     "seg_remap": dev.seg_remap, "com_remap": dev.com_remap,
                     "start": (dev.start_line + dev.offset) & 63, "entire": dev.entire_on},
            "screen": list(t.screen),
            "phase": t.phase,
            "faults": self.app.faults,
            "seats": [SEATS[t.seats[0]], SEATS[t.seats[1]]],
            "board_play": t.shown_play is not None and t.phase == MOVING,
            "hands_busy": bool(self._todo),
            "on_roll": t.on_roll,
            "dice": list(t.turn_dice),
        }
        m = t.match
        if m is not None:
            out["score"] = list(m.score)
            out["length"] = m.length
            out["cube"] = {"value": m.cube.value, "owner": m.cube.owner, "offered_by": m.cube.offered_by,
                           "enabled": m.cube.enabled}
        if with_text:
            out["rows"] = self.screen_rows()
        return json.dumps(out)

    def rows_json(self):
        """The OLED's text rows read back from its display RAM (slow: on request only)."""
        return json.dumps(self.screen_rows())


def palette():
    """JSON text: the LED palette (game.colours.RGB) and the codes' names, for the page."""
    try:
        from game import colour_names
        names = list(colour_names.NAMES)
    except (ImportError, AttributeError):
        names = []
    return json.dumps({"rgb": [list(c) for c in colours.RGB], "names": names})


def version():
    return "%s %s" % (sys.implementation.name, ".".join(str(v) for v in sys.implementation.version[:3]))
