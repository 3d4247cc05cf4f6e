"""A small bgammon.org server for the tests (issue 29), on 127.0.0.1 only: the protocol as
tslocum/bgammon's PROTOCOL.md and event.go define it for what the online bridge uses, and
as its server behaves (the issue's "What the real server does").

- TCP, one command a line; `hello` first; `login`/`loginjson`/`lj` (JSON events after
  loginjson or `json on`, the line format before); guests get a lowercased, prefixed name.
- `create public|private [PASSWORD] POINTS VARIANT [NAME]`, `join ID|NAME [PASSWORD]`,
  `list`, `leave`, `roll`, `move FROM/TO ...`, `reset`, `ok`, `double`, `resign`, `board`,
  `say`, `pong`, `disconnect`; anything else is answered with a notice.
- Every client sees itself as player 1: the board flipped for player 2, the turn, the
  winner, the cube's owner, the opening dice and every move list swapped.
- Refusals (`failedmove`, `failedok` listing the legal moves, `failedroll`, `failedjoin`)
  change nothing and send no board.
- `ok` ends a turn (also one without a legal move); after it the server rolls for the next
  player unless that player may double. A double is taken with `ok`, passed with `resign`.
  A pass or a resignation scores the game as it would end from the position, times the
  cube (`pass_scoring="position"`, the issue's account of the server run today), or the
  cube's value alone (`pass_scoring="cube"`, the repository's server_command.go as read).
- `win` carries Points in matches longer than 1 point; the next game starts by itself.
- `ping` every `ping_s`; a client silent for `idle_s` (40 s on the real server) is dropped.
  A player who drops keeps the seat: `join` with the same name takes it back.

Legal single-die moves are computed here from the rules (a step per die, the bar first,
bear-off, as many dice as can be played), as the real server's LegalMoves does; a
combined step (13/6) is expanded into single-die steps. Bounded: the server stops itself
after `lifetime` seconds, every socket has a timeout, every loop checks `stopping`.
"""
import json
import random
import socket
import threading
import time

BAR, OPP_BAR, OFF, OPP_OFF = 26, 27, 0, 25


def start_board():
    b = [0] * 28
    b[24], b[13], b[8], b[6] = 2, 5, 3, 5          # player 1's, moving 24 -> 1
    b[1], b[12], b[17], b[19] = -2, -5, -3, -5     # player 2's
    return b


def flip(board):
    """The board seen by the other player."""
    out = [0] * 28
    for s in range(28):
        out[flip_space(s)] = -board[s]
    return out


def flip_space(s):
    if 1 <= s <= 24:
        return 25 - s
    return {OFF: OPP_OFF, OPP_OFF: OFF, BAR: OPP_BAR, OPP_BAR: BAR}[s]


def _target(view, frm, d):
    """Where one of the mover's checkers on `frm` lands with die d (the mover's view:
    moving 24 -> 1, bar 26, off 0), or None when the rules forbid it."""
    if view[BAR] > 0 and frm != BAR:
        return None
    start = 25 if frm == BAR else frm
    to = start - d
    if to >= 1:
        return to if view[to] >= -1 else None
    if view[BAR] > 0 or any(view[p] > 0 for p in range(7, 25)):
        return None                                  # not all home
    if to < 0 and any(view[p] > 0 for p in range(start + 1, 7)):
        return None                                  # a larger die from the highest only
    return OFF


def _apply(view, frm, to):
    view = list(view)
    view[frm] -= 1
    if to == OFF:
        view[OFF] += 1
    elif view[to] == -1:
        view[to] = 1
        view[OPP_BAR] -= 1                           # the blot hit goes to its bar
    else:
        view[to] += 1
    return view


def _steps(view, dice):
    out = []
    for d in sorted(set(dice)):
        for frm in [BAR] + list(range(1, 25)):
            if view[frm] > 0:
                to = _target(view, frm, d)
                if to is not None and (frm, to) not in out:
                    out.append((frm, to, d))
    return out


def _depth(view, dice):
    best = 0
    for frm, to, d in _steps(view, dice):
        rest = list(dice)
        rest.remove(d)
        best = max(best, 1 + _depth(_apply(view, frm, to), rest))
        if best == len(dice):
            break
    return best


