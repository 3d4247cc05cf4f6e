"""`python -m host_tools verify-dice` and `dice-check` on records the Table left with the
provably fair dice (tests/portable/fairkit.py): honest records pass, a record with one roll
changed fails naming it (roll number, game, move), a revealed seed that is not the one
committed to fails the commitment; openings kept and rolled again, ties, abandoned matches."""
import hashlib

import pytest

from host_tools import record_read as record
from record.record_open import unseal
from record.record_writer import seal
from fairkit import fair_rig, play, resign_match
from tablekit import Lcg
from game.settings import Settings
from host_tools import cmd_verifydice, cmd_dicecheck
from host_tools.__main__ import main as host_main


@pytest.fixture(scope="module")
def honest(tmp_path_factory):
    """A record of three 1-point matches (the first abandoned), with the reroll rule."""
    r, fair = fair_rig(Settings(length=1, reroll=1, clock=0),
                       str(tmp_path_factory.mktemp("dice") / "dice.bin"))
    rng = Lcg(21)
    play(r, fair, rng, 30, abandon=False)
    r.t.abandon()
    r.collect()
    for _ in range(2):
        play(r, fair, rng, 60, abandon=False)
        resign_match(r, fair, rng)
    return r.text()


def _write(tmp_path, text, name="m.rec"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def _run(capsys, *argv):
    status = host_main(list(argv))
    return status, capsys.readouterr().out


def _changed(text, pick, new_text):
    """The record with the line `pick` chooses (its event text) replaced, sealed again."""
    out = []
    done = False
    for line in text.split("\n"):
        if not done and line and line[0] != "T" and " @" in line:
            ev, seq = unseal(line)
            if pick(ev):
                line = seal(new_text(ev), seq)
                done = True
        out.append(line)
    assert done
    return "\n".join(out)


def test_an_honest_record_passes(tmp_path, capsys, honest):
    status, out = _run(capsys, "verify-dice", _write(tmp_path, honest))
    assert status == 0, out
    assert out.count(": OK") == 3 and "NOT" not in out, out
    events, _ = record.read_lines(honest.split("\n"))
    assert sum(1 for e in events if e[0] == "commit") == 3
    assert sum(1 for e in events if e[0] == "reveal") == 3


def _nth_roll(text, n):
    rolls = [unseal(l)[0] for l in text.split("\n") if l[:1] == "R"]
    return rolls[n]


def test_one_roll_changed_fails_naming_it(tmp_path, capsys, honest):
    events, _ = record.read_lines(honest.split("\n"))
    segs, _, _ = cmd_verifydice.segments_of(events)
    item = [it for it in segs[1].items if it[0] == "roll" and not it[4]][3]   # a roll in play
    _, p, d1, d2, _, game, move = item
    other = (d1 % 6 + 1, d2)
    text = _replace_item(honest, segs, item, "R%d %d %d" % (p, other[0], other[1]))
    status, out = _run(capsys, "verify-dice", _write(tmp_path, text))
    assert status == 1, out
    lines = [l for l in out.split("\n") if l.startswith("  roll ")]
    assert len(lines) == 1, out
    n = [c[1] for c in cmd_verifydice.align(segs[1].items, _dice_of(honest, 1), 0) if c[0] is item][0]
    name = cmd_verifydice.NAMES[p]
    assert lines[0] == "  roll %d (game %d, move %d): recorded %s %d-%d, the seed gives %s %d-%d" % (
        n, game, move, name, other[0], other[1], name, d1, d2), lines
    assert out.count(": OK") == 2


def _dice_of(text, i):
    """The FairDice of the i-th commitment of a record, from its revealed seed."""
    from dice.fairdice import FairDice, from_hex
    events, _ = record.read_lines(text.split("\n"))
    segs, _, _ = cmd_verifydice.segments_of(events)
    for e in events:
        if e[0] == "reveal" and hashlib.sha256(from_hex(e[1])).hexdigest() == segs[i].hash:
            return FairDice(from_hex(e[1]))
    raise AssertionError("no seed")


def _replace_item(text, segs, item, new_event):
    """The record with the roll line of `item` (a segments_of item) replaced, sealed again."""
    # the item's place among the roll lines (every roll line is in a segment here)
    all_items = [it for s in segs for it in s.items if it[0] == "roll"]
    index = [i for i, it in enumerate(all_items) if it is item][0]
    out = []
    k = -1
    for line in text.split("\n"):
        if line[:1] == "R":
            k += 1
            if k == index:
                ev, seq = unseal(line)
                line = seal(new_event, seq)
        out.append(line)
    return "\n".join(out)


def test_an_opening_roll_changed_fails_naming_it(tmp_path, capsys, honest):
    events, _ = record.read_lines(honest.split("\n"))
    segs, _, _ = cmd_verifydice.segments_of(events)
    item = [it for it in segs[2].items if it[0] == "roll" and it[4]][0]
    _, p, d1, d2, _, game, move = item
    text = _replace_item(honest, segs, item, "R%d %d %d" % (1 - p, d1, d2))   # the other player
    status, out = _run(capsys, "verify-dice", _write(tmp_path, text))
    assert status == 1, out
    lines = [l for l in out.split("\n") if l.startswith("  roll ")]
    assert len(lines) == 1 and "(game 1, move 1, opening): recorded %s" % cmd_verifydice.NAMES[1 - p] \
        in lines[0], out


def test_a_wrong_seed_fails_the_commitment(tmp_path, capsys, honest):
    text = _changed(honest, lambda ev: ev[:1] == "V",
                    lambda ev: "V " + ev[2:-1] + ("0" if ev[-1] != "0" else "1"))
    status, out = _run(capsys, "verify-dice", _write(tmp_path, text))
    assert status == 1
    assert "matches no commitment" in out and "seed not revealed" in out, out


def test_a_commitment_not_revealed_or_no_commitment_is_not_a_pass(tmp_path, capsys, honest):
    cut = honest[:honest.index("\nV ")] + "\n"        # the first match still in play
    status, out = _run(capsys, "verify-dice", _write(tmp_path, cut))
    assert status == 2 and "seed not revealed yet" in out, out
    plain = record.text_of([("match", 1, "C", ""), ("game", 0, 0, False), ("roll", 0, 6, 1),
                            ("play", 0, ((8, 2), (6, 5)))])
    status, out = _run(capsys, "verify-dice", _write(tmp_path, plain, "plain.rec"))
    assert status == 2 and "before any commitment" in out, out
    status, out = _run(capsys, "verify-dice", str(tmp_path / "missing.rec"))
    assert status == 1 and "cannot read" in out


def test_dice_check_over_records(tmp_path, capsys, honest):
    a = _write(tmp_path, honest, "a.rec")
    b = _write(tmp_path, honest, "b.rec")
    status, out = _run(capsys, "dice-check", a, b)
    assert status == 0, out
    events, _ = record.read_lines(honest.split("\n"))
    from dice.dicecheck import DiceCount
    c = DiceCount()
    n = cmd_dicecheck.count_rolls(events, c)
    rolls = sum(1 for e in events if e[0] == "roll")
    games = sum(1 for e in events if e[0] == "game")
    assert n == rolls - games            # the openings left out (every game here had one)
    assert "all records: %7d rolls" % (2 * n) in out, out
    assert "too few rolls" in out or "p " in out


def test_records_with_fair_dice_lines_export_alike_in_python_and_the_browser(tmp_path, honest):
    """Every reader takes the `F` and `V` lines: host_tools export writes the matches with no
    problem, and web/matexport.js the same bytes (tests/test_web_mat.py's comparison)."""
    from test_web_mat import need_node, same_export, py_full
    rec = tmp_path / "fair.rec"
    rec.write_text(honest)
    files, code, msgs = py_full(rec, tmp_path / "py")
    assert code == 0 and len(files) == 3, msgs          # three matches, no line refused
    events, problems = record.read_lines(honest.split("\n"))
    assert problems == []
    need_node()
    got = same_export(rec, tmp_path / "py2")
    assert got["problems"] == [] and not got["broken"]


def test_a_record_started_again_mid_match_is_checked_from_its_new_commitment(tmp_path, capsys, honest):
    """Lines lost and the header written again (M, G, H, W: record_open.header_again), then
    the `F` line the board writes again with the roll number it goes on from."""
    events, _ = record.read_lines(honest.split("\n"))
    segs, _, _ = cmd_verifydice.segments_of(events)
    checked = cmd_verifydice.align(segs[1].items, _dice_of(honest, 1), 0)
    rolls = checked
    cut_from, resume_at = rolls[3][0], rolls[9][0]      # rolls 4 to 9 of the match lost
    k0 = rolls[9][1]
    lines = honest.split("\n")
    r_lines = [i for i, l in enumerate(lines) if l[:1] == "R"]
    all_items = [it for s in segs for it in s.items if it[0] == "roll"]
    a = r_lines[[i for i, it in enumerate(all_items) if it is cut_from][0]]
    b = r_lines[[i for i, it in enumerate(all_items) if it is resume_at][0]]
    seq = unseal(lines[b])[1]
    header = [seal("M 1 C -"), seal("G 0 0"), seal("H 4HPwATDgc/ABMA 000"), seal("W %d" % (seq - 2)),
              seal("F %s - %d" % (segs[1].hash, k0), seq - 1)]
    text = "\n".join(lines[:a] + header + lines[b:])
    status, out = _run(capsys, "verify-dice", _write(tmp_path, text))
    assert status == 0, out
    assert "(salt -, from roll %d):" % k0 in out and out.count(": OK") == 4, out


def test_dice_entered_by_the_players_are_counted_not_checked(tmp_path, capsys):
    r, fair = fair_rig(Settings(length=1, reroll=1, clock=0), str(tmp_path / "dice.bin"))
    rng = Lcg(9)
    play(r, fair, rng, 30, abandon=False)
    fair.set_manual(True)
    play(r, fair, rng, 20, abandon=False)
    fair.set_manual(False)
    play(r, fair, rng, 20, abandon=False)
    resign_match(r, fair, rng)
    events, _ = record.read_lines(r.text().split("\n"))
    assert [e for e in events if e[0] == "entered"] == [("entered", 1), ("entered", 0)]
    status, out = _run(capsys, "verify-dice", _write(tmp_path, r.text()))
    # (issue 26: exit 0 then; only a record whose every roll was checked passes)
    n = sum(s.entered for s in cmd_verifydice.segments_of(events)[0])
    assert status == 2 and "roll(s) entered by the players, not checked" in out and ": OK" in out, out
    assert "NOT PROVEN: %d roll(s) entered by the players" % n in out, out
    # the `U` lines are taken by every reader
    from test_web_mat import need_node, same_export, py_full
    rec = tmp_path / "entered.rec"
    rec.write_text(r.text())
    files, code, msgs = py_full(rec, tmp_path / "py")
    assert code == 0 and len(files) == 1, msgs
    need_node()
    assert not same_export(rec, tmp_path / "py2")["broken"]


def _behind_u(text, first_r, change, u="U 1"):
    """The record with a `U 1` line (or `u`; sealed, outside the count) before its roll line number
    `first_r` (0 the first), and every roll line from there changed by change(ev), resealed."""
    out = []
    k = -1
    for line in text.split("\n"):
        if line[:1] == "R":
            k += 1
            if k == first_r:
                out.append(seal(u))
            if k >= first_r:
                ev, seq = unseal(line)
                line = seal(change(ev), seq)
        out.append(line)
    return "\n".join(out)


def test_rolls_behind_a_u_line_are_never_a_pass(tmp_path, capsys, honest):
    """Issue 26: an edited record, its last roll 6-6 behind a resealed `U 1` line, and one
    whose every roll is 6-5 after one `U` line, both exited 0."""
    events, _ = record.read_lines(honest.split("\n"))
    n_rolls = sum(1 for e in events if e[0] == "roll")
    last = _behind_u(honest, n_rolls - 1, lambda ev: ev[:2] + " 6 6")
    status, out = _run(capsys, "verify-dice", _write(tmp_path, last))
    assert status == 2 and "NOT PROVEN: 1 roll(s)" in out, out
    all65 = _behind_u(honest, 0, lambda ev: ev[:2] + " 6 5")
    status, out = _run(capsys, "verify-dice", _write(tmp_path, all65, "b.rec"))
    assert status == 2 and "NOT PROVEN: %d roll(s)" % n_rolls in out, out


def test_record_restarts_cost_linear_time_and_are_still_followed():
    """Issue 26: `H` lines took quadratic time (400: 115 s; 3,000: about 1.8 h). The
    readings followed are bounded (MAX_STATES), so the work per item is too; counted in
    readings computed, not seconds. An honest count through 600 restarts, each skipping
    up to 40 numbers, some in a row, is still found with no mismatch."""
    from dice.fairdice import FairDice
    fd = FairDice(bytes(range(32)))
    items, k = [], 0
    for i in range(600):
        for _ in range(1 + (i % 5 == 0)):           # now and then two restarts in a row
            items.append(("gap",))
            k += (i * 7) % 41
        for j in range(2):
            d1, d2 = fd.roll(k)
            items.append(("roll", j, d1, d2, False, 1, j))
            k += 1
    stats = {}
    got = cmd_verifydice.align(items, fd, 0, stats)
    assert len(got) == 1200 and all(c[4] for c in got)
    assert stats["states"] <= cmd_verifydice.MAX_STATES
    assert stats["work"] <= len(items) * (cmd_verifydice.MAX_STATES + cmd_verifydice.GAP), stats
    gaps = [("gap",)] * 3000 + items[-2:]            # 3,000 restarts and nothing else
    stats = {}
    cmd_verifydice.align(gaps, fd, 0, stats)
    assert stats["work"] <= len(gaps) * (cmd_verifydice.MAX_STATES + cmd_verifydice.GAP), stats


def test_rolls_behind_a_u_2_line_are_never_a_pass(tmp_path, capsys, honest):
    """Found by the whole-match fuzzer's verify-dice check (issue 26 item 8 again): the rolls
    after a `U 2` line (an online match's server dice) were counted, not checked, and the
    record exited 0; so did an edited one, its last roll 6-6 behind a resealed `U 2` line."""
    events, _ = record.read_lines(honest.split("\n"))
    n_rolls = sum(1 for e in events if e[0] == "roll")
    last = _behind_u(honest, n_rolls - 1, lambda ev: ev[:2] + " 6 6", "U 2")
    status, out = _run(capsys, "verify-dice", _write(tmp_path, last))
    assert status == 2 and "NOT PROVEN: 1 roll(s) rolled by the online server" in out, out
    # every roll 6-5 from the first on: the first match's behind the `U 2` line are not
    # checked (not a pass), the later matches' are (they fail)
    all65 = _behind_u(honest, 0, lambda ev: ev[:2] + " 6 5", "U 2")
    status, out = _run(capsys, "verify-dice", _write(tmp_path, all65, "b.rec"))
    first = cmd_verifydice.server_rolls(record.read_lines(all65.split("\n"))[0])
    assert 0 < first < n_rolls and status == 1, out
    assert "NOT PROVEN: %d roll(s) rolled by the online server" % first in out, out
