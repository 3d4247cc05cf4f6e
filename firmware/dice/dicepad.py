"""Physical dice entered on the buttons (GNU Backgammon's `set rng manual`; Saitek's board
had dice keys): the players roll their own dice and key them in.

    pad = DicePad(2, player)     # the roll the Table wants: 2 dice (1: an opening die)
    pad.button("p1_main")        # any main button: the die shown + 1 (6 wraps to 1)
    pad.button("p2_cube")        # any cube button: - 1 (1 wraps to 6)
    pad.button("menu")           # confirm this die; True when the last one is confirmed
    pad.button("undo")           # back to the first die
    pad.rows()                   # the OLED's rows (16 columns, 6 rows)
    pad.values                   # the dice entered

Only presses count (a long press or a double press does nothing here).
"""

_NAMES = ("White", "Black", "Blanc", "Noir")


def _fr(pad):
    """True on a French board (the pad's `lang`, set by fairroll_ops as it makes it)."""
    return getattr(pad, "lang", 0) == 1


class DicePad:
    def __init__(self, n, player):
        self.n = n
        self.player = player
        self.values = bytearray(n)
        for i in range(n):
            self.values[i] = 1
        self.at = 0                # the die being entered

    def button(self, name, kind="press"):
        """Apply a button; True once the last die is confirmed."""
        if kind != "press":
            return False
        v = self.values
        if name.endswith("_main"):
            v[self.at] = v[self.at] % 6 + 1
        elif name.endswith("_cube"):
            v[self.at] = (v[self.at] + 4) % 6 + 1
        elif name == "menu":
            if self.at + 1 < self.n:
                self.at += 1
            else:
                return True
        elif name == "undo":
            self.at = 0
        return False

    def rows(self):
        fr = _fr(self)
        who = _NAMES[self.player + 2 * fr] if self.player in (0, 1) else ("Joueur" if fr else "Player")
        dice = ""
        for i in range(self.n):
            d = str(self.values[i])
            dice += (" [%s]" % d) if i == self.at else ("  %s " % d)
        last = self.at + 1 >= self.n
        if fr:
            return ["SAISIE DES DÉS", "%s a fait" % who if self.n == 2 else "Dé de %s" % who,
                    dice, "Bouton+ Videau-", "Menu: " + ("valider" if last else "dé suivant"),
                    "Annuler: 1er dé" if self.n == 2 else ""]
        return ["ENTER THE DICE", "%s rolled" % who if self.n == 2 else "%s's die" % who,
                dice, "main +  cube -", "menu: " + ("confirm" if last else "next die"),
                "undo: first die" if self.n == 2 else ""]


SALT_DIGITS = 4


class SaltPad:
    """The players' salt for the fair dice (fairdice.py), keyed in digit by digit before
    the match's first roll: main +, cube -, menu the next digit (confirm on the last), undo
    back to the first. Chosen after the commitment is shown: the board cannot suit its seed
    to it."""

    def __init__(self, digits=SALT_DIGITS):
        self.n = digits
        self.values = bytearray(digits)
        self.at = 0

    def button(self, name, kind="press"):
        if kind != "press":
            return False
        v = self.values
        if name.endswith("_main"):
            v[self.at] = (v[self.at] + 1) % 10
        elif name.endswith("_cube"):
            v[self.at] = (v[self.at] + 9) % 10
        elif name == "menu":
            if self.at + 1 < self.n:
                self.at += 1
            else:
                return True
        elif name == "undo":
            self.at = 0
        return False

    def salt(self):
        return "".join(str(d) for d in self.values)

    def rows(self):
        shown = ""
        for i in range(self.n):
            shown += ("[%d]" % self.values[i]) if i == self.at else (" %d " % self.values[i])
        if _fr(self):
            return ["SEL DES DÉS", "choisi par vous", shown, "Bouton+ Videau-",
                    "Menu: " + ("valider" if self.at + 1 >= self.n else "suivant"), "Annuler: début"]
        return ["DICE SALT", "players choose", shown, "main +  cube -",
                "menu: " + ("confirm" if self.at + 1 >= self.n else "next digit"), "undo: first"]
