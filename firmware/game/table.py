"""The Table: the whole game as played at the board, fed with events, giving effects.

    t = Table(settings=None, saved=None)   # saved: snapshot bytes (ValueError if corrupt)
    t.sensed(sensed)       # a settled reading.Sensed reading (White's numbering)
    t.button(name, kind)   # 'p1_main' 'p1_cube' 'p2_main' 'p2_cube' 'menu' 'undo'; 'press' 'long' 'double'
    t.tick(now_ms)         # ticks_ms (wraps at 2**30): clocks, the in-hand grace period, notes
    t.dice(d1, d2=0)       # the dice asked for by t.want_roll (1: one opening die, 2: a roll)
Outputs after every call: t.want_roll, t.leds (codes of game.colours), t.screen (<= 6 rows
of <= 16 characters), t.take_outbox(): ('record', sealed line) for the match record (record_writer.py),
('event', json_line) built by firmware/events.py (one JSON object, no newline), ('save',
snapshot bytes) to store atomically now, ('beep', name) a hw/buzzer.py pattern.

Players: 0 = White = p1, 1 = Black = p2. Phases: setting up, opening roll, before the roll
(double or roll), a double waiting for its answer, moving, no legal move, game over, match
over. Buttons (docs/table.md): a player's main button rolls, commits, takes, accepts (a
long press rolls before the roll and does nothing elsewhere); the cube button doubles
(press), beavers (press, when allowed) and passes a double (long press); it declines a
resignation. The menu button opens and walks the menu, undo goes back, a main button
selects (resigning: only the resigner's main, and a confirmation, game/menu.py).
The clock charges the player who must act and pauses only for what that player cannot
put right (game/clock.py, _clock_waits).
"""
from bg.position import Position
from bg.judge import Judge, PARTIAL
from bg.opening import opening_roll, opening_dice
from bg.cube import NOBODY, other
from bg.scoring import game_result
from reading import Sensed
from game import colours
from game.settings import Settings
from game.clock import Clock
import events
import ticks
from record_writer import line as record_line
from lazy import call, forget

try:
    from typing import Any  # for the type checker only: MicroPython has no typing
except ImportError:
    pass

# phases
SETUP = 0
OPENING = 1
OPENING_REROLL = 2
PRE_ROLL = 3
DOUBLED = 4
MOVING = 5
NO_MOVE = 6
GAME_OVER = 7
MATCH_OVER = 8
PHASES = 9

NOTE_MS = 3000     # how long a short note (a take, a refusal) stays on the screen
# sensor faults of the hardware itself (reading.py): while one keeps the board from being
# read, the clock waits (game/clock.py); 'mixed' and 'too_many' are checkers, not hardware
HARDWARE_FAULTS = ("mux", "stuck", "out_of_range")

# what the board shows while moving (game/moving.py)
from game.moving import S_NONE, S_LEGAL, S_COMPLETE, S_LIFTED, S_IN_HAND, S_ILLEGAL, \
    S_UNCERTAIN, S_FAULT, GRACE_MS, IN_HAND  # noqa: F401 (re-exported for screens and tests)
from game import moving

HOW_PLAY = 0
HOW_PASS = 1
HOW_RESIGN = 2
HOW_TIME = 3

PLAYER_BUTTONS = ("p1_main", "p1_cube", "p2_main", "p2_cube")


RESERVE_SAVE_MS = 1000    # the reserve is saved at each whole second of it spent


def _reserve_mark(clock):
    """Changes at each whole second of either reserve spent (a save is due then)."""
    r = clock.reserve
    return r[0] // RESERVE_SAVE_MS + r[1] // RESERVE_SAVE_MS


