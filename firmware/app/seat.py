"""The board in a seat (issue 10, "At the board"): the engine answers the Table's questions,
want_play (the board's play for the turn, at its seat's level) and want_cube (double? take?).
Loaded with the first question, when a seat is the board's: a board of two persons never
loads the engine. The weights are allocated once, when the engine is made (docs/engine.md),
and kept while a seat is the board's; App.forget_engine drops them when none is.

While the engine thinks it calls its `tick` every engine.player.TICK_EVERY evaluations: the
App's think_tick runs a scan there, so the board keeps reading its checkers. With
app.think_piece set (the web page) the play is thought a piece per App cycle instead
(Engine.think), the rest of the cycle running between the pieces.
"""
from bg.play import Play
from bg.cube import CENTRED
from engine.player import Engine
import engine as _engine_pkg

P_ONE = 65536.0


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


def power_up(app):
    """The engine made at power-up, while the heap is whole (app/start.py: a board's seat or
    grading on); no memory or no weights file is said as a fault and the board goes on."""
    try:
        engine_of(app)
    except Exception as e:
        app.fault("seat", e, 0)


def release(app):
    """Nobody needs the engine any more: it and the code that used it leave the heap."""
    app.engine = None
    from lazy import forget
    forget("app.seat", "app.hints", "engine.hint", "engine.coach", "engine.coach_text",
           "engine.player", "engine.net", "engine.search", "engine.pubeval", "engine.cubeful",
           "engine.met")


def answer(app):
    """Answer what the Table asks of the board now. With no heap for the engine the seats
    are handed back to persons, said in words: the game goes on, nothing is played for them."""
    t = app.table
    try:
        e = engine_of(app)
    except MemoryError:
        app.engine = None
        import events
        app.write_line(events.error("board_seat", "no memory for the board's engine: "
                                    "its seats are handed back to persons"))
        app.notice(["BOARD CANNOT", "PLAY: no memory", "seats back to", "persons"])
        for p in (0, 1):
            while t.seats[p]:
                t.cycle_seat(p)
        return
    if t.want_play is not None:
        view = t.view
        d1, d2 = t.turn_dice
        if app.think_piece:
            got = think_on(app, e, view, d1, d2, t.want_play)
            if got is None:
                return                     # more to think in the next cycles
            got = e.result
        else:
            app.thinking = None
            e.piece = 0
            got = e.choose(view.me, view.opp, d1, d2, t.want_play)
        if got is not None:
            t.board_play(Play(got[0], got[1]))
    elif t.want_cube is not None:
        t.board_cube(cube_says_yes(t, e))


def think_on(app, e, view, d1, d2, level):
    """One piece of the board's think (app.think_piece results, Engine.piece); True once it
    has ended (its play in e.result), None while there is more. A question that changed
    (another turn, level or dice) starts a think of its own."""
    k = app.thinking
    if k is None or k[0] is not view or k[1] != level or k[2] != d1 or k[3] != d2:
        e.piece = app.think_piece
        k = app.thinking = [view, level, d1, d2, e.think(view.me, view.opp, d1, d2, level)]
    try:
        next(k[4])
        return None
    except StopIteration:
        app.thinking = None
        return True


def cube_says_yes(t, e):
    """ASK_DOUBLE: should the board double; ASK_TAKE: should it take. From the net's
    probabilities for the player on roll (the doubler) and the cube's state."""
    from game.table import ASK_DOUBLE
    from engine import cubeful           # loaded for cube questions only: a hint needs none
    m = t.match
    cube = m.cube
    p = t.on_roll
    view = t.board if p == 0 else t.board.swapped()
    raw = e.probs(view.me, view.opp)
    probs = tuple(x / P_ONE for x in raw)
    owner = "centre" if cube.owner == CENTRED else ("me" if cube.owner == p else "them")
    if m.money():
        d = cubeful.money(probs, owner, cube.beavers, m.jacoby)
    else:
        d = cubeful.match(probs, m.length - m.score[p], m.length - m.score[1 - p], cube.value,
                          owner, m.crawford, m.post_crawford)
    return d.double if t.want_cube == ASK_DOUBLE else d.take
