"""Write one section of BENCHMARKS.md, leaving the other sections alone.

Each bench owns the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH = os.path.join(ROOT, "BENCHMARKS.md")
HEADER = """# Benchmarks

Figures written by `make bench` (and `make sweep` for the long differential sweep). Each
section names its instrument. The chip decides: an emulated RP2040 running the real
firmware measured it (../shared/pico-measured.md), and these benches must agree with it.
- **The Pico's heap** is measured on a 32-bit MicroPython, never converted from the 64-bit
  unix port: bench heap32 (MicroPython's WebAssembly port with the Pico's 245,888-byte GC
  heap; docs/heap.md). The 64-bit sections (bench heap, app, modules) compare trees on the
  unix port; their older "Pico est." columns were conversions of 64-bit figures, which the
  emulated RP2040 showed wrong by more than the targets' margin: read them as 64-bit only.
- **Time** is host time on the MicroPython unix port (`.venv/bin/micropython`). A "Pico
  est." time is host time x %d: an estimate (the factor ranges from 50 to 240 by workload
  on the emulated RP2040, so +-2x), not a measurement of the chip. Estimates are at 125 MHz,
  the clock of the factor, of the Thumb cycle models and of the emulated RP2040, unless a
  row says 200 MHz: the firmware's clock in both power profiles, the charger's and the
  computer port's (hardware/power.md, "The clock"), where the CPU's work takes 125/200 of
  its time and the sensors' waits, the ADC's conversions and the OLED's and LEDs' wires do
  not change.

Only the benches write this file, each its section. Figures measured by hand (two trees
compared, the whole-match fuzzer's runs, the fault matrix) are in
docs/benchmarks-by-hand.md.
"""

# Pico factor: unix-port microseconds -> RP2040 microseconds (see HEADER), at MODEL_MHZ: the
# clock the factor and the Thumb cycle models (bench engine, bench scan) were made at, the
# RP2040's reset clock and the emulated RP2040's.
PICO_FACTOR = 170
MODEL_MHZ = 125


def _board_mhz(name="CPU_MHZ"):
    """The clock the firmware runs the chip at in its own power profile (board_config: the
    charger's CPU_MHZ; hardware/power.md, "The clock"), or in the computer port's (CPU_MHZ_PC)."""
    import re
    text = open(os.path.join(ROOT, "firmware", "board_config.py")).read()
    m = re.search(r"^%s = (\d+)" % name, text, re.M)
    return int(m.group(1)) if m else MODEL_MHZ


BOARD_MHZ = _board_mhz()
PC_MHZ = _board_mhz("CPU_MHZ_PC")


def read_section(name):
    """The text of one section as last written, or "" when it is not there yet."""
    text = open(PATH).read() if os.path.exists(PATH) else ""
    start, end = "<!-- bench:%s -->" % name, "<!-- /bench:%s -->" % name
    if start not in text or end not in text:
        return ""
    return text[text.index(start) + len(start):text.index(end)]


def write_section(name, body):
    text = open(PATH).read() if os.path.exists(PATH) else ""
    # the header is this tool's too: what comes before the first section is written anew
    first = text.find("<!-- bench:")
    text = HEADER % PICO_FACTOR + "\n" + (text[first:] if first >= 0 else "")
    start, end = "<!-- bench:%s -->" % name, "<!-- /bench:%s -->" % name
    block = "%s\n%s\n%s" % (start, body.strip(), end)
    if start in text and end in text:
        a = text.index(start)
        b = text.index(end) + len(end)
        text = text[:a] + block + text[b:]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    with open(PATH, "w") as f:
        f.write(text)
