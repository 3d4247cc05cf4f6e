"""LED strip: brightness cap, current budget and colour order, as written to the fake strip."""
import fake_io
import neopixel
from hw.leds import Leds

GPIO = 22


def _strip(count=30, **kw):
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    return Leds(fake_io.Pin(GPIO, fake_io.Pin.OUT), count, **kw)


def _frame_ma(frame):
    return sum(1 + (r + g + b) / 16 for r, g, b in frame)


def test_brightness_cap_scales_colours():
    leds = _strip(4)
    leds.set(0, (255, 0, 0))
    leds.set(1, (0, 200, 0))
    leds.set(3, (0, 0, 100))
    leds.show()
    frame = neopixel.last_frame(GPIO)
    assert frame[0] == (63, 0, 0)        # 255 * 64 / 256, floored
    assert frame[1] == (0, 50, 0)
    assert frame[2] == (0, 0, 0)
    assert frame[3] == (0, 0, 25)


def test_brightness_cannot_exceed_cap():
    leds = _strip(1, brightness_max=0.25)
    assert leds.brightness(1.0) == 0.25
    assert leds.brightness(0.1) < 0.11
    leds.fill((200, 200, 200))
    leds.show()
    assert neopixel.last_frame(GPIO)[0] == (19, 19, 19)  # 200 * 25 // 256


def test_full_white_is_held_to_the_budget():
    leds = _strip(30, brightness_max=1.0, budget_ma=150)
    leds.fill((255, 255, 255))
    unlimited = 30 * (1 + 765 / 16)
    assert unlimited > 1400
    leds.show()
    frame = neopixel.last_frame(GPIO)
    assert _frame_ma(frame) <= 150
    assert _frame_ma(frame) > 140       # scaled down, not switched off
    assert abs(leds.shown_ma - _frame_ma(frame)) < 1e-6
    r, g, b = frame[0]
    assert r == g == b and r > 0        # the hue is kept


def test_pc_profile_budget_and_dark_strip():
    leds = _strip(30, budget_ma=40)
    leds.fill((255, 80, 0))
    assert leds.estimate_ma() <= 40
    leds.show()
    assert _frame_ma(neopixel.last_frame(GPIO)) <= 40
    # a budget below the dark current of the strip: everything off, still no crash
    leds.set_budget(20)
    leds.show()
    assert neopixel.last_frame(GPIO) == [(0, 0, 0)] * 30


def test_few_points_lit_are_not_scaled_by_the_budget():
    leds = _strip(30)
    for i in (3, 7, 12):
        leds.set(i, (0, 255, 0))
    leds.show()
    assert neopixel.last_frame(GPIO)[7] == (0, 63, 0)
    assert abs(leds.shown_ma - (30 + 3 * 63 / 16)) < 1e-6   # about 42 mA, as in the brief


def test_colour_order_on_the_wire():
    leds = _strip(2, brightness_max=1.0, order="GRB")
    leds.set(0, (10, 20, 30))
    leds.show()
    assert bytes(leds.strip.buf[:3]) == bytes((20, 10, 30))   # WS2812: green first
    assert neopixel.last_frame(GPIO)[0] == (10, 20, 30)
    leds = _strip(2, brightness_max=1.0, order="RGB")
    leds.set(0, (10, 20, 30))
    leds.show()
    assert bytes(leds.strip.buf[:3]) == bytes((10, 20, 30))


def test_bad_arguments_are_named():
    fake_io.reset_fakes()
    try:
        Leds(fake_io.Pin(GPIO), 3, order="RGX")
        assert False, "order accepted"
    except ValueError as e:
        assert "order" in str(e)
    leds = _strip(3)
    leds.set(7, (1, 2, 3))   # off the strip: ignored
    leds.set(-1, (1, 2, 3))
    leds.show()
    assert neopixel.write_count(GPIO) == 1


def test_gpio_number_is_enough():
    # Leds(22, ...) makes its own machine.Pin: the fake machine module here
    fake_io.reset_fakes()
    neopixel.reset_fakes()
    leds = Leds(GPIO, 2)
    assert fake_io.pin_level(GPIO) == 0          # configured as an output
    leds.fill((255, 255, 255))
    leds.show()
    assert neopixel.last_frame(GPIO) == [(63, 63, 63)] * 2
