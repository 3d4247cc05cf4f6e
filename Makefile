# Tablier: every target sets up what it needs (a fresh machine has nothing installed).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?=

.PHONY: test test-cpython test-micropython sim demo bench sweep strength flash clean

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $(STAMP)

venv: $(STAMP)

# Everything: CPython tests, the same firmware tests under the real MicroPython
# interpreter with the Pico's heap, mpy-cross compilation and the stub type-check.
test: $(STAMP)
	$(PY) -m pytest -q tests

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
# against PubEval and GNU Backgammon 0-ply, 20,000 games per figure by default, one core.
GAMES ?= 20000
strength: $(STAMP)
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m host_tools.benches.bench_engine strength --games $(GAMES) --levels normal,strong --against pubeval,gnubg

flash: $(STAMP)
	$(PY) -m host_tools flash $(if $(PORT),--port $(PORT),)

clean:
	rm -rf build .pytest_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
