"""The whole-match fuzzer (tests/fuzz_match.py), short: a few machines of a few dozen steps,
derandomized (the same every run). `make fuzz` runs it long with fresh random draws
(FUZZ_EXAMPLES, FUZZ_STEPS) and prints its figures; a failure prints its steps and the
`@reproduce_failure` blob that replays it. CPython only (hypothesis, gnubg)."""
import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

pytest.importorskip("gnubg")
import fuzz_match  # noqa: E402


def _report(line):
    """A run's figures for BENCHMARKS.md: `make fuzz` names a file in FUZZ_REPORT, and
    host_tools/fuzzreport.py writes its section from it once the run passed."""
    path = os.environ.get("FUZZ_REPORT")
    if path:
        with open(path, "a") as f:
            f.write(line + "\n")


def test_whole_matches_hold_together():
    examples = int(os.environ.get("FUZZ_EXAMPLES", "8"))
    steps = int(os.environ.get("FUZZ_STEPS", "80"))
    kw = dict(max_examples=examples, stateful_step_count=steps, deadline=None,
              suppress_health_check=list(HealthCheck), database=None,
              print_blob=True)                     # a failure prints how to replay it
    if "FUZZ_EXAMPLES" not in os.environ:
        kw["derandomize"] = True                   # make test: the same short run each time
    if os.environ.get("FUZZ_NO_SHRINK"):
        from hypothesis import Phase
        kw["phases"] = [Phase.explicit, Phase.generate]   # the first failure as found
    run = settings(**kw)
    machine = fuzz_match.MatchMachine
    replay = os.environ.get("FUZZ_REPLAY")
    if replay:
        # FUZZ_REPLAY=BLOB: the failure a run printed (its `@reproduce_failure(VERSION,
        # b'BLOB')`), replayed on this tree (docs/benchmarks-by-hand.md lists the open ones)
        from hypothesis import reproduce_failure, __version__

        class machine(fuzz_match.MatchMachine):  # type: ignore[no-redef]
            pass
        reproduce_failure(__version__, replay.encode("latin-1").decode("unicode_escape")
                          .encode("latin-1"))(machine)
    try:
        run_state_machine_as_test(machine, settings=run)
    finally:
        line = ("fuzz: %(machines)d machines, %(steps)d steps, %(cuts)d power cuts, "
                "%(games)d games, %(exported)d records exported and replayed by gnubg, "
                "%(seeds)d fair dice's seeds, %(by_hand)d times dice entered by hand, "
                "%(thinks)d engine thinks (%(strong_thinks)d strong), %(graded)d grades, "
                "%(names)d exports' names checked, %(dice_checked)d rolls verified by verify-dice "
                "(%(verified)d records exit 0)" % fuzz_match.STATS)
        print(line)
        _report(line)


def test_a_cut_at_the_first_roll_keeps_the_boards_name():
    """Found by the fuzzer's names check: a power cut at the match's first roll, before the
    board seat's `N` line landed, lost its name (the state kept the seat; the export called
    the board 'Player 1'). The record's header written again names the board's seats."""
    import tempfile
    import powercut_board as pb
    from game.settings import Settings
    from host_tools.matfile import from_record, split_matches
    from host_tools import record_read as record
    folder = tempfile.mkdtemp(prefix="tablier-names-")
    settings = Settings(length=5, clock=0)
    power = pb.Power()
    try:
        board = pb.Board(folder, settings, power)
        board.rig.t.cycle_seat(0)                   # White: the board (easy), before the match
        board.rig.collect()
        board.rig.setup()
        power.cut_at = power.points                 # the power goes at the opening roll's first write
        with pytest.raises(pb.PowerCut):
            board.rig.opening(6, 5)
        pb.Board.unpatch()
        board = pb.Board(folder, settings, pb.Power())
        assert board.rig.t.seat_name(0) == "Tablier (easy)"
        pb.play(board, fuzz_match_rng(), max_actions=6)
        events, _ = record.read_file(os.path.join(folder, "match.rec"))
        assert from_record(split_matches(events)[-1]).players[0] == "Tablier (easy)"
    finally:
        pb.Board.unpatch()


def fuzz_match_rng():
    from tablekit import Lcg
    return Lcg(7)


# the board's heap (tools.BOARD_HEAP, 364K) and what the driver keeps beside it (its record
# reader's lists, the snapshots it compares, its own module): 364K left a seed without a
# 592-byte block at one press, and the same seed passed with a line more of driver code;
# 440K left seed 53 without a 704-byte block for the driver's own list of a wide double's
# plays, then without 317 bytes in a scan (the live heap of seeds 41 and 53, collected every
# 50 steps, moves between 280 and 360K over 800 steps and does not grow: no leak)
MP_FUZZ_HEAP = "480K"


