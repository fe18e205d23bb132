# Two commands set everything up on a fresh machine with Python 3.11+:
#   make lab   - virtual environment, the kit installed, JupyterLab opened on lessons/
#   make test  - the same environment, then every test (lint, unit, doctests, lessons, worksheets, browser)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab voila test lint format strip bench soak clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Eleusis Lab needs Python 3.11 or newer"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebook,print,dev]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab lessons/

voila: $(STAMP)
	$(BIN)/voila lessons/02_running_a_class_round.ipynb

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/nbstripout --verify lessons/*.ipynb

test: $(STAMP) lint
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup
	$(BIN)/python -m pytest -q --nbval-lax --nbval-current-env -p no:randomly lessons/

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

strip: $(STAMP)
	$(BIN)/nbstripout lessons/*.ipynb

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info out
