"""The review of a match: every decision of a record graded by the coach, tallied per player.

Fed the board's record events one at a time (host_tools/record_read.py's tuples: the host reads
a whole record, the board feeds each event as it is written), a Review replays the game
(checkers, cube, score, Crawford) and grades:
  - each play (engine.coach.grade_play) and the luck of each roll;
  - the doubler's choice before each roll when the cube was available (a missed double)
    and each double (a wrong double);
  - each answer to a double (a wrong take or a wrong pass; a beaver counts as a take).

Error rate (GNU Backgammon's "error rate mEMG", the scale XG calls error rate): the
player's total equity lost / the decisions counted x 1000. Counted, as gnubg counts them:
the unforced plays (more than one distinct result) and the "close or actual" cube
decisions (a double, an answer, an error, or a no-double within 0.16 of doubling).

The record does not say whether the cube was switched off: Review(cube=False) leaves the
doubling decisions out. A play the rules do not allow (a damaged record) is counted in
`skipped` and the game's later plays are not graded (the board would be wrong).
"""
from bg.position import Position
from engine.coach import Coach, DOUBTFUL, BLUNDER, KEEP
from engine.net import P_ONE
from bg.play import apply_step


class CubeState:
    """The cube as the side on roll (or the doubler) sees it, for Coach.cube_decision."""

    def __init__(self):
        self.value = 1
        self.owner = "centre"
        self.length = 0
        self.away = 0
        self.opp_away = 0
        self.crawford = False
        self.crawford_done = False
        self.jacoby = False
        self.beavers = False


