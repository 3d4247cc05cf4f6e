"""The menu's Dice page (the fair dice, fairroll.py): the check of the match's dice, the
players' salt, physical dice on or off, the commitment and the last seed revealed.

    dm = DiceMenu(fair, lang)       # opened from the menu; loaded while open
    dm.press(name, kind)            # None: stay; "back": undo at its top (back to the
                                    # menu); "close": the salt entry begins, its pad takes
                                    # the screen (the menu closes)
    dm.rows()                       # at most 6 rows of 16 columns

Buttons as in the menu (docs/table.md): menu moves to the next item, a main button selects,
undo goes back (from a page shown to the list, from the list out).
"""

ITEMS = ("check", "salt", "own", "seed")
_TEXT = (
    {"title": "DICE", "check": "Check dice", "salt": "Enter salt", "own": "Own dice",
     "seed": "Seed, hash", "none": "no seed yet", "late": "too late: rolled", "help": "Menu next Main ok",
     "on": "on", "off": "off", "hash": "hash", "seed_was": "last seed"},
    {"title": "DÉS", "check": "Tester les dés", "salt": "Entrer un sel", "own": "Vos dés",
     "seed": "Graine, hash", "none": "pas de graine", "late": "trop tard", "help": "Menu puis Bouton",
     "on": "oui", "off": "non", "hash": "hash", "seed_was": "graine"},
)


class DiceMenu:
    def __init__(self, fair, lang=0):
        self.fair = fair
        self.text = _TEXT[1 if lang == 1 else 0]
        self.cursor = 0
        self.page = None          # rows shown instead of the list (a check, the seed)

    def press(self, name, kind="press"):
        if kind != "press":
            return None
        if self.page is not None:
            if name == "undo" or name.endswith("_main"):
                self.page = None
            return None
        if name == "menu":
            self.cursor = (self.cursor + 1) % len(ITEMS)
        elif name == "undo":
            return "back"
        elif name.endswith("_main"):
            return self._select()
        return None

    def _select(self):
        fair = self.fair
        item = ITEMS[self.cursor]
        tx = self.text
        if item == "check":
            c = fair.check()
            self.page = c.summary(tx is _TEXT[1]) if c is not None else [tx["title"], tx["none"]]
        elif item == "salt":
            if fair.enter_salt():
                fair.pad.lang = 1 if self.text is _TEXT[1] else 0   # its rows in the menu's language
                return "close"
            self.page = [tx["salt"], tx["late"] if fair.seed is not None else tx["none"]]
        elif item == "own":
            fair.set_manual(not fair.manual)
        else:
            self.page = self._seed_rows()
        return None

    def _seed_rows(self):
        tx = self.text
        h = self.fair.commitment()
        out = []
        if h is not None:
            out += [tx["hash"] + " " + h[:11], h[11:27]]
        last = self.fair.revealed
        if last:
            out += [tx["seed_was"], last[0:16], last[16:32], last[32:48]]
        return out[:6] or [tx["title"], tx["none"]]

    def rows(self):
        if self.page is not None:
            return self.page
        tx = self.text
        out = [tx["title"]]
        for i in range(len(ITEMS)):
            item = ITEMS[i]
            row = (">" if i == self.cursor else " ") + tx[item]
            if item == "own":
                row += " " + (tx["on"] if self.fair.manual else tx["off"])
            out.append(row[:16])
        out.append(tx["help"][:16])
        return out
