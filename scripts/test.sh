#!/usr/bin/env bash
# make test: every check in one command (docs/development.md), then the wall time.
# Under a throwaway PostgreSQL (scripts/with-postgres.sh), on every core:
#   1. lint (make lint), then the migrations replayed on an empty SQLite and an empty
#      PostgreSQL database (the suite's test databases are built from the models
#      directly);
#   2. beside everything, at a lower priority, the single-process leg: the
#      database-free tests, once, and those that fork (tests/legs.py), with the check
#      of the collected test ids;
#   3. after lint, the database tests on SQLite, then on PostgreSQL (pytest-xdist), each
#      leg printing its 15 slowest tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# Compiled modules (and pytest's rewritten tests) are written and reused by every
# process of the run (the legs, their workers, the commands the tests start): a
# machine that sets PYTHONDONTWRITEBYTECODE would compile them all again in each.
unset PYTHONDONTWRITEBYTECODE
if [ -z "${DATABASE_URL:-}" ]; then
  exec scripts/with-postgres.sh "$0" "$@"
fi
py=.venv/bin/python
workers=${TEST_WORKERS:-$(nproc)}
start=$SECONDS
scratch=$(mktemp -d /tmp/torneo-test.XXXXXX)
# On a failure or an interrupt, what still runs in the background stops too.
stop_jobs() {
  for job in $(jobs -p); do
    pkill -TERM -P "$job" 2>/dev/null || true
    kill "$job" 2>/dev/null || true
  done
}
trap 'stop_jobs; rm -rf "$scratch"' EXIT
lap() { echo "   ($1: $((SECONDS - $2)) s)"; }
sqlite() { env -u DATABASE_URL DJANGO_SQLITE_PATH="$scratch/$1.sqlite3" "${@:2}"; }

echo "== lint, and the migrations on empty SQLite and PostgreSQL databases (beside the tests) =="
(
  make -s lint
  sqlite migrate $py manage.py migrate --noinput -v0
  $py manage.py migrate --noinput -v0
) > "$scratch/lint.log" 2>&1 &
lint=$!

# The single-process leg runs beside the others, at a lower priority: it takes the
# cores the xdist legs leave idle (while a browser test waits for its page, while one
# worker finishes a leg's last test) instead of a minute of its own.
echo "== pytest: the database-free tests (once) and those that fork, the collected test ids (beside the others) =="
(
  t=$SECONDS
  TORNEO_TEST_LEG=serial sqlite serial nice -n 10 $py -m pytest -q --check-test-ids --durations=15
  lap "single-process tests" "$t"
) > "$scratch/serial.log" 2>&1 &
serial=$!

if wait "$lint"; then
  echo "   (lint and migrations: passed in $((SECONDS - start)) s)"
else
  cat "$scratch/lint.log"
  echo "make test: lint or the migrations on an empty database failed" >&2
  exit 1
fi

echo "== pytest on SQLite =="
t=$SECONDS
TORNEO_TEST_LEG=sqlite sqlite unused $py -m pytest -q -n "$workers" --dist worksteal --durations=15
lap SQLite "$t"

echo "== pytest on PostgreSQL =="
t=$SECONDS
TORNEO_TEST_LEG=postgres $py -m pytest -q -n "$workers" --dist worksteal --durations=15
lap PostgreSQL "$t"

echo "== the single-process leg =="
status=0
wait "$serial" || status=$?
cat "$scratch/serial.log"
if [ "$status" -ne 0 ]; then
  echo "make test: the single-process leg failed" >&2
  exit "$status"
fi

echo "make test: every check passed in $((SECONDS - start)) s"
