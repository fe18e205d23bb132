# Two commands set everything up on a fresh machine with only Python 3.11+:
#   make lab   - virtual environment, the kit and what the lessons need installed, JupyterLab opened on a
#                working copy of the lessons (out/lessons: teaching never modifies the tracked lessons/)
#   make test  - the same environment plus the developer tools, then every test (ruff, mypy on the engine,
#                the layering contract, the lessons' lint and checks, unit tests and doctests, the
#                real-browser tests of the boards, the JupyterLite site and the engine under Pyodide)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# What a teacher's `make lab`, `make voila` and `make class` need: the lessons' extras, no developer tools.
LAB_EXTRAS := notebook,print,authoring
LAB_STAMP  := $(VENV)/.installed-lab
# Everything else (tests, lint, benchmarks, the wheel): the lessons' extras and the dev extra.
STAMP  := $(VENV)/.installed
# The versions every install here was tested with (pip freeze, `make constraints` rewrites it); pyproject.toml
# keeps open lower bounds for those who install the kit into an environment of their own.
CONSTRAINTS := constraints.txt
PIP_INSTALL := $(BIN)/python -m pip install --quiet --constraint $(CONSTRAINTS)
# JupyterLab refuses to run as root unless told it may (containers, CI, classroom servers).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# JupyterLab settings that ship with the environment: no news pop-up, no update check in class, and a
# double-click on a lesson's .md text file opens it as a notebook (jupytext's viewer), not as text.
OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
PORT ?= 8888
LESSON ?= lessons/01_meet_eleusis.ipynb
# Parallel workers for the unit tests (pytest-xdist); 0 runs them in one process.
JOBS ?= 2

.PHONY: lab edit-lessons lab-sheets voila class test lint lint-ruff lint-mypy lint-layers lint-lessons sync-lessons unit lessons browser format strip bench bench-school wheel clean lite lite-check constraints

$(LAB_STAMP): pyproject.toml setup.py $(CONSTRAINTS)
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Eleusis Lab needs Python 3.11 or newer"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e '.[$(LAB_EXTRAS)]'
	@echo "JupyterLab settings in $(OVERRIDES): no news pop-up, a lesson's .md opens as a notebook"
	@$(BIN)/python -c 'import json, pathlib, sys; \
	p = pathlib.Path(sys.argv[1]); p.parent.mkdir(parents=True, exist_ok=True); \
	s = json.loads(p.read_text()) if p.exists() else {}; \
	s["@jupyterlab/apputils-extension:notification"] = {"fetchNews": "false", "checkForUpdates": False}; \
	s["@jupyterlab/docmanager-extension:plugin"] = {"defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}}; \
	p.write_text(json.dumps(s, indent=2) + "\n")' $(OVERRIDES)
	touch $(LAB_STAMP)

$(STAMP): $(LAB_STAMP)
	$(PIP_INSTALL) -e '.[$(LAB_EXTRAS),dev]'
	touch $(STAMP)

# The lessons are copied into out/lessons (as `eleusis-lab lab` copies them from the wheel, with the rules
# page beside them); JupyterLab's autosave writes there, never into the tracked lessons/. A lesson edited in
# the copy is kept; delete out/lessons for a fresh one. To edit the lessons themselves: `make edit-lessons`.
LAB_COPY ?= out/lessons
lab: $(LAB_STAMP)
	$(BIN)/eleusis-lab lab $(LAB_COPY)