def legal_moves(view, dice):
    """[(from, to, die)] the mover may play next: those that allow the most dice played."""
    steps = _steps(view, dice)
    most = _depth(view, dice)
    out = []
    for frm, to, d in steps:
        rest = list(dice)
        rest.remove(d)
        if 1 + _depth(_apply(view, frm, to), rest) == most:
            out.append((frm, to, d))
    return out


def game_result(view_winner):
    """1, 2 or 3: how the game ends for the winner seen from its side (single, gammon,
    backgammon) from the loser's checkers."""
    if view_winner[OPP_OFF] != 0:
        return 1
    if view_winner[OPP_BAR] != 0 or any(view_winner[p] < 0 for p in range(1, 7)):
        return 3
    return 2


class Game:
    def __init__(self, gid, points, name, password):
        self.id = gid
        self.points = points
        self.name = name
        self.password = password
        self.clients = [None, None]      # the connected client of each seat
        self.names = ["", ""]            # who holds each seat (kept while disconnected)
        self.scores = [0, 0]
        self.reset()

    def reset(self):
        self.board = start_board()       # player 1's view
        self.turn = 0
        self.rolls = [0, 0]
        self.moves = []                  # this turn's steps, player 1's view
        self.winner = 0
        self.cube = 1
        self.cube_owner = 0
        self.offered = False
        self.started = time.time()

    def view(self, n):
        return self.board if n == 1 else flip(self.board)

    def dice(self):
        r1, r2 = self.rolls
        d = [r1, r2] if r1 != r2 else [r1] * 4
        for f, t in self.moves:          # the dice used (in the mover's view)
            mv = (f, t) if self.turn == 1 else (flip_space(f), flip_space(t))
            start = 25 if mv[0] == BAR else mv[0]
            used = start - mv[1] if mv[1] != OFF else None
            if used in d:
                d.remove(used)
            else:                        # a bear-off with a larger die
                d.remove(min(x for x in d if x >= start))
        return d

    def legal(self):
        if self.winner or not self.turn or not self.rolls[0]:
            return []
        return legal_moves(self.view(self.turn), self.dice())

    def state(self, n):
        """The GameState JSON object (event.go's EventBoard) for player n, as player 1."""
        me, them = (0, 1) if n == 1 else (1, 0)

        def mine(x):                     # a player number seen by n
            return 0 if x == 0 else 1 if x == n else 2
        r1, r2 = self.rolls
        if n == 2 and self.turn == 0:
            r1, r2 = r2, r1
        moves = [list(m) if n == 1 else [flip_space(m[0]), flip_space(m[1])] for m in self.moves]
        # (legal moves are in the mover's view, and only the mover is sent them)
        legal = [[f, t] for f, t, d in self.legal()] if self.turn == n else []
        return {
            "Started": int(self.started), "Ended": 0,
            "Player1": {"Number": 1, "Name": self.names[me], "Rating": 1500, "Points": self.scores[me]},
            "Player2": {"Number": 2, "Name": self.names[them], "Rating": 1500, "Points": self.scores[them]},
            "Variant": 0, "Board": self.view(n), "Turn": mine(self.turn), "Roll1": r1, "Roll2": r2,
            "Roll3": 0, "Moves": moves, "Winner": mine(self.winner), "Points": self.points,
            "DoubleValue": self.cube, "DoublePlayer": mine(self.cube_owner),
            "DoubleOffered": self.offered, "Reroll": False,
            "PlayerNumber": 1, "Available": legal or None, "Spectating": False,
        }


