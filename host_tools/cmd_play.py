"""`python -m host_tools play --port PORT [--ply N]`: GNU Backgammon takes a seat at the board
over USB serial (issue 10: "the strongest opponent a board can have").

Set a seat to "USB PC" in the board's Settings (White or Black). When that seat must act the
board writes a `seat_turn` event (firmware/app/usbseat.py: the position and match IDs, the
dice, what it asks: play, cube or take); this program asks the `gnubg` package for its play
or cube decision at --ply (0 by default; host_tools/gnubg_player.py) and sends the answer as
a command naming the question it answers, its `q` (`seat 17 play 13/7 8/7`, `seat 17
double`, `seat 17 roll`, `seat 17 take`, `seat 17 pass`).
The board shows the play on its LEDs and OLED, a person moves the checkers for GNU
Backgammon, and the board checks them before the turn passes.

It prints what it does and what happens at the board in words, ignores lines that are not
events (boot text, noise) with a note, and outlives the board: a port that vanishes (a
reset, a cable pulled) is waited for and opened again. A question the board repeats (it asks
again every 3 s until answered) is answered once. Ctrl-C stops it.
"""
import argparse
import sys
import time

from host_tools import events_read  # (host_tools/events_read.py: the reader of base/events.py's stream)
from host_tools.cmd_monitor import Monitor

ASKS = ("play", "cube", "take")
SIDES = ("White", "Black")
REPEAT_S = 2.0        # the same question again within this time is the board's repeat, not a new one
REOPEN_S = 1.0        # a lost port is tried again this often


class Player:
    """Turns the board's lines into answers: feed(line) returns the command to send (or
    None) and says what happened through `say`."""

    def __init__(self, engine, say, ply=0, clock=time.monotonic):
        self.engine = engine            # GnubgPlayer (or anything with play, cube, take)
        self.say = say
        self.ply = ply
        self.clock = clock
        self.monitor = Monitor()
        self.last = None                # (question, when answered)
        self.answers = 0

    def who(self, p):
        return "%s (GNU Backgammon %d-ply)" % (SIDES[p] if p in (0, 1) else "?", self.ply)

    def feed(self, text):
        text = text.strip()
        if not text:
            return None
        try:
            ev = events_read.decode(text)
        except ValueError as e:
            self.say("? not an event (%s), ignored: %r" % (e, text[:80]))
            return None
        kind = ev["t"]
        if kind == "seat_turn":
            return self._turn(ev)
        if kind == "hello":
            self.last = None            # a board just started: every question is new
        if kind == "seat_ok":
            return None                 # (said when sent)
        if kind == "error" and ev.get("code") == "seat_refused":
            self.say("the board refused the answer: %s" % ev.get("msg"))
            return None
        try:
            self.say("board: " + self.monitor.describe(ev))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
            self.say("? an event with unexpected fields (%s), ignored: %r" % (e, text[:80]))
        return None

    def _turn(self, ev):
        ask, pid, mid, p, q = ev.get("ask"), ev.get("pos"), ev.get("match"), ev.get("p"), ev.get("q")
        if ask not in ASKS or not isinstance(pid, str) or not isinstance(mid, str) or p not in (0, 1) \
                or not isinstance(q, int) or isinstance(q, bool) or q < 0:
            self.say("? a seat_turn this program cannot answer, ignored: %r" % (ev,))
            return None
        question = (ev.get("q"), ask, pid, mid)
        now = self.clock()
        if self.last is not None and self.last[0] == question and now - self.last[1] < REPEAT_S:
            return None                 # the board's repeat of a question just answered
        from host_tools.gnubg_player import GnubgError
        try:
            if ask == "play":
                play = self.engine.play(pid, mid)
                answer = "seat %d play %s" % (q, play)
                words = "plays " + (play or "nothing (no legal move)")
            elif ask == "cube":
                decision = self.engine.cube(pid, mid)
                answer = "seat %d %s" % (q, decision)
                words = "doubles" if decision == "double" else "does not double: the board rolls"
            else:
                decision = self.engine.take(pid, mid)
                answer = "seat %d %s" % (q, decision)
                words = "takes" if decision == "take" else "passes"
        except GnubgError as e:
            self.say("GNU Backgammon has no answer for %s:%s (%s): the board will ask again" % (pid, mid, e))
            return None
        self.last = (question, self.clock())
        self.answers += 1
        self.say("%s %s" % (self.who(p), words))
        return answer


def _open(port, baud, say):
    """The serial port, waited for while it is missing (the board resetting, unplugged)."""
    import serial
    told = False
    while True:
        try:
            return serial.Serial(port, baud, timeout=0.5)
        except (serial.SerialException, OSError) as e:
            if not told:
                say("waiting for the board on %s (%s)" % (port, e))
                told = True
            time.sleep(REOPEN_S)


def _lost_errors():
    """What a port that went away raises: pyserial's error, OSError, and termios.error
    (pyserial's flush on a vanished pty or USB device: not an OSError)."""
    import serial
    errors = (serial.SerialException, OSError)
    try:
        import termios
        errors += (termios.error,)
    except ImportError:            # Windows: no termios
        pass
    return errors


def serve(port, baud, player, say, stop=lambda: False):
    """Answer the board on `port` until stop() (or Ctrl-C)."""
    lost = _lost_errors()
    while not stop():
        conn = _open(port, baud, say)
        say("connected to the board on %s" % port)
        try:
            while not stop():
                raw = conn.readline()
                if not raw:
                    continue
                answer = player.feed(raw.decode("utf-8", "replace"))
                if answer is not None:
                    conn.write((answer + "\n").encode("ascii", "replace"))
                    conn.flush()
        except lost as e:
            say("lost the board on %s (%s): waiting for it" % (port, e))
        finally:
            try:
                conn.close()
            except Exception:
                pass


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools play", description=__doc__.split("\n")[0])
    ap.add_argument("--port", help="serial port of the board, e.g. /dev/ttyACM0 (sim --serial prints one)")
    ap.add_argument("--ply", type=int, default=0, help="GNU Backgammon's lookahead: 0 (default), 1 or 2")
    ap.add_argument("--baud", type=int, default=115200)
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if not args.port:
        print("no board given: use --port /dev/ttyACM0", file=sys.stderr)
        return 2
    if not 0 <= args.ply <= 3:
        print("--ply must be 0 to 3 (2-ply takes about 30 ms a position, 3-ply seconds)", file=sys.stderr)
        return 2
    try:
        import serial  # noqa: F401
    except ImportError:
        print("pyserial is missing: install the requirements (make venv)", file=sys.stderr)
        return 1

    def say(text):
        print(text, flush=True)

    from host_tools.gnubg_player import GnubgPlayer
    player = Player(GnubgPlayer(args.ply), say, args.ply)
    say("GNU Backgammon %d-ply takes the seat set to USB PC on %s" % (args.ply, args.port))
    try:
        serve(args.port, args.baud, player, say)
    except KeyboardInterrupt:
        pass
    return 0
