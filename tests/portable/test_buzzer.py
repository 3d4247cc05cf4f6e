"""Buzzer: each pattern's tones and gaps at the right times, driven only by tick(now_ms)."""
import fake_io
from hw.buzzer import Buzzer, PATTERNS

GPIO = 19


def _buzzer(**kw):
    fake_io.reset_fakes()
    return Buzzer(fake_io.Pin(GPIO), **kw)


def _timeline(bz, kind, until, start=1000):
    """Tick every ms; return [(ms since start, freq or 0 when silent)] at each change."""
    bz.beep(kind)
    out = []
    last = None
    for t in range(start, start + until):
        bz.tick(t)
        f, duty = fake_io.pwm_state(GPIO)
        now = f if duty else 0
        if now != last:
            out.append((t - start, now))
            last = now
    return out


def test_silent_until_a_beep():
    bz = _buzzer()
    assert fake_io.pwm_state(GPIO)[1] == 0
    for t in range(100):
        bz.tick(t)
    assert fake_io.pwm_state(GPIO)[1] == 0 and not bz.busy()


def test_illegal_is_two_buzzes_with_a_gap():
    bz = _buzzer()
    assert _timeline(bz, "illegal", 600) == [(0, 2000), (150, 0), (230, 2000), (380, 0)]
    assert not bz.busy()


def test_every_pattern_plays_its_steps_in_time():
    for kind in PATTERNS:
        bz = _buzzer()
        expected = []
        t = 0
        steps = PATTERNS[kind]        # (frequency / 100 Hz, duration / 10 ms) byte pairs
        for i in range(0, len(steps), 2):
            f, ms = steps[i] * 100, steps[i + 1] * 10
            if not expected or expected[-1][1] != f:
                expected.append((t, f))
            t += ms
        if expected[-1][1] != 0:
            expected.append((t, 0))
        assert _timeline(bz, kind, t + 50) == expected, kind
        assert t <= 1500, kind   # short: a cue, not a tune


def test_coarse_ticks_do_not_stretch_the_pattern():
    bz = _buzzer()
    bz.beep("roll", now_ms=0)
    assert fake_io.pwm_state(GPIO) == (3000, 32768)
    bz.tick(95)                 # 20 on, 40 off, 20 on, then the second gap began at 80
    assert fake_io.pwm_state(GPIO)[1] == 0 and bz.busy()
    bz.tick(120)                # third tone 120..140
    assert fake_io.pwm_state(GPIO)[1] == 32768
    bz.tick(1000)
    assert fake_io.pwm_state(GPIO)[1] == 0 and not bz.busy()


def test_new_beep_replaces_and_off_silences():
    bz = _buzzer()
    bz.beep("alarm", now_ms=0)
    bz.tick(50)
    bz.beep("commit", now_ms=60)
    assert fake_io.pwm_state(GPIO) == (4000, 32768) and bz.playing == "commit"
    bz.tick(100)
    assert fake_io.pwm_state(GPIO)[1] == 0 and not bz.busy()
    bz.beep("alarm", now_ms=200)
    bz.off()
    assert fake_io.pwm_state(GPIO)[1] == 0 and not bz.busy()


def test_unknown_kind_and_muted_buzzer_stay_silent():
    bz = _buzzer()
    assert bz.beep("fanfare") is False
    bz.tick(0)
    assert fake_io.pwm_state(GPIO)[1] == 0
    muted = _buzzer(enabled=False)
    assert muted.beep("alarm", now_ms=0) is False
    assert fake_io.pwm_state(GPIO)[1] == 0


def test_volume_and_tick_wrap():
    bz = _buzzer(volume=8000)
    t0 = (1 << 30) - 10          # ticks_ms() wraps at 2**30
    bz.beep("commit", now_ms=t0)
    assert fake_io.pwm_state(GPIO) == (4000, 8000)
    bz.tick((t0 + 39) & ((1 << 30) - 1))
    assert bz.busy()
    bz.tick((t0 + 40) & ((1 << 30) - 1))
    assert not bz.busy()


def test_gpio_number_is_enough():
    fake_io.reset_fakes()
    bz = Buzzer(GPIO)                 # makes machine.PWM(machine.Pin(19)) itself
    bz.beep("commit", now_ms=0)
    assert fake_io.pwm_state(GPIO) == (4000, 32768)
