# The README's two commands: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
PY := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-ids bench simulate lint check hooks venv sysdeps-run sysdeps-test messages demo clean-db

venv:
	@scripts/bootstrap.sh

sysdeps-run:
	@scripts/system-packages.sh run

sysdeps-test:
	@scripts/system-packages.sh test

## make run: install what is missing, migrate SQLite, load the demo, serve on 127.0.0.1:8000
## in local mode (DEBUG off, plain http; docs/security.md). DEMO=0: no demo data;
## HOST=0.0.0.0: reachable from the hall's LAN too.
DEMO ?= 1
run: export DJANGO_LOCAL ?= 1
run: sysdeps-run venv
	@$(PY) manage.py migrate --noinput -v0
	@if [ "$(DEMO)" != 0 ]; then $(PY) manage.py seed_demo; fi
	@echo ""
	@echo "  Sito / site:        http://$(HOST):$(PORT)/"
	@echo "  Amministrazione:    http://$(HOST):$(PORT)/admin/"
	@echo "  Accesso / login:    http://$(HOST):$(PORT)/login/"
	@echo "  Worker (standings, published pages, PDFs): manage.py worker, beside the server"
	@echo "  (restarted by core/supervisor.py whenever it exits)"
	@echo ""
	@$(PY) -m core.supervisor -- $(PY) manage.py worker & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	  $(PY) manage.py runserver $(HOST):$(PORT)

## make lint: what the style demands (ruff, format, mypy, import contracts, migrations in
## sync, no file of the apps over 400 lines nor function over 60: scripts/sizes.py)
lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	.venv/bin/lint-imports --no-cache
	$(PY) manage.py makemigrations --check --dry-run -v1
	$(PY) scripts/sizes.py

## make test: every check: lint, the migrations on empty databases, the database-free
## tests once, the database tests on SQLite and on a throwaway PostgreSQL, every core
## (scripts/test.sh, docs/development.md)
test: sysdeps-test venv
	@scripts/test.sh

## make test-ids: write tests/test_ids.txt again after adding, renaming or removing tests
test-ids: venv
	$(PY) -m pytest --collect-only -q --write-test-ids >/dev/null

## make check: the developer's quick loop (< 2 minutes): lint, the database-free tests and
## the tests of the apps changed since main, on SQLite (no browser, no URL walker)
check: venv lint
	@scripts/check.sh

## make hooks: install the pre-commit hooks (.pre-commit-config.yaml, the project's tools)
hooks: venv
	$(PY) -m pre_commit install

## make bench: print BENCH <name> <value> <unit> lines
bench: sysdeps-test venv
	scripts/with-postgres.sh $(PY) -m bench.run

## make simulate: a national event on loopback behind nginx (1,000 pairs, 20 referees at a
## human pace, 2,000 phones, a worker killed mid-save, PostgreSQL restarted); BENCH event.*
## lines and a "# goal" line per goal; < 10 minutes. SIMULATE_ARGS="--pace full": full speed;
## SIMULATE_ARGS="--entry players": the players' phones enter and confirm (2 rounds, ~18 minutes)
simulate: sysdeps-test venv
	scripts/with-postgres.sh $(PY) -m simulate $(SIMULATE_ARGS)

messages: venv
	$(PY) manage.py makemessages -l it -l en --ignore=.venv --ignore=staticfiles
	$(PY) manage.py compilemessages --ignore=.venv

clean-db:
	rm -f db.sqlite3 db.sqlite3-wal db.sqlite3-shm
