"""GNU Backgammon in a seat over USB, end to end (issue 10): the simulated board (the real
firmware on the physical board model, host_tools/simui) with its serial line on a pty, and
`python -m host_tools play --port PTY` with the real gnubg package on the other side.

Black's seat is set to "USB PC" in the menu; gnubg's opening play is shown on the board,
made by a person and accepted; its cube answers (no double before its roll, a take of
White's double) go through the board's cube flows; the board's power cut is survived;
with the program gone, an illegal answer sent on the line is refused in words, the board
waits for the computer on the OLED, and the seat is handed back to a person in the menu."""
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from tools import ROOT

from boardrig.whole import BoardRig            # noqa: E402
from simui.session import Session        # noqa: E402
from simui.serialpty import SerialPty    # noqa: E402

pytest.importorskip("serial")
pytest.importorskip("gnubg")


class Board:
    """The simulated board, its serial line on a pty, run in steps of board time."""

    def __init__(self, tmp_path):
        from game.settings import Settings, CLOCK_OFF
        # no clock: the board's time runs faster than the wall's here, gnubg's must not count
        self.rig = BoardRig(seed=1, dice_seed=1, workdir=str(tmp_path), quiet_scans=3,
                           settings=Settings(clock=CLOCK_OFF))
        self.s = Session(self.rig)
        self.port = SerialPty(self.rig)

    def do(self, *lines):
        for line in lines:
            self.s.execute(line)
            self.port.pump()
        return self.s.messages[-1] if self.s.messages else ""

    def events(self, kind):
        out = []
        for line in self.rig.lines:
            if line.startswith('{"t":"%s"' % kind):
                out.append(json.loads(line))
        return out

    def until(self, cond, what, timeout=60):
        """Step the board (10 ms each) and its serial line until cond() holds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if cond():
                self.rig.step(3)            # the LEDs and the OLED follow (the turn LED: `r`)
                self.port.pump()
                return
            self.rig.step()
            self.port.pump()
            time.sleep(0.002)           # the program on the other end runs meanwhile
        raise AssertionError("%s: not within %ss; screen %s; last lines:\n%s" % (
            what, timeout, self.rig.screen_rows(), "\n".join(self.rig.lines[-8:])))

    def screen(self):
        return " ".join(self.rig.screen_rows())


def _a_legal_play(b, player):
    """A legal play of `player` (the first the move generator lists) once they are moving."""
    from bg.movegen import legal_plays
    t = b.rig.table
    b.until(lambda: t.phase == 5 and t.on_roll == player, "%d to move" % player)
    return legal_plays(t.view, t.turn_dice[0], t.turn_dice[1])[0].notation()


def _black_seat_presses(b, n):
    """Settings > Black's seat (the last item), selected n times, the menu closed."""
    b.do("press menu", "press menu", "press p2")       # the menu; Position ID, Settings: in
    from game.settings import NAMES
    for _ in range(len(NAMES) + 1):                    # the settings, then White's seat
        b.do("press menu")                             # down to Black's seat
    for _ in range(n):
        b.do("press p2")
    b.do("long menu")


