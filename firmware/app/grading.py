"""Grading at the board (issue 12, docs/coach.md): with the setting Grading on, every
decision is graded against the engine's best after its commit, and each game and the match
are reviewed at their end.

The App hands every record line the Table writes to Grader.line(); the deferred Review
(engine/review.py) copies the positions there and nothing more, so the commit is never
delayed. Grader.step(), once per turn of the App's loop, does one walk of the waiting work
(the play's grading, then its luck a roll at a time); the engine's tick (app/seat.py)
runs a scan and reads the buttons inside a walk once a think slice (App.think_tick), so
the scan goes on and no press is lost, and the next player's roll, presses and moves are
taken between walks. A cube decision is one evaluation: graded at its line.

Each grade is shown briefly: the OLED (the App's notice: "Black 13/7 8/7", "doubtful
-0.034") and the mover's status LED (GRADE_RGB) for GRADE_MS, and a "grade" event on serial.
A person's grade up keeps its time: a grade of the board's seat waits for it (issue 26: the
board answers a double at once, and its "take / fine" hid the person's "wrong double"). An open menu is shown over a grade, so that no press goes to a
menu the grade hides (the grade stays on the LED and on serial).
Once a game is over and its work done, the review: a "review" event of the game (and of
the match when it is over) and a screen of pages (the game, then the match so far) that
the menu button turns; any other button closes it and goes to the Table.

The tutor (Grading set to tut.080 or tut.020, issue 28; game/tutor.py): a person's play,
double, take or pass waits for its grade (the Table's tutor[0], answered here: _tutor);
the Table warns of a blunder (or a doubtful decision) and makes it at the same press again.

Loaded by grading.start when grading is on (a board with grading off carries none of
it); the Grader's methods keep this module while it lives. The engine is the App's
(app/seat.py's engine_of: made at power-up with grading on, as for a board's seat).
"""
from engine.review import Review, Tally
from engine.coach import FINE, GRADE_NAMES
from engine.coach_text import signed, grade_event, review_rows, review_event
from bg.steps import apply_step
from base import ticks
from base import rare

GRADE_MS = 3000
# the mover's status LED after a graded decision: fine, doubtful, blunder
GRADE_RGB = ((0, 255, 0), (255, 110, 0), (255, 0, 0))
_STATUS = (27, 28)           # Table.leds roles of the status LEDs turn_p1, turn_p2


def start(app, now_ms=None):
    """The App's Grader, or 0 when the engine cannot be made (said in words; the game goes on
    without grading until the setting is switched off and on again)."""
    from app.seat import engine_of
    try:
        e = engine_of(app)
        g = Grader(app, e)
    except Exception as x:           # no memory; no weights file (OSError, ValueError)
        from base import events
        from base.errwords import words as why
        app.engine = None
        words = why(x) if isinstance(x, (OSError, MemoryError)) else str(x)
        app.write_line(events.error("grading", "no grading: %s" % words))
        from base.textrows import wrap
        fr = app.table.settings.lang
        app.notice([app.table.tr("c_grading") if fr else "Grading:"] + wrap(words, 16)[:4], now_ms)
        return 0
    return g


def parse(sealed):
    """The host_tools/record_read.py event tuple of a sealed record line (the kinds the Review reads), else None."""
    at = sealed.rfind(" @")
    f = (sealed[:at] if at > 0 else sealed).split(" ")
    c = f[0][0]
    if c == "M":
        return ("match", int(f[1]), "" if f[2] == "-" else f[2], None)
    if c == "G":
        return ("game", int(f[1]), int(f[2]), len(f) > 3)
    if c == "H":
        return ("position", f[1], f[2])
    if len(f[0]) < 2 or c not in "RPDTKBE":
        return None
    p = int(f[0][1])
    if c == "R":
        return ("roll", p, int(f[1]), int(f[2]))
    if c == "P":
        return ("play", p, tuple((int(f[i]), int(f[i + 1])) for i in range(1, len(f) - 1, 2)))
    if c == "T":
        return ("take", p)
    if c == "K":
        return ("drop", p)
    return (("double", "beaver", "end")["DBE".index(c)], p, int(f[1]))


