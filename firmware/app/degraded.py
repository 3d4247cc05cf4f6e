"""The App on a board missing a part: the display's loss said and retried, the LED strip's
red flash when the OLED cannot say what is missing (app.parts). Imported by App.display
only when needed, so a whole board keeps none of this code in its heap."""
from base import events
from base import ticks
from game.colours import RGB, ILLEGAL, OFF

ALARM_MS = 6000           # how long the LED strip flashes red when the OLED cannot tell
ALARM_BLINK_MS = 250
OLED_RETRY_MS = 10000     # a display that stopped answering is initialised again this often


def oled_down(app, oled, now_ms):
    """The display stopped answering (or never did): say so once, retry now and then."""
    if not app._oled_lost:            # (app.parts may have said it at power-up)
        app._oled_lost = True
        app.write_line(events.error("oled", "the OLED does not answer (%s); retrying every %d s"
                                    % (oled.error, OLED_RETRY_MS // 1000)))
    if app._oled_retry is None:
        app._oled_retry = ticks.add(now_ms, OLED_RETRY_MS)
    elif ticks.reached(now_ms, app._oled_retry):
        app._oled_retry = ticks.add(now_ms, OLED_RETRY_MS)
        if oled.retry():
            app._oled_lost = False
            app._oled_retry = None
            app.write_line(events.error("oled", "the OLED answers again"))


def alarm(app, leds, now_ms):
    """One display round of the red flash (app._alarm_from: when it began, -1: now)."""
    if app._alarm_from == -1:
        app._alarm_from = now_ms
    age = ticks.diff(now_ms, app._alarm_from)
    if age >= ALARM_MS:
        app._alarm_from = None
        app._leds_written = False     # the Table's LEDs again at this display round
        return
    lit = 1 - ((age // ALARM_BLINK_MS) & 1)
    if lit != app._alarm_lit:
        app._alarm_lit = lit
        leds.fill(RGB[ILLEGAL] if lit else RGB[OFF])
        leds.show()
