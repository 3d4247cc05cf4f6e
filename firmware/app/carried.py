"""The record lines a state save carries (app/loop.py, CARRY_LINES), at the two moments
they are handled apart from play: taken back from the resumed state at power-up, and
appended to the record when the firmware stops. Loaded for each (app/__init__.py), then
forgotten: neither runs while the board plays.
"""


def take(app, data):
    """The record lines the resumed state's save carried (hw/store.py, format 2): first in
    the App's queue and still carried by that state, they go to the record with the next
    lines that do (record/record_open.py voids the copies a cut left in the record too)."""
    lines = [x for x in bytes(data).decode().split("\n") if x]
    app._unrecorded[:0] = lines
    app._carried = len(app._unrecorded)


def flush(app):
    """The queued record lines appended now, Ctrl-C held off meanwhile: the firmware is
    stopping (app/tasks.py: a computer took the REPL, mpremote or the companion page, to
    read the record among other things), and tests read the record as that computer would."""
    if not app._unrecorded or app._opening_only():
        return
    try:
        import micropython
        intr = micropython.kbd_intr
    except (ImportError, AttributeError):
        intr = None
    if intr is not None:
        intr(-1)
    try:
        app.write_records()
    finally:
        if intr is not None:
            intr(3)
