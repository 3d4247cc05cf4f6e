"""record.py: every event round-trips through its line, damaged lines are skipped and
reported by number, newer formats are refused, and the log survives a torn append."""
from host_tools import record_read as record
import scratch


def _unique():
    """A file-name part no other test run uses at the same time (both interpreters)."""
    import os
    import sys
    return sys.implementation.name + "_" + "".join("%02x" % b for b in os.urandom(4))


EVENTS = [
    ("match", 5, "C", "2026-11-29"),
    ("name", 0, "Ann Lee"),
    ("name", 1, "Bob"),
    ("game", 0, 0, False),
    ("roll", 1, 3, 1),
    ("play", 1, ((8, 5), (6, 5))),
    ("roll", 0, 6, 6),
    ("play", 0, ((24, 18), (24, 18), (13, 7), (13, 7))),
    ("roll", 1, 6, 5),
    ("play", 1, ()),
    ("double", 0, 2),
    ("beaver", 1, 4),
    ("roll", 0, 4, 3),
    ("play", 0, ((25, 21), (6, 3))),
    ("resign", 1, 2),
    ("decline", 0),
    ("resign", 1, 1),
    ("accept", 0),
    ("end", 0, 4),
    ("game", 4, 0, False),
    ("double", 1, 2),
    ("take", 0),
    ("timeout", 1),
    ("end", 0, 2),
    ("game", 6, 0, False),
    ("double", 0, 2),
    ("drop", 1),
    ("end", 0, 1),
    ("game", 4, 4, True),
    ("roll", 0, 2, 1),
    ("play", 0, ((2, 0), (1, 0))),
    ("end", 0, 1),
]


def test_every_event_round_trips():
    for ev in EVENTS:
        line = record.encode(ev)
        assert record.decode(line) == ev, (ev, line)
        assert "\n" not in line


def test_lines_are_short():
    lines = [record.encode(ev) for ev in EVENTS if ev[0] != "name"]
    # the longest line possible is four entries from the bar: "P0 25 22 25 22 25 22 25 22"
    assert max(len(l) for l in lines) <= 26
    assert len(record.encode(("play", 0, ((25, 22),) * 4))) == 26
    assert record.encode(("roll", 0, 6, 3)) == "R0 6 3"
    assert record.encode(("play", 1, ((13, 7), (8, 7)))) == "P1 13 7 8 7"
    assert record.encode(("match", 0, "", "")) == "M 0 - -"


def sealed(events, first=1):
    """Format 2 lines of `events`, numbered from `first`."""
    return [record.seal(record.encode(ev), first + i) for i, ev in enumerate(events)]


def test_read_lines_round_trip():
    events, problems = record.read_lines([record.HEADER] + sealed(EVENTS))
    assert events == EVENTS and problems == []
    # format 1 records (no seal) are still read
    events, problems = record.read_lines(["TBR 1"] + [record.encode(ev) for ev in EVENTS])
    assert events == EVENTS and problems == []


def test_damaged_lines_are_skipped_with_their_numbers():
    lines = ["TBR 1"] + [record.encode(ev) for ev in EVENTS]
    lines[5] = "R1 7 1"                 # a die of 7
    lines[6] = "P1 8 5 6"               # torn play: odd count
    lines[9] = "Q0 junk"                # unknown code
    lines[12] = "P0 5 9"                # a checker moving backwards
    lines[15] = "D0 3"                  # cube of 3
    events, problems = record.read_lines(lines)
    assert [n for n, _ in problems] == [6, 7, 10, 13, 16]
    assert "two dice" in problems[0][1] and "unknown event code" in problems[2][1]
    assert "power of two" in problems[4][1]
    kept = [ev for i, ev in enumerate(EVENTS) if i + 2 not in (6, 7, 10, 13, 16)]
    assert events == kept


def test_a_torn_line_is_caught_by_its_check():
    # issue 8 item 20: "P1 24 23 18 15" torn after "P1 24 2" read as 24/2 in format 1
    play = ("play", 1, ((24, 23), (18, 15)))
    assert record.read_lines(["TBR 1", "P1 24 2"])[0] == [("play", 1, ((24, 2),))]
    whole = record.seal(record.encode(play), 7)
    for cut in range(1, len(whole)):
        events, problems = record.read_lines([record.HEADER, whole[:cut]])
        assert events == [] and len(problems) == 1 and record.is_torn(problems[0][1]), whole[:cut]
    assert record.read_lines([record.HEADER, whole]) == ([play], [])


