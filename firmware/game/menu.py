"""The OLED menu: position and match IDs, settings, resigning, abandoning the match, the
dice (the fair dice's page, dicemenu.py).

Navigation (docs/table.md): the menu button opens the menu and moves to the next item
(a long press closes it); undo goes back one level (closing the menu from the top); a
main button selects the item under the cursor. A setting cycles to its next value each
time it is selected. Abandoning the match asks to be selected twice.

Resigning is never an accident (issue 8.12): Resign is not the first item, the player
whose main button selects it is the one resigning and from then on only that player's
main goes on (the other's does nothing); after the kind (single, gammon, backgammon) a
last screen says what will happen ("White resigns / a gammon? / Black wins 4 / if
accepted / Main: yes / Undo: no") and only that player's main offers it.

The clock is not paused by the menu (game/clock.py): the player who must act keeps
paying, so opening it is no way to stop one's own clock; its top row shows that clock.
Either player closes the menu with undo, and while a player is moving, a checker moved
closes it (game/table.py): a menu the other player opened costs the mover nothing.

The menu keeps its own state (the Menu) and reads the Table's; it asks the game for what
it offers through the Table's public methods (resign, abandon, ids, say, event, save) and
the settings' (cycle), and never writes the Table: press() says when the menu closes, and
the Table closes it (game/table.py, _menu_button). Loaded while open, forgotten after.
"""
from bg.cube import NOBODY, other
from game.settings import SPEC, NAMES
from game.phases import PRE_ROLL, MOVING, NO_MOVE
from base.textrows import COLS, ROWS, fit, wrap
from base import rare

MAIN = ("m_ids", "m_settings", "m_resign", "m_new", "m_shots", "m_hint", "m_dice", "m_away", "m_close")
RESIGN = ("r_item1", "r_item2", "r_item3")
SEATS = ("seat0", "seat1")    # the settings' seats: White's, Black's (a person or the board)
NEXT_MATCH = ("money", "length", "cube_max", "beavers", "jacoby")


class Menu:
    def __init__(self):
        self.level = "main"
        self.cursor = 0
        self.armed = False      # abandoning: selected once, waits for the second select
        self.ids = None         # (position ID, match ID) on the IDs screen
        self.player = NOBODY    # resigning: the player who chose Resign (only its main goes on)
        self.kind = 0           # resigning: the kind chosen, waiting for the confirmation
        self.warn = None        # resigning: why the kind chosen is not allowed (shown once)
        self.shots = None       # the Shots screen: [(blot point, rolls of 36 that hit it)]
        # the Hint screen (docs/coach.md): the app answers want_hint (app/hints.py) with the
        # hint_k-th best play of the roll: its rows, its (from, to) LED pairs, how many
        self.want_hint = False
        self.hint_k = 0
        self.hint_rows = None
        self.hint_leds = b""
        self.hint_count = 0
        self.dice = None        # the Dice page: dicemenu.DiceMenu (the fair dice, docs/dice.md)

    def items(self):
        if self.level == "main":
            return MAIN
        if self.level == "resign":
            return RESIGN
        if self.level == "settings":
            return NAMES + SEATS
        return ()


def press(m, t, name, kind):
    """A button while the menu `m` is open on Table `t`. True: the menu closes."""
    m.warn = None
    if m.level == "dice":
        return _dice_press(m, name, kind)
    if name == "menu":
        if kind == "long":
            return True
        n = len(m.items())
        if n:
            m.cursor = (m.cursor + 1) % n
        m.armed = False
    elif name == "undo":
        if m.level == "main":
            return True
        if m.level == "confirm":
            m.level = "resign"          # back to the kinds, the same one under the cursor
        else:
            m.level = "main"
            m.cursor = 0
            m.ids = m.shots = None
            m.player = NOBODY
    elif name in ("p1_main", "p2_main") and kind == "press":
        return _select(t, m, 0 if name == "p1_main" else 1)
    return False


