"""`python -m host_tools replaymatches [--limit N] [--no-bench] [DIR]`: replay real matches
through the rules core.

Each .mat/.txt file is read with host_tools/matfile.py and replayed move by move: every
recorded play is printed with `bg.notation.format_play` and must be found by
`bg.notation.find_play` among `bg.movegen.legal_plays` for that position and roll (matched
by resulting position, as GNU Backgammon deduplicates plays), every "Cannot Move" a roll
with no legal play, the opening play never a double, the turn order and the cube actions
must be accepted by `bg.match.Match` (no double in the Crawford game, only the player on
roll, only with access to the cube), games played out must score what the core's
`bg.scoring` says, and every game must start at the score the core has reached, the match
ending at its recorded final score.

The full run writes its figures into BENCHMARKS.md (section `real_matches`).
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from bg.match import Match, BY_RESIGNATION
from bg.movegen import apply_step, legal_plays
from bg.notation import find_play, format_play
from bg.position import Position
from bg.scoring import game_result

from host_tools import matfile

REAL_MATCHES = os.path.join(os.path.dirname(ROOT), "shared", "data", "real-matches")


class Replay:
    """The outcome of replaying one match: counts and the problems found (text)."""

    def __init__(self, name):
        self.name = name
        self.plays = 0          # checker plays checked against the generator
        self.passes = 0         # "cannot move" rolls checked
        self.cube_actions = 0
        self.games = 0
        self.unrecorded = 0     # plays the file itself leaves out (`????`)
        self.capped = 0         # match-winning games recorded with capped points
        self.jacoby = 0         # gammons recorded as 1 point with the cube centred
        self.forfeits = 0       # matches awarded by the site (more than a backgammon)
        self.open_ended = False  # the file stops before the match is over
        self.problems = []
        self.final_score = None

    def problem(self, game, row, text):
        self.problems.append("%s game %d action %d: %s" % (self.name, game, row, text))


def match_files(folder=REAL_MATCHES):
    out = []
    for d, _, files in os.walk(folder):
        for f in files:
            if f.endswith((".txt", ".mat")):
                out.append(os.path.join(d, f))
    return sorted(out)


def replay_file(path):
    name = os.path.relpath(path, REAL_MATCHES) if path.startswith(REAL_MATCHES) else path
    try:
        match = matfile.read(path)
    except matfile.MatError as e:
        r = Replay(name)
        r.problems.append(str(e))
        return r
    return replay(match, name)


def replay(match, name="match"):
    """Replay a MatMatch through the rules core; returns a Replay."""
    r = Replay(name)
    cube_max = int(match.headers.get("CubeLimit", "1024") or 1024)
    core = Match(match.length, cube_max=min(cube_max, 1 << 15), crawford_rule=match.crawford,
                 beavers="B" in match.money_rules, jacoby="J" in match.money_rules)
    for g, game in enumerate(match.games, 1):
        r.games += 1
        if core.is_over():
            r.problem(g, 0, "a game after the match was won")
            break
        if tuple(core.score) != game.score:
            r.problem(g, 0, "starts at %s but the replay reached %s" % (game.score, tuple(core.score)))
            core.score = list(game.score)      # go on from the file's score
        _replay_game(core, game, g, r, match.server_scored)
    final = match.final_score()
    r.final_score = final
    if final is None:
        r.problem(len(match.games), 0, "the last game has no result")
    elif tuple(core.score) != final:
        r.problem(len(match.games), 0, "ends at %s, recorded %s" % (tuple(core.score), final))
    else:
        # Galaxy marks the last result `and the match`; Studio does not
        ends = match.games[-1].winner_action()[3] or bool(match.length and max(final) >= match.length)
        if ends != core.is_over():
            r.problem(len(match.games), 0, "the file says the match %s at %s, the core says %s"
                      % ("ends" if ends else "goes on", final, "it ends" if core.is_over() else "not"))
        r.open_ended = not ends
    return r


def _replay_game(core, game, g, r, server_scored=False):
    pos = Position.start()           # from the view of `on_roll`
    on_roll = None
    played_out = False               # the game ended on the board (or by a pass)
    game_no = core.game_number
    first_move = True
    for i, action in enumerate(game.actions, 1):
        kind, p = action[0], action[1]
        if kind in ("loss", "rolled"):
            continue          # (a roll never played: the game's result follows it)
        if kind == "win":
            _check_win(core, game_no, action, played_out, g, i, r, server_scored)
            return
        if played_out:
            r.problem(g, i, "%s after the game was over" % kind)
            return
        if kind == "move":
            _, _, d1, d2, moves = action
            if on_roll is None:
                on_roll = p
                if d1 == d2:
                    r.problem(g, i, "opening play with a double %d%d" % (d1, d2))
            elif p != on_roll:
                r.problem(g, i, "player %d moved out of turn" % p)
                pos = pos.swapped()
                on_roll = p
            if moves is None:
                # the file leaves this play out (Studio's `????`): the game's result
                # cannot be checked, only taken from the file
                r.unrecorded += 1
                rest = [a for a in game.actions[i:] if a[0] != "loss"]
                if len(rest) != 1 or rest[0][0] != "win":
                    r.problem(g, i, "an unrecorded play not followed by the result")
                    return
                core.award(rest[0][1], rest[0][2], BY_RESIGNATION)
                return
            plays = legal_plays(pos, d1, d2)
            if not moves:
                r.passes += 1
                if len(plays):
                    r.problem(g, i, "'cannot move' with %d%d but %d legal plays, e.g. %s"
                              % (d1, d2, len(plays), plays[0].notation()))
                after = pos
            else:
                r.plays += 1
                after, hits = _apply_recorded(pos, moves)
                if after is None:
                    r.problem(g, i, "%d%d: %s moves a checker the player does not have there"
                              % (d1, d2, matfile.play_text(moves)))
                    return
                # Through the core's notation: print the play, then find it among the
                # legal plays by resulting position (bg.notation.find_play).
                text = format_play(moves, hits)
                found = find_play(plays, text)
                if found is None:
                    r.problem(g, i, "%d%d: %s is not a legal play (%d legal)"
                              % (d1, d2, text, len(plays)))
                elif found.apply(pos) != after:
                    r.problem(g, i, "%d%d: %s found as %s, another position"
                              % (d1, d2, text, found.notation()))
            first_move = False
            if game_result(after) is not None:
                reason = core.end_game_at(after, p)
                if reason:
                    r.problem(g, i, "core refused the game end: %s" % reason)
                played_out = True
            pos = after.swapped()
            on_roll = 1 - p
        elif kind == "double":
            r.cube_actions += 1
            turn = p if on_roll is None else on_roll
            if first_move and on_roll is None:
                r.problem(g, i, "double before the opening roll")
            value = core.cube.value * 2
            reason = core.double(p, turn, False)
            if reason:
                r.problem(g, i, "double refused by the core: %s" % reason)
            elif action[2] != value:
                r.problem(g, i, "doubles to %d but the cube was at %d" % (action[2], core.cube.value))
        elif kind == "take":
            r.cube_actions += 1
            reason = core.take(p)
            if reason:
                r.problem(g, i, "take refused by the core: %s" % reason)
        elif kind == "beaver":
            r.cube_actions += 1
            reason = core.beaver(p)
            if reason:
                r.problem(g, i, "beaver refused by the core: %s" % reason)
        elif kind == "drop":
            r.cube_actions += 1
            reason = core.drop(p)
            if reason:
                r.problem(g, i, "drop refused by the core: %s" % reason)
            played_out = True
    r.problem(g, len(game.actions), "the game has no result")


def _apply_recorded(pos, moves):
    """(position after the recorded steps, which steps hit) or (None, None) when a step
    starts from a point where the mover has no checker. A blot landed on is hit."""
    after = pos.copy()
    hits = []
    for frm, to in moves:
        if not after.me[frm - 1]:
            return None, None
        hits.append(apply_step(after.me, after.opp, frm, to))
    return after, hits


def _check_win(core, game_no, action, played_out, g, i, r, server_scored=False):
    _, p, points, ends_match = action
    if points == 0:
        # a board record's `E p 0`: seed 003's ghost won the game, its points not counted
        # (firmware/game/flows.py's uncount takes them back, as the board does)
        from game.flows import uncount
        if not played_out:
            reason = core.award(p, 0, BY_RESIGNATION)       # (a resignation or a time loss)
            if reason:
                r.problem(g, i, "a game won for no points refused by the core: %s" % reason)
        elif core.last_game[0] != p:
            r.problem(g, i, "recorded: player %d wins; core: player %d" % (p, core.last_game[0]))
        else:
            uncount(core, p, core.last_game[1])
        return
    before = core.score[p]
    need = core.length - before if core.length else 0
    ends_match = ends_match or bool(core.length and points >= need)
    if played_out:
        winner, got, kind, _ = core.last_game
        if core.game_number == game_no and not core.is_over():
            r.problem(g, i, "the core did not finish the game")
        elif winner != p:
            r.problem(g, i, "recorded: player %d wins; core: player %d" % (p, winner))
        elif got != points:
            if ends_match and need <= points < got:
                # Galaxy caps the match-winning game's points (at the match length)
                r.capped += 1
                core.score[p] = before - got + points
            elif points == 1 and kind >= 2 and core.cube.value == 1 and not core.cube.turned():
                r.jacoby += 1     # a single-game money record scored with the Jacoby rule
                core.score[p] = before - got + points
            elif server_scored and kind == 0:
                from app.online import rescore_match
                rescore_match(core, points)   # a pass scored by the online server's rule (issue 29)
            else:
                r.problem(g, i, "recorded: player %d wins %d; core: %d" % (p, points, got))
        return
    # A win before the game is over: the loser resigned a single game, a gammon or a
    # backgammon, times the cube (the match-winning game's points may be capped).
    value = core.cube.value
    kind = 0
    for k in (1, 2, 3):
        if k * value == points:
            kind = k
    if not kind and ends_match and points >= need:
        for k in (1, 2, 3):
            if not kind and need <= points < k * value:
                kind = k
        if not kind:
            # more than a backgammon: the site awarded the match (a forfeit)
            r.forfeits += 1
            core.award(p, points, BY_RESIGNATION)
            return
        r.capped += 1
    if not kind:
        r.problem(g, i, "resignation worth %d points with the cube at %d" % (points, value))
        core.award(p, points, BY_RESIGNATION)     # go on from the file's score
        return
    reason = core.resign(1 - p, kind) or core.accept_resignation(p)
    if reason:
        r.problem(g, i, "resignation refused by the core: %s" % reason)
    elif core.last_game[:2] != (p, kind * value):
        r.problem(g, i, "resignation scored %s, recorded %d" % (core.last_game[:2], points))
    elif points != kind * value:
        core.score[p] = before + points


def summarize(results, seconds):
    plays = sum(r.plays for r in results)
    passes = sum(r.passes for r in results)
    cube = sum(r.cube_actions for r in results)
    games = sum(r.games for r in results)
    bad = [r for r in results if r.problems]
    lines = [
        "Real matches replayed through the rules core (`python -m host_tools replaymatches`, "
        "CPython): %d match files, %d games, %d checker plays each printed by `format_play` "
        "and found by `find_play` among `legal_plays`, %d no-move rolls each with no legal "
        "play, %d cube actions accepted by `bg.match`; %.1f s (%.2f ms a play)."
        % (len(results), games, plays, passes, cube, seconds, 1000.0 * seconds / max(1, plays)),
        "",
        "Files with a problem: %d. Allowed for what the sites write:" % len(bad),
    ]
    notes = (
        ("unrecorded", "plays the files leave out (Studio's `????`, a game's last play): "
                       "that game's result is taken from the file"),
        ("capped", "match-winning results recorded with capped points (Galaxy writes at most the "
                   "match length, often just what the winner needed): accepted when the real "
                   "result is at least what the winner needed"),
        ("jacoby", "gammons recorded as 1 point with the cube never turned (Jacoby rule) in "
                   "Galaxy's one-game `16 point match` records"),
        ("forfeits", "matches awarded by the site for more than a backgammon is worth (forfeits)"),
    )
    for attr, text in notes:
        n = sum(getattr(r, attr) for r in results)
        if n:
            lines.append("- %d %s." % (n, text))
    n = sum(1 for r in results if r.open_ended)
    if n:
        lines.append("- %d files stop before the match is over (one recorded game): their final "
                     "score is checked, not a match end." % n)
    if bad:
        lines.append("")
        lines.append("Problems:")
    for r in bad[:20]:
        for p in r.problems[:3]:
            lines.append("- " + p)
    return "\n".join(lines)


def gnubg_import_warnings(files):
    """Files whose `import mat` in GNU Backgammon prints a WARNING (None without gnubg).
    gnubg prints at C level: fd 1 is captured around each command."""
    try:
        import gnubg  # noqa: F401
    except ImportError:
        return None
    from host_tools.gnubg_capture import command, setup
    setup()
    out = []
    for f in files:
        text = command('import mat "%s"' % f)
        if "WARNING" in text:
            line = [l for l in text.splitlines() if "WARNING" in l][0]
            out.append((os.path.relpath(f, REAL_MATCHES), line.strip()))
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools replaymatches", description=__doc__.split("\n")[0])
    ap.add_argument("folder", nargs="?", default=REAL_MATCHES)
    ap.add_argument("--limit", type=int, default=0, help="replay only the first N files")
    ap.add_argument("--no-bench", action="store_true", help="do not write BENCHMARKS.md")
    args = ap.parse_args(argv)
    files = match_files(args.folder)
    if not files:
        print("no .mat/.txt match files under %s" % args.folder, file=sys.stderr)
        return 2
    if args.limit:
        files = files[:args.limit]
    t0 = time.time()
    results = [replay_file(f) for f in files]
    seconds = time.time() - t0
    text = summarize(results, seconds)
    warned = gnubg_import_warnings(files)
    if warned:
        text += ("\n\nGNU Backgammon's `import mat` warns on %d of these files; the core and "
                 "gnubg's own move generator (`findbestmoves`) both list those plays as legal "
                 "(tests/test_real_matches.py):\n" % len(warned))
        text += "\n".join("- %s: %s" % w for w in warned)
    print(text)
    if not args.no_bench and not args.limit and args.folder == REAL_MATCHES:
        from host_tools import benchmd
        benchmd.write_section("real_matches", text)
    return 1 if any(r.problems for r in results) else 0
