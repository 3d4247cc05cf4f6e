"""A stall of the board itself through the real App (issue 8.1): the loop blocked for 7 s
(a serial flood, a flash write) charges the player on the clock at most
game.clock.MAX_TICK_MS, and the ticks crossing the 2**30 wrap meanwhile change nothing.
One test (apprig: the heap is nearly full)."""
from apprig import rig, clean, Position
from game.clock import MAX_TICK_MS
from base import ticks


def test_a_stalled_loop_is_not_charged_to_the_player_on_the_clock():
    sc, app, lines = rig()
    t = app.table
    now = [ticks.add(0, -700)]           # 0.7 s before the wrap

    def run(ms, step=10):
        for _ in range(ms // step):
            now[0] = ticks.add(now[0], step)
            app.step(now[0])

    sc.put(Position.start())
    run(100)
    app.loaded = [5, 3]
    app.press("p1_main")
    run(30)
    app.press("p2_main")
    run(30)
    assert t.phase == 5 and t.on_roll == 0, t.screen
    c = t.clock
    left = c.turn_left
    run(1000)                             # across the wrap
    assert c.turn_left == left - 1000 and now[0] < 3000
    run(7000, 7000)                       # one step 7 s after the last: the loop stalled
    assert c.turn_left == left - 1000 - MAX_TICK_MS
    run(1000)
    assert c.turn_left == left - 2000 - MAX_TICK_MS and c.reserve == [120000, 120000]
    clean()
