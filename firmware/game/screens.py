"""What the Table shows: the LED frame and the OLED's 6 rows of 16 characters. The view:
it reads the Table `t` and writes nothing of it (fill_leds fills the frame it is given,
rows returns the rows); the Table stores what it gets (game/table.py, _refresh).

Rows at a glance: 0 whose turn and dice | cube; 1 score and match length (Crawford);
2 pip counts White/Black; 3 clocks (when on); the rest: what to do now or what is wrong.
"""
from bg.cube import NOBODY, CENTRED
from bg import judge as J
from game import colours as C
from game.phases import SETUP, OPENING, PRE_ROLL, DOUBLED, MOVING, NO_MOVE, GAME_OVER, \
    S_LIFTED, S_ILLEGAL, S_UNCERTAIN, S_LEGAL, S_COMPLETE, S_IN_HAND
from base.textrows import ROWS, wrap, fit



def point_text(t, p):
    if p == 25:
        return t.tr("bar")
    if p == 0:
        return t.tr("off")
    return str(p)


def reason_text(t, v):
    """The words for an illegal verdict, points in the mover's numbering."""
    r = v.reason
    pts = v.points
    first = point_text(t, pts[0]) if pts else ""
    if r == J.CLOSED_POINT:
        return t.tr("closed_point", first)
    if r == "upside":                    # game/moving.py: a colour has a checker too many
        return t.tr("upside", first)
    if r == "not_board_play":            # game/table.py: a complete play, not the board's
        return t.tr("not_board_play", t.shown_text, " ".join(point_text(t, p) for p in pts[:4]))
    if r == J.PLAY_LARGER:
        return t.tr("play_larger", v.die)
    if r == J.MUST_PLAY_ALL:
        d = t.turn_dice
        return t.tr("must_play_all4" if d[0] == d[1] else "must_play_all")
    if r in (J.MIXED, J.BLOT_NOT_HIT, J.CHECKERS_APPEARED):
        return t.tr(r + ("_r" if r == J.MIXED else ""), " ".join(point_text(t, p) for p in pts[:3]))
    return t.tr(r)


# ------------------------------------------------------------------ LEDs

def fill_leds(t, leds):
    """The LED frame of the Table's state into `leds` (codes of game.colours)."""
    for i in range(len(leds)):
        leds[i] = C.OFF
    phase = t.phase
    if t.hw_fault and phase < GAME_OVER:
        for p in t.hw_fault:         # unreadable (hardware): amber, whatever the phase
            leds[p] = C.UNCERTAIN
        if t.mismatch:
            for p in t.mismatch[0]:
                if leds[p] == C.OFF:
                    leds[p] = C.SETUP
    elif t.mismatch:
        wrong, unsure = t.mismatch
        for p in wrong:
            leds[p] = C.SETUP
        for p in unsure:
            leds[p] = C.UNCERTAIN
    elif phase == MOVING:
        st = t.state
        mover = t.on_roll
        if st == S_LIFTED:
            leds[C.led_of(t.lifted, mover)] = C.LIFTED
            for p in t.dests:
                if p:
                    leds[C.led_of(p, mover)] = C.DEST
        elif st == S_ILLEGAL:
            for p in t.problem_points:
                if p:
                    leds[C.led_of(p, mover)] = C.ILLEGAL
                elif t.verdict.reason in (J.NOT_HIT, J.OPPONENT_MOVED):
                    leds[C.LED_WHITE_BAR + 1 - mover] = C.ILLEGAL
        elif st == S_UNCERTAIN:
            for p in t.problem_points:
                leds[p] = C.UNCERTAIN
        elif t.shown_play is not None and st == S_LEGAL:
            # the board's play: where each checker goes from (sky blue) and to (green)
            for a, b in t.shown_play.moves:
                if a and leds[C.led_of(a, mover)] == C.OFF:
                    leds[C.led_of(a, mover)] = C.LIFTED
                if b:
                    leds[C.led_of(b, mover)] = C.DEST
        elif st == S_LEGAL and t.last_legal == t.view:
            _last_move(t, leds)
        if t.probable:
            # tall piles the sensors only bound, shown at their probable count: amber
            seen = t.seen
            for p in range(1, 25):
                if seen.lo[p] != seen.hi[p] and leds[p] == C.OFF:
                    leds[p] = C.UNCERTAIN
    elif phase in (PRE_ROLL, DOUBLED, NO_MOVE):
        _last_move(t, leds)
    m = t.menu
    if m is not None and m.hint_leds:
        # the menu's hint (docs/coach.md): where each checker goes from, and to
        h = m.hint_leds
        for i in range(0, len(h), 2):
            if h[i]:
                leds[h[i]] = C.LIFTED
        for i in range(1, len(h), 2):
            if h[i]:
                leds[h[i]] = C.DEST
    _status_leds(t, leds)


