# Two commands on a fresh machine with python3: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
JOBS ?= 2

.PHONY: setup run test lint typecheck docs unit bench soak clean lock

# requirements.lock pins every package to the versions the suite was last run with
# (pip-compile, from pyproject.toml's dependencies and dev extras); `make lock` updates it.
LOCK := requirements.lock

# The install says what pip is doing, a line a package it collects, and at least every 20
# seconds while it installs (never silent for long on a slow network or a busy machine),
# without pip's full output (the editable install's setuptools notice box, the long
# "Successfully installed" list); pip's whole output stays in .venv/pip.log and is shown
# when the install fails.
PIP_SHOWN := sed -u -n -e "s/^Collecting \([^ ]*\).*/  pip: collecting \1/p" \
	-e "s/^Installing collected packages.*/  pip: installing the collected packages/p" \
	-e "s/^Successfully installed.*/  pip: installed/p"

$(STAMP): pyproject.toml $(LOCK)
	@echo "installing the pinned packages into $(VENV) (1 to 3 minutes)"
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@bash -o pipefail -c '( while sleep 20; do echo "  pip: still working ($$SECONDS s)"; done ) & beat=$$!; \
		$(BIN)/python -m pip install --progress-bar off -c $(LOCK) -e ".[dev]" 2>&1 \
		| tee $(VENV)/pip.log | $(PIP_SHOWN); status=$$?; kill $$beat 2>/dev/null; exit $$status' \
		|| { tail -40 $(VENV)/pip.log; exit 1; }
	touch $(STAMP)

## lock: re-resolve requirements.lock to the newest versions pyproject.toml allows (then run make test)
lock: $(STAMP)
	$(BIN)/python -m pip install --quiet pip-tools
	$(BIN)/pip-compile --quiet --extra dev --strip-extras --allow-unsafe --no-emit-index-url \
		--no-emit-find-links -o $(LOCK) pyproject.toml

# The engine and bots compiled with mypyc (cryhavoc_sim/native.py). build_native checks
# the hash of the sources it reads and returns at once when the build is current; without
# a C compiler everything runs as plain Python (the same games, slower).
NATIVE_SOURCES := $(shell find cryhavoc_sim -name '*.py')
NATIVE := $(VENV)/cryhavoc-native/.built

$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python -m cryhavoc_sim.build_native
	mkdir -p $(dir $(NATIVE)) && touch $(NATIVE)

setup: $(STAMP) $(NATIVE)

## run: play the default scenario (scenarios/quick.toml) across processes into runs/quick
# The first report does not wait for the compiled build: without a current build the games
# run as plain Python (the same games, seconds slower), then the build follows, with progress.
run: $(STAMP)
	rm -rf runs/quick
	$(BIN)/cryhavoc-sim run scenarios/quick.toml -j $(JOBS) -o runs/quick
	@echo "Parquet and manifest in runs/quick/ (games/, seats/, events/, manifest.json)"
	$(BIN)/cryhavoc-sim report runs/quick -o reports/quick
	@echo "The report is ready: reports/quick/report.html. Now the compiled build for later commands (Ctrl-C is safe: the next make starts it again)."
	@$(MAKE) --no-print-directory $(NATIVE)

## test: lint + type-check + the documentation site + every test
test: lint typecheck docs unit

## docs: build the documentation site from docs/ into site/ (open site/index.html). Strict: a
## broken link or anchor, a page missing from the navigation or a command without its page fails.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

lint: $(STAMP)
	$(BIN)/ruff check cryhavoc_sim tests
	$(BIN)/ruff format --check cryhavoc_sim tests

typecheck: $(STAMP)
	$(BIN)/mypy

# Where a C compiler exists the compiled build must be in use: a failed build fails the
# tests that compare it with plain Python instead of skipping them.
unit: $(STAMP) $(NATIVE)
	CRYHAVOC_EXPECT_COMPILED=$$(command -v cc >/dev/null 2>&1 && echo 1) $(BIN)/pytest -n $(JOBS) --dist loadfile

## bench: throughput, logging cost, bytes per game, peak memory
bench: $(STAMP) $(NATIVE)
	$(BIN)/cryhavoc-sim bench

## soak: random games with every invariant checked (100,000 of Cry Havoc, 20,000 of Cave Troll, 20,000 of WarCry), then the copy and determinize testers on each; violations with seeds
soak: $(STAMP) $(NATIVE)
	$(BIN)/cryhavoc-sim soak -n 100000 -j $(JOBS)
	$(BIN)/cryhavoc-sim soak --game cavetroll -n 20000 -j $(JOBS)
	$(BIN)/cryhavoc-sim soak --game warcry -n 20000 -j $(JOBS)

clean:
	rm -rf $(VENV) runs site build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
