"""The command line on USB serial: one command per line, one JSON line per answer.

Commands (case-insensitive, extra spaces ignored):
  help                  the commands, and how the board's menu works (its buttons)
  ids                   GNU Backgammon Position ID and Match ID of the board ("ids" event)
  state                 what the OLED shows, the LED codes, saves and faults
  sensed                what the sensors read (per point: colour and count range)
  press NAME [KIND]     a button event, as if pressed (NAME: p1_main ... undo; KIND press|long|double);
                        refused while the computer on USB holds a seat (the line is then that
                        program's: it acts only for its own seat, through `seat`)
  version               firmware and record format
  dice [...]            the fair dice: commitment, check, salt, own dice (dicecmd.py)
  seat Q ANSWER         the computer on USB's answer to its seat's question Q (the seat_turn's
                        q): play 13/7 8/7, double, roll, take, pass (app/usbseat.py:
                        `host_tools play` sends them); for a seat online also dice D1 [D2],
                        link STATE, name P NAME, resign N (app/online.py)
Anything else (unknown word, wrong arguments, binary noise, an overlong line) is answered
with an "error" event saying what was wrong; it never raises. Every answer is valid JSON
text: what the line held is echoed only as printable ASCII (MicroPython's decode lets
overlong and surrogate UTF-8 through, which json.dumps would then write raw).
"""
from base import events

from version import VERSION as FIRMWARE_VERSION  # one place: firmware/version.py
MAX_LINE = 120            # bytes of a command line (every command is ASCII)
BUTTON_NAMES = ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo")
KINDS = ("press", "long", "double")
HELP = ("help", "ids", "state", "sensed", "press NAME [press|long|double]", "version",
        "dice [check|salt DIGITS|own on|off]", "seat Q play MOVES|double|roll|take|pass")
MENU_HELP = "menu: next item; main: select; undo: back; long menu: close"


def _bad(msg):
    return events.error("bad_command", msg)


def utf8_ok(b):
    """True when the bytes `b` are well-formed UTF-8 (RFC 3629: no overlong forms, no
    surrogates, nothing above U+10FFFF), which MicroPython's decode does not check."""
    i = 0
    n = len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            k, lo, hi = 1, 0x80, 0xBF
        elif 0xE0 <= c <= 0xEF:
            k = 2
            lo = 0xA0 if c == 0xE0 else 0x80
            hi = 0x9F if c == 0xED else 0xBF
        elif 0xF0 <= c <= 0xF4:
            k = 3
            lo = 0x90 if c == 0xF0 else 0x80
            hi = 0x8F if c == 0xF4 else 0xBF
        else:
            return False
        if i + k >= n:                 # the sequence is cut short
            return False
        if not lo <= b[i + 1] <= hi:
            return False
        for j in range(i + 2, i + k + 1):
            if not 0x80 <= b[j] <= 0xBF:
                return False
        i += k + 1
    return True


def shown(text, most=20):
    """`text` cut to `most` characters, anything but printable ASCII as '?': safe to echo."""
    out = []
    for ch in text[:most]:
        out.append(ch if 32 <= ord(ch) < 127 else "?")
    return "".join(out)


