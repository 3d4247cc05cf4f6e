"""The running board's scanner powers both halves' bank b together only where the power
profile's budget holds twice the sensor current (hardware/power.md: the USB charger profile,
441 of 450 mA worst; a computer port's 250 mA does not hold it)."""
import gc
import fake_io
import fake_adc
from scanrig import rig, settle, cfg, WHITE, BLACK
from hw.scanner import make_scanner


class Watch:
    """An ADC source that notes, at every reading, which halves have a bank powered and the
    bank address (A0..A2, shared by both halves)."""
    def __init__(self, board):
        self.board = board
        self.seen = []

    def read_adc(self, gpio):
        on = 0 if cfg.HALF_EN_ACTIVE_LOW else 1
        halves = tuple(fake_io.pin_level(n) == on for n in cfg.HALF_EN)
        self.seen.append((halves, tuple(fake_io.pin_level(n) for n in cfg.BANK_SEL)))
        return self.board.read_adc(gpio)


class ProfileCfg:
    """board_config with another power profile."""
    def __init__(self, profile):
        for name in dir(cfg):
            if not name.startswith("__"):
                setattr(self, name, getattr(cfg, name))
        self.POWER_PROFILE = profile


def _power_ups(sc, board):
    """(power-ups in one scan, readings taken with both halves powered)."""
    w = Watch(board)
    fake_adc.install(w)
    try:
        sc.scan()
    finally:
        fake_adc.install(board)
    ups = 0
    last = None
    for s in w.seen:
        if s != last and any(s[0]):
            ups += 1                  # another bank (or pair of banks) powered
        last = s
    return ups, sum(1 for s in w.seen if all(s[0]))


def test_the_charger_profile_pairs_the_halves_and_reads_the_same_board():
    assert cfg.POWER_PROFILE == "charger" and cfg.POWER_PROFILE in cfg.PAIR_HALVES_PROFILES
    board, sc = rig(seed=41)                      # the firmware's defaults: its profile
    assert sc.pair_halves
    for p in range(1, 25):
        board.set_point(p, WHITE if p % 2 else BLACK, 2)
    s = settle(sc)
    for p in range(1, 25):
        assert s.colour[p] == (WHITE if p % 2 else BLACK) and s.lo[p] == 2, (p, s)
    ups, both = _power_ups(sc, board)
    # 7 bank numbers, each powered once in both halves at the same time (the 7th exists in
    # one half only): 7 power-up waits instead of 13
    assert ups == 7 and both > 0, (ups, both)


def test_a_computer_port_profile_powers_one_bank_at_a_time():
    board, sc = rig(seed=42, calibrated=False)
    sc = None
    gc.collect()                                  # (one scanner at a time: the Pico's heap)
    sc = make_scanner(None, ProfileCfg("pc"), settle_us=0)
    assert not sc.pair_halves
    sc.scan()
    ups, both = _power_ups(sc, board)
    assert ups == 13 and both == 0, (ups, both)
