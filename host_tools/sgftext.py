"""GNU Backgammon's SGF (GM[6]) of a match read from a board record (host_tools/matfile.py's
match): the moves and cube actions, node by node. cmd_export.py writes it as it is,
sgfexport.py with the coach's analysis appended to the nodes (a leaf module: both import
it, it imports neither).
"""

from bg.play import apply_step
from host_tools import matfile


def _sgf_escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_point(player, point):
    """GNU Backgammon's SGF letters: a..x for the points (player 0 counts from its own
    1-point, player 1 from the other end), y for the bar, z for off."""
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("a") + 24 - point)


def sgf_text(match, analysis=None):
    """The match as GNU Backgammon writes SGF: one game tree per game, player 0 as White.
    (This gnubg build crashes loading SGF, so the tests compare against its own SGF export.)
    analysis: {(game index, action index): properties appended to that node}
    (host_tools/sgfexport.py)."""
    analysis = analysis or {}
    trees = []
    crawford_seen = False
    for n, game in enumerate(match.games):
        props = ["FF[4]", "GM[6]", "CA[UTF-8]", "AP[Tablier]",
                 "MI[length:%d][game:%d][ws:%d][bs:%d]" % (match.length, n, game.score[0], game.score[1]),
                 "PW[%s]" % _sgf_escape(match.players[0]), "PB[%s]" % _sgf_escape(match.players[1])]
        if n == 0:
            if match.date:
                props.append("DT[%s]" % match.date)
            props.append("PC[%s]" % _sgf_escape(match.site or "Tablier"))
        if match.crawford:
            crawford = (not crawford_seen and match.length and max(game.score) == match.length - 1)
            crawford_seen = crawford_seen or bool(crawford)
            props.append("RU[Crawford:CrawfordGame]" if crawford else "RU[Crawford]")
        nodes = []
        boards = [list(matfile._START), list(matfile._START)]
        over = False          # borne off, or dropped: a win without it is a resignation
        for ai, a in enumerate(game.actions):
            kind, p = a[0], a[1]
            extra = analysis.get((n, ai), "")
            colour = "W" if p == 0 else "B"
            if kind == "move":
                _, _, d1, d2, moves = a
                for f, t in moves or ():
                    apply_step(boards[p], boards[1 - p], f, t)
                # gnubg stores a play's steps highest point first (its canonical order)
                ordered = sorted(moves or (), key=lambda m: (-m[0], -m[1]))
                steps = "".join(_sgf_point(p, f) + _sgf_point(p, t) for f, t in ordered)
                nodes.append(";%s[%d%d%s]%s" % (colour, d1, d2, steps, extra))
                over = over or not any(boards[p])
            elif kind in ("double", "take", "drop"):
                nodes.append(";%s[%s]%s" % (colour, kind, extra))
                over = over or kind == "drop"
            elif kind == "beaver":
                nodes.append(";%s[beaver]%s" % (colour, extra))
            elif kind == "win":
                props.append("RE[%s+%d%s]" % (colour, a[2], "" if over else "R"))
        trees.append("(;" + "".join(props) + "\n" + "\n".join(nodes) + ")")
    return "\n".join(trees) + "\n"
