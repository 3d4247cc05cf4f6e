"""The SSD1306's initialisation, hw/oled.py's Oled.retry: at power-up (Oled()) and after a
display that stopped answering (app/degraded.py, every 10 s at most). Loaded for the call
and forgotten (base/rare.py: oled_init.retry): its command list is not in the heap of
a board that plays."""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_MEM_ADDR = const(0x20)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)


def retry(o):
    """(Re)initialise the display `o` (an Oled) and send it the whole buffer; returns o.ok."""
    if o.i2c is None:  # built without a bus (a board without display)
        o.ok = False
        o.error = "OLED: no I2C bus"
        return False
    o.ok = True
    o.error = None
    remap = 0 if o.flip else 1
    o._commands(bytes((
        0x00,                                   # control byte: a stream of commands
        _SET_DISP,                              # off while configuring
        _SET_MEM_ADDR, 0x00,                    # horizontal addressing
        _SET_DISP_START_LINE,
        _SET_SEG_REMAP | remap,
        _SET_MUX_RATIO, o.height - 1,
        _SET_COM_OUT_DIR | (remap << 3),
        _SET_DISP_OFFSET, 0x00,
        _SET_COM_PIN_CFG, 0x02 if o.width > 2 * o.height else 0x12,
        _SET_DISP_CLK_DIV, 0x80,
        _SET_PRECHARGE, 0x22 if o.external_vcc else 0xF1,
        _SET_VCOM_DESEL, 0x30,
        _SET_CONTRAST, 0xFF,
        _SET_ENTIRE_ON,
        _SET_NORM_INV,
        _SET_CHARGE_PUMP, 0x10 if o.external_vcc else 0x14,
        _SET_DISP | 1,
    )))
    if o.ok:
        o.show(full=True)
    return o.ok
