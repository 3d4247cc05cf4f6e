"""A state save that fails (flash full or worn) is shown and sent; play goes on.
Runs under pytest and MicroPython with the Pico's heap (see apprig)."""
from apprig import rig, opening_roll, oled_rows


class FullFlash:
    """A filesystem whose writes fail (flash full or worn): store.py's files interface."""

    def open(self, path, mode):
        if "w" in mode:
            raise OSError(28, "no space left")
        return open(path, mode)

    def rename(self, src, dst):
        raise OSError(28, "no space left")

    def remove(self, path):
        pass


def test_a_failed_save_is_shown_and_play_goes_on():
    sc, app, lines = rig()
    app.files = FullFlash()
    opening_roll(app, sc, 6, 1)
    assert app.saves == 0 and app.save_failed.startswith("flash full")   # words, not "28"
    assert any('"save_failed"' in l and "flash full" in l for l in lines), lines
    assert oled_rows(app)[0] == "STATE NOT SAVED", oled_rows(app)      # on the OLED
    assert app.table.turn_dice == (6, 1) and app.faults == 0   # the game goes on


class NoHeap(FullFlash):
    """Writing the state finds no memory (a fragmented heap): MemoryError, not OSError."""

    def open(self, path, mode):
        if "w" in mode:
            raise MemoryError()
        return open(path, mode)


def test_a_save_out_of_memory_is_shown_and_play_goes_on():
    sc, app, lines = rig()
    app.files = NoHeap()
    opening_roll(app, sc, 6, 1)
    assert app.saves == 0 and app.save_failed == "no memory"
    assert any('"save_failed"' in l for l in lines), lines
    assert oled_rows(app)[:2] == ["STATE NOT SAVED", "no memory"], oled_rows(app)
    assert app.table.turn_dice == (6, 1) and app.faults == 0


def test_a_clocks_save_comes_after_the_leds_of_a_checker_put_down():
    # A save that erases a flash block holds the chip about 45 ms: the clock's save due
    # while a checker is in the hand waits until it is put down, and then comes after the
    # checker's LEDs (game/table.py's SAVE_WAIT_MS), not between its rest and its LEDs
    from apprig import run, Position
    from game.table import RESERVE_SAVE_MS
    from game.phases import S_LIFTED
    sc, app, lines = rig()
    opening_roll(app, sc, 3, 1)                  # White to play 3-1, the standard clock
    t = app.table
    assert t.on_roll == 0 and t.clock.reserve[0] > 0
    log = []
    save, show = app.save, app.d.leds.show

    def logged_save(payload, now_ms=None):
        log.append("save")
        return save(payload, now_ms)

    def logged_show():
        log.append("leds")
        return show()
    app.save = logged_save
    app.d.leds.show = logged_show
    run(app, 20000)                              # the turn's allowance: into the reserve
    while not log.count("save"):
        run(app, 10)                             # a reserve's save, the board still
    del log[:]
    run(app, RESERVE_SAVE_MS - 150)              # the next one due in about 150 ms
    assert "save" not in log, log
    lifted = Position.start()
    lifted.me[7] -= 1                            # a checker lifted from White's 8 point
    sc.put(lifted)
    run(app, 200)                                # the save falls due: it waits
    assert t.state == S_LIFTED and t.save_wait is not None and "save" not in log, (t.state, log)
    del log[:]
    down = lifted.copy()
    down.me[4] += 1                              # ... and put down on the 5 point
    sc.put(down)
    for _ in range(10):                          # (the reading's debounce: a few scans)
        run(app, 10)
        if t.state != S_LIFTED:
            break
    assert t.state != S_LIFTED and t.save_wait is None, (t.state, log)
    assert "save" in log and "leds" in log and log.index("leds") < log.index("save"), log
