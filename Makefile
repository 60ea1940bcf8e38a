# Two entry points, each creating its own virtual environment in .venv:
#   make demo   - print one bot match of a bundled variant, then simulate 300 games
#   make test   - ruff, mypy --strict, the API reference (build/api) and the whole test suite
#   make api    - the API reference of the public modules, HTML in build/api (any pdoc warning fails)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
# The modules users import (pitchcore's own page lists pitchcore.__all__); tests/test_api_docs.py reads this line.
API_MODULES := pitchcore pitchcore.fast pitchcore.bots

.PHONY: demo test lint api clean

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

api: $(STAMP)
	rm -rf build/api
	$(BIN)/python -W error -m pdoc --docformat restructuredtext --output-directory build/api $(API_MODULES)

test: lint api
	$(BIN)/pytest

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
