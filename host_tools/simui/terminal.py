"""The simulator in a terminal: interactive on a tty, line by line on a pipe.

On a tty the firmware runs in real time (one step per 10 ms of the wall clock, so clocks
and blinking run while you think); keys are read in cbreak mode and the screen is redrawn
in place with the line being typed at the bottom. Between keys the loop wakes 10 times a
second, runs the steps due with the sensors scanned every 500 ms (nobody touches the
board: a command that moves a checker settles it with a scan a step) and redraws when
the frame changed: an idle `make sim` used 16 % of a core scanning and drawing 100 times a
second. On a pipe every command is carried out,
the firmware runs until it settles, and the board is printed after it: tests read that.
"""
import os
import select
import sys
import time

from simui import render
from simui.session import Quit

CLEAR = "\x1b[H\x1b[2J"
PROMPT = "sim> "
TICK_S = 0.1          # run_tty: the loop wakes this often while no key comes


def frame(session, colour, prompt_text=None):
    rig = session.rig
    h = session.hands
    counts = h.counts()
    mover = rig.mover()
    lines = render.draw(counts, {1: h.bar(1), 2: h.bar(2)}, h.off, h.hand, rig.led_codes(),
                        rig.screen_rows(), mover, colour, numbering=session.view())
    for ev in session.new_board_lines():
        session.say("board: " + (ev if len(ev) <= 110 else ev[:107] + "..."))
    lines.append("")
    lines.extend(session.messages)
    if prompt_text is not None:
        lines.append(PROMPT + prompt_text)
    return lines


def use_colour(force=None):
    if force is not None:
        return force
    return sys.stdout.isatty() and os.environ.get("TERM", "") not in ("", "dumb") and "NO_COLOR" not in os.environ


def run_pipe(session, stream, out, colour=False):
    """Commands from a pipe: each is echoed, carried out, and followed by the board."""
    out.write("\n".join(frame(session, colour)) + "\n")
    for line in stream:
        out.write(PROMPT + line.rstrip("\n") + "\n")
        try:
            session.execute(line)
        except Quit:
            out.write("bye\n")
            return 0
        out.write("\n".join(frame(session, colour)) + "\n")
        session.messages = []
        out.flush()
    return 0


def run_pipe_live(session, stream, out, port, colour=False):
    """Commands from a pipe while the board's serial line is on a pty (`sim --serial`): the
    firmware runs in real time between the commands (a PC on the port gets its answers
    while nobody types), each command is echoed, carried out, and followed by the board."""
    fd = stream.fileno()
    rig = session.rig
    buf = b""
    last = time.monotonic()
    out.write("\n".join(frame(session, colour)) + "\n")
    out.flush()
    while True:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            data = os.read(fd, 4096)
            if not data:
                return 0
            buf += data
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                line = raw.decode("utf-8", "replace")
                out.write(PROMPT + line + "\n")
                try:
                    session.execute(line)
                except Quit:
                    out.write("bye\n")
                    out.flush()
                    return 0
                port.pump()
                out.write("\n".join(frame(session, colour)) + "\n")
                session.messages = []
                out.flush()
                last = time.monotonic()
        now = time.monotonic()
        steps = int((now - last) * 1000) // 10
        if steps:
            rig.idle_steps(min(steps, 50), port.pump)
            last += steps / 100.0
        lines = session.new_board_lines()
        if lines:
            for ev in lines:
                out.write("board: " + ev + "\n")
            out.flush()


def _wait_key(fd, timeout):
    return bool(select.select([fd], [], [], timeout)[0])


def run_tty(session, colour=True, fd_in=None, out=None, port=None, clock=time.monotonic,
            wait_key=_wait_key):
    """Interactive: real-time firmware, cbreak keys, redraw in place (port: the board's
    serial line on a pty, `sim --serial`, pumped with every step). clock() is the wall
    clock in seconds, wait_key(fd, timeout) waits for a key (tests pass a virtual clock)."""
    import termios
    import tty
    fd = sys.stdin.fileno() if fd_in is None else fd_in
    out = out or sys.stdout
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    rig = session.rig
    buf = ""
    last = clock()
    last_draw = ""
    session.say("type help for the commands, quit to leave")

    def draw(force=False):
        nonlocal last_draw
        text = "\n".join(frame(session, colour, buf))
        if force or text != last_draw:
            out.write(CLEAR + text)
            out.flush()
            last_draw = text

    session.after_action = lambda: (draw(), time.sleep(0.03))
    try:
        draw(True)
        while True:
            if wait_key(fd, TICK_S):
                data = os.read(fd, 1024).decode("utf-8", "replace")
                if not data:
                    return 0
                i = 0
                while i < len(data):
                    ch = data[i]
                    i += 1
                    if ch in "\r\n":
                        cmd, buf = buf, ""
                        session.execute(cmd)
                        last = clock()
                    elif ch in "\x7f\x08":
                        buf = buf[:-1]
                    elif ch == "\x1b":
                        # an arrow or function key: skip its escape sequence
                        while i < len(data) and not data[i].isalpha() and data[i] != "~":
                            i += 1
                        i += 1
                    elif ch in "\x03\x04":
                        return 0
                    elif ch == "\x15":
                        buf = ""
                    elif ch >= " " and len(buf) < 200:
                        buf += ch
            steps = int((clock() - last) * 1000) // 10
            if steps:
                rig.idle_steps(min(steps, 50), None if port is None else port.pump)
                last += steps / 100.0
            draw()
    except Quit:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\n")
        out.flush()
