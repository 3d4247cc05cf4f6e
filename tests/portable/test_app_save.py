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
