"""A stateful fuzzer of whole matches through the real Table and App on real files (issue 26:
"the fuzzer that would have found these"). CPython only (hypothesis).

hypothesis's RuleBasedStateMachine draws from what a board meets: any button of any player
at any moment (press, long, double), checkers moved right and wrong, dice, the clock's time,
seats changed (a person, the board at each level, the computer on USB), the ghost leaving
and coming back, the board's and the USB program's answers (well and badly, to the wrong
question), serial lines from the USB side (`press`, `dice own`, stale `seat` answers), and
power cuts at any write (whole or torn: tests/powercut_board.py) with the board powered up
again on what its flash holds.

Invariants after every step: no fault of the App; the OLED's rows fit; while a program on
USB holds a seat, no `press` or `dice` line from the line changes anything, and no `seat`
answer changes anything unless the seat that must act is the USB's and it answers the
question asked; the clock charges only the player who must act, and nobody while the
board's play waits to be made; every state the Table saves resumes. At the end: the record
exports (host_tools export, its replay through the rules core) and GNU Backgammon imports
it and replays it to the score the board shows, and names each player as they were (the
header as the seat was at the match's first action, a note for each seat that changed
hands when an action was written, no note for a seat nobody acted in).

At the end too, verify-dice on the record (check_dice): no roll fails its seed, its counts
add up to the record's rolls, every game's seed but the last is revealed, exit 0 exactly
when every roll was checked.

Under the real MicroPython (no hypothesis there): tests/mp_fuzz.py, a seeded random driver
over the same kinds of actions on the App (power cuts at any write, the fair dice with
salts and dice keyed in, the computer on USB's and the online relay's answers), its own
invariants after each step, its records checked on the host by the same end invariants
(tests/test_fuzz_match.py; FUZZ_MP_SEEDS, FUZZ_MP_STEPS).

tests/test_fuzz_match.py runs it short (`make test`); `make fuzz` runs it long
(FUZZ_EXAMPLES, FUZZ_STEPS; docs/benchmarks-by-hand.md has its runs' figures).

Grading is switched off and on at any moment, and the App's engine works (app/loop.py
engine_work): the board's seats think with the real engine at their level (the strong
level's thinks budgeted: FUZZ_THINKS), or answer with a legal play drawn here.

Half the boards roll the fair dice (fairroll.py, as app/start.py makes them): the App rolls
(its seed, the salt given on the line, or the dice pad when the players enter their own),
its buttons go through the pads first, and no dice come from anywhere else (a seat online:
the relay's `seat dice`); invariant: a roll the record holds never changes.
"""
import os
import shutil
import tempfile

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule, invariant, precondition, initialize

import powercut_board as pb
from bg.movegen import legal_plays
from game.phases import SEAT_USB, MOVING, PRE_ROLL, DOUBLED, GAME_OVER
from game.settings import Settings
from game.table import Table

BUTTONS = ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo")
KINDS = ("press", "press", "press", "long", "double")
ENGINE = []          # gnubg_capture.command, set up once per process
# the strong level's thinks cost about 0.5 s each under CPython: at most this many a machine
# (make test's short run: 1; `make fuzz`: FUZZ_THINKS, more), the others drawn here. A
# machine's own count: what a machine does depends on its draws alone (hypothesis replays)
THINKS = int(os.environ.get("FUZZ_THINKS", "1"))
STATS = {"seeds": 0, "by_hand": 0, "thinks": 0, "strong_thinks": 0, "graded": 0, "machines": 0, "steps": 0, "cuts": 0, "games": 0, "exported": 0, "names": 0, "dice_checked": 0, "verified": 0}


def _engine():
    if not ENGINE:
        from host_tools import gnubg_capture
        gnubg_capture.setup()
        ENGINE.append(gnubg_capture.command)
    return ENGINE[0]


def _snapshot(t):
    import game.snapshot as snapshot
    return bytes(snapshot.to_bytes(t))


