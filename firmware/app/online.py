"""A player online in a seat (issue 29: "Play people online from the wooden board"):
Settings > White or Black's sixth value, "Online", after USB PC. `python -m host_tools
online --port PORT` relays the game between the board and bgammon.org.

The seat's play and cube answers come over serial as the computer on USB's do
(app/usbseat.py: the `seat_turn` question, `seat play 13/7 8/7`, `seat double`, ...): the
opponent's play is shown on the LEDs and the OLED, a person makes it, the board checks it.
What is this module's: the dice. While a seat is online the server rolls for both sides,
so instead of rolling the board asks for them,

    {"t":"seat_dice","p":0,"n":2,"o":1,"q":17}

(p the player the dice are for, n 1 for an opening die or 2, o the online seat, q the
record's line count) and again every RESEND_MS until `seat dice 3 1` (`seat dice 5` for
an opening die) answers; the provably fair dice do not roll, and the record says the match's
dice are the server's (a `U 2` line, record.py's ('entered', 2): verify-dice counts them
and checks none). `seat resign N` is the opponent's resignation on the server (N 1 single,
2 gammon, 3 backgammon): offered at the board through its own flow, the person accepts it
with main; `seat name P NAME` names player P in the record as the server does (lowercased,
as every command). `seat link STATE` puts the connection's
state on the OLED (connecting, waiting, lost, playing; differs: the board's position is not
the server's, the relay says where). Nothing here can switch a seat
online: only the board's Settings do. Loaded with the first question while a seat is online
(game/seatflows.py forgets it with app/usbseat.py).
"""
import events
import ticks

RESEND_MS = 3000
SEAT_ONLINE = 5       # game.phases.SEAT_ONLINE (not imported: only the number is needed)
LINKS = {
    "connecting": ("Online:|connecting", "En ligne:|connexion"),
    "waiting": ("Online: waiting|for an opponent", "En ligne: on|attend l'adversaire"),
    "lost": ("Connection lost:|reconnecting", "Connexion perdue:|on reessaie"),
    "playing": ("", ""),
    "differs": ("Board differs|from the server|see the PC", "Plateau autre|que le serveur|voir le PC"),
}
WAITING = ("Waiting for the|server's dice", "On attend les|des du serveur")

# the dice question last written: (key, line, when to write it again), and the match whose
# record says its dice are the server's
_last = [None, "", 0, None]  # type: list
SERVER_DICE = 2       # ('entered', 2): record.py


def online_seat(t):
    """The player whose seat is online, or -1."""
    s = t.seats
    return 0 if s[0] == SEAT_ONLINE else 1 if s[1] == SEAT_ONLINE else -1


def ask_dice(app, now_ms):
    """The dice asked of the bridge (App.roll_if_wanted while a seat is online), now and
    then every RESEND_MS until answered; unanswered, the OLED says so."""
    t = app.table
    n = t.want_roll
    o = online_seat(t)
    key = (id(t), t.rec_seq, t.phase, n, t.roller, t.opening[0], t.opening[1])
    last = _last
    if last[0] == key and not ticks.reached(now_ms, last[2]):
        return
    if last[0] != key:
        last[0] = key
        fair = app.fair
        if last[3] is not t.match or (fair is not None and fair.entered != SERVER_DICE):
            last[3] = t.match
            t.record(("entered", SERVER_DICE))     # the fair dice's commitment does not apply
            if fair is not None:
                # their next roll says `U 0` (a seat online no more: checked again), and a
                # seat online again says `U 2` again (issue 26's fuzzer: the rest of the
                # match was the server's for verify-dice)
                fair.entered = SERVER_DICE
                fair.u_seq = t.rec_seq
        last[1] = events.line("seat_dice", (("p", t.roller), ("n", n), ("o", o), ("q", t.rec_seq)))
    else:
        t.say(WAITING[t.settings.lang].replace("|", "\n"))
        t.screen = None
    last[2] = ticks.add(now_ms, RESEND_MS)
    app.write_line(last[1])


def answer(app, args):
    """`seat dice D1 [D2]`, `seat link STATE`, `seat resign N`, `seat name P NAME`: the
    JSON line answering them."""
    t = app.table
    word = args[0]
    o = online_seat(t)
    if o < 0:
        return events.error("seat_refused", "no seat is online: Settings > White or Black: online")
    if word == "link":
        rows = LINKS.get(args[1] if len(args) > 1 else "")
        if rows is None:
            return events.error("seat_refused", "seat link connecting|waiting|lost|playing|differs")
        t.say(rows[t.settings.lang].replace("|", "\n"))
        t.screen = None
        return events.line("seat_ok", (("ask", "link"), ("answer", args[1])))
    if word == "name":
        if len(args) != 3 or args[1] not in ("0", "1") or not 0 < len(args[2]) <= 24:
            return events.error("seat_refused", "seat name 0|1 NAME (one word, at most 24)")
        t.record(("name", int(args[1]), args[2]))
        return events.line("seat_ok", (("ask", "name"), ("answer", args[2])))
    if word == "resign":
        kind = args[1] if len(args) > 1 else ""
        if kind not in ("1", "2", "3"):
            return events.error("seat_refused", "seat resign 1|2|3")
        t.resign(o, int(kind))
        if t.match.resigned_by != o:
            return events.error("seat_refused", "the board cannot take this resignation now")
        app.drain()
        return events.line("seat_ok", (("ask", "resign"), ("answer", kind)))
    n = t.want_roll
    try:
        dice = [int(a) for a in args[1:]]
    except ValueError:
        dice = []
    if not n:
        return events.error("seat_refused", "no dice are asked for now")
    if len(dice) != n or not all(1 <= d <= 6 for d in dice):
        return events.error("seat_refused", "the board asks for %d di%s: seat dice %s" % (
            n, "e" if n == 1 else "ce", "5" if n == 1 else "3 1"))
    _last[2] = app.now                  # a new question (if any) goes out at once
    if t.note is not None:
        t.say("")
    app.last_roll = dice
    t.dice(*dice)
    app.drain()
    return events.line("seat_ok", (("ask", "dice"), ("answer", " ".join(str(d) for d in dice))))
