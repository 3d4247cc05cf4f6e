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
question's number, dice_q: it grows with each question) and again every RESEND_MS until `seat dice 17 3 1`
(`seat dice 17 5` for an opening die) answers, naming the question by its q as a
seat_turn's answer does (a question asked again and answered twice: the second refused); the provably fair dice do not roll, and the record says the match's
dice are the server's (a `U 2` line, host_tools/record_read.py's ('entered', 2): verify-dice counts them
and checks none). `seat resign N` is the opponent's resignation on the server (N 1 single,
2 gammon, 3 backgammon): offered at the board through its own flow, the person accepts it
with main; `seat name P NAME` names player P in the record as the server does (its case
kept). `seat position POSID P D1 D2` makes the server's position the board's (the server
is the authority: after a power cut, a reconnection or a refusal): player P on roll in
GNU Backgammon's position ID from P's side, with the dice D1 D2 (0 0 before the roll);
recorded as an `H` line, and shown as after a power cut: the LEDs say what to put back
before anything goes on. `seat score P PTS` scores the game just ended as the server did
(player P won PTS points: bgammon.org scores a pass or a resignation by its own rule):
the board's end line is voided (a `W` line, as after a power cut) and written again with
the server's points, the match's score and Crawford follow. `seat link STATE` puts the connection's
state on the OLED (connecting, waiting, lost, playing; differs: the board's position is not
the server's, the relay says where). Nothing here can switch a seat
online: only the board's Settings do. Loaded with the first question while a seat is online
(game/seatflows.py forgets it with app/usbseat.py).
"""
from base import events
from base import ticks

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

# the dice question last written: (key, line, when to write it again), the match whose
# record says its dice are the server's, and the q of the question the last dice answered
# (None: none since this module was loaded)
_last = [None, "", 0, None, None]  # type: list
SERVER_DICE = 2       # ('entered', 2): host_tools/record_read.py


def online_seat(t):
    """The player whose seat is online, or -1."""
    s = t.seats
    return 0 if s[0] == SEAT_ONLINE else 1 if s[1] == SEAT_ONLINE else -1


def dice_q(t):
    """The q that names a dice question: twice the record's line count, plus one once an
    opening die is in (the two opening dice are asked at the same count). It grows from one
    question to the next; it moves within one while it stands (a name recorded meanwhile:
    asked again with the new q)."""
    return 2 * t.rec_seq + (1 if t.opening[0] or t.opening[1] else 0)


def ask_dice(app, now_ms):
    """The dice asked of the bridge (App.roll_if_wanted while a seat is online), now and
    then every RESEND_MS until answered; unanswered, the OLED says so."""
    t = app.table
    n = app.roll_asked
    o = online_seat(t)
    t.clock.paused = True               # the server's dice: nobody's time (Table._clock_waits)
    key = (id(t), t.rec_seq, t.phase, n, t.roller, t.opening[0], t.opening[1])
    last = _last
    if last[0] == key and not ticks.reached(now_ms, last[2]):
        return
    q = dice_q(t)
    if last[4] is None or q <= last[4]:
        # none answered since this module was loaded, or the record went back (a game's
        # end voided and scored again as the server did: `seat score`): the answers to this
        # question, asked before, taken (answer())
        last[4] = q - 1
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
                # saved: a power cut must not forget that the record says the server rolls
                # (its own next roll then said no `U 0`, and verify-dice checked the board's
                # rolls against the seed at the wrong place: make fuzz)
                from dice import fairroll_ops
                fairroll_ops.save(fair)
        # (dice_q again, not q: the `U 2` line just recorded moved the record's count)
        last[1] = events.line("seat_dice", (("p", t.roller), ("n", n), ("o", o), ("q", dice_q(t))))
    else:
        t.say(WAITING[t.settings.lang].replace("|", "\n"))
        t.refresh_screen(True)
    last[2] = ticks.add(now_ms, RESEND_MS)
    app.write_line(last[1])


def answer(app, args):
    """`seat dice Q D1 [D2]`, `seat link STATE`, `seat resign N`, `seat name P NAME`,
    `seat position POSID P D1 D2`, `seat score P PTS`: the JSON line answering them."""
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
        t.refresh_screen(True)
        return events.line("seat_ok", (("ask", "link"), ("answer", args[1])))
    if word == "name":
        if len(args) != 3 or args[1] not in ("0", "1") or not 0 < len(args[2]) <= 24:
            return events.error("seat_refused", "seat name 0|1 NAME (one word, at most 24)")
        t.record(("name", int(args[1]), args[2]))
        return events.line("seat_ok", (("ask", "name"), ("answer", args[2])))
    if word == "position":
        return take_position(app, args[1:])
    if word == "score":
        return rescore(app, args[1:])
    if word == "resign":
        kind = args[1] if len(args) > 1 else ""
        if kind not in ("1", "2", "3"):
            return events.error("seat_refused", "seat resign 1|2|3")
        t.resign(o, int(kind))
        if t.match.resigned_by != o:
            return events.error("seat_refused", "the board cannot take this resignation now")
        t.refresh_screen(True)          # the person asked to accept it (no button redrew it)
        app.drain()
        return events.line("seat_ok", (("ask", "resign"), ("answer", kind)))
    n = app.roll_asked
    if not n:
        return events.error("seat_refused", "no dice are asked for now")
    # the answer names its question, the seat_dice's q, as a seat_turn's does (app/usbseat.py):
    # a stale answer (a question asked again and answered twice) is never taken for a later
    # question's dice. Taken: a q after the question the last dice answered, not after now
    q = args[1] if len(args) > 1 else ""
    now_q = dice_q(t)
    example = "5" if n == 1 else "3 1"
    if not q.isdigit():
        return events.error("seat_refused", "name the question: seat dice %d %s" % (now_q, example))
    if int(q) > now_q or (_last[4] is not None and int(q) <= _last[4]):
        return events.error("seat_refused", "dice question %s is not asked now: question %d is" % (
            q[:8], now_q))
    try:
        dice = [int(a) for a in args[2:]]
    except ValueError:
        dice = []
    if len(dice) != n or not all(1 <= d <= 6 for d in dice):
        return events.error("seat_refused", "the board asks for %d di%s: seat dice %d %s" % (
            n, "e" if n == 1 else "ce", now_q, example))
    _last[2] = app.now                  # a new question (if any) goes out at once
    if t.note is not None:
        t.say("")
    _last[4] = now_q                    # (an answer to this question again: refused)
    app.last_roll = dice
    t.dice(*dice)
    app.drain()
    return events.line("seat_ok", (("ask", "dice"), ("answer", " ".join(str(d) for d in dice))))


def take_position(app, args):
    """`seat position POSID P D1 D2`: the server's position becomes the board's, player P
    on roll with the dice D1 D2 (0 0: before the roll), in the game in play (not while a
    double or a resignation waits for its answer). The board shows what to put back, as
    when it resumes after a power cut, and judges nothing until it stands so."""
    from game.phases import OPENING, DOUBLED, NO_MOVE
    t = app.table
    if len(args) != 4 or args[1] not in ("0", "1") or not (args[2] + args[3]).isdigit():
        return events.error("seat_refused", "seat position POSID 0|1 D1 D2 (0 0 before the roll)")
    p, d1, d2 = int(args[1]), int(args[2]), int(args[3])
    if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
        return events.error("seat_refused", "dice %d %d: two dice 1 to 6, or 0 0" % (d1, d2))
    if not OPENING <= t.phase <= NO_MOVE or t.phase == DOUBLED or t.match.resigned_by >= 0:
        return events.error("seat_refused", "the board takes a position in a game in play only, "
                            "not while a double or a resignation waits")
    from bg.ids import position_from_id
    try:
        pos = position_from_id(args[0])
    except ValueError as e:
        return events.error("seat_refused", "not a position ID: %s" % e)
    if not (sum(pos.me) and sum(pos.opp)):     # (the game would be over, and never end)
        return events.error("seat_refused", "no checker left for a side: not a game in play")
    t.record(("position", args[0], "%d%d%d" % (p, d1, d2)))
    # put back exactly first, as after a power cut
    t.take_position(pos if p == 0 else pos.swapped(), p, d1, d2)
    app.drain()
    return events.line("seat_ok", (("ask", "position"), ("answer", args[0])))


def rescore(app, args):
    """`seat score P PTS`: the game just ended scored as the server scored it (its `win`),
    when the board scored it otherwise; only right after the end, for the same winner."""
    from game.phases import GAME_OVER, MATCH_OVER
    t = app.table
    m = t.match
    if len(args) != 2 or args[0] not in ("0", "1") or not args[1].isdigit():
        return events.error("seat_refused", "seat score 0|1 POINTS")
    w, pts = int(args[0]), int(args[1])
    if pts > 3 * m.cube_max:            # (a saved state holding more is refused at power-up)
        return events.error("seat_refused", "seat score: a game scores at most %d points "
                            "(a backgammon at the cube's maximum)" % (3 * m.cube_max))
    if t.phase not in (GAME_OVER, MATCH_OVER) or not t.end_seq or t.end_seq != t.rec_seq \
            or m.last_game[0] != w:
        return events.error("seat_refused", "the board scores again only the game just ended, "
                            "for its winner, before anything else is recorded")
    if m.last_game[1] != pts:
        rescore_match(m, pts)
        t.end_again(w, pts)             # the board's end line void, the server's written
        app.drain()
    return events.line("seat_ok", (("ask", "score"), ("answer", pts)))


def rescore_match(m, points):
    """The bg.match.Match `m`'s last game made worth `points` (here, not in bg/match.py: the
    board carries it only while a seat is online), the match's state after it as Match's
    _award would have left it: the score, the match's end, the Crawford game."""
    winner, old, kind, how = m.last_game
    was_over = m.winner >= 0
    m.score[winner] += points - old
    m.last_game = (winner, points, kind, how)
    if m.money():
        return
    if m.score[winner] >= m.length:
        m.winner = winner
        return
    m.winner = -1
    if m.crawford_rule:
        if was_over and m.crawford:           # the Crawford game just played
            m.crawford = False
            m.post_crawford = True
        elif not m.post_crawford:
            m.crawford = m.score[winner] == m.length - 1
    if was_over:                              # the match goes on: _award's next game
        m.game_number += 1
        m.cube = m._new_cube()
