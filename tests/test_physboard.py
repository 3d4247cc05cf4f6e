"""The physical board model and the fake ADC (CPython side): the field numbers are the
hardware brief's, the wiring is the pin map's, bad input gets a clear message."""

import pytest


import board_config as cfg  # noqa: E402
import fake_adc  # noqa: E402
import fake_io  # noqa: E402
import physboard  # noqa: E402
from physboard import BLACK, WHITE, PhysicalBoard  # noqa: E402


@pytest.fixture
def board():
    fake_io.reset_fakes()
    b = PhysicalBoard(seed=5, noise_lsb=0.0).install()
    yield b
    fake_adc.install(None)


def _route(half, bank, ch):
    """Drive the select lines the way the scanner does (fake pins)."""
    for j, n in enumerate(cfg.MUX_SEL):
        fake_io.Pin(n, fake_io.Pin.OUT, value=(ch >> j) & 1)
    for j, n in enumerate(cfg.BANK_SEL):
        fake_io.Pin(n, fake_io.Pin.OUT, value=(bank >> j) & 1)
    for h, n in enumerate(cfg.HALF_EN):
        fake_io.Pin(n, fake_io.Pin.OUT, value=0 if h == half else 1)


def test_lateral_profile_is_the_briefs():
    # hardware-brief 7.3: 0/4/6/8/10/12/17.5/35 mm -> 100/97/90/70/38/9/-9/-1.7 %
    for mm, share in ((0, 1.0), (4, 0.97), (6, 0.90), (8, 0.70), (10, 0.38), (12, 0.09), (17.5, -0.09)):
        assert physboard.lateral(mm) == pytest.approx(share)
    assert physboard.lateral(36) == pytest.approx(-0.017)


def test_a_white_checker_reads_below_half_rail_and_black_above(board):
    machine_adc = fake_adc.ADC(cfg.ADC_PINS[1])
    _route(1, 0, 0)                        # right half, bank 0, ch0 = point 1 slot 1
    empty = machine_adc.read_u16()
    board.set_point(1, WHITE, 1)
    white = machine_adc.read_u16()
    board.set_point(1, BLACK, 1)
    black = machine_adc.read_u16()
    assert white < empty < black
    # one checker: 13 mT x 30 mV/mT = 0.39 V = ~7700 u16 counts
    assert 6000 < empty - white < 9500 and 6000 < black - empty < 9500


def test_the_second_layer_adds_a_quarter_and_the_third_under_a_tenth(board):
    adc = fake_adc.ADC(cfg.ADC_PINS[1])
    _route(1, 0, 0)
    base = adc.read_u16()
    steps = []
    for n in (1, 7, 13):                   # slot 1 holds 1, 2, 3 layers
        board.set_point(1, BLACK, n)
        steps.append(adc.read_u16() - base)
    one, two, three = steps
    assert 0.18 < (two - one) / one < 0.36
    assert 0.03 < (three - two) / one < 0.12


def test_a_disabled_half_reads_the_pull_up_and_the_reference_input_half_scale(board):
    adc = fake_adc.ADC(cfg.ADC_PINS[0])
    _route(1, 0, 0)                        # only the right half is enabled
    assert adc.read_u16() == 65535
    _route(0, cfg.HALF_REF_INPUT, 0)
    assert abs(adc.read_u16() - 32768) < 100


def test_every_sensor_is_reachable_through_the_mux_the_pin_map_names(board):
    for k, (half, bank) in enumerate(cfg.SCAN_BANKS):
        adc = fake_adc.ADC(cfg.ADC_PINS[half])
        for ch, i in zip(cfg.SCAN_CHANNELS[k], cfg.SCAN_SENSORS[k]):
            board.kill(i, "short")
            _route(half, bank, ch)
            assert adc.read_u16() == 0, (half, bank, ch, i)
            board.kill(i, None)
            assert adc.read_u16() > 10000


def test_no_board_installed_is_a_clear_error():
    fake_adc.install(None)
    with pytest.raises(RuntimeError, match="no board model installed"):
        fake_adc.ADC(26).read_u16()


def test_bad_input_is_refused_with_a_message(board):
    with pytest.raises(ValueError, match="point must be 1..24"):
        board.set_point(0, WHITE, 2)
    with pytest.raises(ValueError, match="colour must be"):
        board.place(3, 7)
    with pytest.raises(ValueError, match="both colours"):
        board.set_position_counts([0, 1] + [0] * 24, [0, 1] + [0] * 24)
    with pytest.raises(ValueError, match="kill mode"):
        board.kill(3, "melted")


def test_lift_returns_the_last_placed_checker(board):
    board.set_point(5, BLACK, 1)
    board.place(5, WHITE)
    assert board.counts(5) == (1, 1)
    assert board.lift(5) == WHITE and board.lift(5) == BLACK and board.lift(5) == 0


def test_mem32_writes_the_sio_output_registers_like_pin_value(board):
    """fake_io.mem32 (machine.mem32 in the simulator) decodes the RP2040 SIO GPIO_OUT_SET,
    _CLR, _XOR and GPIO_OUT registers into the same pin levels Pin.value sets."""
    sel = [fake_io.Pin(n, fake_io.Pin.OUT, value=0) for n in cfg.MUX_SEL]
    mem = fake_io.mem32
    mask = sum(1 << n for n in cfg.MUX_SEL)
    mem[cfg.SIO_OUT_SET] = mask
    assert [p.value() for p in sel] == [1, 1, 1, 1]
    mem[cfg.SIO_OUT_CLR] = 1 << cfg.MUX_SEL[1]
    assert [fake_io.pin_level(n) for n in cfg.MUX_SEL] == [1, 0, 1, 1]
    mem[cfg.SIO_OUT_CLR + 4] = (1 << cfg.MUX_SEL[0]) | (1 << cfg.MUX_SEL[1])   # GPIO_OUT_XOR
    assert [fake_io.pin_level(n) for n in cfg.MUX_SEL] == [0, 1, 1, 1]
    assert mem[0xD0000010] & mask == (0b1110 << cfg.MUX_SEL[0])               # GPIO_OUT
    mem[0xD0000010] = 0                                                       # all low
    assert [p.value() for p in sel] == [0, 0, 0, 0]
    # the scanner's routing seen by the physical model: the ADC reads what mem32 selected
    for j, n in enumerate(cfg.BANK_SEL):
        fake_io.Pin(n, fake_io.Pin.OUT, value=0)
    for h, n in enumerate(cfg.HALF_EN):
        fake_io.Pin(n, fake_io.Pin.OUT, value=0 if h == 1 else 1)
    board.set_point(1, WHITE, 1)                 # right half, bank 0, ch0 = point 1 slot 1
    adc = fake_adc.ADC(cfg.ADC_PINS[1])
    white = adc.read_u16()
    mem[cfg.SIO_OUT_SET] = 1 << cfg.MUX_SEL[0]   # ch1: point 1 slot 2, empty
    assert adc.read_u16() - white > 6000


def test_mem32_refuses_what_it_does_not_emulate():
    with pytest.raises(ValueError, match="not emulated"):
        fake_io.mem32[0x4004C000] = 1            # the ADC's CS register: not modelled
    with pytest.raises(ValueError, match="not emulated"):
        fake_io.mem32[0x4004C004]
    with pytest.raises(ValueError, match="multiples of 4"):
        fake_io.mem32[0xD0000015] = 1


def test_machine_exports_mem32():
    import machine
    assert machine.mem32 is fake_io.mem32

