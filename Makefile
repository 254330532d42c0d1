# Two entry points for people: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
export SDL_AUDIODRIVER ?= dummy

.PHONY: play test lint typecheck unit soak online-load bench bench-check balance screenshots clean ai-table blunders

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

# The long runs: random play, the full hostile-input sets and the GUI monkey
# (docs/robustness.md), whose counts and times are written to docs/robustness-soak.md and
# docs/robustness-monkey.md; then the online server under 200 games at once, at a person's
# pace and flat out (docs/online.md), written to docs/online-load.md.
soak: $(DEV_STAMP)
	SDL_VIDEODRIVER=dummy WARGAMES_ROBUSTNESS_REPORT=docs/robustness-soak.md \
		WARGAMES_MONKEY_REPORT=docs/robustness-monkey.md \
		WARGAMES_DOORS_REPORT=docs/robustness-doors.md \
		$(BIN)/python -m pytest -m soak
	$(MAKE) online-load

ONLINE_LOAD := $(BIN)/python tools/online_load.py --games 200 --out docs/online-load.md
online-load: $(DEV_STAMP)
	rm -f docs/online-load.md
	$(ONLINE_LOAD) --pace human --seconds 120
	$(ONLINE_LOAD) --pace flat --seconds 60

# Benchmarks (CPU times; a few minutes): `bench` rewrites the results in docs/benchmarks.md
# and docs/benchmarks.json; `bench-check` fails when a figure is over twice the committed one.
# Neither is part of `make test`.
bench: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/wargames bench --out docs/benchmarks.md

bench-check: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/wargames bench --check docs/benchmarks.json

# The strength table of the computer opponents (docs/ai.md): each game's Normal-against-Easy
# cells (and Normal Filipino against the solo bot) at the budgets the table was measured at
# (iterations a tree, so the same games on any machine). At 200 games a cell some 26 hours of
# CPU from nothing, 13 on 2 cores: a game is about 15-45 s in Baler, 30-40 s in Filipinas,
# 140-185 s in Guerra; from the logs in the repository (Baler's cells complete) some 9 hours on
# 2 cores. Every finished game goes to its log, so a stopped run goes on where
# it stopped when run again, and a complete log is read back in seconds. `make ai-table
# AI_TABLE_GAMES=40` stops each cell at 40 games. The level as played (2 s and 8 s a decision):
# `python tools/ai_table.py --budget 2s --hard-budget 8s --jobs 1`.
AI_TABLE_GAMES ?= 200
AI_TABLE := nice -n 10 $(BIN)/python tools/ai_table.py --games $(AI_TABLE_GAMES)
ai-table: $(STAMP)
	$(AI_TABLE) --only baler --tested normal --side spanish --budget 16i --jobs 2 \
		--log docs/ai-runs/baler-normal-16i-spanish-h8.log > docs/ai-table.md
	$(AI_TABLE) --only baler --tested normal --side philippine --budget 16i --jobs 2 \
		--log docs/ai-runs/baler-normal-16i-philippine-paired.log >> docs/ai-table.md
	$(AI_TABLE) --only guerra --tested normal --budget 8i --jobs 2 \
		--log docs/ai-runs/guerra-normal-8i.log >> docs/ai-table.md
	$(AI_TABLE) --only filipinas --tested normal --budget 16i --jobs 2 \
		--log docs/ai-runs/filipinas-normal-16i-fourth.log >> docs/ai-table.md

# The reports behind docs/balance/<game>.md, one pair per shipped scenario (about 40 minutes
# of CPU, most of it the Guerra computer runs).
SIMULATE := $(BIN)/wargames simulate
balance: $(DEV_STAMP)
	$(SIMULATE) baler --games 400 --agents random --report docs/balance/baler/random
	$(SIMULATE) baler --games 200 --agents ai --report docs/balance/baler/ai
	$(SIMULATE) filipinas --games 400 --agents random --report docs/balance/filipinas/random
	$(SIMULATE) filipinas --games 200 --agents ai --report docs/balance/filipinas/ai
	$(SIMULATE) guerra --games 100 --agents random --report docs/balance/guerra/random
	$(SIMULATE) guerra --games 100 --agents ai --report docs/balance/guerra/ai
	$(SIMULATE) baler --scenario scenarios/baler/americans_1899.yaml --games 400 --agents random --report docs/balance/baler/americans_1899-random
	$(SIMULATE) baler --scenario scenarios/baler/americans_1899.yaml --games 100 --agents ai --report docs/balance/baler/americans_1899-ai
	$(SIMULATE) filipinas --scenario scenarios/filipinas/biak_na_bato.yaml --games 400 --agents random --report docs/balance/filipinas/biak_na_bato-random
	$(SIMULATE) filipinas --scenario scenarios/filipinas/biak_na_bato.yaml --games 100 --agents ai --report docs/balance/filipinas/biak_na_bato-ai
	$(SIMULATE) guerra --scenario scenarios/guerra/ebro_1938.yaml --games 60 --agents random --report docs/balance/guerra/ebro_1938-random
	$(SIMULATE) guerra --scenario scenarios/guerra/ebro_1938.yaml --games 40 --agents ai --report docs/balance/guerra/ebro_1938-ai

# The blunder hunt of docs/ai.md ("Blunders"): each cell of its table, every side of each game at
# Easy (self-play) and Normal (one side, against Easy), judged by `wargames ai-check`; hours on 2
# cores. Each cell writes its blunders, their saved games and summary.json into BLUNDERS_DIR.
# Normal plays at the budget it plays at (2 s, both cores); NORMAL_BUDGET=300i plays the same
# games on any machine.
BLUNDERS_DIR ?= docs/ai-runs/blunders
NORMAL_BUDGET ?= 2s
CHECK := $(BIN)/wargames ai-check
CHECK_ARGS ?= --decisions-per-game 5 --minutes 150
blunders: $(STAMP)
	$(CHECK) baler --level easy --games 16 $(CHECK_ARGS) --out $(BLUNDERS_DIR)/baler-easy
	$(CHECK) filipinas --level easy --games 16 $(CHECK_ARGS) --out $(BLUNDERS_DIR)/filipinas-easy
	$(CHECK) guerra --level easy --games 4 $(CHECK_ARGS) --out $(BLUNDERS_DIR)/guerra-easy
	for side in spanish philippine; do $(CHECK) baler --level normal --against easy --side $$side \
		--games 6 --budget $(NORMAL_BUDGET) $(CHECK_ARGS) \
		--out $(BLUNDERS_DIR)/baler-normal-$$side || exit 1; done
	for side in filipino spain; do $(CHECK) filipinas --level normal --against easy --side $$side \
		--games 10 --budget $(NORMAL_BUDGET) $(CHECK_ARGS) \
		--out $(BLUNDERS_DIR)/filipinas-normal-$$side || exit 1; done
	for side in nationalist republican; do $(CHECK) guerra --level normal --against easy \
		--side $$side --games 3 --budget $(NORMAL_BUDGET) $(CHECK_ARGS) \
		--out $(BLUNDERS_DIR)/guerra-normal-$$side || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
