"""The Table: the whole game as played at the board, fed with events, giving effects.

    t = Table(settings=None, saved=None)   # saved: snapshot bytes (ValueError if corrupt)
    t.sensed(reading)      # a settled reading (base/reading.py's Sensed, White's numbering)
    t.button(name, kind)   # 'p1_main' 'p1_cube' 'p2_main' 'p2_cube' 'menu' 'undo'; 'press' 'long' 'double'
    t.tick(now_ms)         # ticks_ms (wraps at 2**30): clocks, the in-hand grace period, notes
    t.dice(d1, d2=0)       # the dice asked for (ASK_ROLL 1: one opening die, 2: a roll)
Outputs after every call: t.leds (codes of game.colours), t.screen (<= 6 rows of <= 16
characters), and t.take_outbox(), the one channel to the App: (effect, payload) pairs, the
effects named below: SAVE (snapshot bytes to store atomically now), RECORD (a sealed line
for the match record), RECORD_DELAYED, EVENT (a JSON line for serial), BEEP (a hw/buzzer.py
pattern), then the questions that changed since the last take: ASK_ROLL (the dice wanted),
ASK_PLAY (the board's play, at its level), ASK_CUBE (the board's cube question), each None
once no longer asked. The App answers with dice(), board_play(), board_cube(); it changes
the Table only through its public methods.

How to read this file: the state is created in __init__; the players' buttons go through
ON, the phase x button table at the end of the class (it is docs/table.md's table, row for
row); the phase changes in go() only; the LEDs and the OLED rows are drawn by game/screens.py,
which only reads the Table. Judging a reading is game/moving.py's (pure functions: the
Table keeps what they find); the menu (game/menu.py) answers each press with an action the
Table carries out. The rare cells of the table (the cube's answers, resignations, a loss on
time) are game/flows.py's, which changes the game only through the Table's transitions
(go, record, event, emit, save, say, game_over, roll_if_auto). Rare code (those flows,
snapshots, notation, the setup screens, a new match's rules) is called by name through
base/rare.py and leaves the heap after the call.
The clock charges the player who must act and pauses only for what that player cannot
put right (game/clock.py, _clock_waits).
"""
from bg.position import Position, is_race
from bg.judge import Judge, PARTIAL, ILLEGAL
from bg import judge as J
from bg.cube import NOBODY, other
from bg.scoring import game_result
from game import colours
from game.settings import Settings
from game.clock import Clock
from game.phases import SETUP, OPENING, OPENING_REROLL, PRE_ROLL, DOUBLED, MOVING, NO_MOVE, \
    GAME_OVER, MATCH_OVER, PHASES, RESIGNATION, HOW_PLAY, HOW_PASS, HOW_RESIGN, HOW_TIME  # noqa: F401
from game.phases import S_NONE, S_LEGAL, S_COMPLETE, S_LIFTED, S_IN_HAND, S_ILLEGAL, \
    S_UNCERTAIN, S_FAULT  # noqa: F401 (re-exported: screens, tests)
from game.moving import GRACE_MS, IN_HAND, AUTO_FINISH_MS  # noqa: F401
from game import moving
from game.sensing import fault_points
from game import screens
from base import events
from base import ticks
from game import flows
from base import rare

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

NOTE_MS = 3000     # how long a short note (a take, a refusal) stays on the screen
# sensor faults of the hardware itself (base/reading.py): while one keeps the board from
# being read, the clock waits (game/clock.py); 'mixed' and 'too_many' are checkers, not hardware
HARDWARE_FAULTS = ("mux", "stuck", "out_of_range")

PLAYER_BUTTONS = ("p1_main", "p1_cube", "p2_main", "p2_cube")
# a seat: SEAT_PERSON, else the board at a level of LEVELS (issue 10 "At the board")
from game.phases import SEAT_PERSON, LEVELS, GHOST_LEVEL  # noqa: E402,F401

# What the Table tells the App: one channel, the outbox (take_outbox), a list of (effect,
# payload) pairs in the order they happened. The App carries each out with its handler,
# App.ON_EFFECT[effect] (app/loop.py): the effects are that table's indices.
SAVE = 0            # snapshot bytes to store atomically now (None: no heap made them, the App does)
RECORD = 1          # a sealed line for the match record (record/record_writer.py)
RECORD_DELAYED = 2  # how many record lines wait for the heap to seal them (seal)
EVENT = 3           # one JSON line for the serial line (base/events.py)
BEEP = 4            # a buzzer pattern, by name (hw/buzzer.py)
# The Table's questions, told when they change, after the effects that led to them: what
# the dice or a seat must answer, None once no longer asked (answered, or withdrawn)
ASK_ROLL = 5        # the dice wanted (want_roll): 1 an opening die (for roller), 2 a roll
ASK_PLAY = 6        # the board's play for this turn (want_play), at its seat's level: board_play
ASK_CUBE = 7        # the board's cube question (want_cube), ASK_DOUBLE or ASK_TAKE: board_cube
ASK_DOUBLE = 1      # the board is on roll and may double: double?
ASK_TAKE = 2        # the board is doubled: take?
# the players' button events, as the phase x button table (ON) names them
MAIN = 0         # a main button pressed
MAIN_HELD = 1    # a main button held long (or pressed twice quickly)
CUBE = 2         # a cube button pressed
CUBE_HELD = 3    # a cube button held long