def _select(t, m, player):
    if m.player != NOBODY and player != m.player:
        return False                   # resigning is that player's choice alone
    if m.level == "confirm":
        t.resign(player, m.kind)
        return True
    if m.level == "hint":
        # the next best play on the next press; after the last one, back to the menu
        if m.hint_rows is not None and m.hint_k + 1 < m.hint_count:
            m.hint_k += 1
            m.hint_rows = None
            m.hint_leds = b""
            m.want_hint = True
            return False
        m.level = "main"
        m.hint_rows = None
        m.hint_leds = b""
        m.want_hint = False
        return False
    items = m.items()
    if not items:                      # the IDs or Shots screen: back to the menu
        m.level = "main"
        m.ids = m.shots = None
        m.player = NOBODY
        return False
    item = items[m.cursor]
    if m.level == "main":
        if item == "m_resign":
            if t.phase not in (PRE_ROLL, MOVING, NO_MOVE) or t.match.resigned_by != NOBODY:
                t.say(t.tr("refused"))
                return True
            if t.seats[player]:
                t.say(t.tr("seat_held", t.name(player)))   # (that seat resigns for itself)
                return True
            m.level, m.cursor, m.player = "resign", 0, player
        elif item == "m_settings":
            m.level, m.cursor = "settings", 0
        elif item == "m_ids":
            m.level = "ids"
            m.ids = _ids(t)
        elif item == "m_shots":
            m.level, m.player = "shots", player
            m.shots = _shots(t, player)
        elif item == "m_away":
            # seed 003's ghost: the player whose main selects it leaves, or is back
            if t.away[player]:
                t.come_back(player)
            else:
                t.leave(player)
            return True
        elif item == "m_hint":
            if t.phase != MOVING:
                t.say(t.tr("h_roll"))       # a hint is for a roll: roll first
                return True
            m.level, m.hint_k, m.hint_rows, m.want_hint = "hint", 0, None, True
        elif item == "m_dice":
            fair = t.fair      # the App gives the Table the fair dice (app/start.py: use_fair_dice)
            if fair is None:
                t.say(t.tr("no_fair"))
                return True
            from dice.dicemenu import DiceMenu
            m.level, m.dice = "dice", DiceMenu(fair, t.settings.lang)
        elif item == "m_new":
            if m.armed:
                t.abandon()
                return True
            m.armed = True
        else:
            return True
    elif m.level == "resign":
        from game import resigning
        why = resigning.refusal(t.board, player, m.cursor + 1)
        if why:
            m.warn = t.tr(why)          # seed 003's conditions: say them, stay on the kinds
            return False
        m.level, m.kind = "confirm", m.cursor + 1
    elif m.level == "settings" and item in SEATS:
        t.cycle_seat(SEATS.index(item))     # at once, and saved
    elif m.level == "settings":
        if item == "money":
            t.settings.cycle_mode()     # seed 003's modes: single game, blitz, match
        else:
            t.settings.cycle(item)
        if item in NEXT_MATCH:
            t.say(t.tr("next_match"))
        t.save()
    return False


def _dice_press(m, name, kind):
    """The Dice page (dicemenu.py) answers; undo at its top comes back to the menu, the
    salt's entry closes it (its pad takes the screen), a long menu press closes it."""
    if name == "menu" and kind == "long":
        return True
    what = m.dice.press(name, kind)
    if what == "back":
        m.level, m.dice = "main", None
        rare.forget("dice.dicemenu")
    return what == "close"


def _ids(t):
    """(position ID, match ID) of the position on the board, and the 'ids' event."""
    from base import events
    try:
        pid, mid = t.ids()
    except ValueError as e:        # a state gnubg cannot encode: say so, do not crash
        t.event(events.error("ids", str(e)))
        return "-", str(e)[:16]
    t.event(events.ids(pid, mid))
    return pid, mid


def _shots(t, player):
    """Seed 004's count for each blot of `player` (its own numbering, the far ones first):
    the rolls of 36 with which the opponent, rolling next, hits it (bg.counting)."""
    from bg.counting import blots, shots
    view = t.board if player == 0 else t.board.swapped()
    return [(p, shots(view, p)) for p in sorted(blots(view), reverse=True)]


