# The README's two commands: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
PY := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench simulate lint check venv sysdeps-run sysdeps-test messages demo clean-db

venv:
	@scripts/bootstrap.sh

sysdeps-run:
	@scripts/system-packages.sh run

sysdeps-test:
	@scripts/system-packages.sh test

## make run: install what is missing, migrate SQLite, load the demo, serve on 127.0.0.1:8000
run: sysdeps-run venv
	@$(PY) manage.py migrate --noinput -v0
	@$(PY) manage.py seed_demo
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

## make lint: what the style demands (ruff, format, the layers' import contracts,
## mypy, migrations in sync)
lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	.venv/bin/lint-imports
	$(PY) -m mypy
	$(PY) manage.py makemigrations --check --dry-run -v1

## make test: lint, then the whole suite on SQLite and on a throwaway PostgreSQL
test: sysdeps-test venv lint
	@echo "== pytest on SQLite =="
	DJANGO_SQLITE_PATH=/tmp/torneo-test-unused.sqlite3 $(PY) -m pytest -q
	@echo "== pytest on PostgreSQL =="
	scripts/with-postgres.sh $(PY) -m pytest -q

## make bench: print BENCH <name> <value> <unit> lines
bench: sysdeps-test venv
	scripts/with-postgres.sh $(PY) -m bench.run

## make simulate: a national event on loopback behind nginx (1,000 pairs, 20 referees at a
## human pace, 2,000 phones, a worker killed mid-save, PostgreSQL restarted); BENCH event.*
## lines and a "# goal" line per goal; < 10 minutes. SIMULATE_ARGS="--pace full": full speed
simulate: sysdeps-test venv
	scripts/with-postgres.sh $(PY) -m simulate $(SIMULATE_ARGS)

messages: venv
	$(PY) manage.py makemessages -l it -l en --ignore=.venv --ignore=staticfiles
	$(PY) manage.py compilemessages --ignore=.venv

clean-db:
	rm -f db.sqlite3 db.sqlite3-wal db.sqlite3-shm
