"""`python -m host_tools export RECORD [-o OUT.mat] [--port P] [--no-check]`: a board match
record (firmware/record.py) as a GNU Backgammon-importable Jellyfish `.mat` file.

With --port, RECORD is a path on the board (e.g. `records/m0001.tbr`) and is first copied
to the PC with `mpremote connect P cp :RECORD .`; without a board that fails with a clear
message and a non-zero exit.

Damaged record lines are skipped with a warning naming each line; a record from a newer
firmware is refused. Unless --no-check, the match is replayed through the rules core
first and every problem is reported (GNU Backgammon would drop an illegal move and replay
the rest of the game on a wrong board); the file is still written, and the exit code is 1.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.append(os.path.join(ROOT, "firmware"))

import record  # noqa: E402
from host_tools import matfile  # noqa: E402


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


def export_record(path, out, check=True, err=sys.stderr):
    """Write the .mat for record file `path` to `out`; returns the exit code."""
    try:
        events, problems = record.read_file(path)
    except record.RecordError as e:
        print("%s: %s" % (path, e), file=err)
        return 1
    except OSError as e:
        print("cannot read %s: %s" % (path, e), file=err)
        return 1
    for n, reason in problems:
        print("%s line %d skipped: %s" % (path, n, reason), file=err)
    try:
        match = matfile.from_record(events)
    except ValueError as e:
        print("%s: %s" % (path, e), file=err)
        return 1
    if not match.games:
        print("%s: no game in this record" % path, file=err)
        return 1
    code = 0
    if check:
        from host_tools.cmd_replaymatches import replay
        result = replay(match, path)
        unfinished = match.final_score() is None
        for p in result.problems:
            if unfinished and ("has no result" in p or "last game" in p):
                continue     # a match in progress: exported as far as it goes
            print("check: " + p, file=err)
            code = 1
    with open(out, "w") as f:
        f.write(matfile.write(match))
    print("wrote %s: %d game(s), %s vs %s" % (out, len(match.games), match.players[0], match.players[1]))
    return code


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools export", description=__doc__.split("\n")[0])
    ap.add_argument("record", help="record file (on the board with --port)")
    ap.add_argument("-o", "--output", help="output .mat file (default: RECORD with .mat)")
    ap.add_argument("--port", help="serial port of the board: pull RECORD from it with mpremote")
    ap.add_argument("--no-check", action="store_true", help="skip the replay through the rules core")
    args = ap.parse_args(argv)
    out = args.output or os.path.splitext(os.path.basename(args.record.lstrip(":")))[0] + ".mat"
    if args.port:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                local = pull_from_board(args.port, args.record, tmp)
            except SystemExit as e:
                print(e, file=sys.stderr)
                return 1
            return export_record(local, out, not args.no_check)
    if not os.path.exists(args.record):
        print("no such record file: %s (to pull it from the board, add --port)" % args.record,
              file=sys.stderr)
        return 1
    return export_record(args.record, out, not args.no_check)