# For authors: JupyterLab on the tracked lessons/ (their .md sources pair with the notebooks).
edit-lessons: $(LAB_STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=lessons

# The projector view: the lesson's boards without code (set LESSON=lessons/NN_….ipynb).
voila: $(LAB_STAMP)
	$(BIN)/voila $(LESSON) --port $(PORT)

# The projector page: the class board alone in Voila (eleusis-lab class), on CLASS_PORT.
CLASS_PORT ?= 8866
class: $(LAB_STAMP)
	$(BIN)/eleusis-lab class --port $(CLASS_PORT)

lint: lint-ruff lint-mypy lint-layers lint-lessons

# Both checks run; the target fails if either does.
lint-ruff: $(STAMP)
	$(BIN)/ruff check .; status=$$?; $(BIN)/ruff format --check . && exit $$status

# The layers as a contract (pyproject.toml's [tool.importlinter]): an upward import fails the build.
lint-layers: $(STAMP)
	$(BIN)/lint-imports

# Type checks on the engine (pyproject.toml says which folders).
lint-mypy: $(STAMP)
	$(BIN)/mypy

# A lesson committed with outputs or widget state fails nbstripout --verify (`make strip` fixes it); the
# check script fails a lesson whose .md and .ipynb differ (`make sync-lessons` fixes it), that lacks the
# opening sections, the setup cell or the teacher notes last, shows test code (assert, NBVAL) to students,
# or whose core path is 900 words or more; lessons/unit.toml must list every lesson.
lint-lessons: $(STAMP)
	$(BIN)/nbstripout --verify lessons/*.ipynb
	$(BIN)/python tests/lessons/check_lessons.py

# Each lesson's MyST text file (lessons/NN_*.md) is its source; this writes the paired notebooks from the
# text files edited since (jupytext takes the newer of the two), then strips their outputs.
sync-lessons: $(STAMP)
	$(BIN)/jupytext --sync --quiet lessons/[0-9][0-9]_*.md
	$(BIN)/nbstripout lessons/*.ipynb

unit: $(STAMP)
	$(BIN)/python -m pytest -q $(if $(filter 0,$(JOBS)),,-n $(JOBS)) --ignore=tests/browser --ignore=tests/lessons

# Edit a lesson's .md, then `make lessons`: the notebooks are synced from the text first. tests/lessons runs
# each notebook once, top to bottom (Run All), in one kernel, and checks the lessons' claims on its objects
# and outputs; --dist loadfile keeps a lesson's tests on one worker, so no notebook runs twice. The notebooks
# run in a copy made as make lab makes out/lessons (out/lessons-under-test), and the stage fails when git
# status after it differs from before it: running the lessons never modifies the repository.
lessons: sync-lessons
	$(BIN)/python -m pytest -q $(if $(filter 0,$(JOBS)),,-n $(JOBS) --dist loadfile) --durations=8 tests/lessons
	# and each notebook as a student runs it, top to bottom under nbval (errors fail; outputs are not
	# compared: the notebooks are stored stripped), in a working copy as make lab makes one
	rm -rf out/lessons-nbval
	$(BIN)/python -c "from pathlib import Path; from eleusis_lab.lesson_copy import copy_lessons; copy_lessons('out/lessons-nbval', source=Path('lessons'))"
	cd out/lessons-nbval && $(abspath $(BIN))/python -m pytest -q $(if $(filter 0,$(JOBS)),,-n $(JOBS) --dist loadfile) --nbval-lax *.ipynb

browser: $(STAMP)
	$(BIN)/python -m pytest -q -rs tests/browser

test: lint unit lessons browser lite-check

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

strip: $(STAMP)
	$(BIN)/nbstripout lessons/*.ipynb

# Every benchmark but the school server's, which takes minutes and needs the hub extra (bench-school).
bench: $(STAMP)
	for f in benchmarks/bench_*.py; do [ $$f = benchmarks/bench_school_server.py ] || $(BIN)/python $$f || exit 1; done

# docs/school-server.md deployed on a JupyterHub on 127.0.0.1, for each class size in STUDENTS: lessons 1 and 4,
# and the class board in Chromium for BROWSER_SHARE of the students; configurable-http-proxy is installed
# under out/school-server/node by npm when it is not on the PATH.
STUDENTS ?= 10 30
BROWSER_SHARE ?= 0.3
bench-school: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[hub]'
	for n in $(STUDENTS); do $(BIN)/python benchmarks/bench_school_server.py --students $$n --lessons 1,4 \
	  --browser-share $(BROWSER_SHARE) || exit 1; done

# Each lesson's lab sheet and exit ticket (with its answers), and teacher guide C's team record and 2-4-6
# sheet for a class without laptops; one page each, A4 and Letter: out/lab-sheets.
lab-sheets: $(STAMP)
	$(BIN)/python -m eleusis_lab.worksheets.labsheets out/lab-sheets

# The wheel a teacher or a school server installs (lessons, projector page and recipes inside): dist/.
wheel: $(STAMP)
	$(BIN)/python -m build --no-isolation --outdir dist .

# The kit with no install: a JupyterLite site of the lessons, the projector page and the kit's wheel, in
# out/lite/site (README, "No install at all"). The lite extra goes into an environment of its own, so that
# JupyterLab's environment never loads JupyterLite's kernel extension and the site carries no extension of
# a server (Voila's, jupytext's).
LITE_VENV  := out/lite/venv
LITE_STAMP := $(LITE_VENV)/.installed
$(LITE_STAMP): pyproject.toml setup.py $(CONSTRAINTS)
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --constraint $(CONSTRAINTS) -e '.[lite]'
	touch $(LITE_STAMP)

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python scripts/lite.py site

# make test's step: the site built and checked, then the engine's core tests under Pyodide (npm's pyodide
# package in Node, installed into out/lite/node; Node 18 or newer).
lite-check: $(LITE_STAMP)
	$(LITE_VENV)/bin/python scripts/lite.py check

# constraints.txt from a fresh environment holding every extra (run it, then `make test`, then commit both).
constraints:
	rm -rf out/constraints-venv build *.egg-info
	$(PYTHON) -m venv out/constraints-venv
	out/constraints-venv/bin/python -m pip install --quiet --upgrade pip
	out/constraints-venv/bin/python -m pip install --quiet '.[$(LAB_EXTRAS),widgets,hub,lite,research,dev]'
	{ echo "# The versions the tests passed with: pip freeze of a fresh environment with every extra (make"; \
	  echo "# constraints). Used by the Makefile, CI and the install lines: pip install --constraint constraints.txt"; \
	  out/constraints-venv/bin/python -m pip freeze --all --exclude pip --exclude eleusis-lab; } > $(CONSTRAINTS)
	rm -rf out/constraints-venv build *.egg-info

clean:
	rm -rf $(VENV) build dist *.egg-info out