def test_gnubg_takes_a_seat_over_usb(tmp_path):
    b = Board(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "host_tools", "play", "--port", b.port.path],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        _black_seat_presses(b, 4)                      # person, easy, normal, strong, USB PC
        assert b.rig.table.seats[1] == 4, b.screen()
        b.do("dice 6 1", "setup")                      # Black's die (the board rolls it), White's
        b.do("press p1")
        # 1. the opening: gnubg's play shown, made by a person, accepted
        b.until(lambda: b.events("board_play"), "gnubg's opening play")
        shown = b.events("board_play")[0]
        assert shown["player"] == 1 and shown["play"] == "13/7 8/7", shown
        b.until(lambda: "Black plays 13/7 8/7" in b.screen(), "the play on the OLED")
        b.do("13/7 8/7")                               # a person moves Black's checkers
        b.until(lambda: b.rig.table.on_roll == 0, "the turn to White")
        assert [e for e in b.events("play") if e["p"] == 1 and e["n"] == "13/7 8/7"]
        # 2. White plays; before Black's roll gnubg's cube: no double, the board rolls
        b.do("dice 3 1", "r")
        b.do(_a_legal_play(b, 0), "r", "dice 4 2")
        b.until(lambda: len(b.events("board_play")) == 2, "gnubg's second play")
        asked = []
        for e in b.events("seat_turn"):
            if (e["q"], e["ask"]) not in asked:           # (a question repeated, unanswered yet)
                asked.append((e["q"], e["ask"]))
        assert [a for q, a in asked[:3]] == ["play", "cube", "play"], asked
        second = b.events("board_play")[1]["play"]
        b.do(second)
        b.until(lambda: b.rig.table.on_roll == 0, "the second play accepted")
        # 3. White doubles: gnubg takes, through the take flow
        b.do("d")
        b.until(lambda: [e for e in b.events("cube") if e["a"] == "take"], "gnubg's take")
        assert b.rig.table.match.cube.value == 2 and b.rig.table.match.cube.owner == 1
        # 4. a power cut: the board resumes and gnubg answers the next question too
        b.do("dice 5 2", "r")                          # White rolls, plays, commits
        b.do(_a_legal_play(b, 0), "r", "dice 6 4")
        n = len(b.events("board_play"))
        b.rig.power_cut()
        b.port.pump()
        b.do("putback")
        b.until(lambda: len(b.events("board_play")) > n, "gnubg's play after the power cut")
        b.do(b.events("board_play")[-1]["play"])
        b.until(lambda: b.rig.table.on_roll == 0, "the play after the power cut accepted")
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert "Black (GNU Backgammon 0-ply) plays 13/7 8/7" in out, out[-2000:]
    assert "does not double" in out and "takes" in out, out[-2000:]
    assert "Traceback" not in out, out[-3000:]
    # 5. no program on the line: an illegal answer is refused in words, the board waits
    b.do("dice 3 3", "r")
    b.do(_a_legal_play(b, 0), "r", "dice 2 1")         # Black (the computer) to act, unanswered
    t = b.rig.table
    b.until(lambda: t.want_cube is not None or t.want_play is not None, "the board asking")
    with open(b.port.path, "wb", buffering=0) as pc:   # a PC on the line, by hand
        if t.want_cube is not None:
            pc.write(b"seat %d roll\n" % b.events("seat_turn")[-1]["q"])  # (Black owns the cube: may redouble)
            b.until(lambda: t.want_play == "usb" and b.events("seat_turn")[-1]["ask"] == "play",
                    "the board asking for the play")
        pc.write(b"seat %d play 6/1\n" % b.events("seat_turn")[-1]["q"])  # no 5 in a 2-1
        b.until(lambda: b.events("error") and b.events("error")[-1]["code"] == "seat_refused",
                "the refusal")
    refusal = b.events("error")[-1]
    assert "6/1" in refusal["msg"] or "illegal" in refusal["msg"], refusal
    assert b.rig.table.shown_play is None              # never accepted
    b.until(lambda: "REFUSED" in b.screen(), "the refusal on the OLED")
    b.until(lambda: "Waiting for the" in b.screen(), "the waiting note", timeout=60)
    assert "Black: person" in b.screen(), b.screen()
    # 6. the seat handed back to a person in the menu: nobody is asked any more
    _black_seat_presses(b, 2)                          # USB PC -> online -> a person
    assert b.rig.table.seats[1] == 0 and b.rig.table.want_play is None, b.screen()
    n = len(b.events("seat_turn"))
    b.rig.wait(4000)
    b.port.pump()
    assert len(b.events("seat_turn")) == n
    b.do(_a_legal_play(b, 1))                          # Black plays for itself
    b.do("r")
    assert b.rig.table.on_roll == 0, b.screen()
    b.port.close()


