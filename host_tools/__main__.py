"""`python -m host_tools COMMAND [args...]`: the project's tools, one command table (as
mpremote's): each command's module is host_tools/cmd_NAME.py with a main(argv) that parses
its arguments with argparse (`python -m host_tools COMMAND --help`).

Exit codes, every command: 0 done, 1 a failure (a check that found something, a file that
would not read, a board that would not answer), 2 a usage error (an unknown command or
argument, a missing tool). One verifier says a third thing with 2: verify-dice's "nothing
wrong, but not every roll could be checked" (not a pass either: only 0 is one)."""
import importlib
import sys

# name on the command line: (module, what it does in one line), in the order of the help
COMMANDS = (
    # at the board
    ("sim", "cmd_sim", "the board simulated in the terminal (make sim)"),
    ("web", "cmd_web", "the board in a browser, and the companion page for a real board"),
    ("flash", "cmd_flash", "compile the firmware and put it on the Pico (mpremote)"),
    ("package", "cmd_package", "the firmware as a mip package"),
    ("monitor", "cmd_monitor", "watch a board's live event stream on its USB line"),
    ("calibrate", "cmd_calibrate", "check a board's calibration file"),
    ("play", "cmd_play", "GNU Backgammon takes a seat at the board over USB"),
    ("online", "cmd_online", "play people on a bgammon server from the board"),
    # the records
    ("export", "cmd_export", "a match record to .mat or .sgf for GNU Backgammon"),
    ("review", "cmd_review", "the coach's review of a record or a .mat"),
    ("verify-dice", "cmd_verifydice", "recompute every roll of a record's provably fair dice"),
    ("dice-check", "cmd_dicecheck", "the chi-squared test of the dice over records"),
    # the rules and the engine
    ("legal", "cmd_legal", "every legal play of a position and a roll"),
    ("judge", "cmd_judge", "the verdict on a sensed board (start, dice, end)"),
    ("bot", "cmd_bot", "the board's engine: a play or a cube decision"),
    ("strength", "cmd_strength", "the engine's strength against PubEval or GNU Backgammon (make strength)"),
    ("train", "cmd_train", "the engine's training pipeline, a step at a time"),
    ("replaymatches", "cmd_replaymatches", "replay real matches through the rules core"),
    ("sweep", "cmd_sweep", "the differential sweep against GNU Backgammon (make sweep)"),
    ("bench", "cmd_bench", "run benches and write their sections of BENCHMARKS.md (make bench)"),
    # the hardware
    ("boardconfig", "cmd_boardconfig", "generate firmware/board_config.py from the pin map"),
    ("wiring", "cmd_wiring", "draw hardware/wiring.svg from the pin map"),
    ("pcb", "cmd_pcb", "the six PCBs, their fab files and the board's drawing (KiCad 6)"),
    ("erc", "cmd_erc", "KiCad's electrical rules check on the schematics"),
    ("prodtest", "cmd_prodtest", "the production test of an assembled board, part by part"),
)


def _find(word):
    """The table's name for a command as typed: exact, or with its hyphens left out (the
    spelling of earlier versions: verifydice, replay-matches)."""
    flat = word.replace("-", "")
    for name, _, _ in COMMANDS:
        if word == name or flat == name.replace("-", ""):
            return name
    return None


def usage():
    width = max(len(name) for name, _, _ in COMMANDS)
    rows = ["usage: python -m host_tools COMMAND [args...]   (COMMAND --help for its own)", "",
            "commands:"]
    rows += ["  %-*s  %s" % (width, name, what) for name, _, what in COMMANDS]
    return "\n".join(rows)


def main(argv):
    if not argv or argv[0] in ("-h", "--help", "help"):
        if len(argv) == 2 and argv[0] == "help":
            return main([argv[1], "--help"])
        print(usage())
        return 0 if argv else 2
    name = _find(argv[0])
    table = {n: m for n, m, _ in COMMANDS}
    if name is None:
        print("unknown command %r\n\n%s" % (argv[0], usage()), file=sys.stderr)
        return 2
    mod = importlib.import_module("host_tools." + table[name])
    try:
        return mod.main(argv[1:]) or 0
    except SystemExit as e:          # argparse: 0 after --help, 2 on a usage error
        if e.code is None or isinstance(e.code, int):
            return e.code or 0
        print(e.code, file=sys.stderr)   # SystemExit("words"): a failure said in words
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
