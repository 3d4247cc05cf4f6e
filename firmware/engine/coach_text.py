"""What the coach shows: rows for the 16-column, 6-row OLED and the serial event lines of a
hint, a grade and a review. Plain text in English (the Table's i18n can replace the
words: they are the module's constants). Nothing here computes: engine/coach.py and
engine/review.py do; the Table calls these once per screen.
"""
from engine.hint import milli
from base.events import line

COLS = 16


def signed(units):
    """An equity in 1/65536 as the OLED shows it: "+0.138", "-1.204" (thousandths)."""
    m = milli(units)
    sign = "-" if m < 0 else "+"
    m = -m if m < 0 else m
    return "%s%d.%03d" % (sign, m // 1000, m % 1000)


HINT_WORDS = ("hint %d", "no legal play", "equity")
REVIEW_WORDS = ("rate", "doubt", "blund", "luck", "(x1000 per move)")


def hint_rows(rank, notation, value, words=HINT_WORDS):
    """A hint: "hint 1" (the best; 2 the second best...), the play's notation (wrapped at
    16 columns), its equity; `words` the French ones on a French board (app/hints.py)."""
    rows = [words[0] % rank]
    text = notation or words[1]
    while len(text) > COLS:
        cut = text.rfind(" ", 0, COLS + 1)
        cut = COLS if cut <= 0 else cut
        rows.append(text[:cut])
        text = text[cut:].lstrip()
    rows.append(text)
    rows.append(words[2] + " " + signed(value))
    return rows[:6]


def grade_rows(kind, grade, loss):
    """A graded decision, shown briefly after the commit: "play: blunder", "lost 0.093";
    kind "play", "double" (the doubler's choice), "answer"."""
    from engine.coach import GRADE_NAMES, FINE     # grading's (a hint loads engine.hint only)
    name = GRADE_NAMES[grade]
    rows = [("%s: %s" % (kind, name))[:COLS]]
    if grade != FINE or loss:
        rows.append("lost %s" % signed(loss)[1:])
    return rows


def _rate(t, width):
    """The error rate in `width` columns: 12.5, then 113 when the tenth does not fit (issue
    26: "112." was shown for 112.5), then 9999 at most."""
    r = t.error_rate_x10()
    s = "%d.%d" % (r // 10, r % 10)
    if len(s) > width:
        s = "%d" % min((r + 5) // 10, 10 ** width - 1)
    return s


def review_rows(tallies, names, title="review", words=REVIEW_WORDS):
    """The review of a game or a match on the OLED: error rate, doubtful plays, blunders,
    luck for both players, in two columns of 5 (the names cut to 4 letters); `words` the
    row labels (French on a French board: app/grading.py)."""
    a, b = tallies
    w = words
    rows = ["%-6s%5s %4s" % (title[:6], names[0][:4], names[1][:4])]   # a gap after the title
    rows.append("%-6s%5s %4s" % (w[0], _rate(a, 5), _rate(b, 4)))
    rows.append("%-6s%5d %4d" % (w[1], a.doubtful, b.doubtful))
    rows.append("%-6s%5d %4d" % (w[2], a.blunders, b.blunders))
    la, lb = milli(a.luck), milli(b.luck)
    rows.append("%-5s%+6d %+4d" % (w[3], la, lb) if -999 <= lb <= 999 and -99999 <= la <= 99999
                else "%-5s%+6d" % (w[3], la))
    rows.append(w[4])
    return [r[:COLS] for r in rows]


def review_event(scope, tallies):
    """The serial line of a review: {"t":"review","of":"game"|"match","er":[rate x10, ...],
    "dec":[decisions...],"doubtful":[...],"blunders":[...],"luck":[milli...]}."""
    a, b = tallies
    return line("review", (("of", scope), ("er", [a.error_rate_x10(), b.error_rate_x10()]),
                           ("dec", [a.decisions(), b.decisions()]),
                           ("doubtful", [a.doubtful, b.doubtful]),
                           ("blunders", [a.blunders, b.blunders]),
                           ("luck", [milli(a.luck), milli(b.luck)])))


def hint_event(player, rank, moves, notation, value):
    """The serial line of a hint: {"t":"hint","p":..,"k":rank,"m":[[f,t]...],"n":..,"eq":milli}."""
    return line("hint", (("p", player), ("k", rank), ("m", [[f, t] for f, t in moves]),
                         ("n", notation), ("eq", milli(value))))


def grade_event(player, kind, grade, loss):
    """The serial line of a graded decision: {"t":"grade","p":..,"a":kind,"g":"fine"|...,
    "loss":milli}."""
    from engine.coach import GRADE_NAMES
    return line("grade", (("p", player), ("a", kind), ("g", GRADE_NAMES[grade]), ("loss", milli(loss))))
