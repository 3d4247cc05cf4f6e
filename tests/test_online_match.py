"""Online play end to end (issue 29): the simulated board (the real firmware on the physical
board model) with its serial line on a pty, `python -m host_tools online --port PTY
--server 127.0.0.1:PORT` on it, the local bgammon protocol server (tests/bgammon_server.py)
and a scripted opponent on the server. White is the person at the board, Black's seat is
"Online": the server's dice for both, the opponent's play shown and made at the board, the
person's play, double, take, pass and resignation sent, the match scored on both sides."""
import json
import os
import subprocess
import sys
import time

from tools import ROOT

from boardrig.whole import BoardRig            # noqa: E402
from simui.session import Session        # noqa: E402
from simui.serialpty import SerialPty    # noqa: E402
from bgammon_server import Server, Script  # noqa: E402
from host_tools import bgmap             # noqa: E402


class Board:
    """The simulated board, its serial line on a pty, run in steps of board time while the
    scripted opponent's socket is read."""

    def __init__(self, tmp_path, length=3):
        from game.settings import Settings, CLOCK_OFF
        self.rig = BoardRig(seed=1, dice_seed=1, workdir=str(tmp_path), quiet_scans=3,
                           settings=Settings(clock=CLOCK_OFF, length=length))
        self.s = Session(self.rig)
        self.port = SerialPty(self.rig)
        self.others = []                 # scripted clients polled while the board runs

    def do(self, *lines):
        for line in lines:
            self.s.execute(line)
            self.port.pump()

    def events(self, kind):
        return [json.loads(x) for x in self.rig.lines if x.startswith('{"t":"%s"' % kind)]

    def until(self, cond, what, timeout=120):
        # (a bound on a hang, not a speed: the condition is the event; a loaded machine
        # running the page's relay in Chromium beside other work took over 30 s)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for o in self.others:
                o.poll()
            if cond():
                self.rig.step(3)
                self.port.pump()
                return
            self.rig.step()
            self.port.pump()
            time.sleep(0.002)
        raise AssertionError("%s: not within %ss; screen %s; last lines:\n%s" % (
            what, timeout, self.rig.screen_rows(), "\n".join(self.rig.lines[-10:])))

    def screen(self):
        return " ".join(self.rig.screen_rows())

    @property
    def t(self):
        return self.rig.table


def _online_seat(b):
    """Settings > Black's seat, six presses: person -> easy, normal, strong, USB PC, Online."""
    from game.settings import NAMES
    b.do("press menu", "press menu", "press p2")
    for _ in range(len(NAMES) + 1):
        b.do("press menu")
    for _ in range(5):
        b.do("press p2")
    b.do("long menu")
    assert b.t.seats[1] == 5, b.screen()


def _bridge(b, srv, *args):
    env = dict(os.environ)
    env.pop("TABLIER_BGAMMON_PASSWORD", None)
    return subprocess.Popen([sys.executable, "-m", "host_tools", "online", "--port", b.port.path,
                             "--server", "127.0.0.1:%d" % srv.port, "--user", "Tablier"] + list(args),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            stdin=subprocess.DEVNULL, env=env)


def _joins(b, bob):
    """Bob (a scripted client, polled while the board runs) joins the match the bridge
    created; back once the server shows him in it."""
    b.others.append(bob)
    bob.send("join guest_tablier")
    b.until(lambda: [e for e in bob.events if e["Type"] == "board" and e["Player2"]["Name"]],
            "Bob in the match")


def _stop(b, srv, proc, bob):
    """Everything a match test started, stopped (those that were: proc and bob may be
    None); the bridge's output."""
    out = ""
    if proc is not None:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    if bob is not None:
        bob.close()
    srv.stop()
    b.port.close()
    return out


