"""The live event stream over USB serial: one JSON object per line.

Every object has "t" (its kind) first; players are 0 and 1; points are GNU Backgammon's
from the mover's view (25 = bar, 0 = off). Kinds and their fields:
  hello     fw (firmware version), rec (record format)
  match     len (0 = money), names [two strings], rules (letters, see host_tools/record_read.py)
  game      n (game number), score [s0, s1], crawford (bool)
  roll      p, d [d1, d2]
  play      p, m [[from, to], ...], n (notation text, may be "")
  cube      p, a ("double" | "take" | "drop" | "beaver"), v (cube value after it)
  resign    p, a ("offer" | "accept" | "decline"), n (1 single, 2 gammon, 3 backgammon)
  timeout   p
  game_end  w (winner), pts, score [s0, s1] after the game
  match_end w, score
  ids       pos (Position ID), match (Match ID): paste them into GNU Backgammon
  error     code (machine-readable reason), msg (for a person), pts [points involved]
  dice_commit  hash (SHA-256 of the match's dice seed, hex): before its first roll (fairroll.py)
  dice_reveal  seed (hex), hash, rolls (how many were drawn): at the match's end
  seat_turn p, ask ("play" | "cube" | "take"), pos, match (GNU Backgammon's IDs), dice, q:
            the computer on USB's seat must act (app/usbseat.py; answered by `seat ...`)
  seat_ok   ask, answer: the computer's answer taken (the answer to a `seat` command)
  seat_dice p, n (1 an opening die, 2 a roll), o (the online seat), q: a seat is online, the
            dice are the server's (app/online.py; answered by `seat dice D1 [D2]`)
  (and the Table's own: board_play, seat, match_stopped; the commands' answers: state, ...)

Lines are built by hand, not from a dict, so that the key order is fixed on MicroPython too.
Reading them (the host's tools, the tests) is events_read.py's: the board only writes them.
"""
import json

_COMPACT = (",", ":")


def line(kind, fields=()):
    """The JSON line (no newline) for `kind` and (key, value) pairs, in that order."""
    parts = ['{"t":"%s"' % kind]
    for key, value in fields:
        parts.append(',"%s":%s' % (key, json.dumps(value, separators=_COMPACT)))
    parts.append("}")
    return "".join(parts)


def hello(fw_version, record_format):
    return line("hello", (("fw", fw_version), ("rec", record_format)))


def match(length, names, rules=""):
    return line("match", (("len", length), ("names", list(names)), ("rules", rules)))


def game(number, score, crawford=False):
    return line("game", (("n", number), ("score", list(score)), ("crawford", bool(crawford))))


def roll(player, d1, d2):
    return line("roll", (("p", player), ("d", [d1, d2])))


def play(player, moves, notation=""):
    return line("play", (("p", player), ("m", [[f, t] for f, t in moves]), ("n", notation)))


def cube(player, action, value):
    return line("cube", (("p", player), ("a", action), ("v", value)))


def resign(player, action, level):
    return line("resign", (("p", player), ("a", action), ("n", level)))


def timeout(player):
    return line("timeout", (("p", player),))


def game_end(winner, points, score):
    return line("game_end", (("w", winner), ("pts", points), ("score", list(score))))


def match_end(winner, score):
    return line("match_end", (("w", winner), ("score", list(score))))


def ids(position_id, match_id):
    return line("ids", (("pos", position_id), ("match", match_id)))


def error(code, message, points=()):
    return line("error", (("code", code), ("msg", message), ("pts", list(points))))
