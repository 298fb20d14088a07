# dogpark: `make run` starts the whole stack, `make test` runs every test. Both set themselves up.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum setup.cfg | cut -d' ' -f1)

.PHONY: install run test lint unit integration e2e spec bench soak fuzz faults rates clean clean-data

# The project, then the Python bot kit (client/), a package of its own that the CLI, the arena and the tests use.
$(STAMP): setup.cfg client/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m pip install --quiet -e ./client
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

## The whole stack: a private Redis (unless REDIS_URL is set), the API on DOGPARK_BIND (127.0.0.1:8000), two
## workers, the sweeper. Ctrl-C stops it all.
run: install
	$(VENV)/bin/dogpark run

## Lint, then every test (unit, integration on a real Redis and a local Redis Cluster, end to end through HTTP and
## real workers). Three pytest processes on two cores: the end-to-end files mostly wait on their stacks (4 min 38 s
## against 6 min with two, on a quiet 2-core machine).
test: install lint
	$(PY) -m pytest -q -n 3 --dist loadfile

lint: install
	$(PY) -m ruff check .

unit: install
	$(PY) -m pytest -q tests/unit

integration: install
	$(PY) -m pytest -q tests/integration

e2e: install
	$(PY) -m pytest -q tests/e2e

## Regenerate api_spec/openapi.yaml from the app (a test checks the two are identical).
spec: install
	$(PY) -m api_spec.write

## Throughput and latency figures (see docs/benchmarks.md).
bench: install
	$(PY) -m tests.bench.run

## The full random playouts: 200 seeded games per player count for every game, and for every tile set of Spots
## (`make test` plays fewer).
soak: install
	DOGPARK_PLAYOUTS=200 $(PY) -m pytest -q tests/unit -k playout

## Schemathesis against a private stack, with a seated game of every type (FUZZ_SECONDS per game, default 60).
fuzz: install
	$(PY) -m pip install --quiet -e '.[test,fuzz]'
	$(PY) -m tests.fuzz.run --seconds $(or $(FUZZ_SECONDS),60)

## Fault scenarios against private stacks (command storms with retries, Redis killed, stopped and frozen, workers
## and a gunicorn worker killed, 500 open streams, a Redis Cluster master killed mid-storm), each printing its
## figures (see docs/reliability.md).
## `make test` runs the fast versions; FAULTS=storm,streams picks some.
faults: install
	$(PY) -m tests.faults.run $(if $(FAULTS),--only $(FAULTS))

## Bot win rates over 200 seeded games.
rates: install
	$(VENV)/bin/dogpark rates felix --players 4 --lineup greedy,random,random,random

## Remove what a build and the tests leave behind. Never the data of `make run`: see clean-data.
clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache

## Delete the data of `make run` (its private Redis and append-only file under var/): every game is lost.
clean-data:
	rm -rf var