def _a_legal_play(b, player):
    from bg.movegen import legal_plays
    t = b.t
    b.until(lambda: t.phase == 5 and t.on_roll == player, "%d to move" % player)
    plays = legal_plays(t.view, t.turn_dice[0], t.turn_dice[1])
    return plays[0].notation() if len(plays) else ""


def _opponent_plays(b, bob):
    """Bob plays the first legal single-die moves the server lists, then ends his turn."""
    while True:
        n = len(bob.events)
        st = bob.board()
        if not st["Available"]:
            break
        f, t = st["Available"][0]
        bob.send("move %s/%s" % (bgmap.space_word(f), bgmap.space_word(t)))
        b.until(lambda: [e for e in bob.events[n:] if e["Type"] == "board"], "Bob's move taken")
    bob.send("ok")


def _bob_turn(b, bob):
    """Wait until it is Bob's turn with dice (his roll sent if the server waits for it)."""
    b.until(lambda: bob.board() and bob.board()["Turn"] == 1 and not bob.board()["DoubleOffered"],
            "Bob's turn")
    if not bob.board()["Roll1"]:
        bob.send("roll")
        b.until(lambda: bob.board()["Roll1"], "Bob's roll")


def _make_blacks_play(b, k):
    """The board shows the opponent's play (its k-th): the person makes it on the board."""
    b.until(lambda: len(b.events("board_play")) >= k, "the opponent's play shown")
    shown = b.events("board_play")[k - 1]
    assert shown["player"] == 1, shown
    b.do(shown["play"])
    b.until(lambda: b.t.on_roll == 0, "the opponent's play made and accepted")
    return shown["play"]


def _opening(b, bob, bob_first=True):
    """Both roll for the opening: Bob on the server, White at the board's main button."""
    n = len(bob.events)
    bob.send("roll")
    b.until(lambda: [e for e in bob.events[n:] if e["Type"] == "rolled"], "Bob's opening die")
    b.until(lambda: b.t.opening[1], "Bob's opening die on the board")
    b.do("press p1")
    t = b.t
    for _ in range(5):                   # a tie: the server rolls again, White presses again
        b.until(lambda: t.phase != 1 or (t.opening[1] and not t.opening[0] and t.want_roll is None),
                "the opening decided, or White to roll again")
        if t.phase != 1:
            break
        b.do("press p1")


