"""Reading the live event stream (events.py's lines): the host's tools (monitor, play) and
the tests. Apart from events.py, which the board keeps in its heap to write the lines, as
record.py (the reader) is apart from record_writer.py."""
import json

# the kinds events.py's docstring lists (the Table's own and the commands' answers aside)
KINDS = ("hello", "match", "game", "roll", "play", "cube", "resign", "timeout",
         "game_end", "match_end", "ids", "error", "dice_commit", "dice_reveal")


def decode(text):
    """The event dict of one line; ValueError with a reason when the line is not one."""
    text = text.strip()
    if not text.startswith("{"):
        raise ValueError("not a JSON object")
    try:
        obj = json.loads(text)
    except ValueError:
        raise ValueError("broken JSON")
    if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
        raise ValueError("no event kind \"t\"")
    return obj