def _status_leds(t, leds):
    """Whose turn, the cube."""
    phase = t.phase
    acting = t.acting()
    if phase == OPENING:
        for p in (0, 1):
            if not t.opening[p]:
                leds[C.LED_TURN_P1 + p] = C.TURN_WHITE + p
    elif phase >= GAME_OVER:
        w = t.match.last_game[0]
        if w != NOBODY:
            leds[C.LED_TURN_P1 + w] = C.WIN
    elif acting != NOBODY:
        leds[C.LED_TURN_P1 + acting] = C.TURN_WHITE + acting
    cube = t.match.cube
    if phase < GAME_OVER and cube.enabled and not cube.crawford:
        if cube.offered_by != NOBODY:
            leds[C.LED_CUBE_P1 + 1 - cube.offered_by] = C.CUBE_OFFERED
            return
        if cube.owner != CENTRED:
            leds[C.LED_CUBE_P1 + cube.owner] = C.CUBE_OWNED
            return
        # a centred cube is shown only to the players for whom it is live: post-Crawford
        # the leader's cube is dead (its LED off), the trailer's in play
        for p in (0, 1):
            if cube.may_double(p) is None:
                leds[C.LED_CUBE_P1 + p] = C.CUBE_CENTRED


def _last_move(t, leds):
    lm = t.last_move
    for i in range(0, len(lm), 2):
        if lm[i]:
            leds[lm[i]] = C.LAST_FROM
    for i in range(1, len(lm), 2):
        if lm[i]:
            leds[lm[i]] = C.LAST_TO


# ------------------------------------------------------------------ the OLED

def _letter(t, player):
    return t.tr("w" if player == 0 else "b")


def _header(t):
    """The header rows (a new list: render changes it). Made again only when what they show
    changed: formatting and translating them is a fifth of a reading's time on the Pico,
    and most readings change only the message rows."""
    m = t.match
    cube = m.cube
    b = t.board
    clock = t.clock
    who = t.acting()
    if who == NOBODY:
        who = t.on_roll
    d1, d2 = t.turn_dice
    key = (t.settings.lang, clock.mode, who, d1, d2, m.crawford, cube.enabled, cube.value, cube.owner,
           m.length, m.score[0], m.score[1], m.winner, m.post_crawford, b.pips(), b.opp_pips(),
           clock.enabled() and (clock.running, clock.text(0), clock.text(1), clock.turn_text()))
    memo = _memo[0]
    if memo is None or memo[0] != key:
        memo = _memo[0] = (key, _header_rows(t, m, cube, b, clock, who, d1, d2))
    return list(memo[1])


# the header rows last made and what they show (the key holds all they depend on, so a
# memo made for one Table is right for any other showing the same)
_memo = [None]  # type: list


def _header_rows(t, m, cube, b, clock, who, d1, d2):
    left = t.name(who) if who != NOBODY else ""
    if d1:
        # the higher die first, as GNU Backgammon and the plays say them (issue 26: "White
        # 5-2" then "Black 1-3")
        left += " %d-%d" % ((d1, d2) if d1 >= d2 else (d2, d1))
    if m.crawford:
        right = "CRAW"
    elif not cube.enabled:
        right = ""
    else:
        right = "x%d%s" % (cube.value, "" if cube.owner == CENTRED else _letter(t, cube.owner))
    rows = [fit(left, right)]
    if m.money():
        # seed 003's mode by name: the single game, or blitz (the single game's blitz clock)
        from game.settings import CLOCK_BLITZ
        rows.append(fit(t.tr("g_blitz" if clock.mode == CLOCK_BLITZ else "g_single"),
                         "%d-%d" % (m.score[0], m.score[1])))
    else:
        tag = ""
        if m.is_over():
            pass
        elif m.crawford:
            tag = t.tr("crawford")      # after a game over: the next game is the Crawford game
        elif m.post_crawford:
            tag = t.tr("post_crawford")[:8]
        rows.append(fit("%d-%d /%d" % (m.score[0], m.score[1], m.length), tag))
    rows.append(fit(t.tr("pips"), "%d %d" % (b.pips(), b.opp_pips())))
    off0, off1 = _borne_off(b)
    if off0 or off1:
        # seed 001: the checkers borne off by both players, once there are any
        rows.append(fit(t.tr("borne_off"), "%d %d" % (off0, off1)))
    if clock.enabled():
        run = clock.running
        rows.append(fit("%s%s %s%s" % (_letter(t, 0), clock.text(0), _letter(t, 1), clock.text(1)),
                         "+" + clock.turn_text() if run != NOBODY else ""))
    return rows