# The reserve is saved at each RESERVE_SAVE_MS of it spent, so that a power cut refunds at
# most 1 s of it. A save due while a checker is in a hand (S_LIFTED, S_IN_HAND) waits until
# the board is still again or SAVE_WAIT_MS have passed: a save that erases a flash block holds
# the chip about 45 ms, and one landing between a checker's rest and its LEDs made them that
# late (../shared/pico-measured.md). 800 + 200 ms: still at most 1 s refunded.
RESERVE_SAVE_MS = 800
SAVE_WAIT_MS = 200
# seed 003's ghost: the board plays for a player who left ("I'll be back"), at GHOST_LEVEL
# until changed in Settings; after a game it played, the absent player has RETURN_MS to come
# back (their main, the seed's "continue", or the menu's "I'm back") or the match stops
RETURN_MS = 120000        # the seed's 2 minutes


def _reserve_mark(clock):
    """Changes at each RESERVE_SAVE_MS of either reserve spent (a save is due then)."""
    r = clock.reserve
    return r[0] // RESERVE_SAVE_MS + r[1] // RESERVE_SAVE_MS


def _button_event(name, kind):
    """MAIN, MAIN_HELD, CUBE, CUBE_HELD, or None (a cube button pressed twice does nothing)."""
    if name.endswith("main"):
        if kind == "press":
            return MAIN
        return MAIN_HELD if kind == "long" or kind == "double" else None
    if kind == "press":
        return CUBE
    return CUBE_HELD if kind == "long" else None


