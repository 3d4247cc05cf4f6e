"""The simulator's commands: what the user types, done with hands and buttons on the board.

Session.execute(line) never raises: a bad command gives a message. Physical actions are
done one checker at a time, and after each one the firmware runs until the sensors settle
(`after_action` lets the terminal redraw there, to show the live feedback).
"""
from bg.notation import parse_play
from simui.hands import Hands, WHITE, BLACK, NAME, white_point

MESSAGES = 16        # message lines kept under the board: the whole help fits

HELP = """commands (points in the mover's numbering, as the labels show):
  13/7 8/7  bar/22*  6/off  8/4(2)   move the mover's checkers, one at a time
  lift 13 | lift bar [w|b] | lift off [w|b]   take one checker into your hand (off: from the tray)
  place 7 | place bar | place off [w|b]   put a checker from your hand down
  r (roll / commit / take)           press the main button of the player whose turn LED is lit
  d (double)   pass                  press / hold that player's cube button
  press p1|p2|p1_cube|p2_cube|menu|undo    a press (p1 = White, p2 = Black)
  long NAME   double NAME   cube p1|p2   menu   undo
  dice 6 5                           load the next dice (else the board's RNG rolls)
  setup | clear                      put the start position on the board / empty it (all in the trays)
points are numbered from the side of the player whose turn LED is lit (setting up or
putting back: White's, as the OLED); a checker in the hand keeps the numbering it was lifted in
  powercut                           the board loses power and restarts from its saved state
  putback                            put the checkers where the board's saved position has them
  wait MS    serial CMD (ids, state, help)    show    help    quit"""

BUTTON_ALIASES = {"p1": "p1_main", "p2": "p2_main", "w": "p1_main", "b": "p2_main",
                  "white": "p1_main", "black": "p2_main", "p1_main": "p1_main",
                  "p2_main": "p2_main", "p1_cube": "p1_cube", "p2_cube": "p2_cube",
                  "menu": "menu", "undo": "undo"}
COLOUR_WORDS = {"w": WHITE, "white": WHITE, "o": WHITE, "b": BLACK, "black": BLACK, "x": BLACK}


class Quit(Exception):
    pass