def answer(app, text, length=None):
    """The JSON line answering one command line `text` (str or bytes). `length`: the line's
    real length in bytes when `text` holds only its first bytes (the serial task keeps
    MAX_LINE + 1 of an overlong line)."""
    if not isinstance(text, (bytes, bytearray)):
        try:
            text = text.encode("utf-8")
        except UnicodeError:        # CPython: a str holding lone surrogates (the simulator)
            return _bad("not text (invalid UTF-8)")
    n = len(text) if length is None else length
    if n > MAX_LINE:
        return _bad("line too long (%d bytes, at most %d)" % (n, MAX_LINE))
    if not utf8_ok(text):
        return _bad("not text (invalid UTF-8)")
    text = bytes(text).decode("utf-8")
    for ch in text:
        if ord(ch) < 32 and ch not in "\t\r\n":
            return _bad("control character 0x%02x in the command" % ord(ch))
    raw = text.strip().split()
    words = [w.lower() for w in raw]
    if not words:
        return _bad("empty command; try 'help'")
    cmd, args = words[0], words[1:]
    if cmd == "seat" and args[:1] in (["name"], ["position"]):
        args = args[:1] + raw[2:]      # a name and a position ID keep their case
    if cmd in ("help", "ids", "state", "sensed", "version") and args:
        return _bad("'%s' takes no arguments" % cmd)
    if cmd == "help":
        return events.line("help", (("cmds", list(HELP)), ("menu", MENU_HELP)))
    if cmd == "version":
        from record.record_writer import FORMAT_VERSION
        return events.hello(FIRMWARE_VERSION, FORMAT_VERSION)
    if cmd == "ids":
        return _ids(app)
    if cmd == "state":
        return _state(app)
    if cmd == "sensed":
        return _sensed(app)
    if cmd == "press":
        return _press(app, args)
    if cmd == "dice":
        t = app.table
        # own dice: never by a program holding a seat, nor in a match (issue 26: its 6-6)
        if args[:1] == ["own"] and (usb_seated(app) or t.match.game_number > 1 or t.phase > 1
                                    or t.opening[0] or t.opening[1]):
            return events.error("dice", "own dice: from the line before the match's first roll "
                                "with no program seated; else on the board's Dice menu")
        from dice import dicecmd
        return dicecmd.answer(app, args)     # dicecmd.py, loaded for the command
    if cmd == "seat":
        from app import usbseat
        return usbseat.answer(app, args)       # app/usbseat.py, loaded for the answer
    return _bad("unknown command '%s'; try 'help'" % shown(cmd))


def _ids(app):
    """The IDs of the position the Table holds (from the player on roll's side; White's
    before the opening roll), as GNU Backgammon writes them."""
    try:
        pid, mid = app.table.ids()
    except ValueError as e:   # a state gnubg cannot encode: say so
        return events.error("ids", str(e))
    return events.ids(pid, mid)


def _state(app):
    t = app.table
    t.refresh_screen()
    fault = app.last_fault
    return events.line("state", (
        ("screen", list(t.screen)),
        ("leds", list(t.leds)),
        ("want_roll", app.roll_asked),
        ("saves", app.saves),
        ("faults", app.faults),
        ("last_fault", list(fault) if fault else None),
    ))


def _sensed(app):
    sc = app.d.scanner
    if sc is None:
        return _bad("sensed: no scanner")
    s = sc.sensed
    pts = []
    for p in range(1, s.n_points + 1):
        if s.colour[p] or s.hi[p]:
            pts.append([p, s.colour[p], s.lo[p], s.hi[p]])
    return events.line("sensed", (
        ("points", pts),
        ("bar", [s.bar_lo[1], s.bar_hi[1], s.bar_lo[2], s.bar_hi[2]]),
        ("settled", bool(sc.settled)),
        ("faults", [f[0] for f in s.faults]),
    ))


def usb_seated(app):
    """True while a program on USB holds a seat (the computer on USB, or the online relay
    for a player online): the serial line is then that program's, which acts only for its
    own seat through `seat` answers (design.md, Seats), never with a person's buttons or
    the dice's settings (issue 26: `press p1_cube long` passed for White, `dice own on` let
    the program key in its own 6-6; the same with a seat online)."""
    from game.phases import SEAT_USB
    seats = app.table.seats           # (MicroPython has no `in` for a bytearray)
    return seats[0] >= SEAT_USB or seats[1] >= SEAT_USB     # SEAT_USB, SEAT_ONLINE


def _press(app, args):
    if usb_seated(app):
        return events.error("usb_seat", "the computer on USB holds a seat: it answers with "
                            "seat commands only; the buttons are the players'")
    if not args or len(args) > 2:
        return _bad("usage: press NAME [press|long|double], NAME one of " + " ".join(BUTTON_NAMES))
    name = args[0]
    kind = args[1] if len(args) > 1 else "press"
    if name not in BUTTON_NAMES:
        return _bad("no button '%s'; buttons: %s" % (shown(name), " ".join(BUTTON_NAMES)))
    if kind not in KINDS:
        return _bad("no press kind '%s'; kinds: %s" % (shown(kind), " ".join(KINDS)))
    app.press(name, kind)
    return events.line("pressed", (("name", name), ("kind", kind)))
