"""The OLED's rarer screens: setting up or putting back the board (the points still wrong,
`13 W 4/5`), the opening roll, a double or a resignation waiting for its answer, a game's
or match's end, a hardware fault, and that fault's words on the serial line. Loaded for
each such screen and forgotten after (base/rare.py: screens_between.setup_rows, screens_between.message,
screens_between.fault_rows, from game/screens.py; screens_between.fault_words, from game/table.py): the board
shows them a few times a game, and not while moving. Like the screens, it only reads the
Table.
"""
from bg.cube import NOBODY
from game.phases import HOW_TIME, MATCH_OVER, GAME_OVER, OPENING, OPENING_REROLL, DOUBLED
from base.textrows import ROWS, wrap


def point_text(t, p):
    """A point as the screens name it (game/screens.py's point_text; the bar for 25 and
    above, a hardware fault's bar sensors)."""
    return t.tr("bar") if p > 24 else t.tr("off") if p == 0 else str(p)


def _letter(t, player):
    return t.tr("w" if player == 0 else "b")


def setup_rows(t, title):
    rows = [title]
    wrong, unsure = t.mismatch if t.mismatch else ((), ())
    target = t.board
    seen = t.seen
    for p in wrong:
        if len(rows) == ROWS - 1 and len(wrong) + 1 > ROWS - 1:
            rows.append(t.tr("more_wrong", len(wrong) - (len(rows) - 1)))
            break
        if p > 24:
            c = p - 25
            need = target.me[24] if c == 0 else target.opp[24]
            has = seen.bar_lo[c + 1] if seen else 0
            rows.append(t.tr("need", t.tr("bar"), _letter(t, c), has, need))
            continue
        w = target.me[p - 1]
        b = target.opp[24 - p]
        sc = seen.colour[p] if seen else 0
        if (w or b) and sc and sc != (1 if w else 2):
            # the other colour where one belongs: a checker of the other colour, or (all of
            # that colour where they belong) one of this colour upside down
            upside = (sc == 3 or seen.lo[p] == 1) and _others_in_place(t, seen, p, 0 if w else 1)
            if upside or sc == 3:
                for line in wrap(t.tr("upside", str(p)) if upside else t.tr("mixed", str(p))):
                    if len(rows) < ROWS:
                        rows.append(line)
                continue
        c = 0 if w else (1 if b else (1 if seen and seen.colour[p] == 2 else 0))
        # checkers of the needed colour only: the other colour there counts as none of it
        has = seen.lo[p] if seen and seen.colour[p] in (c + 1, 3) else 0
        rows.append(t.tr("need", str(p), _letter(t, c), has, w or b))
    if unsure and len(rows) < ROWS:
        weak = [p for p in unsure if p < 25 and seen.why[p] == 1]    # reading.WEAK
        rows.append(t.tr("weak" if weak else "uncertain", " ".join(str(p) for p in (weak or unsure)[:3])))
    if len(rows) == 1 and t.seen is None:
        rows.append(t.tr("wait"))
    return rows


def _others_in_place(t, seen, mixed_point, c):
    """True when the colour other than `c` (0 White, 1 Black) shows all its checkers and
    exactly where the target has them, away from `mixed_point`: the other colour seen
    there is then a checker of colour c upside down."""
    target = t.board
    o = 2 - c                                   # the other colour's reading code
    for p in range(1, 25):
        if p == mixed_point:
            continue
        want = target.opp[24 - p] if c == 0 else target.me[p - 1]
        has = seen.lo[p] if seen.colour[p] == o else 0
        if has != want or seen.lo[p] != seen.hi[p] or seen.colour[p] == 3:
            return False
    bar = target.opp[24] if c == 0 else target.me[24]
    return seen.bar_lo[o] == seen.bar_hi[o] == bar


def end_message(t, out):
    m = t.match
    phase = t.phase
    w, pts, kind, how = m.last_game
    out.append(t.tr("wins", t.name(w), pts))
    # in words: how, what kind, at what cube, and the Jacoby rule when it counted
    if t.end_how == HOW_TIME:
        out.append(t.tr("by_time"))
    elif how == 1:
        out.append(t.tr("by_pass"))
    else:
        if how == 2:
            out.append(t.tr("by_resign"))
        out.append(t.tr("end_kind%d" % kind))
        if how == 0 and kind > 1 and pts == 1 and m.jacoby and m.money():
            out.append(t.tr("end_jacoby"))     # a gammon with the cube centred counts 1
        elif kind and pts > kind:
            out.append(t.tr("end_cube", pts // kind))
    if phase == MATCH_OVER:
        out.append(t.tr("match_won", t.name(m.winner)))
        out.append(t.tr("new_match"))
    else:
        out.append(t.tr("next_game"))


def message(t, out):
    """The message rows of game/screens.py's _message for every phase but the three of a
    turn (before the roll, moving, no move) with no resignation waiting."""
    m = t.match
    phase = t.phase
    if m.resigned_by != NOBODY and phase < GAME_OVER:
        out.append(t.tr("resigns", t.name(m.resigned_by), t.tr("kind%d" % m.resign_kind)))
        out.append(t.tr("accept_hint"))
    elif phase == OPENING:
        out.append(t.tr("opening"))
        out.append(t.tr("each_roll"))
    elif phase == OPENING_REROLL:
        # the opening choice: the dice won, then both answers (seed 004)
        a, b = t.opening[0], t.opening[1]
        out.append(t.tr("starts", t.name(t.on_roll), max(a, b), min(a, b)))
        if t.want_roll is None:
            out.append(t.tr("keep_hint"))
            out.append(t.tr("reroll_hint"))
    elif phase == DOUBLED:
        cube = m.cube
        if cube.beavered:
            out.append(t.tr("beavers", t.name(cube.offered_by), cube.value * 2))
        else:
            out.append(t.tr("doubles", t.name(cube.offered_by), cube.value * 2))
        out.append(t.tr("answer"))
        if cube.money and cube.beavers and not cube.beavered and cube.value * 4 <= cube.max_value:
            out.append(t.tr("beaver_hint"))
    elif phase >= GAME_OVER:
        end_message(t, out)


def fault_rows(t, head):
    """The OLED while a hardware fault keeps points from being read: `head` (the turn row,
    or the setup title), the note, the points and what the board does."""
    out = list(head)
    msg = [t.note[0]] if t.note else []
    msg.append(t.tr("fault", " ".join(point_text(t, p) for p in t.hw_fault[:4])))
    msg.append(t.tr("fault_hint"))
    for text in msg:
        out.extend(wrap(text))
    return out[:ROWS]


def fault_words(hw_fault, faults):
    """The serial line's words for a hardware fault: the points, then what the scanner
    found (bank, sensor), never an errno alone."""
    pts = " ".join("bar" if p > 24 else str(p) for p in hw_fault)
    parts = []
    for code, d in faults:
        if code == "mux":
            parts.append("bank %d/%d: %s" % (d[0], d[1], d[2]))
        elif code == "out_of_range":
            parts.append("sensor %d reads %s" % (d[0], d[1]))
        elif code == "stuck":
            parts.append("sensor %d frozen" % d)
    return "hardware fault, not a move: points %s cannot be read%s" % (
        pts, (" (" + "; ".join(parts) + ")") if parts else "")
