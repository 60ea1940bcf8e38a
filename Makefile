# Two entry points, each creating its own virtual environment in .venv:
#   make demo   - print one bot match of a bundled variant, then simulate 300 games
#   make test   - ruff, mypy --strict, import-linter (the layers), the API reference (build/api) and the whole test suite
#                 on the compiled kernel (where a C compiler built it), then its tests that play games on the pure-Python path
#   make api    - the API reference of the public modules, HTML in build/api (any pdoc warning fails)
#   make browser - Chromium and chromedriver for the browser test (installed with apt-get as root when missing)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
KERNEL := $(VENV)/.kernel-built
# The modules users import (pitchcore's own page lists pitchcore.__all__; the submodules it exports,
# history, actions and tensors, have pages of their own); tests/test_api_docs.py reads this line.
API_MODULES := pitchcore pitchcore.interop.history pitchcore.interop.actions pitchcore.interop.tensors pitchcore.accel.fast pitchcore.game.kernel pitchcore.model.extension pitchcore.bots pitchcore.tools.simulate pitchcore.adapters.openspiel pitchcore.adapters.pettingzoo pitchcore.adapters.gymnasium pitchcore.adapters.vector pitchcore.tools.tournament pitchcore.serving

.PHONY: demo test lint api browser clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# pip install -e builds the optional compiled kernel (setup.py); rebuild it when its source changes.
$(KERNEL): $(STAMP) src/pitchcore/_kernel.c src/pitchcore/model/fields.py setup.py
	$(BIN)/python setup.py --quiet build_ext --inplace 2>/dev/null \
	  || echo "The compiled kernel did not build: pitchcore runs on its pure-Python path"
	touch $(KERNEL)

demo: $(KERNEL)
	$(BIN)/pitchcore demo --variant auction-pitch --seed 1
	$(BIN)/pitchcore simulate --variant auction-pitch --games 300 --bots heuristic,random,heuristic,random --workers 2 --seed 1

lint: $(KERNEL)
	$(BIN)/ruff check src tests examples benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

api: $(STAMP)
	rm -rf build/api
	$(BIN)/python -W error -m pdoc --docformat restructuredtext --output-directory build/api $(API_MODULES)

# tests/test_server_browser.py drives Debian's chromium through chromedriver. When they are
# missing and we are root with apt, install them (quietly); otherwise say so: the test then
# skips with its reason, or fails under CI=true, which must run it.
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing chromium and chromium-driver (apt-get) for the browser test"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq >/dev/null && \
	  apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null \
	  || echo "Could not install chromium and chromium-driver: the browser test cannot run"; \
	else echo "No chromium/chromedriver and not root with apt-get: the browser test cannot run"; fi

# The suite runs on both paths: the whole of it on the compiled kernel (tests/test_kernel.py
# compares it with the Python components move by move), then PITCHCORE_PURE=1, the pure-Python
# reference, on every test that plays or judges a hand, with fewer random games each: the modules
# tests/conftest.py lists in PATH_INDEPENDENT (docs, the loader, the import graph: no game played)
# and RUN_ONCE (layers that read states and views only: the server, views' JSON and tensors, the
# adapters, bots' knowledge; the training example) are marked path_independent and run only the
# first time: the states themselves are the same on both paths, as tests/test_kernel.py checks.
test: lint api browser
	$(BIN)/pytest -n auto --dist worksteal
	PITCHCORE_PURE=1 $(BIN)/pytest -n auto --dist worksteal -m "not path_independent"

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
