"""Issue 5's proof end to end: the Table's own snapshots of a whole 3-point match, written
with power cut at every step of every save (each byte, open, close, before and after the
rename), and the board powered up again after each cut: it resumes exactly at the last
committed state or, when the cut came before the rename, at the one before; never at a
corrupt or mixed state, never losing more than the turn in progress.

The record and the state together (issue 8 items 2 and 4, tests/powercut_board.py): the
real Table and App play a whole 3-point match; the power is cut at every record write and
every state save (the record writes whole or torn), twice in a row, and while the board
resumes; or the flash refuses the record's writes for a while. After each, the board powers
up, plays on, and its record exports (host_tools export) and GNU Backgammon replays it to
the score the board shows."""
import tablekit
import test_table_match
from game.settings import Settings
from game.table import Table
import game.snapshot as snapshot
from test_store import check_cuts


class KeepAll(tablekit.Rig):
    """The test rig, keeping every snapshot the Table asked to save (not just the last)."""

    def __init__(self, *a, **kw):
        tablekit.Rig.__init__(self, *a, **kw)
        self.keep = 10 ** 9


def whole_match_snapshots():
    test_table_match.Rig = KeepAll
    try:
        r, turns, cube_actions = test_table_match.play_match(Settings(money=0, length=3, clock=1), 7)
    finally:
        test_table_match.Rig = tablekit.Rig
    assert r.t.phase == 8 and cube_actions > 0
    return r.saves


def test_power_cut_at_every_write_of_a_whole_match():
    saves = whole_match_snapshots()
    assert len(saves) > 60
    resumed = {}            # snapshot -> the snapshot of the Table resumed from it

    def resume(got):
        # power comes back: the board resumes a Table from what the flash holds
        if got not in resumed:
            resumed[got] = bytes(snapshot.to_bytes(Table(saved=got)))
        assert resumed[got] == got, "resumed state differs from the saved one"

    cuts = check_cuts(saves, resume=resume)
    assert cuts == sum(13 + len(s) + 4 for s in saves)
    assert len(resumed) == len(set(saves))       # every committed state was resumed once
    print("%d cut points over %d saves of a 3-point match" % (cuts, len(saves)))