class Table:
    def __init__(self, settings=None, saved=None):
        # the game
        self.settings = settings if settings is not None else Settings()
        self.phase = SETUP
        self.on_roll = NOBODY
        self.board = Position.start()
        self.turn_dice = (0, 0)
        self.opening = bytearray(2)  # type: Any  # each player's opening die, 0 until rolled (bytes after take_position)
        self.match = None  # type: Any  # bg.match.Match, made by _new_match
        self.clock = Clock(self.settings.clock)
        self.end_how = HOW_PLAY
        self.last_move = b""           # LED indices, (from, to) pairs, of the last play
        self.roller = NOBODY           # who asked for the dice wanted
        self.want_roll = None          # the dice wanted (1, 2), told as ASK_ROLL
        self.rec_seq = 0               # record lines emitted (saved): record and state agree after a cut
        self.end_seq = 0               # the last game's end line, while no line followed it
        self.unsealed = []             # (event, seq) of record lines no heap could seal yet, in order (seal)
        self.seats = bytearray(2)      # each player's seat: SEAT_PERSON, the board's level 1..3 or SEAT_USB (LEVELS)
        self.want_cube = None          # the board's cube question to the app (ASK_DOUBLE, ASK_TAKE)
        self.told = [-1, -1, -1]  # type: list  # want_roll, want_play, want_cube as last told (-1: not yet)
        self.fair = None               # the provably fair dice (dice/fairroll.py) for the menu's Dice page
        self.tutor = [None, None, 0, 0]  # the tutor's state (game/tutor.py, which changes it)
        self.away = bytearray(2)       # 1: the player left, the ghost (the board) plays for them
        self.ghosted = bytearray(2)    # 1: the ghost played for this player in the game in play
        self.return_by = None          # game over after a ghost's game: the absent must be back by then
        self.save_wait = None          # a clock's save due while a checker was in a hand: since when (tick)
        # the board as read
        self.now = 0
        self.seen = None               # a copy of the last sensed reading
        self.fresh = False             # seen has been judged in the current state
        self.restoring = False  # type: Any  # resumed from a snapshot: the board must be put back (2: exactly)
        self.mismatch = None           # (wrong, unsure) points vs the position to hold
        self.hw_fault = ()             # points a hardware fault leaves unreadable (White's numbering)
        # what is shown
        self.note = None               # (text, until_ms): a short message
        self.menu = None               # game.menu.Menu while the menu is open
        self.leds = bytearray(colours.LED_COUNT)
        self.screen = []  # type: Any  # (None: not drawn since a reading, refresh_screen)
        self._outbox = []
        self.in_hand_since = 0         # (the type checker's first sight of these two;
        self.target = None  # type: Any  # _turn_reset sets them)
        self._turn_reset()             # the turn's judging state (judge, state, verdict...)
        if saved is not None:
            self._resume(saved)
        else:
            self._new_match()
        self._board_acts()
        self._refresh()

    def _resume(self, saved):
        from game import snapshot
        (phase, self.on_roll, self.turn_dice, self.opening, self.end_how, self.board,
         self.match, self.settings, self.last_move, self.rec_seq, self.clock, seats) = \
            snapshot.restore(saved)
        for p in (0, 1):              # (a byte each: the seat, away, ghosted, USB: game/snapshot.py)
            self.seats[p] = 4 + (seats[p] & 1) if seats[p] & 16 else seats[p] & 3   # 4 USB, 5 online
            self.away[p] = seats[p] >> 2 & 1
            self.ghosted[p] = seats[p] >> 3 & 1
        self.go(phase)
        if PRE_ROLL <= phase <= NO_MOVE or phase == OPENING_REROLL:
            self.clock.running = self.acting()
        # the record resumes where this state stands (record_open.open_log voids what is beyond)
        self.unsealed.append((("resume", self.rec_seq), None))
        self.seal()
        self.restoring = True
        if phase == MOVING or phase == NO_MOVE:
            self._prepare_judge()
        m = self.match
        if m.resigned_by != NOBODY and phase < GAME_OVER:
            self.clock.start_answer(other(m.resigned_by))
        self.clock.paused = True     # until a reading shows the board as saved

    def go(self, phase):
        """The one place the phase changes."""
        self.phase = phase

    # ---------------------------------------------------------------- the API
    def take_outbox(self):
        """What happened since the last take, in order ((effect, payload) pairs), then the
        questions that changed since (every question at the first take): ASK_ROLL,
        ASK_PLAY, ASK_CUBE, the App keeps what is asked (App.ON_EFFECT)."""
        told = self.told
        for i in (0, 1, 2):
            asked = self.want_roll if i == 0 else (self.want_play if i == 1 else self.want_cube)
            if told[i] != asked:
                self.emit(ASK_ROLL + i, asked)   # (no heap for it: told at the next take)
                told[i] = asked
        out = self._outbox
        if not out:
            return ()                   # (nothing new: no list made, every cycle)
        self._outbox = []
        return out

    def sensed(self, reading, screen=True):
        """A settled reading: judged, t.leds (and t.screen) set. screen=False leaves the
        screen's rows for refresh_screen(): the app writes the LEDs first and draws the
        screen after (rest to LED: the rows cost more than the LEDs, BENCHMARKS.md app)."""
        # The app may pass every scan: the same reading in the same state is judged once.
        if self.fresh and self.seen is not None and self.seen.same_as(reading):
            return
        if self.seen is None:
            self.seen = type(reading)(reading.n_points)   # the reading's own class: no driver import
        elif self.menu is not None and self.phase == MOVING and not self.seen.same_as(reading):
            # a checker moved: the mover plays on, whoever opened the menu (the clock runs
            # meanwhile: a menu must not cost the mover time it cannot use)
            self._close_menu()
        if self.phase == MOVING and self.note is not None and not self.seen.same_as(reading):
            self.note = None            # "To play: 5" is out of date once a checker moved
        self.seen.copy_from(reading)
        self._evaluate()
        self._board_acts()
        if screen:
            self._refresh()
        else:
            screens.fill_leds(self, self.leds)   # the LEDs alone; the rows at refresh_screen
            self.screen = None
        self.fresh = True

    def refresh_screen(self, again=False):
        """t.screen up to date after sensed(reading, screen=False). again=True: the LEDs and
        the screen drawn again now, what they show changed outside the Table's events (a
        note said for a seat that waits, the menu's hint filled in: app/usbseat.py,
        app/online.py, app/hints.py)."""
        if again or self.screen is None:
            self._refresh()

    def tick(self, now_ms):
        """now_ms: a ticks_ms value; every comparison wraps (base/ticks.py)."""
        self.now = now_ms
        clock = self.clock
        shown = clock.shown()
        spent = _reserve_mark(clock)
        flagged = clock.tick(now_ms)
        changed = shown != clock.shown()
        if flagged == NOBODY and spent != _reserve_mark(clock) and self.save_wait is None:
            # each RESERVE_SAVE_MS of reserve: a power cut must not refund it (a checker in
            # a hand: when it is put down, after its LEDs, or SAVE_WAIT_MS from now)
            self.save_wait = now_ms
        wait = self.save_wait
        if wait is not None and (self.state != S_LIFTED and self.state != S_IN_HAND
                                 or not 0 <= ticks.diff(now_ms, wait) < SAVE_WAIT_MS):
            self.save()
        if flagged != NOBODY:
            flows.timeout(self, flagged)
            self.emit(BEEP, "timeout")
            changed = True
        elif self.state == S_IN_HAND:
            held = ticks.diff(now_ms, self.in_hand_since)
            if held < 0:
                self.in_hand_since = now_ms   # time went back (or no tick yet): a new grace
            elif held >= GRACE_MS:
                self._show_illegal()
                changed = True
        elif self.finish_view is not None and self._auto_finish(now_ms):
            changed = True
        if self.return_by is not None and self.phase == GAME_OVER and ticks.reached(now_ms, self.return_by):
            # seed 003: not back within 2 minutes: the match stops (game/seatflows.py)
            from game import seatflows
            seatflows.not_back(self)
            changed = True
        note = self.note
        # expired, or further ahead than a note lasts (set before the first tick, or the
        # time jumped back): a note never outstays NOTE_MS
        if note and not 0 < ticks.diff(note[1], now_ms) <= NOTE_MS:
            self.note = None
            changed = True
        # ticks come often: redraw only when something on show changed
        if changed:
            self.fresh = False
            self._board_acts()
            self._refresh()

    def dice(self, d1, d2=0):
        self.fresh = False
        wanted = self.want_roll
        if not (isinstance(d1, int) and isinstance(d2, int) and 1 <= d1 <= 6):
            return                      # not a die: the roll is still wanted
        if wanted == 1 and self.phase == OPENING:
            self.want_roll = None
            self._opening_die(d1)
        elif wanted == 2 and 1 <= d2 <= 6:
            self.want_roll = None
            self._rolled(d1, d2)
            self.clock.paused = self._clock_waits()    # (it waited for the server's dice)
        self._board_acts()
        self._refresh()

    def button(self, name, kind="press"):
        self.fresh = False
        if self.menu is not None or name == "menu":
            self._menu_button(name, kind)
        elif name in PLAYER_BUTTONS:
            event = _button_event(name, kind)
            if event is not None:
                self._player_button(0 if name[1] == "1" else 1, event)
        self._board_acts()
        self._refresh()

    def _player_button(self, player, event):
        """Through the phase x button table ON (below); two rules stand above it: a held main does
        nothing where it does not roll (and says so), and a hardware fault stops every main
        press that rolls, commits or passes (a cube answer needs no reading)."""
        phase = self.phase
        key = RESIGNATION if self.match.resigned_by != NOBODY and phase < GAME_OVER else phase
        handler = self.ON[key][event]
        if self.seats[player] and phase < GAME_OVER:
            # the board's seat, the computer on USB's, a player online's: it answers for
            # itself, and its buttons act for nobody (a person had rolled and passed for it)
            return flows.seat_held(self, player)
        if event == MAIN or (event == MAIN_HELD and handler is not None):
            if self.hw_fault and key < GAME_OVER and key != DOUBLED:
                self.say(self.tr("fault_main"))
                return
        if handler is not None:
            handler(self, player)
        elif event == MAIN_HELD and phase != SETUP:
            self.say(self.tr("main_short"))

    def resign(self, player, kind):
        """`player` offers to resign a single game (1), gammon (2) or backgammon (3)."""
        flows.resign(self, player, kind)
        self._board_acts()                 # the board in the other seat answers

    def abandon(self):
        """Abandon the match in progress: a new match starts with the current settings."""
        self.menu = None
        self._new_match()
        self.save()

    def ids(self):
        """GNU Backgammon's (position ID, match ID) of the game on the board, from the view of
        the player on roll (White's before the opening roll), the dice in the match ID once
        rolled. ValueError when gnubg cannot encode the state. Loaded for the call."""
        p = self.on_roll if self.on_roll >= 0 else 0
        view = self.board if p == 0 else self.board.swapped()
        d = self.turn_dice
        from game import gnubg_ids
        return gnubg_ids.ids_of(view, self.match, p, (d[0], d[1]) if d[0] else (0, 0))

    def level_of(self, player):
        """The board's level in `player`'s seat ('easy', 'normal', 'strong'; 'usb' for the
        computer on the USB line, app/usbseat.py), or None for a person."""
        seat = self.seats[player]
        return LEVELS[seat - 1] if seat else None

    def cycle_seat(self, player):
        """The settings' seat of `player`: a person -> the board easy -> normal -> strong -> the
        computer on USB -> a person. At once, in the game in progress (and recorded): game/flows.py."""
        from game import seatflows
        seatflows.cycle_seat(self, player)
        self._board_acts()

    def leave(self, player):
        """Seed 003's ghost: `player` leaves ("I'll be back"); the board plays for them at
        GHOST_LEVEL (Settings changes it) until they are back (game/flows.py)."""
        from game import seatflows
        seatflows.leave(self, player)
        self._board_acts()

    def come_back(self, player):
        """`player` is back ("I'm back", or their main after a game the ghost played): the
        seat is theirs again, in the middle of a turn too (game/flows.py)."""
        from game import seatflows
        seatflows.come_back(self, player)

    def set_seat(self, player, seat, away):
        """The one place a seat changes: `seat` a level (1..3) or SEAT_PERSON, `away` the
        player has left (the ghost). A person taking the seat in the board's turn plays
        their own move: the board's play shown is dropped, and its questions."""
        self.seats[player] = seat
        self.away[player] = away
        if away and OPENING <= self.phase <= NO_MOVE:
            self.ghosted[player] = 1
        self.want_play = self.want_cube = None
        if not seat and self.on_roll == player:
            self.shown_play = self.target = None
            self.shown_text = ""
            self.clock.paused = self._clock_waits()
        if not (self.away[0] or self.away[1]):
            self.return_by = None

    def seat_name(self, player):
        """The name the record and the export give `player`: White, Black, the board and its
        level ("Tablier (normal)"), the computer on USB, or the ghost playing for an absent
        player. Rare (a new match, a seat changed): game/flows.py's, loaded for the call."""
        from game import seatflows
        return seatflows.seat_name(self, player)

    def board_play(self, play):
        """The app's answer to want_play: the board's play (a bg.play.Play) for this turn. It
        is shown (LEDs, OLED in notation) until a person has made it on the board."""
        if self.want_play is None or self.phase != MOVING:
            return
        self.want_play = None
        self.shown_play = play
        from bg import notation
        self.shown_text = notation.format_play(play.moves, play.hits)
        self.target = play.apply(self.view)
        self.event(events.line("board_play", [("player", self.on_roll), ("play", self.shown_text)]))
        self.fresh = False
        self.clock.paused = True     # shown: nobody's time until hands make it (_clock_waits)
        self._evaluate()
        self._refresh()

    def board_cube(self, yes):
        """The app's answer to want_cube: the board doubles (ASK_DOUBLE) or takes (ASK_TAKE),
        through the same flows as a person's buttons."""
        ask = self.want_cube
        self.want_cube = None
        p = self.acting()
        if ask == ASK_DOUBLE and self.phase == PRE_ROLL:
            if yes:
                flows.double(self, p)
            else:
                self._roll(p)
        elif ask == ASK_TAKE and self.phase == DOUBLED:
            (flows.take if yes else flows.pass_double)(self, p)
        self._board_acts()
        self._refresh()

    def use_fair_dice(self, fair):
        """The provably fair dice (dice/fairroll.py's FairRoll, the App's) for the menu's Dice page."""
        self.fair = fair

    def brightness(self):
        """The LED brightness setting, percent of the driver's cap."""
        return self.settings.brightness

    def acting(self):
        """The player who must act now, or NOBODY."""
        m = self.match
        if self.phase in (PRE_ROLL, MOVING, NO_MOVE, OPENING_REROLL):
            if m.resigned_by != NOBODY:
                return other(m.resigned_by)
            return self.on_roll
        if self.phase == DOUBLED:
            return other(m.cube.offered_by)
        return NOBODY

    def may_double(self, player):
        m = self.match
        return m.resigned_by == NOBODY and m.cube.refusal_to_double(player, self.on_roll, False) is None

    def tr(self, key, *args):
        from game.i18n import tr
        return tr(self.settings.lang, key, *args)

    def name(self, player):
        return self.tr("white" if player == 0 else "black")

    # ---------------------------------------------------------------- effects
    def emit(self, kind, payload):
        self._outbox.append((kind, payload))

    def record(self, event):
        self.rec_seq += 1
        self.unsealed.append((event, self.rec_seq))
        self.seal()

    def seal(self):
        """The record lines waiting for their seal, out in order. Sealing loads
        record_writer.py for the line (a few a turn, as the saves); on a heap too fragmented
        for it (MemoryError) the transition goes on and its line waits here with its number,
        sealed before the next line or save: the record's numbers stay contiguous, the App
        says it (a RECORD_DELAYED effect: the lines waiting)."""
        u = self.unsealed
        try:
            while u:
                from record import record_writer
                self.emit(RECORD, record_writer.line(u[0][0], u[0][1]))
                del u[0]
        except MemoryError:
            self.emit(RECORD_DELAYED, len(u))

    def event(self, line):
        self.emit(EVENT, line)

    def save(self):
        self.save_wait = None          # (a clock's save that waited: this one is it)
        self.seal()                    # the lines this state counts go out before it
        try:
            from game import snapshot
            self.emit(SAVE, snapshot.to_bytes(self))
        except MemoryError:
            # no heap to load game.snapshot now: (SAVE, None), the App makes the snapshot
            # once the transition is over (app/loop.py's save), or says it is not saved
            self.emit(SAVE, None)

    def say(self, text):
        self.note = (text, ticks.add(self.now, NOTE_MS))

    # ---------------------------------------------------------------- match and games
    def _new_match(self):
        s = self.settings
        from game import ending
        self.match = ending.match_of(s)
        rules = ending.rules(s)
        self.record(("match", s.match_length(), rules, ""))
        for p in (0, 1):
            if self.seats[p]:
                self.record(("name", p, self.seat_name(p)))    # the board's seat, by level
        self.event(events.match(s.match_length(), (self.seat_name(0), self.seat_name(1)), rules))
        self.note = None                       # "(next match)": this is the next match now
        self._new_game()

    def _new_game(self):
        m = self.match
        self.board = Position.start()
        self.go(SETUP)
        self.on_roll = NOBODY
        self.turn_dice = (0, 0)
        self.opening = bytearray(2)
        self.last_move = b""
        self.want_roll = None
        self.ghosted[0], self.ghosted[1] = self.away[0], self.away[1]
        self.return_by = None
        self.clock = Clock(self.settings.clock)
        self.clock.tick(self.now)
        self._turn_reset()
        self.record(("game", m.score[0], m.score[1], m.crawford))
        self.event(events.game(m.game_number, m.score, m.crawford))
        self._evaluate()

    def _turn_reset(self):
        self.judge = None  # type: Any
        self.state = S_NONE
        self.verdict = None  # type: Any
        self.in_hand_since = 0     # ticks_ms when checkers went into a hand
        self.in_hand_reason = None
        self.lifted = 0            # mover's point a checker was lifted from
        self.dests = ()            # its legal destinations (mover's numbering)
        self.problem_points = ()  # type: Any  # illegal or uncertain points (mover's numbering, or White's for uncertain)
        self.problem_kind = None   # why a reading was not read: 'fault', 'mixed', 'weak', 'uncertain'
        self.shown_error = None
        self.last_legal = None  # type: Any
        self.view = None  # type: Any  # the turn's start from the mover's view
        self.choices = None  # type: Any  # complete plays an uncertain board fits (game/unsure.py)
        self.choice = 0
        self.probable = False      # the state shown is the probable reading of several (tall piles)
        self.finish_view = None  # type: Any  # auto-finish: the complete board standing
        self.finish_at = 0         # ... and the tick it commits at
        self.want_play = None      # the board's level while it needs a play for this turn (board_play)
        self.shown_play = None     # the board's play for this turn (bg.play.Play), shown until made
        self.shown_text = ""       # ... in notation
        self.target = None         # ... its result from the mover's view

    def _begin_turn(self, player):
        self.go(PRE_ROLL)
        self.on_roll = player
        self.turn_dice = (0, 0)
        self.note = None
        self._turn_reset()
        self.clock.start_turn(player)
        self.clock.paused = self._clock_waits()    # (a play shown in the last turn is gone)
        self.roll_if_auto()

    def roll_if_auto(self):
        if self.settings.auto_roll and not self.may_double(self.on_roll) and self.want_roll is None:
            self.roller = self.on_roll
            self.want_roll = 2

    def _rolled(self, d1, d2):
        if self.phase == OPENING_REROLL or self.phase == PRE_ROLL:
            self.note = None            # "White takes" and the like are of the turn before
            p = self.on_roll
            self.record(("roll", p, d1, d2))
            self.event(events.roll(p, d1, d2))
            self.emit(BEEP, "roll")
            self._start_moving(d1, d2)
            self.save()

    def _opening_die(self, d):
        who = self.roller
        if who == NOBODY or self.opening[who]:
            return
        self.opening[who] = d
        a, b = self.opening[0], self.opening[1]
        if not (a and b):
            self.say(self.tr("rolled_one", self.name(who), d))
            self.save()      # the first die is kept: a power cut must not let it be rolled again
            return
        from bg import opening
        first = opening.opening_roll(a, b)      # bg/opening.py: once a game, loaded for it
        if first == NOBODY:
            self.say(self.tr("tie", a, b))
            self.opening = bytearray(2)
            self.save()
            return
        self.on_roll = first
        self.clock.start_turn(first)
        if self.settings.reroll:
            # seed 004: the winner chooses, each game, to keep the two dice (main) or to
            # roll both again (cube); the screen asks (game/screens.py)
            self.go(OPENING_REROLL)
            self.note = None            # "Black rolled 5" is out of date: the screen says it
            self.save()      # the decided opening: a power cut must not let it be rolled again
            return
        self._keep_opening_dice()

    def _keep_opening_dice(self):
        first = self.on_roll
        from bg import opening
        d1, d2 = opening.opening_dice(self.opening[0], self.opening[1])
        self.record(("roll", first, d1, d2))
        self.event(events.roll(first, d1, d2))
        self._start_moving(d1, d2)
        self.say(self.tr("starts", self.name(first), d1, d2))
        self.save()

    def _start_moving(self, d1, d2):
        self.turn_dice = (d1, d2)
        self.go(MOVING)
        self._turn_reset()
        self._prepare_judge()
        if self.judge.max_dice == 0:
            self.go(NO_MOVE)
        self._evaluate()

    def _prepare_judge(self):
        self.view = self.board if self.on_roll == 0 else self.board.swapped()
        d1, d2 = self.turn_dice
        self.judge = Judge(self.view, d1, d2)
        self.last_legal = self.view

    def _commit(self, play):
        p = self.on_roll
        from game import tutor
        if self.settings.grading > 1 and not self.seats[p] and not tutor.tutor(self, play):
            return                  # the tutor (Settings > Grading: tut.080) judges it first
        end = play.apply(self.view)
        # the notation first (bg.notation loaded for it): with no heap to load it, nothing
        # of the commit has happened yet and the press can be made again
        from bg import notation
        text = notation.format_play(play.moves, play.hits)
        self.board = end if p == 0 else end.swapped()
        self.record(("play", p, play.moves))
        self.event(events.play(p, play.moves, text))
        self.emit(BEEP, "commit")
        lm = bytearray()
        for a, b in play.moves:
            lm.append(colours.led_of(a, p))
            lm.append(colours.led_of(b, p))
        self.last_move = bytes(lm)
        if game_result(self.board) is not None:
            self.match.end_game_at(self.board, 0)
            self.game_over(HOW_PLAY)
        else:
            self._begin_turn(other(p))
            self.save()

    def game_over(self, how):
        m = self.match
        self.end_how = how
        self.note = None
        self.clock.stop()
        self.want_roll = None
        winner, points = m.last_game[0], m.last_game[1]
        if self.away[winner]:
            # seed 003: the points of a game the ghost won (still in the winner's seat at the
            # end) are not counted; the opponent who beats the ghost gets theirs, and so does
            # a player back before the end (issue 26: one ghost turn had cost the game)
            flows.uncount(self.match, winner, points)
            points = 0
        if self.away[0] or self.away[1]:
            self.return_by = ticks.add(self.now, RETURN_MS)     # the seed's 2 minutes
        self._ended(winner, points)

    def _ended(self, winner, points):
        """The game's end recorded and said, the phase as the match now stands, saved."""
        m = self.match
        self.record(("end", winner, points))
        self.end_seq = self.rec_seq    # an online server may score it again (end_again)
        self.event(events.game_end(winner, points, m.score))
        self._turn_reset()
        if not m.is_over():
            self.go(GAME_OVER)
        elif self.phase != MATCH_OVER:
            self.go(MATCH_OVER)
            self.event(events.match_end(m.winner, m.score))
        self.save()

    def end_again(self, winner, points):
        """The game just ended, scored again (app/online.py: the server's points, the
        match's score already moved to them): its end line voided (a `W` line, as after a
        power cut) and written again, the phase as the match now stands."""
        self.rec_seq -= 1
        self.unsealed.append((("resume", self.rec_seq), None))
        self._ended(winner, points)
        self.fresh = False
        self._refresh()

    def take_position(self, board, player, d1, d2):
        """An online server's position (app/online.py) in the game in play: `board` (White's
        view), `player` on roll with d1 d2 (0 0: before the roll). Nothing is judged until
        the board stands exactly so (restoring 2, as after a power cut)."""
        # the server's game is past its opening roll: one decided (power-up refused a game
        # without one: a cut lost the match; never written into: a new game's is new), and
        # the dice asked before it are asked no more
        self.opening = b"\x02\x01"
        self.want_roll = None
        self.board = board
        if d1:
            self.on_roll = player
            self.clock.start_turn(player)
            self._start_moving(d1, d2)
        else:
            self._begin_turn(player)
        self.restoring = 2
        self.fresh = False
        self._evaluate()
        self._board_acts()
        self._refresh()
        self.save()

    # ---------------------------------------------------------------- the buttons' actions
    # (each is a cell of ON, below: player is the one whose button it is)
    def _roll_opening_die(self, player):
        if self.mismatch or self.restoring:
            self.say(self.tr("put_back"))
        elif not self.opening[player] and self.want_roll is None:
            self.roller = player
            self.want_roll = 1

    def _keep_or_reroll_ready(self, player):
        """The player on roll may act on the opening choice or roll: the board as it must be,
        no roll asked for already."""
        if player != self.on_roll:
            return False
        if self.mismatch or self.restoring:
            self.say(self.tr("put_back"))
            return False
        return self.want_roll is None

    def _keep_opening(self, player):
        if self._keep_or_reroll_ready(player):
            self._keep_opening_dice()     # the opening choice: main keeps the dice

    def _reroll_opening(self, player):
        # the opening choice (seed 004): the winner's cube rolls both dice again
        if player == self.on_roll and self.want_roll is None and not (self.mismatch or self.restoring):
            self.roller = player
            self.want_roll = 2

    def _roll(self, player):
        if self._keep_or_reroll_ready(player):
            self.roller = player
            self.want_roll = 2

    def _commit_pressed(self, player):
        if player != self.on_roll or self.restoring:
            return
        st = self.state
        if self.probable or self.choices or (st == S_UNCERTAIN and self.problem_kind != "weak"):
            # tall piles, an uncounted pile: the press says "complete", and only the
            # readings that are a complete play can be meant (game/unsure.py)
            self._commit_unsure()
        elif st == S_COMPLETE:
            self._commit(self.verdict.play)
        elif st == S_LIFTED or st == S_IN_HAND:
            # in a bear-off a lifted checker and a borne-off one look alike: say what is wrong
            self._show_illegal()
        elif st == S_LEGAL:
            rem = self.verdict.remaining if self.verdict and self.verdict.kind == PARTIAL else ()
            self.say(self.tr("still_to_play", " ".join(str(d) for d in rem)))
        elif st == S_UNCERTAIN:
            # a checker over the board, not set down: it is not counted, nor guessed
            self.say(self.tr("weak", " ".join(str(p) for p in self.problem_points[:3])))

    def _commit_unsure(self):
        if self.choices:
            self._commit(self.choices[self.choice])
            return
        from game import unsure
        plays = unsure.complete_plays(self.seen, self.board, self.judge, self.on_roll)
        if len(plays) == 1:
            self._commit(plays[0])
        elif plays:
            self.choices = plays
            self.choice = 0
        else:
            self.say(self.tr("unsure_none"))

    def _next_choice(self, player):
        # an uncounted pile fits several plays: show the next one (game/unsure.py)
        if self.choices and player == self.on_roll:
            self.choice = (self.choice + 1) % len(self.choices)

    def _pass_turn(self, player):
        if player != self.on_roll:
            return
        if self.mismatch or self.restoring or self.seen is None:
            # the pass needs the board as it was: a checker moved must go back first
            self.say(self.tr("put_back"))
            return
        self.record(("play", player, ()))
        self.event(events.play(player, (), ""))
        self._begin_turn(other(player))
        self.save()

    def _next_game(self, player):
        if self.away[player]:
            self.come_back(player)        # the seed's "continue": back for the next game
        if self.away[0] or self.away[1]:
            # the next game waits for the absent player (RETURN_MS, then the match stops)
            self.say(self.tr("ghost_wait", self.name(0 if self.away[0] else 1)))
            return
        self._new_game()

    def _next_match(self, player):
        self._new_match()

    # ---------------------------------------------------------------- the board's seat
    def _board_acts(self):
        """What the board does in its seat when it must act: roll its own dice, ask the app
        for its cube decision or its play (want_cube, want_play), pass when it cannot move,
        accept a resignation. A person moves its checkers (the play is shown; _judge_move
        commits it once the board holds it)."""
        seats = self.seats
        if not (seats[0] or seats[1]) or self.want_roll is not None or self.menu is not None \
                or self.mismatch or self.restoring or self.hw_fault:
            return
        phase = self.phase
        if phase == OPENING:
            for p in (0, 1):
                if seats[p] and not self.opening[p]:
                    self.roller = p
                    self.want_roll = 1
                    return
            return
        p = self.acting()
        if p == NOBODY or not seats[p]:
            return
        if self.match.resigned_by != NOBODY and phase < GAME_OVER:
            flows.accept_resignation(self, p)      # the board does not play a resigned game on
        elif phase == OPENING_REROLL:
            self._keep_opening_dice()
        elif phase == PRE_ROLL and self.want_cube is None:
            if self.may_double(p):
                self.want_cube = ASK_DOUBLE
            else:
                self._roll(p)
        elif phase == DOUBLED and self.want_cube is None:
            self.want_cube = ASK_TAKE
        elif phase == MOVING and self.shown_play is None and self.want_play is None:
            self.want_play = self.level_of(p)
        elif phase == NO_MOVE and self.seen is not None:
            self._pass_turn(p)

    def _board_play_made(self, j):
        """A complete play on the board in the board's turn: its own (committed), or another
        (named, not committed)."""
        if j.view == self.target:
            self._commit(self.shown_play)
            return True
        # the points where the board differs from the board's play (the mover's numbering)
        t, v = self.target, j.view  # type: Any, Any
        pts = [q for q in range(25, 0, -1) if t.me[q - 1] != v.me[q - 1] or
               (q < 25 and t.opp[24 - q] != v.opp[24 - q])]
        self.verdict = J.Verdict(ILLEGAL, reason="not_board_play", points=tuple(pts[:4]))
        self._show_illegal()
        return True

    # ---------------------------------------------------------------- the menu
    def _menu_button(self, name, kind):
        from game import menu             # loaded while open (_close_menu forgets it)
        if self.menu is None:
            self.menu = menu.Menu()
        elif menu.press(self.menu, self, name, kind):
            self._close_menu()

    def _close_menu(self):
        self.menu = None
        # closed: its code leaves the heap (its texts are data: game/i18n.py)
        rare.forget("game.menu", "dice.dicemenu")

    # ---------------------------------------------------------------- the board as read
    def _evaluate(self):
        """Judge the last reading in the light of the phase (game/moving.py)."""
        self.mismatch = None
        seen = self.seen
        if seen is not None:
            phase = self.phase
            fault = fault_points(seen) if phase < GAME_OVER else ()
            if fault != self.hw_fault:
                self.hw_fault = fault
                if fault:
                    # once per fault: on serial, in words, with what the scanner knows
                    from game import screens_between
                    self.event(events.error("sensor_fault", screens_between.fault_words(fault, seen.faults), fault))
                    self.emit(BEEP, "illegal")
            if phase == MOVING:
                self._judge_move()
                # resumed after a power cut, a play half made may stand; the online server's
                # position taken (app/online.py: restoring 2) stands only when put back exactly
                if self.restoring == 2 and moving.mismatch(seen, self.board) is None:
                    self.restoring = False
                if self.restoring is True and self.state in (S_LEGAL, S_COMPLETE, S_LIFTED):
                    self.restoring = False
                if self.restoring:
                    self.mismatch = moving.mismatch(seen, self.board)
            elif phase < GAME_OVER:
                self.mismatch = moving.mismatch(seen, self.board)
                if self.mismatch is None:
                    self.restoring = False
                    if phase == SETUP:
                        self.go(OPENING)
        self.clock.paused = self._clock_waits()

    def _judge_move(self):
        j = moving.judge_reading(self.seen, self.board, self.judge, self.on_roll, self.view,
                                 self.last_legal)
        finishing = self.finish_view
        self.finish_view = None      # kept below only while the same complete board stands
        self.lifted = j.lifted
        self.dests = j.dests
        self.choices = None          # a new reading: the plays it fits are found again on main
        self.probable = j.probable
        st = j.state
        if st == S_FAULT or st == S_UNCERTAIN:
            self.state = st
            self.problem_kind = j.problem_kind
            self.problem_points = j.problem_points
            if st == S_FAULT:
                self.clock.paused = True
            return
        self.verdict = j.verdict
        if j.problem_kind is not None:
            self.problem_kind = j.problem_kind
        if st == S_ILLEGAL:
            self._illegal_or_in_hand()
            return
        self.state = st
        if st == S_COMPLETE and self.shown_play is not None:
            self._board_play_made(j)
            return
        if st == S_COMPLETE:
            self.last_legal = j.view
            view = self.view
            if self.settings.auto_finish and not self.restoring and not self.probable \
                    and is_race(view) and moving.all_home(view.me):
                # committed by tick() once this board has stood for AUTO_FINISH_MS
                if finishing is None or finishing != j.view:
                    self.finish_at = ticks.add(self.now, AUTO_FINISH_MS)
                self.finish_view = j.view
        elif st == S_LEGAL:
            self.last_legal = j.view

    def _illegal_or_in_hand(self):
        reason = self.verdict.reason
        if reason in IN_HAND:
            # a new hand state (the blot now lifted, say) gets its own grace period
            if (self.state != S_IN_HAND and self.state != S_ILLEGAL) or self.in_hand_reason != reason:
                self.state = S_IN_HAND
                self.in_hand_since = self.now
                self.in_hand_reason = reason
            if ticks.diff(self.now, self.in_hand_since) >= GRACE_MS:
                self._show_illegal()
            else:
                self.state = S_IN_HAND
            return
        self._show_illegal()

    def _show_illegal(self):
        v = self.verdict
        self.state = S_ILLEGAL
        self.problem_points = v.points
        key = (v.reason, v.points)
        if key != self.shown_error:
            self.shown_error = key
            self.event(events.error(v.reason, screens.reason_text(self, v), v.points))
            self.emit(BEEP, "illegal")

    def _auto_finish(self, now):
        """From tick(): commit the complete bear-off that has stood for AUTO_FINISH_MS (no new
        reading since, no menu open, no resignation pending)."""
        if self.finish_view is None or self.state != S_COMPLETE or self.menu is not None \
                or not ticks.reached(now, self.finish_at) or self.match.resigned_by != NOBODY:
            return False
        self.finish_view = None
        self._commit(self.verdict.play)
        return True

    def _clock_waits(self):
        """True while the board waits on something the acting player cannot put right:
        its own play shown until hands make it, the board put back after a power cut, or a hardware fault of the sensors that keeps
        the board from being read (game/clock.py). An illegal board, a hand, an uncertain
        count or a disturbed board is the acting player's to fix: the clock runs."""
        if self.restoring or self.state == S_FAULT:
            return True                  # S_FAULT: points unreadable by a hardware fault
        if self.shown_play is not None:
            return True                  # the board's play shown: nobody's to make (issue 26)
        if self.want_roll and (self.seats[0] == 5 or self.seats[1] == 5):
            return True                  # (SEAT_ONLINE) the server's dice asked: app/online.py
        seen = self.seen
        if seen is None or not seen.faults:
            return False
        fault = False
        for f in seen.faults:
            if f[0] in HARDWARE_FAULTS:
                fault = True
        if not fault or self.mismatch:
            return fault
        if self.phase == MOVING:
            # a board read well enough to play on is the mover's time, a fault or not
            return self.state not in (S_LEGAL, S_COMPLETE, S_LIFTED)
        return False

    def _refresh(self):
        screens.fill_leds(self, self.leds)
        self.screen = screens.rows(self)

    # ---------------------------------------------------------------- phase x button
    # docs/table.md's "Phases and buttons", cell for cell: one row per phase (indexed by it),
    # one column per button event; None: nothing happens (a held main says "Press main
    # briefly", _player_button). RESIGNATION, the last row, stands for any phase of play
    # while a resignation waits for its answer. The rare cells are game/flows.py's.
    ON = (
        # MAIN                  MAIN_HELD          CUBE                      CUBE_HELD
        (None,                  None,              None,                     None),              # SETUP
        (_roll_opening_die,     _roll_opening_die, None,                     None),              # OPENING
        (_keep_opening,         _keep_opening,     _reroll_opening,          None),              # OPENING_REROLL
        (_roll,                 _roll,             flows.double,              None),              # PRE_ROLL
        (flows.take,             None,              flows.beaver,              flows.pass_double),  # DOUBLED
        (_commit_pressed,       None,              _next_choice,             None),              # MOVING
        (_pass_turn,            None,              None,                     None),              # NO_MOVE
        (_next_game,            None,              None,                     None),              # GAME_OVER
        (_next_match,           None,              None,                     None),              # MATCH_OVER
        (flows.accept_resignation, None,            flows.decline_resignation, None),              # RESIGNATION
    )
