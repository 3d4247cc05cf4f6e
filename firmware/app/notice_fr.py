"""A notice of the App (a fault, a failed save, a part missing, a refused USB answer: the
App's own rows, written in English where they are raised) in French on a French board
(issue 26: "STATE NOT SAVED" on a French board). Loaded by App.notice for the call
(notice_fr.french), so an English board carries none of it, and the resident code keeps its
English rows as they are.

french(rows): each row found in WORDS is replaced by its French (a '|' starts another
row); the rows between found ones are a text wrapped to the width (a reason in words: "no
space left", an errwords or store.why text), joined again and said in French if WORDS has
it. A '*' in WORDS stands for any text, said in French in turn where WORDS has it (a part's
name, an errno's words); the first line that fits is taken (the most general last). What
WORDS lacks (an exception's text, a file name) is kept as it was. The same list comes back
when nothing changed (app/grading.py knows its notice by it).
"""
from base.textrows import wrap

# English=French, one a line; the rows of a notice (upper-case titles) and the reasons in
# words that fill them (errwords.py's, store.py's, the USB seat's, the parts'); in blocks
# small enough for a fragmented heap, as game/i18n.py's
WORDS = (
    """
STATE NOT SAVED=ÉTAT NON SAUVÉ
RECORD NOT SAVED=RELEVÉ NON SAUVÉ
kept, will retry=gardé, nouvel|essai bientôt
MEMORY LOW:=MÉMOIRE BASSE:
record line=ligne du relevé
delayed, kept=retardée, gardée
NEW RECORD FILE=NOUVEAU RELEVÉ
old one is from=l'ancien, d'un
other firmware,=autre logiciel,
kept. Now:=est gardé. Ici:
FAULT in *=PANNE: *
MATCH NOT LOADED=MATCH NON CHARGÉ
old match kept=ancien gardé
new match=nouveau match
MATCH UNREADABLE=MATCH ILLISIBLE
kept, not saved=gardé, jamais
over. New match=écrasé.|Nouveau match
STATE LOST=ÉTAT PERDU
CALIBRATION=ÉTALONNAGE
PARTS MISSING=PIÈCES EN PANNE
""",
    """
+* more: serial=+*: voir série
USB ANSWER=RÉPONSE USB
REFUSED:=REFUSÉE:
BOARD CANNOT=LE TABLIER NE
PLAY: *=PEUT JOUER:|*
seats back to=places rendues
persons=aux joueurs
STRONG LEVEL=NIVEAU FORT
NORMAL LEVEL=NIVEAU NORMAL
plays without=joue sans son
its leaf net:=réseau final:
FAIR DICE FAULT=PANNE DÉS SÛRS
DICE NOT SAVED=DÉS NON SAUVÉS
scan=capteurs
buttons=boutons
clock=pendule
dice=dés
engine=moteur
outbox=envoi
display=écran
scanner=capteurs
""",
    """
leds=LED
oled=écran
buzzer=buzzer
no memory=plus de mémoire
flash error=erreur de flash
flash error *=erreur de flash *
no weights=pas de poids
bad weights=poids abîmés
unread old match kept=ancien match gardé
no space left=flash pleine
flash full=flash pleine
flash read or write error=erreur de lecture ou d'écriture
flash read/write error=erreur de lecture ou d'écriture
no such file or folder=fichier absent
file not found=fichier absent
flash is read-only=flash en lecture seule
read-only flash=flash en lecture seule
file name too long=nom trop long
name too long=nom trop long
file already exists=le fichier existe déjà
""",
    """
is a folder=c'est un dossier
not a folder=pas un dossier
folder not empty=dossier non vide
invalid argument=demande invalide
invalid request=demande invalide
access refused=accès refusé
no such device=appareil absent
no filesystem=pas de fichiers
file not open=fichier non ouvert
too many open files=trop de fichiers ouverts
damaged data=données abîmées
flash data corrupt=données abîmées
file too large=fichier trop grand
timed out=délai dépassé
flash timed out=flash: délai dépassé
system error *=erreur système *
old match in * not overwritten=l'ancien match * est gardé
checksum mismatch=somme de contrôle fausse
not a state file (bad magic)=pas un fichier de match
""",
    """
file too short (* bytes)=fichier trop court (* octets)
dice not saved: *=dés non sauvés: *
dice file not understood: a new seed=fichier des dés illisible: nouvelle graine
no display=écran muet
* not built=* en panne
sensors unpowered=capteurs sans courant
sensor half *=demi-tablier * en panne
bank * dead=banc * en panne
* sensors bad=* capteurs faux
nothing is asked of the computer on USB now=rien n'est demandé au PC USB maintenant
name the question: *=nommez la question: *
question * is not asked now: question * is=la question * n'est pas posée: c'est la *
*: using defaults, please calibrate=*: réglages d'usine, étalonnez le tablier
no calibration saved=aucun étalonnage sauvé
calibration lost (*)=étalonnage perdu (*)
* (*)=* (*)
""",
)


def say(text):
    """The French of `text` from WORDS, or None."""
    for block in WORDS:
        i = block.find("\n" + text + "=")
        if i >= 0:
            i += len(text) + 2
            return block[i:block.find("\n", i)]
    for block in WORDS:
        start = 0
        while True:
            star = block.find("*", start)
            if star < 0:
                break
            a = block.rfind("\n", 0, star) + 1
            end = block.find("\n", star)
            start = end
            line = block[a:end]
            eq = line.find("=")
            if eq < line.find("*"):
                continue                     # the '*' is the French side's
            got = _match(line[:eq], text)
            if got is None:
                continue
            out = line[eq + 1:]
            for part in got:
                fr = say(part)
                out = out.replace("*", part if fr is None else fr, 1)
            return out
    return None


def _match(pattern, text):
    """The texts the '*'s of `pattern` stand for in `text` (each at least a character),
    or None when `text` is not of that pattern."""
    star = pattern.find("*")
    if star < 0:
        return [] if pattern == text else None
    if not text.startswith(pattern[:star]):
        return None
    rest = pattern[star + 1:]
    nxt = rest.find("*")
    if nxt < 0:                              # the last '*': the rest ends the text
        if text.endswith(rest) and len(text) - len(rest) > star:
            return [text[star:len(text) - len(rest)]]
        return None
    k = text.find(rest[:nxt], star + 1)
    while k >= 0:                            # each place the text between two '*'s is
        got = _match(rest, text[k:])
        if got is not None:
            return [text[star:k]] + got
        k = text.find(rest[:nxt], k + 1)
    return None


def french(rows):
    """The notice `rows` in French (at most 6 rows, as the OLED has)."""
    out = []
    run = []
    changed = False
    for row in rows + [None]:
        fr = None if row is None else say(row)
        if fr is None and row is not None:
            run.append(row)
            continue
        if run:
            joined = say(" ".join(run))
            if joined is None:
                out += run
            else:
                out += wrap(joined.replace("|", "\n"), 16)
                changed = True
            run = []
        if fr is not None:
            out += wrap(fr.replace("|", "\n"), 16)
            changed = True
    return out[:6] if changed else rows
