"""`python -m host_tools export RECORD [-o OUT.mat|OUT.sgf] [--port P] [--no-check] [--analysis]`:
a board match record (host_tools/record_read.py) as a GNU Backgammon-importable Jellyfish `.mat`
file, or as GNU Backgammon's own SGF when the output name ends in `.sgf` (with --analysis:
the coach's grading, hints and luck in gnubg's analysis properties, host_tools/sgfexport.py;
`.mat` never carries analysis).

With --port, RECORD is a path on the board (e.g. `records/m0001.tbr`) and is first copied
to the PC with `mpremote connect P cp :RECORD .`; without a board that fails with a clear
message and a non-zero exit.

Torn record lines (their check fails: a power cut) are skipped with a warning naming each
line; any other damaged line is skipped too, and the exit code is 1. A record from a newer
firmware is refused. Matches started but never played are left out. Unless --no-check, the
match is replayed through the rules core first and every problem is reported (GNU
Backgammon would drop an illegal move and replay the rest of the game on a wrong board);
the file is still written, and the exit code is 1. Messages say what is wrong in words;
names and paths are printed with control characters replaced.
"""
import argparse
import os
import subprocess
import sys
import tempfile

from host_tools import record_read as record
from host_tools import matfile
from host_tools.matfile import split_matches, PLAYED  # noqa: F401 (record matches: matfile's)
from host_tools.sgftext import sgf_text  # (the SGF moves, shared with sgfexport.py)


def pull_from_board(port, remote, dest_dir):
    """Copy `remote` (a path on the board) into dest_dir with mpremote; the local path,
    or raise SystemExit with the reason."""
    local = os.path.join(dest_dir, os.path.basename(remote.lstrip(":")))
    cmd = [sys.executable, "-m", "mpremote", "connect", port, "cp", ":" + remote.lstrip(":"), local]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        raise SystemExit("no answer from a board on %s (mpremote timed out)" % port)
    if proc.returncode != 0 or not os.path.exists(local):
        detail = (proc.stderr or proc.stdout).strip().splitlines()
        raise SystemExit("could not copy %s from a board on %s: %s" % (
            remote, port, detail[-1] if detail else "mpremote failed"))
    return local


def numbered(out, n, total):
    """OUT for a single match; OUT-1, OUT-2, ... (before the extension) for several."""
    if total == 1:
        return out
    base, ext = os.path.splitext(out)
    return "%s-%d%s" % (base, n, ext)


def export_record(path, out, check=True, err=sys.stderr, analysis=False):
    """Write the .mat (or .sgf) of every match in record file `path`; returns the exit code:
    0, or 1 when the record is broken (a line that is not a torn one, a check that fails)
    or the output cannot be written."""
    shown = printable(path)
    try:
        events, problems = record.read_file(path)
    except record.RecordError as e:
        print("%s: %s" % (shown, e), file=err)
        return 1
    except OSError as e:
        print("cannot read %s: %s" % (shown, words(e)), file=err)
        return 1
    code = 0
    for n, reason in problems:
        print("%s line %d skipped: %s" % (shown, n, reason), file=err)
        if not record.is_torn(reason):
            code = 1         # a line a power cut cannot leave: the record is damaged
    matches = split_matches(events)
    played = [m for m in matches if any(ev[0] in PLAYED for ev in m)]
    if len(played) < len(matches):
        # a match started and not played (a board switched off before its opening roll)
        print("%s: %d match start(s) without a move left out" % (shown, len(matches) - len(played)),
              file=err)
    if not played:
        print("%s: no game in this record" % shown, file=err)
        return 1
    for n, match_events in enumerate(played, 1):
        code = max(code, _export_one(shown, match_events, numbered(out, n, len(played)), check, err,
                                     analysis))
    return code


def printable(text):
    """`text` safe to print and to write into a file: control characters (escape codes)
    replaced by '?'."""
    return "".join(c if c.isprintable() else "?" for c in str(text))


def words(exc):
    """An OSError in words (base/errwords.py: the same table on the board)."""
    from base import errwords
    return errwords.words(exc)


def _export_one(shown, events, out, check, err, analysis=False):
    if events[0][0] != "match":
        print("%s: a match whose match line is missing or damaged (its length and rules are "
              "unknown): not exported" % shown, file=err)
        return 1
    try:
        match = matfile.from_record(events)
    except ValueError as e:
        print("%s: %s" % (shown, e), file=err)
        return 1
    joined = [g for g in match.games if g.joined]
    for g in joined:
        why = ("the board took the online server's position in its middle" if match.server_scored
               else "the record was started again there")
        print("%s: the game at %d-%d was joined in progress (%s, position %s): left out, the "
              "match goes on from the next game" % (shown, g.score[0], g.score[1], why,
                                                     printable(g.joined)), file=err)
    match.games = [g for g in match.games if not g.joined]
    if not match.games:
        print("%s: no complete game yet in this match" % shown, file=err)
        return 0 if joined else 1
    code = 0
    if check:
        from host_tools.cmd_replaymatches import replay
        result = replay(match, shown)
        unfinished = match.final_score() is None
        last_game = "%s game %d " % (shown, len(match.games))
        continued = joined or match.games[0].score != (0, 0)
        for p in result.problems:
            if unfinished and p.startswith(last_game) and ("has no result" in p or "last game" in p):
                continue     # a match in progress: exported as far as it goes
            if continued and p.startswith("%s game 1 action 0: starts at" % shown):
                continue     # the record started again mid-match: its first game's score holds
            print("check: " + p, file=err)
            code = 1
    if not out.lower().endswith(".sgf"):
        text = matfile.write(match)          # .mat stays clean for import: no analysis
    elif analysis:
        from host_tools.sgfexport import analysed_sgf_text
        text = analysed_sgf_text(match)
    else:
        text = sgf_text(match)
    try:
        with open(out, "w") as f:
            f.write(text)
    except OSError as e:
        print("cannot write %s: %s" % (printable(out), words(e)), file=err)
        return 1
    print("wrote %s: %d game(s), %s vs %s" % (printable(out), len(match.games), match.players[0],
                                              match.players[1]))
    return code


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools export", description=__doc__.split("\n")[0])
    ap.add_argument("record", help="record file (on the board with --port)")
    ap.add_argument("-o", "--output", help="output .mat file (default: RECORD with .mat)")
    ap.add_argument("--port", help="serial port of the board: pull RECORD from it with mpremote")
    ap.add_argument("--no-check", action="store_true", help="skip the replay through the rules core")
    ap.add_argument("--analysis", action="store_true",
                    help=".sgf: add the coach's analysis in GNU Backgammon's properties")
    args = ap.parse_args(argv)
    out = args.output or os.path.splitext(os.path.basename(args.record.lstrip(":")))[0] + ".mat"
    if args.port:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                local = pull_from_board(args.port, args.record, tmp)
            except SystemExit as e:
                print(e, file=sys.stderr)
                return 1
            return export_record(local, out, not args.no_check, analysis=args.analysis)
    if not os.path.exists(args.record):
        print("no such record file: %s (to pull it from the board, add --port)" % args.record,
              file=sys.stderr)
        return 1
    return export_record(args.record, out, not args.no_check, analysis=args.analysis)
