"""The serial line's `dice` command (app/commands.py): the fair dice (fairroll.py) asked
and set from a computer. Loaded for the command, forgotten after.

  dice                  the match's commitment, salt, rolls drawn, own dice, last seed revealed
  dice check            the dice check of the match's rolls (dicecheck.py): chi-squared and p
  dice salt DIGITS      the players' salt, before the match's first roll
  dice own on|off       physical dice entered on the buttons (dicepad.py): from the line only
                        before the match's first roll, no program seated (app/commands.py)
"""
from base import events

USAGE = "usage: dice [check | salt DIGITS | own on|off]"


def answer(app, args):
    fair = getattr(app, "fair", None)
    if fair is None:
        return events.error("dice", "the fair dice are not on this board (app.fair)")
    if not args:
        return _state(fair)
    if args == ["check"]:
        c = fair.check()
        if c is None:
            return events.error("dice", "no match in play: nothing to check")
        f, k = c.faces_test(), c.kinds_test()
        return events.line("dice_check", (("rolls", c.rolls), ("faces", [round(f[0], 3), round(f[2], 4)]),
                                          ("kinds", [round(k[0], 3), round(k[2], 4)]),
                                          ("enough", c.enough())))
    if len(args) == 2 and args[0] == "salt":
        try:
            fair.set_salt(args[1])
        except ValueError as e:
            return events.error("dice", str(e))
        return _state(fair)
    if len(args) == 2 and args[0] == "own" and args[1] in ("on", "off"):
        fair.set_manual(args[1] == "on")
        return _state(fair)
    return events.error("bad_command", USAGE)


def _state(fair):
    return events.line("dice", (("hash", fair.commitment()), ("salt", fair.salt), ("rolls", fair.k),
                                ("own", fair.manual), ("last_seed", fair.revealed)))
