#!/usr/bin/env bash
# make test: every check in one command (docs/development.md), then the wall time.
#   1. the migrations, replayed on an empty SQLite database (and, in leg 3, on an empty
#      PostgreSQL one): the suite's test databases are built from the models directly;
#   2. the database-free tests, once, and those that fork (tests/legs.py), in one process,
#      with the check of the collected test ids;
#   3. the database tests on SQLite, then on a throwaway PostgreSQL (scripts/with-postgres.sh),
#      on every core (pytest-xdist), each leg printing its 15 slowest tests.
set -euo pipefail
cd "$(dirname "$0")/.."
py=.venv/bin/python
workers=${TEST_WORKERS:-$(nproc)}
start=$SECONDS
scratch=$(mktemp -d /tmp/torneo-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
lap() { echo "   ($1: $((SECONDS - $2)) s)"; }

echo "== migrations on an empty SQLite database =="
t=$SECONDS
DJANGO_SQLITE_PATH=$scratch/migrate.sqlite3 $py manage.py migrate --noinput -v0
lap migrations "$t"

echo "== pytest: the database-free tests (once) and those that fork, the collected test ids =="
t=$SECONDS
TORNEO_TEST_LEG=serial DJANGO_SQLITE_PATH=$scratch/unused.sqlite3 \
  $py -m pytest -q --check-test-ids --durations=15
lap "single-process tests" "$t"

echo "== pytest on SQLite =="
t=$SECONDS
TORNEO_TEST_LEG=sqlite DJANGO_SQLITE_PATH=$scratch/unused.sqlite3 \
  $py -m pytest -q -n "$workers" --dist worksteal --durations=15
lap SQLite "$t"

echo "== migrations on an empty PostgreSQL database, then pytest on PostgreSQL =="
t=$SECONDS
scripts/with-postgres.sh bash -c "
  set -e
  $py manage.py migrate --noinput -v0
  TORNEO_TEST_LEG=postgres $py -m pytest -q -n $workers --dist worksteal --durations=15
"
lap PostgreSQL "$t"

echo "make test: every check passed in $((SECONDS - start)) s"
