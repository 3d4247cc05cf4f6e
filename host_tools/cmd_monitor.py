"""`python -m host_tools monitor [--port P] [-]`: watch the board's live event stream.

Reads one JSON event per line (see base/events.py) from a serial port (pyserial,
installed with mpremote) or, with `-`, from standard input, and prints each as one line
a person can read. A line that is not an event (boot text, a traceback, noise) is shown
with a clear note and the monitor keeps going.
"""
import argparse
import sys

from host_tools import events_read  # (host_tools/events_read.py: the reader of base/events.py's stream)

RESIGN_LEVEL = {1: "a single game", 2: "a gammon", 3: "a backgammon"}


class Monitor:
    """Turns event dicts into text; remembers the players' names from the match event."""

    def __init__(self):
        self.names = ["Player 0", "Player 1"]

    def who(self, ev, key="p"):
        p = ev.get(key)
        return self.names[p] if p in (0, 1) else "player %r" % (p,)

    def describe(self, ev):
        t = ev["t"]
        if t == "hello":
            return "board connected: firmware %s, record format %s" % (ev.get("fw"), ev.get("rec"))
        if t == "match":
            names = ev.get("names")
            if isinstance(names, list) and len(names) == 2:
                self.names = [str(n) for n in names]
            length = ev.get("len")
            kind = "money session" if length == 0 else "%s-point match" % length
            return "new %s: %s vs %s%s" % (kind, self.names[0], self.names[1],
                                           " (rules %s)" % ev["rules"] if ev.get("rules") else "")
        if t == "game":
            s = ev.get("score", ["?", "?"])
            return "game %s, score %s-%s%s" % (ev.get("n"), s[0], s[1],
                                              ", Crawford game" if ev.get("crawford") else "")
        if t == "roll":
            d = ev.get("d", ["?", "?"])
            return "%s rolls %s-%s" % (self.who(ev), d[0], d[1])
        if t == "play":
            text = ev.get("n") or " ".join("%s/%s" % (f, to) for f, to in ev.get("m", []))
            return "%s plays %s" % (self.who(ev), text or "nothing (no legal move)")
        if t == "cube":
            a = ev.get("a")
            if a in ("double", "beaver"):
                return "%s %ss to %s" % (self.who(ev), a, ev.get("v"))
            return "%s %ss" % (self.who(ev), a)
        if t == "resign":
            a = ev.get("a")
            if a == "offer":
                return "%s offers to resign %s" % (self.who(ev), RESIGN_LEVEL.get(ev.get("n"), ev.get("n")))
            return "%s %ss the resignation" % (self.who(ev), a)
        if t == "timeout":
            return "%s ran out of time" % self.who(ev)
        if t in ("game_end", "match_end"):
            s = ev.get("score", ["?", "?"])
            what = "the game, %s point(s)" % ev.get("pts") if t == "game_end" else "the match"
            return "%s wins %s; score %s-%s" % (self.who(ev, "w"), what, s[0], s[1])
        if t == "seat_turn":
            d = ev.get("dice") or [0, 0]
            what = {"play": "its play for %s-%s" % (d[0], d[1]), "cube": "double or roll?",
                    "take": "take or pass?"}.get(ev.get("ask"), ev.get("ask"))
            return "%s is asked over USB: %s (GNU Backgammon IDs %s:%s)" % (
                self.who(ev), what, ev.get("pos"), ev.get("match"))
        if t == "seat_ok":
            return "the computer's answer is taken: %s" % ev.get("answer")
        if t == "board_play":
            return "%s plays %s: move its checkers" % (self.who(ev, "player"), ev.get("play"))
        if t == "ids":
            return "GNU Backgammon IDs: %s:%s" % (ev.get("pos"), ev.get("match"))
        if t == "error":
            pts = ev.get("pts") or []
            where = " (points %s)" % ", ".join(str(p) for p in pts) if pts else ""
            return "ERROR %s: %s%s" % (ev.get("code"), ev.get("msg"), where)
        return "%s: %s" % (t, ev)

    def feed(self, number, text):
        """The printable line for one raw input line."""
        text = text.rstrip("\r\n")
        try:
            ev = events_read.decode(text)
        except ValueError as e:
            return "? line %d is not an event (%s): %r" % (number, e, text[:80])
        try:
            return self.describe(ev)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
            return "? line %d has unexpected fields (%s): %r" % (number, e, text[:80])


def _serial_lines(port, baud):
    try:
        import serial
    except ImportError:
        raise SystemExit("pyserial is missing: install the requirements (make venv)")
    try:
        conn = serial.Serial(port, baud, timeout=1)
    except (serial.SerialException, OSError) as e:
        raise SystemExit("cannot open %s: %s" % (port, e))
    with conn:
        while True:
            try:
                raw = conn.readline()
            except (serial.SerialException, OSError) as e:
                raise SystemExit("lost the board on %s: %s" % (port, e))
            if raw:
                yield raw.decode("utf-8", "replace")


def run(lines, out):
    mon = Monitor()
    n = 0
    for n, text in enumerate(lines, 1):
        out.write(mon.feed(n, text) + "\n")
        out.flush()
    return n


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools monitor", description=__doc__.split("\n")[0])
    ap.add_argument("source", nargs="?", help="'-' to read events from standard input")
    ap.add_argument("--port", help="serial port of the board, e.g. /dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=115200)
    args = ap.parse_args(argv)
    if args.source == "-":
        run(sys.stdin, sys.stdout)
        return 0
    if args.source is not None:
        print("unknown source %r: use '-' for standard input or --port P" % args.source, file=sys.stderr)
        return 2
    if not args.port:
        print("no board given: use --port /dev/ttyACM0 (or '-' to read standard input)", file=sys.stderr)
        return 2
    try:
        run(_serial_lines(args.port, args.baud), sys.stdout)
    except SystemExit as e:
        print(e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
