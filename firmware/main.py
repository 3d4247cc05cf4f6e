"""Tablier's firmware entry on the Pico. The Pico compiles main.py from source at power-up
and keeps its code in the heap while the board runs: the work is in app/tasks.py's main()
(power-up by app/start.py, then forgotten; the tasks for ever), shipped precompiled."""
from app.tasks import main

if __name__ == "__main__":
    main()
