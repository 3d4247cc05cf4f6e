"""The saved state's fault matrix over a whole simulated match (issue 8): a 5-point match
with the clock, opening rerolls, doubles, passes, resignations and slow players (reserve
saves), played by tests/portable/sessionkit.py. Power is cut at every step of every save
(littlefs-like and FAT-like), the flash is full from every step of every save on, each
state meets every read fault at power-up, and each state is turned into nonsense. After
each fault the board powers up on exactly the last committed state (or the one being
saved, once its rename is done), or keeps an unreadable one aside: 0 lost matches.
`pytest -s tests/test_fault_matrix_match.py` prints the figures for docs/persistence.md."""
import faultkit
import pytest
from game.settings import Settings
from sessionkit import play_session, KeepAll

_MATCH = []


def whole_match():
    """Every snapshot of one whole 5-point match (4 games, 1-5), from the first roll to the
    match's end."""
    if not _MATCH:
        st = Settings(length=5, clock=1, reroll=1)
        r = play_session(st, 9, 5000, KeepAll(st), abandon=False, until_phase=8)
        assert r.t.phase == 8 and r.t.match.game_number == 4
        _MATCH.extend(r.saves)
    return _MATCH


def test_power_cut_at_every_step_of_every_save_of_a_whole_match():
    states = whole_match()
    cuts = faultkit.check_cuts_and_resume(states)
    fat = faultkit.check_cuts_and_resume(states, atomic_replace=False)
    assert cuts == sum(13 + len(s) + 4 for s in states)
    assert fat == cuts + 2 * (len(states) - 1)
    print("power cuts: %d saves, %d cut points littlefs-like, %d FAT-like" % (len(states), cuts, fat))


@pytest.mark.cuts
def test_full_flash_at_every_step_of_every_save_of_a_whole_match():
    states = whole_match()
    lfs = faultkit.check_full_flash(states)
    fat = faultkit.check_full_flash(states, atomic_replace=False)
    assert lfs == sum(13 + len(s) + 4 for s in states)
    print("full flash: %d cases littlefs-like, %d FAT-like" % (lfs, fat))


def test_read_faults_at_power_up_on_every_state_of_a_whole_match():
    states = whole_match()
    cases = faultkit.check_read_faults(states)
    assert cases == 15 * len(states)
    print("read faults at power-up: %d cases" % cases)


def test_nonsense_snapshots_of_a_whole_match():
    states = whole_match()
    cases, refused = faultkit.check_nonsense(states, 20)
    assert cases == 20 * len(states) and refused > cases // 2
    print("nonsense snapshots: %d cases, %d refused, the rest sound and saved again" % (cases, refused))
