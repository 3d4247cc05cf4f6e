"""Run GNU Backgammon commands (the PyPI `gnubg` package) and read what they print.

gnubg prints at C level, to file descriptor 1, not through sys.stdout: fd 1 is pointed at a
temporary file around each command (../shared/gnubg-notes.md). Main thread only."""
import os
import sys
import tempfile


def command(cmd):
    """Run one gnubg command; return its printed text."""
    import gnubg
    sys.stdout.flush()
    fd, path = tempfile.mkstemp()
    saved = os.dup(1)
    os.dup2(fd, 1)
    try:
        gnubg.command(cmd)
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        os.close(fd)
    with open(path) as f:
        text = f.read()
    os.unlink(path)
    return text


def setup():
    """Human players and one thread: without it `new game` and `hint` can hang."""
    for c in ("set threads 1", "set player 0 human", "set player 1 human"):
        command(c)