class Client:
    def __init__(self, server, conn):
        self.server = server
        self.conn = conn
        self.name = None
        self.json = False
        self.game = None
        self.number = 0
        self.last_read = time.monotonic()
        self.closed = False
        self.sent = []                   # every line sent (the tests read them)

    def write(self, text):
        if self.closed:
            return
        self.sent.append(text)
        try:
            self.conn.sendall((text + "\n").encode())
        except OSError:
            self.close()

    def event(self, kind, player="", **fields):
        """One event: JSON (event.go's struct: Type, Player, fields) or its line form."""
        if self.json:
            obj = {"Type": kind, "Player": player}
            obj.update(fields)
            self.write(json.dumps(obj))
            return
        if kind == "board":
            self.write("board " + json.dumps(fields["Board"]))
        elif kind == "rolled":
            self.write("rolled %s %d %d" % (player, fields["Roll1"], fields.get("Roll2", 0)))
        elif kind == "moved":
            self.write("moved %s %s" % (player, " ".join("%d/%d" % tuple(m) for m in fields["Moves"])))
        elif kind == "joined":
            self.write("joined %d %d %s" % (fields["GameID"], fields["PlayerNumber"], player))
        elif kind == "win":
            self.write("win %s wins!" % player)
        elif kind == "welcome":
            self.write("welcome %s there are %d clients playing %d matches." % (
                fields["PlayerName"], fields["Clients"], fields["Games"]))
        elif kind in ("failedjoin", "failedleave", "failedroll", "failedmove", "failedok"):
            self.write("%s %s" % (kind, fields["Reason"]))
        elif kind in ("notice", "ping"):
            self.write("%s %s" % (kind, fields["Message"]))
        elif kind == "left":
            self.write("left %s" % player)
        elif kind == "list":
            self.write("liststart Matches list:")
            for g in fields["Games"]:
                self.write("game %d %d %d %d %s" % (g["ID"], g["Password"], g["Points"], g["Players"], g["Name"]))
            self.write("listend End of matches list.")
        else:
            self.write("%s %s" % (kind, json.dumps(fields)))

    def notice(self, text):
        self.event("notice", Message=text)

    def close(self):
        if self.closed:
            return
        self.closed = True
        try:
            self.conn.close()
        except OSError:
            pass


