"""The online relay's state (issue 29): host_tools/cmd_online.py's `Bridge`, fed the lines
of both sides (the bgammon server's events, the board's), saying what to send to each. No
sockets, no files, no host-only module: the same code runs under MicroPython (tested on
its unix port: tests/test_online_map.py), as the companion page's WebAssembly port would
run it. The mapping between the two numberings is host_tools/bgmap.py's.
"""
import json

try:
    from host_tools import bgmap
except ImportError:              # MicroPython with host_tools/ itself on the path
    import bgmap

REPEAT_S = 2.0         # the board's question again within this time: its repeat, not lost


def client_name():
    try:
        from version import VERSION
    except ImportError:
        VERSION = "0"
    return "tablier-v%s/en" % VERSION      # PROTOCOL.md's form: example-client-v1.2.3/en


def one_word(name):
    """A server's player name as the board's `seat name` takes it: one word of at most 24
    printable characters (a line break in it would have made a second line, a command to
    the board); anything else as `_`."""
    if not isinstance(name, str):
        name = ""
    out = "".join(c if ord(c) > 32 and not 0x7F <= ord(c) <= 0xA0 and not c.isspace() else "_"
                  for c in name[:24])
    return out or "_"


def _check_board_event(ev):
    """ValueError (or KeyError, TypeError) unless a `board` event has every field the relay
    reads from the state it keeps, of its type: the next tick must not trip on it."""
    for k in ("Roll1", "Roll2", "DoubleValue"):
        if type(ev[k]) is not int or not 0 <= ev[k] <= (1 << 15 if k == "DoubleValue" else 6):
            raise ValueError("%s %r" % (k, ev[k]))
    if type(ev["DoubleOffered"]) is not bool:
        raise ValueError("DoubleOffered %r" % (ev["DoubleOffered"],))
    for m in ev.get("Moves") or []:
        if type(m) is not list or len(m) != 2 or type(m[0]) is not int or type(m[1]) is not int:
            raise ValueError("move %r" % (m,))
    p2 = ev.get("Player2") or {}
    if type(p2) is not dict or not isinstance(p2.get("Name") or "", str):
        raise ValueError("Player2 %r" % (p2,))


