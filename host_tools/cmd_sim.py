"""`python -m host_tools sim [--demo] [--fast] ...`: the board, simulated in the terminal.

Runs the real firmware (firmware/app's App with the real scanner, drivers and Table) on
the fake `machine` against the physical board model, with the standard library only
(`make sim` works on a fresh clone). Type `help` inside for the commands.

  sim                    interactive on a terminal; line by line when stdin is a pipe
  sim --demo             two bots play a whole 3-point match with cube actions, on the board
  sim --demo --fast      the same without pauses or drawing each step (tests)
  sim --serial           the board's USB serial line on a pseudo-terminal, whose path it
                         prints: `host_tools play --port PATH` (GNU Backgammon in a seat set
                         to USB PC), `host_tools monitor --port PATH`
State, match record and calibration go to --dir (a fresh temporary directory by default).
"""
import argparse
import os
import sys
import tempfile
import time

def _args(argv):
    ap = argparse.ArgumentParser(prog="python -m host_tools sim", description=__doc__.split("\n")[0])
    ap.add_argument("--demo", action="store_true", help="two bots play a match by themselves")
    ap.add_argument("--fast", action="store_true", help="demo: no pauses, print only the events")
    ap.add_argument("--length", type=int, default=3, help="demo: match length (default 3)")
    ap.add_argument("--seed", type=int, default=1, help="physical board model seed")
    ap.add_argument("--dice-seed", type=int, default=None, help="repeatable dice (default: random)")
    ap.add_argument("--dir", default=None, help="where state.bin and match.rec go (default: a temp dir)")
    ap.add_argument("--color", dest="colour", action="store_true", default=None, help="ANSI colours")
    ap.add_argument("--no-color", dest="colour", action="store_false", help="no ANSI colours")
    ap.add_argument("--pipe", action="store_true", help="line mode even on a terminal")
    ap.add_argument("--max-actions", type=int, default=20000, help="demo: give up after this many")
    ap.add_argument("--serial", action="store_true",
                    help="the board's USB serial line on a pty (its path is printed)")
    return ap.parse_args(argv)


def main(argv):
    try:
        return _main(argv)
    except BrokenPipeError:
        # the reader went away (`sim --demo | head`): not an error of the simulator
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


def _main(argv):
    try:
        args = _args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    from boardrig.whole import BoardRig
    from simui.session import Session
    from simui import terminal
    workdir = args.dir or tempfile.mkdtemp(prefix="tablier-sim-")
    os.makedirs(workdir, exist_ok=True)
    if args.demo:
        return demo(args, workdir)
    rig = BoardRig(seed=args.seed, dice_seed=args.dice_seed, workdir=workdir)
    session = Session(rig)
    session.say("state and record in %s" % workdir)
    port = None
    if args.serial:
        from simui.serialpty import SerialPty
        port = SerialPty(rig)
        session.say("serial: the board's USB line is %s" % port.path)
        print("serial: the board's USB line is %s" % port.path, flush=True)
    try:
        if sys.stdin.isatty() and not args.pipe:
            return terminal.run_tty(session, terminal.use_colour(args.colour), port=port)
        if port is not None:
            return terminal.run_pipe_live(session, sys.stdin, sys.stdout, port, bool(args.colour))
        return terminal.run_pipe(session, sys.stdin, sys.stdout, bool(args.colour))
    finally:
        if port is not None:
            port.close()


def demo(args, workdir):
    from boardrig.whole import BoardRig
    from simui.session import Session
    from simui.bot import Bot, BotError
    from simui import terminal
    from game.settings import Settings
    for name in ("state.bin", "match.rec"):      # a demo is a new match, never a resumed one
        path = os.path.join(workdir, name)
        if os.path.exists(path):
            os.remove(path)
    try:
        settings = Settings(money=0, length=args.length)
    except ValueError as e:
        print("sim --demo: %s" % e, file=sys.stderr)
        return 2
    rig = BoardRig(seed=args.seed, dice_seed=args.dice_seed if args.dice_seed is not None else args.seed,
                   workdir=workdir, quiet_scans=3 if args.fast else None, settings=settings)
    tty = sys.stdout.isatty() and not args.fast
    colour = terminal.use_colour(args.colour) and not args.fast
    session = Session(rig)
    if not args.fast:
        def show():
            text = "\n".join(terminal.frame(session, colour))
            sys.stdout.write((terminal.CLEAR if tty else "\n") + text + "\n")
            sys.stdout.flush()
            time.sleep(0.08 if tty else 0)
        session.after_action = show if tty else None
    bot = Bot(session, seed=args.seed)
    print("demo: a %d-point match; state and record in %s" % (args.length, workdir), flush=True)
    try:
        while bot.actions < args.max_actions:
            what = bot.action()
            if what is None:
                break
            session.say(what)
            if args.fast:
                for line in session.new_board_lines():
                    print("board: " + line)
                print(what, flush=True)
            elif not tty:
                print(what, flush=True)
    except BotError as e:
        print("\n".join(terminal.frame(session, False)))
        print("demo stopped: %s" % e)
        return 1
    except KeyboardInterrupt:
        return 130
    for line in session.new_board_lines():
        print("board: " + line)
    print("\n".join(terminal.frame(session, colour)))
    m = rig.table.match
    if not m.is_over():
        print("demo gave up after %d actions, score %d-%d" % (bot.actions, m.score[0], m.score[1]))
        return 1
    print("match over: %s wins %d-%d (%d actions, %.1f s of board time); record: %s"
          % ("White" if m.winner == 0 else "Black", m.score[0], m.score[1], bot.actions,
             rig.now / 1000.0, os.path.join(workdir, "match.rec")))
    return 0
