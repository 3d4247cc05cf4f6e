"""The board in a seat (issue 10, "At the board"): the engine answers the Table's questions,
as the App keeps them (App.play_asked: the board's play for the turn, at its seat's level;
App.cube_asked: double? take?).
Loaded with the first question, when a seat is the board's: a board of two persons never
loads the engine. The weights are allocated once, when the engine is made (docs/engine.md),
and kept while a seat is the board's; app/unseat.py drops them when none is (loaded for
that: unseat.release), and app/start.py makes them at power-up for a resumed seat.

While the engine thinks it calls its `tick` every engine.player.TICK_EVERY evaluations: the
App's think_tick runs the scan there in parts (a scan begun every app.loop.THINK_SCAN_MS,
the think working in the banks' power-up waits) and serves the players once per
app.loop.THINK_SLICE_MS (the buttons, the clock, a page of the OLED), so the board keeps
reading its checkers and answering while it thinks. With
app.think_piece set (the web page) the play is thought a piece per App cycle instead
(Engine.think, app/seatpieces.py), the rest of the cycle running between the pieces.
The cube's answers are app/seatcube.py's, loaded for each question (base/rare.py):
their code is not in the heap while the board thinks a play.
"""
from bg.play import Play
from engine.player import Engine
import engine as _engine_pkg


def weights_path():
    """engine/weights.bin beside the engine's compiled modules (make flash installs it there)."""
    here = _engine_pkg.__file__
    return here[:here.rfind("/") + 1] + "weights.bin"


def engine_of(app):
    """The App's one engine (its seat's, the Hint's, grading's), made at the first need."""
    e = app.engine
    if e is None:
        import gc
        gc.collect()                    # the weights want the largest blocks there are
        e = app.engine = Engine(weights_path())
        e.tick = app.think_tick
        app.thinking_scans = 0
    return e


def answer(app):
    """Answer what the Table asks of the board now. With no heap for the engine, or its
    weights file missing, cut short or not ours (ValueError in words), or no heap for a
    think, the seats are handed back to persons, said in words once (app/unseat.py): the
    game goes on, nothing is played for them (issue 26: a bad file faulted every cycle)."""
    try:
        e = engine_of(app)
        _answer(app, e)
    except MemoryError as exc:
        _back(app, exc)
    except (OSError, ValueError) as exc:
        if app.engine is not None:
            raise                  # (not the weights: a fault of its own, logged)
        _back(app, exc)


def _back(app, exc):
    from app import unseat
    unseat.seats_back(app, exc)      # app/unseat.py: said in words, the seats back to persons


def _answer(app, e):
    t = app.table
    level = app.play_asked
    if level is not None:
        view = t.view
        d1, d2 = t.turn_dice
        if app.think_piece:
            # the web page's (kept there, never loaded on the board): None while more is to
            # think in the next cycles
            from app.seatpieces import think_on
            got = think_on(app, e, view, d1, d2, level)
        else:
            app.thinking = None
            e.piece = 0
            _leaf_first(e, level)
            # think_tick serves the players while the engine thinks, and ends the think if
            # they withdraw this question (the seat handed back, the turn undone)
            app.think_begins((view, level, t.turn_dice, app.THINK_PLAY))
            try:
                got = e.choose(view.me, view.opp, d1, d2, level)
            except app.Withdrawn:
                return
            finally:
                app.think_ends()
        if e.deep_fault is not None and e.deep_fault is not app.said_deep_fault:
            _say_no_leaf_net(app, e.deep_fault, level)
        if got is not None:
            t.board_play(Play(got[0], got[1]))
    elif app.cube_asked is not None:
        from app import seatcube
        # app/seatcube.py, loaded for the question; a think like a play's (its look ahead
        # walks the 21 rolls when the answer is close): the players served meanwhile, the
        # think ended if the question goes (the seat handed back, the double undone)
        ask = app.cube_asked
        _leaf_first(e, t.level_of(t.acting()))
        app.think_begins((t.view, ask, t.turn_dice, app.THINK_CUBE))
        try:
            yes = seatcube.cube_says_yes(t, e, ask)
        except app.Withdrawn:
            return
        finally:
            app.think_ends()
        t.board_cube(yes)
        if e.cube_fault is not None and e.cube_fault is not app.said_cube_fault:
            # its bear-off table damaged: the cube answers from the net, said once
            from base import events
            app.said_cube_fault = e.cube_fault
            app.write_line(events.error("cube", "the cube answers from the net (%s)" % e.cube_fault))


def _leaf_first(e, level):
    """The leaf net made (the first question of the normal or strong level) before the think
    begins, not inside it: think_begins' collection then takes the garbage of its making
    (its file read and checked, engine/deepleaf_make.py loaded and forgotten), which would
    otherwise ride on the heap through the think (the chip collects again only after
    start.RUN_THRESHOLD bytes more, and a think allocates little). The strong level's own
    code (engine/oneply.py) and its leaf net's viper inputs (LeafNet.fast_inputs) the same
    way: both loaded otherwise in the middle of its first think, after the 0-ply walk."""
    if level == "normal" or level == "strong":
        leaf = e.leaf_net()
        if level == "strong":
            from engine import oneply   # noqa: F401  (kept: engine/player.py's think uses it)
            if leaf is not None:
                leaf.fast_inputs()


def _say_no_leaf_net(app, why, level):
    """The normal or strong level plays without its leaf net (its file damaged, no heap to
    make it, the flash refusing it): said once in words, on serial and on the OLED, so that
    nobody takes what it plays for the level's published strength (BENCHMARKS.md). (A file
    that is not there at all is a board without it: nothing said.)"""
    from base import events
    app.said_deep_fault = why
    app.write_line(events.error("%s_level" % level, "the %s level plays without its leaf net (%s)" % (level, why)))
    head = "STRONG LEVEL" if level == "strong" else "NORMAL LEVEL"     # (both in app/notice_fr.py)
    app.notice([head, "plays without", "its leaf net:",
                why[10:26] if why.startswith("leaf net: ") else why[:16]])
