"""The drivers (layer 3 of design.md): one class per part, the bus and pins passed in: the
hall scanner, the LEDs, the OLED, the buttons, the dice, the buzzer, the flash's store."""
from base.rare import on_demand

# Rare parts, loaded for each call and forgotten (base/rare.py): the flash's saves, the
# calibration file and routine, the display's initialisation (power-up, a display lost),
# the scanner's construction, wire tables, viper walk and fault list.
# Each: the module, then the modules it loads that leave with it.
__getattr__ = on_demand(__name__, (
    "store",
    "calfile",
    "oled_init",
    "calroutine",
    "scanbuild",
    "scanwalk",
    "scanfast",
    "scanfaults",
))
del on_demand
