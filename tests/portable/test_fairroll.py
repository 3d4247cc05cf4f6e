"""The provably fair dice at the Table (fairroll.py), under CPython and MicroPython: the
commitment before the first roll and the seed revealed at the match's end, in the record
and over serial; a power cut at any roll changes no roll to come; the players' salt."""
import gc
import sys
import hashlib
from binascii import hexlify, unhexlify
from game.settings import Settings
from tablekit import Lcg
from fairkit import FairRig, fair_rig, play, press, resign_match, DICE, SEED
from dice.fairroll import FairRoll
from dice.fairdice import FairDice

ONE_HEAP_PER_TEST = True      # (tests/test_micropython.py: each test in a fresh heap)
if sys.implementation.name == "micropython":
    # The names of the rare parts a match loads, interned now while the heap is whole, as a
    # board that has played has them (docs/heap.md, "Names never leave"): on the 64-bit port
    # this session's names fill the sixth qstr pool and ask for a seventh (1,280 names, one
    # block of 15 KB), which the heap the kept record has cut may not hold by then.
    from base.rare import forget
    _had = set(sys.modules)
    for _m in ("game.flows", "game.resigning", "game.ending", "game.seatflows", "game.screens_between",
               "game.snapshot", "bg.matchsave", "bg.notation", "bg.opening", "dice.fairroll_ops", "hw.store"):
        if _m not in _had:
            __import__(_m)
            forget(_m)
    del _had, _m
    gc.collect()
_MP = sys.implementation.name == "micropython"   # (CPython's heap needs no collections)
SETTINGS = Settings(length=1, reroll=1, clock=0)


def _events(lines):
    out = []
    for line in lines:
        text = line[:line.rfind(" @")]
        out.append(text)
    return out


def test_commitment_first_seed_revealed_at_the_end():
    r, fair = fair_rig(SETTINGS)
    rng = Lcg(3)
    play(r, fair, rng, 40, abandon=False)
    resign_match(r, fair, rng)
    play(r, fair, rng, 20, abandon=False)      # the next match: its own seed
    resign_match(r, fair, rng)
    ev = _events(r.lines)
    commits = [e for e in ev if e[0] == "F"]
    reveals = [e for e in ev if e[0] == "V"]
    assert commits and reveals, ev[:20]
    # the commitment comes before the match's first roll, with roll number 0 and no salt
    first_roll = [i for i, e in enumerate(ev) if e[0] == "R"][0]
    assert ev[first_roll - 1] == "F %s - 0" % FairDice(SEED).commitment()
    # each seed revealed hashes to a commitment made before it
    for v in reveals:
        h = hexlify(hashlib.sha256(unhexlify(v[2:])).digest()).decode()
        assert "F %s - 0" % h in ev[:ev.index(v)], v
    # and over serial
    assert r.kept_events[0] == '{"t":"dice_commit","hash":"%s"}' % FairDice(SEED).commitment()
    assert r.kept_events[1].startswith('{"t":"dice_reveal","seed":"%s"' % hexlify(SEED).decode())
    # the rolls of the match are the seed's: roll k for a roll, roll k's halves for the opening
    fd = FairDice(SEED)
    k = 0
    opening = []
    for n, dice in r.given[:12]:
        if n == 2:
            assert dice == fd.roll(k), (k, dice)
            k += 1
        else:
            opening.append(dice[0])
            if len(opening) == 2:
                assert tuple(sorted(opening)) == tuple(sorted(fd.roll(k))), (k, opening)
                k += 1
                opening = []


def _copy(src, dst):
    with open(src, "rb") as f:
        data = f.read()
    with open(dst, "wb") as f:
        f.write(data)


def test_a_power_cut_at_any_roll_changes_no_roll_to_come():
    """At every roll: a cut after the dice file's save and before the Table's (the Table
    resumes before the roll: the same roll comes again), and a cut after both (the next
    roll number comes next)."""
    fork = DICE + "-fork"
    checked = [0, 0]

    def around(r, fair, name, kind):
        before = r.last_save
        board = r.board.copy()
        fair.roll(r)
        given = list(r.last_roll)
        if before is None:
            return
        # cut before the Table saved: it resumes at `before` and the player presses again
        _copy(DICE, fork)
        if _MP:
            gc.collect()
        r2 = FairRig(SETTINGS, before, board)
        r2.feed()
        f2 = FairRoll(fork)
        r2.press(name, kind)
        if r2.t.want_roll:
            f2.roll(r2)
            assert r2.last_roll == given, (name, r2.last_roll, given)
            checked[0] += 1
        del r2, f2
        if _MP:
            gc.collect()
        # cut after the Table's save: the roll was had, the count moves on
        _copy(DICE, fork)
        r3 = FairRig(SETTINGS, r.last_save, r.board)
        f3 = FairRoll(fork)
        f3.resolve(r3.t)
        assert (f3.k, f3.f_seq) == (fair.k, fair.f_seq), (f3.k, fair.k, f3.f_seq, fair.f_seq)
        checked[1] += 1
        del r3, f3
        if _MP:
            gc.collect()

    r, fair = fair_rig(SETTINGS)
    play(r, fair, Lcg(8), 45, around=around)
    assert checked[0] > 12 and checked[1] > 12, checked


