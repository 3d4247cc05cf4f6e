"""events.py: each event line is one compact JSON object with "t" first, decodable on
both interpreters, and decode() rejects what is not an event with a reason."""
import json

from base import events
from host_tools import events_read


def test_lines_are_compact_json_with_kind_first():
    samples = [
        events.hello("0.1", 1),
        events.match(5, ("Ann, the \"first\"", "Bob"), "C"),
        events.game(2, (1, 0), crawford=True),
        events.roll(0, 6, 3),
        events.play(1, ((25, 22), (13, 7)), "bar/22 13/7"),
        events.play(0, ()),
        events.cube(0, "double", 2),
        events.resign(1, "offer", 2),
        events.timeout(0),
        events.game_end(0, 2, (3, 1)),
        events.match_end(0, (5, 1)),
        events.ids("4HPwATDgc/ABMA", "cAkAAAAAAAAA"),
        events.error("closed_point", "5-point is closed", (5,)),
    ]
    for text in samples:
        assert text.startswith('{"t":"') and "\n" not in text and ", " not in text.replace("Ann, ", "")
        obj = json.loads(text)
        assert obj["t"] in events_read.KINDS
        assert events_read.decode(text) == obj
    assert events.roll(0, 6, 3) == '{"t":"roll","p":0,"d":[6,3]}'
    assert json.loads(samples[4])["m"] == [[25, 22], [13, 7]]
    assert json.loads(samples[1])["names"][0] == 'Ann, the "first"'
    assert json.loads(samples[12])["pts"] == [5]


def test_decode_rejects_non_events():
    for bad, reason in (("", "not a JSON object"), ("hello", "not a JSON object"),
                        ("{broken", "broken JSON"), ('{"x":1}', "no event kind"),
                        ('{"t":3}', "no event kind")):
        try:
            events_read.decode(bad)
            assert False, bad
        except ValueError as e:
            assert reason in str(e), (bad, str(e))
