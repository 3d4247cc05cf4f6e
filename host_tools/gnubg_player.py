"""GNU Backgammon (the PyPI `gnubg` package) as a player: its play and its cube decisions
for a position given by GNU Backgammon's own IDs, at a chosen ply (`host_tools play`).

    g = GnubgPlayer(ply=0)
    g.play("4HPwATDgc/ABMA", "cAkHAAAAAAAE")    # '13/7 8/7' ('' when no play is legal)
    g.cube(pid, mid)                            # 'double' or 'roll' (the side on roll)
    g.take(pid, mid)                            # 'take' or 'pass' (the side doubled)

Each sets the position with `set gnubgid` and reads gnubg's own `hint` (its cubeful
evaluation at the ply: the match score, the cube and the Jacoby rule are the match ID's);
a play at 1 ply or more comes from findbestmove at that ply (`hint` caps its chequer play
at 1-ply in this package: measured, 2-ply took the 1-ply time and printed "1-ply").
The traps of ../shared/gnubg-notes.md are kept clear of: threads 1 and human players
before anything else, its text read from file descriptor 1, never `gnubg.hint()`, the
plays from `hint`'s text (findbestmoves cuts the move tuples of bear-offs short), main
thread only. gnubg cannot set a match ID with a double offered ("SetMatchID cannot handle
positions where a double has been offered"): take() sets the position before the double
and reads the doubler's proper cube action, whose second half is the taker's answer.
"""
import ctypes
import os
import re
import sys
import tempfile

from bg import ids  # (the firmware's own match ID codec)

_PLAY = re.compile(r"^\s*1\.\s+\S+\s+\S+\s+(.+?)\s+Eq\.", re.M)
_CUBE = re.compile(r"Proper cube action:\s*([^(\n]+)")


class GnubgError(Exception):
    """gnubg refused the position or answered something that cannot be read (in words)."""


class GnubgPlayer:
    def __init__(self, ply=0):
        import gnubg
        self.g = gnubg
        self.ply = ply
        self._libc = ctypes.CDLL(None)
        self._fd, path = tempfile.mkstemp(prefix="gnubg-out-")
        os.unlink(path)
        for cmd in ("set threads 1", "set player 0 human", "set player 1 human",
                    "set sound enable off",
                    "set evaluation chequerplay evaluation plies %d" % ply,
                    "set evaluation cubedecision evaluation plies %d" % ply):
            self.command(cmd)

    def command(self, cmd):
        """Run a gnubg command; what it printed on file descriptor 1."""
        sys.stdout.flush()
        self._libc.fflush(None)
        os.ftruncate(self._fd, 0)
        os.lseek(self._fd, 0, os.SEEK_SET)
        saved = os.dup(1)
        os.dup2(self._fd, 1)
        try:
            self.g.command(cmd)
        finally:
            self._libc.fflush(None)
            os.dup2(saved, 1)
            os.close(saved)
        os.lseek(self._fd, 0, os.SEEK_SET)
        chunks = []
        while True:
            chunk = os.read(self._fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8", "replace")

    def _set(self, pid, mid):
        out = self.command("set gnubgid %s:%s" % (pid, mid))
        if "Setting GNUbg ID" not in out:
            raise GnubgError("gnubg refused the IDs %s:%s: %s" % (pid, mid, _first_line(out)))

    def play(self, pid, mid):
        """gnubg's best play for the side on roll with the match ID's dice: its notation.
        At 1 ply and more from findbestmove (this package's `hint` stops its chequer play at
        1-ply whatever the setting); a play it cuts short at a bear-off from `hint`."""
        if self.ply > 0:
            flat = self._best_move(pid, mid)
            if flat is not None and len(flat) % 2 == 0:
                return " ".join("%s/%s" % (_point(flat[i]), _point(flat[i + 1]))
                                for i in range(0, len(flat), 2))
        return self._hint_play(pid, mid)

    def _best_move(self, pid, mid):
        """findbestmove's flat tuple (from, to, ...; 25 bar, 0 off, cut short at the first
        bear-off: odd length), () when no play is legal, None when it cannot be asked."""
        try:
            state = ids.match_from_id(mid)
            board = self.g.positionfromid(pid)
        except ValueError:
            return None
        g = self.g
        cube = dict(g.cubeinfo(state.cube_value, state.cube_owner, state.on_roll, state.match_length,
                               state.score, 1 if state.crawford else 0, 0))
        cube["jacoby"] = 1 if state.jacoby else 0
        return tuple(g.findbestmove(board, cube, g.evalcontext(1, self.ply, 1, 1, 0.0), state.dice))

    def _hint_play(self, pid, mid):
        self._set(pid, mid)
        out = self.command("hint 1")
        if "no legal moves" in out:
            return ""
        m = _PLAY.search(out)
        if not m:
            raise GnubgError("no play in gnubg's hint: %s" % _first_line(out))
        return " ".join(m.group(1).split())

    def _proper(self, pid, mid):
        """(doubler's action, taker's answer) of gnubg's 'Proper cube action' for the side
        on roll: ('double' | 'redouble' | 'no double' | 'too good', 'take' | 'pass' | 'beaver')."""
        self._set(pid, mid)
        out = self.command("hint")
        m = _CUBE.search(out)
        if not m:
            raise GnubgError("no cube action in gnubg's hint: %s" % _first_line(out))
        text = m.group(1).strip().lower()
        first, _, second = text.partition(",")
        return first.strip(), second.strip()

    def cube(self, pid, mid):
        """'double' when gnubg doubles (or redoubles) here, else 'roll' (too good included:
        it plays on for the gammon)."""
        first, _ = self._proper(pid, mid)
        return "double" if first.startswith("double") or first.startswith("redouble") else "roll"

    def take(self, pid, mid):
        """'take' or 'pass' for the side doubled; pid and mid as the board sends them (the
        doubler's view, the double offered)."""
        state = ids.match_from_id(mid)
        state.doubled = False
        state.turn = state.on_roll
        _, answer = self._proper(pid, ids.match_id(state))
        return "pass" if answer.startswith("pass") else "take"


def _point(p):
    return "bar" if p == 25 else "off" if p == 0 else str(p)


def _first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:100]
    return "(nothing)"