class Bridge:
    """The relay's state, fed lines from both sides: server_line(), board_line(), then
    tick() works out what can be answered now. What to send goes to `to_server` and
    `to_board` (lists of lines the caller writes and empties); `say` prints in words."""

    def __init__(self, say, create=None, join=None):
        self.say = say
        self.create, self.join = create, join
        self.to_server, self.to_board = [], []
        self.state = None               # the last `board` event (our view: we are player 1)
        self.me = self.them = ""        # our name and the opponent's on the server
        self.game_id = None
        self.online = -1                # the board's seat that is online (0 White, 1 Black)
        self.logged_in = False
        # the board's pending questions: (key, what) and when last answered
        self.dice_q = None              # (q, p, n)
        self.turn_q = None              # (q, ask, p)
        self.answered = {}              # key -> when answered
        # what the server said that the board will ask for
        self.opening = ([], [])         # the opening dice the server rolled, ours and theirs,
        self.round = [0, 0]             # in order (ties rolled again); the roll in progress
        self.opening_sent = False       # `roll` sent for our opening die this game
        self.roll_sent = None           # the board's question for which `roll` was sent
        self.opp_moves = []             # the opponent's steps this turn (our view)
        self.opp_start = None           # the board as their turn began (our view), their dice
        self.opp_dice = None
        self.opp_play = None            # their finished play (their numbering), for the board
        self.opp_done_dice = None       # the dice of their finished turn, for a board that asks
                                        # for them after the server has gone on (see _dice_for)
        self.take_answer = None         # "take" / "pass": their answer to our double
        self.double_sent = False
        self.resign_held = False        # our resignation, waiting for our turn on the server
        self.link_state = None          # what the OLED was last told of the connection
        self.names_sent = None          # the names the board's record was last given
        self.ends = [None, None]        # the last game's end: the server's (we won?, points), the board's
        # the server is the authority on the position: the board's is compared with it (its
        # `ids`) after the board starts, a reconnection and a refusal, and replaced when it
        # differs (`seat position`)
        self.sync_wanted = False        # compare when the server's state is settled
        self.refused = False            # a refusal: compare once the server's board follows
        self.in_flight = False          # our play sent, the server's answer not yet seen
        self.rescored = None            # the server's end the board was told to score (seat score)
        self.ids_asked = False          # `ids` sent to the board, its answer not yet read

    # ---------------------------------------------------------------- the server
    def login_line(self, user, password):
        """The login command (`loginjson CLIENT [USER [PASSWORD]]`: spaces in a password
        become underscores, as PROTOCOL.md asks)."""
        parts = ["loginjson", client_name()]
        if user:
            parts.append(user)
            if password:
                parts.append(password.replace(" ", "_"))
        return " ".join(parts)

    def server_line(self, text):
        text = text.strip()
        if not text:
            return
        if not text.startswith("{"):
            if text.startswith("hello") or text.startswith("json"):
                return
            self.say("server: " + text[:120])
            return
        try:
            ev = json.loads(text)
            kind = ev["Type"]
        except (ValueError, KeyError, TypeError) as e:
            self.say("? not an event from the server (%s), ignored: %r" % (e, text[:80]))
            return
        handler = getattr(self, "_ev_" + str(kind), None)
        if handler is None:
            return
        try:
            handler(ev)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, bgmap.MappingError) as e:
            self.say("? a %s event this program cannot read (%s), ignored: %r" % (kind, e, text[:120]))

    def _ev_welcome(self, ev):
        self.me = ev["PlayerName"]
        self.logged_in = True
        self.say("logged in as %s" % self.me)
        # the server must not play forced moves for us: the board's person makes every play
        self.to_server.append("set autoplay 0")
        if self.game_id is not None:
            self.to_server.append("join %d" % self.game_id)      # back to the match
            self.say("joining match %d again" % self.game_id)
            self.sync_wanted = True
        else:
            self._to_match()
        self.link("waiting" if (self.create or self.join or self.game_id) else "connecting")

    def _to_match(self):
        if self.create:
            self.to_server.append("create public %d 0" % self.create)
            self.say("creating a %d-point match" % self.create)
        elif self.join:
            self.to_server.append("join %s" % self.join)
            self.say("joining %s" % self.join)

    def choose(self, create=0, join=""):
        """Create a match of `create` points or join `join` (a match's number or a player),
        now if logged in (the companion page's buttons), else once logged in."""
        self.create, self.join = create or None, join or None
        if self.logged_in and self.game_id is None:
            self._to_match()
            self.link("waiting")

    def lost(self):
        """The connection to the server is lost: what was to be sent is sent again from
        the state once logged in again (joining the match again); the OLED says so."""
        self.logged_in = False
        self.to_server = []
        self.link("lost")

    def board_connected(self):
        """The board's line (re)opened (USB plugged in again): it is told the connection's
        state again, and its position is compared with the server's."""
        self.link(self.link_state or "connecting", again=True)
        self.sync_wanted = True

    def take(self):
        """The lines to send, as JSON [to the server, to the board], taken (the companion
        page's WebAssembly port hands them to JavaScript this way)."""
        out = json.dumps([self.to_server, self.to_board])
        self.to_server, self.to_board = [], []
        return out

    def _ev_joined(self, ev):
        name = ev["Player"]
        if name == self.me:
            self.game_id = ev["GameID"]
            self.say("in match %d" % self.game_id)
        else:
            self.them = name
            self.say("%s joined the match" % name)

    def _ev_left(self, ev):
        if ev["Player"] and ev["Player"] != self.me:
            self.say("%s left the match: waiting for them to come back" % ev["Player"])
            self.link("waiting")

    def _ev_failedjoin(self, ev):
        self.say("could not join: %s" % ev["Reason"])

    def _ev_failedcreate(self, ev):
        self.say("could not create the match: %s" % ev["Reason"])

    def _ev_notice(self, ev):
        self.say("server: %s" % ev["Message"])

    def _ev_say(self, ev):
        self.say("%s says: %s" % (ev["Player"], ev["Message"]))

    def _ev_ping(self, ev):
        self.to_server.append("pong %s" % (ev.get("Message") or "tablier"))

    def _ev_failedmove(self, ev):
        self.say("the server refused the move: %s; asking for its position" % ev["Reason"])
        self._refusal()

    def _ev_failedok(self, ev):
        self.say("the server refused to end the turn: %s" % ev["Reason"])
        self._refusal()

    def _refusal(self):
        """A refusal changes nothing on the server: what it took of the turn is undone
        (`reset`), its position asked for, and the board takes it (_sync)."""
        if self.in_flight or not self.refused:
            self.to_server.append("reset")
            self.to_server.append("board")
        self.in_flight, self.refused = False, True

    def _ev_failedroll(self, ev):
        self.say("the server refused the roll: %s" % ev["Reason"])

    def _ev_rolled(self, ev):
        r1, r2 = int(ev["Roll1"]), int(ev.get("Roll2") or 0)
        if not (0 <= r1 <= 6 and 0 <= r2 <= 6):
            raise ValueError("dice %d %d" % (r1, r2))
        st = self.state
        if st is None or st["Turn"] == 0:        # the opening: our die Roll1, theirs Roll2
            rd = self.round
            for i, d in ((0, r1), (1, r2)):
                if d and not rd[i]:
                    rd[i] = d
                    self.opening[i].append(d)
            if rd[0] and rd[1]:
                self.say("opening roll: %s %d, %s %d%s" % (self.me, rd[0], self.them or "opponent",
                                                           rd[1], " (a tie: the server rolls again)" if rd[0] == rd[1] else ""))
                self.round = [0, 0]

    def _ev_board(self, ev):
        board = ev["Board"]
        bgmap.position_from_board(board)          # a board that cannot be read raises
        turn, winner = ev["Turn"], ev["Winner"]
        if turn not in (0, 1, 2) or winner not in (0, 1, 2):
            raise ValueError("turn %r winner %r" % (turn, winner))
        _check_board_event(ev)                    # (kept as the state: read at every tick)
        p2 = ev.get("Player2") or {}
        if p2.get("Name"):
            if not self.them:
                self.say("playing %s" % p2["Name"])
            self.them = p2["Name"]
            self.link("playing")
        prev = self.state
        self.state = ev
        moves = ev.get("Moves") or []
        if turn != 1 or winner:
            self.in_flight = False              # our play taken: the turn went on
        if self.refused and not moves:
            self.refused, self.sync_wanted = False, True
        was_theirs = prev is not None and prev["Turn"] == 2 and self.opp_dice
        if turn == 2 and (prev is None or prev["Turn"] != 2 or prev.get("Winner")):
            self.opp_start = list(board)         # their turn begins here
            self.opp_dice, self.opp_moves, self.opp_play = None, [], None
            self.opp_done_dice = None
        if turn == 2 and ev["DoubleOffered"] and not (prev or {}).get("DoubleOffered") and \
                self.dice_q is not None and self.dice_q[1][1] == self.online:
            self.say("%s doubles, but the board's rules allow no double now (the Crawford game, "
                     "a dead cube): the board waits for their roll" % self.them)
        if turn == 2 and ev["Roll1"] and not ev["DoubleOffered"]:
            self.opp_dice = (ev["Roll1"], ev["Roll2"])
            self.opp_moves = [tuple(m) for m in moves]
        if was_theirs and (turn != 2 or winner == 2):
            # their turn is over (ended by `ok`, by their last checker off, or played out by
            # the server itself: forced moves): their play from the turn's two positions
            self.opp_play = self._their_play(board) or None          # none: the board passes
            self.say("%s played %s" % (self.them, bgmap.play_text(self.opp_play or []) or "nothing"))
            self.opp_done_dice = self.opp_dice
            self.opp_moves, self.opp_dice = [], None
        if turn == 0 and not ev["Roll1"] and not ev["Roll2"] and (prev is None or prev["Turn"] != 0):
            self.opening_sent = False            # a new game: its opening
            self.opp_done_dice = None
            self.opening, self.round = ([], []), [0, 0]
        if self.double_sent and not ev["DoubleOffered"] and ev["DoubleValue"] > (prev or ev)["DoubleValue"]:
            self.take_answer, self.double_sent = "take", False
            self.say("%s takes the double" % self.them)

    def _their_play(self, end):
        """The opponent's play this turn, in their numbering: the steps the server reported
        when they lead from the turn's start to `end`, else the legal play of their dice
        that does (the server played forced moves itself, a step was taken back)."""
        from bg.position import Position
        from bg.movegen import legal_plays
        from bg.steps import apply_step
        me, opp = bgmap.position_from_board(self.opp_start)
        start = Position(opp, me)                            # their view: they are on roll
        e_me, e_opp = bgmap.position_from_board(end)
        target = Position(e_opp, e_me)
        steps = bgmap.opponent_steps(bgmap.cancel_undone(self.opp_moves))
        tried = start.copy()
        try:
            for f, t in steps:
                apply_step(tried.me, tried.opp, f, t)
            if tried == target:
                return steps
        except (IndexError, ValueError):
            pass
        d1, d2 = self.opp_dice
        for play in legal_plays(start, d1, d2):
            if play.apply(start) == target:
                return list(play.moves)
        raise ValueError("no play of %d-%d leads to the server's position" % (d1, d2))

    def _ev_win(self, ev):
        who = ev["Player"]
        pts = ev.get("Points")
        resigned = ev.get("Resigned") or ""
        self.say("%s wins%s%s" % (who, " %d point(s)" % pts if pts else "",
                                  " (%s resigned or passed)" % resigned if resigned else ""))
        if self.double_sent and resigned and resigned != self.me:
            self.take_answer, self.double_sent = "pass", False
        elif resigned and resigned == self.them and self.online in (0, 1):
            cube = (self.state or {}).get("DoubleValue") or 1
            kind = max(1, min(3, (pts or cube) // cube))
            self.to_board.append("seat resign %d" % kind)             # the board's own flow
            self.say("%s resigns: accept it at the board (main)" % self.them)
        self._compare_ends(0, (who == self.me, pts or (self.state or {}).get("DoubleValue") or 1))

    def _compare_ends(self, i, end):
        """The server's and the board's scores of a game, compared once both are known: the
        server's decides the match (it may score a pass or a resignation by its own rule,
        from the position): for the same winner the board takes the server's points (`seat
        score`), else the difference is said in words."""
        if i == 1 and end == self.rescored:
            self.rescored = None                 # the board's end scored again: ours
            return
        self.ends[i] = end
        server, board = self.ends
        if server is None or board is None:
            return
        self.ends = [None, None]
        if server == board:
            return
        if server[0] != board[0]:
            self.say("note: the server gave this game to %s, the board to %s: the server's "
                     "score decides the match; the board's record differs" % (
                         "you" if server[0] else self.them, "you" if board[0] else self.them))
            return
        # (a pass or a resignation: the server scores it by its own rule) the board follows
        self.say("the server scored this game %d point(s) to %s, the board %d: the board "
                 "takes the server's score" % (server[1], "you" if server[0] else self.them, board[1]))
        self.rescored = server
        self.to_board.append("seat score %d %d" % (1 - self.online if server[0] else self.online, server[1]))

    # ---------------------------------------------------------------- the board
    def board_line(self, text, now):
        text = text.strip()
        if not text.startswith("{"):
            return
        try:
            ev = json.loads(text)
            kind = ev["t"]
        except (ValueError, KeyError, TypeError):
            self.say("? not an event from the board, ignored: %r" % text[:80])
            return
        try:
            self._board_event(kind, ev, now)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, bgmap.MappingError) as e:
            self.say("? a %s event from the board this program cannot read (%s), ignored: %r" % (
                kind, e, text[:120]))

    def _board_event(self, kind, ev, now):
        if kind in ("seat_dice", "seat_turn") and type(ev["q"]) is not int:
            raise ValueError("question %r" % (ev["q"],))     # (echoed in the answer)
        if kind == "seat_dice":
            o = ev.get("o", self.online)
            if o not in (0, 1):
                raise ValueError("no seat %r" % (o,))
            self.online = o
            key = ("dice", ev["q"], ev["p"], ev["n"])
            self._ask(key, now, "dice_q", (ev["q"], ev["p"], ev["n"]))
        elif kind == "seat_turn":
            key = ("turn", ev["q"], ev["ask"], ev["p"])
            if ev["p"] not in (0, 1):
                raise ValueError("no seat %r" % (ev["p"],))
            self.online = ev["p"]
            if key not in self.answered:
                self._check_position(ev.get("pos"))
            self._ask(key, now, "turn_q", (ev["q"], ev["ask"], ev["p"]))
        elif kind == "seat_ok":
            pass
        elif kind == "ids" and self.ids_asked:
            self.ids_asked = False              # (the companion page asks for IDs too)
            self._sync(ev.get("pos"), ev.get("match"))
        elif kind == "play" and self.online in (0, 1) and ev.get("p") == self.online:
            self.opp_play = self.opp_done_dice = None     # their play shown and made at the board
        elif kind == "error" and ev.get("code") == "seat_refused":
            self.say("the board refused: %s" % ev.get("msg"))
        elif kind == "error" and ev.get("code") == "seat_usb":
            self.say("the board: %s" % ev.get("msg"))
        elif kind in ("play", "cube", "resign") and self.online in (0, 1) and ev.get("p") == 1 - self.online:
            self._local(kind, ev)
        elif kind == "game_end" and self.online in (0, 1):
            self._compare_ends(1, (ev.get("w") != self.online, ev.get("pts")))
        if kind in ("hello", "match"):
            self.names_sent = None              # a new match's record names the seats again
        if kind == "hello":
            self.answered.clear()               # a board just started: every question is new
            self.sync_wanted = True             # its position against the server's
            self.say("the board started (firmware %s)" % ev.get("fw"))
        elif kind == "match" and self.state is not None and ev.get("len") not in (self.state.get("Points"), None):
            self.say("note: the board's match is %s points, the server's %s: set Settings > Mode "
                     "to match and Length to %s" % (ev.get("len"), self.state.get("Points"), self.state.get("Points")))

    def _check_position(self, pos_id):
        """The board's position (the ID of its question, the opponent on roll) against the
        server's, the authority, while both stand at the start of the opponent's turn: a
        difference is said in words, point by point, and on the OLED."""
        st = self.state
        if st is None or st["Turn"] != 2 or st.get("Moves") or not isinstance(pos_id, str):
            return
        from bg.ids import position_from_id
        try:
            board = position_from_id(pos_id)
        except ValueError:
            return
        if board != self._server_position(self.online):
            self._take_server(self.online, board)
        elif self.link_state == "differs":
            self.link("playing")

    def _server_position(self, p, counts=None):
        """The server's position (its last `board`, or `counts`) from the side of the
        board's player p, as a bg.position.Position."""
        from bg.position import Position
        me, opp = bgmap.position_from_board(counts or self.state["Board"])
        return Position(me, opp) if p != self.online else Position(opp, me)

    def _sync(self, pos_id, match_id):
        """The board's `ids` against the server's state: the same position with the same
        player on roll, or the board still to be shown the opponent's play that leads to
        the server's; else the board takes the server's (_take_server)."""
        st, o = self.state, self.online
        if st is None or o not in (0, 1) or st["Turn"] not in (1, 2) or st["Winner"] or self.in_flight:
            return
        from bg.ids import position_from_id, match_from_id
        try:
            pos, ms = position_from_id(pos_id), match_from_id(match_id)
        except (ValueError, TypeError):
            self.say("? the board's IDs cannot be read: %r %r" % (pos_id, match_id))
            return
        if st.get("Moves"):
            if st["Turn"] == 1:          # steps of ours the board did not commit: undone
                self.to_server += ["reset", "board"]
                self.refused = True
            return                       # (theirs: compared when their turn ends)
        if ms.game_state != 1:           # the board's game is over (or not begun)
            return
        server_p = o if st["Turn"] == 2 else 1 - o
        board_p = ms.on_roll
        if board_p == server_p and pos == self._server_position(server_p):
            if self.link_state == "differs":
                self.link("playing")
            return
        if board_p == o and server_p == 1 - o and self.opp_start is not None and \
                pos == self._server_position(o, self.opp_start):
            return                       # their play is still to be made at the board
        self._take_server(server_p, pos if board_p == server_p else None)

    def _take_server(self, p, board_pos=None):
        """The server's position becomes the board's (`seat position`), player p on roll
        with the server's dice if rolled: the board shows what to put back. The difference
        is said point by point (board_pos: the board's, from p's side, when known)."""
        st = self.state
        if st["DoubleOffered"]:
            self.say("the board's position differs from the server's while a double waits: "
                     "the board takes the server's after the answer")
            self.refused = True              # compared again at the server's next board
            return
        from bg.ids import position_id
        spos = self._server_position(p)
        words = ""
        if board_pos is not None:
            diff = []
            for side, name in ((0, self.them if p == self.online else "your"),
                               (1, "your" if p == self.online else self.them)):
                a = spos.me if side == 0 else spos.opp
                b = board_pos.me if side == 0 else board_pos.opp
                for q in range(1, 26):
                    if a[q - 1] != b[q - 1]:
                        diff.append("%s %s: the server %d, the board %d" % (
                            name + ("'s" if name != "your" else ""),
                            "bar" if q == 25 else "%d-point" % q, a[q - 1], b[q - 1]))
            words = ": " + "; ".join(diff[:6])
        d1, d2 = (st["Roll1"], st["Roll2"]) if st["Roll1"] and st["Roll2"] else (0, 0)
        self.to_board.append("seat position %s %d %d %d" % (position_id(spos), p, d1, d2))
        self.turn_q = self.dice_q = self.opp_done_dice = None
        if p == self.online:             # their turn from here: its start is the server's
            self.opp_start, self.opp_moves, self.opp_play = list(st["Board"]), [], None
            self.opp_dice = (d1, d2) if d1 else None
        else:
            self.opp_play = None
        self.say("the board's position differs from the server's%s; the board takes the server's "
                 "(the server's stands): put the checkers as the board's LEDs show" % words)

    def _ask(self, key, now, slot, what):
        """A question from the board: new, or asked again (answered again only when our
        answer seems lost: REPEAT_S after it)."""
        when = self.answered.get(key)
        if when is not None and now - when < REPEAT_S:
            return
        if when is not None:
            del self.answered[key]
        setattr(self, slot, (key, what))

    def _local(self, kind, ev):
        """The person at the board did something: the server is told."""
        if kind == "play":
            steps = [tuple(m) for m in ev["m"]]
            self.in_flight, self.opp_start = True, None
            cmd = bgmap.move_command(steps)
            if cmd:
                self.to_server.append(cmd)
            self.to_server.append("ok")
            self.say("you played %s: sent" % (bgmap.play_text(steps) or "nothing (no legal move)"))
        elif kind == "cube":
            a = ev.get("a")
            if a == "double":
                self.to_server.append("double")
                self.double_sent, self.take_answer = True, None
                self.say("you double: sent")
            elif a == "take":
                self.to_server.append("ok")
                self.say("you take: sent")
            elif a == "drop":
                self.to_server.append("resign")
                self.say("you pass: sent")
            else:
                self.say("? the server has no %s: not sent" % a)
        elif kind == "resign" and ev.get("a") == "offer":
            st = self.state
            if st is not None and st["Turn"] != 1:
                self.resign_held = True           # the server takes it on our turn only
                self.say("you resign: sent when it is your turn on the server")
            else:
                self.to_server.append("resign")
                self.say("you resign: sent (the server scores the game from the position)")

    # ---------------------------------------------------------------- answers
    def tick(self, now):
        """Answer what the board asks when the server has said it."""
        st = self.state
        if self.resign_held and st is not None and st["Turn"] == 1 and not st["DoubleOffered"]:
            self.resign_held = False
            self.to_server.append("resign")
            self.say("you resign: sent (the server scores the game from the position)")
        if self.sync_wanted and st is not None and st["Turn"] and not st["Winner"] and \
                self.online in (0, 1) and not self.in_flight and not self.to_server:
            self.sync_wanted, self.ids_asked = False, True
            self.to_board.append("ids")             # answered {"t":"ids",...}: _sync
        names = (self.online, self.me, self.them)
        if self.online in (0, 1) and self.me and self.them and self.names_sent != names:
            self.names_sent = names                       # the record names both as the server does
            self.to_board.append("seat name %d %s" % (self.online, one_word(self.them)))
            self.to_board.append("seat name %d %s" % (1 - self.online, one_word(self.me)))
        if self.dice_q is not None and st is not None:
            key, (q, p, n) = self.dice_q
            dice = self._dice_for(p, n, key)
            if dice:
                # (the answer names its question, the seat_dice's q: a stale one is refused)
                self._answer(key, now, "seat dice %s %s" % (q, " ".join(str(d) for d in dice)))
                self.dice_q = None
        if self.turn_q is not None and st is not None:
            key, (q, ask, p) = self.turn_q
            ans = None
            # (an answer names its question, the seat_turn's q: a stale one is refused)
            if ask == "play" and self.opp_play is not None:
                ans = "seat %s play %s" % (q, bgmap.play_text(self.opp_play))
                # (kept until the board reports it made: a power cut asks again)
            elif ask == "cube" and st["Turn"] == 2:
                if st["DoubleOffered"]:
                    ans = "seat %s double" % q
                    self.say("%s doubles" % self.them)
                elif st["Roll1"]:
                    ans = "seat %s roll" % q
            elif ask == "cube" and self.opp_done_dice:
                ans = "seat %s roll" % q            # they rolled: their turn is over on the server
            elif ask == "take" and self.take_answer:
                ans = "seat %s %s" % (q, self.take_answer)
                self.take_answer = None
            if ans:
                self._answer(key, now, ans)
                self.turn_q = None

    def _answer(self, key, now, line):
        self.answered[key] = now
        self.to_board.append(line)

    def _dice_for(self, p, n, key):
        st = self.state
        ours = p != self.online
        if n == 1:                               # an opening die
            queue = self.opening[0 if ours else 1]
            if queue:
                return [queue.pop(0)]
            if ours and not self.opening_sent:
                self.to_server.append("roll")
                self.opening_sent = True
                self.say("you roll for the opening: sent")
            return None
        who = 1 if ours else 2
        if st["Turn"] == who and st["Roll1"] and not st["DoubleOffered"]:
            return [st["Roll1"], st["Roll2"]]
        if not ours and self.opp_done_dice:
            # their turn is over on the server and the board has not shown it yet: it asks
            # for that turn's dice (the server played their forced moves at once, or the
            # roll, the steps and `ok` came in one batch before the board asked)
            return list(self.opp_done_dice)
        if ours and st["Turn"] == 1 and not st["Roll1"] and not st["DoubleOffered"] and self.roll_sent != key:
            self.to_server.append("roll")
            self.roll_sent = key
            self.say("you roll: sent")
        return None

    def link(self, state, again=False):
        """The connection's state on the OLED (`seat link`), when it changes (or again: a
        board just connected)."""
        if state != self.link_state or again:
            self.link_state = state
            self.to_board.append("seat link " + state)
