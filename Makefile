# dogpark: `make run` starts the whole stack, `make test` runs every test. Both set themselves up.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum setup.cfg | cut -d' ' -f1)

.PHONY: install browser run test lint unit integration e2e browser-tests screenshots spec bench bench-bots bench-instructions bench-peer soak fuzz faults rates clean clean-data

# The project, then the Python bot kit (client/), a package of its own that the CLI, the arena and the tests use.
$(STAMP): setup.cfg client/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m pip install --quiet -e ./client
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# Spots' rules on a random playout's path, compiled by mypyc in place (an extension beside each source, and their
# shared library domain/spots/native__mypyc): a random playout 1.5x as fast (docs/development.md). The manifest
# holds each source's hash as compiled: domain/compiled.py loads the modules from source, with a warning, once one
# differs, so that an edit never runs stale. Without a C compiler (setuptools': $CC, else Python's own) or Python's
# headers, the modules run from source.
SPOTS_COMPILED := state moves procedures tricks turns commands scoring pes
SPOTS_SOURCES := $(SPOTS_COMPILED:%=domain/spots/%.py)
SPOTS_MANIFEST := domain/spots/native.sha256
$(SPOTS_MANIFEST): $(SPOTS_SOURCES) $(STAMP)
	@rm -f $(SPOTS_MANIFEST) domain/spots/*.so
	@if $(PY) -c 'import os, shutil, sys, sysconfig; \
	  sys.exit(not shutil.which((os.environ.get("CC") or sysconfig.get_config_var("CC")).split()[0]) \
	           or not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then \
	  echo "Compiling Spots' rules with mypyc ($(SPOTS_COMPILED))"; \
	  mkdir -p build; \
	  $(PY) -c 'from setuptools import setup; from mypyc.build import mypycify; \
	    setup(name="spots-native", ext_modules=mypycify("$(SPOTS_SOURCES)".split(), group_name="domain.spots.native"))' \
	    build_ext --inplace >build/mypyc.log 2>&1 || { cat build/mypyc.log; exit 1; }; \
	  cd domain/spots && sha256sum $(SPOTS_COMPILED:%=%.py) > native.sha256; \
	else \
	  echo "warning: no C compiler or no Python headers: Spots' rules run from source, 1.5x slower"; \
	fi

# Then the project's own bytecode, so that no process compiles it again: where PYTHONDONTWRITEBYTECODE is set (as on
# the CI machines), every gunicorn worker, RQ worker and CLI call would, about 0.6 s of CPU each.
install: $(STAMP) $(SPOTS_MANIFEST)
	$(PY) -m compileall -q domain events service workers client tests examples api_spec

# Debian's Chromium and its driver, for the web client's tests: installed when missing (sudo unless root).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium chromium-driver; }

## The whole stack: a private Redis (unless REDIS_URL is set), the API on DOGPARK_BIND (127.0.0.1:8000), two
## workers, the search worker (the bots that search), the sweeper. Ctrl-C stops it all.
run: install
	$(VENV)/bin/dogpark run

## Lint, then every test (unit, integration on a real Redis and a local Redis Cluster, end to end through HTTP and
## real workers). Three pytest processes on two cores, as the end-to-end files mostly wait on their stacks. It takes
## longer than its 6-minute target: 15 min 37 s on a quiet 2-core machine (2026-11-30, 2,851 tests; 12 min 10 s
## in the session before, with 2,795), 13 min 29 s on CI.
test: install browser lint
	$(PY) -m pytest -q -n 3 --dist loadfile -m "not slow"

## ruff; the layers' import contracts (setup.cfg's [importlinter]: a back edge fails); the types (setup.cfg's [mypy]).
lint: install
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

unit: install
	$(PY) -m pytest -q tests/unit

integration: install
	$(PY) -m pytest -q tests/integration

e2e: install
	$(PY) -m pytest -q tests/e2e

## The web client in headless Chromium: every game played by clicking, watching, replaying, an audit checked.
browser-tests: install browser
	$(PY) -m pytest -q tests/browser

## Every game at 1280x800 and 390x844, mid-game and at its end, to docs/screenshots/ (the README shows them).
screenshots: install browser
	DOGPARK_SCREENSHOTS=docs/screenshots flock /tmp/dogpark-browser.lock $(PY) -m pytest -q tests/browser/test_screenshots.py

## Regenerate api_spec/openapi.yaml from the app (a test checks the two are identical).
spec: install
	$(PY) -m api_spec.write

## Throughput and latency figures (see docs/benchmarks.md).
bench: install
	$(PY) -m pip install --quiet -e '.[test,bench]'
	$(PY) -m tests.bench.run

## The bot levels against greedy or one another: win rates with 95% intervals and ms per decision (docs/bots.md).
## BOTS_GAMES games per table (20), BOTS_LEVELS the levels (hard), BOTS_AGAINST the level or built-in bot in the
## other seats (greedy), BOTS_TABLES the games that have search levels.
BOTS_GAMES ?= 20
BOTS_LEVELS ?= hard
BOTS_AGAINST ?= greedy
BOTS_TABLES ?= felix-4,spots-2,dogs-2
bench-bots: install
	$(PY) -m tests.bench.search --games $(BOTS_GAMES) --levels $(BOTS_LEVELS) --against $(BOTS_AGAINST) --tables $(BOTS_TABLES)

## Instructions per command of each game, counted by valgrind: a change of a few percent shows in one run, however
## busy the machine (docs/benchmarks.md). INSTRUCTIONS_GAMES picks the games (counter,spots,felix,dogs).
INSTRUCTIONS_GAMES ?= counter,spots,felix,dogs
bench-instructions: install
	@command -v valgrind >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind; }
	$(PY) -m tests.bench.instructions --games $(INSTRUCTIONS_GAMES)

## dogpark beside boardgame.io on a two-seat counter game, one Node load generator for both (docs/peer.md);
## boardgame.io comes from the npm registry by its lock file, into tests/bench/peer/node_modules.
bench-peer: install
	$(PY) -m pip install --quiet -e '.[test,bench]'
	cd tests/bench/peer && npm ci --silent --no-audit --no-fund
	$(PY) -m tests.bench.peer

## The full random playouts: 200 seeded games per player count for every game, and for every tile set of Spots
## (`make test` plays fewer), then the checks marked slow: bots' win rates over 100 games, and the sweeps over every
## decision and event of their seeded games (`make test` checks a sample of each game's: docs/development.md).
soak: install
	DOGPARK_PLAYOUTS=200 $(PY) -m pytest -q tests/unit -k playout
	$(PY) -m pytest -q -m slow

## Schemathesis against a private stack, with a seated game of every type (FUZZ_SECONDS per game, default 60).
fuzz: install
	$(PY) -m pip install --quiet -e '.[test,fuzz]'
	$(PY) -m tests.fuzz.run --seconds $(or $(FUZZ_SECONDS),60)

## Fault scenarios against private stacks (command storms with retries, Redis killed, stopped and frozen, workers
## and a gunicorn worker killed, 500 open streams, a Redis Cluster master killed mid-storm; and `defaults`: `dogpark
## run` with every setting at its default, three streams and the game's page in chromium held idle 70 s, past every
## default timeout, then its Redis killed and frozen 70 s; it needs `make browser`), each printing its figures (see
## docs/reliability.md). `make test` runs the fast versions (defaults has none); FAULTS=storm,streams picks some.
faults: install
	$(PY) -m tests.faults.run $(if $(FAULTS),--only $(FAULTS))

## Bot win rates over 200 seeded games.
rates: install
	$(VENV)/bin/dogpark rates felix --players 4 --lineup greedy,random,random,random

## Remove what a build and the tests leave behind. Never the data of `make run`: see clean-data.
clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build domain/spots/*.so $(SPOTS_MANIFEST)

## Delete the data of `make run` (its private Redis and append-only file under var/): every game is lost.
clean-data:
	rm -rf var
