"""Judging a sensed board: is it a complete legal play, legal so far, or illegal (and why)?

It runs on every settled sensor reading, so it never enumerates the roll's plays: it
searches only for step sequences that turn the start into the sensed end (a source must
hold more checkers than it ends with, sources are taken from high to low, pips bound the
depth), which is a handful of nodes. The maximum number of playable dice is computed once
per turn, by `Judge(start, d1, d2)`, with an early-exit search.

Verdicts (`Verdict.kind`): COMPLETE (a legal play: `.play`), PARTIAL (legal so far:
`.remaining` dice still to play), ILLEGAL (`.reason`, one of REASONS, and `.points`, in the
mover's numbering, 25 = bar, 0 = off, for the LEDs; `.die` for PLAY_LARGER).
"""
from bg.play import Play
from bg.steps import (NO, apply_step, can_step, landing, landing_relaxed,
                      max_dice, outside, take_back)  # max_dice: also game/snapshot.py's

MEMO_BOARDS = 4     # boards a Judge remembers the verdict of (about 1 KB on the Pico; 2 already
                    # take the demo's worst settled -> LED reading from 98 to 81 ms, estimated)
COMPLETE = "complete"
PARTIAL = "partial"
ILLEGAL = "illegal"

# The fixed list of reasons a sensed board is illegal (words: game/i18n, bg/reasons.py).
MIXED = "mixed"                        # both colours on one point (not a blot being hit)
BLOT_NOT_HIT = "blot_not_hit"          # landed on a blot that is still there
HIT_NOT_ON_BAR = "hit_not_on_bar"      # a hit checker is missing: put it on the bar
NOT_HIT = "not_hit"                    # an opposing checker went to the bar without a hit
OPPONENT_MOVED = "opponent_moved"      # the opponent's checkers moved
CHECKERS_APPEARED = "checkers_appeared"
CHECKERS_MISSING = "checkers_missing"  # ours vanished and cannot have been borne off
WRONG_DIRECTION = "wrong_direction"
BAR_FIRST = "bar_first"                # enter from the bar first
CLOSED_POINT = "closed_point"
NO_SUCH_DIE = "no_such_die"            # distances the dice cannot make
TOO_MANY_MOVES = "too_many_moves"      # more checkers or pips moved than the dice allow
BEAROFF_NOT_ALLOWED = "bearoff_not_allowed"
BEAROFF_HIGHER = "bearoff_higher"      # bore off from a lower point, a higher one is occupied
MUST_PLAY_ALL = "must_play_all"        # this play leaves a die unplayed that could be played
PLAY_LARGER = "play_larger"            # only one die can be played: the larger one

REASONS = (MIXED, BLOT_NOT_HIT, HIT_NOT_ON_BAR, NOT_HIT, OPPONENT_MOVED, CHECKERS_APPEARED,
           CHECKERS_MISSING, WRONG_DIRECTION, BAR_FIRST, CLOSED_POINT, NO_SUCH_DIE,
           TOO_MANY_MOVES, BEAROFF_NOT_ALLOWED, BEAROFF_HIGHER, MUST_PLAY_ALL, PLAY_LARGER)


class Verdict:
    def __init__(self, kind, play=None, remaining=(), reason=None, points=(), die=0, missing=0):
        self.kind = kind
        self.play = play
        self.remaining = remaining
        self.reason = reason
        self.points = points
        self.die = die
        self.missing = missing      # our checkers not on the board that were not borne off

    def __repr__(self):
        if self.kind == ILLEGAL:
            return "Verdict(illegal, %s, %r)" % (self.reason, self.points)
        if self.kind == PARTIAL:
            return "Verdict(partial, remaining=%r)" % (self.remaining,)
        return "Verdict(complete, %r)" % (self.play,)


UNEXPLAINED = Verdict(ILLEGAL)   # Judge.judge(end, HAND or NO_RULE): illegal, rule not named
# How much Judge.judge says of a board no legal sequence reaches (found by the diagnosis)
NO_RULE = 0         # nothing: the caller wants only what is legal (the lifted checker's LEDs)
HAND = 1            # the rule only if a checker in a hand may explain it (ranking readings)
EVERY_RULE = 2      # the rule it breaks, always (what the player is told)