class Server:
    """The server on 127.0.0.1 (a free port unless `port`), in threads, until stop() or
    `lifetime` seconds. `dice`: the rolls to make, in order (random after them)."""

    def __init__(self, port=0, ping_s=30.0, idle_s=40.0, lifetime=900.0, accounts=None,
                 dice=None, seed=1, delay_s=0.0, pass_scoring="position", ws=False):
        self.pass_scoring = pass_scoring
        self.refuse_moves = 0            # a test's disagreement: refuse this many `move`s
        self.ping_s, self.idle_s, self.lifetime = ping_s, idle_s, lifetime
        self.accounts = dict(accounts or {})
        self.dice = list(dice or [])
        self.random = random.Random(seed)
        self.delay_s = delay_s           # a slow server: each answer waits this long
        self.lock = threading.RLock()
        self.games = []
        self.clients = []
        self.stopping = False
        self.log = []                    # (name, command) as received (passwords masked)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(8)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()
        self.ws_port = None              # ws=True: the protocol over WebSocket too, as
        if ws:                           # wss://ws.bgammon.org (one message a line, no hello)
            self.ws_listener = socket.socket()
            self.ws_listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.ws_listener.bind(("127.0.0.1", 0))
            self.ws_listener.listen(8)
            self.ws_listener.settimeout(0.2)
            self.ws_port = self.ws_listener.getsockname()[1]
            threading.Thread(target=self._accept_ws, daemon=True).start()
        threading.Thread(target=self._pinger, daemon=True).start()

    # ---------------------------------------------------------------- life
    def stop(self):
        self.stopping = True
        with self.lock:
            for c in list(self.clients):
                c.close()
        self.listener.close()
        self.thread.join(5)

    def _alive(self):
        return not self.stopping and time.monotonic() - self.started < self.lifetime

    def _accept(self):
        while self._alive():
            try:
                conn, _ = self.listener.accept()
            except (socket.timeout, OSError):
                continue
            conn.settimeout(0.2)
            c = Client(self, conn)
            with self.lock:
                self.clients.append(c)
            c.write("hello Welcome to bgammon.org! Please log in by sending the 'login' command.")
            threading.Thread(target=self._serve, args=(c,), daemon=True).start()
        self.stopping = True

    def _accept_ws(self):
        while self._alive():
            try:
                conn, _ = self.ws_listener.accept()
            except (socket.timeout, OSError):
                continue
            threading.Thread(target=self._serve_ws, args=(conn,), daemon=True).start()
        self.ws_listener.close()

    def _serve_ws(self, conn):
        from host_tools.wsock import WsConn, handshake
        try:
            conn.settimeout(5)
            ws = WsConn(conn, handshake(conn))
        except OSError:
            conn.close()
            return
        ws.settimeout(0.2)
        c = Client(self, ws)
        with self.lock:
            self.clients.append(c)
        self._serve(c)

    def _pinger(self):
        last = time.monotonic()
        while self._alive():
            time.sleep(0.05)
            now = time.monotonic()
            with self.lock:
                for c in list(self.clients):
                    if not c.closed and now - c.last_read > self.idle_s:
                        c.write("notice Connection timed out.")
                        self._drop(c)
                if now - last >= self.ping_s:
                    last = now
                    for c in self.clients:
                        if c.name:
                            c.event("ping", Message="%d" % int(now))

    def _serve(self, c):
        buf = b""
        while self._alive() and not c.closed:
            try:
                data = c.conn.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                break
            if not data:
                break
            c.last_read = time.monotonic()
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                text = line.decode("utf-8", "replace").strip()
                if text:
                    if self.delay_s:
                        time.sleep(self.delay_s)
                    with self.lock:
                        self.command(c, text)
        with self.lock:
            self._drop(c)

    def _drop(self, c):
        if c in self.clients:
            self.clients.remove(c)
        g = c.game
        if g is not None and g.clients[c.number - 1] is c:
            g.clients[c.number - 1] = None           # the seat stays the player's
            for o in g.clients:
                if o is not None:
                    o.event("left", c.name)
        c.close()

    def client(self, name):
        with self.lock:
            for c in self.clients:
                if c.name == name:
                    return c
        return None

    def cut(self, name):
        """The network between the server and `name` cut: its socket closed, its seat kept."""
        c = self.client(name)
        if c is not None:
            with self.lock:
                self._drop(c)

    def inject(self, name, text):
        """A raw line to `name` (a malformed or out-of-turn event, for the tests)."""
        c = self.client(name)
        if c is not None:
            c.write(text)

    def move_checker(self, gid, frm, to):
        """A test's disagreement: one checker of the game's player 1 moved on the server's
        board (player 1's view) behind the clients' backs, then every client sent the board."""
        with self.lock:
            g = [x for x in self.games if x.id == gid][0]
            g.board[frm] -= 1
            g.board[to] += 1
            self._boards(g)

    # ---------------------------------------------------------------- commands
    def roll_die(self):
        return self.dice.pop(0) if self.dice else self.random.randint(1, 6)

    def command(self, c, text):
        words = text.split()
        cmd, args = words[0].lower(), words[1:]
        masked = text if cmd not in ("login", "loginjson", "lj") or len(args) < 3 else " ".join(words[:3] + ["***"])
        self.log.append((c.name, masked))
        if c.name is None:
            if cmd in ("login", "loginjson", "lj"):
                return self.login(c, cmd, args)
            c.write("notice Please log in by sending the 'login' command.")
            return
        handler = getattr(self, "do_" + cmd, None)
        if cmd in ("pong",):
            return
        if handler is None:
            c.notice("Unknown command: %s" % cmd)
            return
        handler(c, args)

    def login(self, c, cmd, args):
        if cmd != "login":
            c.json = True
            args = args[1:]                           # the client's name
        user = args[0] if args else "player%d" % self.random.randint(1000, 9999)
        if len(args) >= 2:
            if self.accounts.get(user) != "_".join(args[1:]).replace("_", " ") and \
                    self.accounts.get(user) != " ".join(args[1:]):
                c.write("notice Invalid username or password.")
                c.close()
                return
            name = user
        else:
            name = "guest_" + user.lower()
        c.name = name
        c.event("welcome", PlayerName=name, Clients=len(self.clients), Games=len(self.games))

    def do_json(self, c, args):
        c.json = bool(args) and args[0].lower() == "on"
        c.write("json JSON formatted messages %s." % ("enabled" if c.json else "disabled"))

    def do_list(self, c, args):
        c.event("list", Games=[{"ID": g.id, "Password": bool(g.password), "Points": g.points,
                                "Players": sum(1 for n in g.names if n), "Rating": 0, "Name": g.name}
                               for g in self.games if g.winner == 0 or not any(g.clients)])
    do_ls = do_list

    def do_create(self, c, args):
        if c.game is not None:
            c.event("failedcreate", Reason="Please leave the match you are in before creating another.")
            return
        try:
            private = args[0].lower() == "private"
            password = args[1] if private else ""
            rest = args[2:] if private else args[1:]
            points, variant = int(rest[0]), int(rest[1])
            assert variant == 0 and points >= 1
        except (IndexError, ValueError, AssertionError):
            c.notice("To create a public match please specify whether it is public or private, followed by points and variant.")
            return
        g = Game(len(self.games) + 1, min(points, 127), " ".join(rest[2:]) or "%s's match" % c.name, password)
        self.games.append(g)
        c.notice("Created match: %s" % g.name)
        self._seat(c, g, 1)

    do_c = do_create

    def _seat(self, c, g, n):
        c.game, c.number = g, n
        g.clients[n - 1] = c
        g.names[n - 1] = c.name
        c.event("joined", c.name, GameID=g.id, PlayerNumber=1)          # every client: player 1
        c.event("board", **g.state(n))
        other = g.clients[2 - n]
        if other is not None:
            other.event("joined", c.name, GameID=g.id, PlayerNumber=2)
            other.event("board", **g.state(3 - n))

    def do_join(self, c, args):
        if c.game is not None:
            c.event("failedjoin", Reason="Please leave the match you are in before joining another.")
            return
        if not args:
            c.notice("To join a match please specify its ID or the name of a player in the match.")
            return
        target = None
        for g in self.games:
            if args[0].isdigit() and g.id == int(args[0]):
                target = g
            elif not args[0].isdigit() and args[0].lower() in [n.lower() for n in g.names if n]:
                target = g
        if target is None:
            c.event("failedjoin", Reason="Match not found.")
            return
        if target.password and (len(args) < 2 or args[1] != target.password):
            c.event("failedjoin", Reason="Invalid password.")
            return
        for n in (1, 2):                 # a player coming back takes their own seat
            if target.names[n - 1] == c.name and target.clients[n - 1] is None:
                return self._seat(c, target, n)
        for n in (1, 2):
            if not target.names[n - 1]:
                return self._seat(c, target, n)
        c.event("failedjoin", Reason="Match is full.")

    do_j = do_join

    def do_leave(self, c, args):
        g = c.game
        if g is None:
            c.event("failedleave", Reason="You are not currently in a match.")
            return
        g.clients[c.number - 1] = None
        g.names[c.number - 1] = ""
        c.game = None
        c.event("left", c.name)
        for o in g.clients:
            if o is not None:
                o.event("left", c.name)

    def do_disconnect(self, c, args):
        self._drop(c)

    def _game(self, c, failed=None):
        g = c.game
        if g is None:
            if failed:
                c.event(failed, Reason="You are not currently in a match.")
            else:
                c.notice("You are not currently in a match.")
            return None
        if None in g.clients:
            if failed:
                c.event(failed, Reason="You may not do that until your opponent rejoins the match.")
            else:
                c.notice("You must wait until your opponent rejoins the match before continuing the game.")
            return None
        return g

    def _boards(self, g):
        for n in (1, 2):
            o = g.clients[n - 1]
            if o is not None:
                o.event("board", **g.state(n))

    def _rolled(self, g, who, opening=False):
        for n in (1, 2):
            o = g.clients[n - 1]
            if o is not None:
                r1, r2 = g.rolls
                if opening and n == 2:
                    r1, r2 = r2, r1
                o.event("rolled", who, Roll1=r1, Roll2=r2, Roll3=0, Selected=False)

    def may_double(self, g, n):
        return (g.points != 1 and g.turn == n and g.rolls[0] == 0 and not g.offered and
                g.winner == 0 and g.cube_owner in (0, n))

    def do_roll(self, c, args):
        g = self._game(c, "failedroll")
        if g is None or g.winner:
            return
        n = c.number
        if g.turn == 0:
            if g.rolls[n - 1]:
                c.event("failedroll", Reason="It is not your turn to roll.")
                return
            g.rolls[n - 1] = self.roll_die()
            self._rolled(g, c.name, opening=True)
            if g.rolls[0] and g.rolls[1]:
                while g.rolls[0] == g.rolls[1]:      # a tie: the server rolls both again
                    g.rolls = [self.roll_die(), self.roll_die()]
                    self._rolled(g, g.names[1], opening=True)
                g.turn = 1 if g.rolls[0] > g.rolls[1] else 2
                self._boards(g)
            return
        if g.turn != n or g.rolls[0] or g.offered:
            c.event("failedroll", Reason="It is not your turn to roll.")
            return
        self._roll_for(g)

    do_r = do_roll

    def _roll_for(self, g):
        g.rolls = [self.roll_die(), self.roll_die()]
        self._rolled(g, g.names[g.turn - 1])
        self._boards(g)

    def do_move(self, c, args):
        g = self._game(c, "failedmove")
        if g is None:
            return
        if g.winner:
            c.event("board", **g.state(c.number))
            return
        if g.turn != c.number or not g.rolls[0]:
            c.event("failedmove", From=0, To=0, Reason="It is not your turn to move.")
            return
        wanted = []
        for a in args:
            parts = a.split("/")
            if len(parts) != 2:
                wanted = None
                break
            f, t = (self._space(p) for p in parts)
            if f < 0 or t < 0:
                wanted = None
                break
            wanted.append((f, t))
        if not wanted:
            c.event("failedmove", From=0, To=0, Reason="Specify one or more moves in the form FROM/TO. For example: 8/4 6/4")
            return
        if self.refuse_moves > 0:
            self.refuse_moves -= 1
            wanted = [(0, 0)]            # (no such step: refused, nothing changed)
        done = self._expand(g, c.number, wanted)
        if done is None:
            c.event("failedmove", From=0, To=0, Reason="Illegal move.")
            return
        for n in (1, 2):
            o = g.clients[n - 1]
            if o is not None:
                seen = done if n == c.number else [(flip_space(f), flip_space(t)) for f, t in done]
                o.event("moved", c.name, Moves=[list(m) for m in seen])
                o.event("board", **g.state(n))
        self._check_win(g, c.number)

    do_m = do_mv = do_move

    @staticmethod
    def _space(word):
        w = word.lower()
        if w in ("bar", "b"):
            return BAR
        if w in ("off", "o", "home", "h"):
            return OFF
        return int(w) if w.isdigit() else -1

    def _expand(self, g, n, wanted):
        """Apply the mover's steps (its view), a combined step split into single-die steps;
        the single steps applied (its view), or None (nothing changed) when one is illegal."""
        view = g.view(n)
        dice = g.dice()
        done = []
        for f, t in wanted:
            path = self._path(view, dice, f, t)
            if path is None:
                return None
            for frm, to, d in path:
                view = _apply(view, frm, to)
                dice.remove(d)
                done.append((frm, to))
        if not g.moves:
            g.turn_start = list(g.board)
        g.board = view if n == 1 else flip(view)
        g.moves.extend(done if n == 1 else [(flip_space(f), flip_space(t)) for f, t in done])
        return done

    def _path(self, view, dice, f, t):
        for frm, to, d in legal_moves(view, dice):
            if frm != f:
                continue
            if to == t:
                return [(frm, to, d)]
            if to != OFF:
                rest = list(dice)
                rest.remove(d)
                more = self._path(_apply(view, frm, to), rest, to, t)
                if more is not None:
                    return [(frm, to, d)] + more
        return None

    def do_reset(self, c, args):
        g = self._game(c)
        if g is None or g.turn != c.number or not g.moves:
            return
        g.board, g.moves = g.turn_start, []            # the turn's board before its steps
        self._boards(g)

    def do_ok(self, c, args):
        g = self._game(c)
        if g is None or g.winner:
            return
        n = c.number
        if g.offered:
            if g.turn != n:              # the double taken
                g.offered = False
                g.cube *= 2
                g.cube_owner = n
                c.notice("Accepted double.")
                g.clients[g.turn - 1].notice("%s accepted double." % c.name)
                self._boards(g)
            else:
                c.notice("Waiting for response from opponent.")
            return
        if g.turn != n:
            c.notice("It is not your turn.")
            return
        if not g.rolls[0]:
            c.notice("You must roll first.")
            return
        legal = g.legal()
        if legal:
            shown = sorted(([f, t] for f, t, d in legal), reverse=True)
            c.event("failedok", Reason="The following legal moves are available: %s" %
                    " ".join("%d/%d" % (f, t) for f, t in shown))
            return
        g.turn = 3 - n
        g.rolls = [0, 0]
        g.moves = []
        if self.may_double(g, g.turn):
            self._boards(g)
        else:
            self._roll_for(g)

    do_k = do_ok

    def do_double(self, c, args):
        g = self._game(c)
        if g is None or g.winner:
            return
        if not self.may_double(g, c.number):
            c.notice("You may not double at this time.")
            return
        g.offered = True
        c.notice("Double offered to opponent (%d points)." % (g.cube * 2))
        g.clients[2 - c.number].notice("%s offers a double (%d points)." % (c.name, g.cube * 2))
        self._boards(g)

    do_d = do_double

    def do_resign(self, c, args):
        g = self._game(c)
        if g is None or g.winner:
            return
        n = c.number
        declining = g.offered and g.turn != n
        if not declining and g.turn != n:
            c.notice("You may not resign until it is your turn.")
            return
        g.offered = False
        winner = 3 - n
        self._end(g, winner, resigned=c.name)

    def _check_win(self, g, n):
        view = g.view(n)
        if any(view[p] > 0 for p in range(1, 25)) or view[BAR] > 0:
            return
        self._end(g, n)

    def _end(self, g, winner, resigned=""):
        g.winner = winner
        by_cube = resigned and self.pass_scoring == "cube"
        pts = g.cube * (1 if by_cube else game_result(g.view(winner)))
        g.scores[winner - 1] += pts
        ended = g.scores[winner - 1] >= g.points
        for n in (1, 2):
            o = g.clients[n - 1]
            if o is not None:
                fields = {"Resigned": resigned} if resigned else {}
                if g.points > 1:
                    fields["Points"] = pts
                o.event("win", g.names[winner - 1], **fields)
        if not ended:
            g.reset()
        self._boards(g)

    def do_board(self, c, args):
        if c.game is None:
            c.notice("You are not currently in a match.")
            return
        c.event("board", **c.game.state(c.number))

    do_b = do_board

    SETTINGS = ("autoplay", "highlight", "pips", "moves", "flip", "traditional", "advanced",
                "mutejoinleave", "mutechat", "muteroll", "mutemove", "mutebearoff", "dim", "speed")

    def do_set(self, c, args):
        """`set NAME VALUE`: an account setting (autoplay: the server plays forced moves for
        the client; this server never does, the bridge turns it off anyway). No answer."""
        top = {"dim": 2, "speed": 3}
        if len(args) < 2 or args[0].lower() not in self.SETTINGS:
            c.notice("Please specify the setting name and value as follows: set <name> <value>")
            return
        if not args[1].isdigit() or int(args[1]) > top.get(args[0].lower(), 1):
            c.notice("Invalid setting value provided.")
            return
        c.settings = getattr(c, "settings", {})
        c.settings[args[0].lower()] = int(args[1])

    def do_say(self, c, args):
        g = c.game
        if g is not None:
            o = g.clients[2 - c.number]
            if o is not None:
                o.event("say", c.name, Message=" ".join(args))