def _borne_off(b):
    """(White's, Black's) checkers borne off."""
    return 15 - sum(b.me), 15 - sum(b.opp)


def _message(t):
    m = t.match
    phase = t.phase
    out = []
    if t.note:
        out.append(t.note[0])
    if phase == PRE_ROLL and m.resigned_by == NOBODY:
        out.append(t.tr("on_roll", t.name(t.on_roll)))
        out.append(t.tr("roll_or_double" if t.may_double(t.on_roll) else "press_roll"))
    elif phase == MOVING and m.resigned_by == NOBODY:
        _moving_message(t, out)
    elif phase == NO_MOVE and m.resigned_by == NOBODY:
        out.append(t.tr("no_move"))
        out.append(t.tr("ack_pass"))
    else:
        # the opening roll, a double or a resignation waiting, a game's end: a few screens
        # a game (game/screens_between.py, loaded for them)
        from game import screens_between
        screens_between.message(t, out)
    return out


def _moving_message(t, out):
    st = t.state
    if t.want_play is not None:
        out.append(t.tr("board_thinks", t.name(t.on_roll)))
        return
    if t.shown_play is not None and st in (S_LEGAL, S_LIFTED, S_IN_HAND):
        # the board's play, in notation, and who moves its checkers
        out.append(t.tr("board_plays", t.name(t.on_roll), t.shown_text))
        out.append(t.tr("move_for_board"))
        return
    if t.choices:
        out.append(t.tr("which"))
        from bg import notation          # (Play.notation() would keep bg.notation loaded)
        c = t.choices[t.choice]
        out.append(notation.format_play(c.moves, c.hits))
        out.append(t.tr("which_keys"))
    elif st == S_COMPLETE:
        out.append(t.tr("commit"))
    elif st == S_LIFTED:
        # the destinations in the order of the way home (off last), on a row of their own
        # so the list is never cut in two
        dests = " ".join(point_text(t, p) for p in sorted(t.dests, key=_way_home))
        if dests:
            out.append(t.tr("lifted", point_text(t, t.lifted)))
            out.append(t.tr("lifted_to", dests))
        else:
            out.append(t.tr("nowhere", point_text(t, t.lifted)))
    elif st == S_IN_HAND:
        out.append(t.tr("in_hand"))
    elif st == S_ILLEGAL:
        out.append(reason_text(t, t.verdict))
    elif st == S_UNCERTAIN and t.problem_kind == "weak":
        out.append(t.tr("weak", " ".join(str(p) for p in t.problem_points[:3])))
    elif st == S_UNCERTAIN:
        out.append(t.tr("uncertain", " ".join(str(p) for p in t.problem_points[:3])))
    else:
        out.append(t.tr("to_move", t.name(t.on_roll)))


def _way_home(p):
    """Sort key: the points further from home first (bar 25 ... 1, off 0 last)."""
    return -p


def rows(t):
    """The OLED's rows for the Table's state (the menu's while it is open)."""
    if t.menu is not None:
        from game import menu            # loaded while the menu is open
        return menu.rows(t)
    if t.hw_fault and t.phase < GAME_OVER:
        # a hardware fault, said as such (never as a move, never blamed on a player)
        from game import screens_between
        return screens_between.fault_rows(t, [t.tr("setup")] if t.phase == SETUP else _header(t)[:1])
    if t.phase == SETUP:
        from game import screens_between
        return screens_between.setup_rows(t, t.tr("setup"))
    if t.mismatch or (t.restoring and t.seen is None):
        from game import screens_between
        return screens_between.setup_rows(t, t.tr("put_back"))
    out = _header(t)
    if t.phase >= GAME_OVER:
        out = out[1:-1] if t.clock.enabled() else out[1:]   # no turn, no clock: the result says
    msg = []
    for text in _message(t):
        if text:                      # an empty message takes no row
            msg.extend(wrap(text))
    # what to do now matters more than any header row: give up the pips, the borne-off
    # counts, the score, the clock, then the turn row, until the whole message fits
    while len(out) + len(msg) > ROWS and out:
        out.pop(_least(t, out))
    out.extend(msg[:ROWS])
    return out[:ROWS]


def _least(t, rows):
    """The index of the header row to give up first: the pips and borne-off counts, then
    the score; in the single game (no match length) its running score goes before them."""
    from game.settings import CLOCK_BLITZ
    single = t.tr("g_blitz" if t.clock.mode == CLOCK_BLITZ else "g_single")
    if t.match.money() and len(rows) > 2 and rows[1].startswith(single):
        return 1
    for key in ("pips", "borne_off"):
        word = t.tr(key)
        for i in range(len(rows)):
            if rows[i].startswith(word):
                return i
    if len(rows) > 2:
        return 1                      # the score (rows: turn, score, clock)
    return len(rows) - 1
