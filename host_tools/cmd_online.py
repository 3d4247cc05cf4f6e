"""`python -m host_tools online --port PORT [--server HOST:PORT] [--user NAME]
[--create POINTS | --join ID|NAME]`: play people online from the wooden board, on
bgammon.org (issue 29). Standard library only: a plain TCP socket to the server, the
board's serial port opened as a file.

Set a seat to "Online" in the board's Settings (White or Black): the person at the board
plays the other side with their own hands. This program logs in (`loginjson`; the password
from the environment variable TABLIER_BGAMMON_PASSWORD or a prompt, never the command line,
and never printed; no password: a guest), creates or joins a match, and relays:

- the server's dice for both sides to the board (its `seat_dice` question, answered
  `seat dice Q 5 3`, Q the question's q; the board records them as the server's dice);
- the opponent's play (`seat play 13/7 8/7`, from the server's `board` events, turned
  round into the opponent's numbering: host_tools/bgmap.py), their double (`seat double`
  or `seat roll`) and their answer to ours (`seat take` / `seat pass`): the board shows the
  play on its LEDs and OLED, the person makes it, the board checks it;
- the person's committed play (`move ...` then `ok`), their double, take, pass and
  resignation (`double`, `ok`, `resign`), from the board's events: nothing is sent that the
  board did not see made.

It writes something at least every KEEPALIVE_S (the server drops a client silent for 40 s),
reconnects with backoff when the connection is lost and joins the match again, outlives
the board (a port that vanishes is waited for and opened again), and puts the connection's
state on the OLED (`seat link connecting|waiting|lost|playing`). The server is the
authority on the position and the score: where the board's differs (after the board starts,
a reconnection, a refusal, and at the start of the opponent's turns) the board takes the
server's (`seat position`, `seat score`), the difference said point by point. The same
relay runs in the companion page (web/online.js). It prints what it does.
"""
import argparse
import os
import socket
import sys
import time

from host_tools.online_bridge import Bridge  # (the relay's state: no sockets)

DEFAULT_SERVER = "bgammon.org:1337"
PASSWORD_ENV = "TABLIER_BGAMMON_PASSWORD"
KEEPALIVE_S = 20.0     # the server drops a client silent for 40 s
BACKOFF_S = (1, 2, 4, 8, 15, 30)
REOPEN_S = 1.0


# ---------------------------------------------------------------- the lines

def _whole_lines(conn, data):
    """The whole lines `data` completes in conn.buf (the rest kept for the next read)."""
    conn.buf += data
    out = []
    while b"\n" in conn.buf:
        line, conn.buf = conn.buf.split(b"\n", 1)
        out.append(line.decode("utf-8", "replace"))
    return out

class BoardPort:
    """The board's serial line as a file (POSIX: a tty in raw mode), lines in and out."""

    def __init__(self, path):
        import termios
        import tty
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            tty.setraw(self.fd)
            attrs = termios.tcgetattr(self.fd)
            attrs[4] = attrs[5] = termios.B115200
            termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        except termios.error:
            pass
        self.buf = b""

    def lines(self):
        try:
            data = os.read(self.fd, 4096)
        except BlockingIOError:
            return []
        if not data:
            raise OSError("the board's line closed")
        return _whole_lines(self, data)

    def write(self, line):
        os.write(self.fd, (line + "\n").encode("ascii", "replace"))

    def close(self):
        try:
            os.close(self.fd)
        except OSError:
            pass