@pytest.mark.parametrize("seed", [int(s) for s in os.environ.get("FUZZ_MP_SEEDS", "1 2").split()])
def test_under_micropython_the_records_hold_together(seed, tmp_path, monkeypatch):
    """tests/mp_fuzz.py, the seeded driver, under the real MicroPython (the firmware as
    flashed; the board's heap and the driver's own lists and snapshots beside it: MP_FUZZ_HEAP),
    power cuts at any write, the fair dice on odd seeds, the computer on USB answering; its
    record checked here by the fuzzer's end invariants: exported, imported by GNU Backgammon
    and replayed to the score the board showed; verify-dice's verdict and counts."""
    import re
    import shutil
    import powercut_board as pb
    from tools import firmware_mpy, run_micropython
    mpy = firmware_mpy()      # (first: the tree is the run's, where every MicroPython test looks)
    # its files its own (pytest -n); the tree's path is not this test's long one, which
    # every module's __file__ would carry into the other tests' 240 KB heaps
    monkeypatch.setenv("TABLIER_TEST_TMP", str(tmp_path))
    proc = run_micropython(["tests/mp_fuzz.py", "--mpy=" + mpy, str(seed),
                            os.environ.get("FUZZ_MP_STEPS", "300")], heap=MP_FUZZ_HEAP)
    out = proc.stdout + proc.stderr
    m = re.search(r"^SCORE (\d+) (\d+) PHASE (\d+) STEPS (\d+) PLAYS (\d+) FAULTS (\d+)$", proc.stdout, re.M)
    assert m and proc.returncode == 0, out[-3000:]
    assert m.group(6) == "0", out[-3000:]
    c = re.search(r"^CUTS (\d+) USB_TAKEN (\d+) USB_REFUSED (\d+) POWER_UPS (\d+) FAIR (\d)$", proc.stdout, re.M)
    assert c, out[-3000:]
    rec = re.search(r"^RECORD (.*)$", proc.stdout, re.M).group(1)
    if not os.path.exists(rec):
        assert m.group(5) == "0", ("plays made, no record", out[-3000:])
        return
    shutil.copy(rec, str(tmp_path / "match.rec"))
    from host_tools import record_read as record
    from host_tools.matfile import PLAYED, split_matches
    events, _ = record.read_file(str(tmp_path / "match.rec"))
    print("micropython fuzz seed %d: %s steps, %s plays, score %s-%s, %s power cuts, USB answers "
          "%s taken %s refused, fair dice %s" % (seed, m.group(4), m.group(5), m.group(1), m.group(2),
                                                c.group(1), c.group(2), c.group(3), c.group(5)))
    verdict = "no_roll"
    if any(e[0] == "roll" for e in events):
        status, checked = fuzz_match.check_dice(str(tmp_path / "match.rec"), c.group(5) == "1")
        print("  verify-dice: exit %d, %d rolls checked" % (status, checked))
        verdict = "exit_%d,_%d_rolls_checked" % (status, checked)
    _report("mp: seed=%d steps=%s plays=%s score=%s-%s cuts=%s taken=%s refused=%s fair=%s verify=%s" % (
        seed, m.group(4), m.group(5), m.group(1), m.group(2), c.group(1), c.group(2), c.group(3),
        c.group(5), verdict))
    last = split_matches(events)[-1]
    if not any(e[0] in PLAYED for e in last):
        return
    code, msgs, matches, mats = pb.export_and_import(str(tmp_path / "match.rec"), str(tmp_path),
                                                     fuzz_match._engine(), True)
    assert code == 0, msgs
    assert pb.gnubg_score(matches[-1]) == [int(m.group(1)), int(m.group(2))], (
        msgs, pb.gnubg_score(matches[-1]), m.groups())
    print("  exported, imported and replayed by gnubg to %s" % pb.gnubg_score(matches[-1]))


@pytest.mark.parametrize("loss", [("timeout", 1), ("resign", 1, 1)])
def test_a_game_lost_after_a_roll_never_played_replays_to_the_boards_score(tmp_path, loss):
    """Found by the fuzzer (issue 26): Black rolled the opening 4-2 and lost on time before
    moving (or resigned); the export left the roll out, a game without a move, which GNU
    Backgammon skips: it replayed the 1-point match to 0-0, the board said 1-0. The roll is
    written alone ("42: "), read by gnubg as a roll then a resignation."""
    import powercut_board as pb
    from host_tools import record_read as record
    from host_tools import matfile
    events = [("match", 1, "C", ""), ("game", 0, 0, False), ("roll", 1, 4, 2), loss]
    if loss[0] == "resign":
        events.append(("accept", 0))
    events.append(("end", 0, 1))
    rec = tmp_path / "match.rec"
    rec.write_text(record.text_of(events))
    out = tmp_path / "out"
    out.mkdir()
    code, msgs, matches, mats = pb.export_and_import(str(rec), str(out), fuzz_match._engine(), True)
    assert code == 0, msgs
    assert pb.gnubg_score(matches[-1]) == [1, 0], open(out / mats[-1]).read()
    assert "  1)                             42:" in open(out / mats[-1]).read()
    # the browser's export writes the same
    from test_web_mat import need_node, same_export
    need_node()
    assert not same_export(rec, tmp_path / "js")["broken"]
    assert matfile.from_record(events).games[0].actions[0] == ("rolled", 1, 4, 2)
