# Tablier: every target sets up what it needs (a fresh machine has nothing installed).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
WEB_STAMP := web/node_modules/.installed
PORT ?=

.PHONY: test cuts test-cpython test-micropython sim demo bench sweep strength fuzz flash package web web-deps clean hardware

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $(STAMP)

venv: $(STAMP)

# Everything: ruff (pyproject.toml's rules), CPython tests, the same firmware tests under
# the real MicroPython interpreter with the Pico's heap, mpy-cross compilation and the stub
# type-check.
# (the browser tests need web/node_modules: installed when npm is here, else they skip)
NPM := $(shell command -v npm 2>/dev/null)
test: $(STAMP) $(if $(NPM),$(WEB_STAMP),)
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q -n auto -m "not cuts" tests   # one worker per core (pytest-xdist)

# The sweeps of power cuts and of a full flash at every write of a whole match (a few minutes:
# out of `make test`'s five; .ci/run runs them after it).
cuts: $(STAMP)
	$(PY) -m pytest -q -n auto -m cuts tests

# The six PCBs (KiCad 6 from Debian: apt-get install kicad kicad-footprints librsvg2-bin
# xvfb xdotool): rebuilt from hardware/pinmap.json into a temporary directory, KiCad's DRC
# must find no error and the committed hardware/kicad and hardware/fab must be identical
# (about 2 min); then KiCad's ERC (eeschema on a virtual display, about 30 s) must find no
# error and no warning but the waived ones, its reports as committed in hardware/fab.
hardware: $(STAMP)
	$(PY) -m host_tools pcb --check
	$(PY) -m host_tools erc --check
	$(PY) -m pytest -q tests/test_pcb.py

# The board simulator needs only the standard library: it runs from a fresh clone.
sim:
	$(PYTHON) -m host_tools sim

demo:
	$(PYTHON) -m host_tools sim --demo

bench: $(STAMP)
	$(PY) -m host_tools bench

# The long differential sweep against GNU Backgammon (>= 1,000,000 position x roll pairs).
sweep: $(STAMP)
	$(PY) -m host_tools sweep --pairs 1000000

# The engine's strength (not part of `make test`): cubeless money games with mirrored dice
# against PubEval and GNU Backgammon 0-ply, 20,000 games per figure by default, shared
# between JOBS processes (the same games whatever JOBS; one core each).
GAMES ?= 20000
JOBS ?= 2
strength: $(STAMP)
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m host_tools strength --games $(GAMES) --levels normal,strong --against pubeval,gnubg --jobs $(JOBS)

# The whole-match fuzzer long (tests/fuzz_match.py: hypothesis's stateful testing through
# the real Table and App, power cuts at any write, every record replayed by gnubg and checked
# by verify-dice; tests/mp_fuzz.py under the real MicroPython: power cuts, the fair dice,
# the USB answers); a short, derandomized run is part of `make test`. A failure prints the
# blob that replays it.
FUZZ_EXAMPLES ?= 300
FUZZ_STEPS ?= 150
FUZZ_THINKS ?= 5
FUZZ_MP_SEEDS ?= 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
FUZZ_MP_STEPS ?= 800
fuzz: $(STAMP)
	mkdir -p build && rm -f build/fuzz-report.txt
	FUZZ_REPORT=$(CURDIR)/build/fuzz-report.txt \
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_STEPS=$(FUZZ_STEPS) FUZZ_THINKS=$(FUZZ_THINKS) \
	FUZZ_MP_SEEDS="$(FUZZ_MP_SEEDS)" FUZZ_MP_STEPS=$(FUZZ_MP_STEPS) $(PY) -m pytest -q -s -p no:cacheprovider tests/test_fuzz_match.py
	$(PY) -m host_tools.fuzzreport build/fuzz-report.txt "CPython $(FUZZ_EXAMPLES) examples of up to $(FUZZ_STEPS) steps ($(FUZZ_THINKS) strong thinks a machine); MicroPython seeds $(FUZZ_MP_SEEDS), $(FUZZ_MP_STEPS) steps each"

# The firmware as a mip package (package.json at the top for the sources; build/package/ for
# the compiled modules): `mpremote mip install build/package/package.json`.
package: $(STAMP)
	$(PY) -m host_tools package

flash: $(STAMP)
	$(PY) -m host_tools flash $(if $(PORT),--port $(PORT),)

# Tablier in a browser: the firmware (.mpy, as `make flash` installs it) on MicroPython's
# WebAssembly port, served on 127.0.0.1 (PORT=8000 for a fixed port). npm installs the
# pinned port (web/package-lock.json) into web/node_modules once; nothing loads at run time.
$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $(WEB_STAMP)

web-deps: $(WEB_STAMP)

web: $(STAMP) $(WEB_STAMP)
	$(PY) -m host_tools web $(if $(PORT),--port $(PORT),)

clean:
	rm -rf build .pytest_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
