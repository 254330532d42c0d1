# Two entry points for people: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
export SDL_AUDIODRIVER ?= dummy

.PHONY: play test lint typecheck unit soak bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $@

play: $(STAMP)
	unset SDL_AUDIODRIVER; $(BIN)/wargames

lint: $(DEV_STAMP)
	$(BIN)/ruff check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy engine $(wildcard */rules)

unit: $(DEV_STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -n 2 -m "not soak"

test: lint typecheck unit

# The long runs: random play, and the full hostile-input sets (docs/robustness.md), whose
# counts and times are written to docs/robustness-soak.md.
soak: $(DEV_STAMP)
	SDL_VIDEODRIVER=dummy WARGAMES_ROBUSTNESS_REPORT=docs/robustness-soak.md \
		$(BIN)/python -m pytest -m soak

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/wargames bench --out docs/benchmarks.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
