"""The saved state's fault matrix on a short session, under CPython and MicroPython (the
whole match: tests/test_fault_matrix_match.py): power cut at every step of every save, a full
flash at every step, read errors at power-up, nonsense snapshots; 0 lost matches."""
from game.settings import Settings
import faultkit

# ONE_HEAP_PER_TEST: under MicroPython each test runs in a fresh 200 KB heap, as after a
# power-up (tests/test_micropython.py), so that one test's fragments do not decide another's.
_STATES = []


def states():
    if not _STATES:
        from sessionkit import play_session
        r = play_session(Settings(length=3, clock=1, reroll=1), 11, 30)
        _STATES.extend(r.saves)
        assert len(_STATES) > 20
        del r
        # the session's driver and the move generator leave the heap: the matrix resumes
        # Tables on what is left, as the board does after a power-up
        import gc
        from base.rare import forget
        forget("sessionkit", "bg.movegen", "tablekit")
        gc.collect()
    return _STATES


def test_power_cut_at_every_step_of_every_save():
    cuts = faultkit.check_cuts_and_resume(states()) + faultkit.check_cuts_and_resume(states()[:8], False)
    assert cuts > 20 * 140, cuts


def test_full_flash_at_every_step_of_every_save():
    cases = faultkit.check_full_flash(states()[:12]) + faultkit.check_full_flash(states()[:6], False)
    assert cases > 12 * 140, cases


def test_read_errors_at_power_up():
    assert faultkit.check_read_faults(states()[:10]) == 10 * 15


def test_nonsense_snapshots_are_refused_or_sound():
    cases, refused = faultkit.check_nonsense(states(), 4)
    assert cases == 4 * len(states()) and refused > cases // 2, (cases, refused)
