# Two commands for a fresh clone (see README): `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

.PHONY: play test bench i18n
play: $(BIN)/.installed
	$(BIN)/python -m app.main --offline

test: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest --ignore=tests/app
	# Each app test file in its own process: Qt, qasync and the servers they start keep no
	# state from one file's tests to the next.
	set -e; for f in tests/app/test_*.py; do $(BIN)/python -m pytest "$$f"; done

bench: $(BIN)/.installed
	$(BIN)/python bench/engine_bench.py

# after changing a UI string or an engine message: translate what it reports in tuolaji_zh_CN.ts
i18n: $(BIN)/.installed
	$(BIN)/python -m resources.i18n.build
