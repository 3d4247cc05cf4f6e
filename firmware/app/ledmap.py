"""Which LED of the strip each of the Table's LED roles lights, from board_config: the App's
map, made once at power-up (app/loop.py's App), and the simulator's read-back of a frame.
Loaded for the call and forgotten (app/__init__.py lists it rare): the App keeps the map,
not this code nor board_config."""
import board_config as _cfg


def led_index(role, cfg=_cfg):
    """The strip index of a Table.leds role (1..24 points, 25/26 bars, 27..30 status), or -1."""
    if 1 <= role <= cfg.N_POINTS:
        return cfg.LED_POINT[role - 1]
    if role == 25 or role == 26:
        return cfg.LED_BAR[role - 25]
    names = ("turn_p1", "turn_p2", "cube_p1", "cube_p2")
    if 27 <= role <= 30:
        return cfg.LED_STATUS.get(names[role - 27], -1)
    return -1


def led_map(roles, cfg=_cfg):
    """The strip index of each of the Table's `roles` LED roles, 255 for none (App's map)."""
    return bytearray(255 if led_index(r, cfg) < 0 else led_index(r, cfg) for r in range(roles))
