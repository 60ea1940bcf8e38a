# Two entry points, each creating its own virtual environment in .venv:
#   make demo   - print one bot match of a bundled variant, then simulate 300 games
#   make test   - ruff, mypy --strict and the whole test suite
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: demo test lint clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/pitchcore demo --variant auction-pitch --seed 1
	$(BIN)/pitchcore simulate --variant auction-pitch --games 300 --bots heuristic,random,heuristic,random --workers 2 --seed 1

lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
