"""Buttons: press, long press, double press and contact bounce, replayed against the fake pins."""
import fake_io
from hw.buttons import Buttons

MAIN, CUBE = 6, 7  # GPIOs, wired to GND with pull-ups


def _buttons(**kw):
    fake_io.reset_fakes()
    pins = {"p1_main": fake_io.Pin(MAIN, fake_io.Pin.IN, fake_io.Pin.PULL_UP),
            "p1_cube": fake_io.Pin(CUBE, fake_io.Pin.IN, fake_io.Pin.PULL_UP)}
    return Buttons(pins, **kw)


def _play(buttons, script, until, step=5, start=0):
    """script: {time_ms: (gpio, level)}; poll every `step` ms; return [(t, name, kind)]."""
    out = []
    for t in range(start, until + 1, step):
        if t in script:
            gpio, level = script[t]
            fake_io.set_input(gpio, level)
        for name, kind in buttons.poll(t):
            out.append((t, name, kind))
    return out


def test_short_press_fires_on_release():
    b = _buttons()
    got = _play(b, {100: (MAIN, 0), 300: (MAIN, 1)}, 1000)
    assert got == [(320, "p1_main", "press")]   # accepted after 20 ms of steady release


def test_bounce_shorter_than_debounce_is_ignored():
    b = _buttons()
    # contact chatter: 10 ms low, 5 ms high, 5 ms low, then up for good
    got = _play(b, {100: (MAIN, 0), 110: (MAIN, 1), 115: (MAIN, 0), 120: (MAIN, 1)}, 600)
    assert got == []


def test_bouncy_press_counts_once():
    b = _buttons()
    script = {100: (MAIN, 0), 105: (MAIN, 1), 110: (MAIN, 0),     # bounce on the way down
              400: (MAIN, 1), 405: (MAIN, 0), 410: (MAIN, 1)}     # and on the way up
    got = _play(b, script, 1000)
    assert got == [(430, "p1_main", "press")]


def test_long_press_fires_once_while_held_and_no_press_after():
    b = _buttons()
    got = _play(b, {100: (CUBE, 0), 2000: (CUBE, 1)}, 2500)
    assert got == [(900, "p1_cube", "long")]      # 800 ms after the level first dropped
    assert not b.is_down("p1_cube")


def test_is_down_follows_the_debounced_level():
    b = _buttons()
    _play(b, {100: (MAIN, 0)}, 115)
    assert not b.is_down("p1_main")               # 15 ms: not yet
    _play(b, {}, 120, start=120)
    assert b.is_down("p1_main")


def test_button_held_at_start_up_gives_no_event():
    fake_io.reset_fakes()
    fake_io.set_input(MAIN, 0)   # held before the board started
    b = Buttons({"p1_main": fake_io.Pin(MAIN, fake_io.Pin.IN, fake_io.Pin.PULL_UP)})
    assert _play(b, {300: (MAIN, 1)}, 400) == []
    assert _play(b, {500: (MAIN, 0), 600: (MAIN, 1)}, 700, start=405) == [(620, "p1_main", "press")]


def test_two_buttons_in_one_poll_come_sorted_by_name():
    b = _buttons()
    _play(b, {}, 50)
    fake_io.set_input(MAIN, 0)
    fake_io.set_input(CUBE, 0)
    _play(b, {}, 200, start=55)
    fake_io.set_input(MAIN, 1)
    fake_io.set_input(CUBE, 1)
    got = _play(b, {}, 300, start=205)
    assert got == [(225, "p1_cube", "press"), (225, "p1_main", "press")]


def test_double_press_when_enabled():
    b = _buttons(double_ms=350)
    script = {100: (MAIN, 0), 200: (MAIN, 1), 400: (MAIN, 0), 480: (MAIN, 1)}
    got = _play(b, script, 1500)
    assert got == [(420, "p1_main", "double")]
    # a single click waits out the double window, then reports a press
    got = _play(b, {2000: (MAIN, 0), 2100: (MAIN, 1)}, 3000, start=1505)
    assert got == [(2450, "p1_main", "press")]