class Session:
    def __init__(self, rig, after_action=None):
        self.rig = rig
        self.hands = Hands(rig.board)
        self.after_action = after_action
        self.messages = []
        self._seen_lines = len(rig.lines)
        self._held = None          # the numbering in use when the hand took its first checker

    # ------------------------------------------------------------ helpers
    def say(self, text):
        self.messages.append(text)
        del self.messages[:-MESSAGES]

    def new_board_lines(self):
        """Serial lines the board wrote since the last call."""
        lines = self.rig.lines[self._seen_lines:]
        self._seen_lines = len(self.rig.lines)
        return lines

    def act(self):
        """One physical change is done: let the firmware see it settle, show it."""
        if not self.rig.settle():
            self.say("the sensors did not settle (a checker half on a slot?)")
        if self.after_action:
            self.after_action()

    def view(self):
        """The colour whose numbering the labels and the commands use (one rule, said in
        HELP): while a checker is in the hand, the numbering it was lifted in (a turn
        ending mid-move does not renumber the board under it); else White's while the
        board is set up or put back (the OLED's list of points to fix is in White's
        numbering); else the mover's (the lit turn LED)."""
        if not self.hands.hand:
            self._held = None
        elif self._held:
            return self._held
        t = self.rig.table
        if t.phase == 0 or t.mismatch or t.restoring:
            return WHITE
        return self.rig.mover() or WHITE

    def _holding(self, view):
        if self._held is None:
            self._held = view

    def _lit_player(self):
        c = self.rig.mover()
        if not c:
            raise ValueError("no turn LED is lit: say which player, e.g. 'press p1' or 'press p2'")
        return "p1" if c == WHITE else "p2"

    def _press(self, name, kind="press"):
        self.rig.press(name, kind)
        if self.after_action:
            self.after_action()

    # ------------------------------------------------------------ commands
    def execute(self, line):
        """Run one command line; raises Quit for quit, never anything else."""
        text = line.strip()
        if not text or text.startswith("#"):
            return
        try:
            self._execute(text)
        except Quit:
            raise
        except ValueError as e:
            self.say("? %s" % e)
        except Exception as e:  # a bug must not end the user's session
            self.say("! internal error: %s: %s" % (type(e).__name__, e))

    def _execute(self, text):
        words = text.lower().split()
        cmd, args = words[0], words[1:]
        if "/" in text:
            return self.play(text)
        if cmd in ("quit", "q", "exit"):
            raise Quit()
        if cmd in ("help", "h", "?"):
            for row in HELP.split("\n"):
                self.say(row)
            return
        if cmd in ("show", "look", "l"):
            return
        if cmd == "lift":
            return self.lift(args)
        if cmd == "place":
            return self.place(args)
        if cmd in ("r", "roll", "commit", "c", "ok", "take", "t", "accept"):
            _no_args(cmd, args)
            return self._press(self._lit_player() + "_main")
        if cmd in ("d", "double", "beaver") and not args:
            return self._press(self._lit_player() + "_cube")
        if cmd in ("pass", "drop", "decline") and not args:
            return self._press(self._lit_player() + "_cube", "long" if cmd != "decline" else "press")
        if cmd in ("press", "long", "double"):
            if len(args) != 1:
                raise ValueError("usage: %s NAME (p1, p2, p1_cube, p2_cube, menu, undo)" % cmd)
            return self._press(_button(args[0]), "press" if cmd == "press" else cmd)
        if cmd == "cube":
            name = (_button(args[0]) if len(args) == 1 else self._lit_player() + "_main")
            if not name.startswith("p"):
                raise ValueError("usage: cube p1|p2")
            return self._press(name[:2] + "_cube")
        if cmd in ("menu", "undo"):
            _no_args(cmd, args)
            return self._press(cmd)
        if cmd == "dice":
            return self.load_dice(args)
        if cmd == "setup":
            _no_args(cmd, args)
            self.hands.set_start()
            self.act()
            self.say("the start position is on the board")
            return
        if cmd == "powercut":
            _no_args(cmd, args)
            self.rig.power_cut()
            self.say("power cut: the board restarted from its saved state")
            return
        if cmd == "putback":
            _no_args(cmd, args)
            self.put_back()
            return
        if cmd == "clear":
            _no_args(cmd, args)
            self.hands.clear()
            self.act()
            return
        if cmd == "wait":
            if len(args) != 1 or not args[0].isdigit() or int(args[0]) > 3600000:
                raise ValueError("usage: wait MS (at most 3600000)")
            self.rig.idle(int(args[0]))
            return
        if cmd == "serial":
            if not args:
                raise ValueError("usage: serial COMMAND (try 'serial help')")
            self.say("board: " + self.rig.serial(text.split(None, 1)[1]))
            self._seen_lines = len(self.rig.lines)
            return
        raise ValueError("unknown command '%s': type help" % cmd[:20])

    def play(self, text):
        colour = self.rig.mover()
        if not colour:
            raise ValueError("no turn LED is lit: nobody is moving now")
        try:
            segs = parse_play(text)
        except ValueError:
            segs = _backwards(text)      # a move taken back (`21/24`), as the README says
            if segs is None:
                raise
        for frm, to in segs:
            self.hands.lift(colour, frm)
            self.act()
            if self.hands.hit_if_blot(colour, to):
                self.act()
            self.hands.place(colour, to, colour)
            self.act()
        self.say("%s moved %s" % (NAME[colour], text.strip()))

    def lift(self, args):
        if not args or len(args) > 2:
            raise ValueError("usage: lift POINT | lift bar [w|b]")
        view = self.view()
        if args[0] == "bar":
            colour = _colour(args[1]) if len(args) > 1 else view
            self.hands.lift(colour, 25)
            self._holding(view)
            self.act()
            self.say("lifted a %s checker from the bar" % NAME[colour])
            return
        if args[0] == "off":
            colour = _colour(args[1]) if len(args) > 1 else view
            self.hands.lift_off(colour)
            self._holding(view)
            self.say("took a %s checker from the tray (in hand: %d)" % (NAME[colour], len(self.hands.hand)))
            return
        p = _point(args[0])
        if not 1 <= p <= 24:
            raise ValueError("no point %d (points are 1..24, bar, off)" % p)
        st = self.rig.board._stacks[white_point(view, p) - 1]
        if not st:
            raise ValueError("no checker on point %d" % p)
        colour = _colour(args[1]) if len(args) > 1 else st[-1]
        if st[-1] != colour:
            # said in the numbering the user typed, not the other colour's
            raise ValueError("the checker on top of point %d is %s's" % (p, NAME[st[-1]]))
        self.hands.lift(colour, white_point(colour, white_point(view, p)))
        self._holding(view)
        self.act()
        self.say("lifted a %s checker from point %d (in hand: %d)" % (NAME[colour], p, len(self.hands.hand)))

    def place(self, args):
        if not args or len(args) > 2:
            raise ValueError("usage: place POINT|bar|off [w|b]")
        colour = _colour(args[1]) if len(args) > 1 else None
        p = 25 if args[0] == "bar" else 0 if args[0] == "off" else _point(args[0])
        c = self.hands.place(self.view(), p, colour)
        self.act()
        self.say("placed a %s checker on %s" % (NAME[c], args[0]))

    def put_back(self):
        """The checkers as the Table's position has them (after a power cut, say)."""
        board = self.rig.table.board        # White's view: me = White, opp = Black
        white = [0] * 26
        black = [0] * 26
        for p in range(1, 25):
            white[p] = board.me[p - 1]
            black[p] = board.opp[24 - p]
        white[25] = board.me[24]
        black[25] = board.opp[24]
        self.hands.set_counts(white, black)
        self.act()
        self.say("the checkers are back where the board's position has them")

    def load_dice(self, args):
        if not 1 <= len(args) <= 2 or not all(a.isdigit() and 1 <= int(a) <= 6 for a in args):
            raise ValueError("usage: dice D1 [D2], each 1..6")
        self.rig.app.loaded = [int(a) for a in args]
        self.say("next dice: %s" % " ".join(args))


def _no_args(cmd, args):
    if args:
        raise ValueError("'%s' takes no arguments" % cmd)


def _button(word):
    name = BUTTON_ALIASES.get(word)
    if name is None:
        raise ValueError("no button '%s' (p1, p2, p1_cube, p2_cube, menu, undo)" % word[:20])
    return name


def _colour(word):
    c = COLOUR_WORDS.get(word)
    if c is None:
        raise ValueError("a colour is w (White) or b (Black), not '%s'" % word[:20])
    return c


def _point(word):
    if not word.isdigit():
        raise ValueError("a point is a number 1..24, not '%s'" % word[:20])
    return int(word)


def _backwards(text):
    """Steps that take checkers back (`21/24 13/18`: from the lower point to the higher,
    issue 26: the shorthand refused them although the README says taking a move back is
    moving the checker back), or None when the text is not that."""
    steps = []
    for word in text.split():
        parts = word.split("/")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            return None
        a, b = int(parts[0]), int(parts[1])
        if not (1 <= a < b <= 24):
            return None
        steps.append((a, b))
    return steps or None
