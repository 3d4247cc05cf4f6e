"""The record names the board's seat and its level, and both exports read it (issue 10):
`python -m host_tools export` and the companion page's web/matexport.js name the player
"Tablier (normal)" in the .mat file of a match the board played in."""
import os


from tablekit import sensed_of
from bg.play import Play
from bg.position import Position
from game.table import Table, RECORD
from game.settings import Settings
from record.record_writer import HEADER
from host_tools import cmd_export
from test_web_mat import need_node, js_export


def _record_of_a_match_with_the_board(path):
    """Every record line of a 1-point match whose Black seat is the board (normal)."""
    t = Table(Settings(length=1))
    t.cycle_seat(1)
    t.cycle_seat(1)                        # Black: the board, normal
    t.abandon()                            # a new match: the seat named at its start
    lines = [p for k, p in t.take_outbox() if k == RECORD]
    board = Position.start()
    steps = [lambda: t.sensed(sensed_of(board)),
             lambda: t.dice(6),            # the board's opening die
             lambda: t.button("p1_main"),
             lambda: t.dice(1),            # White's: the board starts 6-1
             lambda: t.board_play(Play(((13, 7), (8, 7)), (False, False)))]
    for step in steps:
        step()
        lines += [p for k, p in t.take_outbox() if k == RECORD]
    board.opp[12] -= 1                     # a person makes the board's play: 13/7 8/7
    board.opp[7] -= 1
    board.opp[6] += 2
    t.sensed(sensed_of(board))
    t.resign(0, 1)                         # White resigns a single game: the board accepts
    lines += [p for k, p in t.take_outbox() if k == RECORD]
    assert t.match.is_over(), t.screen
    with open(path, "w") as f:
        f.write(HEADER + "\n")
        for line in lines:
            if not line.startswith("W"):
                f.write(line + "\n")


def test_the_python_export_names_the_boards_seat(tmp_path):
    rec = tmp_path / "match.rec"
    _record_of_a_match_with_the_board(str(rec))
    text = rec.read_text()
    assert "N1 Tablier (normal)" in text, text
    out = tmp_path / "m.mat"
    assert cmd_export.export_record(str(rec), str(out), check=False) == 0
    mats = [f for f in os.listdir(tmp_path) if f.endswith(".mat")]
    mat = open(os.path.join(tmp_path, mats[0])).read()
    assert '[Player 2 "Tablier (normal)"]' in mat and "Tablier (normal) : 0" in mat, mat


def test_the_companion_export_names_it_too(tmp_path):
    need_node()
    rec = tmp_path / "match.rec"
    _record_of_a_match_with_the_board(str(rec))
    os.makedirs(tmp_path / "js")
    got = js_export(rec, tmp_path / "js")
    text = "".join(open(os.path.join(tmp_path, "js", f)).read() for f in os.listdir(tmp_path / "js"))
    assert '[Player 2 "Tablier (normal)"]' in text, (got, text)