class Script:
    """A scripted client for the tests: a socket to the server, lines out, events in."""

    def __init__(self, port, name, password=None, keepalive=0.5):
        self.keepalive = keepalive       # write at least this often (the server's idle rule)
        self.sent_at = time.monotonic()
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.settimeout(0.1)
        self.buf = b""
        self.events = []
        self.send("loginjson test-script/1 %s%s" % (name, " " + password if password else ""))
        self.name = self.wait("welcome")["PlayerName"]

    def send(self, text):
        self.sock.sendall((text + "\n").encode())
        self.sent_at = time.monotonic()

    def poll(self, wait=0.0):
        """Read what has come (waiting up to `wait` seconds for it)."""
        if self.keepalive and time.monotonic() - self.sent_at > self.keepalive:
            self.send("pong script")
        self.sock.settimeout(wait or None) if wait else self.sock.setblocking(False)
        try:
            data = self.sock.recv(65536)
        except (socket.timeout, BlockingIOError):
            return
        except OSError:
            return
        self.buf += data
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            text = line.decode()
            if text.startswith("{"):
                self.events.append(json.loads(text))

    def wait(self, kind, cond=lambda e: True, timeout=10, start=0):
        end = time.monotonic() + timeout
        while True:
            for e in self.events[start:]:
                if e["Type"] == kind and cond(e):
                    return e
            if time.monotonic() > end:
                raise AssertionError("no %s event within %ss: %s" % (kind, timeout, self.events[-6:]))
            self.poll(0.05)

    def board(self):
        b = [e for e in self.events if e["Type"] == "board"]
        return b[-1] if b else None

    def close(self):
        self.sock.close()
