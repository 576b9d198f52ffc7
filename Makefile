# Two commands for a newcomer: `make play` and `make test`.
# Each creates .venv when it is missing and installs what it needs; a second
# run finds the stamp up to date and skips the install.

PYTHON ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test test-slow mutants lint format bench clean setup

setup: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/ygo play

# The second run plays the card and rule tests with YGOPro's Lua scripts in place of
# the native ones (docs/lua.md), when the scripts are at hand (../shared).
LUA_SCRIPTS ?= ../shared/ygopro-scripts
test: $(STAMP)
	$(BIN)/python -m pytest -n auto
	@if [ -f $(LUA_SCRIPTS)/constant.lua ]; then \
		YGO_TEST_LUA_SCRIPTS=$(LUA_SCRIPTS) $(BIN)/python -m pytest -n auto tests/cards tests/rules --card-scripts lua; \
	else echo "skipped: the card tests through Lua (no YGOPro scripts at $(LUA_SCRIPTS))"; fi

test-slow: $(STAMP)
	$(BIN)/python -m pytest -n auto -m slow

# The mutation check: each hand-made engine mutant must make its rule tests fail
# (tests/README.md). Not part of `make test`.
mutants: $(STAMP)
	$(BIN)/python -m tests.mutants.run

lint: $(STAMP)
	$(BIN)/ruff check --no-cache src tests benchmarks
	$(BIN)/ruff format --no-cache --check src tests benchmarks
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format src tests benchmarks
	$(BIN)/ruff check --fix src tests benchmarks

# With the YGOPro scripts at hand (LUA_SCRIPTS), deck S through Lua beside native.
bench: $(STAMP)
	$(BIN)/python -m benchmarks --scripts $(LUA_SCRIPTS)

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