def test_a_cut_before_the_tables_save_never_lets_a_salt_change_the_roll_shown():
    """Issue 26: the opening die shown, a cut before the Table's save voids the `F` line
    with the roll; the salt was then taken again and the die came out otherwise. The dice
    file says the salt is fixed: refused after the cut, the same die comes again."""
    fork = DICE + "-fork"
    for n in range(6):
        seed = bytes((n * 37 + i) & 255 for i in range(32))
        r, fair = fair_rig(SETTINGS, seed=seed)
        fair.watch(r)
        r.setup()
        before, board = r.last_save, r.board.copy()
        press(r, fair, "p1_main")                       # White's opening die, shown
        shown = r.given[-1][1]
        _copy(DICE, fork)                               # the cut: the Table resumes before it
        r2 = FairRig(SETTINGS, before, board)
        r2.feed()
        f2 = FairRoll(fork)
        f2.watch(r2)
        try:
            f2.set_salt("31337")
        except ValueError as e:
            assert "first roll" in str(e)
        else:
            raise AssertionError("a salt taken after a roll was shown")
        assert not f2.enter_salt()
        r2.press("p1_main")
        f2.roll(r2)
        assert tuple(r2.last_roll) == shown, (n, r2.last_roll, shown)
        del r, fair, r2, f2
        if _MP:
            gc.collect()


def test_the_salt_is_mixed_in_and_fixed_at_the_first_roll():
    r, fair = fair_rig(SETTINGS)
    fair.watch(r)                           # the match's seed is drawn, its hash shown
    assert r.notes[-1][0] == "FAIR DICE" and r.notes[-1][2] == FairDice(SEED).commitment()[:16]
    fair.set_salt("Ab12")
    r.setup()
    press(r, fair, "p1_main")
    f = [line for line in r.lines if line[0] == "F"][0]
    assert f.startswith("F %s Ab12 0 @" % FairDice(SEED).commitment())
    assert r.given[0][1][0] == FairDice(SEED, "Ab12").roll(0)[0]     # White's half of roll 0
    try:
        fair.set_salt("99")
    except ValueError:
        pass
    else:
        raise AssertionError("a salt changed after the first roll")
    # the salt is saved with the seed: a power-up goes on with it
    again = FairRoll(DICE)
    assert again.salt == "Ab12" and again.seed == SEED


def test_between_matches_the_file_holds_no_seed_and_a_new_match_draws_one():
    r, fair = fair_rig(SETTINGS)
    play(r, fair, Lcg(3), 20, abandon=False)
    resign_match(r, fair, Lcg(3))
    assert r.t.phase == 8
    fair.watch(r)
    assert fair.seed is None
    assert FairRoll(DICE).seed is None         # revealed: the old seed is gone from the flash
    r.press("p1_main")                       # a new match
    fair.watch(r)
    assert fair.seed is not None and fair.seed != SEED and fair.k == 0


def test_the_dice_check_of_the_match_in_play_counts_every_roll_drawn():
    r, fair = fair_rig(SETTINGS)
    play(r, fair, Lcg(5), 40, abandon=False)
    c = fair.check()
    assert c.rolls == fair.k > 10
    fd = FairDice(SEED)
    faces = [0] * 6
    for n in range(fair.k):
        for d in fd.roll(n):
            faces[d - 1] += 1
    assert c.faces == faces
    rows = c.summary()
    assert rows[0] == "DICE CHECK" and rows[1] == "%d rolls" % fair.k and rows[-1] == "too few rolls"
    assert len(rows) <= 6 and all(len(row) <= 16 for row in rows)


def test_a_full_flash_does_not_stop_the_dice_and_a_damaged_file_gives_a_new_seed():
    from fakeflash import FakeFlash
    flash = FakeFlash()
    r = FairRig(SETTINGS)
    fair = FairRoll("dice.bin", flash, seed_source=lambda: SEED)
    fair.watch(r)
    r.setup()
    flash.write_fails = OSError(28)              # the flash is full from here on
    press(r, fair, "p1_main")
    press(r, fair, "p2_main")
    assert len(r.given) == 2 and r.given[0][1][0] == FairDice(SEED).roll(0)[0]
    assert r.notes[-1][0] == "DICE NOT SAVED" and "flash full" in "".join(r.notes[-1]), r.notes
    flash.write_fails = None
    # a file damaged on the flash: set aside by store.py, said, and the next match's seed drawn
    flash.files["dice.bin"][20] ^= 0xFF
    again = FairRoll("dice.bin", flash, seed_source=lambda: bytes(32))
    assert again.seed is None and again.problem and "dice.bin.bad" in flash.files
    again.watch(r)
    assert again.seed is not None and again.seed == bytes(32)