def test_values_no_match_holds_are_damage():
    for text in ("M 40000 C -", "E0 100000000000000000000000", "D0 65536", "G 99999999 0"):
        events, problems = record.read_lines([record.HEADER, record.seal(text, 1)])
        assert events == [] and len(problems) == 1 and not record.is_torn(problems[0][1]), text


def test_every_single_byte_damage_is_contained():
    # Overwrite each byte of a record in turn: the reader never raises, the check catches
    # the damaged line and every other line is kept.
    lines = [record.HEADER] + sealed(EVENTS[:12])
    for i in range(1, len(lines)):
        others = [ev for k, ev in enumerate(EVENTS[:12]) if k != i - 1]
        for j in range(len(lines[i])):
            for c in "x9 ":
                if lines[i][j] == c:
                    continue
                damaged = list(lines)
                damaged[i] = lines[i][:j] + c + lines[i][j + 1:]
                events, problems = record.read_lines(damaged)
                assert events == others and len(problems) == 1, (damaged[i], problems)


def test_a_resume_line_voids_what_a_power_cut_undid():
    # lines 4 and 5 were written, then power was cut before the state saved after line 3
    lines = [record.HEADER] + sealed(EVENTS[:5]) + [record.seal("W 3")] + sealed(EVENTS[3:8], 4)
    events, problems = record.read_lines(lines)
    assert events == EVENTS[:8] and problems == []
    # no resume line (it was lost): a line numbered again replaces the earlier ones
    lines = [record.HEADER] + sealed(EVENTS[:6]) + sealed(EVENTS[4:8], 5)
    assert record.read_lines(lines) == (EVENTS[:8], [])
    # the same lines twice (a write retried after its close failed): read once
    lines = [record.HEADER] + sealed(EVENTS[:6]) + sealed(EVENTS[3:8], 4)
    assert record.read_lines(lines) == (EVENTS[:8], [])


def test_lost_lines_are_reported_and_a_new_match_starts_any_count():
    lines = [record.HEADER] + sealed(EVENTS[:4]) + sealed(EVENTS[5:8], 6)
    events, problems = record.read_lines(lines)
    assert events == EVENTS[:4] + EVENTS[5:8] and problems[0][0] == 6
    assert "1 record line(s) missing" in problems[0][1]
    # a board that lost its state starts counting again: its match is not a rewind
    lines = [record.HEADER] + sealed(EVENTS[:8], 100) + sealed(EVENTS[:3])
    assert record.read_lines(lines) == (EVENTS[:8] + EVENTS[:3], [])


def test_newer_format_is_refused_clearly():
    try:
        record.read_lines(["TBR %d" % (record.FORMAT_VERSION + 1), "R0 3 1"])
        assert False, "newer record read"
    except record.RecordError as e:
        assert "newer firmware" in str(e)


def test_missing_or_damaged_header_is_reported_not_fatal():
    events, problems = record.read_lines(["R0 3 1", "P0 8 5 6 5"])
    assert events == [("roll", 0, 3, 1), ("play", 0, ((8, 5), (6, 5)))]
    assert problems[0][0] == 1 and "missing header" in problems[0][1]
    events, problems = record.read_lines(["TBR x", "R0 3 1"])
    assert events == [("roll", 0, 3, 1)] and problems[0][0] == 1


def test_log_file_append_and_torn_line():
    import os
    path = scratch.path("record_%s.tbr" % _unique())
    try:
        os.remove(path)
    except OSError:
        pass
    try:
        log = record.RecordLog(path)
        for ev in EVENTS[:6]:
            log.add(ev)
        # power cut in the middle of an append: a torn line without its newline
        with open(path, "a") as f:
            f.write(record.seal("R0 6 6", 7)[:-3])
        log = record.RecordLog(path)     # after reboot
        log.add_all(EVENTS[6:8])         # a turn's roll and play in one append
        for ev in EVENTS[8:10]:
            log.add(ev)
        events, problems = record.read_file(path)
        assert events == EVENTS[:10]
        assert len(problems) == 1 and problems[0][0] == 8, problems
        with open(path) as f:
            assert f.readline() == record.HEADER + "\n"
    finally:
        os.remove(path)


def test_undecodable_bytes_are_a_damaged_line():
    import os
    path = scratch.path("record_bytes_%s.tbr" % _unique())
    with open(path, "wb") as f:
        f.write(b"TBR 1\nR0 3 1\n\xff\xfe\x80\nE0 1\n")     # a format 1 record
    try:
        events, problems = record.read_file(path)
        assert events == [("roll", 0, 3, 1), ("end", 0, 1)]
        assert [n for n, _ in problems] == [3]
    finally:
        os.remove(path)