def _illegal(reason, points=(), die=0, missing=0):
    return Verdict(ILLEGAL, reason=reason, points=tuple(sorted(set(points), reverse=True)),
                   die=die, missing=missing)


def _pips(me):
    total = 0
    for i in range(25):
        total += (i + 1) * me[i]
    return total


class Judge:
    """Judges sensed boards against one turn: the start position and the roll.

    Make one per turn (it computes how many dice must be played); then call
    `judge(end)` on every settled reading (end: a Position from the same side's view,
    possibly with both colours on a point, as sensed)."""

    def __init__(self, start, d1, d2):
        self.start = start
        self.dice = (d1, d1, d1, d1) if d1 == d2 else (d1, d2)
        me = bytearray(start.me)
        opp = bytearray(start.opp)
        self.max_dice = max_dice(me, opp, self.dice)
        self.larger = max(d1, d2)
        # Rule 4: with one die playable (non-double), the larger must be played if it can.
        self.larger_needed = False
        if self.max_dice == 1 and d1 != d2:
            self.larger_needed = max_dice(me, opp, (self.larger,)) == 1
        self._found = []
        self._start_pips = -1          # counted at the first board that needs it (not at
                                       # the roll: the turn's setup stays as cheap as it was)
        self._path = bytearray(8)      # the steps being tried: (from, to) pairs
        self._cur = bytearray(25)      # scratch copy of our side for the search
        self._scratch_opp = bytearray(25)
        # pips the dice not yet used can still move, for each set of used dice (a bitmask)
        n = len(self.dice)
        self._left_sum = bytearray(1 << n)
        for used in range(1 << n):
            for k in range(n):
                if not used & (1 << k):
                    self._left_sum[used] += self.dice[k]
        self._seen = []                # (remaining dice key, hit mask) already found
        # The last boards judged this turn and their verdicts (verdicts are never changed
        # after they are made): a turn judges the same boards again and again (the
        # candidates of an unsure reading at every scan that settles, a destination tried
        # for the LEDs when a checker is lifted and then the board it is put down on).
        self._memo_keys = []           # each board's me, then its opp (bytes)
        self._memo_verdicts = []

    # -- the reachability search ----------------------------------------------------
    def _search(self, cur, target, used, src_hi, pips_left, depth, relax, out):
        """Step sequences turning `cur` into `target` (our side only), by the step rule
        (bg.steps.landing). Each different outcome (which dice remain, which blots were
        hit) is kept once in self._found as (path, remaining dice, hit mask: bit p for
        a blot of theirs hit on our point p). `used` has a bit per
        die played; `out` counts our checkers outside the home board; `relax` bits lift
        rules for diagnosis: 1 closed points, 2 bar first, 4 bear-off rules. A relaxed
        search stops at the first way found (the diagnosis names the rule from it)."""
        if cur == target:
            self._keep(used, depth)
            return
        dice = self.dice
        n = len(dice)
        if pips_left <= 0 or depth == n:
            return
        if pips_left > self._left_sum[used]:
            return
        opp = self.start.opp
        path = self._path
        lo = 25 if cur[24] and not relax & 2 else 1     # bg.steps.lowest_source, inline
        tried = 0
        for k in range(n):
            if used & (1 << k):
                continue
            d = dice[k]
            if tried & (1 << d):
                continue
            tried |= 1 << d
            p = src_hi
            while p >= lo:
                i = p - 1
                if cur[i] <= target[i]:
                    p -= 1
                    continue
                if relax:
                    to = landing_relaxed(cur, opp, p, d, out, relax)
                elif p > d:
                    # landing()'s board case inline, as bg.walk does (a call a step tried)
                    to = NO if opp[24 - p + d] >= 2 else p - d
                else:
                    to = landing(cur, opp, p, d, out)
                if to == NO:
                    p -= 1
                    continue
                cur[i] -= 1
                o = out
                if to:
                    cur[to - 1] += 1
                    gain = d
                    if p > 6 and to <= 6:
                        o = out - 1
                else:
                    gain = p
                path[2 * depth] = p
                path[2 * depth + 1] = to
                # the callee's first tests made here: most steps end a way or lead
                # nowhere, and a call's frame is allocated on the heap (too many locals)
                if cur == target:
                    self._keep(used | (1 << k), depth + 1)
                elif pips_left > gain and depth + 1 < n:
                    self._search(cur, target, used | (1 << k), p, pips_left - gain,
                                 depth + 1, relax, o)
                if to:
                    cur[to - 1] -= 1
                cur[i] += 1
                if relax and self._found:
                    return               # a relaxed search asks only whether a way exists
                p -= 1

    def _keep(self, used, depth):
        """Record a way here unless one with the same dice left and the same hits is kept."""
        opp = self.start.opp
        path = self._path
        hits = 0
        for s in range(depth):
            to = path[2 * s + 1]
            if to and opp[24 - to] == 1:
                hits |= 1 << to
        left = 0
        dice = self.dice
        for k in range(len(dice)):
            if not used & (1 << k):
                left += 1 << (3 * (dice[k] - 1))     # a count per die value
        for key in self._seen:
            if key[0] == left and key[1] == hits:
                return
        self._seen.append((left, hits))
        # loops, not generator expressions: a generator is one more object on the heap
        steps = []
        for s in range(depth):
            steps.append((path[2 * s], path[2 * s + 1]))
        rest = []
        for k in range(len(dice)):
            if not used & (1 << k):
                rest.append(dice[k])
        self._found.append((tuple(steps), tuple(rest), hits))

    def _pips_at_start(self):
        if self._start_pips < 0:
            self._start_pips = _pips(self.start.me)
        return self._start_pips

    def _reach(self, end_me, relax=0, pips_left=-1):
        self._found = []
        self._seen = []
        cur = self._cur
        cur[:] = self.start.me
        if pips_left < 0:
            pips_left = self._pips_at_start() - _pips(end_me)
        self._search(cur, end_me, 0, 25, pips_left, 0, relax, outside(cur))
        return self._found

    # -- judging --------------------------------------------------------------------
    def judge(self, end, explain=EVERY_RULE):
        """The Verdict on `end` for this turn (the same object for a board judged lately).
        Below EVERY_RULE, a board no legal sequence reaches gets UNEXPLAINED (reason None)
        instead of the searches for the rule it breaks. HAND still names a bear-off rule
        (a checker gone, and a way here with the bear-off rules lifted): for ranking
        candidate readings, where only whether the checkers may be in a hand counts, and no
        other rule the diagnosis names (too many moves, closed point, bar first, no such
        die) is one a hand explains. Rules found before or after the search (mixed points,
        the opponent's side, a hit not on the bar...) are named at every level."""
        me = end.me
        opp = end.opp
        keys = self._memo_keys
        verdicts = self._memo_verdicts
        # compared in place (bytes == bytearray): no key is made for a board looked up
        for i in range(len(verdicts)):
            if keys[2 * i] == me and keys[2 * i + 1] == opp:
                return verdicts[i]
        v = self._judge(end, explain)
        if v is UNEXPLAINED:
            return v
        if len(verdicts) >= MEMO_BOARDS:
            keys.pop(0)
            keys.pop(0)
            verdicts.pop(0)
        keys.append(bytes(me))
        keys.append(bytes(opp))
        verdicts.append(v)
        return v

    def forget_boards(self):
        """Empty the memo of boards judged (benches time a first judgement)."""
        del self._memo_keys[:]
        del self._memo_verdicts[:]

    def _judge(self, end, explain=EVERY_RULE):
        start = self.start
        sme, sopp = start.me, start.opp
        eme, eopp = end.me, end.opp
        if eme == sme and eopp == sopp:
            # nothing moved (the board just after the roll, or a move taken back)
            if self.max_dice == 0:
                return Verdict(COMPLETE, play=Play(()))
            return Verdict(PARTIAL, remaining=self.dice)

        # One pass over the points finds whether any rule below is broken (most boards
        # break none: they are judged at every settled reading); the lists of points a
        # broken rule names are made only then.
        flags = 0          # 1 mixed, 2 the opponent moved, 4 ours went backwards
        lost = 0           # their blots gone from the board
        lifted = 0         # bit p: their blot on our point p is gone (hit, or lifted)
        # ours at or behind each point, sensed minus start (above 0: one went backwards;
        # at the end, checkers appeared), and the pips ours moved: counted only where our
        # count changed (most points of a sensed board are as they were at the roll)
        over = eme[24] - sme[24]
        if over > 0:
            flags |= 4
        moved = 25 * (sme[24] - eme[24])
        for i in range(23, -1, -1):
            e = eme[i]
            oe = eopp[23 - i]
            if oe:
                if e:
                    flags |= 1
                if oe != sopp[23 - i]:
                    flags |= 2
            else:
                os_ = sopp[23 - i]
                if os_:
                    if os_ == 1:
                        lost += 1
                        lifted |= 2 << i
                    else:
                        flags |= 2
            s = sme[i]
            if e != s:
                over += e - s
                if over > 0:
                    flags |= 4
                moved += (i + 1) * (s - e)

        if flags & 1:
            # Both colours on one point: a blot not yet lifted, or nonsense.
            mixed = [p for p in range(1, 25) if eme[p - 1] and eopp[24 - p]]
            # Ours put down on a point they hold: the point is closed, whatever else.
            closed = [p for p in mixed if sopp[24 - p] >= 2 and eopp[24 - p] == sopp[24 - p]]
            if closed:
                return _illegal(CLOSED_POINT, closed)
            for p in mixed:
                if not (sopp[24 - p] == 1 and eopp[24 - p] == 1):
                    return _illegal(MIXED, mixed)
            return _illegal(BLOT_NOT_HIT, mixed)

        # The opponent's side may change only by hits: blots of theirs go to their bar.
        if flags & 2:
            return _illegal(OPPONENT_MOVED, [p for p in range(1, 25) if eopp[24 - p] != sopp[24 - p]
                                             and not (sopp[24 - p] == 1 and not eopp[24 - p])])
        bar_gain = eopp[24] - sopp[24]
        if bar_gain < 0:
            return _illegal(OPPONENT_MOVED, (0,))
        if bar_gain > lost:
            return _illegal(NOT_HIT, (0,))

        # Our side: never more checkers, never one back on our own bar.
        if over > 0:
            return _illegal(CHECKERS_APPEARED, [p for p in range(1, 26) if eme[p - 1] > sme[p - 1]])
        if eme[24] > sme[24]:
            return _illegal(CHECKERS_APPEARED, (25,))
        # Checkers only move forward: at every point, no more of ours at or behind it.
        if flags & 4:
            back = []
            s_above = 0
            e_above = 0
            for p in range(25, 0, -1):
                s_above += sme[p - 1]
                e_above += eme[p - 1]
                if e_above > s_above:
                    back.append(p)
            return _illegal(WRONG_DIRECTION, back)

        off_now = -over
        if off_now and outside(eme):
            changed = [p for p in range(1, 26) if eme[p - 1] != sme[p - 1]]
            # Vanished while not all home: in a hand, or a bear-off that is not allowed.
            home_sources = [p for p in changed if p <= 6 and eme[p - 1] < sme[p - 1]]
            if home_sources and not [p for p in changed if p > 6 and eme[p - 1] < sme[p - 1]]:
                return _illegal(BEAROFF_NOT_ALLOWED, home_sources, missing=off_now)
            return _illegal(CHECKERS_MISSING, changed, missing=off_now)

        # Bar first: while ours remain on the bar, nothing else may have moved.
        if eme[24]:
            others = [p for p in range(1, 25) if eme[p - 1] < sme[p - 1]]
            if others:
                return _illegal(BAR_FIRST, others + [25])

        found = self._reach(eme, 0, moved)
        if not found:
            if explain == EVERY_RULE:
                return self._diagnose(eme)
            if explain == HAND and off_now:
                bearoff = self._reach(eme, 4)
                if bearoff:
                    return self._diagnose(eme, bearoff)
            # No rule asked for, or no bear-off rule broken (the only rules a hand can
            # explain): none or one relaxed search instead of the diagnosis's three.
            return UNEXPLAINED

        # Which of the ways here leave the opponent as sensed (hits on the bar)?
        hit_ok = []
        for path, rest, hits in found:
            if hits == lifted and bar_gain == lost:
                hit_ok.append((path, rest))
        if not hit_ok:
            return self._hit_mismatch(found, sopp, eopp, bar_gain)

        partial = None
        wrong = None
        for path, rest in hit_ok:
            used = len(self.dice) - len(rest)
            if used == self.max_dice:
                if self.larger_needed and sum(self.dice) - sum(rest) != self.larger:
                    wrong = wrong or (PLAY_LARGER, path)
                    continue
                return Verdict(COMPLETE, play=self._play(path))
            # Legal so far only if the rest of the dice can still make a full play.
            if used + self._max_from(eme, eopp, rest) == self.max_dice:
                if partial is None:
                    partial = rest
            elif wrong is None:
                wrong = (MUST_PLAY_ALL, path)
        if partial is not None:
            return Verdict(PARTIAL, remaining=partial)
        assert wrong is not None     # found ways here, none complete or partial
        reason, path = wrong
        pts = []
        for a, b in path:
            pts.append(a)
            pts.append(b)
        return _illegal(reason, pts, die=self.larger if reason == PLAY_LARGER else 0)

    def _hit_points(self, path):
        opp = self.start.opp
        pts = []
        for a, b in path:
            if b and opp[24 - b] == 1 and b not in pts:
                pts.append(b)
        return pts

    def _max_from(self, eme, eopp, rest):
        """max_dice from the sensed board, on scratch copies (no allocation per call)."""
        me = self._cur
        me[:] = eme
        opp = self._scratch_opp
        opp[:] = eopp
        return max_dice(me, opp, rest)

    def _hit_mismatch(self, found, sopp, eopp, bar_gain):
        """Our checkers are right but their side is not: which hit went wrong?"""
        lifted = [p for p in range(1, 25) if sopp[24 - p] == 1 and eopp[24 - p] == 0]
        for path, rest, _ in found:
            hits = self._hit_points(path)
            if not [p for p in lifted if p not in hits]:
                # every lifted blot was hit; some hit checker is not on the bar yet
                return _illegal(HIT_NOT_ON_BAR, [p for p in hits if eopp[24 - p] or p in lifted])
        hits = self._hit_points(found[0][0])
        return _illegal(NOT_HIT, [p for p in lifted if p not in hits] or [0])

    def _play(self, path):
        hits = []
        seen = []
        opp = self.start.opp
        for a, b in path:
            h = b > 0 and opp[24 - b] == 1 and b not in seen
            if h:
                seen.append(b)
            hits.append(h)
        return Play(path, hits)

    def _diagnose(self, eme, bearoff=None):
        """No legal sequence leads here: lift one rule at a time to name the broken one.
        bearoff: what _reach(eme, 4) found, when the caller has searched it already."""
        sme = self.start.me
        changed = [p for p in range(1, 26) if eme[p - 1] != sme[p - 1]]
        moved = sum(sme[i] - eme[i] for i in range(25) if sme[i] > eme[i])
        if moved > len(self.dice) or _pips(sme) - _pips(eme) > sum(self.dice):
            return _illegal(TOO_MANY_MOVES, changed)
        found = self._reach(eme, 1)
        if found:
            opp = self.start.opp
            closed = []
            for a, b in found[0][0]:
                if b and opp[24 - b] >= 2:
                    closed.append(b)
            return _illegal(CLOSED_POINT, closed)
        if self._reach(eme, 2):
            return _illegal(BAR_FIRST, changed)
        found = bearoff or self._reach(eme, 4)
        if found:
            path = found[0][0]
            offs = [a for a, b in path if b == 0]
            if outside(sme) and offs:
                return _illegal(BEAROFF_NOT_ALLOWED, offs)
            return _illegal(BEAROFF_HIGHER, offs + [p for p in range(6, 0, -1) if eme[p - 1]][:1])
        return _illegal(NO_SUCH_DIE, changed)