def test_presses_too_far_apart_are_two_presses():
    b = _buttons(double_ms=350)
    script = {100: (MAIN, 0), 200: (MAIN, 1), 700: (MAIN, 0), 800: (MAIN, 1)}
    got = _play(b, script, 1500)
    assert [k for _, _, k in got] == ["press", "press"]


def test_active_high_buttons_and_tick_wrap():
    fake_io.reset_fakes()
    pin = fake_io.Pin(9, fake_io.Pin.IN, fake_io.Pin.PULL_DOWN)
    b = Buttons({"menu": pin}, active_low=False)
    wrap = (1 << 30) - 100       # ticks_ms() wraps at 2**30 on MicroPython
    got = []
    for k in range(0, 400, 5):
        t = (wrap + k) & ((1 << 30) - 1)
        if k == 20:
            fake_io.set_input(9, 1)
        if k == 200:
            fake_io.set_input(9, 0)
        got.extend(b.poll(t))
    assert got == [("menu", "press")]


def test_long_and_double_presses_across_the_tick_wrap():
    """ticks_ms() wraps at 2**30 (12.4 days powered on): a long press held across the wrap
    fires once after long_ms, a double press across it is a double, timed through ticks.py."""
    mask = (1 << 30) - 1
    start = (1 << 30) - 300
    b = _buttons(long_ms=800)
    out = []
    for k in range(0, 1500, 5):
        t = (start + k) & mask
        if k == 100:
            fake_io.set_input(MAIN, 0)
        if k == 1200:
            fake_io.set_input(MAIN, 1)
        for name, kind in b.poll(t):
            out.append((k, kind))
    assert out == [(900, "long")], out          # pressed at +100, held 800 ms: across the wrap
    b = _buttons(double_ms=300)
    out = []
    start = (1 << 30) - 150
    for k in range(0, 1000, 5):
        t = (start + k) & mask
        if k in (50, 250):
            fake_io.set_input(MAIN, 0)
        if k in (100, 300):
            fake_io.set_input(MAIN, 1)
        for name, kind in b.poll(t):
            out.append((k, kind))
    assert out == [(270, "double")], out


def test_the_one_read_fast_path_gives_the_same_events():
    """With levels() (the GPIO_IN register read once, app.build), a poll while every button
    rests is one read; presses, long presses, doubles and bounce come out as without it."""
    scripts = (({100: (MAIN, 0), 300: (MAIN, 1)}, {}),
               ({100: (MAIN, 0), 1300: (MAIN, 1)}, {}),
               ({100: (MAIN, 0), 105: (MAIN, 1), 110: (MAIN, 0), 200: (MAIN, 1)}, {}),
               ({50: (MAIN, 0), 100: (MAIN, 1), 250: (MAIN, 0), 300: (MAIN, 1)}, {"double_ms": 300}),
               ({100: (MAIN, 0), 120: (CUBE, 0), 400: (MAIN, 1), 900: (CUBE, 1)}, {}))
    reads = [0]

    def levels():
        reads[0] += 1
        return fake_io.mem32[0xD0000004] & (1 << MAIN | 1 << CUBE)   # SIO GPIO_IN

    for n, (script, kw) in enumerate(scripts):
        plain = _play(_buttons(**kw), script, 2000)
        b = _buttons(levels=levels, **kw)
        calls = [0]
        real = b.pins[0].value

        def counted(v=None):
            calls[0] += 1
            return real() if v is None else real(v)
        b.pins[0].value = counted
        fast = _play(b, script, 2000)
        assert fast == plain, (script, fast, plain)
        if n == 0:      # held 100..300 ms: the polls after the release's debounce are one read
            assert calls[0] < 60, calls[0]