def test_in_money_play_each_game_has_its_seed_revealed_at_its_end():
    r, fair = fair_rig(Settings(clock=0))        # the single game: no match length
    rng = Lcg(6)
    for game in range(2):
        play(r, fair, rng, 12, abandon=False)
        resign_match(r, fair, rng)                # the game ends (not a match)
        assert r.t.phase == 7 and fair.seed is None, r.t.phase
        r.press("p1_main")                        # the next game
        fair.watch(r)
        assert fair.seed is not None and fair.k == 0
    ev = _events(r.lines)
    assert len([e for e in ev if e[0] == "F"]) == 2 and len([e for e in ev if e[0] == "V"]) == 2


def test_the_salt_keyed_in_on_the_buttons():
    r, fair = fair_rig(SETTINGS)
    fair.watch(r)
    assert fair.enter_salt()
    for name in ("p1_main", "p1_main", "menu", "p2_cube", "menu", "menu", "p1_main"):
        assert fair.button(r, name)
    assert fair.pad.rows()[2] == " 2  9  0 [1]", fair.pad.rows()
    assert fair.button(r, "menu") and fair.pad is None
    assert fair.salt == "2901" and r.notes[-1][:2] == ["DICE SALT", "2901"]
    r.setup()
    press(r, fair, "p1_main")
    assert not fair.enter_salt()               # too late: a roll was drawn
    assert r.given[0][1][0] == FairDice(SEED, "2901").roll(0)[0]


def test_the_dice_page_of_the_menu():
    from dice.dicemenu import DiceMenu
    r, fair = fair_rig(SETTINGS)
    fair.watch(r)
    dm = DiceMenu(fair)
    rows = dm.rows()
    assert rows[:3] == ["DICE", ">Check dice", " Enter salt"] and rows[3] == " Own dice off"
    assert all(len(x) <= 16 for x in rows) and len(rows) <= 6
    assert dm.press("p1_main") is None             # check: no roll yet
    assert dm.rows()[:2] == ["DICE CHECK", "0 rolls"]
    assert dm.press("undo") is None                # back from the page to the list
    dm.press("menu")
    dm.press("menu")
    dm.press("p2_main")                            # physical dice on
    assert fair.manual and dm.rows()[3] == ">Own dice on"
    dm.press("p2_main")
    assert not fair.manual
    dm.press("menu")
    dm.press("p1_main")                            # the hash of the match's seed
    h = FairDice(SEED).commitment()
    assert dm.rows() == ["hash " + h[:11], h[11:27]]
    dm.press("undo")
    dm.press("menu")
    dm.press("menu")                               # back to Enter salt
    assert dm.press("p1_main") == "close" and fair.pad is not None   # the salt pad takes the screen
    fair.pad = None
    r.setup()
    press(r, fair, "p1_main")
    resign_match(r, fair, Lcg(2))                 # the match ends: its seed revealed
    dm = DiceMenu(fair, 1)
    dm.cursor = 3
    dm.press("p1_main")
    assert dm.rows()[:2] == ["graine", hexlify(SEED).decode()[:16]], dm.rows()
    assert all(len(x) <= 16 for x in dm.rows())
    dm.press("undo")
    assert dm.press("undo") == "back"


def test_the_dice_command_on_the_serial_line():
    import json
    from app import commands
    r, fair = fair_rig(SETTINGS)
    r.fair = fair
    fair.watch(r)
    got = json.loads(commands.answer(r, "dice"))
    assert got == {"t": "dice", "hash": FairDice(SEED).commitment(), "salt": "", "rolls": 0,
                   "own": False, "last_seed": None}
    assert json.loads(commands.answer(r, "dice salt 4711"))["salt"] == "4711"
    assert json.loads(commands.answer(r, "dice own on"))["own"] is True
    commands.answer(r, "dice own off")
    bad = json.loads(commands.answer(r, "dice salt a-b"))
    assert bad["t"] == "error" and "letters and digits" in bad["msg"]
    assert json.loads(commands.answer(r, "dice fly"))["t"] == "error"


def test_the_dice_commands_check_and_a_late_salt():
    """(Its own test, its own heap: after the commands above the 64-bit port's 240 KB was
    too cut up for dicecheck's code now and then, by a few bytes more of any firmware.)"""
    import json
    from app import commands
    r, fair = fair_rig(SETTINGS)
    r.fair = fair
    fair.watch(r)
    r.setup()
    press(r, fair, "p1_main")
    press(r, fair, "p2_main")
    chk = json.loads(commands.answer(r, "dice check"))
    assert chk["t"] == "dice_check" and chk["rolls"] == fair.k and chk["enough"] is False
    late = json.loads(commands.answer(r, "dice salt 1"))
    assert late["t"] == "error" and "before the match's first roll" in late["msg"]