def judge(start, d1, d2, end):
    """One-shot judging (the firmware keeps a Judge per turn instead)."""
    return Judge(start, d1, d2).judge(end)


def legal_destinations(judge_obj, current, from_point):
    """Points a checker lifted from `from_point` of `current` may legally be put on
    (0 = off), so the LEDs can light them: each is tried as a sensed board."""
    out = []  # type: list[int]
    if from_point < 1 or from_point > 25 or not current.me[from_point - 1]:
        return out
    verdict = judge_obj.judge(current)
    if verdict.kind != PARTIAL:
        return out
    remaining = verdict.remaining
    # The lifted checker's own walk proves most destinations legal at once (the others are
    # judged as boards)
    if len(judge_obj.dice) == 4:
        walked = _double_walk(judge_obj, current, from_point, remaining)
    else:
        walked = []
        _walk(judge_obj, bytearray(current.me), bytearray(current.opp), from_point,
              remaining, walked)
    # One checker may travel any running total of the remaining dice, taken in any order.
    sums = _die_sums(remaining)
    trial = current.copy()             # one scratch board, refilled for each candidate
    tried = []  # type: list[int]     # in the bear-off several sums lead off: judge it once
    for s in sums:
        to = from_point - s
        if to < 0:
            to = 0
        if to in tried:
            continue
        tried.append(to)
        if to in walked:
            out.append(to)
            continue
        trial.me[:] = current.me
        trial.opp[:] = current.opp
        apply_step(trial.me, trial.opp, from_point, to)
        v = judge_obj.judge(trial, NO_RULE)
        # A chain through a blot needs that blot on the bar too: still a legal target.
        if v.kind != ILLEGAL or v.reason == HIT_NOT_ON_BAR:
            out.append(to)
    return out


