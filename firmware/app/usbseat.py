"""The computer on USB in a seat (issue 10: "GNU Backgammon as an opponent through USB"):
`python -m host_tools play --port PORT` lets GNU Backgammon on a PC answer for a seat.

When the seat must act (its play, whether to double, whether to take), the board writes

    {"t":"seat_turn","p":1,"ask":"play","pos":"4HPwATDgc/ABMA","match":"cIkWAAAAAAAA",
     "dice":[6,1],"q":17}

(ask "play", "cube" (may double: double or roll) or "take"; pos and match GNU Backgammon's
IDs from the side on roll, the match ID's turn the seat's; q the record's line count, the
same while the question stands) and again every RESEND_MS until a `seat` command answers,
naming the question by its q (issue 26: a stale answer to an earlier question with the same
dice was taken for a later one):

    seat 17 play 13/7 8/7    seat 17 double    seat 17 roll    seat 17 take    seat 17 pass

The answer goes through exactly the flows the board's own seat uses (game/table.py:
board_play, board_cube): the play shown on the LEDs and the OLED, a person moves the
checkers, the board checks them. A play is judged by the turn's own Judge (the board's
rules, not the PC's word): an illegal, incomplete or malformed answer, or one to a question
not asked, is refused in words (an error event, the OLED) and the question is asked again.
This module (the question and the answer, a `seat` command through base/rare.py's
table) is loaded with the seat's first question and kept while a seat is the computer's
(game/seatflows.py forgets it after: loaded again at each question it fragmented the
heap); a play is judged by app/usbplay.py, loaded for it. A board without this seat
carries none of them.
"""
from base import events
from base import ticks
from game.phases import SEAT_USB, SEAT_ONLINE, MOVING, PRE_ROLL, DOUBLED
from game.table import ASK_DOUBLE, ASK_TAKE

# the question again this often while unanswered (a PC plugged in late, a line lost): the
# life of a note (game.table.NOTE_MS), so that the waiting note, set again with each, stays
RESEND_MS = 3000


def question(app):
    """What the computer on USB is asked now ("play", "cube", "take"), or None: the
    Table's question as the App keeps it (App.play_asked, App.cube_asked)."""
    t = app.table
    p = t.acting()
    if p < 0 or t.seats[p] < SEAT_USB:        # the computer on USB, or a player online
        return None
    if app.play_asked is not None and t.phase == MOVING:
        return "play"
    if app.cube_asked == ASK_DOUBLE and t.phase == PRE_ROLL:
        return "cube"
    if app.cube_asked == ASK_TAKE and t.phase == DOUBLED:
        return "take"
    return None


# the question last written: what it was asked of ((Table, record line count, phase, kind)),
# its line, when to write it again. Asked again (unanswered for RESEND_MS, or an answer
# refused), the same line goes out: the ID encoder (8 KB) is loaded for a new question only
_last = [None, "", 0]  # type: list
ANSWERS = {"play": ("play",), "cube": ("double", "roll"), "take": ("take", "pass")}
WAITING = ("Waiting for the computer on USB|Menu: Settings, %s: person",
           "On attend l'ordinateur sur USB|Menu: Reglages, %s: joueur",
           "Waiting for the opponent online|Menu: Settings, %s: person",
           "On attend l'adversaire en ligne|Menu: Reglages, %s: joueur")


def ask(app, now_ms):
    """The seat's question on serial (App.engine_work, each cycle the Table asks): a new
    question at once, the same again RESEND_MS after (or at once after a refusal: again()).
    Unanswered, the OLED says so, and how a person takes the seat back (a note, redrawn
    with each repeat: none when a computer answers at once)."""
    t = app.table
    kind = question(app)
    if kind is None:
        return
    key = (id(t), t.rec_seq, t.phase, kind)
    last = _last
    if last[0] == key and not ticks.reached(now_ms, last[2]):
        return
    last[2] = ticks.add(now_ms, RESEND_MS)
    p = t.acting()
    if last[0] != key:
        d = t.turn_dice
        try:
            pid, mid = t.ids()         # (the ID encoder loaded for the call: 8 KB kept else)
        except ValueError as e:        # a state gnubg cannot encode: said, asked again later
            app.write_line(events.error("seat_usb", "cannot write this position for the computer: %s" % e))
            return
        last[0] = key
        last[1] = events.line("seat_turn", (("p", p), ("ask", kind), ("pos", pid), ("match", mid),
                                            ("dice", [d[0], d[1]]), ("q", t.rec_seq)))
    else:
        online = 2 if t.seats[p] == SEAT_ONLINE else 0
        t.say((WAITING[online + t.settings.lang] % t.name(p)).replace("|", "\n"))
        t.refresh_screen(True)          # drawn again with the note
    app.write_line(last[1])


def answer(app, args):
    """The JSON line answering `seat ARGS` (app/commands.py): taken, or refused in words."""
    t = app.table
    if args and args[0] in ("dice", "link", "name", "resign", "position", "score"):   # a player online's (app/online.py)
        from app import online
        return online.answer(app, args)
    kind = question(app)
    q = args[0] if args else ""
    word = args[1] if len(args) > 1 else ""
    if kind is None:
        return _refuse(app, "nothing is asked of the computer on USB now")
    if not q.isdigit():
        return _refuse(app, "name the question: seat %d %s ..." % (t.rec_seq, kind))
    if int(q) != t.rec_seq:
        return _refuse(app, "question %s is not asked now: question %d is" % (q[:8], t.rec_seq))
    if word not in ANSWERS[kind]:
        return _refuse(app, "the board asks '%s': answer seat %s %s" % (kind, q, (" or seat %s " % q).join(
            "play 13/7 8/7" if a == "play" else a for a in ANSWERS[kind])))
    if kind == "play":
        text = " ".join(args[2:])
        from app import usbplay
        play = usbplay.judged(t, text)     # app/usbplay.py, loaded for the play
        if isinstance(play, str):
            return _refuse(app, play)
        t.board_play(play)
        said = t.shown_text            # (play.notation() would keep bg.notation loaded)
    else:
        t.board_cube(word in ("double", "take"))
        said = word
    if t.note is not None:
        t.say("")                      # the waiting note goes (an empty note takes no row)
    app.drain()
    return events.line("seat_ok", (("ask", kind), ("answer", said)))


def _refuse(app, why):
    """Never accepted: said on serial and the OLED, and the question asked again."""
    from base.textrows import wrap
    _last[2] = app.now                 # asked again at the next cycle
    app.notice(["USB ANSWER", "REFUSED:"] + wrap(why, 16)[:4], app.now)
    return events.error("seat_refused", why)