def check_dice(path, fair):
    """verify-dice on a record the board wrote (the fuzzers' end): its verdict and counts
    hold together with what was played. No roll fails its seed (the board's dice are the
    seed's); every roll is counted once (checked, entered by the players, the online server's,
    or before any commitment: their sum is the record's rolls); every game's seed but the last
    game's is revealed; exit 0 exactly when every roll was checked, else 2; a board without
    the fair dice has no commitment, a board with them no roll of its own before its first.
    Returns
    (exit status, the rolls checked)."""
    import contextlib
    import io
    import re
    from host_tools import record_read as record
    from host_tools import cmd_verifydice as vd
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = vd.main([path])
    said = out.getvalue()
    events, _ = record.read_file(path)
    rolls = sum(1 for e in events if e[0] == "roll")
    segs, _, reveals = vd.segments_of(events)
    online = sum(int(n) for n in re.findall(r"^note: (\d+) roll\(s\) rolled by the online server", said, re.M))
    outside = sum(int(n) for n in re.findall(r"^note: (\d+) roll\(s\) before any commitment", said, re.M))
    heads = re.findall(r"^commitment .*$", said, re.M)
    items = sum(int(re.findall(r"(\d+) roll\(s\), ", h)[-1]) for h in heads)
    entered = sum(int(n) for h in heads for n in re.findall(r"; (\d+) roll\(s\) entered by the players", h))
    checked = sum(int(n) for h in heads for n in re.findall(r"(\d+) roll\(s\), every one as the seed gives: OK", h))
    assert status != 1, said
    assert len(heads) == len(segs), (heads, said)
    assert items + entered + outside + online == rolls, ("verify-dice's counts", items, entered,
                                                         outside, online, rolls, said)
    revealed = {__import__("hashlib").sha256(bytes.fromhex(h)).hexdigest() for h, _ in reveals}
    unrevealed = [i for i, sg in enumerate(segs) if sg.hash not in revealed]
    # only the seed in play may be unrevealed; it can head more than one segment (its `F`
    # line written again after a cut voided it, "from roll K")
    in_play = segs[-1].hash if segs else None
    assert all(segs[i].hash == in_play for i in unrevealed), (
        "a game's seed never revealed", unrevealed, len(segs), said)
    every = not (outside or entered or online or unrevealed) and rolls > 0
    assert status == (0 if every else 2), (status, every, said)
    if not fair:
        assert not segs, said
    else:
        # the board's own rolls (not the players' keyed in, not an online server's) all
        # follow a commitment
        entering = committed = 0
        for e in events:
            if e[0] == "entered":
                entering = e[1]
            elif e[0] == "commit":
                committed = 1
            elif e[0] == "roll":
                assert committed or entering, ("a fair board's roll before its commitment", e, said)
    return status, checked


