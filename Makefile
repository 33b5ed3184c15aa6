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
	$(BIN)/mypy
	# two workers, a test file each at a time: most of these tests wait on servers and sockets
	$(BIN)/python -m pytest --ignore=tests/app -n 2 --dist loadfile
	# The app's tests in processes of their own: the app's one qasync loop, set running for
	# the whole run, would stop the other tests' asyncio.run.
	$(BIN)/python -m pytest tests/app -n 2 --dist loadfile

bench: $(BIN)/.installed
	$(BIN)/python bench/engine_bench.py

# after changing a UI string or an engine message: translate what it reports in tuolaji_zh_CN.ts
i18n: $(BIN)/.installed
	$(BIN)/python -m resources.i18n.build
