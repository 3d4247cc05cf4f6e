"""Power-up check of the parts the board can test by itself, named in words (issue 8 item 25:
a board booted without its OLED, or with an unpowered sensor rail, said nothing).

    missing = check(drivers)      # [(part, short, words)]: short fits an OLED row
    report(app, missing)          # a serial "error" line each (code "part_missing"); the
                                  # OLED says it if it works, else the LED strip flashes red
    run(app)                      # both, on app.d (app/start.py)

What the board can check: the OLED (it acknowledges on I2C or not), the hall sensors (each
bank's GND and rail/2 self-test channels, each half's reference, every sensor's range), and
any part whose driver could not be built (app.build), and the texts files beside the
firmware (game/i18n.py: missing, or the English one damaged). What it cannot: the LED strip (WS2812
data gets no answer), the buzzer (PWM into a piezo) and an unwired button (it reads
"released" like a working one; a button reading "pressed" at power-up opens the self-test).
The board goes on with what works: the Table and the serial commands run without an OLED or
sensors. Loaded at power-up only, then forgotten (app/start.py).
"""
from base import events
import board_config as _cfg

SCANS = 24               # scans before judging the sensors: the self-test walks every bank
                         # (SELFTEST_EVERY_N_SCANS) twice in that many
MOST_NAMED = 6           # sensors named one by one; more are counted


def check(drivers, cfg=_cfg, scans=SCANS):
    """[(part, short, words)] for every part missing or dead at power-up."""
    out = []
    for part, why in getattr(drivers, "unbuilt", ()):
        if part == "clock":
            # (app/build.py's chip_setup) the board works, slower: said, not a missing part
            out.append((part, "clock refused", "the chip refused the clock of its power profile (%s): "
                        "it runs at its reset clock, the computer player and the scan slower" % why))
            continue
        out.append((part, part + " not built", "%s could not be started: %s" % (part, why)))
    oled = drivers.oled
    if oled is not None and not oled.ok:
        out.append(("oled", "no display", "no OLED answers at I2C address 0x%02X (SDA GP%d, SCL GP%d): "
                    "check its 4 wires and its 3.3 V" % (cfg.OLED_ADDR, cfg.I2C_SDA, cfg.I2C_SCL)))
    sc = drivers.scanner
    if sc is not None and hasattr(sc, "bank_fault"):
        for _ in range(scans):
            sc.scan()
        out += sensor_faults(sc, cfg)
    return out + texts_faults()


def texts_faults(here=None):
    """The texts files (game/i18n.py) missing beside the firmware, or the English one damaged:
    the board then shows the texts' keys ("press_roll") instead of its words. here: the
    folder to look in (game/i18n.py's by default)."""
    import os
    from game import i18n
    here = i18n._HERE if here is None else here
    out = []
    for files in i18n.FILES:
        for name in files:
            try:
                os.stat(here + name)
            except OSError:
                out.append(("texts", "texts missing",
                            "%s%s cannot be read: the screens show the keys of its texts instead of "
                            "their words (`make flash` installs it beside the modules)" % (here, name)))
    if not out and here == i18n._HERE and i18n.lookup(i18n.EN, "white") is None:
        out.append(("texts", "texts damaged",
                    "%sen.txt is damaged (its first text cannot be found): the screens may show the "
                    "keys of its texts; flash the firmware again (`make flash`)" % here))
    return out


def _bank_points(k, cfg):
    """The points (and 'bar') whose sensors bank k reads, as text: '7 8' or 'bar'."""
    pts = []
    for i in cfg.SCAN_SENSORS[k]:
        name = str(i // cfg.SLOTS_PER_POINT + 1) if i < cfg.N_POINT_SENSORS else "bar"
        if name not in pts:
            pts.append(name)
    return " ".join(pts)


def sensor_faults(sc, cfg=_cfg):
    """The scanner's self-test verdicts in words: a dead rail, dead banks, sensors out of range."""
    from hw.scanfaults import BANK_FAULTS, OUT_OF_RANGE
    out = []
    nb = len(sc.bank_fault)
    bad = [k for k in range(nb) if sc.bank_fault[k]]
    halves = [h for h in range(cfg.HALVES) if sc.half_fault[h]]
    if len(bad) == nb:
        out.append(("sensors", "sensors unpowered",
                    "no sensor bank passes its self-test (%s): the sensor rail is unpowered or its "
                    "ribbon is unplugged; no checker can be read" % BANK_FAULTS[sc.bank_fault[bad[0]]]))
        return out
    for h in halves:
        out.append(("sensors", "sensor half %d" % h,
                    "sensor half %d: its reference input reads wrong (4051/138/ribbon): its banks cannot "
                    "be read" % h))
    for k in bad:
        h, b = cfg.SCAN_BANKS[k]
        out.append(("sensors", "bank H%dB%d dead" % (h, b),
                    "sensor bank H%dB%d (points %s) fails its self-test: %s"
                    % (h, b, _bank_points(k, cfg), BANK_FAULTS[sc.bank_fault[k]])))
    skip = set()
    for k in range(nb):
        if sc.bank_fault[k] or sc.half_fault[cfg.SCAN_BANKS[k][0]]:
            for i in cfg.SCAN_SENSORS[k]:
                skip.add(i)
    odd = [i for i in range(sc.n) if i not in skip and sc._oor[i]]
    if odd:
        from hw.selftest import sensor_name
        named = " ".join("%s %s" % (sensor_name(i, cfg), OUT_OF_RANGE[sc._oor[i]]) for i in odd[:MOST_NAMED])
        more = " and %d more" % (len(odd) - MOST_NAMED) if len(odd) > MOST_NAMED else ""
        out.append(("sensors", "%d sensors bad" % len(odd),
                    "%d of %d hall sensors read out of range: %s%s (an unpowered sensor reads low)"
                    % (len(odd), sc.n, named, more)))
    return out


def run(app):
    """check() the App's drivers and report() what is missing (app/start.py at power-up)."""
    missing = check(app.d)
    report(app, missing)
    return missing


def report(app, missing):
    """Each missing part on serial; on the OLED if it works, else a red flash of the LEDs."""
    if not missing:
        return
    for part, short, words in missing:
        app.write_line(events.error("part_missing", "%s: %s" % (part, words)))
    oled_dead = any(part == "oled" for part, _, _ in missing)
    if oled_dead:
        app._oled_lost = True             # said here: the App only retries it
    if not oled_dead and app.d.oled is not None:
        rows = ["PARTS MISSING"] + [short[:16] for _, short, _ in missing][:4]
        if len(missing) > 4:
            rows.append("+%d more: serial" % (len(missing) - 4))
        app.notice(rows, then=True)      # after a boot message already up (state lost)
    else:
        app.led_alarm()                  # no display to say it: the strip flashes red
