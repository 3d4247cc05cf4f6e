"""The match record on the board: one line per event written to flash (record_writer.py),
and the file made ready at power-up or after a failed write (record_open.py). Its readers
are the host's (host_tools/record_read.py)."""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): a record line (a few a turn), the file made ready (power-up).
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "record_open record.record_writer",
    "record_writer",
))
del on_demand