def test_a_whole_match_online_with_doubles_takes_a_pass_and_a_resignation(tmp_path):
    # the server's dice: Bob 6, White 1 (Bob opens), then the rolls in order
    srv = Server(dice=[6, 1, 3, 1, 4, 2, 5, 3, 6, 4, 2, 1, 5, 5, 3, 2, 4, 4, 6, 2] * 3,
                 pass_scoring="cube", ping_s=0.5)   # (the repository's server: a pass scores the cube)
    b = Board(tmp_path)
    proc = bob = None
    try:
        _online_seat(b)
        b.do("setup")
        proc = _bridge(b, srv, "--create", "3")
        b.until(lambda: srv.games, "the match created by the bridge")
        bob = Script(srv.port, "Bob")
        _joins(b, bob)
        # game 1: Bob wins the opening with the server's 6-1 and plays it
        _opening(b, bob)
        b.until(lambda: bob.board()["Turn"] == 1 and bob.board()["Roll1"], "Bob's opening roll")
        assert sorted([bob.board()["Roll1"], bob.board()["Roll2"]]) == [1, 6]
        _opponent_plays(b, bob)
        bobs = _make_blacks_play(b, 1)
        assert [e for e in b.events("roll") if e["p"] == 1 and sorted(e["d"]) == [1, 6]]
        # White rolls (the server's 3-1: the board asked, the bridge sent `roll`) and plays
        b.do("r")
        b.until(lambda: b.t.phase == 5, "White's dice from the server")
        assert sorted(b.t.turn_dice) == [1, 3], b.t.turn_dice
        b.do(_a_legal_play(b, 0), "r")
        # Bob doubles; White takes at the board
        b.until(lambda: bob.board()["Turn"] == 1 and not bob.board()["Roll1"], "Bob to roll or double")
        bob.send("double")
        b.until(lambda: b.t.phase == 4, "the double at the board")      # DOUBLED
        b.do("r")                                                        # White's main: take
        b.until(lambda: bob.board()["DoubleValue"] == 2 and not bob.board()["DoubleOffered"],
                "the take on the server")
        assert b.t.match.cube.value == 2 and b.t.match.cube.owner == 0
        _bob_turn(b, bob)
        _opponent_plays(b, bob)
        _make_blacks_play(b, 2)
        # White redoubles; Bob passes: White wins 2 on both sides
        b.do("d")
        b.until(lambda: bob.board()["DoubleOffered"], "the redouble on the server")
        bob.send("resign")
        b.until(lambda: b.t.match.score == [2, 0], "the pass scored at the board")
        b.until(lambda: bob.board()["Player2"]["Points"] == 2, "the pass scored on the server")
        # game 2 (Crawford): White resigns a single game from the menu
        b.do("r")                                                        # the next game
        b.until(lambda: b.events("game")[-1]["n"] == 2, "the second game")
        b.do("setup")
        _opening(b, bob)
        b.until(lambda: bob.board()["Turn"] and bob.board()["Roll1"], "the opening on the server")
        if bob.board()["Turn"] == 1:                                     # Bob won it: he plays
            _opponent_plays(b, bob)
            _make_blacks_play(b, len(b.events("board_play")) + 1)
        b.until(lambda: b.t.on_roll == 0 and b.t.phase in (3, 5), "White's turn")
        _resign_single(b)
        b.until(lambda: b.t.match.score == [2, 1], "the resignation scored at the board")
        b.until(lambda: bob.board()["Player1"]["Points"] == 1, "the resignation on the server")
        # game 3 (post-Crawford): Bob doubles before his roll, White passes: 2-2
        _next_game(b, bob, 3)
        _to_bobs_cube(b, bob)
        bob.send("double")
        b.until(lambda: b.t.phase == 4, "Bob's double at the board")
        b.do("pass")                                                     # White passes (cube held)
        b.until(lambda: b.t.match.score == [2, 2], "the pass at the board")
        b.until(lambda: bob.board()["Player1"]["Points"] == 2, "the pass on the server")
        # game 4 (2-2: the cube is dead): Bob resigns on his turn, White accepts at the board
        # (main): she wins the match 3-2 on both sides
        _next_game(b, bob, 4)
        if bob.board()["Turn"] == 2:
            _white_plays(b)
        b.until(lambda: bob.board()["Turn"] == 1, "Bob's turn")
        bob.send("resign")
        b.until(lambda: b.t.match.resigned_by == 1, "Bob's resignation offered at the board")
        b.do("press p1")                                                 # White accepts
        b.until(lambda: b.t.match.score == [3, 2], "the match over at the board")
        b.until(lambda: bob.board()["Winner"] == 2 and bob.board()["Player2"]["Points"] == 3,
                "the match over on the server")
        assert b.events("match_end")[-1]["w"] == 0
        # the record names both players as the server does
        names = [e for e in b.events("seat_ok") if e["ask"] == "name"]
        assert {e["answer"] for e in names} == {"guest_bob", "guest_tablier"}, names
    finally:
        out = _stop(b, srv, proc, bob)
    assert "Traceback" not in out, out[-3000:]
    played = [line.split(" played ", 1)[1] for line in out.splitlines() if line.startswith("guest_bob played ")]
    assert len(played) >= 4 and sorted(played[0].split()) == sorted(bobs.split()), (bobs, out[-3000:])
    assert "differs" not in out, out[-3000:]           # the board and the server agreed throughout
    assert "you double: sent" in out and "you take: sent" in out and "you resign: sent" in out, out[-3000:]
    assert not [c for n, c in srv.log if "Tablier" in c and c.startswith("loginjson") and len(c.split()) > 3]
    assert [c for n, c in srv.log if n == "guest_tablier" and c.split()[0] == "pong" and c.split()[1].isdigit()]
    # the match exports to .mat like any other, with the players' server names; verify-dice
    # says the dice were the server's
    rec = str(tmp_path / "match.rec")
    mat = str(tmp_path / "online.mat")
    run = subprocess.run([sys.executable, "-m", "host_tools", "export", rec, "-o", mat], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    with open(mat) as f:
        text = f.read()
    assert "guest_tablier" in text and "guest_bob" in text and "3 point match" in text, text[:600]
    run = subprocess.run([sys.executable, "-m", "host_tools", "verify-dice", rec], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert "rolled by the online server" in run.stdout, run.stdout + run.stderr


def _next_game(b, bob, n):
    """The next game at the board (main, the checkers set up) and its opening roll."""
    b.do("r")
    b.until(lambda: b.events("game")[-1]["n"] == n, "game %d" % n)
    b.do("setup")
    _opening(b, bob)
    b.until(lambda: bob.board()["Turn"] and bob.board()["Roll1"], "the opening on the server")


def _white_plays(b):
    b.until(lambda: b.t.on_roll == 0 and b.t.phase in (3, 5), "White's turn")
    if b.t.phase == 3:
        b.do("r")
        b.until(lambda: b.t.phase in (5, 6), "White's dice")
    if b.t.phase == 5:
        b.do(_a_legal_play(b, 0))
    b.do("r")
    b.until(lambda: b.t.on_roll == 1, "White's play committed")


def _to_bobs_cube(b, bob):
    """Play on until Bob is before his roll with the cube his to turn."""
    while not (bob.board()["Turn"] == 1 and not bob.board()["Roll1"]):
        if bob.board()["Turn"] == 1:
            _opponent_plays(b, bob)
            _make_blacks_play(b, len(b.events("board_play")) + 1)
        _white_plays(b)
        b.until(lambda: bob.board()["Turn"] == 1, "Bob's turn")


def _to_whites_cube(b, bob):
    """Play on until White is before her roll (she may double)."""
    if bob.board()["Turn"] == 2:
        _white_plays(b)
        b.until(lambda: bob.board()["Turn"] == 1, "Bob's turn")
    _bob_turn(b, bob)
    _opponent_plays(b, bob)
    _make_blacks_play(b, len(b.events("board_play")) + 1)
    b.until(lambda: b.t.on_roll == 0 and b.t.phase == 3, "White before her roll")


def _resign_single(b):
    """White resigns a single game from the menu: Resign (its third item), single, yes."""
    b.do("press menu", "press menu", "press menu", "press p1", "press p1", "press p1")


def test_online_outlives_a_network_cut_a_power_cut_bad_events_a_slow_server_and_a_leaver(tmp_path):
    """The bridge joins (player 2 on the server: the flipped view) with an account whose
    password comes from the environment and is never printed; a slow server that drops a
    client silent for 1.5 s (the 40 s rule, shorter) is kept by the keepalive; a network cut
    is reconnected and the match joined again; a power cut at the board in the middle of a
    turn is put back and the play sent once made; malformed, unreadable and out-of-turn
    events are ignored in words; the opponent leaving is said on the OLED."""
    password = "s3cret pass"
    srv = Server(dice=[2, 6, 4, 1, 5, 3, 6, 2, 3, 3, 5, 1] * 4, idle_s=1.5,
                 ping_s=100, delay_s=0.02, accounts={"Tablier": password})
    b = Board(tmp_path)
    proc = bob = None
    try:
        _online_seat(b)
        b.do("setup")
        bob = Script(srv.port, "Bob")
        b.others.append(bob)
        bob.send("create public 3 0")
        bob.wait("joined")
        env = dict(os.environ, TABLIER_BGAMMON_PASSWORD=password)
        proc = subprocess.Popen([sys.executable, "-m", "host_tools", "online", "--port", b.port.path,
                                 "--server", "127.0.0.1:%d" % srv.port, "--user", "Tablier",
                                 "--join", "guest_bob", "--keepalive", "0.4"],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                stdin=subprocess.DEVNULL, env=env)
        b.until(lambda: bob.board() and bob.board()["Player2"]["Name"] == "Tablier", "the bridge in the match")
        # the opening: Bob 2, White 6; White plays 6-2
        _opening(b, bob)
        b.until(lambda: b.t.on_roll == 0 and b.t.phase == 5, "White to play the opening")
        assert sorted(b.t.turn_dice) == [2, 6]
        # idle for 3 s of wall time: the keepalive keeps the bridge on the server
        end = time.monotonic() + 3
        b.until(lambda: time.monotonic() > end, "3 s idle", timeout=10)
        assert srv.client("Tablier") is not None
        # malformed and unreadable events from the server, and one out of turn
        srv.inject("Tablier", "{not json")
        srv.inject("Tablier", json.dumps({"Type": "board", "Player": "", "Board": [0] * 27}))
        srv.inject("Tablier", json.dumps({"Type": "rolled", "Player": "guest_bob", "Roll1": 9, "Roll2": 1}))
        srv.inject("Tablier", json.dumps({"Type": "failedmove", "Player": "", "From": 0, "To": 0,
                                          "Reason": "Illegal move."}))
        # a power cut in the middle of White's turn: one checker moved, then the cut
        play = _a_legal_play(b, 0)
        first = play.split()[0]
        b.do(first)
        b.rig.power_cut()
        b.port.pump()
        b.do("putback")
        b.until(lambda: b.t.phase == 5 and b.t.on_roll == 0 and not b.t.restoring, "the turn resumed")
        assert not [c for n, c in srv.log if n == "Tablier" and c.startswith("move")]   # nothing sent yet
        b.do(play, "r")
        b.until(lambda: [c for n, c in srv.log if n == "Tablier" and c.startswith("move")], "the play sent")
        # the network cut: the bridge reconnects, logs in and joins the match again
        b.until(lambda: bob.board()["Turn"] == 1, "Bob's turn")
        srv.cut("Tablier")
        b.until(lambda: [x for x in b.rig.lines if '"answer":"lost"' in x], "'Connection lost' on the OLED")
        b.until(lambda: srv.client("Tablier") is not None and srv.games[0].clients[1] is not None,
                "back in the match", timeout=120)
        _bob_turn(b, bob)
        _opponent_plays(b, bob)
        _make_blacks_play(b, 1)
        # the opponent leaves: said on the OLED
        bob.send("leave")
        b.until(lambda: [x for x in b.rig.lines if '"answer":"waiting"' in x][1:], "'waiting' on the OLED")
        b.until(lambda: "Online: waiting" in b.screen() or "for an opponent" in b.screen(), "the OLED says it")
    finally:
        out = _stop(b, srv, proc, bob)
    assert "Traceback" not in out, out[-3000:]
    assert password not in out and password.replace(" ", "_") not in out, out
    assert "logged in as Tablier" in out and "Unknown command" not in out, out[-3000:]
    assert ("Tablier", "set autoplay 0") in srv.log
    # the board's record names the seat as the server does, its case kept
    assert [e for e in b.events("seat_ok") if e["ask"] == "name" and e["answer"] == "Tablier"]
    assert "not an event from the server" in out and "cannot read" in out, out[-3000:]
    assert "refused the move" in out and "reconnecting" in out and "joining match 1 again" in out, out[-3000:]
    assert "left the match" in out and "differs" not in out, out[-3000:]


def test_the_server_is_the_authority_on_the_position(tmp_path):
    """A refusal from the server: the board takes the server's position back (White to play
    her dice again), shows what to put back and sends the play once made again; a power cut
    at the board while the server's position moved on (a checker the board never saw moved):
    the board takes the server's position as its own, shows what to put back, and the match
    goes on from it on both sides."""
    srv = Server(dice=[2, 6, 4, 1, 5, 3, 6, 2, 3, 3, 5, 1] * 4, ping_s=100)
    b = Board(tmp_path)
    proc = bob = None
    try:
        _online_seat(b)
        b.do("setup")
        proc = _bridge(b, srv, "--create", "3")
        b.until(lambda: srv.games, "the match created by the bridge")
        bob = Script(srv.port, "Bob")
        _joins(b, bob)
        _opening(b, bob)                                     # Bob 2, White 6: White opens
        b.until(lambda: b.t.on_roll == 0 and b.t.phase == 5, "White to play the opening")
        assert sorted(b.t.turn_dice) == [2, 6]
        start = b.t.board.copy()
        # the server refuses White's play: the board goes back to the server's position
        srv.refuse_moves = 1
        play = _a_legal_play(b, 0)
        b.do(play, "r")
        b.until(lambda: [e for e in b.events("seat_ok") if e["ask"] == "position"], "the server's position taken")
        b.until(lambda: b.t.on_roll == 0 and b.t.phase == 5, "White to play again")
        assert sorted(b.t.turn_dice) == [2, 6] and b.t.board == start and b.t.mismatch
        assert bob.board()["Turn"] == 2 and not bob.board()["Moves"]     # nothing stands on the server
        b.do("putback")
        b.until(lambda: not b.t.restoring and not b.t.mismatch, "the checkers put back")
        b.do(play, "r")
        b.until(lambda: bob.board()["Turn"] == 1, "the play taken by the server")
        # the server's position moves on behind the board's back, then a power cut
        b.until(lambda: b.t.on_roll == 1 and b.t.phase in (3, 5), "Bob's turn at the board")
        srv.move_checker(srv.games[0].id, 6, 5)              # a White checker 6 -> 5 (player 1: White)
        b.rig.power_cut()
        b.port.pump()
        b.until(lambda: len([e for e in b.events("seat_ok") if e["ask"] == "position"]) >= 2,
                "the server's position taken after the power cut")
        b.until(lambda: b.t.restoring or b.t.mismatch, "what to put back shown")
        assert b.t.board.me[4] == 1 and b.t.board.me[5] == 4, b.t.board       # White's 5 and 6 points
        assert b.t.on_roll == 1
        b.do("putback")
        b.until(lambda: not b.t.restoring and not b.t.mismatch, "the checkers put back")
        _bob_turn(b, bob)
        _opponent_plays(b, bob)
        _make_blacks_play(b, 1)
        b.do("r")
        b.until(lambda: b.t.phase == 5 or b.t.phase == 6, "White's dice from the server")
        b.do(_a_legal_play(b, 0), "r")
        b.until(lambda: bob.board()["Turn"] == 1, "White's play taken by the server from its position")
    finally:
        out = _stop(b, srv, proc, bob)
    assert "Traceback" not in out, out[-3000:]
    assert "refused the move" in out and "the board takes the server's" in out, out[-3000:]
    assert "your 5-point: the server 1, the board 0" in out, out[-3000:]
    moves = [c for n, c in srv.log if n == "guest_tablier" and c.startswith("move")]
    assert len(moves) == 3 and moves[0] == moves[1], moves     # refused, sent again, then the next
    # the record names the seats as the server does, and the game with the server's position
    # is said by the exporter (a .mat cannot hold a position taken mid-game)
    rec = str(tmp_path / "match.rec")
    with open(rec) as f:
        assert [line for line in f if line.startswith("H")], "no position line in the record"
    run = subprocess.run([sys.executable, "-m", "host_tools", "export", rec, "-o", str(tmp_path / "x.mat")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "the board took the online server's position" in run.stderr, run.stderr


GNUBG_IMPORT = """
import json, sys
from host_tools import gnubg_capture
import gnubg
gnubg_capture.setup()
text = gnubg_capture.command('import mat "%s"' % sys.argv[1])
m = gnubg.match(boards=0)
print(json.dumps({"text": text[-2000:], "games": [g["info"] for g in m["games"]]}))
"""


def test_the_board_scores_a_pass_and_a_resignation_as_the_server_does(tmp_path):
    """A server that scores a pass and a resignation as the game would end from the position
    (gammons counted, times the cube): Bob passes White's early double (a backgammon: his
    checkers in White's home board, 3 points where the board's rules give 1), White resigns
    a single game (3 points to Bob on the server): the board takes the server's score each
    time, its record too; the 5-point match goes on at 3-3 on both sides, and the .mat imports into GNU Backgammon with the scores the board shows."""
    srv = Server(dice=[2, 6, 4, 1, 5, 3, 6, 2, 3, 3, 5, 1] * 4, ping_s=100,
                 pass_scoring="position")
    b = Board(tmp_path, length=5)
    proc = bob = None
    try:
        _online_seat(b)
        b.do("setup")
        proc = _bridge(b, srv, "--create", "5")
        b.until(lambda: srv.games, "the match created by the bridge")
        bob = Script(srv.port, "Bob")
        _joins(b, bob)
        _opening(b, bob)
        _to_whites_cube(b, bob)
        b.do("d")
        b.until(lambda: bob.board()["DoubleOffered"], "White's double on the server")
        bob.send("resign")                                                # Bob passes
        b.until(lambda: bob.board()["Player2"]["Points"] == 3, "the pass scored 3 on the server")
        b.until(lambda: b.t.match.score == [3, 0], "the board takes the server's 3 points")
        assert b.t.match.last_game[:2] == (0, 3) and not b.t.match.is_over()
        # game 2: White resigns a single game; the server scores 3
        _next_game(b, bob, 2)
        if bob.board()["Turn"] == 1:
            _opponent_plays(b, bob)
            _make_blacks_play(b, len(b.events("board_play")) + 1)
        b.until(lambda: b.t.on_roll == 0 and b.t.phase in (3, 5), "White's turn")
        _resign_single(b)
        b.until(lambda: bob.board()["Player1"]["Points"] == 3, "the resignation scored 3 on the server")
        b.until(lambda: b.t.match.score == [3, 3], "the board takes the server's 3 points")
        m = b.t.match
        assert not m.is_over() and m.game_number == 3
        ends = [e for e in b.events("game_end")]
        assert [(e["w"], e["pts"]) for e in ends] == [(0, 1), (0, 3), (1, 1), (1, 3)], ends
    finally:
        out = _stop(b, srv, proc, bob)
    assert "Traceback" not in out, out[-3000:]
    assert out.count("the board takes the server's score") == 2, out[-3000:]
    # the record: each board's end voided and written again with the server's points
    rec = str(tmp_path / "match.rec")
    from host_tools import record_read as record
    events, problems = record.read_lines(open(rec).read().splitlines())
    assert [e for e in events if e[0] == "end"] == [("end", 0, 3), ("end", 1, 3)], events
    mat = str(tmp_path / "online.mat")
    run = subprocess.run([sys.executable, "-m", "host_tools", "export", rec, "-o", mat], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    text = open(mat).read()
    assert "Wins 3 points" in text and "guest_tablier : 3" in text, text
    run = subprocess.run([sys.executable, "-c", GNUBG_IMPORT, mat], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert "WARNING" not in got["text"] and "nvalid" not in got["text"], got["text"]
    games = got["games"]
    assert len(games) == 2 and (games[1]["score-X"], games[1]["score-O"]) in ((3, 0), (0, 3)), games
    assert games[1]["points-won"] == 3 and games[1]["resigned"], games
