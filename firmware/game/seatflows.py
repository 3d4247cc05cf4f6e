"""The seats' rare changes (issue 10): a seat cycled in Settings (a person, the board at a
level, the computer on USB), a player leaving and coming back (seed 003's ghost), the match
stopped when the absent player is not back in time, and the name the record gives a seat.
Loaded for the call (base/rare.py), apart from game/flows.py's cube and resignation
flows so that neither loads the other. As those, they change the game only through the
Table's own transitions (record, event, save, say, set_seat, abandon): no attribute of the
Table is written here.
"""
from game.phases import LEVELS, GHOST_LEVEL, SEAT_USB
from base import events


def cycle_seat(t, player):
    """Settings' seat of `player`: a person -> the board easy -> normal -> strong -> the
    computer on USB -> a player online -> a person (game.phases.LEVELS)."""
    seat = (t.seats[player] + 1) % (len(LEVELS) + 1)
    # an absent player's seat cycled to a person: they are back (a ghost needs a level)
    t.set_seat(player, seat, t.away[player] if seat else 0)
    _usb_gone(t)
    t.record(("name", player, t.seat_name(player)))     # the record names the seat
    t.event(events.line("seat", [("player", player), ("level", t.level_of(player) or "person")]))
    t.save()


def seat_name(t, player):
    """Table.seat_name: White, Black, "Tablier (normal)", "Computer (USB)", "White ghost (normal)"."""
    level = t.level_of(player)
    if t.away[player]:
        return "%s ghost (%s)" % (("White", "Black")[player], level)
    if t.seats[player] >= SEAT_USB:            # the computer on USB, a player online
        return ("Computer (USB)", "Online")[t.seats[player] - SEAT_USB]
    return "Tablier (%s)" % level if level else ("White", "Black")[player]


def _usb_gone(t):
    """No seat is the computer on USB's (any more): its question's code leaves the heap
    (app/usbseat.py, kept while one is: App.engine_work)."""
    if t.seats[0] < SEAT_USB and t.seats[1] < SEAT_USB:
        from base import rare
        rare.forget("app.usbseat", "app.online")


def leave(t, player):
    """Seed 003's ghost: `player` leaves; the board plays for them (table.GHOST_LEVEL)."""
    if t.away[player] or t.seats[player]:
        t.say(t.tr("refused"))
        return
    t.set_seat(player, GHOST_LEVEL, 1)
    t.record(("name", player, t.seat_name(player)))
    t.say(t.tr("ghost_on", t.name(player)))
    t.save()


def come_back(t, player):
    """`player` is back: the seat is theirs again."""
    if not t.away[player]:
        return
    t.set_seat(player, 0, 0)
    _usb_gone(t)
    t.record(("name", player, t.seat_name(player)))
    t.say(t.tr("ghost_off", t.name(player)))
    t.save()


def not_back(t):
    """Seed 003: the absent player is not back within 2 minutes of a game the ghost played
    (Table.tick): the match stops and a new one starts, every seat a person's again (a new
    match has no time to wait for: Table._new_game clears it)."""
    away = 0 if t.away[0] else 1
    for p in (0, 1):
        come_back(t, p)
    t.abandon()
    t.say(t.tr("ghost_stop", t.name(away)))
    t.event(events.line("match_stopped", [("player", away), (
        "why", "not back within 2 minutes of a game the ghost played")]))
