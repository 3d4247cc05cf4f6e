"""The fake machine I/O behaves like the wiring the simulator stands for."""
import fake_io
import neopixel

Pin = fake_io.Pin


def test_outputs_are_seen_by_the_simulator():
    fake_io.reset_fakes()
    s0 = Pin(10, Pin.OUT, value=1)
    s1 = Pin("GP11", Pin.OUT)
    assert fake_io.pin_level(10) == 1 and fake_io.pin_level(11) == 0
    s0.off()
    s1(1)
    assert fake_io.pin_level(10) == 0 and fake_io.pin_level(11) == 1
    s1.toggle()
    assert fake_io.pin_level(11) == 0 and s1.value() == 0
    assert fake_io.pin_level(12) is None          # never configured
    Pin(11).value(1)                              # another handle on the same GPIO
    assert fake_io.pin_level(11) == 1


def test_inputs_follow_pulls_and_the_outside_world():
    fake_io.reset_fakes()
    up = Pin(2, Pin.IN, Pin.PULL_UP)
    down = Pin(3, Pin.IN, Pin.PULL_DOWN)
    assert up.value() == 1 and down() == 0
    fake_io.set_input(2, 0)                       # button pressed to GND
    fake_io.set_input(3, 1)
    assert up.value() == 0 and down.value() == 1
    fake_io.set_input(2, None)                    # released: back to the pull-up
    assert up.value() == 1
    assert fake_io.pin_level(2) is None           # an input drives nothing


def test_open_drain_and_signal():
    fake_io.reset_fakes()
    od = Pin(8, Pin.OPEN_DRAIN, Pin.PULL_UP, value=0)
    assert od.value() == 0 and fake_io.pin_level(8) == 0
    od.value(1)                                   # released: the pull-up wins
    assert od.value() == 1 and fake_io.pin_level(8) is None
    sig = fake_io.Signal(Pin(9, Pin.OUT), invert=True)
    sig.on()
    assert fake_io.pin_level(9) == 0 and sig.value() == 1


def test_irq_fires_on_the_chosen_edge():
    fake_io.reset_fakes()
    seen = []
    p = Pin(4, Pin.IN, Pin.PULL_UP)
    p.irq(lambda pin: seen.append(pin.value()), trigger=Pin.IRQ_FALLING)
    fake_io.set_input(4, 0)
    fake_io.set_input(4, 0)                       # no edge
    fake_io.set_input(4, 1)                       # rising: not asked for
    assert seen == [0]


def test_i2c_missing_device_raises_eio():
    fake_io.reset_fakes()
    i2c = fake_io.I2C(0, scl=Pin(5), sda=Pin(4), freq=400000)
    assert i2c.scan() == [0x3C]
    try:
        i2c.writeto(0x50, b"\x00")
        assert False, "no error"
    except OSError as e:
        assert e.args[0] == 5
    fake_io.detach_i2c(0x3C)
    assert i2c.scan() == []


def test_ssd1306_model_decodes_the_micropython_lib_stream():
    # micropython-lib's ssd1306 sends each command byte as its own b"\x80" + cmd write
    fake_io.reset_fakes()
    i2c = fake_io.I2C(0)
    dev = fake_io.oled_device(0x3C)
    for cmd in (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0, 0xDA, 0x12, 0xD5,
                0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x81, 0x7F, 0xA4, 0xA6, 0x8D, 0x14, 0xAF):
        i2c.writeto(0x3C, bytes((0x80, cmd)))
    assert dev.display_on and dev.charge_pump and dev.contrast == 0x7F and not dev.unknown
    for cmd in (0x21, 0, 127, 0x22, 0, 7):
        i2c.writeto(0x3C, bytes((0x80, cmd)))
    frame = bytearray(1024)
    frame[0] = 0x01            # top left pixel
    frame[1023] = 0x80         # bottom right pixel
    i2c.writevto(0x3C, (b"\x40", frame))
    pix = dev.pixels()
    assert pix[0][0] == 1 and pix[63][127] == 1
    assert sum(sum(r) for r in pix) == 2
    assert dev.data_bytes == 1024


