"""Power-up: resume the saved match (or start fresh, saying why) and make the App.

    app = start_app(drivers, write_line=print)

A missing state file is a first start; a corrupt one (store.py moves it aside) or one the
Table cannot use is reported on the OLED and the serial line, and the board starts fresh:
never a crash, never a silently wrong position (issue 5).
"""
import store
import events
from app.loop import App, STATE_PATH, RECORD_PATH, FAULT_LOG
from game.table import Table


def restore(path=STATE_PATH, files=None, settings=None):
    """(Table, message or None): the saved match, or a fresh Table and why it is fresh."""
    try:
        payload, msg = store.load_or_fresh(path, files)
    except Exception as e:  # a broken filesystem must not stop the board
        payload, msg = None, "state unreadable (%s): starting fresh" % (e,)
    if payload is not None:
        try:
            return Table(settings, payload), None
        except Exception as e:
            msg = "saved state unusable (%s): starting fresh" % (e,)
            try:
                (files or store.OsFiles()).rename(path, path + store.BAD_SUFFIX)
                msg += "; kept as " + path + store.BAD_SUFFIX
            except OSError:
                pass
    return Table(settings, None), msg


def start_app(drivers, state_path=STATE_PATH, record_path=RECORD_PATH, write_line=None,
              wdt=None, files=None, settings=None, cal_warning=None, fault_log=FAULT_LOG):
    """The App around the restored Table; boot messages are shown and sent."""
    table, msg = restore(state_path, files, settings)
    kw = {} if write_line is None else {"write_line": write_line}
    app = App(table, drivers, state_path, record_path, wdt=wdt, files=files, fault_log=fault_log, **kw)
    if msg:
        app.write_line(events.error("state_lost", msg))
        app.notice(["STATE LOST"] + _rows(msg))
    if cal_warning:
        app.write_line(events.error("calibration", cal_warning))
        if not msg:
            app.notice(["CALIBRATION"] + _rows(cal_warning))
    return app


def _rows(text):
    from hw.oled import wrap
    return wrap(text)[:5]
