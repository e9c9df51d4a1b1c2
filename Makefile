# make run: set up and serve the playground on http://127.0.0.1:5000
# make run HOST=0.0.0.0 PORT=8000: the same on another address and port
# make test: set up (virtual environment, dependencies, Chromium) and run every test, on every core
# make setup PREPARE=1: set up, and build the sliding pattern databases ahead of the first 4 x 4 solve
# make test PYTEST_ARGS="tests/web/test_jobs.py" TEST_WORKERS=1: some tests, in one process
# make messages: after a change of words, the catalogues again: extract, merge into German, compile (docs/translating.md)
# make cluster: Redis, PostgreSQL, two web processes (ports 5001, 5002) and two workers on this machine
# make loadtest-cluster CLIENTS=50 DURATION=60: Locust against that cluster, with faults in turn (a worker
#   and a web process kill -9, Redis kill -9 and restart, PostgreSQL stop and start): exit 1 if anything is lost
# make bench BENCH_ARGS="--runs 1 --no-seed": the solvers' speed (benchmarks/README.md): rotation, then sliding
# make bench SLIDING_ARGS="--limit 10": the sliding part on the first 10 of Korf's 100
# make bench-fifteen80 FIFTEEN80_ARGS="--huge": the 17 positions of 80 moves (minutes; not in make bench)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM ?= /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test setup messages chromium servers bench bench-fifteen80 loadtest cluster loadtest-cluster clean

# prepare first: the sliding pattern databases a web solve of 5 x 5 never
# builds (once, ~30 s with its progress; "built already" afterwards)
run: $(STAMP)
	$(BIN)/rotation-playground prepare
	$(BIN)/rotation-playground serve --host $(HOST) --port $(PORT)

# pytest-xdist: one test process per core (TEST_WORKERS=1 for one process);
# --dist loadfile keeps a file's tests together, so a file's live server,
# browser and module fixtures start once
TEST_WORKERS ?= auto
# PYTHONDONTWRITEBYTECODE emptied: pytest rewrites the asserts of every module
# of its plugins' packages (hypothesis, schemathesis: some 470 modules, 5 s of
# CPU), and keeps the result only where bytecode may be written; with it kept,
# a later pytest process (a worker, the collection a project test runs)
# collects in 5.6 s instead of 11.8 s
test: $(STAMP) chromium servers
	PYTHONDONTWRITEBYTECODE= CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# make setup PREPARE=1: also build now what first solves would build (the
# sliding 4 x 4 pattern databases, 8-30 s, 11.5 MB in ~/.cache/rotation-playground)
setup: $(STAMP)
	@if [ -n "$(PREPARE)" ]; then $(BIN)/rotation-playground prepare; fi

# The editable install in setuptools' compat mode puts the project on sys.path
# with a plain .pth line: the default mode's import finder costs every
# process ~20 ms of start-up (pathlib, re, urllib...). (The project's other
# top-level names, such as tests and setup, become importable too: nothing
# imports them.) Should a setuptools drop compat mode (it is deprecated), the
# default one still installs, only start-up is slower.
# compileall writes the .pyc a normal install writes, so that start-up need
# not compile our modules where PYTHONDONTWRITEBYTECODE is set; Python checks
# each .pyc against its source's mtime, so an edited module is never stale.
# The Makefile is a prerequisite: a changed recipe reinstalls.
$(STAMP): pyproject.toml setup.py Makefile $(wildcard csrc/*.c csrc/*.h)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,cluster]' --config-settings editable_mode=compat \
		|| $(BIN)/python -m pip install --quiet -e '.[test,cluster]'
	$(BIN)/python -m compileall -q webapp
	touch $(STAMP)

# The messages of Python, templates and scripts (babel.cfg) into the template,
# merged into each language's .po (new ones untranslated and changed ones
# fuzzy, which tests/project/test_translations.py fails on until a person has
# translated them; gone ones dropped; the header kept, so that a run with
# nothing new changes nothing), compiled to the .mo the app reads, and the
# scripts' share written as static/i18n/<lang>.json (both committed: a clone
# serves at once)
TRANSLATIONS := webapp/translations
messages: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --add-location=file --sort-output --no-wrap --omit-header \
		-o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel -q update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) --no-wrap \
		--ignore-pot-creation-date --ignore-obsolete
	$(BIN)/pybabel -q compile -d $(TRANSLATIONS) --statistics
	$(BIN)/python -m webapp.web.language

chromium:
	@bash .ci/ensure-chromium $(CHROMIUM)

# the servers the tests of several web processes start on free ports (Redis, PostgreSQL)
servers:
	@bash .ci/ensure-servers

bench: $(STAMP)
	$(BIN)/python -m compileall -q webapp  # modules edited since the set-up: timed as installed
	$(BIN)/python benchmarks/bench.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/sliding.py $(SLIDING_ARGS)
	$(BIN)/python benchmarks/triangle.py $(TRIANGLE_ARGS)
	$(BIN)/python benchmarks/animation.py
	$(BIN)/python benchmarks/sheets.py

# the 15-puzzle's 17 positions of 80 moves, each solved optimally: minutes
# even with the 7-8 databases (--huge), so apart from make bench
bench-fifteen80: $(STAMP)
	$(BIN)/python benchmarks/fifteen80.py $(FIFTEEN80_ARGS)

loadtest: $(STAMP)
	$(BIN)/python benchmarks/loadtest.py --clients $(or $(CLIENTS),50) --seconds $(or $(DURATION),30) \
		--scenario-seconds $(or $(SCENARIO_SECONDS),8)

# Redis, PostgreSQL, two web processes (5001, 5002) and two job workers;
# Ctrl+C stops them all (tools/cluster.py; docs/serving.md, "More than one machine")
cluster: $(STAMP) servers
	$(BIN)/python tools/cluster.py $(CLUSTER_ARGS)

# Locust (the extra "load", installed here only) against both web processes
# of a cluster on free ports, a fault in each fifth of the run (benchmarks/README.md)
loadtest-cluster: $(STAMP) servers
	@$(BIN)/python -c "import locust" 2>/dev/null || $(BIN)/python -m pip install --quiet 'locust>=2.30'
	$(BIN)/python benchmarks/loadtest_cluster.py --clients $(or $(CLIENTS),50) --seconds $(or $(DURATION),60)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info
