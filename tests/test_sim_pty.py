"""`make sim` as a user meets it: the simulator in a pseudo-terminal, typed at, read back.

The real firmware (App, scanner, Table) runs against the physical board model; the test
types the opening roll, an illegal play (the OLED must say why and the point turn red),
the checker moved back, a legal play committed, a bad command, and quit. Standard library
only (python -S), as on a fresh clone."""
import os
import pty
import re
import select
import subprocess
import sys
import time

from tools import ROOT

CLEAR = "\x1b[H\x1b[2J"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    def __init__(self, args):
        self.master, slave = pty.openpty()
        env = dict(os.environ, NO_COLOR="1", TERM="xterm")
        self.proc = subprocess.Popen([sys.executable, "-S", "-m", "host_tools", "sim"] + args,
                                     cwd=ROOT, stdin=slave, stdout=slave, stderr=slave,
                                     env=env, start_new_session=True)
        os.close(slave)
        self.out = ""

    def read(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _, _ = select.select([self.master], [], [], 0.05)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:     # the child closed the terminal
                    return
                if not data:
                    return
                self.out += data.decode("utf-8", "replace")

    def screen(self):
        """The last full screen drawn, without colour codes."""
        return ANSI.sub("", self.out.split(CLEAR)[-1])

    def expect(self, text, timeout=20):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in self.screen():
                return self.screen()
            self.read(0.1)
        raise AssertionError("%r not on screen after %ss; screen:\n%s" % (text, timeout, self.screen()))

    def type(self, line):
        os.write(self.master, line.encode() + b"\r")

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


def _oled(screen):
    """The text inside the OLED box of the screen, one string per row."""
    return [m.group(1).rstrip() for m in re.finditer(r"\|(.{16})\|\s*$", screen, re.M)]


def _led_row(screen, first_label, below=False):
    """The LED letters next to the labels line that starts with `first_label` (the top half's
    LEDs are above their labels, the bottom half's below): 12 letters and 'bar'."""
    lines = screen.split("\n")
    for i, line in enumerate(lines):
        if line.split()[:1] == [first_label] and 0 < i < len(lines) - 1:
            return lines[i + 1 if below else i - 1].split()
    raise AssertionError("no label row starting with %s" % first_label)


def test_sim_in_a_terminal(tmp_path):
    term = Terminal(["--dir", str(tmp_path)])
    try:
        term.expect("type help")
        term.type("setup")
        term.expect("Opening roll")
        term.type("dice 5 3")                      # White's die 5, then Black's 3
        term.type("press p1")
        term.expect("White rolled 5")
        term.type("press p2")
        screen = term.expect("White starts 5-3")
        assert "White (O) to play" in screen
        # an illegal play: a 4 with 5-3; the OLED says why and point 13 turns red
        term.type("13/9")
        screen = term.expect("No die for that")
        assert _led_row(screen, "13")[0] == "!", screen
        # lifting the checker back shows where it may go: 8, 10 and 5 light as destinations
        term.type("lift 9")
        screen = term.expect("From 13")
        assert _led_row(screen, "13")[0] == "L", screen
        bottom = _led_row(screen, "12", below=True)   # 12 11 10 9 8 7 bar 6 5 4 3 2 1
        lit = [label for label, led in zip("12 11 10 9 8 7 bar 6 5 4 3 2 1".split(), bottom) if led == "D"]
        assert sorted(lit) == ["10", "5", "8"], screen
        term.type("place 13")
        term.expect("White to move")
        term.type("8/3 6/3")
        term.expect("Main: done")
        term.type("r")
        screen = term.expect("Black on roll")
        assert "Black (X) to play" in screen
        assert any("Pips" in row and "159" in row for row in _oled(screen)), _oled(screen)
        term.type("frobnicate 3")
        term.expect("unknown command 'frobnicate'")
        term.type("quit")
        term.proc.wait(20)
        assert term.proc.returncode == 0
    finally:
        term.close()
