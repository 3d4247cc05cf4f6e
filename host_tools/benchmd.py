"""Write one section of BENCHMARKS.md, leaving the other sections alone.

Each bench owns the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH = os.path.join(ROOT, "BENCHMARKS.md")
HEADER = """# Benchmarks

Figures written by `make bench` (and `make sweep` for the long differential sweep).
Host times are measured with the MicroPython unix port (`.venv/bin/micropython`) with the
heap capped like the Pico's. **Pico estimate = host MicroPython time x %d**: for rules-like
Python, 1 us in the unix port here is about %d us on a 125 MHz RP2040 (measured on an
emulated RP2040; the factor ranges from 50 to 240 by workload, so the estimates are +-2x).
"""

# Pico factor: unix-port microseconds -> RP2040 microseconds (see HEADER).
PICO_FACTOR = 170


def read_section(name):
    """The text of one section as last written, or "" when it is not there yet."""
    text = open(PATH).read() if os.path.exists(PATH) else ""
    start, end = "<!-- bench:%s -->" % name, "<!-- /bench:%s -->" % name
    if start not in text or end not in text:
        return ""
    return text[text.index(start) + len(start):text.index(end)]


def write_section(name, body):
    text = open(PATH).read() if os.path.exists(PATH) else HEADER % (PICO_FACTOR, PICO_FACTOR)
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