class Tally:
    """One player's figures: moves (unforced plays graded), plays (all plays), cube
    (counted cube decisions), chequer / cube_loss (equity lost, 1/65536), doubtful,
    blunders, luck (1/65536), rolls."""

    def __init__(self):
        self.moves = 0
        self.plays = 0
        self.cube = 0
        self.chequer_loss = 0
        self.cube_loss = 0
        self.doubtful = 0
        self.blunders = 0
        self.luck = 0
        self.rolls = 0

    def decisions(self):
        return self.moves + self.cube

    def loss(self):
        return self.chequer_loss + self.cube_loss

    def error_rate_x10(self):
        """The error rate in tenths (mean loss per decision x 1000, x 10), rounded; 0 with
        no decision. Integer arithmetic: both interpreters agree."""
        n = self.decisions()
        if not n:
            return 0
        return (self.loss() * 10000 + n * P_ONE // 2) // (n * P_ONE)

    def error_rate(self):
        n = self.decisions()
        return self.loss() * 1000.0 / (n * P_ONE) if n else 0.0

    def add(self, other):
        for k in ("moves", "plays", "cube", "chequer_loss", "cube_loss", "doubtful",
                  "blunders", "luck", "rolls"):
            setattr(self, k, getattr(self, k) + getattr(other, k))


class Note:
    """What one graded decision was, for a listener (the SGF export, the board's display):
    kind "play", "roll" (a roll with no legal play), "double" or "answer"; player; game
    (1 for the first); dice; grade (coach.PlayGrade / CubeGrade, None for "roll"); luck
    (plays and rolls; None otherwise); counted (it enters the error rate); me, opp: the
    position before it from the player's side; cube: the CubeState used (cube decisions)."""

    def __init__(self, kind, player, game, dice, grade, luck, counted, me, opp, cube=None):
        self.kind = kind
        self.player = player
        self.game = game
        self.dice = dice
        self.grade = grade
        self.luck = luck
        self.counted = counted
        self.me = me
        self.opp = opp
        self.cube = cube


class Review:
    def __init__(self, engine, luck=True, cube=True, listener=None, keep=KEEP, deferred=False):
        self.coach = Coach(engine, keep)
        # deferred (the board): a play's grading and luck wait in self.queue and step()
        # does them a walk at a time; cube decisions (one evaluation each) are graded at once
        self.deferred = deferred
        self.on_play = None      # deferred: on_play(player, grade) once a play is graded (the
        self.queue = []          # board shows it at once; its luck comes walks later)
        self.job = None
        self.with_luck = luck
        self.with_cube = cube
        self.listener = listener
        self.tally = [Tally(), Tally()]
        self.game_tally = [Tally(), Tally()]
        self.length = 0
        self.rules = ""
        self.games = 0
        self.skipped = 0
        self.score = [0, 0]
        self._new_game(0, 0, False)
        self.live = False

    # -- state ----------------------------------------------------------------------
    def _new_game(self, s0, s1, crawford):
        self.boards = [bytearray(Position.start().me), bytearray(Position.start().me)]
        self.score = [s0, s1]
        self.crawford = crawford
        self.cube_value = 1
        self.cube_owner = -1
        self.pending = -1          # the doubler waiting for an answer
        self.after_beaver = False  # the doubler's answer to a beaver: not graded
        self.turn_doubled = -1     # who doubled this turn (then no "no double" before the roll)
        self.dice = None
        self.rolled = -1
        self.first_roll = True
        self.live = True

    def _cube_for(self, p):
        """The CubeState from player p's side (p on roll or doubling)."""
        c = CubeState()
        c.value = self.cube_value
        c.owner = "centre" if self.cube_owner < 0 else ("me" if self.cube_owner == p else "them")
        c.length = self.length
        c.jacoby = "J" in self.rules
        c.beavers = "B" in self.rules
        if self.length:
            c.away = self.length - self.score[p]
            c.opp_away = self.length - self.score[1 - p]
            c.crawford = self.crawford
            c.crawford_done = not self.crawford and (c.away == 1 or c.opp_away == 1) and c.away != c.opp_away
        return c

    def _may_double(self, p):
        if not self.with_cube or self.crawford or not self.live:
            return False
        if self.cube_owner >= 0 and self.cube_owner != p:
            return False
        if self.length and self.cube_value >= self.length - self.score[p]:
            return False            # dead cube: the stake already gives p the match
        return True

    def _count(self, p, note):
        for t in (self.tally[p], self.game_tally[p]):
            g = note.grade
            if note.kind in ("play", "roll"):
                t.rolls += 1
                t.luck += note.luck or 0
                if note.kind == "play":
                    t.plays += 1
            if g is None or not note.counted:
                continue
            if note.kind == "play":
                t.moves += 1
                t.chequer_loss += g.loss
            else:
                t.cube += 1
                t.cube_loss += g.loss
            if g.grade == DOUBTFUL:
                t.doubtful += 1
            elif g.grade == BLUNDER:
                t.blunders += 1
        if self.listener is not None:
            self.listener(note)

    # -- events ---------------------------------------------------------------------
    def event(self, ev):
        """Feed one record event (a tuple of host_tools/record_read.py)."""
        kind = ev[0]
        if kind == "match":
            self.length = ev[1]
            self.rules = ev[2]
        elif kind == "game":
            self.games += 1
            self.game_tally = [Tally(), Tally()]
            self._new_game(ev[1], ev[2], ev[3])
        elif kind == "position":
            self._joined(ev[1], ev[2])
        elif kind == "roll":
            self._roll(ev[1], ev[2], ev[3])
        elif kind == "play":
            self._play(ev[1], ev[2])
        elif kind == "double":
            self._double(ev[1], ev[2])
        elif kind in ("take", "drop", "beaver"):
            self._answer(ev[1], kind, ev[2] if kind == "beaver" else 0)
        elif kind == "end":
            self.live = False

    def _joined(self, pid, pdd):
        from bg.ids import position_from_id
        p = int(pdd[0])
        pos = position_from_id(pid)
        self.boards[p][:] = pos.me
        self.boards[1 - p][:] = pos.opp
        self.first_roll = False
        self.live = True
        if len(pdd) == 3 and pdd[1] != "0":      # the dice were rolled before the restart
            self.dice = (int(pdd[1]), int(pdd[2]))
            self.rolled = p

    def _roll(self, p, d1, d2):
        if not self.live:
            return
        if not self.first_roll and self.turn_doubled != p and self._may_double(p):
            c = self._cube_for(p)
            g = self.coach.grade_double(self.boards[p], self.boards[1 - p], c, False)
            self._count(p, Note("double", p, self.games, None, g, None, g.close,
                                bytes(self.boards[p]), bytes(self.boards[1 - p]), c))
        self.first_roll = False
        self.turn_doubled = -1
        self.dice = (d1, d2)
        self.rolled = p

    def _play(self, p, moves):
        if not self.live or self.dice is None or self.rolled != p:
            return
        d1, d2 = self.dice
        self.dice = None
        me = self.boards[p]
        opp = self.boards[1 - p]
        before_me = bytes(me)
        before_opp = bytes(opp)
        try:
            for f, t in moves:
                if not me[f - 1]:
                    raise ValueError("no checker on the %d-point" % f)
                apply_step(me, opp, f, t)
        except ValueError:
            self.skipped += 1
            self.live = False       # the board may be wrong from here: grade no more
            return
        if self.deferred:
            self.queue.append((p, self.games, d1, d2, before_me, before_opp, bytes(me), bytes(opp),
                               len(moves)))
            return
        self._grade_play(p, self.games, d1, d2, before_me, before_opp, me, opp, len(moves))

    def _grade_play(self, p, game, d1, d2, before_me, before_opp, me, opp, nmoves):
        try:
            g = self.coach.grade_play(before_me, before_opp, d1, d2, me, opp)
        except ValueError:
            self.skipped += 1
            self.live = False
            return
        if g is not None and not nmoves:
            self.skipped += 1        # a pass recorded where a play was legal
            self.live = False
            return
        luck = None
        if self.with_luck:
            luck = self.coach.luck(before_me, before_opp, d1, d2, None if g is None else g.best)
        self._note_play(p, game, d1, d2, g, luck, before_me, before_opp)

    def _note_play(self, p, game, d1, d2, g, luck, before_me, before_opp):
        if g is None:
            self._count(p, Note("roll", p, game, (d1, d2), None, luck, False, before_me, before_opp))
        else:
            self._count(p, Note("play", p, game, (d1, d2), g, luck, g.plays > 1,
                                before_me, before_opp))

    def step(self):
        """Deferred reviews: one walk of the work waiting (a play's grading, then its luck a
        roll at a time). True while work remains."""
        if self.job is None:
            if not self.queue:
                return False
            p, game, d1, d2, bme, bopp, ame, aopp, nmoves = self.queue[0]
            try:
                g = self.coach.grade_play(bme, bopp, d1, d2, ame, aopp)
            except ValueError:
                g = False
            if self.on_play is not None:
                self.on_play(p, g)      # None: no legal play; False: not a legal play
            if g is False or (g is not None and not nmoves):
                self.skipped += 1
                self.queue.pop(0)
                return bool(self.queue)
            if not self.with_luck:
                self.queue.pop(0)
                self._note_play(p, game, d1, d2, g, None, bme, bopp)
                return bool(self.queue)
            self.job = (g, self.coach.luck_job(bme, bopp, d1, d2, None if g is None else g.best))
            return True
        g, job = self.job
        if not job.step():
            return True
        p, game, d1, d2, bme, bopp, _, _, _ = self.queue.pop(0)
        self.job = None
        self._note_play(p, game, d1, d2, g, job.value, bme, bopp)
        return bool(self.queue)

    def _double(self, p, value):
        if not self.live:
            return
        if self.pending >= 0:
            return                   # (a redouble after a beaver is recorded as B)
        if self._may_double(p):
            c = self._cube_for(p)
            g = self.coach.grade_double(self.boards[p], self.boards[1 - p], c, True)
            self._count(p, Note("double", p, self.games, None, g, None, True,
                                bytes(self.boards[p]), bytes(self.boards[1 - p]), c))
        self.pending = p
        self.turn_doubled = p

    def _answer(self, p, kind, value):
        if not self.live:
            return
        doubler = self.pending
        if self.after_beaver:
            # the doubler's answer to a beaver: play on at the beavered value, or the end
            self.after_beaver = False
            self.pending = -1
            return
        if doubler < 0 or doubler == p:
            return
        c = self._cube_for(doubler)
        g = self.coach.grade_answer(self.boards[doubler], self.boards[p], c, kind != "drop")
        self._count(p, Note("answer", p, self.games, None, g, None, True,
                            bytes(self.boards[doubler]), bytes(self.boards[p]), c))
        if kind == "drop":
            self.pending = -1
            self.live = False
            return
        if kind == "beaver":
            self.cube_value = value
            self.cube_owner = p
            self.after_beaver = True
            return
        self.cube_value *= 2
        self.cube_owner = p
        self.pending = -1


def review(engine, events, luck=True, cube=True, listener=None):
    """The Review of a whole event list (one match)."""
    r = Review(engine, luck, cube, listener)
    for ev in events:
        r.event(ev)
    return r