class MatchMachine(RuleBasedStateMachine):
    """One board, played from power-up to wherever hypothesis stops."""

    @initialize(length=st.sampled_from([1, 3, 5]), clock=st.sampled_from([0, 1, 2]),
                fair=st.booleans())
    def power_up(self, length, clock, fair):
        self.folder = tempfile.mkdtemp(prefix="tablier-fuzz-")
        self.settings = Settings(length=length, clock=clock)
        self.fair = fair
        self.strong_left = THINKS
        self.seeds = 0                           # the fair dice's seeds: drawn from this count
        self.rolls = []                          # the record's rolls: once written, never changed
        self.power = pb.Power()
        self._power_up()
        self.cut_pending = False
        self.timeline = [(0, self._names())]     # (acts in the record, seat names) a step
        self.cut = False                         # a power cut in this machine
        STATS["machines"] += 1

    # ------------------------------------------------------------------ helpers
    @property
    def t(self):
        return self.board.rig.t

    @property
    def r(self):
        return self.board.rig

    def _act(self, fn, *args):
        """Run an action; a power cut inside it powers the board up again."""
        STATS["steps"] += 1
        try:
            fn(*args)
        except pb.PowerCut:
            STATS["cuts"] += 1
            self.cut = True
            self.power = pb.Power()
            self._power_up()

    def _power_up(self):
        """The board powered up on what its flash holds; with the fair dice (fairroll.py, as
        app/start.py makes them: seeds, salts, dice entered by hand) on a fair board."""
        self.board = pb.Board(self.folder, self.settings, self.power)
        if self.fair:
            from dice.fairroll import FairRoll
            app = self.board.app
            app.fair = FairRoll(path=os.path.join(self.folder, "dice.bin"), seed_source=self._seed)
            app.table.fair = app.fair
            app.fair.watch(app, self.r.now)

    def _seed(self):
        """The fair dice's seeds, the same at each replay of a machine's draws (hypothesis)."""
        import hashlib
        self.seeds += 1
        return hashlib.sha256(b"fuzz %d" % self.seeds).digest()

    def _names(self):
        from host_tools.matfile import clean_name
        return tuple(clean_name(self.t.seat_name(p), "Player %d" % (p + 1)) for p in (0, 1))

    def _acts(self):
        """The number of actions (rolls, plays, cube actions, ends) the record holds."""
        from host_tools import record_read as record
        from host_tools.matfile import _ACTS
        path = os.path.join(self.folder, "match.rec")
        try:
            size = os.path.getsize(path)
        except OSError:
            return 0, []
        if getattr(self, "_acts_of", (None,))[0] != size:     # read again when it changed
            events, _ = record.read_file(path)
            self._acts_of = (size, sum(1 for e in events if e[0] in _ACTS), events)
        return self._acts_of[1:]

    def _usb_seated(self):
        """A program on USB holds a seat: the computer on USB, or the relay of a player online."""
        return max(self.t.seats[0], self.t.seats[1]) >= SEAT_USB

    # ------------------------------------------------------------------ the board's hands
    @rule(name=st.sampled_from(BUTTONS), kind=st.sampled_from(KINDS))
    def press(self, name, kind):
        self._act(self.r.press, name, kind)

    @precondition(lambda self: self.t.phase == 0)
    @rule()
    def set_up(self):
        self._act(self.r.setup)

    @precondition(lambda self: self.t.want_roll and not self.fair)
    @rule(d1=st.integers(1, 6), d2=st.integers(1, 6))
    def dice(self, d1, d2):
        """The board's own dice (its drivers'); a board with the fair dice rolls them (app_rolls)
        or the players key theirs in on the pad, never dice from nowhere."""
        if self.t.want_roll == 1:
            self._act(self.r.give_dice, d1)
        else:
            self._act(self.r.give_dice, d1, d2)

    @precondition(lambda self: self.t.phase == MOVING and self.t.shown_play is None
                  and self.t.want_play is None)
    @rule(pick=st.integers(0, 10 ** 6), commit=st.booleans())
    def legal_move(self, pick, commit):
        t = self.t
        p = t.on_roll
        view = t.board if p == 0 else t.board.swapped()
        plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
        if not plays:
            return

        def go():
            self.r.board = t.board.copy()          # the turn's start (a wrong move undone)
            self.r.move(p, plays[pick % len(plays)].moves)
            if commit:
                self.r.press("p%d_main" % (p + 1))
        self._act(go)

    @precondition(lambda self: self.t.phase == MOVING)
    @rule(frm=st.integers(1, 24), to=st.integers(0, 24))
    def wrong_move(self, frm, to):
        t = self.t
        p = t.on_roll
        mine = self.r.board.me if p == 0 else self.r.board.opp
        if not mine[frm - 1] or frm == to:
            return
        self._act(self.r.move, p, [(frm, to)])

    @precondition(lambda self: self.t.shown_play is not None)
    @rule(right=st.booleans())
    def make_the_boards_play(self, right):
        t = self.t
        p = t.on_roll

        def go():
            if right:
                end = t.target if p == 0 else t.target.swapped()
                self.r.board = end.copy()
                self.r.feed()
            else:
                self.r.board = t.board.copy()
                self.r.feed()
        self._act(go)

    @rule(ms=st.sampled_from([20, 500, 5000, 30000]))
    def time_passes(self, ms):
        t = self.t
        acting = t.acting()
        shown = t.shown_play is not None and t.phase == MOVING
        before = list(t.clock.reserve)
        left = t.clock.turn_left
        ended = t.phase
        self._act(self.r.wait, ms)
        t = self.t
        if t.phase != ended or t.clock.reserve is None:
            return                                   # (a loss on time, a new game: fine)
        for p in (0, 1):
            if p != acting:
                assert t.clock.reserve[p] == before[p], ("charged a player not acting", p, before, t.clock.reserve)
        if shown and t.shown_play is not None:
            assert t.clock.reserve == before and t.clock.turn_left == left, \
                "the clock ran while the board's play waited to be made"

    # ------------------------------------------------------------------ seats
    @rule(player=st.integers(0, 1))
    def cycle_seat(self, player):
        self._act(self.t.cycle_seat, player)
        self._act(self.r.collect)

    @rule(player=st.integers(0, 1), leave=st.booleans())
    def ghost(self, player, leave):
        t = self.t
        self._act(t.leave if leave else t.come_back, player)
        self._act(self.r.collect)

    @precondition(lambda self: self.t.want_play is not None and self.t.phase == MOVING
                  and self.t.seats[self.t.on_roll] < SEAT_USB)
    @rule(pick=st.integers(0, 10 ** 6))
    def board_answers_its_play(self, pick):
        t = self.t
        view = t.view
        plays = legal_plays(view, t.turn_dice[0], t.turn_dice[1])
        if plays:
            self._act(t.board_play, plays[pick % len(plays)])
            self._act(self.r.collect)

    @precondition(lambda self: self.t.want_cube is not None
                  and self.t.seats[self.t.acting()] < SEAT_USB)
    @rule(yes=st.booleans())
    def board_answers_its_cube(self, yes):
        self._act(self.t.board_cube, yes)
        self._act(self.r.collect)

    # ------------------------------------------------------------------ the App's own dice and buttons
    @precondition(lambda self: self.t.want_roll)
    @rule(d1=st.integers(1, 6), d2=st.integers(1, 6))
    def app_rolls(self, d1, d2):
        """The App rolls (the fair dice's next roll, or the pad asked for dice by hand; a board
        without the fair dice: these dice, as its drivers' would)."""
        if not self.fair:
            self.board.app.loaded = [d1, d2]
        self._act(self.board.app.tick, self.r.now)      # (the fair dice watch: a match's seed)
        self._act(self.board.app.roll_if_wanted, self.r.now)
        self._act(self.r.collect)

    @rule(name=st.sampled_from(BUTTONS), kind=st.sampled_from(KINDS))
    def app_press(self, name, kind):
        """A button through the App (the dice pad's and the salt pad's keys first)."""
        self._act(self.board.app.press, name, kind, self.r.now)
        self._act(self.r.collect)

    @rule(salt=st.sampled_from(["1", "42", "31415926", "0", "12a", ""]))
    def salt(self, salt):
        from app import commands
        self._act(commands.answer, self.board.app, ("dice salt " + salt).strip())

    @invariant()
    def a_roll_written_never_changes(self):
        rolls = [e for e in self._acts()[1] if e[0] == "roll"]
        assert rolls[:len(self.rolls)] == self.rolls or len(rolls) < len(self.rolls) and \
            self.rolls[:len(rolls)] == rolls, ("a roll changed", self.rolls[-6:], rolls[-6:])
        if len(rolls) >= len(self.rolls):
            self.rolls = rolls

    # ------------------------------------------------------------------ the engine, grading
    @rule(level=st.sampled_from([0, 0, 1, 2, 3]))
    def grading(self, level):
        """Grading switched off or on (1: graded after the commit; 2, 3: the tutor too), as
        the menu sets it, at any moment."""
        self.t.settings.grading = level
        self._act(self.board.app.engine_work, self.r.now)

    @rule(n=st.integers(1, 4))
    def engine_works(self, n):
        """The App's engine at work n times (app/loop.py engine_work): the board's seat at its
        level thinks with the real engine (its play, its cube), the menu's hint, a walk of
        grading. The strong level's thinks are budgeted (THINKS)."""
        app = self.board.app
        for _ in range(n):
            t = self.t
            asked = t.want_play is not None or t.want_cube is not None
            p = t.acting()
            if asked and p >= 0 and t.seats[p] == 3:
                if self.strong_left <= 0:
                    return
                self.strong_left -= 1
                STATS["strong_thinks"] += 1
            if asked and p >= 0 and 0 < t.seats[p] < 4:
                STATS["thinks"] += 1
            lines = len(self.board.lines)
            self._act(self.board.app.engine_work, self.r.now)
            STATS["graded"] += sum(1 for ln in self.board.lines[lines:] if '"t":"grade"' in ln)
            self._act(self.r.collect)
            if self.board.app is not app:
                return                                  # (a cut: powered up again)

    # ------------------------------------------------------------------ the USB line
    @rule(line=st.sampled_from(["press p1_main", "press p1_cube long", "press p2_main",
                                "press p2_cube long", "press menu", "press undo",
                                "dice own on", "dice own off", "dice", "dice salt 7",
                                "dice check", "state", "ids", "help",
                                "seat play 13/7 8/7"]))
    def usb_line(self, line):
        from app import commands
        t = self.t
        usb = self._usb_seated()
        before = _snapshot(t)
        self._act(commands.answer, self.board.app, line)
        if usb and self.t is t:
            assert _snapshot(self.t) == before, "a line from USB changed the game: " + line

    @rule(stale=st.booleans(), good=st.booleans(), pick=st.integers(0, 10 ** 6))
    def usb_answers(self, stale, good, pick):
        """The computer on USB answers (the question asked, or a stale one; well or badly)."""
        from app import commands
        t = self.t
        q = t.rec_seq - (1 + pick % 5 if stale else 0)
        asked = None
        p = t.acting()
        if p >= 0 and t.seats[p] >= SEAT_USB:        # the computer on USB, the online relay
            if t.want_play is not None and t.phase == MOVING:
                asked = "play"
            elif t.want_cube is not None:
                asked = "cube" if t.phase == PRE_ROLL else "take" if t.phase == DOUBLED else None
        words = {"play": None, "cube": ("double", "roll"), "take": ("take", "pass")}
        if asked == "play":
            plays = legal_plays(t.view, t.turn_dice[0], t.turn_dice[1])
            answer = "play " + (plays[pick % len(plays)].notation() if plays and good else "24/1")
        elif asked:
            answer = words[asked][pick % 2] if good else "play 13/7"
        else:
            answer = ("double", "take", "roll", "play 13/7 8/7")[pick % 4]
        before = _snapshot(t)
        self._act(commands.answer, self.board.app, "seat %d %s" % (q, answer))
        if self.t is t and (asked is None or stale or not good):
            assert _snapshot(self.t) == before, ("a refused USB answer changed the game", asked, answer)

    # ------------------------------------------------------------------ play on
    @rule(n=st.integers(1, 40), seed=st.integers(0, 2 ** 31))
    def play_on(self, n, seed):
        """Players who play: up to n actions as pb.play's (legal plays at random, some cube
        actions), the board's and the USB program's seats answered well."""
        from tablekit import Lcg
        from app import commands
        rng = Lcg(seed)
        for _ in range(n):
            t = self.t
            if t.phase == 8:
                return
            p = t.acting()
            if t.want_roll and self._usb_seated() and 5 in (t.seats[0], t.seats[1]):
                # a seat online: the relay answers the server's dice
                dice = "%d" % (1 + rng.next(6)) if t.want_roll == 1 else "%d %d" % (1 + rng.next(6), 1 + rng.next(6))
                self._act(self.board.app.roll_if_wanted, self.r.now)
                # (named by its question's q, read when the line is sent: a cut may have
                # powered a new board up)
                self._act(lambda: commands.answer(self.board.app, "seat dice %d %s" % (
                    __import__("app.online").online.dice_q(self.board.app.table), dice)))
                self._act(self.r.collect)
            elif p >= 0 and t.seats[p] >= SEAT_USB and (t.want_play is not None or t.want_cube is not None):
                if t.want_play is not None:
                    plays = legal_plays(t.view, t.turn_dice[0], t.turn_dice[1])
                    answer = "play " + plays[rng.next(len(plays))].notation() if plays else "play"
                else:
                    answer = ("roll" if t.phase == PRE_ROLL else "take")
                self._act(commands.answer, self.board.app, "seat %d %s" % (t.rec_seq, answer))
            elif (t.want_play is not None or t.want_cube is not None) and p >= 0 \
                    and 0 < t.seats[p] < 3 and rng.next(2):
                self.engine_works(1)                        # the real engine (easy, normal)
            elif t.want_play is not None and t.phase == MOVING:
                self.board_answers_its_play(rng.next(1000))
            elif t.want_cube is not None:
                self._act(t.board_cube, rng.next(3) == 0)
                self._act(self.r.collect)
            elif t.shown_play is not None:
                self.make_the_boards_play(True)
            elif t.want_roll and self.fair and self.board.app.fair.pad is not None:
                self.app_press(("p1_main", "menu")[rng.next(2)], "press")   # the dice keyed in
            elif t.want_roll and self.fair:
                self.app_rolls(1, 1)                        # the fair dice's roll
            elif t.want_roll:
                self.dice(1 + rng.next(6), 1 + rng.next(6))
            elif t.menu is not None:
                self._act(self.r.press, "menu", "long")          # closed
            else:
                self._step(t, rng)

    def _step(self, t, rng):
        """One action of players who play on (the menu closed, no seat's question open)."""
        phase, p = t.phase, t.on_roll
        main = "p%d_main" % (p + 1)
        if phase == 0:
            self._act(self.r.setup)
        elif phase == 1:
            self._act(self.r.press, "p1_main" if not t.opening[0] else "p2_main")
        elif phase == 2:
            self._act(self.r.press, main if rng.next(2) else "p%d_cube" % (p + 1))
        elif phase == PRE_ROLL:
            if t.may_double(p) and rng.next(8) == 0:
                self._act(self.r.press, "p%d_cube" % (p + 1))
            else:
                self._act(self.r.press, main)
        elif phase == DOUBLED:
            q = 1 - t.match.cube.offered_by
            self._act(self.r.press, "p%d_main" % (q + 1) if rng.next(4) else "p%d_cube" % (q + 1),
                      "press" if rng.next(4) else "long")
        elif phase == MOVING:
            self.legal_move(rng.next(1000), True)
        else:
            self._act(self.r.press, "p%d_main" % (1 if t.away[0] or not t.away[1] else 2))

    # ------------------------------------------------------------------ power
    @rule(k=st.integers(0, 30), torn=st.booleans(), now=st.integers(0, 5))
    def power_cut(self, k, torn, now):
        """The power goes at the k-th write from now (whole, or torn in the middle); or,
        now == 0, at once (between two writes)."""
        if now:
            self.power.cut_at = self.power.points + k
            self.power.torn = torn
            return
        STATS["cuts"] += 1
        self.cut = True
        self.power = pb.Power()
        self._power_up()

    # ------------------------------------------------------------------ invariants
    @invariant()
    def no_fault_and_the_screen_fits(self):
        t = self.t
        assert self.board.app.faults == 0, self.board.app.last_fault
        t.refresh_screen()
        assert 1 <= len(t.screen) <= 6, t.screen

    @invariant()
    def names_tracked(self):
        """The seats' names after each step and how many actions the record then holds
        (for the end's check of the names the export gives)."""
        self.timeline.append((self._acts()[0], self._names()))

    def _check_names(self, events, mat_path):
        """The export names each player as they were (issue 26 item 6): the header names each
        seat as it was at the match's first action; a seat that changed hands when a later
        action was written is said in a note; no note names a seat nobody acted in (a menu
        cycled through the seats)."""
        import re
        from host_tools.matfile import _ACTS, split_matches
        last = split_matches(events)[-1]
        before = sum(1 for e in events[:len(events) - len(last)] if e[0] in _ACTS)
        text = open(mat_path).read()
        header = [re.search(r'; \[Player %d "(.*)"\]' % (p + 1), text).group(1) for p in (0, 1)]
        notes = re.findall(r'; \[Note "Game \d+, move \d+: (.*?)\'s seat is (.*?)"\]', text)
        acted = [set(), set()]        # names a seat had (before or after) in a step that wrote actions
        stable = [set(), set()]       # names it had for the whole of such a step
        first = None
        for (n0, was), (n1, now) in zip(self.timeline, self.timeline[1:]):
            if n1 <= max(n0, before):
                continue
            if first is None:
                first = (was, now)
            for p in (0, 1):
                acted[p].update((was[p], now[p]))
                if was[p] == now[p]:
                    stable[p].add(now[p])
        if first is None:
            return
        # a person's seat never named in the record is "Player 1" / "Player 2" in the export,
        # and "White" / "Black" once a line names it again: the same seat
        same = {"White": "Player 1", "Black": "Player 2"}
        header = [same.get(n, n) for n in header]
        notes = [(same.get(a, a), same.get(b, b)) for a, b in notes]
        acted = [{same.get(n, n) for n in a} for a in acted]
        stable = [{same.get(n, n) for n in a} for a in stable]
        first = tuple(tuple(same.get(n, n) for n in names) for names in first)
        for p in (0, 1):
            assert header[p] in (first[0][p], first[1][p]), (
                "the export names player %d %r, not as they were at the first action" % (p + 1, header[p]),
                first, notes)
            said = {header[p]} | {who for name, who in notes if name == header[p]}
            for who in stable[p] - said:
                raise AssertionError(("player %d acted as %r: no note says so" % (p + 1, who), header, notes))
            for name, who in notes:
                if name == header[p]:
                    assert who in acted[p] or (header[0] == header[1] and who in acted[1 - p]), (
                        "a note names a seat nobody acted in", name, who, acted)

    @invariant()
    def the_state_resumes(self):
        Table(saved=_snapshot(self.t))

    def teardown(self):
        try:
            if getattr(self, "board", None) is None:
                return
            self.power.cut_at = None
            t = self.t
            STATS["games"] += t.match.game_number - 1 + (1 if t.phase >= GAME_OVER else 0)
            rec = os.path.join(self.folder, "match.rec")
            from host_tools import record_read as record
            from host_tools.matfile import PLAYED, split_matches
            try:
                events, _ = record.read_file(rec)
            except OSError:
                return
            STATS["seeds"] += sum(1 for e in events if e[0] == "commit")
            STATS["by_hand"] += sum(1 for e in events if e[0] == "entered" and e[1])
            if not any(e[0] in PLAYED for e in events):
                return
            out = os.path.join(self.folder, "out")
            os.makedirs(out, exist_ok=True)
            code, msgs, matches, mats = pb.export_and_import(rec, out, _engine(), True)
            last = split_matches(events)[-1]
            # the board's match has no line yet before its opening roll (its match and game
            # lines wait for the first play): the record's last match is then the one before
            fresh = t.match.game_number == 1 and t.phase <= 2 and t.match.score == [0, 0]
            try:
                assert code == 0, msgs
                if any(e[0] in PLAYED for e in last) and not fresh:
                    assert pb.gnubg_score(matches[-1]) == list(t.match.score), (
                        msgs, mats, pb.gnubg_score(matches[-1]), list(t.match.score))
                if any(e[0] in PLAYED for e in last):
                    self._check_names(events, os.path.join(out, mats[-1]))
                    STATS["names"] += 1
                if any(e[0] == "roll" for e in events):
                    status, checked = check_dice(rec, self.fair)
                    STATS["dice_checked"] += checked
                    STATS["verified"] += status == 0
            except AssertionError:
                keep = os.environ.get("FUZZ_KEEP")       # the failing record kept there
                if keep and not os.path.exists(keep):
                    shutil.copytree(self.folder, keep)
                raise
            STATS["exported"] += 1
        finally:
            pb.Board.unpatch()
            shutil.rmtree(getattr(self, "folder", ""), ignore_errors=True)