def _double_walk(judge_obj, current, p, remaining):
    """Destinations a checker lifted from `p` reaches legally by its own steps of a double:
    after k steps the board is start -> current -> k more dice, a way there, legal when
    the dice used then are all that must be played or the rest can still complete a full
    play (the judge's own test of each way it finds). Only accepts: a destination not
    found here may still be reached another way, and is judged as a board. Stops at a
    blocked step, at the bear-off and after a hit (a chain through a hit blot needs it on
    the bar: the judge decides that one)."""
    d = remaining[0]
    n = len(remaining)
    used = len(judge_obj.dice) - n
    me = bytearray(current.me)
    opp = bytearray(current.opp)
    out = []  # type: list[int]
    check = False
    frm = p
    for rnd in range(2):
        p = frm
        for k in range(1, n + 1):
            to = can_step(me, opp, p, d)
            if to < 0:
                break
            hit = apply_step(me, opp, p, to)
            if not check or used + k == judge_obj.max_dice or \
                    used + k + max_dice(me, opp, remaining[k:]) == judge_obj.max_dice:
                out.append(to)
            if to == 0 or hit:
                break
            p = to
        if check or len(out) == n:
            # n steps: after k of them the walk itself plays the n - k others, so every
            # destination leaves a full play (the judge's test holds without a search)
            return out
        # fewer steps than dice: walk again, testing what the rest of the dice can do
        check = True
        del out[:]
        me[:] = current.me
        opp[:] = current.opp
    return out