def test_ssd1306_page_mode_and_mirroring():
    fake_io.reset_fakes()
    i2c = fake_io.I2C(0)
    dev = fake_io.oled_device()
    i2c.writeto(0x3C, bytes((0x00, 0x8D, 0x14, 0xAF, 0xA1, 0xC8, 0x20, 0x02)))
    i2c.writeto(0x3C, bytes((0x00, 0xB2, 0x05, 0x11)))   # page 2, column 0x15
    i2c.writeto(0x3C, bytes((0x40, 0xFF, 0x0F)))
    pix = dev.pixels()
    assert [pix[y][21] for y in range(16, 24)] == [1] * 8
    assert [pix[y][22] for y in range(16, 24)] == [1, 1, 1, 1, 0, 0, 0, 0]
    i2c.writeto(0x3C, bytes((0x00, 0xA0)))               # segment remap off: mirrored
    assert dev.pixels()[16][127 - 21] == 1
    i2c.writeto(0x3C, bytes((0x00, 0xA5)))               # entire display on
    assert dev.pixel(0, 0) == 1
    i2c.writeto(0x3C, bytes((0x00, 0x77)))               # start line command: understood
    i2c.writeto(0x3C, bytes((0x00, 0xFE)))               # not a command
    assert dev.unknown == [0xFE]


def test_pwm_records_the_buzzer():
    fake_io.reset_fakes()
    pwm = fake_io.PWM(Pin(19), freq=2000, duty_u16=0)
    assert fake_io.pwm_state(19) == (2000, 0)
    pwm.duty_u16(32768)
    pwm.freq(3000)
    assert fake_io.pwm_state(19) == (3000, 32768) and pwm.freq() == 3000
    assert fake_io.pwm_log(19)[-2:] == [(2000, 32768), (3000, 32768)]
    pwm.deinit()
    assert fake_io.pwm_state(19)[1] == 0
    assert fake_io.pwm_state(20) is None
    try:
        pwm.freq(1)
        assert False, "1 Hz accepted"
    except ValueError:
        pass


def test_watchdog_and_timers_on_a_virtual_clock():
    fake_io.reset_fakes()
    now = [1000]
    fake_io.set_clock(lambda: now[0])
    try:
        wdt = fake_io.WDT(timeout=2000)
        assert fake_io.watchdog() is wdt
        now[0] = 2500
        wdt.feed()
        now[0] = 4500
        assert not wdt.expired()
        now[0] = 4501
        assert wdt.expired() and wdt.feeds == 1
        ticks = []
        t = fake_io.Timer(period=100, mode=fake_io.Timer.PERIODIC, callback=lambda tm: ticks.append(now[0]))
        one = fake_io.Timer(mode=fake_io.Timer.ONE_SHOT, period=250, callback=lambda tm: ticks.append(-1))
        assert fake_io.run_timers(4600) == 0
        # started at 4501: periodic due at 4601, 4701, 4801; the one-shot at 4751
        assert fake_io.run_timers(4801) == 4
        assert ticks.count(-1) == 1
        assert fake_io.run_timers(5000) == 1         # 4901; the one-shot is gone
    finally:
        fake_io.set_clock(None)
    t.deinit()
    one.deinit()


def test_module_functions():
    assert len(fake_io.unique_id()) == 8
    assert fake_io.freq() == 125000000
    assert fake_io.reset_cause() == fake_io.PWRON_RESET
    state = fake_io.disable_irq()
    fake_io.enable_irq(state)
    fake_io.idle()
    fake_io.lightsleep(10)
    try:
        fake_io.reset()
        assert False, "reset returned"
    except fake_io.ResetRequested:
        pass


def test_neopixel_records_the_last_frame():
    neopixel.reset_fakes()
    np = neopixel.NeoPixel(Pin(22, Pin.OUT), 3)
    np[0] = (1, 2, 3)
    np.fill((0, 0, 9))
    np[2] = (4, 5, 6)
    assert neopixel.last_frame(22) is None
    np.write()
    assert neopixel.last_frame(22) == [(0, 0, 9), (0, 0, 9), (4, 5, 6)]
    assert bytes(np.buf[6:9]) == bytes((5, 4, 6))      # green first on the wire
    assert np[2] == (4, 5, 6) and len(np) == 3
    assert neopixel.write_count(22) == 1
