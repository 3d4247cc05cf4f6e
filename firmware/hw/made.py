"""The drivers' construction: what each driver's __init__ does (hw/leds.py's Leds,
hw/buttons.py's Buttons, hw/oled.py's Oled, hw/dice.py's Dice, hw/buzzer.py's Buzzer),
once, at power-up (app/build.py). Loaded for each and forgotten (firmware/lazy.py:
lazy.leds_made and the others), as hw/scanbuild.py is for the Scanner: the board that plays
keeps the drivers' state and the code that drives them, not the code that made them. The
arguments are the constructors' own (documented there)."""
import time

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

_DARK_MA = const(1)         # hw/leds.py's: mA per LED even when dark
_ONE = const(256)           # hw/leds.py's fixed point: a scale of 256 sends colours unchanged


def leds(l, pin, count, brightness_max, budget_ma, order):
    """Leds.__init__."""
    from neopixel import NeoPixel
    if sorted(order) != ["B", "G", "R"]:
        raise ValueError("LED order must be a permutation of RGB, not %r" % (order,))
    if not 0 <= brightness_max <= 1:
        raise ValueError("brightness_max must be within 0..1")
    if isinstance(pin, int):
        from machine import Pin
        pin = Pin(pin, Pin.OUT)
    l.count = count
    l.strip = NeoPixel(pin, count)
    # byte offset on the wire of R, G and B: the strip's own buffer is written directly
    l._at = bytes(order.index(c) for c in "RGB")
    l.strip.ORDER = (l._at[0], l._at[1], l._at[2], 3)
    l.colours = bytearray(3 * count)   # requested colours, R G B per LED
    l.brightness_max = brightness_max  # the cap, 0..1 (the board's setting is a percent of it)
    l._max = int(brightness_max * _ONE)
    l._bright = l._max
    l.budget_ma = budget_ma
    l.shown_ma = count * _DARK_MA      # estimate for the frame last shown
    l.scale = 0                        # scale (of 256) applied to the frame last shown


def buttons(b, pins_by_name, active_low, debounce_ms, long_ms, double_ms, levels):
    """Buttons.__init__."""
    # levels: a function reading every button's GPIO at once (the RP2040's SIO GPIO_IN
    # register, app.build); while all buttons rest released, a poll is that one read
    # and a compare instead of a pass over every button (~0.1 ms instead of ~0.8 ms
    # at 200 polls a second on the Pico: CPU the scan task gets back)
    b._levels = levels
    b._word = -1                 # levels() at the last poll that found all quiet
    # fixed order: events of one poll come out sorted by name on every port
    b.names = sorted(pins_by_name)
    b.pins = [pins_by_name[n] for n in b.names]
    b.invert = 1 if active_low else 0
    b.debounce_ms = debounce_ms
    b.long_ms = long_ms
    b.double_ms = double_ms
    n = len(b.names)
    b._raw = bytearray(n)        # last sampled level (1 = pressed)
    b._raw_at = [0] * n          # when the sampled level last changed
    b._down = bytearray(n)       # debounced state (1 = pressed)
    b._down_at = [0] * n         # when the current press began
    b._long_done = bytearray(n)  # 'long' already fired for this press
    b._quiet = bytearray(n)      # this press ends without an event (long / double)
    b._waiting = bytearray(n)    # a click waits for a possible second press
    b._click_at = [0] * n        # when that click was released
    b._events = []
    b._started = False


def oled(o, i2c, addr, width, height, external_vcc, flip):
    """Oled.__init__: the display initialised (retry) once its buffer is made."""
    import framebuf
    o.i2c = i2c
    o.addr = addr
    o.width = width
    o.height = height
    o.pages = height // 8
    o.external_vcc = external_vcc
    o.flip = flip
    o.buffer = bytearray(o.pages * width)
    o._dirty = 0          # bit p: page p was drawn on since it was last sent
    o._mv = memoryview(o.buffer)
    o.fb = framebuf.FrameBuffer(o.buffer, width, height, framebuf.MONO_VLSB)
    o._cmd = bytearray(7)
    o._data = [memoryview(b"\x40"), o._mv]
    o.ok = False
    o.error = None
    o.pages_sent = 0   # for the bench and the tests: how much show() sent
    o._rows = None     # the rows of the picture, drawn by lines() (None: other drawing)
    o._inverted = None  # the row lines() inverted in it (a menu bar), or None
    o.retry()


def dice(d, seed, entropy):
    """Dice.__init__: seeded by `seed` (repeatable), else by the hardware's entropy."""
    d._s0 = d._s1 = d._s2 = d._s3 = 0
    d._word = 0
    d._left = 0      # 3-bit draws left in _word
    d.draws = 0      # 3-bit draws taken
    d.rejected = 0   # draws thrown away (6 or 7)
    if seed is not None:
        d.stir(seed)
        return
    try:
        import os
        for b in os.urandom(16):
            d.stir(b)
    except (ImportError, AttributeError, OSError):
        pass  # a port without urandom: the other sources still count
    for _ in range(32):
        # the microsecond count wanders with interrupts and ADC conversion time
        d.stir((entropy() << 32 if entropy is not None else 0) | _ticks_us())


def _ticks_us():
    ticks = getattr(time, "ticks_us", None)
    if ticks is not None:
        return ticks()
    return int(time.time() * 1000000)  # CPython


def buzzer(z, pin, volume, enabled):
    """Buzzer.__init__: the PWM silent."""
    from hw.buzzer import PATTERNS    # (loaded: the Buzzer calls this)
    if hasattr(pin, "duty_u16"):
        z.pwm = pin
    else:
        from machine import PWM, Pin
        z.pwm = PWM(Pin(pin, Pin.OUT) if isinstance(pin, int) else pin)
    z.volume = volume          # duty_u16 while sounding: 32768 (50 %) is the loudest
    z.enabled = enabled        # False: beep() stays silent (a "sound off" setting)
    z.playing = None           # name of the pattern playing, or None
    z._steps = PATTERNS["commit"]  # any pattern: nothing plays until beep()
    z._step = -1
    z._step_at = 0
    z.pwm.duty_u16(0)
