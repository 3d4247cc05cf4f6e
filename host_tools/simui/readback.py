"""What the simulated board's maker and eyes do, shared by the terminal simulator
(simui/rig.py, CPython) and the browser's rig (web/py/webrig.py, MicroPython's WebAssembly
port): the calibration routine on the physical model, and the LED frame read back as palette
codes. Only what both ports have (no os.path)."""
import board_config as cfg
import neopixel
import physboard
from hw import calibration
from app.ledmap import led_index
from game import colours


def calibrate(board, scanner, scans=8):
    """The maker's routine (hardware-brief 3.2) on the simulated board: empty, one checker on
    every slot group of calibration.gain_passes(), then two-high stacks."""
    cal = calibration.Calibration()
    board.clear()
    calibration.calibrate_empty(scanner, cal, scans * 2)
    for group in calibration.gain_passes():
        board.clear()
        for i in group:
            board.put_on_sensor(i, physboard.WHITE)
        calibration.calibrate_gain(scanner, cal, group, scans)
    board.clear()
    group = [i for g in calibration.gain_passes()[:2] for i in g]
    for i in group:
        board.put_on_sensor(i, physboard.BLACK, 2)
    calibration.calibrate_stack(scanner, cal, group, scans)
    board.clear()
    return cal


def nearest_code(rgb, scale):
    """The palette code whose colour, scaled like the LED driver does, is nearest to `rgb`."""
    best, best_d = 0, None
    for code in range(len(colours.RGB)):
        c = colours.RGB[code]
        d = 0
        for k in range(3):
            e = ((c[k] * scale) >> 8) - rgb[k]
            d += e * e
        if best_d is None or d < best_d:
            best, best_d = code, d
    return best


def led_codes(scale):
    """Table.leds roles 1..30 -> palette code, decoded from the frame the strip received
    (`scale`: the LED driver's brightness scale)."""
    frame = neopixel.last_frame(cfg.LED_PIN)
    out = bytearray(colours.LED_COUNT)
    if frame is None:
        return out
    for role in range(1, colours.LED_COUNT):
        i = led_index(role)
        if 0 <= i < len(frame):
            out[role] = nearest_code(frame[i], scale)
    return out
