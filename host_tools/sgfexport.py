"""A match as GNU Backgammon's SGF with the coach's analysis in gnubg's own properties
(`python -m host_tools export RECORD -o OUT.sgf --analysis`).

The moves are those of sgftext.sgf_text (cmd_export's); each node gets what gnubg's sgf.c writes after
an analysis (its format version 3), from firmware/engine/review.py at the normal level:
  move node     DA[...] the doubling decision before the roll (when the cube was the
                mover's to turn), A[i][play E ver 3 w wg wbg lg lbg equity 0 0 1 0.000000 0]...
                the best plays and the play made (i its index), MR[], LU[luck],
                DO[] (doubtful) or BM[1] (blunder) for the play, DC[] / BC[1] for a missed
                double;
  double, take, drop, beaver nodes
                DA[E ver 3 0 1 0.000000 0 (7 numbers no double) (7 numbers double/take)]
                and DO[] / BM[1].
  a play or cube action the tutor warned about (the record's `L` line: Settings >
  Grading: tutor)
                C[tutor: warned of a loss of 0.123 before this decision; made anyway].
The seven numbers of a DA half are the doubler's five probabilities, its cubeless equity
and its cubeful equity (money) or match winning chance (match) for no double, then double/
take. A's five numbers are the mover's probabilities after the play, its equity the net's
cubeless money equity (0-ply, "0" plies and no "C": not cubeful). Our thresholds are
Backgammon Galaxy's (0.020, 0.080): gnubg's "bad" mark (BM[1]) starts at 0.080 too.

GNU Backgammon 1.07 (Debian's `gnubg`) loads these files and recomputes its statistics from
them (tests/test_sgfexport.py); the PyPI build cannot load any SGF (its parser is a stub).
"""

from host_tools.sgftext import sgf_text, _sgf_point
from host_tools.cmd_review import engine, events_of_mat

from bg.play import apply_step  # noqa: E402
from engine.coach import DOUBTFUL, BLUNDER  # noqa: E402
from engine.net import P_ONE  # noqa: E402
from engine.player import won_value  # noqa: E402
from engine.review import Review  # noqa: E402

KEEP = 5          # plays listed per move node (the play made is added when not among them)
EVAL = "0 0 1 0.000000 0"   # a play's evalcontext words: 0-ply (no "C": cubeless), 0, deterministic,
                            # no noise, no pruning
DA_EVAL = "0 1 0.000000 0"  # a cube decision's: the same without the second word


def _f(x):
    return "%.6f" % x


def _mover_probs(eng, me, opp):
    """The mover's five probabilities after its play (me, opp: the mover's view)."""
    if sum(me) == 0:
        won = won_value(opp)
        return (1.0, 1.0 if won >= 2 * P_ONE else 0.0, 1.0 if won >= 3 * P_ONE else 0.0, 0.0, 0.0)
    o = eng.probs(bytes(opp), bytes(me))          # the opponent on roll
    return (1.0 - o[0] / P_ONE, o[3] / P_ONE, o[4] / P_ONE, o[1] / P_ONE, o[2] / P_ONE)


def _steps(player, moves):
    ordered = sorted(moves, key=lambda m: (-m[0], -m[1]))
    return "".join(_sgf_point(player, f) + _sgf_point(player, t) for f, t in ordered)


def _double_analysis(note, probs):
    d = note.grade.decision
    w, wg, wbg, lg, lbg = probs
    eq = 2 * w - 1 + wg - lg + wbg - lbg
    half = " ".join(_f(v) for v in (w, wg, wbg, lg, lbg, eq))
    return "DA[E ver 3 %s %s %s %s %s]" % (DA_EVAL, half, _f(d.nd), half, _f(d.dt))


def _mark(grade, cube=False):
    if grade == BLUNDER:
        return "BC[1]" if cube else "BM[1]"
    if grade == DOUBTFUL:
        return "DC[]" if cube else "DO[]"
    return ""


