"""The OLED menu: resign, position and match IDs, settings, abandoning the match.

Navigation (docs/table.md): the menu button opens the menu and moves to the next item
(a long press closes it); undo goes back one level (closing the menu from the top); a
main button selects the item under the cursor, and the player whose button it is is the
one who resigns. A setting cycles to its next value each time it is selected. Abandoning
the match asks to be selected twice.
"""
from game.settings import SPEC, NAMES
from game.screens import COLS, ROWS

MAIN = ("m_resign", "m_ids", "m_settings", "m_new", "m_close")
RESIGN = ("kind1", "kind2", "kind3")
_NEXT_MATCH = ("money", "length", "cube_max", "beavers", "jacoby")


class Menu:
    def __init__(self):
        self.level = "main"
        self.cursor = 0
        self.armed = False      # abandoning: selected once, waits for the second select
        self.ids = None         # (position ID, match ID) on the IDs screen

    def items(self):
        if self.level == "main":
            return MAIN
        if self.level == "resign":
            return RESIGN
        if self.level == "settings":
            return NAMES
        return ()


def button(t, name, kind):
    m = t.menu
    if m is None:
        if name == "menu":
            t.menu = Menu()
        return
    if name == "menu":
        if kind == "long":
            t.menu = None
            return
        n = len(m.items())
        if n:
            m.cursor = (m.cursor + 1) % n
        m.armed = False
    elif name == "undo":
        if m.level == "main":
            t.menu = None
        else:
            m.level = "main"
            m.cursor = 0
            m.ids = None
    elif name in ("p1_main", "p2_main") and kind == "press":
        _select(t, m, 0 if name == "p1_main" else 1)


def _select(t, m, player):
    items = m.items()
    if not items:                      # the IDs screen: back to the menu
        m.level = "main"
        m.ids = None
        return
    item = items[m.cursor]
    if m.level == "main":
        if item == "m_resign":
            m.level, m.cursor = "resign", 0
        elif item == "m_settings":
            m.level, m.cursor = "settings", 0
        elif item == "m_ids":
            m.level = "ids"
            m.ids = _ids(t)
        elif item == "m_new":
            if m.armed:
                t.abandon()
            else:
                m.armed = True
        else:
            t.menu = None
    elif m.level == "resign":
        t.menu = None
        t.resign(player, m.cursor + 1)
    elif m.level == "settings":
        t.settings.cycle(item)
        if item in _NEXT_MATCH:
            t._note(t.tr("next_match"))
        t._save()


def _ids(t):
    """(position ID, match ID) of the position on the board, and the 'ids' event."""
    import events
    try:
        pid, mid = t.ids()
    except ValueError as e:        # a state gnubg cannot encode: say so, do not crash
        t._event(events.error("ids", str(e)))
        return "-", str(e)[:16]
    t._event(events.ids(pid, mid))
    return pid, mid


def _value_text(t, name):
    v = getattr(t.settings, name)
    if name == "money":
        return t.tr("money") if v else t.tr("v_match")
    if name == "clock":
        return (t.tr("v_off"), t.tr("v_standard"), t.tr("v_blitz"))[v]
    if name == "lang":
        return ("EN", "FR")[v]
    for n, values, default in SPEC:
        if n == name and values == (0, 1):
            return t.tr("v_on") if v else t.tr("v_off")
    return str(v)


def rows(t):
    m = t.menu
    if m.level == "ids":
        return [t.tr("m_ids"), m.ids[0], "Match ID", m.ids[1]]
    title = {"main": "m_title", "resign": "m_resign", "settings": "m_settings"}[m.level]
    out = [t.tr(title)]
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
        else:
            text = t.tr(item)
        out.append((mark + text)[:COLS])
    return out