class Grader:
    def __init__(self, app, engine):
        self.app = app
        r = self.review = Review(engine, deferred=True, listener=self._noted)
        r.on_play = self._play_graded
        r.live = False               # until a game line (or the game on the board: _join)
        self.texts = []              # the notation of each play waiting in the review's queue
        self.lit = -1                # the player whose status LED shows a grade, or -1
        self.lit_grade = 0
        self.lit_until = 0
        self.shown = None            # the grade on the OLED: (player, grade, rows)
        self.waiting = None          # the grade to show when it ends
        self.ended = False           # a game ended: its review once its work is done
        self.pages = []              # the review screen's pages (rows), shown while there are any
        self.page = 0
        self.first = app.table.match.game_number   # the match's first game graded (a power
                                                   # cut or grading on mid-match: not game 1)
        self._join(app.table)

    def _join(self, t):
        """Grading switched on, or the board powered up, in the middle of a game: the Review
        takes the game as it stands on the board (the decisions before are not graded)."""
        from game import phases as T
        r = self.review
        m = t.match
        r.length = m.length
        r.rules = ("C" if m.crawford_rule else "") + ("J" if m.jacoby else "") + ("B" if m.beavers else "")
        r.with_cube = t.settings.cube_enabled()
        if not (T.PRE_ROLL <= t.phase <= T.NO_MOVE) or t.phase == T.DOUBLED:
            return
        r._new_game(m.score[0], m.score[1], m.crawford)
        r.games = m.game_number
        r.cube_value = m.cube.value
        r.cube_owner = m.cube.owner if m.cube.owner >= 0 else -1
        p = t.on_roll
        pid = t.ids()[0]
        d = t.turn_dice
        r.event(("position", pid, "%d%d%d" % (p, d[0], d[1])))

    # -- the record's lines ----------------------------------------------------------
    def line(self, sealed):
        ev = parse(sealed)
        if ev is None:
            return
        r = self.review
        t = self.app.table
        kind = ev[0]
        if kind == "match":
            r.tally = [Tally(), Tally()]
            r.games = 0
            self.first = 1
            r.with_cube = t.settings.cube_enabled()
        elif kind == "roll":
            # the cube's maximum and the Table's own rules decide whether a double was possible
            r.with_cube = t.settings.cube_enabled() and t.match.cube.value < t.settings.cube_max
        text = None
        if kind == "play" and r.live:
            text = self._notation(ev[1], ev[2])
        queued = len(r.queue)
        r.event(ev)
        if len(r.queue) > queued:
            self.texts.append(text)      # shown when its grade is known (_play_graded)
        if kind == "end":
            self.ended = True

    def _notation(self, p, moves):
        r = self.review
        me = bytearray(r.boards[p])
        opp = bytearray(r.boards[1 - p])
        hits = []
        try:
            for f, to in moves:
                hits.append(apply_step(me, opp, f, to))
        except (IndexError, ValueError):
            hits = []                    # a play the Review will refuse: no hit marks
        from bg import notation
        return self.app.table.name(p) + " " + (notation.format_play(moves, hits) or "-")

    def _w(self, key, en):
        """The word `en` of a screen, from game/fr.txt's `key` on a French board (issue
        26: no English on a French screen)."""
        t = self.app.table
        return t.tr(key) if t.settings.lang else en

    # -- the grades ------------------------------------------------------------------
    def _play_graded(self, p, g):
        text = self.texts.pop(0) if self.texts else ""
        if g:
            self._show(p, "play", g.grade, g.loss, [text])

    def _noted(self, note):
        if note.kind in ("double", "answer"):
            g = note.grade
            a = g.action
            if a == "no double":
                if g.grade == FINE:
                    return           # before every roll: only a missed double is said
                words = self._w("c_missed", "missed double")
            else:
                words = self._w("c_" + a, a)
                if g.grade != FINE:
                    words = self._w("c_wrong", "wrong %s") % words
            self._show(note.player, note.kind, g.grade, g.loss,
                       [self.app.table.name(note.player) + " " + words])

    def _show(self, p, kind, grade, loss, head):
        app = self.app
        rows = []
        for h in head:
            while len(h) > 16:
                cut = h.rfind(" ", 0, 17)
                cut = 16 if cut <= 0 else cut
                rows.append(h[:cut])
                h = h[cut:].lstrip()
            rows.append(h)
        rows = rows[:4]
        name = self._w("c_g%d" % grade, GRADE_NAMES[grade])
        rows.append(("%s %s" % (name, signed(-loss) if loss else "0.000"))[:16])
        app.write_line(grade_event(p, kind, grade, loss))
        g = (p, grade, rows)
        up = self.shown
        seats = app.table.seats
        if seats[p] and up is not None and app._notice is up[2] and not seats[up[0]]:
            self.waiting = g          # the board's grade after the person's, up now
            app.notice(rows, app.now, True)
            return
        self._up(g)

    def _up(self, g):
        app = self.app
        app.notice(g[2], app.now)
        self._lit(g)

    def _lit(self, g):
        self.shown = g
        self.lit = g[0]
        self.lit_grade = g[1]
        self.lit_until = ticks.add(self.app.now, GRADE_MS)
        self.app._leds_written = False     # the status LED's colour at the next display

    def paint(self, leds, led_map):
        """The mover's status LED in its grade's colour (App.display_leds, before show())."""
        if self.lit >= 0:
            i = led_map[_STATUS[self.lit]]
            if i != 255:
                leds.set(i, GRADE_RGB[self.lit_grade])

    # -- the loop --------------------------------------------------------------------
    def busy(self):
        """Work waits (a play to grade or its luck)."""
        r = self.review
        return bool(r.queue) or r.job is not None

    def step(self, now_ms):
        app = self.app
        if not app.table.settings.grading:
            # switched off: this code leaves the heap (the engine too once nobody needs it:
            # App.engine_work)
            app.grader = None
            app._leds_written = False
            rare.forget("app.grading", "engine.review", "engine.coach")
            return
        if self.lit >= 0 and ticks.reached(now_ms, self.lit_until):
            self.lit = -1
            app._leds_written = False
        w = self.waiting
        if w is not None and app._notice is w[2]:
            self.waiting = None       # the App put it up when the one before ended
            self._lit(w)
        elif self.shown is not None and app._notice is None:
            self.shown = None
        t = app.table
        s = t.tutor                       # game/tutor.py's state: a decision asked about
        if s[0] is not None and s[3] == t.rec_seq:
            self._tutor(t, s[0])          # one walk: the tutor's verdict before the decision
        elif self.busy():
            self.review.step()            # one walk; the engine's tick scans inside it
        elif self.ended:
            self.ended = False
            self._reviews(now_ms)

    def _tutor(self, t, w):
        """The tutor (Settings > Grading: tutor, game/tutor.py): the loss of a person's play
        (main pressed on it) or cube action (double, take, pass), against the engine's best,
        for the Table (game/tutor.py's verdict), before it is made."""
        coach = self.review.coach
        g = None
        if isinstance(w, tuple):
            kind, p = w
            doubler = p if kind == "double" else 1 - p
            b = t.board if doubler == 0 else t.board.swapped()
            c = self._cube_of(t, doubler)
            if kind == "double":
                g = coach.grade_double(b.me, b.opp, c, True)
            else:
                g = coach.grade_answer(b.me, b.opp, c, kind == "take")
        else:
            view = t.view
            after = w.apply(view)
            d1, d2 = t.turn_dice
            try:
                g = coach.grade_play(view.me, view.opp, d1, d2, after.me, after.opp)
            except ValueError:
                pass                      # not one of the roll's results: no warning
        from game import tutor
        tutor.tutor(t, g.loss if g else 0)     # game/tutor.py's verdict

    def _cube_of(self, t, p):
        """The cube (engine.review.CubeState) as player p, about to double, sees it."""
        from engine.review import CubeState
        m = t.match
        cube = m.cube
        c = CubeState()
        c.value = cube.value
        c.owner = "centre" if cube.owner < 0 else ("me" if cube.owner == p else "them")
        c.length = m.length
        c.jacoby = m.jacoby
        c.beavers = cube.beavers
        if m.length:
            c.away = m.length - m.score[p]
            c.opp_away = m.length - m.score[1 - p]
            c.crawford = m.crawford
        return c

    # -- the reviews -----------------------------------------------------------------
    def _reviews(self, now_ms):
        from game.phases import MATCH_OVER
        app = self.app
        t = app.table
        r = self.review
        names = (t.name(0), t.name(1))
        w = self._w
        words = (w("c_rate", "rate"), w("c_doubt", "doubt"), w("c_blund", "blund"),
                 w("c_luck", "luck"), w("c_per", "(x1000 per move)"))
        app.write_line(review_event("game", r.game_tally))
        pages = [review_rows(r.game_tally, names, w("c_game", "game %d") % r.games, words)]
        over = t.phase == MATCH_OVER
        if over:
            app.write_line(review_event("match", r.tally))
        if over or r.games > 1:
            # games before the first graded (a power cut, grading on mid-match) are not in
            # the tally: the title says from which game it counts (issue 26: said nothing)
            title = w("c_match", "match") if over else w("c_sofar", "so far")
            if self.first > 1:
                title = w("c_from", "g%d on") % self.first
            pages.append(review_rows(r.tally, names, title, words))
        for i in range(len(pages)):
            pages[i][-1] = w("c_next", "Menu: next") if i + 1 < len(pages) else w("c_close", "Menu: close")
        self.pages = pages
        self.page = 0

    def rows(self):
        """The review page up, or None."""
        return self.pages[self.page] if self.pages else None

    def screen(self, rows, notice):
        """What the OLED shows instead of `rows` (App.display_screen): the review page up,
        under any notice (a grade, a fault) up now; the menu when it is open over a grade."""
        if self.shown is not None and notice is self.shown[2] and self.app.table.menu is not None:
            return self.app.table.screen
        return self.pages[self.page] if self.pages and notice is None else rows

    def button(self, name, kind):
        """The review screen's keys: menu turns the page (closes after the last); any
        other button closes it and goes on to the Table (False: not taken)."""
        if not self.pages:
            return False
        if name == "menu" and kind == "press":
            self.page += 1
            if self.page >= len(self.pages):
                self.pages = []
            return True
        self.pages = []
        return False
