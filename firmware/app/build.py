"""The board's drivers, built from board_config: the only place that names pins.

    drivers = build_drivers(cal)          # a Drivers with scanner, leds, oled, buttons, dice, buzzer
    held = buttons_held_at_boot()         # names of the buttons held at power-up (self-test entry)

The simulator builds the same drivers on the fake `machine` (host_tools/fakes), passing
scanner options (a shorter quiet time) through `scanner_kw`.
"""
import board_config as _cfg
from app.loop import Drivers, gpio_levels  # noqa: F401 (their home is app.loop: kept after power-up)
# the OLED's first initialisation (hw/oled_init.py) loaded with this module and forgotten
# with it (app/start.py), in the same region of the heap: loaded by the driver instead
# (base/rare.py), it would leave a hole under the display's buffer
import hw.oled_init  # noqa: F401,E402


def button_pins(cfg=_cfg):
    """{name: Pin} for the buttons, inputs with the pull that keeps them released."""
    from machine import Pin
    pull = Pin.PULL_UP if cfg.BUTTONS_ACTIVE_LOW else Pin.PULL_DOWN
    pins = {}
    for name in cfg.BUTTONS:
        pins[name] = Pin(cfg.BUTTONS[name], Pin.IN, pull)
    return pins


def button_levels(cfg=_cfg):
    """A function reading the buttons' GPIO levels in one register read (the Buttons
    driver's fast path while they rest), or None where machine has no mem32: made by
    app.loop's gpio_levels, which stays (the driver keeps it, and a function made here would
    keep this module and board_config in the heap after power-up forgets them)."""
    mask = 0
    for name in cfg.BUTTONS:
        mask |= 1 << cfg.BUTTONS[name]
    return gpio_levels(mask)


def buttons_held_at_boot(cfg=_cfg):
    """Names of the buttons pressed right now (read once, before the Buttons driver starts)."""
    held = []
    pins = button_pins(cfg)
    for name in pins:
        level = pins[name].value()
        if (level == 0) == bool(cfg.BUTTONS_ACTIVE_LOW):
            held.append(name)
    return held


def _part(unbuilt, name, make):
    """make() or None; a part that cannot be built is named in `unbuilt` with why, and the
    others are built all the same (a board missing a part still runs what it can)."""
    try:
        return make()
    except Exception as e:
        unbuilt.append((name, "%s: %s" % (type(e).__name__, e)))
        return None


# The RP2040's core regulator (datasheet 2.10.6): register VREG of VREG_AND_CHIP_RESET, its
# VSEL field in bits 4..7. The chip is certified at 200 MHz from 1.15 V (pico-sdk 2.1.1's
# release notes; the datasheet's 2.15.3), against 133 MHz at the reset value, 1.10 V.
VREG = 0x40064000
VSEL_SHIFT = 4
VSEL_1V15 = 0b1100
CERTIFIED_AT_1V10_MHZ = 133


def profile_mhz(cfg=_cfg):
    """The clock of the power profile (hardware/power.md): CPU_MHZ on a charger, CPU_MHZ_PC on
    a computer port (both 200 MHz: a computer port's 250 mA pay for the faster core with a
    smaller LED frame budget, LED_BUDGET_MA_PC)."""
    if getattr(cfg, "POWER_PROFILE", "charger") == "pc":
        return getattr(cfg, "CPU_MHZ_PC", 125)
    return getattr(cfg, "CPU_MHZ", 125)


def chip_setup(cfg=_cfg):
    """The chip as the pin map wants it, before any driver (the I2C bus and the PWM take their
    dividers from the clock they are made at): the Pico's SMPS in PWM mode (GP23 high, less
    ripple on the ADC's reference: hardware/sensing.md), and the clock of the power profile,
    the core regulator raised to 1.15 V first above 133 MHz. Returns the clock in MHz. A clock
    the chip refuses raises (build_drivers names it; the board runs on at the clock it has)."""
    import machine
    if getattr(cfg, "SMPS_PWM_MODE", False):
        machine.Pin(cfg.SMPS_MODE_PIN, machine.Pin.OUT, value=1)
    mhz = profile_mhz(cfg)
    if machine.freq() == mhz * 1000000:
        return mhz
    if mhz > CERTIFIED_AT_1V10_MHZ:
        v = machine.mem32[VREG]
        if (v >> VSEL_SHIFT) & 15 < VSEL_1V15:
            machine.mem32[VREG] = (v & ~(15 << VSEL_SHIFT)) | (VSEL_1V15 << VSEL_SHIFT)
            import time
            time.sleep(0.001)     # the regulator settles in microseconds; the SDK waits 1 ms
    machine.freq(mhz * 1000000)
    return mhz


def build_drivers(cal=None, cfg=_cfg, scanner_kw=None, dice_seed=None, long_ms=800, scanner=None):
    """Every driver of the board on the pins of `cfg`; `cal` is a hw.calibration.Calibration.
    `scanner`: one already made (a test's stand-in), else the hall scanner on cfg's pins.
    A driver that cannot be built is None and named in drivers.unbuilt (app.parts reports it);
    so is a clock the chip refused (chip_setup)."""
    from machine import Pin, I2C, ADC
    from hw.leds import Leds
    from hw.oled import Oled
    from hw.buttons import Buttons
    from hw.dice import Dice
    from hw.buzzer import Buzzer
    unbuilt = []  # type: list
    _part(unbuilt, "clock", lambda: chip_setup(cfg))
    if scanner is None:
        def make_scanner():
            from hw.scanner import make_scanner
            return make_scanner(cal, cfg, **(scanner_kw or {}))
        scanner = _part(unbuilt, "sensors", make_scanner)
    # the power profile (hardware/power.md) sets the LED frame budget, as it sets whether the
    # scanner pairs the halves (hw/scanbuild.py)
    budget = cfg.LED_BUDGET_MA_PC if getattr(cfg, "POWER_PROFILE", "charger") == "pc" else cfg.LED_BUDGET_MA
    leds = _part(unbuilt, "leds", lambda: Leds(Pin(cfg.LED_PIN, Pin.OUT), cfg.LED_COUNT, cfg.LED_BRIGHTNESS_MAX,
                                                budget, cfg.LED_ORDER))
    # an OLED that does not answer is still built (ok False): app.parts names it, the App
    # retries it; only a bus that cannot be made leaves it None
    oled = _part(unbuilt, "oled", lambda: Oled(I2C(cfg.I2C_ID, scl=Pin(cfg.I2C_SCL), sda=Pin(cfg.I2C_SDA),
                                                   freq=cfg.I2C_FREQ), cfg.OLED_ADDR))
    buttons = _part(unbuilt, "buttons", lambda: Buttons(button_pins(cfg), cfg.BUTTONS_ACTIVE_LOW, long_ms=long_ms,
                                                        levels=button_levels(cfg)))
    if dice_seed is None:
        def make_dice():
            vbus = ADC(cfg.VBUS_ADC)
            # the low bits of an ADC reading are noise: extra entropy for the seed
            return Dice(entropy=lambda: vbus.read_u16() & 0xFF)
        dice = _part(unbuilt, "dice entropy", make_dice) or Dice()
    else:
        dice = Dice(dice_seed)
    buzzer = _part(unbuilt, "buzzer", lambda: Buzzer(cfg.BUZZER_PIN))
    return Drivers(scanner, leds, oled, buttons, dice, buzzer, unbuilt)
