"""A cut in the write of one of a match's first record lines (issue 26 item 14): the lines
before it on the flash, it torn. At power-up the record must not gain a second, empty
match start (the header written again after the opening already there): one match, its
export whole, without a "match start without a move" note. CPython only (the real Table
and App on real files, tests/powercut_board.py)."""
import io
import os

import powercut_board as pb
from host_tools import record_read as record
from game.settings import Settings
from host_tools import cmd_export
from tablekit import Lcg

SETTINGS = Settings(length=3, clock=1)


def test_a_torn_early_line_leaves_one_match_start(tmp_path):
    folder = str(tmp_path / "whole")
    os.makedirs(folder)
    rec = pb.Recorder(folder)
    cases = 0
    try:
        pb.play(pb.Board(folder, SETTINGS, rec), Lcg(3), 40)
        with open(os.path.join(folder, "match.rec")) as f:
            written = f.read().split("\n")
        for k, image in enumerate(rec.images[:12]):
            text = image[2]
            if not text or text == "\n" or text not in written:
                continue
            n = written.index(text)
            cut = str(tmp_path / ("cut%d" % k))
            os.makedirs(cut)
            pb.lay_out(cut, image, False)                             # the state as saved
            with open(os.path.join(cut, "match.rec"), "w") as f:     # the lines before, it torn
                f.write("\n".join(written[:n]) + "\n" + text[:len(text) // 2])
            board = pb.Board(cut, SETTINGS, pb.Power())
            pb.play(board, Lcg(9), 30)
            events, problems = record.read_file(os.path.join(cut, "match.rec"))
            assert [e[0] for e in events].count("match") == 1, (text, events[:6])
            assert len(problems) == 1 and record.is_torn(problems[0][1]), problems
            err = io.StringIO()
            code = cmd_export.export_record(os.path.join(cut, "match.rec"), os.path.join(cut, "m.mat"), True, err)
            assert code == 0 and "left out" not in err.getvalue(), err.getvalue()
            cases += 1
    finally:
        pb.Board.unpatch()
    assert cases >= 3, cases
