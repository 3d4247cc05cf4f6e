"""The tutor's warning in the record (`L<p> milli`, firmware/record.py) and in the export's
analysis (host_tools/sgfexport.py: a comment on the play made anyway); older readers of
the record skip the line, the .mat export leaves it out."""
from host_tools import record_read as record
from host_tools import matfile
from host_tools.sgfexport import analysis_of


def test_the_tutor_line_round_trips():
    assert record.decode("L0 123") == ("tutor", 0, 123)
    assert record.decode("L1 80") == ("tutor", 1, 80)
    assert record.encode(("tutor", 1, 80)) == "L1 80"


def test_the_export_notes_the_play_made_after_a_warning():
    events = [("match", 0, "", ""), ("game", 0, 0, False),
              ("roll", 0, 6, 5), ("tutor", 0, 90), ("play", 0, ((13, 8), (13, 7))),
              ("roll", 1, 3, 1), ("play", 1, ((8, 5), (6, 5)))]
    match = matfile.from_record(events)
    g = match.games[0]
    assert g.tutored == {0: 90} and len(g.actions) == 2
    assert "Tutor" not in matfile.write(match) and "tutor" not in matfile.write(match)
    notes = analysis_of(match)
    assert "C[tutor: warned of a loss of 0.090 before this decision; made anyway]" in notes[(0, 0)]
    assert "tutor" not in notes.get((0, 1), "")
