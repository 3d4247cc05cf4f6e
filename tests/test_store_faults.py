"""The long power-cut proof: 200 successive match states, power cut at every step of
every save (each byte written, open, close, just before and just after the rename), on a
littlefs-like and on a FAT-like filesystem. After every cut the store loads the state
being saved or the one before, never a mixed or corrupt one (see tests/portable/test_store.py)."""
from test_store import check_cuts, match_states

STATES = 200


def test_every_cut_point_of_200_saves_littlefs():
    states = match_states(STATES)
    sizes = sorted(len(s) for s in states)
    assert sizes[0] < 100 and sizes[-1] > 300      # varied sizes, as a real match's
    cuts = check_cuts(states)
    # every byte of every file written plus open, close and the two rename steps
    assert cuts == sum(13 + len(s) + 4 for s in states), cuts
    print("littlefs-like: %d cut points over %d saves" % (cuts, STATES))


def test_every_cut_point_of_200_saves_fat_style_replace():
    states = match_states(STATES, seed=777)
    cuts = check_cuts(states, atomic_replace=False)
    # the first save renames onto nothing; every later one also fails once and removes the old file
    assert cuts == sum(13 + len(s) + 4 for s in states) + (STATES - 1) * 2, cuts
    print("FAT-like: %d cut points over %d saves" % (cuts, STATES))
