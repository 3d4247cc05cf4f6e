"""Power-up: resume the saved match (or start fresh, saying why) and make the App.

    app = start_app(drivers, write_line=print)

Only a state file that does not exist is a first start. A read error or no memory while
reading it is tried again (store.READ_TRIES); if it persists the file is set aside
(`.unread`), or, when even that fails, left in place and the App told not to save over
it. A corrupt file (store.py sets it aside) or one the Table refuses (a snapshot whose
contents make no sense, game/snapshot.py) is set aside as `.bad`. Each case is said in
words on the OLED and the serial line, and the board starts a new match: never a crash,
never a silently wrong position, never a good match overwritten (issues 5 and 8).
"""
import gc
import sys
from base import events
from base import rare
from app.loop import App, STATE_PATH, RECORD_PATH, FAULT_LOG
from game.table import Table


def restore(path=STATE_PATH, files=None, settings=None, carry=None):
    """(Table, message, held, rows): the saved match (message None), or a fresh Table and
    why it is fresh, for the serial line; held is the path of a state file that must not
    be saved over (it could be neither read nor moved aside), else None; rows, the same
    said in short for the OLED (None when there is nothing to say). `carry`, a list: the
    record lines the saved match's state carried are put in it (left empty otherwise)."""
    had = "hw.store" in sys.modules          # (held by another module: left to it)
    got = []  # type: list
    payload, msg, held, rows = _read(path, files, got)
    if payload is None:
        if rare.tidy and not had:
            # nothing to resume: store's code leaves before the Table is made (power-up forgets
            # it anyway, app/start.py), so that the long-lived objects the Table makes and the
            # names' pool the rare code it loads may open are not left above its hole
            rare.forget("hw.store")
            gc.collect()
        return Table(settings, None), msg, held, rows
    import hw.store as store     # kept for power-up (app/start.py forgets it)
    tries = 0
    while True:
        tries += 1
        try:
            table = Table(settings, payload)
            if carry is not None:
                carry.extend(got)          # (only with the match they belong to)
            return table, None, None, None
        except MemoryError:
            # no heap to rebuild the game: the saved match is good, never discard it
            if tries < store.READ_TRIES:
                gc.collect()
                continue
            aside = store.set_aside(path, store.UNREAD_SUFFIX, files)
            msg = "no memory to resume the saved match; %s; starting a new match" % (
                ("kept as " + aside) if aside else "left in place and not overwritten")
            return Table(settings, None), msg, (None if aside else path), \
                ["MATCH NOT LOADED", "no memory", "old match kept", "new match"]
        except Exception as e:
            # a snapshot whose contents make no sense (game/snapshot.py): like a corrupt file
            aside = store.set_aside(path, store.BAD_SUFFIX, files)
            reason = str(e)
            if reason.startswith("saved game: "):
                reason = reason[12:]
            msg = "saved state unusable (%s): starting fresh%s" % (
                e, ("; kept as " + aside) if aside else "")
            return Table(settings, None), msg, None, _lost_rows(reason)


def _read(path, files, carry):
    """(payload, message, held, rows) of the state file: payload None when there is none to
    resume (message None: a first start; else why, as restore() says); the lines the state
    carried appended to `carry`."""
    import hw.store as store     # kept for power-up (app/start.py forgets it)
    try:
        return store.load(path, files, carry=carry), None, None, None
    except store.StoreError as e:
        if e.kind == "missing":
            return None, None, None, None
        if e.kind == "unreadable":
            return None, e.message, e.held, _unread_rows(e.reason, e.aside)
        return None, e.message, None, _lost_rows(e.reason)
    except Exception as e:  # a broken filesystem must not stop the board
        msg = "saved match unreadable (%s): left in place and not overwritten; starting " \
              "a new match" % (store.why(e),)
        return None, msg, path, _unread_rows(store.why(e), None)


def _unread_rows(reason, aside):
    kept = ["old match kept", "new match"] if aside else ["kept, not saved", "over. New match"]
    return ["MATCH UNREADABLE"] + _rows(reason)[:2] + kept


def _lost_rows(reason):
    return ["STATE LOST"] + _rows(reason)[:4] + ["new match"]


def start_app(drivers, state_path=STATE_PATH, record_path=RECORD_PATH, write_line=None,
              wdt=None, files=None, settings=None, cal_warning=None, fault_log=FAULT_LOG):
    """The App around the restored Table; boot messages are shown and sent."""
    # the rare code power-up loads (the match's rules, the first record lines, the LED map...)
    # in one region of the heap, collected between loads (rare.tidy): MicroPython only, whose
    # heap does not move and fragments (CPython's collector has nothing to win here)
    rare.tidy = sys.implementation.name == "micropython"
    try:
        carried = []  # type: list
        table, msg, held, rows = restore(state_path, files, settings, carried)
        kw = {} if write_line is None else {"write_line": write_line}
        app = App(table, drivers, state_path, record_path, wdt=wdt, files=files, fault_log=fault_log, **kw)
        if carried:
            from app import carried as lines
            lines.take(app, carried.pop())
    finally:
        rare.tidy = False
    app.state_held = held        # App.save never writes over an unread saved match
    if msg:
        app.write_line(events.error("state_lost", msg))
        app.notice(rows[:6])
    if cal_warning:
        app.write_line(events.error("calibration", cal_warning))
        if not msg:
            app.notice(["CALIBRATION"] + _rows(cal_warning))
    return app


def _rows(text):
    from hw.oled import wrap
    return wrap(text)[:5]
