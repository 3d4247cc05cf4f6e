"""Dispatch `python -m host_tools NAME [args...]` to host_tools/cmd_NAME.py's main(argv)."""
import importlib
import os
import sys


def commands():
    here = os.path.dirname(os.path.abspath(__file__))
    return sorted(f[4:-3] for f in os.listdir(here) if f.startswith("cmd_") and f.endswith(".py"))


def main(argv):
    if not argv or argv[0] in ("-h", "--help", "help"):
        print("usage: python -m host_tools COMMAND [args...]\ncommands: " + ", ".join(commands()))
        return 0 if argv else 2
    name = argv[0].replace("-", "")        # verify-dice: cmd_verifydice.py
    if name not in commands():
        print("unknown command %r; commands: %s" % (name, ", ".join(commands())), file=sys.stderr)
        return 2
    mod = importlib.import_module("host_tools.cmd_" + name)
    return mod.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