class Table:
    def __init__(self, settings=None, saved=None):
        self.settings = settings if settings is not None else Settings()
        self.want_roll = None
        self.leds = bytearray(colours.LED_COUNT)
        self.screen = []  # type: Any  # (None: not drawn since a reading, refresh_screen)
        self.header_memo = None    # (what the OLED's header rows show, the rows): game/screens.py
        self._outbox = []
        self.now = 0
        self.seen = None             # a copy of the last sensed reading
        self.fresh = False           # seen has been judged in the current state
        self.note = None             # (text, until_ms): a short message
        self.menu = None             # game.menu.Menu while the menu is open
        self.restoring = False       # resumed from a snapshot: the board must be put back
        self.mismatch = None         # (wrong, unsure) points vs the position to hold
        self.hw_fault = ()           # points a hardware fault leaves unreadable (White's numbering)
        self.last_move = b""         # LED indices, (from, to) pairs, of the last play
        self.end_how = HOW_PLAY
        self.roller = NOBODY
        self.in_hand_since = 0       # ticks_ms when checkers went into a hand (game/moving.py)
        self.match = None  # type: Any  # bg.match.Match, made by game/ending.py's new_match
        self.rec_seq = 0             # record lines emitted (saved): record and state agree after a cut
        if saved is not None:
            call("game.snapshot", "restore", self, saved)
            # the record resumes where this state stands (record_open.open_log voids what is beyond)
            self._emit("record", record_line(("resume", self.rec_seq)))
            self.restoring = True
            self._turn_reset()
            if self.phase == MOVING or self.phase == NO_MOVE:
                self._prepare_judge()
            m = self.match  # type: Any
            if m.resigned_by != NOBODY and self.phase < GAME_OVER:
                self.clock.start_answer(other(m.resigned_by))
            self.clock.paused = True     # until a reading shows the board as saved
        else:
            self._new_match()
        self._refresh()

    # ---------------------------------------------------------------- the API
    def take_outbox(self):
        out = self._outbox
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
            self.seen = Sensed(reading.n_points)
        elif self.menu is not None and self.phase == MOVING and not self.seen.same_as(reading):
            # a checker moved: the mover plays on, whoever opened the menu (the clock runs
            # meanwhile: a menu must not cost the mover time it cannot use)
            self._close_menu()
        if self.phase == MOVING and self.note is not None and not self.seen.same_as(reading):
            self.note = None            # "To play: 5" is out of date once a checker moved
        self.seen.copy_from(reading)
        self._evaluate()
        if screen:
            self._refresh()
        else:
            from game import screens
            screens._leds(self)          # (render's first part: the LEDs alone)
            self.screen = None           # (no attribute of its own: the Table's is full)
        self.fresh = True

    def refresh_screen(self):
        """t.screen up to date after sensed(reading, screen=False)."""
        if self.screen is None:
            self._refresh()

    def tick(self, now_ms):
        """now_ms: a ticks_ms value; every comparison wraps (firmware/ticks.py)."""
        self.now = now_ms
        clock = self.clock
        shown = clock.shown()
        spent = _reserve_mark(clock)
        flagged = clock.tick(now_ms)
        changed = shown != clock.shown()
        if flagged == NOBODY and spent != _reserve_mark(clock):
            self._save()      # each whole second of reserve: a power cut must not refund it
        if flagged != NOBODY:
            self._timeout(flagged)
            changed = True
        elif self.state == S_IN_HAND:
            held = ticks.diff(now_ms, self.in_hand_since)
            if held < 0:
                self.in_hand_since = now_ms   # time went back (or no tick yet): a new grace
            elif held >= GRACE_MS:
                self._show_illegal()
                changed = True
        elif self.finish_view is not None and moving.auto_finish(self, now_ms):
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
        self._refresh()

    def button(self, name, kind="press"):
        self.fresh = False
        if self.menu is not None or name == "menu":
            from game import menu
            menu.button(self, name, kind)
            if self.menu is None:
                self._close_menu()
        elif name in PLAYER_BUTTONS:
            player = 0 if name[1] == "1" else 1
            if name.endswith("main"):
                if kind == "press":
                    self._main(player)
                elif kind == "long" or kind == "double":
                    self._main_held(player)
            else:
                self._cube(player, kind)
        self._refresh()

    def _close_menu(self):
        self.menu = None
        forget("game.menu", "game.i18n_menu")   # closed: its code and texts leave the heap

    def ids(self):
        """GNU Backgammon's (position ID, match ID) of the game on the board, from the view of
        the player on roll (White's before the opening roll), the dice in the match ID once
        rolled. ValueError when gnubg cannot encode the state. bg.ids is loaded for the call."""
        import sys
        loaded = "bg.ids" in sys.modules
        p = self.on_roll if self.on_roll >= 0 else 0
        view = self.board if p == 0 else self.board.swapped()
        d = self.turn_dice
        try:
            state = self.match.match_state(p, (d[0], d[1]) if d[0] else (0, 0))  # loads bg.ids
            from bg import ids
            return ids.position_id(view), ids.match_id(state)
        finally:
            if not loaded:
                forget("bg.ids")     # a menu screen or a serial command: rare

    def brightness(self):
        """The LED brightness setting, percent of the driver's cap."""
        return self.settings.brightness

    # ---------------------------------------------------------------- effects
    def _emit(self, kind, payload):
        self._outbox.append((kind, payload))

    def _record(self, event):
        self.rec_seq += 1
        self._emit("record", record_line(event, self.rec_seq))

    def _event(self, line):
        self._emit("event", line)

    def _save(self):
        # a few saves a turn: the snapshot code is loaded for each (lazy.call)
        self._emit("save", call("game.snapshot", "to_bytes", self))

    def _note(self, text):
        self.note = (text, ticks.add(self.now, NOTE_MS))

    def tr(self, key, *args):
        from game.i18n import tr
        return tr(self.settings.lang, key, *args)

    # ---------------------------------------------------------------- match and games
    def _new_game(self):
        m = self.match
        self.board = Position.start()
        self.phase = SETUP
        self.on_roll = NOBODY
        self.turn_dice = (0, 0)
        self.opening = bytearray(2)
        self.last_move = b""
        self.want_roll = None
        self.clock = Clock(self.settings.clock)
        self.clock.tick(self.now)
        self._turn_reset()
        self._record(("game", m.score[0], m.score[1], m.crawford))
        self._event(events.game(m.game_number, m.score, m.crawford))
        self._evaluate()

    def _turn_reset(self):
        self.judge = None  # type: Any
        self.state = S_NONE
        self.verdict = None  # type: Any
        self.in_hand_since = 0
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
        self.finish_view = None  # type: Any  # auto-finish: the complete board standing (game/moving.py)
        self.finish_at = 0         # ... and the tick it commits at

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

    def _begin_turn(self, player):
        self.phase = PRE_ROLL
        self.on_roll = player
        self.turn_dice = (0, 0)
        self.note = None
        self._turn_reset()
        self.clock.start_turn(player)
        self._auto_roll()

    def _auto_roll(self):
        if self.settings.auto_roll and not self._may_double(self.on_roll) and self.want_roll is None:
            self.roller = self.on_roll
            self.want_roll = 2

    def _may_double(self, player):
        m = self.match
        return m.resigned_by == NOBODY and m.cube.refusal_to_double(player, self.on_roll, False) is None

    def _rolled(self, d1, d2):
        if self.phase == OPENING_REROLL or self.phase == PRE_ROLL:
            self.note = None            # "White takes" and the like are of the turn before
            p = self.on_roll
            self._record(("roll", p, d1, d2))
            self._event(events.roll(p, d1, d2))
            self._emit("beep", "roll")
            self._start_moving(d1, d2)
            self._save()

    def _opening_die(self, d):
        who = self.roller
        if who == NOBODY or self.opening[who]:
            return
        self.opening[who] = d
        a, b = self.opening[0], self.opening[1]
        if not (a and b):
            self._note(self.tr("rolled_one", self._name(who), d))
            self._save()      # the first die is kept: a power cut must not let it be rolled again
            return
        first = opening_roll(a, b)
        if first == NOBODY:
            self._note(self.tr("tie", a, b))
            self.opening = bytearray(2)
            self._save()
            return
        self.on_roll = first
        self.clock.start_turn(first)
        if self.settings.reroll:
            # seed 004: the winner chooses, each game, to keep the two dice (main) or to
            # roll both again (cube); the screen asks (game/screens.py)
            self.phase = OPENING_REROLL
            self.note = None            # "Black rolled 5" is out of date: the screen says it
            self._save()      # the decided opening: a power cut must not let it be rolled again
            return
        self._keep_opening_dice()

    def _keep_opening_dice(self):
        first = self.on_roll
        d1, d2 = opening_dice(self.opening[0], self.opening[1])
        self._record(("roll", first, d1, d2))
        self._event(events.roll(first, d1, d2))
        self._start_moving(d1, d2)
        self._note(self.tr("starts", self._name(first), d1, d2))
        self._save()

    def _start_moving(self, d1, d2):
        self.turn_dice = (d1, d2)
        self.phase = MOVING
        self._turn_reset()
        self._prepare_judge()
        if self.judge.max_dice == 0:
            self.phase = NO_MOVE
        self._evaluate()

    def _prepare_judge(self):
        self.view = self.board if self.on_roll == 0 else self.board.swapped()
        d1, d2 = self.turn_dice
        self.judge = Judge(self.view, d1, d2)
        self.last_legal = self.view

    # ---------------------------------------------------------------- buttons
    def _main(self, player):
        m = self.match
        phase = self.phase
        if m.resigned_by != NOBODY and phase < GAME_OVER:
            if player != m.resigned_by:
                self._answer_resignation(player, True)
            return
        if self.hw_fault and phase < GAME_OVER and phase != DOUBLED:
            # the board cannot see some points: no roll, commit or pass until it can (a
            # cube answer needs no reading)
            self._note(self.tr("fault_main"))
            return
        if phase == OPENING:
            if self.mismatch or self.restoring:
                self._note(self.tr("put_back"))
            elif not self.opening[player] and self.want_roll is None:
                self.roller = player
                self.want_roll = 1
        elif phase == OPENING_REROLL or phase == PRE_ROLL:
            if player != self.on_roll:
                return
            if self.mismatch or self.restoring:
                self._note(self.tr("put_back"))
            elif self.want_roll is None:
                if phase == OPENING_REROLL:
                    self._keep_opening_dice()    # the opening choice: main keeps the dice
                    return
                self.roller = player
                self.want_roll = 2
        elif phase == DOUBLED:
            if player == other(m.cube.offered_by):
                self._take(player)
        elif phase == MOVING:
            if player == self.on_roll:
                self._try_commit()
        elif phase == NO_MOVE:
            if player != self.on_roll:
                return
            if self.mismatch or self.restoring or self.seen is None:
                # the pass needs the board as it was: a checker moved must go back first
                self._note(self.tr("put_back"))
            else:
                self._record(("play", player, ()))
                self._event(events.play(player, (), ""))
                self._begin_turn(other(player))
                self._save()
        elif phase == GAME_OVER:
            self._new_game()
        elif phase == MATCH_OVER:
            self._new_match()

    def _main_held(self, player):
        """A long (or double) press of a main button. Before the roll it does what a press
        does (rolls): holding the button a little long is still asking for the dice.
        Elsewhere it does nothing, and a note says so: a held main never commits, takes or
        accepts by accident."""
        phase = self.phase
        if self.match.resigned_by == NOBODY and \
                (phase == OPENING or phase == OPENING_REROLL or phase == PRE_ROLL):
            self._main(player)
        elif phase != SETUP:
            self._note(self.tr("main_short"))

    # ---------------------------------------------------------------- committing
    def _try_commit(self):
        if self.restoring:
            return
        st = self.state
        if self.probable or self.choices:
            # tall piles: the board shows the probable reading, but the press says
            # "complete": only the readings that are a complete play can be meant
            call("game.unsure", "commit", self)
        elif st == S_COMPLETE:
            self._commit(self.verdict.play)
        elif st == S_LIFTED:
            # in a bear-off a lifted checker and a borne-off one look alike: say what is wrong
            self._show_illegal()
        elif st == S_LEGAL:
            rem = self.verdict.remaining if self.verdict and self.verdict.kind == PARTIAL else ()
            self._note(self.tr("still_to_play", " ".join(str(d) for d in rem)))
        elif st == S_IN_HAND:
            self._show_illegal()
        elif st == S_UNCERTAIN and self.problem_kind == "weak":
            # a checker over the board, not set down: it is not counted, nor guessed
            self._note(self.tr("weak", " ".join(str(p) for p in self.problem_points[:3])))
        elif st == S_UNCERTAIN:
            # the press says "complete": that may settle which reading is meant
            call("game.unsure", "commit", self)

    def _commit(self, play):
        p = self.on_roll
        end = play.apply(self.view)
        self.board = end if p == 0 else end.swapped()
        self._record(("play", p, play.moves))
        # once a turn: bg.notation loaded for it only (lazy.call)
        self._event(events.play(p, play.moves, call("bg.notation", "format_play", play.moves, play.hits)))
        self._emit("beep", "commit")
        lm = bytearray()
        for a, b in play.moves:
            lm.append(self._led_of(a, p))
            lm.append(self._led_of(b, p))
        self.last_move = bytes(lm)
        result = game_result(self.board)
        if result is not None:
            self.match.end_game_at(self.board, 0)
            self._game_over(HOW_PLAY)
        else:
            self._begin_turn(other(p))
            self._save()

    # ---------------------------------------------------------------- rare flows
    # cube actions, resignations, game ends: loaded for the moment (lazy.call), see
    # game/cubeflow.py and game/ending.py
    def _cube(self, player, kind):
        if self.phase == OPENING_REROLL:
            # the opening choice (seed 004): the winner's cube rolls both dice again
            if player == self.on_roll and kind == "press" and self.want_roll is None \
                    and not (self.mismatch or self.restoring):
                self.roller = player
                self.want_roll = 2
            return
        if self.choices and kind == "press" and player == self.on_roll \
                and self.phase == MOVING and self.match.resigned_by == NOBODY:
            # an uncounted pile fits several plays: show the next one (game/unsure.py)
            self.choice = (self.choice + 1) % len(self.choices)
            return
        call("game.cubeflow", "cube", self, player, kind)

    def _take(self, player):
        call("game.cubeflow", "take", self, player)

    def resign(self, player, kind):
        """`player` offers to resign a single game (1), gammon (2) or backgammon (3)."""
        call("game.cubeflow", "resign", self, player, kind)

    def _answer_resignation(self, player, accept):
        call("game.cubeflow", "answer_resignation", self, player, accept)

    def abandon(self):
        """Abandon the match in progress: a new match starts with the current settings."""
        call("game.ending", "abandon", self)

    def _new_match(self):
        call("game.ending", "new_match", self)

    def _timeout(self, player):
        call("game.ending", "timeout", self, player)

    def _game_over(self, how):
        call("game.ending", "game_over", self, how)

    # ---------------------------------------------------------------- the board
    def _evaluate(self):
        moving.evaluate(self)
        self.clock.paused = self._clock_waits()

    def _show_illegal(self):
        moving.show_illegal(self)

    def _clock_waits(self):
        """True while the board waits on something the acting player cannot put right:
        the board put back after a power cut, or a hardware fault of the sensors that keeps
        the board from being read (game/clock.py). An illegal board, a hand, an uncertain
        count or a disturbed board is the acting player's to fix: the clock runs."""
        if self.restoring or self.state == S_FAULT:
            return True                  # S_FAULT: points unreadable by a hardware fault
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

    # ---------------------------------------------------------------- output
    def _name(self, player):
        return self.tr("white" if player == 0 else "black")

    def _led_of(self, point, player):
        """The LED index of `point` in `player`'s numbering (25 = bar, 0 = off: no LED)."""
        if point == 0:
            return 0
        if point == 25:
            return colours.LED_WHITE_BAR + player
        return point if player == 0 else 25 - point

    def _refresh(self):
        from game import screens
        screens.render(self)

