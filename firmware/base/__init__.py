"""The floor every layer stands on: the millisecond ticks, the live event stream, text laid
out in rows for the OLED, an error in words, the reading of the hall sensors (what the
scanner tells the Table), the loading of rare code (rare.py), and a file's bytes found where
they lie on the Pico's flash (inflash.py: the engine's weights, read in place)."""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): a reading's repr (logs and test failures).
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "reading_repr",
))
del on_demand