def test_sim_serial_puts_the_boards_line_on_a_pty(tmp_path):
    """`host_tools sim --serial` prints the pty's path; a PC program opening it talks to the
    board's command line (here `version`, answered with the hello event)."""
    import serial
    proc = subprocess.Popen([sys.executable, "-S", "-m", "host_tools", "sim", "--serial",
                             "--dir", str(tmp_path)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        path = None
        for _ in range(200):
            line = proc.stdout.readline()
            if line.startswith("serial: the board's USB line is "):
                path = line.rsplit(" ", 1)[1].strip()
                break
        assert path, "no pty path printed"
        with serial.Serial(path, 115200, timeout=10) as conn:
            conn.write(b"version\n")
            answer = conn.readline().decode()
        assert json.loads(answer)["t"] == "hello", answer
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=20)


def _pty():
    import tty
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave


def _read_line(fd, timeout=30):
    import select
    buf = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            buf += os.read(fd, 1024)
            if b"\n" in buf:
                return buf.split(b"\n", 1)[0].decode()
    raise AssertionError("no line within %ss (got %r)" % (timeout, buf))


def test_play_answers_outlives_noise_repeats_and_a_board_that_vanishes(tmp_path):
    """The program on a port that is not there yet, then there (a symlink to a pty standing
    for /dev/ttyACM0), then gone (a reset) and back: it waits, answers, ignores noise and
    the board's repeat of a question, and answers the board that came back."""
    link = str(tmp_path / "ttyACM0")
    proc = subprocess.Popen([sys.executable, "-m", "host_tools", "play", "--port", link],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    turn = ('{"t":"seat_turn","p":1,"ask":"play","pos":"4HPwATDgc/ABMA","match":"cAkHAAAAAAAE",'
            '"dice":[6,1],"q":7}\n')
    said = []
    reader = threading.Thread(target=lambda: said.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()

    def saying(text, timeout=30):
        end = time.monotonic() + timeout
        while not any(text in line for line in said[:]):
            assert time.monotonic() < end, "%r not said: %s" % (text, said)
            time.sleep(0.05)
        return len(said)

    try:
        saying("waiting for the board on")              # no board yet: it waits
        master, slave = _pty()
        os.symlink(os.ttyname(slave), link)
        saying("connected to the board")                # (it tries again every second)
        os.write(master, b"\x00\xffnoise {not json\nboot: MicroPython v1.28\n")
        os.write(master, turn.encode())
        assert _read_line(master) == "seat 7 play 13/7 8/7"
        os.write(master, turn.encode())                # the board's repeat: answered once
        take = ('{"t":"seat_turn","p":1,"ask":"take","pos":"4NvgATDgc/ABMA","match":"MBkAAAAAAAAE",'
                '"dice":[0,0],"q":9}\n')
        os.write(master, take.encode())
        assert _read_line(master) == "seat 9 take"     # (the repeat got no answer before it)
        # the board resets: its port vanishes, and comes back
        os.close(master)
        os.close(slave)
        os.unlink(link)
        saying("lost the board")
        master, slave = _pty()
        os.symlink(os.ttyname(slave), link)
        while sum("connected to the board" in line for line in said[:]) < 2:
            time.sleep(0.05)
        os.write(master, b'{"t":"hello","fw":"x","rec":1}\n' + turn.encode())
        assert _read_line(master) == "seat 7 play 13/7 8/7"  # a new board: asked anew
        os.close(master)
        os.close(slave)
    finally:
        proc.terminate()
        proc.wait(20)
        reader.join(10)
    out = "".join(said)
    assert "waiting for the board on" in out, out
    assert "not an event" in out and "lost the board" in out, out
    assert out.count("plays 13/7 8/7") == 2 and "takes" in out, out
    assert "Traceback" not in out, out


def test_gnubgs_answers_for_the_board_are_its_own_and_legal():
    """host_tools/gnubg_player.py: a bear-off play (findbestmoves would cut its tuple
    short) in notation the board accepts; a double and a pass, a 'too good' read as no
    double, a take; each from gnubg's own hint at 0-ply."""
    from host_tools.gnubg_player import GnubgPlayer
    from bg import ids
    from bg.movegen import legal_plays
    from bg.notation import find_play
    from bg.position import Position
    g = GnubgPlayer(0)
    me, opp = [0] * 25, [0] * 25
    me[0], me[2], me[4] = 2, 3, 1                      # 1-point 2, 3-point 3, 5-point 1
    opp[5] = opp[12] = 5
    pos = Position(me, opp)
    money = ids.match_id(ids.MatchState(jacoby=False, dice=(6, 3)))
    play = g.play(ids.position_id(pos), money)
    assert play == "5/off 3/off" and find_play(legal_plays(pos, 6, 3), play) is not None
    assert g.play("4HPwATDgc/ABMA", "cAkHAAAAAAAE") == "13/7 8/7"       # the opening 6-1
    centred = ids.match_id(ids.MatchState(jacoby=False))
    doubled = ids.match_id(ids.MatchState(jacoby=False, doubled=True, turn=1))
    assert g.cube("uO8DBgD4vg8AAA", centred) == "double"               # a race well ahead
    assert g.take("uO8DBgD4vg8AAA", doubled) == "pass"
    assert g.cube("uDtwBwDcew8AAA", centred) == "roll"                 # too good: plays on
    assert g.take("4NvgATDgc/ABMA", "MBkAAAAAAAAE") == "take"          # after an opening
    # 2-ply: findbestmove at that ply (hint stops at 1-ply), in notation the board reads
    me, opp = [0] * 25, [0] * 25
    me[24], me[5], me[7], me[12], me[23] = 1, 5, 3, 4, 2           # one on the bar
    opp[5], opp[7], opp[12], opp[23], opp[2] = 5, 3, 5, 1, 1
    pos = Position(me, opp)
    roll = ids.match_id(ids.MatchState(jacoby=False, dice=(3, 1)))
    try:
        play = GnubgPlayer(2).play(ids.position_id(pos), roll)
        assert play.startswith("bar/22") and find_play(legal_plays(pos, 3, 1), play) is not None, play
    finally:
        GnubgPlayer(0)                     # (gnubg's settings are global: back to 0-ply)