def test_a_corrupt_snapshot_is_refused_not_resumed():
    saves = whole_match_snapshots()
    bad = bytearray(saves[len(saves) // 2])
    bad[20] ^= 0x10
    try:
        Table(saved=bytes(bad))
    except ValueError as e:
        assert str(e)
    else:
        assert False, "a corrupt snapshot was resumed"


# ------------------------------------------------------------------ record and state together
# issue 8 item 2: the record line was written before the state save; a cut between them made
# the resumed turn be recorded twice and the record would not export.

import os                                   # noqa: E402
import pytest                               # noqa: E402
import powercut_board as pb                 # noqa: E402
from tablekit import Lcg                    # noqa: E402
from host_tools import gnubg_capture        # noqa: E402

SEED = 27          # a 3-point match of 3 games: doubles taken and dropped, the Crawford game
STRIDE = int(os.environ.get("CUT_STRIDE", "1"))   # every point (a larger stride: a quick look)
CHECK_EVERY = 8
GO_ON = 12            # actions played after a power-up before the record is checked


@pytest.fixture(scope="module")
def engine():
    gnubg_capture.setup()
    return gnubg_capture.command


@pytest.fixture(scope="module")
def whole_match(tmp_path_factory):
    """The flash images at every write point of a whole 3-point match played on the board."""
    folder = str(tmp_path_factory.mktemp("baseline"))
    rec = pb.Recorder(folder)
    try:
        board = pb.Board(folder, Settings(length=3, clock=1), rec)
        assert pb.play(board, Lcg(SEED))
        final = list(board.rig.t.match.score)
    finally:
        pb.Board.unpatch()
    return rec.images, final, folder


def check_record(folder, engine, board, full=True):
    """The record exports with exit code 0, GNU Backgammon imports every .mat written, and
    the last one replays to the score the board shows. full: the export's own replay
    through the rules core too (75 ms a match: every CHECK_EVERY-th case)."""
    out = os.path.join(folder, "out")
    os.makedirs(out, exist_ok=True)
    code, msgs, matches, mats = pb.export_and_import(os.path.join(folder, "match.rec"), out, engine, full)
    assert board.app.record_path == os.path.join(folder, "match.rec")   # no file beside it
    t = board.rig.t
    if not matches:
        # nothing played since a fresh board's power-up (at most its opening roll): the
        # exporter rightly leaves the match start out
        from host_tools import record_read as record
        from host_tools.cmd_export import PLAYED
        events, _ = record.read_file(os.path.join(folder, "match.rec"))
        assert not any(e[0] in PLAYED for e in events), msgs
        assert t.match.score == [0, 0] and t.rec_seq <= 3, (t.rec_seq, msgs)
        return 0
    assert code == 0, msgs
    assert pb.gnubg_score(matches[-1]) == list(t.match.score), (msgs, mats)
    return 1


def power_up_and_play(folder, power, rng):
    board = pb.Board(folder, Settings(length=3, clock=1), power)
    pb.play(board, rng, GO_ON)
    return board


def test_the_whole_match_exports_without_a_cut(whole_match, engine, tmp_path):
    images, final, folder = whole_match
    out = str(tmp_path)
    code, msgs, matches, _ = pb.export_and_import(os.path.join(folder, "match.rec"), out, engine)
    assert code == 0 and len(matches) == 1, msgs
    assert pb.gnubg_score(matches[0]) == final and max(final) >= 3
    saves = sum(1 for i in images if i[2] is None)
    assert saves > 100 and len(images) - saves > 300, (saves, len(images))


@pytest.mark.cuts
def test_a_cut_at_every_record_write_and_state_save_of_a_whole_match(whole_match, engine, tmp_path):
    images, final, _ = whole_match
    cases = exported = 0
    try:
        for k, image in enumerate(images):
            if k % STRIDE:
                continue
            for torn in ((False, True) if image[2] else (False,)):
                folder = str(tmp_path)
                pb.lay_out(folder, image, torn)
                board = power_up_and_play(folder, pb.Power(), Lcg(SEED + k))
                exported += check_record(folder, engine, board, cases % CHECK_EVERY == 0)
                cases += 1
    finally:
        pb.Board.unpatch()
    print("record cuts: %d write points, %d cases, %d exported and replayed by gnubg, 0 failed"
          % (len(images), cases, exported))
    assert cases > 500


@pytest.mark.cuts
def test_two_cuts_in_a_row_and_a_cut_while_resuming(whole_match, engine, tmp_path):
    # After a first cut at every 10th point, the power goes again at each of the first
    # write points of the power-up (the first is the record brought to agree with the
    # state: a cut while resuming), whole or torn; then the board comes up for good.
    images, final, _ = whole_match
    cases = exported = 0
    try:
        for k in range(0, len(images), 10 * STRIDE):
            for second in range(4):
                for torn in (False, True):
                    folder = str(tmp_path)
                    pb.lay_out(folder, images[k], images[k][2] is not None)
                    try:
                        power_up_and_play(folder, pb.Power(second, torn), Lcg(SEED + k))
                        continue                  # no write point that early: no second cut
                    except pb.PowerCut:
                        pass
                    board = power_up_and_play(folder, pb.Power(), Lcg(SEED + k + 1))
                    exported += check_record(folder, engine, board, cases % CHECK_EVERY == 0)
                    cases += 1
    finally:
        pb.Board.unpatch()
    print("two cuts in a row: %d cases, %d exported and replayed by gnubg, 0 failed" % (cases, exported))
    assert cases > 250


def test_after_a_cut_the_match_is_played_to_its_end_and_exports_whole(whole_match, engine, tmp_path):
    images, final, _ = whole_match
    ends = 0
    try:
        for k in range(7, len(images), 93):
            folder = str(tmp_path)
            pb.lay_out(folder, images[k], images[k][2] is not None)
            board = pb.Board(folder, Settings(length=3, clock=1), pb.Power())
            assert pb.play(board, Lcg(SEED + k))
            assert check_record(folder, engine, board) == 1
            assert max(board.rig.t.match.score) >= 3
            ends += 1
    finally:
        pb.Board.unpatch()
    assert ends >= 4


@pytest.mark.cuts
def test_a_full_flash_at_every_record_write_loses_no_line(whole_match, engine, tmp_path):
    # issue 8 item 4: from every other point of the match, the flash refuses the record's
    # next 6 writes (the board goes on, the lines wait in memory), then takes them again
    images, final, _ = whole_match
    cases = refused = 0
    try:
        for k in range(0, len(images), 2 * STRIDE):
            folder = str(tmp_path)
            pb.lay_out(folder, images[k], False)
            power = pb.FullFlash(1, 6)
            board = power_up_and_play(folder, power, Lcg(SEED + k))
            pb.play(board, Lcg(SEED + k + 1), GO_ON)    # room again: the next lines take the queue
            for _ in range(8):
                board.app.write_records()              # the App's retries (every 5 s)
            assert board.app.record_failed is None, board.app.record_failed   # the flash took them
            check_record(folder, engine, board, cases % CHECK_EVERY == 0)
            refused += power.refused
            cases += 1
    finally:
        pb.Board.unpatch()
    print("full flash: %d cases, %d record writes refused, 0 lines lost" % (cases, refused))
    assert cases > 200 and refused > 500


def test_a_record_deleted_mid_match_exports_the_rest(whole_match, engine, tmp_path):
    # issue 8 item 18: the record deleted while the board plays (docs/persistence.md says
    # to delete records when the flash fills): the board writes the match's header again
    # and the rest of the match exports, from the game after the one in progress
    images, final, _ = whole_match
    folder = str(tmp_path)
    tried = 0
    try:
        # spread over the match, before its last game (a deletion there leaves nothing whole)
        for k in [len(images) * f // 100 for f in (5, 15, 25, 35, 45, 55, 65, 75)]:
            pb.lay_out(folder, images[k], False)
            board = pb.Board(folder, Settings(length=3, clock=1), pb.Power())
            rng = Lcg(SEED + k)
            pb.play(board, rng, 3)
            os.remove(os.path.join(folder, "match.rec"))
            assert pb.play(board, rng)
            out = os.path.join(folder, "out")
            os.makedirs(out, exist_ok=True)
            code, msgs, matches, mats = pb.export_and_import(os.path.join(folder, "match.rec"),
                                                            out, engine)
            t = board.rig.t
            if matches:
                assert code == 0 and len(matches) == 1, msgs
                assert pb.gnubg_score(matches[0]) == list(t.match.score), msgs
                tried += 1
            else:
                # deleted in the last game: nothing complete after it, and the export says so
                assert "joined in progress" in msgs and "no complete game" in msgs, msgs
        # deleted while the board was off, and the power cut again in the middle of the
        # header written again (a cut while resuming): the next power-up writes it whole
        for k in (20, 130):   # (write points of this match after which a game is played whole)
            for torn in (False, True):
                pb.lay_out(folder, images[k], False)
                os.remove(os.path.join(folder, "match.rec"))
                try:
                    pb.Board(folder, Settings(length=3, clock=1), pb.Power(0, torn))
                    assert False, "no write at power-up"
                except pb.PowerCut:
                    pass
                board = pb.Board(folder, Settings(length=3, clock=1), pb.Power())
                assert pb.play(board, Lcg(SEED + k))
                out = os.path.join(folder, "out")
                os.makedirs(out, exist_ok=True)
                code, msgs, matches, mats = pb.export_and_import(
                    os.path.join(folder, "match.rec"), out, engine)
                assert code == 0 and len(matches) == 1, msgs
                assert pb.gnubg_score(matches[0]) == list(board.rig.t.match.score), msgs
                tried += 1
    finally:
        pb.Board.unpatch()
    assert tried >= 6


def test_a_record_of_a_newer_format_is_kept_and_the_match_goes_on_beside_it(whole_match, engine, tmp_path):
    # issue 8 item 17: the board appended to a `TBR 3` record, which the host then refused
    images, final, _ = whole_match
    folder = str(tmp_path)
    newer = b"TBR 3\nwhatever a newer format holds\n"
    tried = 0
    try:
        for k in (0, 20, 50, 90):
            pb.lay_out(folder, images[k], False)
            with open(os.path.join(folder, "match.rec"), "wb") as f:
                f.write(newer)
            beside = os.path.join(folder, "match-1.rec")
            if os.path.exists(beside):
                os.remove(beside)
            board = pb.Board(folder, Settings(length=3, clock=1), pb.Power())
            assert pb.play(board, Lcg(SEED + k))
            assert board.app.record_path == beside
            assert [l for l in board.lines if '"record_new_file"' in l]
            with open(os.path.join(folder, "match.rec"), "rb") as f:
                assert f.read() == newer                      # kept byte for byte
            out = os.path.join(folder, "out")
            os.makedirs(out, exist_ok=True)
            code, msgs, matches, mats = pb.export_and_import(beside, out, engine)
            t = board.rig.t
            if matches:
                assert code == 0 and len(matches) == 1, msgs
                assert pb.gnubg_score(matches[0]) == list(t.match.score), msgs
                tried += 1
            else:
                assert "joined in progress" in msgs and "no complete game" in msgs, msgs
    finally:
        pb.Board.unpatch()
    assert tried >= 2