def _walk(judge_obj, me, opp, p, left, out):
    """Destinations a checker on `p` reaches legally by its own steps of the different dice
    `left` (one or two of a non-double roll), taken in either order, as _double_walk does
    for a double: each landing is start -> current -> these dice, a way the judge would
    find, legal by the judge's own test (all the dice that must be played, the larger
    one when only one can be; or the rest can still complete a full play). Only accepts;
    stops at a hit and at the bear-off. `me` and `opp` are scratch copies, restored."""
    dice = judge_obj.dice
    for i in range(len(left)):
        d = left[i]
        to = can_step(me, opp, p, d)
        if to < 0:
            continue
        rest = left[:i] + left[i + 1:]
        used = len(dice) - len(rest)
        hit = apply_step(me, opp, p, to)
        if to not in out:
            if used == judge_obj.max_dice:
                ok = not judge_obj.larger_needed or sum(dice) - sum(rest) == judge_obj.larger
            else:
                ok = used + max_dice(me, opp, rest) == judge_obj.max_dice
            if ok:
                out.append(to)
        if rest and to and not hit:
            _walk(judge_obj, me, opp, to, rest, out)
        take_back(me, opp, p, to, hit)


def _die_sums(dice):
    """The running totals one checker may travel with the dice left (`dice`, some of the
    turn's: one or two different dice, or copies of a double's), taken in any order, in
    the order they are tried: a, a + b, b; a double's multiples. Made without a search
    (the search through every order made 65 calls and their slices for a double)."""
    a = dice[0]
    if len(dice) == 2 and dice[1] != a:
        return [a, a + dice[1], dice[1]]
    return [a * k for k in range(1, len(dice) + 1)]