def _shots_rows(t, m):
    out = [t.tr("sh_title", t.name(m.player))]
    if not m.shots:
        out.append(t.tr("sh_none"))
    room = ROWS - 2
    for i in range(min(len(m.shots), room)):
        p, n = m.shots[i]
        if i == room - 1 and len(m.shots) > room:
            out.append(t.tr("more_wrong", len(m.shots) - i))
            break
        out.append(t.tr("sh_row", p, n, (n * 100 + 18) // 36))
    out.append(t.tr("sh_back"))
    return out


def _value_text(t, name):
    if name in SEATS:
        return t.tr("v_" + (t.level_of(SEATS.index(name)) or "person"))
    v = getattr(t.settings, name)
    if name == "money":
        return t.tr(("v_single", "v_blitz_mode", "v_match")[t.settings.mode()])
    if name == "cube_max":
        from game.settings import CUBE_OFF, CUBE_NO_LIMIT
        if v == CUBE_OFF:
            return t.tr("v_off")
        return t.tr("v_nolimit") if v == CUBE_NO_LIMIT else str(v)
    if name == "clock":
        return (t.tr("v_off"), t.tr("v_standard"), t.tr("v_blitz"))[v]
    if name == "lang":
        return ("EN", "FR")[v]
    if name == "grading":       # off, on, the tutor at blunders, at doubtful plays
        return t.tr(("v_off", "v_on", "v_tutor", "v_tutor_d")[v])
    for n, values, default in SPEC:
        if n == name and values == (0, 1):
            return t.tr("v_on") if v else t.tr("v_off")
    return str(v)


def _title(t, m):
    if m.level == "resign":
        return t.tr("r_title", t.name(m.player))
    if m.level == "settings":
        return t.tr("m_settings")
    # the main level: the clock running meanwhile, "MENU   W1:52 +17"
    c = t.clock
    run = c.running
    if c.enabled() and run != NOBODY:
        return fit(t.tr("m_title"), "%s%s +%s" % (t.tr("w" if run == 0 else "b"), c.text(run), c.turn_text()))
    return t.tr("m_title")


def _confirm_rows(t, m):
    """What the resignation will do, and the keys."""
    p = m.player
    pts = m.kind * t.match.cube.value
    wins = t.tr("wins", t.name(other(p)), pts)
    if m.kind == 2:
        # seed 003's question: "voulez-vous vraiment abandonner un Gammon ?"
        return wrap(t.tr("r_really", t.name(p))) + [wins] + \
            ([t.tr("r_if")] if t.settings.lang == 0 else []) + [t.tr("r_yes"), t.tr("r_no")]
    return [t.tr("r_title", t.name(p)), t.tr("r_kind%d" % m.kind),
            wins, t.tr("r_if"), t.tr("r_yes"), t.tr("r_no")]


def rows(t):
    m = t.menu
    if m.level == "ids":
        return [t.tr("m_ids"), m.ids[0], t.tr("id_match"), m.ids[1]]
    if m.level == "confirm":
        return [r[:COLS] for r in _confirm_rows(t, m)]
    if m.level == "shots":
        return _shots_rows(t, m)
    if m.level == "hint":
        if m.hint_rows is None:
            return [t.tr("m_hint"), t.tr("h_wait")]
        return m.hint_rows[:ROWS - 1] + [t.tr("h_next" if m.hint_k + 1 < m.hint_count else "sh_back")]
    if m.level == "dice":
        return m.dice.rows()
    out = [_title(t, m)]
    if m.warn:
        return (out + wrap(m.warn))[:ROWS]
    items = m.items()
    shown = ROWS - 1
    first = 0
    if m.cursor >= shown:
        first = m.cursor - shown + 1
    for i in range(first, min(len(items), first + shown)):
        item = items[i]
        mark = ">" if i == m.cursor else " "
        if m.level == "settings":
            label = t.tr("s_" + item)
            value = _value_text(t, item)
            gap = COLS - 1 - len(label) - len(value)
            text = label + " " * max(1, gap) + value
        elif item == "m_new" and m.armed:
            text = t.tr("m_sure")
        elif item == "m_away" and (t.away[0] or t.away[1]):
            text = t.tr("m_back")
        else:
            text = t.tr(item)
        out.append((mark + text)[:COLS])
    return out
