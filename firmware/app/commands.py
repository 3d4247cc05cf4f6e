"""The command line on USB serial: one command per line, one JSON line per answer.

Commands (case-insensitive, extra spaces ignored):
  help                  the commands
  ids                   GNU Backgammon Position ID and Match ID of the board ("ids" event)
  state                 what the OLED shows, the LED codes, saves and faults
  sensed                what the sensors read (per point: colour and count range)
  press NAME [KIND]     a button event, as if pressed (NAME: p1_main ... undo; KIND press|long|double)
  version               firmware and record format
Anything else (unknown word, wrong arguments, binary noise, an overlong line) is answered
with an "error" event saying what was wrong; it never raises.
"""
import events

FIRMWARE_VERSION = "0.1"
MAX_LINE = 120
BUTTON_NAMES = ("p1_main", "p1_cube", "p2_main", "p2_cube", "menu", "undo")
KINDS = ("press", "long", "double")
HELP = ("help", "ids", "state", "sensed", "press NAME [press|long|double]", "version")


def _bad(msg):
    return events.error("bad_command", msg)


def answer(app, text):
    """The JSON line answering one command line `text` (str or bytes)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeError:
            return _bad("not text (undecodable bytes)")
    if len(text) > MAX_LINE:
        return _bad("line too long (%d characters, at most %d)" % (len(text), MAX_LINE))
    for ch in text:
        if ord(ch) < 32 and ch not in "\t\r\n":
            return _bad("control character 0x%02x in the command" % ord(ch))
    words = text.strip().lower().split()
    if not words:
        return _bad("empty command; try 'help'")
    cmd, args = words[0], words[1:]
    if cmd == "help":
        return events.line("help", (("cmds", list(HELP)),))
    if cmd == "version":
        from record_writer import FORMAT_VERSION
        return events.hello(FIRMWARE_VERSION, FORMAT_VERSION)
    if cmd in ("ids", "state", "sensed", "version") and args:
        return _bad("'%s' takes no arguments" % cmd)
    if cmd == "ids":
        return _ids(app)
    if cmd == "state":
        return _state(app)
    if cmd == "sensed":
        return _sensed(app)
    if cmd == "press":
        return _press(app, args)
    return _bad("unknown command '%s'; try 'help'" % cmd[:20])


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
    fault = app.last_fault
    return events.line("state", (
        ("screen", list(t.screen)),
        ("leds", list(t.leds)),
        ("want_roll", t.want_roll),
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


def _press(app, args):
    if not args or len(args) > 2:
        return _bad("usage: press NAME [press|long|double], NAME one of " + " ".join(BUTTON_NAMES))
    name = args[0]
    kind = args[1] if len(args) > 1 else "press"
    if name not in BUTTON_NAMES:
        return _bad("no button '%s'; buttons: %s" % (name[:20], " ".join(BUTTON_NAMES)))
    if kind not in KINDS:
        return _bad("no press kind '%s'; kinds: %s" % (kind[:20], " ".join(KINDS)))
    app.press(name, kind)
    return events.line("pressed", (("name", name), ("kind", kind)))
