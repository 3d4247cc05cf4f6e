# Freezing Tablier into a MicroPython firmware image (the micropython-lib way):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/tablier/firmware/manifest.py
# Frozen modules run from the Pico's flash: their bytecode takes no heap at all, which
# leaves the whole heap to the game (docs/engine.md: the engine's share).
# main.py stays a file on the board's flash (MicroPython runs main.py from the filesystem),
# and so does engine/weights.bin (data, read once at power-up). Installing without a custom
# firmware: `make flash`, or `mpremote mip install` with package.json (host_tools/cmd_package.py).
metadata(version="0.3.0", description="Tablier: the smart backgammon board's firmware")

# the floor, the rules core, the Table, the dice, the drivers, the record, the engine, the
# application
package("base")
package("bg")
package("game")
package("dice")
package("hw")
package("record")
package("engine")
package("app")

# the modules below every package
module("board_config.py")
module("version.py")
