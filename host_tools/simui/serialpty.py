"""The simulated board's USB serial line on a pseudo-terminal: what a PC program opens as
the board's port (`host_tools play --port /dev/pts/N`, `host_tools monitor --port ...`).

    port = SerialPty(rig)        # port.path: the device to open, as /dev/ttyACM0 would be
    port.pump()                  # after each step: the board's lines out, command lines in

Out: every line the board writes (rig.lines), newline-terminated, as on the real USB CDC.
In: the bytes the PC sends, through the firmware's own serial reader (app.tasks.SerialLine:
at most its byte budget and one answered line a pump, the 120-byte cap), answered by
app.commands as on the board. Standard library only (os.openpty, termios).
"""
import os
import select
import termios
import tty

from app.tasks import SerialLine


class SerialPty:
    def __init__(self, rig):
        self.rig = rig
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)             # no echo, no line editing: bytes as sent
        attrs = termios.tcgetattr(self._slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(self._slave, termios.TCSANOW, attrs)
        self.path = os.ttyname(self._slave)
        os.set_blocking(self.master, False)  # nobody reading: a line is lost, never a hang
        self._sent = len(rig.lines)         # what was written before the port opened stays off
        self._pending = b""                 # bytes read from the PC, not yet taken by the line
        self._line = SerialLine(rig.app, self._ready, self._read1)

    def _fill(self):
        if not self._pending:
            try:
                r, _, _ = select.select([self.master], [], [], 0)
                if r:
                    self._pending = os.read(self.master, 4096)
            except OSError:                 # no PC on the other side: nothing to read
                self._pending = b""

    def _ready(self):
        self._fill()
        return bool(self._pending)

    def _read1(self):
        self._fill()
        ch, self._pending = self._pending[:1], self._pending[1:]
        return ch

    def pump(self):
        """The board's new lines to the PC, then one turn of the serial reader."""
        if self._line.app is not self.rig.app:      # a power cut made a new App
            self._line = SerialLine(self.rig.app, self._ready, self._read1)
        lines = self.rig.lines
        while self._sent < len(lines):
            data = (lines[self._sent] + "\n").encode("utf-8", "replace")
            self._sent += 1
            try:
                os.write(self.master, data)
            except OSError:
                pass                        # nobody reads: the line is lost, as on USB
        self._line.turn(self.rig.now)

    def close(self):
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
