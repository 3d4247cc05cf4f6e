"""Bench of the small drivers (LEDs, OLED, buttons, dice, buzzer) under the MicroPython unix port.

Measures the Python-side time of each call with the fakes (the fake I2C device here is a
null sink, so the figure is the driver's own work), the heap it allocates per call, and
adds the wire time the Pico spends on the bus: 9 bits per I2C byte at 400 kHz, 30 us per
WS2812 LED.
"""
import os
import subprocess
import sys

from host_tools.benchmd import PICO_FACTOR
from host_tools.benches.mp_timer import TIMER

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

SCRIPT = r"""
import sys, gc, time
sys.path.insert(0, ROOT + "/host_tools/fakes")
sys.path.insert(0, ROOT + "/firmware")
import fake_io, neopixel
from hw.leds import Leds
from hw.oled import Oled
from hw.buttons import Buttons
from hw.dice import Dice
from hw.buzzer import Buzzer

class Sink:
    # an I2C bus that only counts bytes: the driver's own cost, no fake decoding
    bytes = 0
    def writeto(self, addr, buf):
        Sink.bytes += len(buf)
    def writevto(self, addr, vector):
        for b in vector:
            Sink.bytes += len(b)

fake_io.reset_fakes()
gc.collect()
m0 = gc.mem_alloc()
oled = Oled(Sink())
gc.collect()
print("oled_heap|0|%d" % (gc.mem_alloc() - m0))
screens = (["Blanc a jouer", "Des: 6-3", "13/7 8/5", "", "pips 167-159", "cube 2 Noir"],
           ["Noir a jouer", "Des: 5-5", "8/3(2) 6/1(2)", "", "pips 147-161", "cube 2 Noir"])
k = [0]
def new_screen():
    k[0] ^= 1
    oled.lines(screens[k[0]])
bench("oled_lines_new_screen", new_screen, 50)
def same_screen():
    oled.lines(screens[k[0]])
bench("oled_lines_same_screen", same_screen, 50)
rows = list(screens[0])
def one_row():
    k[0] += 1
    rows[1] = "Des: %d-%d" % (k[0] % 6 + 1, k[0] % 5 + 1)
    oled.lines(rows)
bench("oled_lines_one_row", one_row, 50)
Sink.bytes = 0
oled.show(full=True)
print("oled_full_bytes|0|%d" % Sink.bytes)
Sink.bytes = 0
one_row()
print("oled_row_bytes|0|%d" % Sink.bytes)

leds = Leds(fake_io.Pin(22, fake_io.Pin.OUT), 30)
for i in (1, 6, 12, 19):
    leds.set(i, (0, 255, 0))
bench("leds_show_30", leds.show, 200)

pins = {}
for name, gpio in (("p1_main", 2), ("p1_cube", 3), ("p2_main", 6), ("p2_cube", 7), ("menu", 8), ("undo", 9)):
    pins[name] = fake_io.Pin(gpio, fake_io.Pin.IN, fake_io.Pin.PULL_UP)
buttons = Buttons(pins)
t = [0]
def poll():
    t[0] += 5
    buttons.poll(t[0])
bench("buttons_poll_6", poll, 1000)

dice = Dice()
bench("dice_roll", dice.roll, 2000)

bz = Buzzer(fake_io.Pin(19))
bz_t = [0]
def tick():
    bz_t[0] += 5
    if not bz.busy():
        bz.beep("alarm", bz_t[0])
    bz.tick(bz_t[0])
bench("buzzer_tick_playing", tick, 1000)
"""

WIRE = {  # Pico time on the wire, us: what the call also waits for on the board
    "leds_show_30": 30 * 30 + 300,
}


def _measure():
    script = "ROOT = %r\nALLOC_CALLS = 10\n%s%s" % (ROOT, TIMER, SCRIPT)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=200K", "-c", script],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout + proc.stderr)
    rows = {}
    for line in proc.stdout.splitlines():
        name, us, alloc = line.split("|")
        rows[name] = (float(us), int(alloc))
    return rows


def run():
    rows = _measure()
    def i2c_us(nbytes):
        return nbytes * 9 / 0.4  # 9 bits per byte at 400 kHz = 0.4 bits/us
    wire = dict(WIRE)
    wire["oled_lines_new_screen"] = i2c_us(rows["oled_full_bytes"][1])
    wire["oled_lines_one_row"] = i2c_us(rows["oled_row_bytes"][1])
    out = ["Small drivers (`host_tools/benches/bench_drivers.py`), MicroPython unix port, "
           "`-X heapsize=200K`. Pico CPU = host x %d; wire = time on the I2C bus "
           "(9 bits/byte at 400 kHz) or the WS2812 line (30 us/LED + 300 us latch)." % PICO_FACTOR,
           "",
           "| call | host us | Pico CPU est. us | + wire us | heap bytes/call |",
           "|---|---:|---:|---:|---:|"]
    for name in ("oled_lines_new_screen", "oled_lines_one_row", "oled_lines_same_screen",
                 "leds_show_30", "buttons_poll_6", "dice_roll", "buzzer_tick_playing"):
        us, alloc = rows[name]
        out.append("| %s | %.1f | %.0f | %s | %d |" % (
            name, us, us * PICO_FACTOR, "%.0f" % wire[name] if name in wire else "0", alloc))
    out.append("")
    out.append("OLED: a full frame is %d bytes on the bus, one changed text row %d bytes; "
               "the driver's buffers take %d bytes of heap." % (
                   rows["oled_full_bytes"][1], rows["oled_row_bytes"][1], rows["oled_heap"][1]))
    return "\n".join(out)


if __name__ == "__main__":
    print(run())
