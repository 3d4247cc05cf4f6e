"""Tablier's firmware entry on the Pico. The Pico compiles main.py from source at power-up
and keeps its code in the heap while the board runs: the work is in app/start.py (shipped
precompiled)."""
from app.start import main

if __name__ == "__main__":
    main()