class _Annotator:
    """Collects the review's notes of one action and writes that node's properties."""

    def __init__(self, eng):
        self.eng = eng
        self.notes = []
        self.review = Review(eng, luck=True, cube=True, listener=self.notes.append, keep=KEEP)
        self.played_moves = ()

    def node(self, events):
        del self.notes[:]
        for ev in events:
            self.review.event(ev)
        out = []
        move_mark = cube_mark = ""
        for n in self.notes:
            if n.kind in ("double", "answer"):
                probs = self.eng.probs(n.me, n.opp)
                out.append(_double_analysis(n, tuple(probs[k] / float(P_ONE) for k in range(5))))
                if n.kind == "double" and not self.notes[-1] is n:
                    cube_mark = _mark(n.grade.grade, cube=True)    # before a roll: a missed double
                else:
                    move_mark = _mark(n.grade.grade)
            elif n.kind == "play":
                out.append(self._plays(n))
                out.append("MR[]")
                if n.luck is not None:
                    out.append("LU[%.5f]" % (n.luck / float(P_ONE)))
                move_mark = _mark(n.grade.grade)
            elif n.kind == "roll" and n.luck is not None:
                out.append("LU[%.5f]" % (n.luck / float(P_ONE)))
        return "".join(out) + move_mark + cube_mark

    def _plays(self, n):
        c = self.review.coach
        p = n.player
        cands = [c.top_play(k) for k in range(c.ntop)]
        played_index = None
        for k, cand in enumerate(cands):
            if cand[2] == n.grade.played and self._same(n, cand[0], self.played_moves):
                played_index = k            # the same result: listed as it was played
                cands[k] = (self.played_moves, (), cand[2])
                break
        if played_index is None:
            cands.append((self.played_moves, (), n.grade.played))
            played_index = len(cands) - 1
        items = []
        for moves, _, value in cands:
            me = bytearray(n.me)
            opp = bytearray(n.opp)
            for f, t in moves:
                apply_step(me, opp, f, t)
            probs = _mover_probs(self.eng, me, opp)
            items.append("[%s E ver 3 %s %s %s]" % (_steps(p, moves), " ".join(_f(v) for v in probs),
                                                     _f(value / float(P_ONE)), EVAL))
        return "A[%d]%s" % (played_index, "".join(items))

    def _same(self, n, a, b):
        """Two plays with the same result from the position before n."""
        out = []
        for moves in (a, b):
            me = bytearray(n.me)
            opp = bytearray(n.opp)
            for f, t in moves:
                apply_step(me, opp, f, t)
            out.append((bytes(me), bytes(opp)))
        return out[0] == out[1]


def analysis_of(match, eng=None):
    """{(game index, action index): the SGF properties of that node} for a MatMatch."""
    eng = eng or engine()
    events = events_of_mat(match)
    ann = _Annotator(eng)
    ann.node([ev for ev in events if ev[0] in ("match", "name")])
    out = {}
    for gi, game in enumerate(match.games):
        start = [ev for ev in events if ev[0] == "game"][gi]
        ann.node([start])
        for ai, a in enumerate(game.actions):
            kind, p = a[0], a[1]
            if kind == "move":
                if a[4] is None:
                    break
                ann.played_moves = tuple(a[4])
                evs = [("roll", p, a[2], a[3]), ("play", p, tuple(a[4]))]
            elif kind in ("double", "beaver"):
                evs = [(kind, p, a[2])]
            elif kind in ("take", "drop"):
                evs = [(kind, p)]
            elif kind == "win":
                evs = [("end", p, a[2])]
            else:
                continue
            props = ann.node(evs)
            if ai in game.tutored:
                m = game.tutored[ai]
                props += "C[tutor: warned of a loss of %d.%03d before this decision; made anyway]" % (
                    m // 1000, m % 1000)
            if props:
                out[(gi, ai)] = props
    return out


def analysed_sgf_text(match, eng=None):
    """The match's SGF (sgftext.sgf_text) with the analysis of every node."""
    return sgf_text(match, analysis_of(match, eng))