class ServerConn:
    def __init__(self, host, port, timeout=10):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setblocking(False)
        self.buf = b""
        self.written = time.monotonic()

    def lines(self):
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return []
        if not data:
            raise OSError("the server closed the connection")
        return _whole_lines(self, data)

    def write(self, line):
        self.sock.setblocking(True)
        try:
            self.sock.sendall((line + "\n").encode("utf-8"))
        finally:
            self.sock.setblocking(False)
        self.written = time.monotonic()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def run(bridge, port, host, server_port, user, password, stop=lambda: False, say=print,
        keepalive_s=KEEPALIVE_S, clock=time.monotonic):
    """The relay until stop(): the board's port and the server, each reopened when lost."""
    import select
    board = conn = None
    retry_at, tries = 0.0, 0
    while not stop():
        now = clock()
        if board is None:
            try:
                board = BoardPort(port)
                say("connected to the board on %s" % port)
                bridge.board_connected()
            except OSError as e:
                if not getattr(bridge, "_told_port", False):
                    say("waiting for the board on %s (%s)" % (port, e))
                    bridge._told_port = True
                time.sleep(REOPEN_S)
                continue
            bridge._told_port = False
        if conn is None and now >= retry_at:
            try:
                say("connecting to %s:%d" % (host, server_port))
                bridge.link("connecting")
                conn = ServerConn(host, server_port)
                conn.write(bridge.login_line(user, password))      # (never printed)
                tries = 0
            except OSError as e:
                wait = BACKOFF_S[min(tries, len(BACKOFF_S) - 1)]
                tries += 1
                say("cannot reach the server (%s): trying again in %d s" % (e, wait))
                bridge.link("lost")
                retry_at = now + wait
        fds = [board.fd] + ([conn.sock] if conn is not None else [])
        try:
            ready, _, _ = select.select(fds, [], [], 0.05)
        except (OSError, ValueError):
            ready = fds
        try:
            if board.fd in ready:
                for line in board.lines():
                    bridge.board_line(line, clock())
        except OSError as e:
            say("lost the board on %s (%s): waiting for it" % (port, e))
            board.close()
            board = None
            continue
        try:
            if conn is not None:
                if conn.sock in ready:
                    for line in conn.lines():
                        bridge.server_line(line)
                bridge.tick(clock())
                out, bridge.to_server = bridge.to_server, []
                for line in out:
                    conn.write(line)
                if clock() - conn.written >= keepalive_s:
                    conn.write("pong tablier")                      # the 40 s rule
        except OSError as e:
            say("connection lost (%s): reconnecting" % e)
            conn.close()
            conn = None
            bridge.lost()                                           # sent again from the state
            wait = BACKOFF_S[min(tries, len(BACKOFF_S) - 1)]
            tries += 1
            retry_at = clock() + wait
        out, bridge.to_board = bridge.to_board, []
        try:
            for line in out:
                board.write(line)
        except OSError as e:
            say("lost the board on %s (%s): waiting for it" % (port, e))
            board.close()
            board = None
    for c in (board, conn):
        if c is not None:
            c.close()


def _password(user):
    """From the environment, else a prompt (a terminal only); None: a guest."""
    pw = os.environ.get(PASSWORD_ENV)
    if pw:
        return pw
    if user and sys.stdin.isatty():
        import getpass
        return getpass.getpass("bgammon.org password for %s (empty: play as a guest): " % user) or None
    return None


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools online", description=(
        "Play people online from the board on bgammon.org: set a seat to Online in the "
        "board's Settings, then run this on the computer on USB (docs/online.md)."))
    ap.add_argument("--port", help="serial port of the board, e.g. /dev/ttyACM0 (sim --serial prints one)")
    ap.add_argument("--server", default=DEFAULT_SERVER, help="HOST:PORT (default %s)" % DEFAULT_SERVER)
    ap.add_argument("--user", help="your bgammon.org name (the password: %s or a prompt)" % PASSWORD_ENV)
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--create", type=int, metavar="POINTS", help="create a public match of POINTS")
    g.add_argument("--join", metavar="ID|NAME", help="join a match by its number or a player's name")
    ap.add_argument("--keepalive", type=float, default=KEEPALIVE_S, metavar="SECONDS",
                    help="write to the server at least this often (default %g; it drops a client "
                    "silent for 40 s)" % KEEPALIVE_S)
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if not args.port:
        print("no board given: use --port /dev/ttyACM0", file=sys.stderr)
        return 2
    host, _, p = args.server.rpartition(":")
    if not host or not p.isdigit():
        print("--server takes HOST:PORT, e.g. %s" % DEFAULT_SERVER, file=sys.stderr)
        return 2
    if args.create is not None and not 1 <= args.create <= 127:
        print("--create takes the match's points, 1 to 127", file=sys.stderr)
        return 2

    def say(text):
        print(text, flush=True)

    bridge = Bridge(say, create=args.create, join=args.join)
    say("online play on %s for the board on %s (its seat set to Online in Settings)" % (args.server, args.port))
    try:
        run(bridge, args.port, host, int(p), args.user, _password(args.user), say=say,
            keepalive_s=args.keepalive)
    except KeyboardInterrupt:
        pass
    return 0
